//! `ctxlake fuzz`: black-box fuzzing of any MCP server, over stdio or Streamable HTTP. Cases of
//! one to three frames ([`generate`]) are sent to the server after its handshake, each followed
//! by a `ping` barrier ([`session`], [`http`]); what comes back is judged by the conformance tables' rules ([`oracle`]). A
//! case that breaks a rule is kept once per rule and first frame's shape; for each rule one that
//! breaks it again on a fresh process is shrunk ([`shrink`]) and written as a reproducer
//! ([`reproducer`]) that `--replay` sends again. A process (over HTTP, a session) is restarted
//! after any case that did not end cleanly, so no late answer is blamed on the next case.
//!
//! Safe by default: only tools listed with `readOnlyHint: true` or named by the caller are
//! called, and every frame sent (generated, shrunk, from a corpus or a reproducer) is checked
//! against that list first ([`generate::is_safe`]).

pub mod frame;
pub mod generate;
pub mod http;
pub mod oracle;
pub mod report;
pub mod reproducer;
pub mod session;
pub mod shrink;
mod table;

use crate::conform::http::Url;
use crate::conform::stdio::Launch;
use frame::Frame;
use generate::{Callable, Generator};
use http::HttpSession;
use oracle::Violation;
use report::{Finding, Report};
use reproducer::{Reproducer, ReproducerError};
use serde_json::{Value, json};
use session::{End, Outcome, StartError, StdioSession};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Kept cases of one rule tried on a fresh process, in turn, before the rule's finding is
/// written as found.
const REPRODUCE_TRIES: usize = 4;

#[derive(Debug, Clone)]
pub struct Options {
    pub target: Target,
    /// The revision offered in `initialize` (the server may choose another).
    pub revision: String,
    pub seed: u64,
    /// Stop after this long …
    pub duration: Duration,
    /// … or after this many cases, whichever comes first.
    pub runs: Option<u64>,
    /// Tools called although not listed `readOnlyHint: true`.
    pub allow_tools: Vec<String>,
    /// How long each answer of the handshake may take (a start, a restart, a shrink step).
    pub startup: Duration,
    /// How long a case may wait for its answers.
    pub timeout: Duration,
    /// Candidates tried, and time spent, shrinking one finding.
    pub shrink_attempts: usize,
    pub shrink_time: Duration,
    /// Where reproducers are written.
    pub out: PathBuf,
    /// Cases kept between runs: replayed first, and each finding's reproducer added.
    pub corpus: Option<PathBuf>,
}

#[derive(Debug, thiserror::Error)]
pub enum FuzzError {
    #[error(transparent)]
    Start(#[from] StartError),
    #[error(transparent)]
    Reproducer(#[from] ReproducerError),
    #[error(
        "frame {index} of the reproducer calls a tool that is neither read-only nor allowed (--allow-tool): {frame}"
    )]
    Unsafe { index: usize, frame: String },
    #[error("frame {index} of the reproducer is an HTTP request of its own: replay it against the server's --url")]
    HttpOnly { index: usize },
}

/// The tools a run may call, and those it leaves alone.
fn callable(tools: &[Value], allowed: &[String]) -> (Vec<Callable>, Vec<String>) {
    let mut called = vec![];
    let mut skipped = vec![];
    for tool in tools {
        let Some(name) = tool.get("name").and_then(Value::as_str) else { continue };
        let read_only = tool.pointer("/annotations/readOnlyHint") == Some(&Value::Bool(true));
        if read_only || allowed.iter().any(|a| a == name) {
            let input_schema = tool.get("inputSchema").cloned().unwrap_or(json!({"type": "object"}));
            called.push(Callable { name: name.to_string(), input_schema });
        } else {
            skipped.push(name.to_string());
        }
    }
    // Named with --allow-tool but not listed: the caller vouches for it.
    for name in allowed {
        if !called.iter().any(|c| &c.name == name) {
            called.push(Callable { name: name.clone(), input_schema: json!({"type": "object"}) });
        }
    }
    (called, skipped)
}

/// Where the server is.
#[derive(Debug, Clone)]
pub enum Target {
    Stdio(Launch),
    Http(Url),
}

/// A server under the fuzzer, over either transport.
pub enum Session {
    Stdio(StdioSession),
    Http(HttpSession),
}

impl Session {
    pub fn start(target: &Target, revision: &str, startup: Duration, timeout: Duration) -> Result<Session, StartError> {
        Ok(match target {
            Target::Stdio(launch) => Session::Stdio(StdioSession::start(launch, revision, startup, timeout)?),
            Target::Http(url) => Session::Http(HttpSession::start(url, revision, startup, timeout)?),
        })
    }

    pub fn exchange(&mut self, frames: &[Frame]) -> Outcome {
        match self {
            Session::Stdio(s) => s.exchange(frames),
            Session::Http(s) => s.exchange(frames),
        }
    }

    /// The tools the server listed, as listed.
    pub fn tools(&self) -> &[Value] {
        match self {
            Session::Stdio(s) => &s.tools,
            Session::Http(s) => &s.tools,
        }
    }

    /// The protocol revision the server chose.
    pub fn revision(&self) -> &str {
        match self {
            Session::Stdio(s) => &s.revision,
            Session::Http(s) => &s.revision,
        }
    }
}

fn start(options: &Options) -> Result<Session, StartError> {
    Session::start(&options.target, &options.revision, options.startup, options.timeout)
}

/// Runs `frames` against a fresh process and judges them; frames it may not send are refused.
fn replay_once(options: &Options, frames: &[Frame]) -> Result<Option<Violation>, FuzzError> {
    if let Target::Stdio(_) = options.target
        && let Some(index) = frames.iter().position(|f| matches!(f, Frame::Http(_)))
    {
        return Err(FuzzError::HttpOnly { index });
    }
    let mut session = start(options)?;
    let (callable, _) = callable(session.tools(), &options.allow_tools);
    if let Some((index, frame)) = frames.iter().enumerate().find(|(_, f)| !generate::is_safe(f, &callable)) {
        let frame = String::from_utf8_lossy(&frame.bytes()).chars().take(200).collect();
        return Err(FuzzError::Unsafe { index, frame });
    }
    let outcome = session.exchange(frames);
    Ok(oracle::judge(frames, &outcome, &oracle::output_schemas(session.tools())))
}

pub fn run(options: &Options) -> Result<Report, FuzzError> {
    let first = start(options)?;
    let (callable, skipped) = callable(first.tools(), &options.allow_tools);
    let schemas = oracle::output_schemas(first.tools());
    let mut report = Report {
        seed: options.seed,
        revision: first.revision().to_string(),
        cases: 0,
        exchanges: 0,
        fuzzing: Duration::ZERO,
        restarts: 0,
        cut_short: None,
        broken: BTreeMap::new(),
        findings: vec![],
        called: callable.iter().map(|c| c.name.clone()).collect(),
        skipped,
    };
    let mut seeds: Vec<Vec<Frame>> = match &options.corpus {
        Some(dir) => reproducer::read_corpus(dir)?.into_iter().map(|r| r.frames).collect(),
        None => vec![],
    };
    seeds.reverse();
    let mut session = Some(first);
    let over_http = matches!(options.target, Target::Http(_));
    let mut generator = Generator::new(options.seed, callable.clone(), over_http, &report.revision);
    let mut kept: BTreeMap<&'static str, Vec<(Vec<Frame>, String)>> = BTreeMap::new();
    let mut shapes: Vec<(&'static str, String)> = vec![];
    let started = Instant::now();
    while started.elapsed() < options.duration && options.runs.is_none_or(|runs| report.cases < runs) {
        let case = seeds.pop().unwrap_or_else(|| generator.case());
        // A corpus may hold HTTP requests of their own, which a stdio server cannot be sent.
        let sendable = |f: &Frame| over_http || !matches!(f, Frame::Http(_));
        let case: Vec<Frame> = case.into_iter().filter(|f| generate::is_safe(f, &callable) && sendable(f)).collect();
        if case.is_empty() {
            continue;
        }
        let Some(live) = session.as_mut() else { break };
        let outcome = live.exchange(&case);
        report.cases += 1;
        report.exchanges += case.len() as u64 + 1;
        if let Some(violation) = oracle::judge(&case, &outcome, &schemas) {
            *report.broken.entry(violation.rule).or_default() += 1;
            let shape = (violation.rule, case.first().map(Frame::shape).unwrap_or_default());
            if !shapes.contains(&shape) {
                shapes.push(shape);
                kept.entry(violation.rule).or_default().push((case.clone(), violation.detail));
            }
        }
        if outcome.end != End::Answered {
            let failures: Vec<&str> = outcome.http.iter().flat_map(|h| &h.posts).map(|p| p.failure.as_str()).collect();
            tracing::debug!(end = ?outcome.end, barrier = outcome.barrier_note, ?failures, "a fresh start after this case");
            report.restarts += 1;
            // The old process ends (its input closed, then signals) before the next starts.
            session = None;
            match start(options) {
                Ok(fresh) => session = Some(fresh),
                Err(e) => {
                    // What was found still matters most: stop fuzzing, keep it.
                    report.cut_short = Some(format!("the server could not be restarted: {e}"));
                    break;
                }
            }
        }
    }
    report.fuzzing = started.elapsed();
    drop(session.take());
    for (rule, cases) in kept {
        report.findings.push(settle(options, rule, cases, &report.revision)?);
    }
    Ok(report)
}

/// The finding of `rule`: the first kept case that breaks it again on a fresh process, shrunk,
/// or, when none does, the first as found.
fn settle(
    options: &Options,
    rule: &'static str,
    cases: Vec<(Vec<Frame>, String)>,
    revision: &str,
) -> Result<Finding, FuzzError> {
    let breaks = |frames: &[Frame]| matches!(replay_once(options, frames), Ok(Some(v)) if v.rule == rule);
    let reproducible = cases.iter().take(REPRODUCE_TRIES).position(|(frames, _)| breaks(frames));
    let (found, detail) = cases[reproducible.unwrap_or(0)].clone();
    let frames = match reproducible {
        Some(_) => shrink::shrink(found.clone(), options.shrink_attempts, Instant::now() + options.shrink_time, breaks),
        None => found.clone(),
    };
    let reproduced = reproducible.is_some();
    let written = Reproducer { rule: rule.to_string(), revision: revision.to_string(), frames, reproduced };
    let path = reproducer::write(&options.out, &written)?;
    if let Some(corpus) = &options.corpus {
        reproducer::write(corpus, &written)?;
    }
    Ok(Finding { rule, detail, found, frames: written.frames, reproduced, reproducer: path })
}

/// Sends a reproducer's frames to a fresh server and judges them again.
pub fn replay(options: &Options, reproducer: &Reproducer) -> Result<Option<Violation>, FuzzError> {
    let options = Options { revision: reproducer.revision.clone(), ..options.clone() };
    replay_once(&options, &reproducer.frames)
}
