//! `ctxlake conform`: the Gherkin suite in `features/` as a conformance runner for any MCP server.
//!
//! One suite, two uses: `cargo test` runs every check against ctxlake itself (`--self`, with
//! ctxlake's fixtures), and `ctxlake conform --stdio CMD | --url URL` runs the checks that are
//! not `@ctxlake` against another server. Each check runs on a fresh connection; results are
//! PASS, FAIL, NOT APPLICABLE (revision or capability absent) or NOT VERIFIED (could not be
//! observed). See docs/conformance/README.md for the tag vocabulary and the report formats.

pub mod clients;
pub mod http;
mod lanes;
mod report;
pub mod revisions;
pub mod stdio;
mod steps;
pub mod suite;
pub mod wire;
pub mod world;

pub use crate::spec::conform::baseline::Baseline;
pub use crate::spec::conform::report::{CheckResult, ConformReport, ConformReportTransport, Counts, Level, Status};
pub use report::{baseline_of, cucumber_json, junit, table};

/// The checks that do not apply to ctxlake itself because it does not offer what they test,
/// with the reason the runner gives: it declares no extension, and runs no call as a task
/// (the tasks extension is not built). ctxlake's own test runs accept exactly these as not
/// applicable, and nothing else.
pub const NOT_OFFERED_BY_CTXLAKE: [(&str, &str); 2] = [
    ("meta.extension-keys", "the server declares no extensions"),
    ("tasks.declared-before-use", "the server ran no call as a task"),
];

/// Whether `check` is one of [`NOT_OFFERED_BY_CTXLAKE`], not applicable for its reason.
pub fn not_offered_by_ctxlake(check: &CheckResult) -> bool {
    check.status == Status::NotApplicable
        && NOT_OFFERED_BY_CTXLAKE.iter().any(|(id, why)| check.id == *id && check.message.as_deref() == Some(*why))
}

use revisions::MODERN;
use std::collections::BTreeMap;
use std::io::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;
use suite::{Check, Transport};
use wire::Wire;
use world::{Env, StepError, Target, Warm, World};

#[derive(Debug, thiserror::Error)]
pub enum ConformError {
    #[error("the embedded suite is broken")]
    Suite(#[from] suite::SuiteError),
    #[error("the target admits none of the revisions this suite knows ({known}); is it an MCP server? {why}")]
    NoRevision { known: String, why: String },
    #[error("unknown revision {0}; known: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28")]
    UnknownRevision(String),
    #[error(transparent)]
    Rules(#[from] clients::RulesError),
    #[error("tools/list in {revision}: {why}")]
    Tools { revision: String, why: String },
}

pub struct Options {
    pub env: Env,
    /// Revisions to hold the target to; `None` probes which ones it admits.
    pub revisions: Option<Vec<String>>,
    pub jobs: usize,
    /// Only checks whose id contains this text.
    pub filter: Option<String>,
    /// Only checks whose tags satisfy this Cucumber tag expression (`--tags`).
    pub tags: Option<gherkin::tagexpr::TagOperation>,
    /// Only checks whose name matches this regular expression (`--name`, as Cucumber's).
    pub name: Option<regex::Regex>,
    pub baseline: Option<Baseline>,
    /// Progress on stderr while running.
    pub progress: bool,
}

/// Every revision the suite knows, oldest first.
pub fn known_revisions() -> Vec<String> {
    revisions::LEGACY.iter().copied().chain([MODERN]).map(str::to_string).collect()
}

/// Runs the suite against the target and returns the report (baseline applied).
pub fn run(mut options: Options) -> Result<ConformReport, ConformError> {
    let checks = suite::load(suite::FEATURES)?;
    let transport = match options.env.target {
        Target::Stdio(_) => Transport::Stdio,
        Target::Http(_) => Transport::Http,
    };
    let wire = Wire::new(transport == Transport::Stdio);
    let probed = match &options.revisions {
        Some(list) => {
            if let Some(unknown) = list.iter().find(|r| !known_revisions().contains(r)) {
                return Err(ConformError::UnknownRevision(unknown.clone()));
            }
            let newest = list.iter().max().cloned().unwrap_or_default();
            let (capabilities, warm) = match admits(&options.env, &wire, &newest) {
                Ok(admitted) => {
                    (admitted.capabilities, admitted.warm.map(|w| (newest.clone(), w)).into_iter().collect())
                }
                Err(e) => {
                    tracing::warn!("could not read the target's capabilities in {newest}: {e:?}");
                    (serde_json::Map::new(), BTreeMap::new())
                }
            };
            Probed { admitted: list.clone(), capabilities, warm }
        }
        None => probe(&options.env, &wire)?,
    };
    (options.env.admitted, options.env.capabilities) = (probed.admitted, probed.capabilities);
    let warm = probed.warm;
    let selected: Vec<&Check> = checks
        .iter()
        .filter(|c| c.transports.contains(&transport))
        .filter(|c| options.env.fixtures || !c.ctxlake_only)
        .filter(|c| options.filter.as_ref().is_none_or(|f| c.id.contains(f.as_str())))
        .filter(|c| options.tags.as_ref().is_none_or(|t| c.matches(t)))
        .filter(|c| options.name.as_ref().is_none_or(|n| n.is_match(&c.name)))
        .collect();
    let results = run_checks(&selected, &options, &wire, warm);
    let mut checks: Vec<CheckResult> = results;
    if options.filter.is_none() && options.tags.is_none() && options.name.is_none() {
        checks.extend(wire_results(&wire, &options.env.admitted));
    }
    Ok(finish(&options, checks))
}

/// The report of a run against `options`' target: how it is named, its transport, the
/// revisions held to, and the baseline applied.
fn finish(options: &Options, checks: Vec<CheckResult>) -> ConformReport {
    let (target, transport) = match &options.env.target {
        Target::Stdio(launch) => {
            (launch.args.last().cloned().unwrap_or_else(|| launch.program.clone()), ConformReportTransport::Stdio)
        }
        Target::Http(url) => (format!("http://{}:{}{}", url.host, url.port, url.path), ConformReportTransport::Http),
    };
    report::finish(target, transport, options.env.admitted.clone(), checks, options.baseline.as_ref())
}

/// `--clients`: the target's `tools/list` in each revision it admits (or `--revision`), held to
/// the rules of `consumers` (all when empty).
pub fn run_clients(mut options: Options, consumers: &[String]) -> Result<ConformReport, ConformError> {
    let rules = clients::load(clients::RULES)?;
    let consumers = clients::select(&rules, consumers)?;
    let transport = match options.env.target {
        Target::Stdio(_) => Transport::Stdio,
        Target::Http(_) => Transport::Http,
    };
    let wire = Wire::new(transport == Transport::Stdio);
    options.env.admitted = match &options.revisions {
        Some(list) => list.clone(),
        None => probe(&options.env, &wire)?.admitted,
    };
    let mut checks = vec![];
    for revision in &options.env.admitted {
        let listing = clients::fetch(&options.env, &wire, revision)
            .map_err(|e| ConformError::Tools { revision: revision.clone(), why: e.message().to_string() })?;
        checks.extend(clients::lint(&rules, &consumers, &listing));
    }
    Ok(finish(&options, checks))
}

/// `--clients … --tools-file`: a catalog from a file, held to the rules offline.
pub fn run_clients_offline(
    listing: &clients::Listing,
    file: &str,
    consumers: &[String],
    baseline: Option<&Baseline>,
) -> Result<ConformReport, ConformError> {
    let rules = clients::load(clients::RULES)?;
    let consumers = clients::select(&rules, consumers)?;
    let checks = clients::lint(&rules, &consumers, listing);
    Ok(report::finish(file.to_string(), ConformReportTransport::File, vec![], checks, baseline))
}

/// The traceability table: every check a foreign target is held to (all of them with
/// `include_ctxlake`), as Markdown, in suite order, then the wire checks.
pub fn list(include_ctxlake: bool) -> Result<String, ConformError> {
    let checks = suite::load(suite::FEATURES)?;
    let mut out =
        String::from("| check | level | revisions | transports | needs | enforces |\n|---|---|---|---|---|---|\n");
    for c in checks.iter().filter(|c| include_ctxlake || !c.ctxlake_only) {
        let revisions = if c.revisions.is_empty() {
            "all".to_string()
        } else {
            c.revisions.iter().map(String::as_str).collect::<Vec<_>>().join(", ")
        };
        let transports: Vec<&str> = c.transports.iter().map(|t| t.as_str()).collect();
        let reference = c.reference.as_deref().unwrap_or_default().replace('|', "\\|");
        let needs: Vec<String> = c.capabilities.iter().map(|cap| format!("`{cap}` capability")).collect();
        out.push_str(&format!(
            "| `{}` | {} | {revisions} | {} | {} | {reference} |\n",
            c.id,
            c.level.as_str(),
            transports.join(", "),
            needs.join(", ")
        ));
    }
    for (id, reference) in wire::CHECKS {
        let transports = if id.starts_with("stdio.") { "stdio" } else { "stdio, http" };
        out.push_str(&format!("| `{id}` | must | all | {transports} | | {reference} |\n"));
    }
    Ok(out)
}

/// Which revisions the target admits (a legacy revision when `initialize` agrees to it, the
/// modern one when `server/discover` lists it), and the capabilities it declares in the newest.
/// Each probe gets a fresh connection.
fn probe(env: &Env, wire: &Wire) -> Result<Probed, ConformError> {
    let mut probe_env = env.clone();
    probe_env.admitted = known_revisions();
    let probe_env = &probe_env;
    let probed: Vec<(String, Result<Admitted, StepError>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = known_revisions()
            .into_iter()
            .map(|revision| {
                scope.spawn(move || {
                    let admits = admits(probe_env, wire, &revision);
                    if let Err(why) = &admits {
                        tracing::info!(revision = %revision, "not admitted: {why:?}");
                    }
                    (revision, admits)
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    let admitted: Vec<String> = probed.iter().filter(|(_, a)| a.is_ok()).map(|(r, _)| r.clone()).collect();
    if admitted.is_empty() {
        // The newest legacy revision's answer is the most telling one.
        let why = probed
            .iter()
            .rev()
            .find_map(|(r, a)| a.as_ref().err().filter(|_| r.as_str() != MODERN).map(|e| (r, e)))
            .map(|(r, e)| format!("initialize with {r}: {}", e.message()))
            .unwrap_or_default();
        return Err(ConformError::NoRevision { known: known_revisions().join(", "), why });
    }
    let mut capabilities = Capabilities::new();
    let mut warm = BTreeMap::new();
    // Oldest first, so the newest admitted revision's capabilities are the ones kept.
    for (revision, admits) in probed {
        let Ok(admits) = admits else { continue };
        capabilities = admits.capabilities;
        if let Some(process) = admits.warm {
            warm.insert(revision, process);
        }
    }
    Ok(Probed { admitted, capabilities, warm })
}

type Capabilities = serde_json::Map<String, serde_json::Value>;

/// What the runner knows of the target before the checks: the revisions it admits, the
/// capabilities of the newest, and a process per admitted revision to start its lane with.
struct Probed {
    admitted: Vec<String>,
    capabilities: Capabilities,
    warm: BTreeMap<String, Warm>,
}

/// What one revision's probe learned: the capabilities declared there, and the process that
/// declared them (stdio, unless it cannot be handed on).
struct Admitted {
    capabilities: Capabilities,
    warm: Option<Warm>,
}

/// Whether the target admits `revision`, and if so the capabilities it declares there and the
/// process that said so, to start the revision's lane with (stdio).
fn admits(env: &Env, wire: &Wire, revision: &str) -> Result<Admitted, StepError> {
    let mut world = World::new(env, wire)?;
    let lanes = lanes::shares_processes(env);
    if lanes {
        world.number_for_a_lane();
    }
    let result = if revision == MODERN {
        // No handshake: a fresh connection in the revision, as a check's own `initialize`.
        world.initialize(MODERN)?;
        let answer = world.request("server/discover", serde_json::json!({}))?;
        let versions = answer.pointer("/result/supportedVersions").and_then(|v| v.as_array());
        if !versions.is_some_and(|v| v.iter().any(|r| r == MODERN)) {
            return Err(StepError::NotApplicable(format!("server/discover was answered {answer}")));
        }
        answer["result"].clone()
    } else {
        world.initialize(revision)?
    };
    let capabilities = result["capabilities"].as_object().cloned().unwrap_or_default();
    let warm = if lanes { world.release(revision) } else { None };
    Ok(Admitted { capabilities, warm })
}

fn run_checks(checks: &[&Check], options: &Options, wire: &Wire, warm: BTreeMap<String, Warm>) -> Vec<CheckResult> {
    let units = lanes::units(checks, &options.env);
    let mut warm = warm;
    // A probe's process no lane goes on with (its checks filtered out) ends now, not at the end.
    warm.retain(|revision, _| {
        units.iter().any(|u| matches!(u, lanes::Unit::Lane { revision: r, .. } if r == revision))
    });
    let warm = Mutex::new(warm);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<CheckResult>>> = checks.iter().map(|_| Mutex::new(None)).collect();
    let finished = |i: usize, result: CheckResult| {
        let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
        if options.progress {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[K[{finished}/{}] {}", checks.len(), checks[i].id);
            let _ = err.flush();
        }
        if let Ok(mut slot) = slots[i].lock() {
            *slot = Some(result);
        }
    };
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let Some(unit) = units.get(next.fetch_add(1, Ordering::Relaxed)) else { return };
                    match unit {
                        lanes::Unit::Alone(i) => finished(*i, run_check(checks[*i], &options.env, wire, None).0),
                        lanes::Unit::Lane { revision, checks: lane } => {
                            let mut process = warm.lock().ok().and_then(|mut w| w.remove(revision));
                            for &i in lane {
                                let (result, left) =
                                    run_check(checks[i], &options.env, wire, Some((revision, process.take())));
                                process = left;
                                finished(i, result);
                            }
                        }
                    }
                }
            });
        }
    });
    if options.progress {
        eprint!("\r\x1b[K");
    }
    slots.into_iter().filter_map(|s| s.into_inner().ok().flatten()).collect()
}

/// Runs one check; in a lane, on the process the lane's previous check left (if any), and
/// returns the process this one leaves.
fn run_check(
    check: &Check,
    env: &Env,
    wire: &Wire,
    lane: Option<(&String, Option<Warm>)>,
) -> (CheckResult, Option<Warm>) {
    let started = Instant::now();
    let mut left = None;
    let (status, message) = match applicability(check, env) {
        Some(Inapplicable::Revision(why)) => {
            left = lane.and_then(|(_, warm)| warm);
            (Status::NotApplicable, Some(why))
        }
        Some(Inapplicable::Prerequisite(why)) => {
            left = lane.and_then(|(_, warm)| warm);
            not_testable(env, why)
        }
        None => {
            let outcome =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run_steps(check, env, wire, lane, &mut left)));
            outcome.unwrap_or_else(|panic| {
                let what = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                (Status::Fail, Some(format!("a step panicked: {what}")))
            })
        }
    };
    let result = CheckResult {
        id: check.id.clone(),
        level: match check.level {
            suite::Level::Must => Level::Must,
            suite::Level::Should => Level::Should,
            suite::Level::Strict => Level::Strict,
            suite::Level::Interpretation => Level::Interpretation,
        },
        status,
        name: check.name.clone(),
        source: check.source.clone(),
        revision: check.revision().map(str::to_string),
        reference: check.reference.clone(),
        message,
        expected_failure: None,
        millis: Some(u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX)),
    };
    (result, left)
}

/// Why a check does not run against this target.
enum Inapplicable {
    /// It is for revisions the target does not admit.
    Revision(String),
    /// The target lacks what it tests (a capability): not testable.
    Prerequisite(String),
}

fn applicability(check: &Check, env: &Env) -> Option<Inapplicable> {
    if !check.revisions.is_empty() && !check.revisions.iter().any(|r| env.admitted.contains(r)) {
        let wanted: Vec<&str> = check.revisions.iter().map(String::as_str).collect();
        return Some(Inapplicable::Revision(format!("the target does not admit {}", wanted.join(" or "))));
    }
    let missing = check.capabilities.iter().find(|c| !env.capabilities.contains_key(c.as_str()))?;
    Some(Inapplicable::Prerequisite(format!("the target does not declare the `{missing}` capability")))
}

/// A check the target gives nothing to test: not applicable, or with `--not-testable-fails`
/// (the official suite's convention) a failure that says so.
fn not_testable(env: &Env, why: String) -> (Status, Option<String>) {
    if env.not_testable_fails {
        (Status::Fail, Some(format!("not testable: {why}")))
    } else {
        (Status::NotApplicable, Some(why))
    }
}

fn run_steps(
    check: &Check,
    env: &Env,
    wire: &Wire,
    lane: Option<(&String, Option<Warm>)>,
    left: &mut Option<Warm>,
) -> (Status, Option<String>) {
    let mut world = match World::new(env, wire) {
        Ok(w) => w,
        Err(e) => return (Status::NotVerified, Some(format!("{e:?}"))),
    };
    let revision = lane.map(|(revision, warm)| {
        if let Some(warm) = warm {
            world.adopt(warm);
        }
        revision
    });
    let mut outcome = (Status::Pass, None);
    for step in &check.steps {
        let at = format!("step at line {}: `{}`", step.line, step.text);
        let failed = match steps::run(&mut world, step) {
            Ok(()) => continue,
            Err(StepError::NotApplicable(why)) => not_testable(env, why),
            Err(StepError::Elsewhere(why)) => (Status::NotApplicable, Some(why)),
            Err(StepError::NotVerified(why)) => (Status::NotVerified, Some(format!("{at}: {why}"))),
            // A setup step that fails means the check itself was never reached.
            Err(StepError::Fail(why)) if step.kind == gherkin::StepType::Given => {
                (Status::NotVerified, Some(format!("{at}: {why}")))
            }
            Err(StepError::Fail(why)) => (Status::Fail, Some(format!("{at}: {why}"))),
        };
        outcome = failed;
        break;
    }
    *left = revision.and_then(|revision| world.release(revision));
    outcome
}

fn wire_results(wire: &Wire, admitted: &[String]) -> Vec<CheckResult> {
    wire.tallies()
        .into_iter()
        .map(|(id, reference, tally)| {
            let (status, message) = if tally.violations > 0 {
                let examples = tally.examples.join(" | ");
                (Status::Fail, Some(format!("{} of {} frames: {examples}", tally.violations, tally.observed)))
            } else if tally.observed == 0 && id == "wire.server/discover" && !admitted.iter().any(|r| r == MODERN) {
                (Status::NotApplicable, Some(format!("the target does not admit {MODERN}")))
            } else if tally.observed == 0 {
                (Status::NotVerified, Some("no frame of this kind was observed".to_string()))
            } else {
                (Status::Pass, Some(format!("{} frames", tally.observed)))
            };
            CheckResult {
                id: id.to_string(),
                level: Level::Must,
                status,
                name: format!("wire schema: {id}"),
                source: "schemas/conform/peer_wire.json".into(),
                revision: None,
                reference: Some(reference.to_string()),
                message,
                expected_failure: None,
                millis: None,
            }
        })
        .collect()
}
