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
    /// Read a spool file back as the drain does: count its records, report torn or foreign lines.
    #[command(subcommand)]
    Spool(SpoolCommand),
    /// Hold an MCP server to the conformance suite (features/, compiled in). Exit status 0 when
    /// no MUST check fails outside the baseline, 1 when one does, 2 when the run could not start.
    Conform(ConformArgs),
}

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("target").args(["stdio", "url", "self_test"])))]
struct ConformArgs {
    /// A stdio server, as a shell command line (run by /bin/sh -c, in its own process group).
    #[arg(long, value_name = "COMMAND")]
    stdio: Option<String>,
    /// A Streamable HTTP endpoint, e.g. http://127.0.0.1:3000/mcp (http:// only).
    #[arg(long)]
    url: Option<String>,
    /// ctxlake itself (this binary's `mcp`), with its fixtures and every @ctxlake check.
    #[arg(long = "self")]
    self_test: bool,
    /// Print every check (id, level, revisions, transports, the sentence it enforces) as a
    /// Markdown table and exit; with --self, ctxlake's own checks too.
    #[arg(long)]
    list: bool,
    /// Hold the target to these revisions (repeat or comma-separate); default: every revision
    /// its initialize / server/discover admits.
    #[arg(long, value_delimiter = ',')]
    revision: Vec<String>,
    /// Seconds to wait for any one answer (slow starters need more).
    #[arg(long, default_value_t = 30.0)]
    timeout: f64,
    /// Milliseconds to keep listening after the sentinel's answer, for servers that answer out of order.
    #[arg(long, default_value_t = 100)]
    settle_ms: u64,
    /// Milliseconds a server gets to exit after its stdin closes, before TERM, then KILL.
    #[arg(long, default_value_t = 2000)]
    grace_ms: u64,
    /// Checks run at once, each on its own process or session.
    #[arg(long, default_value_t = 4)]
    jobs: usize,
    /// Only checks whose id contains this text.
    #[arg(long)]
    filter: Option<String>,
    /// Expected failures of this target (schemas/conform/baseline.json).
    #[arg(long)]
    baseline: Option<PathBuf>,
    /// `table` for people, `json` per schemas/conform/report.json.
    #[arg(long, value_enum, default_value = "table")]
    format: ReportFormat,
    /// Write a baseline expecting exactly this run's failures (start one for a new target, then
    /// edit the reasons).
    #[arg(long, value_name = "FILE")]
    write_baseline: Option<PathBuf>,
    /// Also write a JUnit XML report here.
    #[arg(long)]
    junit: Option<PathBuf>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum ReportFormat {
    Table,
    Json,
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

#[derive(Subcommand)]
enum SpoolCommand {
    /// Exit status 0 when every line is a valid record, 1 when a line was skipped or torn.
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
        Ok(code) => code,
        Err(e) => {
            // Once, for the person at the terminal; the logger would print it a second time.
            eprintln!("ctxlake: {e:#}");
            std::process::ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<std::process::ExitCode> {
    match cli.command {
        Command::Conform(args) => return conform(args),
        Command::Spool(SpoolCommand::Inspect { path }) => return spool_inspect(&path),
        _ => {}
    }
    run_other(cli.command).map(|()| std::process::ExitCode::SUCCESS)
}

fn run_other(command: Command) -> anyhow::Result<()> {
    match command {
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
        Command::Conform(_) | Command::Spool(_) => unreachable!("handled by run"),
    }
}

fn spool_inspect(path: &std::path::Path) -> anyhow::Result<std::process::ExitCode> {
    use ctxlake::local::spool_read::{self, SpoolLine};
    use ctxlake::spec::wire::spool::SpoolRecord;
    let contents = spool_read::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut counts = std::collections::BTreeMap::new();
    for line in &contents.lines {
        let kind = match line {
            SpoolLine::Request(SpoolRecord::ClaimRequest { .. }) => "claim_request",
            SpoolLine::Request(SpoolRecord::ReleaseRequest { .. }) => "release_request",
            SpoolLine::Request(SpoolRecord::Handoff { .. }) => "handoff",
            SpoolLine::Proposal(_) => "proposed",
        };
        *counts.entry(kind).or_insert(0usize) += 1;
    }
    let counts: Vec<String> = counts.iter().map(|(k, n)| format!("{k} {n}")).collect();
    println!("{}: {} records ({})", path.display(), contents.lines.len(), counts.join(", "));
    for skipped in &contents.skipped {
        println!("skipped line {} (byte {}): {}", skipped.line, skipped.offset, skipped.why);
    }
    if let Some(torn) = &contents.torn_tail {
        println!("torn final line {} (byte {}): {}", torn.line, torn.offset, torn.why);
    }
    let clean = contents.skipped.is_empty() && contents.torn_tail.is_none();
    Ok(if clean { std::process::ExitCode::SUCCESS } else { std::process::ExitCode::from(1) })
}

fn conform(args: ConformArgs) -> anyhow::Result<std::process::ExitCode> {
    use ctxlake::conform::{self, stdio::Launch, world::Target};
    use std::io::IsTerminal as _;
    use std::time::Duration;
    if args.list {
        print!("{}", conform::list(args.self_test)?);
        return Ok(std::process::ExitCode::SUCCESS);
    }
    let target = if let Some(command) = &args.stdio {
        Target::Stdio(Launch::shell(command))
    } else if let Some(url) = &args.url {
        Target::Http(conform::http::Url::parse(url).map_err(anyhow::Error::msg)?)
    } else if args.self_test {
        let exe = std::env::current_exe().context("cannot find this ctxlake binary")?;
        Target::Stdio(Launch { program: exe.display().to_string(), args: vec!["mcp".into()], env: vec![] })
    } else {
        anyhow::bail!("name a target: --stdio COMMAND, --url URL or --self (or --list the checks)");
    };
    let baseline = match &args.baseline {
        Some(path) => {
            let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
            Some(serde_json::from_str(&text).with_context(|| format!("{} is not a baseline file", path.display()))?)
        }
        None => None,
    };
    if !args.timeout.is_finite() || args.timeout <= 0.0 {
        anyhow::bail!("--timeout must be a positive number of seconds");
    }
    let options = conform::Options {
        env: conform::world::Env {
            target,
            timeout: Duration::from_secs_f64(args.timeout),
            settle: Duration::from_millis(args.settle_ms),
            grace: Duration::from_millis(args.grace_ms),
            admitted: vec![],
            capabilities: serde_json::Map::new(),
            fixtures: args.self_test,
        },
        revisions: if args.revision.is_empty() { None } else { Some(args.revision.clone()) },
        jobs: args.jobs,
        filter: args.filter.clone(),
        baseline,
        progress: std::io::stderr().is_terminal(),
    };
    let report = conform::run(options)?;
    match args.format {
        ReportFormat::Table => print!("{}", conform::table(&report, std::io::stdout().is_terminal())),
        ReportFormat::Json => println!("{}", serde_json::to_string_pretty(&report)?),
    }
    if let Some(path) = &args.write_baseline {
        let baseline = conform::baseline_of(&report).map_err(anyhow::Error::msg)?;
        let text = serde_json::to_string_pretty(&baseline)? + "\n";
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(path) = &args.junit {
        std::fs::write(path, conform::junit(&report)).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(if report.passed { std::process::ExitCode::SUCCESS } else { std::process::ExitCode::from(1) })
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
