//! The `ctxlake` command line: parses arguments, reads the environment once, runs a command.

use anyhow::Context as _;
use clap::{Parser, Subcommand};
use ctxlake::config::Ctx;
use ctxlake::rpc::Server;
use ctxlake::tools::Toolbox;
use std::path::PathBuf;

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
    /// Build or inspect a claim snapshot (snapshot.bin) by hand.
    #[command(subcommand)]
    Snapshot(SnapshotCommand),
    /// Print the SessionStart briefing for this fleet from the local cache (same environment
    /// variables as `mcp`).
    Briefing {
        /// `text`, or `claude-code` for Claude Code's SessionStart hook JSON.
        #[arg(long, value_enum, default_value = "text")]
        format: BriefingFormat,
    },
}

#[derive(Subcommand)]
enum SnapshotCommand {
    /// Fold a JSON-lines file of ClaimEvents into a snapshot file.
    Build {
        /// JSON lines, one ClaimEvent per line.
        #[arg(long)]
        events: PathBuf,
        /// Where to write the snapshot (replaced atomically).
        #[arg(long)]
        out: PathBuf,
        /// `agent`: promoted claims are visible to agents; `shadow`: nothing is.
        #[arg(long, value_enum, default_value = "agent")]
        mode: ModeArg,
    },
    /// Print a snapshot's meta and claim counts.
    Inspect { path: PathBuf },
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum ModeArg {
    Agent,
    Shadow,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum BriefingFormat {
    Text,
    ClaudeCode,
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    init_logging();
    match run(cli) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            // Once, for the person at the terminal; the logger would print it a second time.
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
        Command::Snapshot(SnapshotCommand::Build { events, out, mode }) => {
            let text = std::fs::read_to_string(&events).with_context(|| format!("cannot read {}", events.display()))?;
            let parsed = ctxlake::snapshot::fold::parse_events(&text).with_context(|| events.display().to_string())?;
            let rows = ctxlake::snapshot::fold(parsed);
            let mode = match mode {
                ModeArg::Agent => ctxlake::snapshot::Mode::Agent,
                ModeArg::Shadow => ctxlake::snapshot::Mode::Shadow,
            };
            let now = chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now());
            let written = ctxlake::snapshot::write(&out, &rows, mode, &ctxlake::embed::Lexical, now)?;
            println!("{}: {} claims, {} visible to agents", out.display(), written.claims, written.visible);
            Ok(())
        }
        Command::Snapshot(SnapshotCommand::Inspect { path }) => {
            let snapshot = ctxlake::snapshot::Snapshot::open(&path).map_err(|why| match why {
                ctxlake::snapshot::read::Unavailable::Missing => anyhow::anyhow!("{}: no such file", path.display()),
                ctxlake::snapshot::read::Unavailable::Unusable(why) => anyhow::anyhow!(why),
            })?;
            for (key, value) in snapshot.meta()? {
                println!("{key}: {value}");
            }
            for (status, count) in snapshot.status_counts()? {
                println!("claims {status}: {count}");
            }
            Ok(())
        }
        Command::Briefing { format } => {
            let ctx = Ctx::from_lookup(|key| std::env::var(key).ok()).context("invalid ctxlake configuration")?;
            let text = ctxlake::briefing::text(&ctx);
            match format {
                BriefingFormat::Text => println!("{text}"),
                BriefingFormat::ClaudeCode => {
                    println!("{}", serde_json::to_string(&ctxlake::briefing::claude_code(text))?)
                }
            }
            Ok(())
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
