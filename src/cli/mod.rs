//! The subcommands, one module each. Each has its own clap `Args` and a `run` that returns the
//! exit status; `main` parses, sets up logging and dispatches here. The environment is read
//! once, here, into a `Ctx`; nothing below reads it again.

mod briefing;
#[cfg(feature = "lake")]
mod claims;
mod conform;
mod context;
mod doctor;
mod fuzz;
mod install;
mod kb;
#[cfg(feature = "serve")]
mod keys;
#[cfg(feature = "lake")]
mod lake;
#[cfg(feature = "lake")]
mod lake_ops;
mod leases;
#[cfg(feature = "lake")]
mod maint;
mod mcp;
#[cfg(feature = "serve")]
mod serve;
mod snapshot;
mod spool;
#[cfg(feature = "lake")]
mod sync;
#[cfg(feature = "lake")]
mod watch;

use clap::{Parser, Subcommand};
use ctxlake::config::Ctx;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "ctxlake", version, about = "Shared, attributed, sanitized context for coding agents over MCP")]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve MCP over stdio (newline-delimited JSON-RPC on stdin/stdout; logs on stderr).
    ///
    /// Identity and roots come from CTXLAKE_FLEET_ID (default "default"), CTXLAKE_AGENT_ID
    /// (default "unknown"), CTXLAKE_SPOOL_DIR (default ~/.ctxlake/spool), CTXLAKE_CACHE_DIR
    /// (default ~/.ctxlake/cache) and CTXLAKE_KB (default ~/.ctxlake/kb.sqlite; the starter
    /// knowledge base is served until one is imported). CTXLAKE_TOOLS serves only some tool
    /// groups (comma-separated: fleet, memory, knowledge, or single tool names; default all).
    /// Log level: CTXLAKE_LOG (default "warn").
    Mcp(mcp::Args),
    /// Build or inspect a claim snapshot (snapshot.bin) by hand.
    #[command(subcommand)]
    Snapshot(snapshot::Args),
    /// Print the SessionStart briefing for this fleet from the local cache (same environment
    /// variables as `mcp`).
    Briefing(briefing::Args),
    /// Print a goal-shaped context pack's Markdown for one project (the `context` tool; same
    /// environment variables as `mcp`), e.g. `ctxlake context --goal "…" --project org/app`.
    Context(context::Args),
    /// The knowledge base the knowledge tools serve: import, list, show, review, approve,
    /// deprecate, export (CTXLAKE_KB or --kb, default ~/.ctxlake/kb.sqlite).
    Kb(kb::Args),
    /// Read a spool file back as the drain does: count its records, report torn or foreign lines.
    #[command(subcommand)]
    Spool(spool::Args),
    /// Hold an MCP server to the conformance suite (features/, compiled in). Exit status 0 when
    /// no MUST check fails outside the baseline, 1 when one does, 2 when the run could not start.
    Conform(conform::Args),
    /// Fuzz an MCP stdio server: generated frames judged by the conformance rules, findings
    /// shrunk to reproducers (--replay sends one again). Calls only tools annotated
    /// readOnlyHint: true, or named with --allow-tool. Exit status 1 when a rule is broken.
    Fuzz(fuzz::Args),
    /// The one service per host: drains this host's spools into the lake as agents write them,
    /// decides their lease requests at once, folds the lake when something new is in it (one
    /// host at a time), and mirrors the fleet's state back into the cache (--once for a single
    /// round). Exit status 78 for a configuration error.
    #[cfg(feature = "lake")]
    Sync(sync::Args),
    /// Fold the lake into leases, history, the roster and the claim snapshot, through the
    /// promotion gate, and publish them. Safe on many hosts at once.
    #[cfg(feature = "lake")]
    Maint(maint::Args),
    /// The fleet owner's view of its claims and decisions: list, show, approve (how a
    /// preference is promoted), retire, quarantine and unquarantine an agent.
    #[cfg(feature = "lake")]
    Claims(claims::Args),
    /// The lake in operation: `stats` (objects and bytes per fleet and kind, growth per day,
    /// what gc would free) and `gc [--dry-run]` (removes what no reader needs and no fold reads).
    #[cfg(feature = "lake")]
    Lake(lake_ops::Args),
    /// Serve MCP over Streamable HTTP at /mcp (every revision, the same core as `mcp`).
    /// Without --keys: loopback only, as this host's fleet and agent. With --keys: bearer
    /// keys, optional guests, quotas. Exit status 78 for a configuration error.
    #[cfg(feature = "serve")]
    Serve(serve::Args),
    /// Create, list, revoke and limit the bearer keys of `ctxlake serve`.
    #[cfg(feature = "serve")]
    Keys(keys::Args),
    /// Wire ctxlake into MCP clients (Claude Code with its SessionStart briefing, Cursor, Claude
    /// Desktop, VS Code, Codex, Gemini CLI, Windsurf, Cline, Zed, OpenCode, Goose, Hermes): only
    /// ctxlake's own entry changes, a .bak is kept, a second run changes nothing. Exit status 78
    /// when a client's file is invalid (nothing is written).
    Install(install::Args),
    /// Take out exactly what `install` added: a file nobody changed since gets its old bytes back.
    Uninstall(install::Args),
    /// Leases as this host's cache sees them: `ctxlake leases check [--staged] PATH…` exits 1
    /// naming the holder and expiry when another agent holds one of the paths (the pre-commit
    /// guard `ctxlake install --git-hook` writes calls it).
    Leases(leases::Args),
    /// Check this machine's ctxlake: binary, client wiring, fleet, spool and cache, lake, last
    /// sync and maint, snapshot, embedder. Exit status 0 only when every check passes.
    Doctor(doctor::Args),
}

impl Cli {
    /// The command line, parsed. `ctxlake mcp` with no other argument, the command an agent's
    /// client starts on its critical path, is recognised without clap: building clap's whole
    /// command tree (every subcommand's arguments and help) is about 0.5 ms of a 3 ms cold start
    /// (docs/performance.md, "Fast again"). Anything else, including `mcp --help`, goes to clap.
    pub fn from_args() -> Cli {
        let mut args = std::env::args_os().skip(1);
        match (args.next(), args.next()) {
            (Some(first), None) if first == "mcp" => Cli { command: Command::Mcp(mcp::Args::default()) },
            _ => Cli::parse(),
        }
    }

    pub fn run(self) -> anyhow::Result<ExitCode> {
        configure_embedder()?;
        match self.command {
            Command::Mcp(args) => mcp::run(args, environment()?),
            Command::Snapshot(args) => snapshot::run(args),
            Command::Briefing(args) => briefing::run(args, environment()?),
            Command::Context(args) => context::run(args, environment()?),
            Command::Spool(args) => spool::run(args),
            Command::Kb(args) => kb::run(args, environment()?),
            Command::Conform(args) => conform::run(args),
            Command::Fuzz(args) => fuzz::run(args),
            #[cfg(feature = "lake")]
            Command::Sync(args) => sync::run(args, environment()?),
            #[cfg(feature = "lake")]
            Command::Maint(args) => maint::run(args, environment()?),
            #[cfg(feature = "lake")]
            Command::Claims(args) => claims::run(args, environment()?),
            #[cfg(feature = "lake")]
            Command::Lake(args) => lake_ops::run(args, environment()?),
            #[cfg(feature = "serve")]
            Command::Serve(args) => serve::run(args, environment()?),
            #[cfg(feature = "serve")]
            Command::Keys(args) => keys::run(args),
            Command::Install(args) => install::run_install(args, environment()?),
            Command::Uninstall(args) => install::run_uninstall(args, environment()?),
            Command::Doctor(args) => doctor::run(args, environment()?),
            Command::Leases(args) => {
                let ctx = environment()?;
                let fleets = install::served_fleets(&install::places()?, &ctx);
                leases::run(args, ctx, fleets)
            }
        }
    }
}

/// A configuration problem (an invalid fleet id, lake URL or host id): `main` exits 78
/// (EX_CONFIG) for it, as the public system does; any other failure exits 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ConfigError(pub String);

/// The exit status for an error `run` returned.
pub fn exit_code(error: &anyhow::Error) -> ExitCode {
    match error.downcast_ref::<ConfigError>() {
        Some(_) => ExitCode::from(78),
        None => ExitCode::from(2),
    }
}

/// The context of the commands that act for this host's agent, from `CTXLAKE_*` variables.
fn environment() -> anyhow::Result<Ctx> {
    Ctx::from_lookup(|key| std::env::var(key).ok())
        .map_err(|e| anyhow::Error::new(ConfigError(format!("invalid ctxlake configuration: {e}"))))
}

/// Which model fills new vectors (`CTXLAKE_EMBEDDER`) and where the transformer's files are
/// (`CTXLAKE_TRANSFORMER_DIR`), read once for every command; an unknown embedder exits 78.
fn configure_embedder() -> anyhow::Result<()> {
    let settings = ctxlake::embed::Settings::from_lookup(|key| std::env::var(key).ok())
        .map_err(|e| anyhow::Error::new(ConfigError(format!("invalid ctxlake configuration: {e}"))))?;
    ctxlake::embed::configure(settings);
    Ok(())
}

/// The tools `CTXLAKE_TOOLS` (or `--tools`) selects, `None` for every tool; an unknown group is a
/// configuration error naming the valid ones.
fn tool_selection(selection: Option<&str>) -> anyhow::Result<Option<Vec<String>>> {
    let Some(selection) = selection else { return Ok(None) };
    let tools = ctxlake::catalog::groups::select(selection)
        .map_err(|e| anyhow::Error::new(ConfigError(format!("CTXLAKE_TOOLS / --tools: {e}"))))?;
    Ok(Some(tools.into_iter().map(str::to_string).collect()))
}

/// This machine's name from /etc/hostname ("localhost" when unreadable): the default host id
/// of `ctxlake sync` and the host a presence record names.
fn host_name() -> String {
    let name = std::fs::read_to_string("/etc/hostname").unwrap_or_default();
    let name = name.trim();
    if name.is_empty() { "localhost".to_string() } else { name.to_string() }
}
