//! `ctxlake install`, `uninstall` and `doctor` as a user runs them, over a temporary HOME
//! holding realistic configurations of every client (other servers, comments, odd indentation).

use serde_json::Value;
use std::io::{BufRead as _, BufReader, Write as _};
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const CLAUDE_JSON: &str = "{\n  \"numStartups\": 41,\n  \"mcpServers\": {\n      \"github\":  { \"type\": \"stdio\", \"command\": \"github-mcp\", \"args\": [\"--ro\"] }\n  },\n  \"tipsHistory\": {\"x\": 1}\n}\n";
const CLAUDE_SETTINGS: &str = "{\n\t\"model\": \"opus\",\n\t\"hooks\": {\n\t\t\"SessionStart\": [\n\t\t\t{ \"matcher\": \"startup\", \"hooks\": [ { \"type\": \"command\", \"command\": \"echo hello\" } ] }\n\t\t]\n\t}\n}\n";
const CURSOR: &str = "{\"mcpServers\":{\"linear\":{\"command\":\"npx\",\"args\":[\"-y\",\"linear-mcp\"]}}}";
const DESKTOP: &str = "{\n    \"mcpServers\": {},\n    \"globalShortcut\": \"Ctrl+Space\"\n}\n";
const VSCODE: &str = "// VS Code MCP servers\n{\n  \"inputs\": [],\n  \"servers\": {\n    /* the Python one */\n    \"py\": { \"type\": \"stdio\", \"command\": \"python\", \"args\": [\"server.py\"], },\n  },\n}\n";
const CODEX: &str = "# Codex\nmodel = \"o4-mini\"  # fast\napproval_policy = \"on-request\"\n\n[mcp_servers.docs]\ncommand = \"docs-mcp\"\nargs = [\"--stdio\"]\n\n[profiles.deep]\nmodel = \"o3\"\n";

const OPENCODE: &str = "{\n  \"$schema\": \"https://opencode.ai/config.json\",\n  // mine\n  \"mcp\": { \"docs\": { \"type\": \"local\", \"command\": [\"docs-mcp\"] }, },\n}\n";
const GOOSE: &str = "# Goose\nGOOSE_PROVIDER: openai  # the provider\nextensions:\n  developer:\n    bundled: true\n    enabled: true\n    name: developer\n    type: builtin\n";
const HERMES: &str =
    "model:\n  default: hermes-4   # mine\nmcp_servers:\n  docs:\n    command: docs-mcp\n    args: [\"--stdio\"]\n";

struct Home {
    dir: tempfile::TempDir,
}

impl Home {
    /// A HOME where every client is installed and configured.
    fn with_every_client() -> Home {
        let home = Home { dir: tempfile::tempdir().unwrap() };
        for (file, text) in home.files() {
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, text).unwrap();
        }
        std::fs::set_permissions(home.path(".claude.json"), std::fs::Permissions::from_mode(0o600)).unwrap();
        home
    }

    fn path(&self, rest: &str) -> PathBuf {
        self.dir.path().join(rest)
    }

    fn files(&self) -> Vec<(PathBuf, &'static str)> {
        vec![
            (self.path(".claude.json"), CLAUDE_JSON),
            (self.path(".claude/settings.json"), CLAUDE_SETTINGS),
            (self.path(".cursor/mcp.json"), CURSOR),
            (self.path(".config/Claude/claude_desktop_config.json"), DESKTOP),
            (self.path(".config/Code/User/mcp.json"), VSCODE),
            (self.path(".codex/config.toml"), CODEX),
            (self.path(".config/opencode/opencode.json"), OPENCODE),
            (self.path(".config/goose/config.yaml"), GOOSE),
            (self.path(".hermes/config.yaml"), HERMES),
        ]
    }

    fn ctxlake(&self, args: &[&str]) -> std::process::Output {
        Command::new(env!("CARGO_BIN_EXE_ctxlake"))
            .args(args)
            .env_clear()
            .env("HOME", self.dir.path())
            .env("PATH", "/usr/bin:/bin")
            .current_dir(self.dir.path())
            .output()
            .unwrap()
    }

    fn read(&self, file: &Path) -> String {
        std::fs::read_to_string(file).unwrap()
    }
}

fn ok(output: &std::process::Output) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    assert!(output.status.success(), "status {:?}: {stderr}", output.status);
    stderr
}

#[test]
fn install_wires_every_client_and_uninstall_leaves_each_file_byte_for_byte_as_it_was() {
    let home = Home::with_every_client();
    ok(&home.ctxlake(&["install", "--all", "--fleet", "team", "--agent", "alice"]));
    for (file, before) in home.files() {
        let after = home.read(&file);
        assert_ne!(after, before, "{} was not wired", file.display());
        assert!(after.contains(env!("CARGO_BIN_EXE_ctxlake")), "{}: {after}", file.display());
        assert_eq!(
            home.read(&PathBuf::from(format!("{}.bak", file.display()))),
            before,
            "the .bak of {}",
            file.display()
        );
    }
    let claude: Value = serde_json::from_str(&home.read(&home.path(".claude.json"))).unwrap();
    assert_eq!(claude["mcpServers"]["github"]["args"][0], "--ro", "the user's server is kept");
    assert_eq!(claude["mcpServers"]["ctxlake"]["env"]["CTXLAKE_FLEET_ID"], "team");
    assert_eq!(claude["mcpServers"]["ctxlake"]["env"]["CTXLAKE_AGENT_ID"], "alice");
    let mode = std::fs::metadata(home.path(".claude.json")).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "the file keeps its permissions");
    let vscode = home.read(&home.path(".config/Code/User/mcp.json"));
    assert!(vscode.contains("/* the Python one */") && vscode.contains("// VS Code MCP servers"), "{vscode}");
    let codex = home.read(&home.path(".codex/config.toml"));
    assert!(codex.contains("model = \"o4-mini\"  # fast") && codex.contains("[mcp_servers.ctxlake.env]"), "{codex}");
    let goose = home.read(&home.path(".config/goose/config.yaml"));
    assert!(goose.contains("GOOSE_PROVIDER: openai  # the provider") && goose.contains("    cmd: \"/"), "{goose}");
    let hermes = home.read(&home.path(".hermes/config.yaml"));
    assert!(
        hermes.contains("default: hermes-4   # mine") && hermes.contains("CTXLAKE_AGENT_ID: \"alice\""),
        "{hermes}"
    );
    let settings: Value = serde_json::from_str(&home.read(&home.path(".claude/settings.json"))).unwrap();
    let hook = settings["hooks"]["SessionStart"][1]["hooks"][0]["command"].as_str().unwrap().to_string();
    assert!(hook.contains("CTXLAKE_FLEET_ID='team'") && hook.ends_with(" briefing --format claude-code"), "{hook}");

    // doctor reads each entry the way its client does: every wired client passes.
    let doctor = home.ctxlake(&["doctor", "--format", "json"]);
    let report: Value = serde_json::from_slice(&doctor.stdout).unwrap();
    let checks = report["checks"].as_array().unwrap();
    for client in ["claude-code", "cursor", "claude-desktop", "vscode", "codex", "opencode", "goose", "hermes"] {
        let name = format!("client {client}");
        let of_client: Vec<&Value> = checks.iter().filter(|c| c["name"] == name.as_str()).collect();
        assert!(!of_client.is_empty() && of_client.iter().all(|c| c["status"] == "pass"), "{name}: {of_client:?}");
    }

    let again = ok(&home.ctxlake(&["install", "--all", "--fleet", "team", "--agent", "alice"]));
    assert_eq!(again.matches("already wired, unchanged").count(), 9, "{again}");

    ok(&home.ctxlake(&["uninstall", "--all"]));
    for (file, before) in home.files() {
        assert_eq!(home.read(&file), before, "{} after uninstall", file.display());
    }
}

#[test]
fn uninstall_after_the_user_edited_the_file_removes_only_ctxlakes_entry() {
    let home = Home::with_every_client();
    ok(&home.ctxlake(&["install", "--client", "cursor", "--client", "codex"]));
    let cursor = home.path(".cursor/mcp.json");
    let edited = home.read(&cursor).replace("\"linear\"", "\"linear-2\"");
    std::fs::write(&cursor, &edited).unwrap();
    let codex = home.path(".codex/config.toml");
    std::fs::write(&codex, format!("{}\n[profiles.mine]\nmodel = \"x\"\n", home.read(&codex))).unwrap();
    ok(&home.ctxlake(&["uninstall", "--client", "cursor", "--client", "codex"]));
    let after: Value = serde_json::from_str(&home.read(&cursor)).unwrap();
    assert!(after["mcpServers"].get("ctxlake").is_none() && after["mcpServers"].get("linear-2").is_some(), "{after}");
    let codex_text = home.read(&codex);
    assert!(!codex_text.contains("ctxlake") && codex_text.contains("[profiles.mine]"), "{codex_text}");
}

/// Gemini CLI's settings hold two of ctxlake's entries (the server and the SessionStart hook):
/// after the user edits the file, uninstall takes both out of it and keeps the edit.
#[test]
fn uninstall_takes_both_of_ctxlakes_entries_out_of_an_edited_gemini_settings_file() {
    let home = Home::with_every_client();
    let settings = home.path(".gemini/settings.json");
    std::fs::create_dir_all(settings.parent().unwrap()).unwrap();
    let hooks = r#"{"hooks": {"SessionStart": [{"matcher": "startup", "hooks": [{"type": "command", "command": "echo hi"}]}]}}"#;
    std::fs::write(&settings, hooks).unwrap();
    ok(&home.ctxlake(&["install", "--client", "gemini-cli", "--fleet", "team", "--agent", "gem-01"]));
    let installed: Value = serde_json::from_str(&home.read(&settings)).unwrap();
    assert_eq!(installed["mcpServers"]["ctxlake"]["env"]["CTXLAKE_AGENT_ID"], "gem-01", "{installed}");
    let hook = installed["hooks"]["SessionStart"][1]["hooks"][0].clone();
    assert!(hook["command"].as_str().unwrap().ends_with(" briefing --format claude-code"), "{hook}");
    assert_eq!(hook["timeout"], 30000, "Gemini CLI's hook timeout is in milliseconds: {hook}");
    std::fs::write(&settings, home.read(&settings).replacen('{', "{\"theme\": \"GitHub\", ", 1)).unwrap();
    ok(&home.ctxlake(&["uninstall", "--client", "gemini-cli"]));
    let after: Value = serde_json::from_str(&home.read(&settings)).unwrap();
    assert_eq!(after["theme"], "GitHub", "the user's edit stays: {after}");
    assert_eq!(after["hooks"]["SessionStart"].as_array().map(Vec::len), Some(1), "only the user's hook: {after}");
    assert!(after["mcpServers"].get("ctxlake").is_none(), "{after}");
}

#[test]
fn an_invalid_client_file_is_never_overwritten_and_exits_78_naming_it() {
    let home = Home::with_every_client();
    let broken = "{\n  \"mcpServers\": {\n    \"a\": 1,,\n  }\n}\n";
    std::fs::write(home.path(".cursor/mcp.json"), broken).unwrap();
    let output = home.ctxlake(&["install", "--client", "cursor"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(78), "{stderr}");
    assert!(stderr.contains(".cursor/mcp.json") && stderr.contains("line 3"), "{stderr}");
    assert_eq!(home.read(&home.path(".cursor/mcp.json")), broken);
    assert!(!home.path(".cursor/mcp.json.bak").exists());
}

#[test]
fn a_dry_run_prints_the_diff_and_writes_nothing() {
    let home = Home::with_every_client();
    let output = home.ctxlake(&["install", "--client", "codex", "--dry-run"]);
    ok(&output);
    let diff = String::from_utf8_lossy(&output.stdout);
    assert!(diff.contains("+[mcp_servers.ctxlake]") && diff.starts_with("---"), "{diff}");
    assert_eq!(home.read(&home.path(".codex/config.toml")), CODEX);
    assert!(!home.path(".ctxlake/install-state.json").exists());
}

#[test]
fn project_scope_writes_the_projects_own_files_and_a_file_install_created_goes_on_uninstall() {
    let home = Home::with_every_client();
    ok(&home.ctxlake(&["install", "--client", "claude-code", "--client", "vscode", "--scope", "project"]));
    for file in [".mcp.json", ".claude/settings.json", ".vscode/mcp.json"] {
        assert!(home.read(&home.path(file)).contains("ctxlake"), "{file}");
    }
    let desktop = home.ctxlake(&["install", "--client", "claude-desktop", "--scope", "project"]);
    assert_eq!(desktop.status.code(), Some(78), "claude-desktop has no project scope");
    ok(&home.ctxlake(&["uninstall", "--client", "claude-code", "--client", "vscode", "--scope", "project"]));
    assert!(!home.path(".mcp.json").exists() && !home.path(".vscode/mcp.json").exists());
    // The user's own files were never touched.
    assert_eq!(home.read(&home.path(".claude.json")), CLAUDE_JSON);
}

#[test]
fn a_written_configuration_starts_a_server_that_completes_the_handshake() {
    let home = Home::with_every_client();
    ok(&home.ctxlake(&["install", "--client", "cursor", "--fleet", "team", "--agent", "bob"]));
    let config: Value = serde_json::from_str(&home.read(&home.path(".cursor/mcp.json"))).unwrap();
    let entry = &config["mcpServers"]["ctxlake"];
    let mut command = Command::new(entry["command"].as_str().unwrap());
    command.args(entry["args"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()));
    for (key, value) in entry["env"].as_object().unwrap() {
        command.env(key, value.as_str().unwrap());
    }
    let mut child = command
        .env("HOME", home.dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"cursor","version":"1"}}}"#;
    let call = r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"fleet_status","arguments":{}}}"#;
    writeln!(
        child.stdin.as_mut().unwrap(),
        "{init}\n{{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}}\n{call}"
    )
    .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
    assert_eq!(first["result"]["protocolVersion"], "2025-06-18", "{first}");
    let status: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
    assert_eq!(status["result"]["structuredContent"]["fleet_id"], "team", "{status}");
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn doctor_fails_on_a_client_whose_wiring_points_nowhere_and_says_the_fix() {
    let home = Home::with_every_client();
    ok(&home.ctxlake(&["install", "--client", "cursor", "--fleet", "team", "--agent", "bob"]));
    let output = home.ctxlake(&["doctor", "--format", "json"]);
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let check = |name: &str| report["checks"].as_array().unwrap().iter().find(|c| c["name"] == name).cloned().unwrap();
    assert_eq!(check("client cursor")["status"], "pass", "{report}");
    assert_eq!(check("client codex")["status"], "fail", "codex is present but not wired: {report}");
    assert!(check("client codex")["fix"].as_str().unwrap().contains("ctxlake install --client codex"));
    assert_eq!(report["ok"], false);
    assert_eq!(output.status.code(), Some(1));
    let cursor = home.path(".cursor/mcp.json");
    std::fs::write(&cursor, home.read(&cursor).replace(env!("CARGO_BIN_EXE_ctxlake"), "/nowhere/ctxlake")).unwrap();
    let report: Value = serde_json::from_slice(&home.ctxlake(&["doctor", "--format", "json"]).stdout).unwrap();
    let cursor_check = report["checks"].as_array().unwrap().iter().find(|c| c["name"] == "client cursor").unwrap();
    assert!(cursor_check["verdict"].as_str().unwrap().contains("/nowhere/ctxlake does not exist"), "{cursor_check}");
    assert!(!report.to_string().contains("CTXLAKE_FLEET_ID=team"), "no values of variables");
}

#[test]
fn the_sync_service_is_written_whole_and_removed_only_while_it_is_ours() {
    let home = Home::with_every_client();
    let unit = home.path(".config/systemd/user/ctxlake-sync.service");
    ok(&home.ctxlake(&["install", "--service", "--fleet", "team"]));
    let text = home.read(&unit);
    assert!(
        text.contains(&format!("ExecStart={} sync", env!("CARGO_BIN_EXE_ctxlake")))
            && text.contains("CTXLAKE_FLEET_ID=team"),
        "{text}"
    );
    ok(&home.ctxlake(&["uninstall", "--service"]));
    assert!(!unit.exists());
    std::fs::write(&unit, "[Service]\nExecStart=/usr/bin/other\n").unwrap();
    ok(&home.ctxlake(&["uninstall", "--service"]));
    assert_eq!(home.read(&unit), "[Service]\nExecStart=/usr/bin/other\n", "someone else's unit stays");
    assert_eq!(home.ctxlake(&["install", "--service"]).status.code(), Some(78), "and is never replaced");
    assert_eq!(home.read(&unit), "[Service]\nExecStart=/usr/bin/other\n");
}

#[test]
fn doctor_fails_on_a_pepper_others_can_read() {
    let home = Home::with_every_client();
    std::fs::create_dir_all(home.path(".ctxlake")).unwrap();
    std::fs::write(home.path(".ctxlake/keys.sqlite"), "").unwrap();
    std::fs::write(home.path(".ctxlake/pepper"), "p").unwrap();
    std::fs::set_permissions(home.path(".ctxlake/pepper"), std::fs::Permissions::from_mode(0o644)).unwrap();
    let report: Value = serde_json::from_slice(&home.ctxlake(&["doctor", "--format", "json"]).stdout).unwrap();
    let check = report["checks"].as_array().unwrap().iter().find(|c| c["name"] == "key store").unwrap().clone();
    assert_eq!(check["status"], "fail", "{check}");
    assert!(check["fix"].as_str().unwrap().starts_with("chmod 600"), "{check}");
}

#[test]
fn the_pre_commit_guard_warns_on_a_leased_file_blocks_when_configured_and_uninstall_restores_the_hook() {
    let home = tempfile::tempdir().unwrap();
    let repo = home.path().join("repo");
    std::fs::create_dir_all(&repo).unwrap();
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(&repo)
            .env_clear()
            .env("HOME", home.path())
            .env("PATH", "/usr/bin:/bin")
            .env("GIT_AUTHOR_NAME", "t")
            .env("GIT_AUTHOR_EMAIL", "t@example.com")
            .env("GIT_COMMITTER_NAME", "t")
            .env("GIT_COMMITTER_EMAIL", "t@example.com")
            .env("CTXLAKE_FLEET_ID", "team")
            .env("CTXLAKE_AGENT_ID", "agent-b")
            .output()
            .unwrap()
    };
    assert!(git(&["init", "-q"]).status.success());
    let hook = repo.join(".git/hooks/pre-commit");
    let users = "#!/bin/sh\necho the users own check >&2\n";
    std::fs::write(&hook, users).unwrap();
    std::fs::set_permissions(&hook, std::fs::Permissions::from_mode(0o755)).unwrap();
    let leases = home.path().join(".ctxlake/cache/team/leases.json");
    std::fs::create_dir_all(leases.parent().unwrap()).unwrap();
    std::fs::write(
        &leases,
        r#"{"leases": [{"resource": "src/**", "holder": "agent-a", "expires_at": "2099-01-01T00:00:00Z"}]}"#,
    )
    .unwrap();
    let ctxlake = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_ctxlake"))
            .args(args)
            .current_dir(&repo)
            .env_clear()
            .env("HOME", home.path())
            .env("PATH", "/usr/bin:/bin")
            .env("CTXLAKE_FLEET_ID", "team")
            .output()
            .unwrap()
    };
    ok(&ctxlake(&["install", "--git-hook"]));
    let installed = std::fs::read_to_string(&hook).unwrap();
    assert!(
        installed.starts_with("#!/bin/sh\n# >>> ctxlake lease guard") && installed.ends_with(&users[10..]),
        "{installed}"
    );
    ok(&ctxlake(&["install", "--git-hook"]));
    assert_eq!(std::fs::read_to_string(&hook).unwrap(), installed, "a second install changes nothing");

    std::fs::create_dir_all(repo.join("src")).unwrap();
    std::fs::write(repo.join("src/db.rs"), "fn main() {}\n").unwrap();
    assert!(git(&["add", "src/db.rs"]).status.success());
    let warned = git(&["commit", "-qm", "one"]);
    let said = String::from_utf8_lossy(&warned.stderr).to_string();
    assert!(warned.status.success(), "warns only: {said}");
    assert!(said.contains("src/db.rs is leased by agent-a until 2099-01-01T00:00:00Z"), "{said}");
    assert!(said.contains("the users own check"), "the user's hook still runs: {said}");

    assert!(git(&["config", "ctxlake.leaseGuard", "block"]).status.success());
    std::fs::write(repo.join("src/db.rs"), "fn main() { println!(); }\n").unwrap();
    assert!(git(&["add", "src/db.rs"]).status.success());
    let blocked = git(&["commit", "-qm", "two"]);
    assert!(!blocked.status.success(), "blocked: {}", String::from_utf8_lossy(&blocked.stderr));

    ok(&ctxlake(&["uninstall", "--git-hook"]));
    assert_eq!(std::fs::read_to_string(&hook).unwrap(), users, "uninstall is exact");
}
