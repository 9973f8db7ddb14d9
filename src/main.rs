//! The `ctxlake` command line: parses arguments, reads the environment once, runs a command.

use anyhow::Context as _;
use clap::{Parser, Subcommand};
use ctxlake::config::Ctx;
use ctxlake::rpc::Server;
use ctxlake::tools::Toolbox;

#[derive(Parser)]
#[command(name = "ctxlake", version, about = "Shared, attributed, sanitized context for coding agents over MCP")]
struct Cli {
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
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    init_logging();
    match run(cli) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e:#}");
            eprintln!("ctxlake: {e:#}");
            std::process::ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Mcp => {
            let ctx = Ctx::from_lookup(|key| std::env::var(key).ok()).context("invalid ctxlake configuration")?;
            tracing::info!(fleet = ctx.fleet_id.as_str(), agent = %ctx.agent_id, "serving MCP on stdio");
            let mut server = Server::new(Toolbox::new(ctx));
            match ctxlake::transport::stdio::serve_stdio(&mut server) {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                other => other.context("stdio transport failed"),
            }
        }
    }
}

/// Diagnostics go to stderr only: stdout belongs to the JSON-RPC frames. Without `CTXLAKE_LOG`
/// a plain level filter is used: building an `EnvFilter` costs measurable cold-start time.
fn init_logging() {
    let logger = tracing_subscriber::fmt().with_writer(std::io::stderr).with_ansi(false);
    match std::env::var("CTXLAKE_LOG") {
        Ok(spec) => logger.with_env_filter(tracing_subscriber::EnvFilter::new(spec)).init(),
        Err(_) => logger.with_max_level(tracing::Level::WARN).init(),
    }
}
