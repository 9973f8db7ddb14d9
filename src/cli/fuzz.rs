//! `ctxlake fuzz`: fuzz an MCP server (stdio or Streamable HTTP) with the conformance rules as
//! the oracle, or replay a reproducer it wrote.

use anyhow::Context as _;
use ctxlake::conform::http::Url;
use ctxlake::conform::stdio::Launch;
use ctxlake::fuzz;
use ctxlake::fuzz::Target;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    /// The stdio server, as a shell command line (run by /bin/sh -c, in its own process group).
    #[arg(long, value_name = "COMMAND", required_unless_present = "url", conflicts_with = "url")]
    stdio: Option<String>,
    /// The Streamable HTTP endpoint of a running server (http:// only). Each case runs in the
    /// session it opens; a case the server does not survive ends the run (its process is not
    /// the fuzzer's to restart).
    #[arg(long, value_name = "URL")]
    url: Option<String>,
    /// Send a reproducer's frames again (after the handshake) and judge them; exit status 1
    /// while the server still breaks a rule.
    #[arg(long, value_name = "FILE")]
    replay: Option<PathBuf>,
    /// Fuzz for this many seconds.
    #[arg(long, default_value_t = 30.0)]
    seconds: f64,
    /// Stop after this many cases, if that comes first.
    #[arg(long)]
    runs: Option<u64>,
    /// The revision offered in `initialize` (the server may choose another).
    #[arg(long, default_value = "2025-11-25")]
    revision: String,
    /// The generator's seed: the same seed sends the same cases (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Also call this tool (repeat), though it is not annotated `readOnlyHint: true`. Its side
    /// effects are yours.
    #[arg(long, value_name = "NAME")]
    allow_tool: Vec<String>,
    /// Milliseconds a case waits for its answers before the server counts as hung.
    #[arg(long, default_value_t = 2000)]
    timeout_ms: u64,
    /// Seconds each answer of the handshake may take, at every start and restart (servers run
    /// by npx or uvx start slowly).
    #[arg(long, default_value_t = 30.0)]
    startup_seconds: f64,
    /// Candidates tried when shrinking one finding …
    #[arg(long, default_value_t = 300)]
    shrink_attempts: usize,
    /// … and seconds spent at most.
    #[arg(long, default_value_t = 20.0)]
    shrink_seconds: f64,
    /// Folder for the reproducers.
    #[arg(long, default_value = "ctxlake-fuzz")]
    out: PathBuf,
    /// Folder of cases kept between runs: replayed first, and each new reproducer added.
    #[arg(long, value_name = "DIR")]
    corpus: Option<PathBuf>,
    /// Write a JUnit report here (one test case per rule).
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
    });
    let seconds = |flag: &str, value: f64| {
        Duration::try_from_secs_f64(value).map_err(|_| anyhow::anyhow!("--{flag} {value}: not a number of seconds"))
    };
    let target = match (&args.stdio, &args.url) {
        (Some(command), _) => Target::Stdio(Launch::shell(command)),
        (None, Some(url)) => Target::Http(Url::parse(url).map_err(|e| anyhow::anyhow!("--url {e}"))?),
        (None, None) => anyhow::bail!("name the server: --stdio COMMAND or --url URL"),
    };
    let flag = match &target {
        Target::Stdio(_) => "--stdio …",
        Target::Http(_) => "--url …",
    };
    let options = fuzz::Options {
        target,
        revision: args.revision,
        seed,
        duration: seconds("seconds", args.seconds)?,
        runs: args.runs,
        allow_tools: args.allow_tool,
        startup: seconds("startup-seconds", args.startup_seconds)?,
        timeout: Duration::from_millis(args.timeout_ms),
        shrink_attempts: args.shrink_attempts,
        shrink_time: seconds("shrink-seconds", args.shrink_seconds)?,
        out: args.out,
        corpus: args.corpus,
    };
    if let Some(path) = &args.replay {
        let reproducer = fuzz::reproducer::read(path)?;
        return Ok(match fuzz::replay(&options, &reproducer)? {
            Some(violation) => {
                println!("{}: {}\n  {}", violation.rule, violation.detail, fuzz::oracle::sentence(violation.rule));
                ExitCode::from(1)
            }
            None => {
                println!("{}: no longer broken ({} frames replayed)", reproducer.rule, reproducer.frames.len());
                ExitCode::SUCCESS
            }
        });
    }
    let report = fuzz::run(&options)?;
    eprintln!(
        "tools called: {}; not called (not readOnlyHint, no --allow-tool): {}",
        list(&report.called),
        list(&report.skipped)
    );
    for finding in &report.findings {
        let shrunk = if finding.reproduced {
            format!("{} frames (from {})", finding.frames.len(), finding.found.len())
        } else {
            format!("{} frames as found: a fresh process did not break the rule again", finding.found.len())
        };
        println!(
            "{}: {}\n  {}\n  {shrunk}; replay: ctxlake fuzz {flag} --replay {}",
            finding.rule,
            finding.detail,
            fuzz::oracle::sentence(finding.rule),
            finding.reproducer.display()
        );
    }
    println!("{}", report.summary());
    if let Some(path) = &args.junit {
        std::fs::write(path, report.junit()).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(if report.findings.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn list(names: &[String]) -> String {
    if names.is_empty() { "none".to_string() } else { names.join(", ") }
}
