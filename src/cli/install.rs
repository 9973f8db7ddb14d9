//! `ctxlake install` and `ctxlake uninstall`: wire ctxlake into MCP clients' own configuration
//! files (library: `ctxlake::install`), and optionally `ctxlake sync` as a user service.

use super::ConfigError;
use anyhow::Context as _;
use ctxlake::config::Ctx;
use ctxlake::install::{self, Change, Client, InstallError, Places, Platform, Scope, Wiring};
use ctxlake::local::paths::FleetId;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The client to wire (repeatable): claude-code, cursor, claude-desktop, vscode, codex,
    /// gemini-cli, windsurf, cline, zed, opencode, goose, hermes.
    #[arg(long = "client", value_parser = parse_client, required_unless_present_any = ["all", "service", "git_hook", "agents_md", "write_agents_md"])]
    clients: Vec<Client>,
    /// Every client found on this machine (its configuration file or folder exists).
    #[arg(long, conflicts_with = "clients")]
    all: bool,
    /// The fleet the agent joins (default: CTXLAKE_FLEET_ID, else "default").
    #[arg(long)]
    fleet: Option<String>,
    /// The agent's id (default: CTXLAKE_AGENT_ID, else `<client>-<host>`).
    #[arg(long)]
    agent: Option<String>,
    /// `user` (every project) or `project` (files in the current directory, to commit).
    #[arg(long, value_parser = parse_scope, default_value = "user")]
    scope: Scope,
    /// Print what would change, as a diff, and write nothing.
    #[arg(long)]
    dry_run: bool,
    /// Also `ctxlake sync`, the fleet's service, as a user service (systemd on Linux, launchd
    /// on macOS): it serves the fleets of every entry install wrote.
    #[arg(long)]
    service: bool,
    /// The lake the service uses (written into the unit as CTXLAKE_LAKE; default ~/.ctxlake/lake).
    #[arg(long, value_name = "URL", requires = "service")]
    lake: Option<String>,
    /// The S3-compatible endpoint of that lake (written into the unit as CTXLAKE_LAKE_ENDPOINT).
    #[arg(long, value_name = "URL", requires = "service")]
    lake_endpoint: Option<String>,
    /// Also the pre-commit lease guard in the current repository's hooks: it warns when a
    /// staged file is leased by another agent (blocks with `git config ctxlake.leaseGuard
    /// block`); merged into an existing shell hook, taken out exactly by uninstall.
    #[arg(long)]
    git_hook: bool,
    /// Print the lines for a project's AGENTS.md or CLAUDE.md that tell agents when to call
    /// ctxlake's tools, to paste; nothing is written.
    #[arg(long)]
    agents_md: bool,
    /// Write those lines into this file (default ./AGENTS.md) as one marked block, replaced in
    /// place by a later run; `uninstall --write-agents-md` takes the block out.
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "AGENTS.md")]
    write_agents_md: Option<PathBuf>,
}

fn parse_client(name: &str) -> Result<Client, String> {
    Client::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Client::ALL.iter().map(|c| c.name()).collect();
        format!("unknown client {name:?}; one of {}", names.join(", "))
    })
}

fn parse_scope(name: &str) -> Result<Scope, String> {
    match name {
        "user" => Ok(Scope::User),
        "project" => Ok(Scope::Project),
        other => Err(format!("unknown scope {other:?}; user or project")),
    }
}

/// Where clients keep their files, from the environment (read once, here).
pub fn places() -> anyhow::Result<Places> {
    let home = dir_from_env("HOME")
        .ok_or_else(|| ConfigError("HOME is not set, so no client configuration can be found".into()))?;
    let config_home = dir_from_env("XDG_CONFIG_HOME").unwrap_or_else(|| home.join(".config"));
    let codex_home = dir_from_env("CODEX_HOME").unwrap_or_else(|| home.join(".codex"));
    let hermes_home = dir_from_env("HERMES_HOME").unwrap_or_else(|| home.join(".hermes"));
    // Goose keeps everything under GOOSE_PATH_ROOT when it is set, its configuration in `config`.
    let goose_config =
        dir_from_env("GOOSE_PATH_ROOT").map(|root| root.join("config")).unwrap_or_else(|| config_home.join("goose"));
    let project = std::env::current_dir().context("reading the current directory")?;
    let platform = if cfg!(target_os = "macos") { Platform::MacOs } else { Platform::Linux };
    Ok(Places { home, config_home, codex_home, hermes_home, goose_config, project, platform })
}

/// A folder an environment variable names; unset and empty are the same.
fn dir_from_env(name: &str) -> Option<PathBuf> {
    std::env::var_os(name).filter(|value| !value.is_empty()).map(PathBuf::from)
}

/// The fleets this host serves: those of the entries install wrote, and CTXLAKE_FLEET_ID's
/// unless it is only the default while install named others.
pub fn served_fleets(places: &Places, ctx: &Ctx) -> Vec<FleetId> {
    let installed: Vec<FleetId> =
        install::installed_fleets(places).into_iter().filter_map(|f| FleetId::new(f).ok()).collect();
    let mut fleets = installed.clone();
    if installed.is_empty() || ctx.fleet_id.as_str() != "default" {
        fleets.push(ctx.fleet_id.clone());
    }
    fleets.sort_by(|a, b| a.as_str().cmp(b.as_str()));
    fleets.dedup_by(|a, b| a.as_str() == b.as_str());
    fleets
}

pub fn run_install(args: Args, ctx: Ctx) -> anyhow::Result<ExitCode> {
    run(args, ctx, true)
}

pub fn run_uninstall(args: Args, ctx: Ctx) -> anyhow::Result<ExitCode> {
    run(args, ctx, false)
}

fn run(args: Args, ctx: Ctx, installing: bool) -> anyhow::Result<ExitCode> {
    if args.agents_md && installing {
        print!("{}", install::agents_md::SNIPPET);
    }
    if let Some(path) = &args.write_agents_md {
        agents_md_file(path, installing, args.dry_run)?;
    }
    let places = places()?;
    let binary = std::env::current_exe().context("finding this binary's path")?;
    let fleet = args.fleet.clone().unwrap_or_else(|| ctx.fleet_id.as_str().to_string());
    ctxlake::local::paths::FleetId::new(&fleet).map_err(|e| ConfigError(format!("--fleet: {e}")))?;
    let clients: Vec<Client> = match args.all {
        true => Client::ALL.into_iter().filter(|c| install::clients::found(*c, &places)).collect(),
        false => args.clients.clone(),
    };
    if args.all && clients.is_empty() {
        eprintln!("ctxlake: no MCP client found under {}", places.home.display());
    }
    let mut changes: Vec<Change> = vec![];
    for client in clients {
        let agent = match (&args.agent, ctx.agent_id.as_str()) {
            (Some(agent), _) => agent.clone(),
            (None, "unknown") => format!("{}-{}", client.name(), super::host_name()),
            (None, agent) => agent.to_string(),
        };
        let wiring = Wiring { binary: binary.clone(), fleet: fleet.clone(), agent };
        let planned = match installing {
            true => install::plan_install(client, args.scope, &places, &wiring),
            false => install::plan_uninstall(client, args.scope, &places, &wiring),
        };
        // `--all --scope project` wires the clients that have a project file and says which it
        // skipped; naming such a client with `--client` is refused (exit 78).
        let planned = match planned {
            Err(InstallError::Scope(refused)) if args.all => {
                eprintln!("ctxlake: {refused}; skipped");
                continue;
            }
            planned => planned.map_err(config_error)?,
        };
        changes.extend(planned);
    }
    let service = match args.service {
        true => {
            let mut fleets = install::installed_fleets(&places);
            fleets.push(fleet.clone());
            fleets.sort();
            fleets.dedup();
            let unit = Unit {
                binary: &binary,
                fleets: &fleets,
                lake: args.lake.as_deref(),
                endpoint: args.lake_endpoint.as_deref(),
            };
            Some(service_change(&places, &unit, installing)?)
        }
        false => None,
    };
    if args.git_hook {
        changes.push(hook_change(&places, &binary, installing)?);
    }
    for change in &changes {
        report(change.client.map_or("lease guard", Client::name), change, installing, args.dry_run);
    }
    if let Some(change) = &service {
        report("sync service", change, installing, args.dry_run);
    }
    if !args.dry_run {
        match installing {
            true => install::apply_install(&changes, &places, &fleet),
            false => install::apply_uninstall(&changes, &places),
        }
        .map_err(config_error)?;
        if installing && args.git_hook {
            make_executable(&changes)?;
        }
        if let Some(change) = service.filter(|c| !c.changes_nothing()) {
            // Recorded like a client's file, with its fleet: what doctor and a later
            // `install --service` read back.
            let changes = [change];
            match installing {
                true => install::apply_install(&changes, &places, &fleet),
                false => install::apply_uninstall(&changes, &places),
            }
            .map_err(config_error)?;
            if installing {
                service_hint(&changes[0].path);
            }
        }
    }
    if installing && !args.agents_md && args.write_agents_md.is_none() && !changes.is_empty() {
        eprintln!(
            "ctxlake: `ctxlake install --agents-md` prints lines for AGENTS.md / CLAUDE.md that tell agents when to call it"
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Puts ctxlake's block into `path` or takes it out, atomically; any other text is kept.
fn agents_md_file(path: &Path, installing: bool, dry_run: bool) -> anyhow::Result<()> {
    let before = match std::fs::read_to_string(path) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    let after = match (installing, &before) {
        (true, before) => Some(install::agents_md::with_block(before.as_deref())),
        (false, Some(text)) => install::agents_md::without_block(text),
        (false, None) => None,
    };
    let Some(after) = after.filter(|a| Some(a) != before.as_ref()) else {
        eprintln!("{}: unchanged", path.display());
        return Ok(());
    };
    let verb = if dry_run { "would be " } else { "" };
    let what = if installing { "ctxlake's block written" } else { "ctxlake's block removed" };
    eprintln!("{}: {verb}{what}", path.display());
    if !dry_run {
        let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let mut temp = tempfile::NamedTempFile::new_in(parent)?;
        std::io::Write::write_all(&mut temp, after.as_bytes())?;
        // A project's AGENTS.md keeps its mode; a new one gets a text file's, not a temp file's 0600.
        let mode = match std::fs::metadata(path) {
            Ok(meta) => meta.permissions(),
            Err(_) => std::os::unix::fs::PermissionsExt::from_mode(0o644),
        };
        std::fs::set_permissions(temp.path(), mode)?;
        temp.persist(path).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

/// A client file ctxlake cannot read or edit is the user's configuration to fix: exit 78.
fn config_error(error: InstallError) -> anyhow::Error {
    match error {
        InstallError::Io { .. } => anyhow::Error::new(error),
        other => anyhow::Error::new(ConfigError(other.to_string())),
    }
}

fn report(label: &str, change: &Change, installing: bool, dry_run: bool) {
    let what = match (change.changes_nothing(), installing, &change.after) {
        (true, true, _) => "already wired, unchanged",
        (true, false, _) => "nothing of ctxlake's, unchanged",
        (false, true, _) if change.before.is_none() => "created with ctxlake's entry",
        (false, true, _) => "ctxlake's entry added (the rest kept; a .bak beside it)",
        (false, false, None) => "removed (install had created it)",
        (false, false, Some(_)) => "ctxlake's entry removed",
    };
    let verb = if dry_run && !change.changes_nothing() { "would be " } else { "" };
    eprintln!("{label}: {}: {verb}{what}", change.path.display());
    if dry_run && !change.changes_nothing() {
        print!("{}", change.diff());
    }
}

// --- `--git-hook`: the pre-commit lease guard, one block in the repository's hook. ---

fn hook_change(places: &Places, binary: &Path, installing: bool) -> anyhow::Result<Change> {
    let out = std::process::Command::new("git")
        .args(["rev-parse", "--git-path", "hooks/pre-commit"])
        .output()
        .context("running git rev-parse (is git installed?)")?;
    if !out.status.success() {
        return Err(ConfigError("--git-hook: the current directory is not in a git repository".into()).into());
    }
    let path = std::path::absolute(String::from_utf8_lossy(&out.stdout).trim()).context("the hook's path")?;
    let before = match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    let shown = path.display().to_string();
    let refuse = |e: install::hook::HookError| ConfigError(format!("{shown}: {e}"));
    let after = match installing {
        true => {
            let command =
                format!("'{}' leases check --staged --hook", binary.display().to_string().replace('\'', "'\\''"));
            Some(install::hook::merge(before.as_deref(), &install::hook::block(&command)).map_err(refuse)?)
        }
        // Unchanged since install: exactly what was there before (nothing, if install made it).
        false => match &before {
            Some(text) => match install::recorded_before(places, &path, text) {
                Some(recorded) => recorded,
                None => install::hook::remove(text).map_err(refuse)?,
            },
            None => None,
        },
    };
    Ok(Change { client: None, path, before, after })
}

/// git runs a hook only when it is executable: the guard's hook is, whoever created it.
fn make_executable(changes: &[Change]) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt as _;
    for change in changes.iter().filter(|c| c.client.is_none() && c.after.is_some()) {
        let mut permissions = std::fs::metadata(&change.path)?.permissions();
        permissions.set_mode(permissions.mode() | 0o111);
        std::fs::set_permissions(&change.path, permissions)
            .with_context(|| format!("making {} executable", change.path.display()))?;
    }
    Ok(())
}

// --- `--service`: `ctxlake sync` as a user service. The unit file is ctxlake's own, whole. ---

fn service_path(places: &Places) -> PathBuf {
    match places.platform {
        Platform::Linux => places.config_home.join("systemd/user/ctxlake-sync.service"),
        Platform::MacOs => places.home.join("Library/LaunchAgents/dev.ctxlake.sync.plist"),
    }
}

/// What the service unit runs: this binary's `sync` for every installed fleet, on one lake.
struct Unit<'a> {
    binary: &'a Path,
    fleets: &'a [String],
    lake: Option<&'a str>,
    endpoint: Option<&'a str>,
}

impl Unit<'_> {
    /// The command line: `<binary> sync --fleet A --fleet B`.
    fn arguments(&self) -> Vec<String> {
        let mut args = vec![self.binary.display().to_string(), "sync".to_string()];
        for fleet in self.fleets {
            args.extend(["--fleet".to_string(), fleet.clone()]);
        }
        args
    }

    /// The environment: the first fleet as the default one, and the lake when given.
    fn environment(&self) -> Vec<(&'static str, &str)> {
        let mut env = vec![];
        if let Some(fleet) = self.fleets.first() {
            env.push(("CTXLAKE_FLEET_ID", fleet.as_str()));
        }
        env.extend(self.lake.map(|lake| ("CTXLAKE_LAKE", lake)));
        env.extend(self.endpoint.map(|endpoint| ("CTXLAKE_LAKE_ENDPOINT", endpoint)));
        env
    }
}

fn service_change(places: &Places, unit: &Unit, installing: bool) -> anyhow::Result<Change> {
    let path = service_path(places);
    let before = match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    // Fleet ids are single path segments and the lake a URL or path: no quoting is needed
    // beyond refusing a value with a newline or a double quote, which could break the file.
    let values = unit.arguments().into_iter().chain(unit.environment().into_iter().map(|(_, v)| v.to_string()));
    for value in values {
        if value.contains(['\n', '"', '<', '&']) {
            return Err(ConfigError(format!("{value:?} cannot be written into a service unit")).into());
        }
    }
    let after = installing.then(|| match places.platform {
        Platform::Linux => {
            let environment: String =
                unit.environment().iter().map(|(k, v)| format!("Environment={k}={v}\n")).collect();
            format!(
                "# Written by `ctxlake install --service`; removed by `ctxlake uninstall --service`.\n\
                 [Unit]\nDescription=ctxlake sync: drains, decides leases, folds and mirrors this host's fleets\n\n\
                 [Service]\n{environment}ExecStart={}\nRestart=on-failure\nRestartSec=10\n\n\
                 [Install]\nWantedBy=default.target\n",
                unit.arguments().join(" ")
            )
        }
        Platform::MacOs => {
            let arguments: String = unit.arguments().iter().map(|a| format!("<string>{a}</string>")).collect();
            let environment: String =
                unit.environment().iter().map(|(k, v)| format!("<key>{k}</key><string>{v}</string>")).collect();
            format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- Written by `ctxlake install --service`. -->\n\
                 <!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n\
                 <plist version=\"1.0\"><dict>\n<key>Label</key><string>dev.ctxlake.sync</string>\n\
                 <key>ProgramArguments</key><array>{arguments}</array>\n\
                 <key>EnvironmentVariables</key><dict>{environment}</dict>\n\
                 <key>RunAtLoad</key><true/>\n<key>KeepAlive</key><true/>\n</dict></plist>\n"
            )
        }
    });
    // Someone else's file at that path is never replaced, and uninstall removes only ours.
    if let (true, Some(text)) = (installing, &before)
        && !text.contains("ctxlake install --service")
    {
        return Err(ConfigError(format!(
            "{} exists and was not written by ctxlake; move it away first",
            path.display()
        ))
        .into());
    }
    let after = match (installing, &before) {
        (false, Some(text)) if !text.contains("ctxlake install --service") => before.clone(),
        _ => after,
    };
    Ok(Change { client: None, path, before, after })
}

fn service_hint(path: &Path) {
    let hint = match path.extension().and_then(|e| e.to_str()) {
        Some("plist") => format!("launchctl load {}", path.display()),
        _ => "systemctl --user daemon-reload && systemctl --user enable --now ctxlake-sync".to_string(),
    };
    eprintln!("ctxlake: the service is written; start it with: {hint}");
}
