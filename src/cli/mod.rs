//! The subcommands, one module each. Each has its own clap `Args` and a `run` that returns the
//! exit status; `main` parses, sets up logging and dispatches here. The environment is read
//! once, here, into a `Ctx`; nothing below reads it again.

mod briefing;
mod conform;
mod mcp;
mod snapshot;
mod spool;

use anyhow::Context as _;
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
    /// (default "unknown"), CTXLAKE_SPOOL_DIR (default ~/.ctxlake/spool) and CTXLAKE_CACHE_DIR
    /// (default ~/.ctxlake/cache). Log level: CTXLAKE_LOG (default "warn").
    Mcp,
    /// Build or inspect a claim snapshot (snapshot.bin) by hand.
    #[command(subcommand)]
    Snapshot(snapshot::Args),
    /// Print the SessionStart briefing for this fleet from the local cache (same environment
    /// variables as `mcp`).
    Briefing(briefing::Args),
    /// Read a spool file back as the drain does: count its records, report torn or foreign lines.
    #[command(subcommand)]
    Spool(spool::Args),
    /// Hold an MCP server to the conformance suite (features/, compiled in). Exit status 0 when
    /// no MUST check fails outside the baseline, 1 when one does, 2 when the run could not start.
    Conform(conform::Args),
}

impl Cli {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        match self.command {
            Command::Mcp => mcp::run(environment()?),
            Command::Snapshot(args) => snapshot::run(args),
            Command::Briefing(args) => briefing::run(args, environment()?),
            Command::Spool(args) => spool::run(args),
            Command::Conform(args) => conform::run(args),
        }
    }
}

/// The context of the commands that act for this host's agent, from `CTXLAKE_*` variables.
fn environment() -> anyhow::Result<Ctx> {
    Ctx::from_lookup(|key| std::env::var(key).ok()).context("invalid ctxlake configuration")
}
