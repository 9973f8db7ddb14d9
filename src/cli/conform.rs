//! `ctxlake conform`: the conformance suite in `features/` against a stdio command, an HTTP
//! endpoint or this binary itself, reported as a table, JSON or JUnit.

use anyhow::Context as _;
use ctxlake::conform::{self, stdio::Launch, world::Target};
use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("target").args(["stdio", "url", "self_test"])))]
pub struct Args {
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
    /// Lanes and lone checks run at once (over stdio the checks of one revision share a process).
    #[arg(long, default_value_t = 4)]
    jobs: usize,
    /// Seconds one HTTP request may spend in all waiting out 429 Too Many Requests, as its
    /// Retry-After asks (at most 10 s a wait), before the 429 stands as the answer.
    #[arg(long, default_value_t = 30)]
    rate_limit_wait: u64,
    /// The official suite's convention: a check whose prerequisite the target lacks (a
    /// capability, something of the kind to test) fails as "not testable" instead of not
    /// applying. A revision the target does not admit still does not apply.
    #[arg(long)]
    not_testable_fails: bool,
    /// Only checks whose id contains this text.
    #[arg(long)]
    filter: Option<String>,
    /// Only checks whose tags satisfy this Cucumber tag expression, e.g. `@must and not @http`
    /// or `(@rev-2025-11-25 or @rev-2026-07-28) and not @slow`.
    #[arg(long, value_name = "EXPRESSION")]
    tags: Option<String>,
    /// Only checks whose scenario name matches this regular expression (as Cucumber's --name).
    #[arg(long, value_name = "REGEX")]
    name: Option<String>,
    /// Expected failures of this target (schemas/conform/baseline.json).
    #[arg(long)]
    baseline: Option<PathBuf>,
    /// `table` for people, `json` per schemas/conform/report.json, `cucumber-json` for Cucumber reporting tools.
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
    /// Write a baseline expecting exactly this run's failures (start one for a new target, then
    /// edit the reasons).
    #[arg(long, value_name = "FILE")]
    write_baseline: Option<PathBuf>,
    /// Also write a JUnit XML report here.
    #[arg(long)]
    junit: Option<PathBuf>,
    /// Instead of the protocol checks, hold the target's tools/list to the rules of the clients
    /// and model APIs that consume it (comma-separated consumers; alone: every consumer):
    /// anthropic, openai, gemini, claude-code, cursor, vscode, ts-sdk. Exit status 1 when a rule
    /// that breaks the session fails.
    #[arg(long, value_delimiter = ',', num_args = 0.., value_name = "CONSUMERS")]
    clients: Option<Vec<String>>,
    /// With --clients: read the catalog from this file (a tools/list result or answer, or an
    /// array of tools) instead of a running server.
    #[arg(long, requires = "clients", value_name = "FILE")]
    tools_file: Option<PathBuf>,
    /// With --tools-file: the server name clients prefix to tool names (e.g. Claude Code's
    /// `mcp__<server>__<tool>`).
    #[arg(long, requires = "tools_file", default_value = "server")]
    server_name: String,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Table,
    Json,
    /// Cucumber's JSON report, for CI dashboards and Cucumber reporting tools.
    CucumberJson,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.list && args.clients.is_some() {
        print!("{}", conform::clients::table(&conform::clients::load(conform::clients::RULES)?));
        return Ok(ExitCode::SUCCESS);
    }
    if args.list {
        print!("{}", conform::list(args.self_test)?);
        return Ok(ExitCode::SUCCESS);
    }
    if let (Some(consumers), Some(path)) = (&args.clients, &args.tools_file) {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        let listing = conform::clients::from_file(&text, &args.server_name)
            .map_err(|e| super::ConfigError(format!("{}: {e}", path.display())))?;
        let report = conform::run_clients_offline(&listing, &path.display().to_string(), consumers, None)?;
        return finish(&args, &report);
    }
    let target = if let Some(command) = &args.stdio {
        Target::Stdio(Launch::shell(command))
    } else if let Some(url) = &args.url {
        Target::Http(conform::http::Url::parse(url).map_err(anyhow::Error::msg)?)
    } else if args.self_test {
        let exe = std::env::current_exe().context("cannot find this ctxlake binary")?;
        Target::Stdio(Launch { program: exe.display().to_string(), args: vec!["mcp".into()], env: vec![], cwd: None })
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
            rate_limit_wait: if args.self_test { Duration::ZERO } else { Duration::from_secs(args.rate_limit_wait) },
            not_testable_fails: args.not_testable_fails,
            state: None,
        },
        revisions: if args.revision.is_empty() { None } else { Some(args.revision.clone()) },
        jobs: args.jobs,
        filter: args.filter.clone(),
        tags: match &args.tags {
            Some(expression) => Some(
                expression
                    .parse::<gherkin::tagexpr::TagOperation>()
                    .map_err(|e| super::ConfigError(format!("--tags {expression:?} is not a tag expression: {e}")))?,
            ),
            None => None,
        },
        name: match &args.name {
            Some(pattern) => {
                Some(regex::Regex::new(pattern).map_err(|e| super::ConfigError(format!("--name {pattern:?}: {e}")))?)
            }
            None => None,
        },
        baseline,
        progress: std::io::stderr().is_terminal(),
    };
    let report = match &args.clients {
        Some(consumers) => conform::run_clients(options, consumers)?,
        None => conform::run(options)?,
    };
    finish(&args, &report)
}

/// Prints the report in the chosen format, writes the baseline and JUnit files asked for, and
/// gives the exit status.
fn finish(args: &Args, report: &conform::ConformReport) -> anyhow::Result<ExitCode> {
    let report = report.clone();
    match args.format {
        Format::Table => print!("{}", conform::table(&report, std::io::stdout().is_terminal())),
        Format::Json => println!("{}", serde_json::to_string_pretty(&report)?),
        Format::CucumberJson => {
            let suite = conform::suite::load(conform::suite::FEATURES)?;
            println!("{}", serde_json::to_string_pretty(&conform::cucumber_json(&report, &suite))?);
        }
    }
    if let Some(path) = &args.write_baseline {
        let baseline = conform::baseline_of(&report).map_err(anyhow::Error::msg)?;
        let text = serde_json::to_string_pretty(&baseline)? + "\n";
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(path) = &args.junit {
        std::fs::write(path, conform::junit(&report)).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(if report.passed { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
