//! `ctxlake fuzz`: black-box fuzzing of any MCP stdio server. Cases of one to three frames
//! ([`generate`]) are sent to the server after its handshake, each followed by a `ping` barrier
//! ([`session`]); what comes back is judged by the conformance tables' rules ([`oracle`]); a
//! case that breaks a rule is kept once per rule and first frame's shape, shrunk against fresh
//! processes ([`shrink`]) and written as a reproducer `--replay` sends again. A process is
//! restarted only after it exited or stopped answering.
//!
//! Safe by default: tools are called only when listed with `readOnlyHint: true` or named by the
//! caller; every other frame is protocol-level.

pub mod frame;
pub mod generate;
pub mod oracle;
pub mod session;
pub mod shrink;

use crate::conform::stdio::Launch;
use frame::Frame;
use generate::{Callable, Generator};
use oracle::Violation;
use serde_json::{Value, json};
use session::{Session, StartError};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The reproducer file's format version.
pub const REPRODUCER_VERSION: u64 = 1;

#[derive(Debug, Clone)]
pub struct Options {
    pub launch: Launch,
    /// The revision offered in `initialize` (the server may choose another).
    pub revision: String,
    pub seed: u64,
    /// Stop after this long …
    pub duration: Duration,
    /// … or after this many cases, whichever comes first.
    pub runs: Option<u64>,
    /// Tools called although not listed `readOnlyHint: true`.
    pub allow_tools: Vec<String>,
    /// How long a case may wait for its answers.
    pub timeout: Duration,
    /// Candidates tried when shrinking one finding.
    pub shrink_attempts: usize,
    /// Where reproducers are written.
    pub out: PathBuf,
    /// Cases kept between runs: replayed first, and each finding's reproducer added.
    pub corpus: Option<PathBuf>,
}

#[derive(Debug, thiserror::Error)]
pub enum FuzzError {
    #[error(transparent)]
    Start(#[from] StartError),
    #[error("{path}: {why}")]
    File { path: PathBuf, why: String },
}

/// One finding, shrunk.
#[derive(Debug, Clone)]
pub struct Finding {
    pub rule: &'static str,
    pub detail: String,
    /// The case as first found, and as shrunk.
    pub found: Vec<Frame>,
    pub frames: Vec<Frame>,
    pub reproducer: PathBuf,
}

#[derive(Debug)]
pub struct Report {
    pub seed: u64,
    pub revision: String,
    pub cases: u64,
    pub exchanges: u64,
    pub fuzzing: Duration,
    pub restarts: u64,
    /// Cases that broke each rule (before deduplication).
    pub broken: BTreeMap<&'static str, u64>,
    pub findings: Vec<Finding>,
    /// Tools called, and tools listed but left alone.
    pub called: Vec<String>,
    pub skipped: Vec<String>,
}

impl Report {
    pub fn exchanges_per_second(&self) -> f64 {
        self.exchanges as f64 / self.fuzzing.as_secs_f64().max(1e-9)
    }

    /// The one-line summary a CI log shows.
    pub fn summary(&self) -> String {
        let rules: Vec<String> = self.broken.iter().map(|(rule, n)| format!("{rule} ×{n}")).collect();
        format!(
            "fuzz: seed {} | {} cases, {} exchanges in {:.1} s ({:.0}/s) | {} restarts | {} findings{}{}",
            self.seed,
            self.cases,
            self.exchanges,
            self.fuzzing.as_secs_f64(),
            self.exchanges_per_second(),
            self.restarts,
            self.findings.len(),
            if rules.is_empty() { "" } else { ": " },
            rules.join(", ")
        )
    }

    /// JUnit: one test case per rule, failed when a finding names it.
    pub fn junit(&self) -> String {
        let escape = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
        let mut xml = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"ctxlake fuzz\" tests=\"{}\" failures=\"{}\" time=\"{:.3}\">\n",
            oracle::RULES.len(),
            oracle::RULES.iter().filter(|r| self.findings.iter().any(|f| f.rule == r.id)).count(),
            self.fuzzing.as_secs_f64()
        );
        for rule in oracle::RULES {
            xml.push_str(&format!("  <testcase classname=\"fuzz\" name=\"{}\">", rule.id));
            let found: Vec<&Finding> = self.findings.iter().filter(|f| f.rule == rule.id).collect();
            if !found.is_empty() {
                let text: Vec<String> =
                    found.iter().map(|f| format!("{} (replay: {})", f.detail, f.reproducer.display())).collect();
                xml.push_str(&format!(
                    "<failure message=\"{}\">{}</failure>",
                    escape(rule.sentence),
                    escape(&text.join("\n"))
                ));
            }
            xml.push_str("</testcase>\n");
        }
        xml.push_str("</testsuite>\n");
        xml
    }
}

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
    (called, skipped)
}

fn tool_names(tools: &[Value]) -> Vec<String> {
    tools.iter().filter_map(|t| t.get("name").and_then(Value::as_str).map(str::to_string)).collect()
}

/// Runs `frames` against a fresh process and judges them.
fn replay_once(options: &Options, frames: &[Frame]) -> Result<Option<Violation>, StartError> {
    let mut session = Session::start(&options.launch, &options.revision, options.timeout)?;
    let outcome = session.exchange(frames);
    Ok(oracle::judge(frames, &outcome, &oracle::output_schemas(&session.tools)))
}

pub fn run(options: &Options) -> Result<Report, FuzzError> {
    let mut session = Session::start(&options.launch, &options.revision, options.timeout)?;
    let listed = tool_names(&session.tools);
    let (callable, skipped) = callable(&session.tools, &options.allow_tools);
    let schemas = oracle::output_schemas(&session.tools);
    let mut report = Report {
        seed: options.seed,
        revision: session.revision.clone(),
        cases: 0,
        exchanges: 0,
        fuzzing: Duration::ZERO,
        restarts: 0,
        broken: BTreeMap::new(),
        findings: vec![],
        called: callable.iter().map(|c| c.name.clone()).collect(),
        skipped,
    };
    let mut seeds: Vec<Vec<Frame>> = match &options.corpus {
        Some(dir) => read_corpus(dir)?,
        None => vec![],
    };
    seeds.reverse();
    let mut generator = Generator::new(options.seed, callable.clone());
    let mut kept: BTreeMap<(&'static str, String), (Vec<Frame>, String)> = BTreeMap::new();
    let started = Instant::now();
    while started.elapsed() < options.duration && options.runs.is_none_or(|runs| report.cases < runs) {
        let case = seeds.pop().unwrap_or_else(|| generator.case());
        let case: Vec<Frame> = case.into_iter().filter(|f| generate::is_safe(f, &listed, &callable)).collect();
        if case.is_empty() {
            continue;
        }
        let outcome = session.exchange(&case);
        report.cases += 1;
        report.exchanges += case.len() as u64 + 1;
        if let Some(violation) = oracle::judge(&case, &outcome, &schemas) {
            *report.broken.entry(violation.rule).or_default() += 1;
            let shape = case.first().map(Frame::shape).unwrap_or_default();
            kept.entry((violation.rule, shape)).or_insert((case.clone(), violation.detail));
        }
        if !outcome.alive() {
            report.restarts += 1;
            session = Session::start(&options.launch, &options.revision, options.timeout)?;
        }
    }
    report.fuzzing = started.elapsed();
    drop(session);
    // One finding per rule is shrunk and written; the rest of a rule's shapes are counted.
    let mut shrunk_rules: Vec<&'static str> = vec![];
    for ((rule, _shape), (found, detail)) in kept {
        if shrunk_rules.contains(&rule) {
            continue;
        }
        shrunk_rules.push(rule);
        let deadline = Instant::now() + Duration::from_secs(20);
        let frames = shrink::shrink(found.clone(), options.shrink_attempts, deadline, |candidate| {
            let safe = candidate.iter().all(|f| generate::is_safe(f, &listed, &callable));
            safe && matches!(replay_once(options, candidate), Ok(Some(v)) if v.rule == rule)
        });
        let reproducer = write_reproducer(&options.out, rule, &report.revision, &frames)?;
        if let Some(corpus) = &options.corpus {
            write_reproducer(corpus, rule, &report.revision, &frames)?;
        }
        report.findings.push(Finding { rule, detail, found, frames, reproducer });
    }
    Ok(report)
}

fn write_reproducer(dir: &Path, rule: &str, revision: &str, frames: &[Frame]) -> Result<PathBuf, FuzzError> {
    let file_error = |path: &Path, e: std::io::Error| FuzzError::File { path: path.to_path_buf(), why: e.to_string() };
    std::fs::create_dir_all(dir).map_err(|e| file_error(dir, e))?;
    let body = json!({
        "ctxlakeFuzzReproducer": REPRODUCER_VERSION,
        "rule": rule,
        "sentence": oracle::sentence(rule),
        "revision": revision,
        "frames": frames.iter().map(Frame::to_file).collect::<Vec<_>>(),
    });
    let text = serde_json::to_string_pretty(&body).expect("a JSON value serializes");
    let digest: String = {
        use sha2::Digest as _;
        sha2::Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
    };
    let path = dir.join(format!("{rule}-{}.json", &digest[..12]));
    // Written whole, then renamed: a reader never sees half a reproducer.
    let staged = dir.join(format!(".{rule}-{}.tmp", &digest[..12]));
    std::fs::write(&staged, text).map_err(|e| file_error(&staged, e))?;
    std::fs::rename(&staged, &path).map_err(|e| file_error(&path, e))?;
    Ok(path)
}

/// A reproducer file: its rule, revision and frames.
pub struct Reproducer {
    pub rule: String,
    pub revision: String,
    pub frames: Vec<Frame>,
}

pub fn read_reproducer(path: &Path) -> Result<Reproducer, FuzzError> {
    let bad = |why: String| FuzzError::File { path: path.to_path_buf(), why };
    let text = std::fs::read_to_string(path).map_err(|e| bad(e.to_string()))?;
    parse_reproducer(&text).map_err(bad)
}

/// A reproducer from its text; the error names the field (a JSON pointer) at fault.
pub fn parse_reproducer(text: &str) -> Result<Reproducer, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    match value.get("ctxlakeFuzzReproducer").and_then(Value::as_u64) {
        Some(REPRODUCER_VERSION) => {}
        Some(other) => return Err(format!("reproducer version {other}; this ctxlake reads {REPRODUCER_VERSION}")),
        None => return Err("no `ctxlakeFuzzReproducer` version: not a reproducer".into()),
    }
    let field = |name: &str| value.get(name).and_then(Value::as_str).map(str::to_string);
    let frames = value.get("frames").and_then(Value::as_array).ok_or("no `frames` array")?;
    let frames = frames
        .iter()
        .enumerate()
        .map(|(at, f)| Frame::from_file(f).map_err(|why| format!("/frames/{at}: {why}")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Reproducer {
        rule: field("rule").unwrap_or_default(),
        revision: field("revision").ok_or("no `revision`")?,
        frames,
    })
}

fn read_corpus(dir: &Path) -> Result<Vec<Vec<Frame>>, FuzzError> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Ok(vec![]) };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths.iter().map(|p| read_reproducer(p).map(|r| r.frames)).collect()
}

/// Sends a reproducer's frames to a fresh server and judges them again.
pub fn replay(options: &Options, reproducer: &Reproducer) -> Result<Option<Violation>, FuzzError> {
    let options = Options { revision: reproducer.revision.clone(), ..options.clone() };
    Ok(replay_once(&options, &reproducer.frames)?)
}
