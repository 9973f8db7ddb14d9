//! Where each MCP client keeps its configuration, in which format, and what ctxlake's entry in
//! it looks like. One table, so adding a client is adding a row.

use super::edit::{Edit, Format};
use serde_json::json;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Client {
    ClaudeCode,
    Cursor,
    ClaudeDesktop,
    Vscode,
    Codex,
    GeminiCli,
    Windsurf,
    Cline,
    Zed,
    OpenCode,
    Goose,
    Hermes,
}

impl Client {
    pub const ALL: [Client; 12] = [
        Client::ClaudeCode,
        Client::Cursor,
        Client::ClaudeDesktop,
        Client::Vscode,
        Client::Codex,
        Client::GeminiCli,
        Client::Windsurf,
        Client::Cline,
        Client::Zed,
        Client::OpenCode,
        Client::Goose,
        Client::Hermes,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Client::ClaudeCode => "claude-code",
            Client::Cursor => "cursor",
            Client::ClaudeDesktop => "claude-desktop",
            Client::Vscode => "vscode",
            Client::Codex => "codex",
            Client::GeminiCli => "gemini-cli",
            Client::Windsurf => "windsurf",
            Client::Cline => "cline",
            Client::Zed => "zed",
            Client::OpenCode => "opencode",
            Client::Goose => "goose",
            Client::Hermes => "hermes",
        }
    }

    pub fn from_name(name: &str) -> Option<Client> {
        Client::ALL.into_iter().find(|c| c.name() == name)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The user's own configuration (every project).
    User,
    /// The project in the current directory (a file meant to be committed).
    Project,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Platform {
    Linux,
    MacOs,
}

/// The folders the client paths are built from, read once at startup.
#[derive(Debug, Clone)]
pub struct Places {
    pub home: PathBuf,
    /// `XDG_CONFIG_HOME` (Linux), else `~/.config`.
    pub config_home: PathBuf,
    /// `CODEX_HOME`, else `~/.codex`.
    pub codex_home: PathBuf,
    /// `HERMES_HOME`, else `~/.hermes`.
    pub hermes_home: PathBuf,
    /// Goose's configuration folder: `$GOOSE_PATH_ROOT/config`, else `$XDG_CONFIG_HOME/goose`
    /// (`~/.config/goose`, on macOS too).
    pub goose_config: PathBuf,
    /// The project for `--scope project`: the current directory.
    pub project: PathBuf,
    pub platform: Platform,
}

impl Places {
    /// The folder under which desktop apps keep their settings.
    fn app_config(&self) -> PathBuf {
        match self.platform {
            Platform::Linux => self.config_home.clone(),
            Platform::MacOs => self.home.join("Library/Application Support"),
        }
    }

    /// Zed's settings folder: `$XDG_CONFIG_HOME/zed` on Linux; on macOS always `~/.config/zed`.
    fn zed(&self) -> PathBuf {
        match self.platform {
            Platform::Linux => self.config_home.join("zed"),
            Platform::MacOs => self.home.join(".config/zed"),
        }
    }

    /// Cline's settings folder: VS Code's storage of the extension `saoudrizwan.claude-dev`.
    fn cline(&self) -> PathBuf {
        self.app_config().join("Code/User/globalStorage/saoudrizwan.claude-dev")
    }
}

/// OpenCode's configuration file in `folder`: the one holding ctxlake's entry, else the first of
/// `opencode.jsonc`, `opencode.json` and (user scope) the older `config.json` that exists (the
/// order OpenCode writes in), else `opencode.json` (the name its documentation uses).
fn opencode_file(folder: &Path, names: &[&str]) -> PathBuf {
    let existing: Vec<PathBuf> = names.iter().map(|name| folder.join(name)).filter(|path| path.exists()).collect();
    // So uninstall and doctor find what install wrote even after another of the names appeared.
    let holds_entry = |path: &&PathBuf| std::fs::read_to_string(path).is_ok_and(|text| text.contains("\"ctxlake\""));
    existing.iter().find(holds_entry).or(existing.first()).cloned().unwrap_or_else(|| folder.join("opencode.json"))
}

/// How ctxlake is started: the absolute path of this binary and the identity it runs as.
#[derive(Debug, Clone)]
pub struct Wiring {
    pub binary: PathBuf,
    pub fleet: String,
    pub agent: String,
}

impl Wiring {
    fn env(&self) -> serde_json::Value {
        json!({ "CTXLAKE_FLEET_ID": self.fleet, "CTXLAKE_AGENT_ID": self.agent })
    }

    fn binary(&self) -> String {
        self.binary.display().to_string()
    }

    /// The SessionStart hook's shell command. Claude Code hooks have no env block, so the
    /// identity is set on the command line, every word single-quoted for the shell.
    fn briefing_command(&self) -> String {
        format!(
            "CTXLAKE_FLEET_ID={} CTXLAKE_AGENT_ID={} {}{BRIEFING}",
            shell_quote(&self.fleet),
            shell_quote(&self.agent),
            shell_quote(&self.binary())
        )
    }
}

/// How install recognises its own SessionStart hook among the user's.
const BRIEFING: &str = " briefing --format claude-code";

fn shell_quote(word: &str) -> String {
    format!("'{}'", word.replace('\'', r"'\''"))
}

/// One file ctxlake's wiring touches, and how.
#[derive(Debug, Clone)]
pub struct Target {
    pub client: Client,
    pub path: PathBuf,
    pub format: Format,
    pub edit: Edit,
}

#[derive(Debug, thiserror::Error, PartialEq)]
#[error("{} has no project configuration; use --scope user", client.name())]
pub struct NoProjectScope {
    pub client: Client,
}

/// Every file `client` reads ctxlake's wiring from, for `scope`.
pub fn targets(client: Client, scope: Scope, places: &Places, wiring: &Wiring) -> Result<Vec<Target>, NoProjectScope> {
    let (user, project) = (scope == Scope::User, &places.project);
    let stdio = |typed: bool| {
        let mut entry = json!({ "command": wiring.binary(), "args": ["mcp"], "env": wiring.env() });
        if typed {
            entry["type"] = json!("stdio");
        }
        entry
    };
    let member = |parents: &'static str, value| Edit::Member { parents: vec![parents], name: "ctxlake", value };
    let target = |path: PathBuf, format, edit| Target { client, path, format, edit };
    Ok(match client {
        Client::ClaudeCode => {
            let (servers, settings) = match user {
                true => (places.home.join(".claude.json"), places.home.join(".claude/settings.json")),
                false => (project.join(".mcp.json"), project.join(".claude/settings.json")),
            };
            let hook = json!({ "matcher": "", "hooks": [{ "type": "command", "command": wiring.briefing_command() }] });
            vec![
                target(servers, Format::Json, member("mcpServers", stdio(true))),
                target(
                    settings,
                    Format::Json,
                    Edit::Element { parents: vec!["hooks", "SessionStart"], marker: BRIEFING.into(), value: hook },
                ),
            ]
        }
        Client::Cursor => {
            let path = if user { places.home.join(".cursor/mcp.json") } else { project.join(".cursor/mcp.json") };
            vec![target(path, Format::Json, member("mcpServers", stdio(false)))]
        }
        Client::ClaudeDesktop if user => {
            let path = places.app_config().join("Claude/claude_desktop_config.json");
            vec![target(path, Format::Json, member("mcpServers", stdio(false)))]
        }
        Client::ClaudeDesktop => return Err(NoProjectScope { client }),
        Client::Vscode => {
            let path =
                if user { places.app_config().join("Code/User/mcp.json") } else { project.join(".vscode/mcp.json") };
            vec![target(path, Format::Jsonc, member("servers", stdio(true)))]
        }
        Client::Codex => {
            let path = if user { places.codex_home.join("config.toml") } else { project.join(".codex/config.toml") };
            vec![target(path, Format::Toml, member("mcp_servers", stdio(false)))]
        }
        // Gemini CLI strips comments from its settings before it parses them: JSON with comments.
        // Its SessionStart hooks take Claude Code's hook output (`hookSpecificOutput.
        // additionalContext`), so the same briefing runs there; its timeout is in milliseconds.
        Client::GeminiCli => {
            let path =
                if user { places.home.join(".gemini/settings.json") } else { project.join(".gemini/settings.json") };
            let hook = json!({ "matcher": "", "hooks": [{ "name": "ctxlake-briefing", "type": "command",
                "command": wiring.briefing_command(), "timeout": 30000 }] });
            vec![
                target(path.clone(), Format::Jsonc, member("mcpServers", stdio(false))),
                target(
                    path,
                    Format::Jsonc,
                    Edit::Element { parents: vec!["hooks", "SessionStart"], marker: BRIEFING.into(), value: hook },
                ),
            ]
        }
        Client::Windsurf if user => {
            let path = places.home.join(".codeium/windsurf/mcp_config.json");
            vec![target(path, Format::Json, member("mcpServers", stdio(false)))]
        }
        Client::Cline if user => {
            let path = places.cline().join("settings/cline_mcp_settings.json");
            vec![target(path, Format::Json, member("mcpServers", stdio(false)))]
        }
        Client::Windsurf | Client::Cline => return Err(NoProjectScope { client }),
        // Zed's settings are JSON with comments; a custom server is a `context_servers` entry,
        // `"source": "custom"` (required by Zed releases that tagged the entry, ignored by later).
        Client::Zed => {
            let path = if user { places.zed().join("settings.json") } else { project.join(".zed/settings.json") };
            let mut entry = stdio(false);
            entry["source"] = json!("custom");
            vec![target(path, Format::Jsonc, member("context_servers", entry))]
        }
        // OpenCode (`$XDG_CONFIG_HOME/opencode`, macOS too) reads JSON with comments; a local
        // server's command is one array, program first, and its environment is `environment`.
        Client::OpenCode => {
            let path = match user {
                true => opencode_file(
                    &places.config_home.join("opencode"),
                    &["opencode.jsonc", "opencode.json", "config.json"],
                ),
                false => opencode_file(project, &["opencode.jsonc", "opencode.json"]),
            };
            let entry = json!({ "type": "local", "command": [wiring.binary(), "mcp"], "environment": wiring.env(), "enabled": true });
            vec![target(path, Format::Jsonc, member("mcp", entry))]
        }
        // Goose reads `enabled` and `args` as required; `timeout` is in seconds.
        Client::Goose if user => {
            let entry = json!({ "enabled": true, "type": "stdio", "name": "ctxlake", "cmd": wiring.binary(),
                "args": ["mcp"], "envs": wiring.env(), "timeout": 300 });
            vec![target(places.goose_config.join("config.yaml"), Format::Yaml, member("extensions", entry))]
        }
        // Hermes starts a server with a filtered environment plus the entry's own `env`.
        Client::Hermes if user => {
            let entry = json!({ "command": wiring.binary(), "args": ["mcp"], "env": wiring.env() });
            vec![target(places.hermes_home.join("config.yaml"), Format::Yaml, member("mcp_servers", entry))]
        }
        Client::Goose | Client::Hermes => return Err(NoProjectScope { client }),
    })
}

/// The program an entry of `client` starts and the environment it gives it, read the way the
/// client reads them (what `doctor` checks); `None` for an entry that starts no server (a hook).
pub fn started(client: Client, entry: &serde_json::Value) -> Option<(&str, Option<&serde_json::Value>)> {
    match client {
        Client::OpenCode => Some((entry.get("command")?.get(0)?.as_str()?, entry.get("environment"))),
        Client::Goose => Some((entry.get("cmd")?.as_str()?, entry.get("envs"))),
        _ => Some((entry.get("command")?.as_str()?, entry.get("env"))),
    }
}

/// Whether `client` looks installed for this user: its configuration file or folder exists.
pub fn found(client: Client, places: &Places) -> bool {
    let exists = |path: &Path| path.exists();
    match client {
        Client::ClaudeCode => exists(&places.home.join(".claude.json")) || exists(&places.home.join(".claude")),
        Client::Cursor => exists(&places.home.join(".cursor")),
        Client::ClaudeDesktop => exists(&places.app_config().join("Claude")),
        Client::Vscode => exists(&places.app_config().join("Code")),
        Client::Codex => exists(&places.codex_home),
        Client::GeminiCli => exists(&places.home.join(".gemini")),
        Client::Windsurf => exists(&places.home.join(".codeium/windsurf")),
        Client::Cline => exists(&places.cline()),
        Client::Zed => exists(&places.zed()),
        Client::OpenCode => exists(&places.config_home.join("opencode")),
        Client::Goose => exists(&places.goose_config),
        Client::Hermes => exists(&places.hermes_home),
    }
}
