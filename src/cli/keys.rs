//! `ctxlake keys`: bearer keys for `ctxlake serve`. `create` prints a key once; the store
//! (`~/.ctxlake/keys.sqlite` by default) keeps only HMAC-SHA256(pepper, secret). The pepper
//! comes from CTXLAKE_KEY_PEPPER or a mode-0600 file (`~/.ctxlake/pepper`, created on first
//! use), never from the store.

use anyhow::Context as _;
use ctxlake::keys::{KeyStore, NewKey, Pepper, StateUrl, Subject};
use ctxlake::local::paths::FleetId;
use std::path::PathBuf;
use std::process::ExitCode;

/// Where the key store's secret comes from (shared with `ctxlake serve`).
#[derive(clap::Args, Debug, Clone)]
pub struct KeyPaths {
    /// The pepper file (mode 0600), created with a random pepper when absent.
    #[arg(long, value_name = "PATH")]
    pepper_file: Option<PathBuf>,
    /// The pepper itself; takes precedence over --pepper-file.
    #[arg(long = "pepper-env", env = "CTXLAKE_KEY_PEPPER", hide_env_values = true, hide = true)]
    pepper: Option<String>,
}

#[derive(clap::Args)]
pub struct Args {
    /// The key store (default ~/.ctxlake/keys.sqlite).
    #[arg(long, value_name = "PATH", env = "CTXLAKE_KEYS", global = true)]
    db: Option<PathBuf>,
    /// The state store the keys live in, shared by every `ctxlake serve --state` host:
    /// sqlite:PATH or postgres://USER@HOST/DATABASE (not with --db). Prefer CTXLAKE_STATE for a
    /// URL with a password: a command line is visible to other users of the machine.
    /// (Read as text and parsed here: clap would echo a refused value, password and all.)
    #[arg(long, value_name = "URL", env = "CTXLAKE_STATE", global = true, hide_env_values = true)]
    state: Option<String>,
    #[command(flatten)]
    paths: KeyPaths,
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Create a key and print it, once: kb_live_<prefix>_<secret>.
    Create {
        #[arg(long)]
        name: String,
        /// Tool calls per UTC day, as N or N/day; default unlimited.
        #[arg(long, value_parser = parse_quota)]
        quota: Option<u32>,
        /// Of those, calls of tools that write (memory_propose, fleet_claim, submit_feedback…),
        /// as N or N/day; default a quarter of --quota (none without one).
        #[arg(long, value_parser = parse_quota)]
        write_quota: Option<u32>,
        /// Fleets whose fleet and memory tools the key may use (comma-separated); none: the
        /// knowledge tools only.
        #[arg(long, value_delimiter = ',')]
        fleets: Vec<String>,
        /// Restrict the key to these tool groups or tools (comma-separated: fleet, memory,
        /// knowledge, or a tool's name); stored expanded to tool names.
        #[arg(long, value_delimiter = ',')]
        tools: Option<Vec<String>>,
        /// Restrict the key to these projects (comma-separated repositories: an id such as
        /// github.com/org/repo or a remote URL, stored as ids); default every project of its fleets.
        #[arg(long, value_delimiter = ',')]
        projects: Option<Vec<String>>,
        /// An owner key: it also signs in to the console (`ctxlake serve --console`) of its
        /// fleets, where claims are approved, retired and retracted; give it --fleets.
        /// An owner decides for its whole fleets, so it takes no --projects or --tools.
        #[arg(long, requires = "fleets", conflicts_with_all = ["projects", "tools"])]
        owner: bool,
    },
    /// List the keys (never their secrets) with today's usage.
    List,
    /// Revoke a key, by name or prefix; effective on the server's next request.
    Revoke { name: String },
    /// Copy every key (its hash, scopes, quota, revocation) and usage counter into another state
    /// store, e.g. from SQLite to the PostgreSQL database a fleet of hosts will share. The
    /// destination must take this store's pepper; a key it has already is left as it is, and
    /// running it again copies nothing more.
    Migrate {
        /// The store to copy from (default: the one --state or --db names).
        #[arg(long, value_name = "URL")]
        from: Option<String>,
        /// The store to copy into.
        #[arg(long, value_name = "URL")]
        to: String,
    },
    /// Show a key's quota and today's usage, or change the quota.
    Quota {
        name: String,
        /// The new quota, as N or N/day.
        #[arg(long, value_parser = parse_quota, conflicts_with = "unlimited")]
        set: Option<u32>,
        /// Lift the quota.
        #[arg(long)]
        unlimited: bool,
        /// The new budget of calls of tools that write, as N or N/day.
        #[arg(long, value_parser = parse_quota, conflicts_with = "default_writes")]
        writes: Option<u32>,
        /// Return the write budget to its default (a quarter of the quota).
        #[arg(long)]
        default_writes: bool,
    },
}

fn parse_quota(text: &str) -> Result<u32, String> {
    let number = text.strip_suffix("/day").unwrap_or(text);
    number.trim().parse::<u32>().map_err(|_| format!("quota '{text}' is not N or N/day"))
}

fn home() -> PathBuf {
    std::env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from(".")).join(".ctxlake")
}

/// The state store `state` names, else the SQLite file `db` (default `~/.ctxlake/keys.sqlite`).
/// Both named is refused (`CTXLAKE_KEYS` and `CTXLAKE_STATE` set together, say): which one the
/// keys should go to is the operator's to say.
pub fn state_of(state: Option<&str>, db: Option<PathBuf>) -> anyhow::Result<StateUrl> {
    match (state, db) {
        (Some(_), Some(_)) => Err(anyhow::Error::new(super::ConfigError(
            "--state and --db (or --keys PATH, CTXLAKE_KEYS) name two key stores: give one (--state sqlite:PATH \
             names a file too)"
                .into(),
        ))),
        (Some(text), None) => parse_state(text),
        (None, db) => Ok(StateUrl::Sqlite(db.unwrap_or_else(|| home().join("keys.sqlite")))),
    }
}

/// A `--state` URL, or a configuration error that never repeats it (it may hold a password).
pub fn parse_state(text: &str) -> anyhow::Result<StateUrl> {
    text.parse().map_err(|e: String| anyhow::Error::new(super::ConfigError(format!("--state: {e}"))))
}

/// Opens the key store in `state` with the pepper of `paths`.
pub fn open_store(state: &StateUrl, paths: &KeyPaths) -> anyhow::Result<KeyStore> {
    let pepper = match &paths.pepper {
        Some(value) => Pepper::from_value(value).context("CTXLAKE_KEY_PEPPER")?,
        None => Pepper::read_or_create(&paths.pepper_file.clone().unwrap_or_else(|| home().join("pepper")))?,
    };
    let shown = match state {
        StateUrl::Sqlite(path) => path.display().to_string(),
        StateUrl::Postgres(_) => "in PostgreSQL".to_string(),
    };
    KeyStore::open_state(state, pepper).with_context(|| format!("opening the key store {shown}"))
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let state = state_of(args.state.as_deref(), args.db)?;
    if let Command::Migrate { from, to } = &args.command {
        // Only the two stores named are opened (with --from, the default one is not).
        let from = match from {
            Some(other) => parse_state(other)?,
            None => state,
        };
        return migrate(&from, &parse_state(to)?, &args.paths);
    }
    let store = open_store(&state, &args.paths)?;
    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    match args.command {
        Command::Create { name, quota, write_quota, fleets, tools, projects, owner } => {
            for fleet in &fleets {
                FleetId::new(fleet.clone()).map_err(|e| anyhow::anyhow!("invalid fleet '{fleet}': {e}"))?;
            }
            let tools = match tools {
                Some(entries) => Some(
                    ctxlake::catalog::groups::select_each(entries.iter().map(String::as_str))
                        .map_err(|e| anyhow::anyhow!("--tools: {e}"))?
                        .into_iter()
                        .map(str::to_string)
                        .collect(),
                ),
                None => None,
            };
            let projects = match projects {
                Some(list) => Some(
                    list.iter()
                        .map(|p| {
                            ctxlake::local::project::from_remote(p)
                                .ok_or_else(|| anyhow::anyhow!("--projects: {p:?} names no repository"))
                        })
                        .collect::<anyhow::Result<Vec<String>>>()?,
                ),
                None => None,
            };
            let new = NewKey { name, quota, fleets, tools, projects, owner, write_quota };
            let (record, token) = store.create(&new)?;
            eprintln!("created key '{}' (prefix {}); it is shown once, store it now:", record.name, record.prefix);
            println!("{token}");
        }
        Command::List => {
            println!("prefix    name                 fleets               quota      used today  writes today  state");
            for key in store.list()? {
                let used = store.used(&Subject::Key(key.prefix.clone()), &today)?;
                let quota = key.quota.map_or("unlimited".to_string(), |q| format!("{q}/day"));
                let mut state = key.revoked_at.as_ref().map_or("active".to_string(), |at| format!("revoked {at}"));
                if key.owner {
                    state.push_str(", owner");
                }
                let fleets = if key.fleets.is_empty() { "-".to_string() } else { key.fleets.join(",") };
                let writes = writes_of(&key, used);
                println!(
                    "{:<9} {:<20} {:<20} {:<10} {:<11} {writes:<13} {state}",
                    key.prefix, key.name, fleets, quota, used.calls
                );
            }
        }
        Command::Revoke { name } => {
            if !store.revoke(&name)? {
                anyhow::bail!("no key named '{name}'");
            }
            eprintln!("revoked '{name}'");
        }
        // Taken above, before the default store is opened.
        Command::Migrate { .. } => {}
        Command::Quota { name, set, unlimited, writes, default_writes } => {
            if (set.is_some() || unlimited) && !store.set_quota(&name, set)? {
                anyhow::bail!("no key named '{name}'");
            }
            if (writes.is_some() || default_writes) && !store.set_write_quota(&name, writes)? {
                anyhow::bail!("no key named '{name}'");
            }
            let key = store.find(&name)?.with_context(|| format!("no key named '{name}'"))?;
            let used = store.used(&Subject::Key(key.prefix.clone()), &today)?;
            let quota = key.quota.map_or("unlimited".to_string(), |q| format!("{q}/day"));
            println!("{}: {quota}, {} tool calls today (UTC); writes {}", key.name, used.calls, writes_of(&key, used));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Today's calls of tools that write against the key's budget: `3/25`, `0/unlimited`.
fn writes_of(key: &ctxlake::keys::KeyRecord, used: ctxlake::keys::Tally) -> String {
    let budget = ctxlake::keys::write_budget(key.quota, key.write_quota);
    format!("{}/{}", used.writes, budget.map_or("unlimited".to_string(), |b| b.to_string()))
}

/// `keys migrate`: every key and counter of `from` into `to`, with this host's pepper.
fn migrate(from: &StateUrl, to: &StateUrl, paths: &KeyPaths) -> anyhow::Result<ExitCode> {
    let (from, into) = (open_store(from, paths)?, open_store(to, paths)?);
    let copied = from.copy_to(&into)?;
    eprintln!(
        "copied {} keys and {} usage counters from {} to {} ({} keys were there already, left as they are)",
        copied.keys,
        copied.counters,
        from.describe(),
        into.describe(),
        copied.present
    );
    Ok(ExitCode::SUCCESS)
}
