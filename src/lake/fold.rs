//! Who folds a fleet, and when. The fold (`lake::maint`) is safe on any number of hosts at once,
//! but it reads the fleet's whole lake, so the service runs it only when there is something new,
//! on one host at a time. The fleet's `fold.json` (compare-and-swap) says both:
//!
//! - a host whose drain put a new batch in the lake raises `requested` ([`request`]);
//! - a service that finds `requested` above `folded` (or no fold for `FoldPolicy::every`) takes
//!   the fold lease (`holder` until `held_until`, by the store's clock), folds, then sets
//!   `folded` to the `requested` it read when it took the lease, frees the lease and records the
//!   run ([`fold_if_due`]). A request raised while it folds stays above `folded`: the next check
//!   folds again. A folder killed mid-fold holds the lease until `held_until`; then another
//!   host takes it.

use crate::lake::cas::{self, CasError, Updated};
use crate::lake::layout::FleetLayout;
use crate::lake::maint::{self, MaintError, MaintOptions, MaintReport};
use crate::lake::store::Lake;
use crate::snapshot::Mode;
use crate::spec::wire::lake::{CasStamp, FoldDocument, FoldDocumentMode, FoldRun};
use chrono::{DateTime, Duration, Utc};

/// How far this host's clock may be from the store's before the idle check asks the store.
const SKEW: Duration = Duration::seconds(30);

/// When a service folds.
#[derive(Debug, Clone)]
pub struct FoldPolicy {
    /// How long a folder holds the lease: longer than any fold takes.
    pub lease: Duration,
    /// Fold at least this often, requested or not: the roster drops agents whose heartbeat
    /// aged out, and the gate rechecks what it held for evidence dated in the future.
    pub every: Duration,
}

impl Default for FoldPolicy {
    fn default() -> FoldPolicy {
        FoldPolicy { lease: Duration::minutes(10), every: Duration::minutes(2) }
    }
}

/// What [`fold_if_due`] found or did.
#[derive(Debug)]
pub enum FoldOutcome {
    /// Nothing new since the last fold, and the last is recent.
    NotDue,
    /// Due, but another host holds the lease.
    Held { holder: String, until: Option<DateTime<Utc>> },
    /// This host folded.
    Folded { report: Box<MaintReport>, run: FoldRun },
}

/// Tells the fleet's services that the lake holds something the last fold did not see.
pub fn request(lake: &Lake, layout: &FleetLayout, writer: &str) -> Result<(), CasError> {
    cas::update::<FoldDocument, CasError>(lake, &layout.fold(), writer, |current| {
        let mut doc = current.cloned().unwrap_or_else(empty);
        doc.requested += 1;
        Ok(Some(doc))
    })?;
    Ok(())
}

/// The fleet's fold document, if any (one GET): what `ctxlake doctor` reports.
pub fn read(lake: &Lake, layout: &FleetLayout) -> Result<Option<FoldDocument>, MaintError> {
    let Some(object) = lake.get(&layout.fold())? else { return Ok(None) };
    Ok(serde_json::from_slice(&object.body).ok())
}

/// Folds the fleet when it is due and no other host holds the fold lease. `host` names this
/// host in the lease and the record of the run.
pub fn fold_if_due(
    lake: &Lake,
    options: &MaintOptions,
    host: &str,
    policy: &FoldPolicy,
) -> Result<FoldOutcome, MaintError> {
    let layout = FleetLayout::new(&options.fleet);
    let mut now: Option<DateTime<Utc>> = None;
    let mut held: Option<(String, Option<DateTime<Utc>>)> = None;
    let mut target = 0;
    let mut mode = None;
    let taken = cas::update::<FoldDocument, MaintError>(lake, &layout.fold(), &options.writer, |current| {
        held = None;
        mode = current.and_then(|doc| doc.mode);
        let mut doc = current.cloned().unwrap_or_else(empty);
        // Nothing requested and the last fold recent by this host's clock (with a margin for
        // skew): not due, without the store clock's two requests.
        let recent = doc.last.as_ref().is_some_and(|last| last.finished_at + policy.every > Utc::now() + SKEW);
        if doc.requested <= doc.folded && recent {
            return Ok(None);
        }
        let clock = match now {
            Some(clock) => clock,
            None => *now.insert(lake.clock(&layout.clock_probe(&options.writer))?),
        };
        if !is_due(&doc, clock, policy) {
            return Ok(None);
        }
        if let Some(holder) = doc.holder.as_deref().filter(|h| *h != host)
            && doc.held_until.is_some_and(|until| until > clock)
        {
            held = Some((holder.to_string(), doc.held_until));
            return Ok(None);
        }
        target = doc.requested;
        doc.holder = Some(host.to_string());
        doc.held_until = Some(clock + policy.lease);
        Ok(Some(doc))
    })?;
    if let Some((holder, until)) = held {
        return Ok(FoldOutcome::Held { holder, until });
    }
    let (Updated::Written(_) | Updated::Unchanged(_)) = taken else { return Ok(FoldOutcome::NotDue) };
    // The fleet's mode, as the owner last set it (`ctxlake maint --mode`).
    let mut options = options.clone();
    options.mode = match mode {
        Some(FoldDocumentMode::Shadow) => Mode::Shadow,
        Some(FoldDocumentMode::Agent) | None => Mode::Agent,
    };
    let (report, run) = run_and_record(lake, &options, host, target, now, None)?;
    Ok(FoldOutcome::Folded { report: Box::new(report), run })
}

/// Folds now, due or not and whoever holds the lease (`ctxlake maint`: a fold is safe at any
/// time), in `options.mode`, which becomes the fleet's mode for every later fold; recorded like
/// any fold, so the services do not fold the same input again.
pub fn fold_now(lake: &Lake, options: &MaintOptions, host: &str) -> Result<(MaintReport, FoldRun), MaintError> {
    let target = read(lake, &FleetLayout::new(&options.fleet))?.map_or(0, |doc| doc.requested);
    let mode = match options.mode {
        Mode::Agent => FoldDocumentMode::Agent,
        Mode::Shadow => FoldDocumentMode::Shadow,
    };
    run_and_record(lake, options, host, target, None, Some(mode))
}

/// Runs the fold, then records it: the lease freed (if this host held it), `folded` raised to
/// `target` when the fold succeeded (a failed fold leaves it, so the next check tries again),
/// and the run as `last`.
fn run_and_record(
    lake: &Lake,
    options: &MaintOptions,
    host: &str,
    target: u64,
    started_at: Option<DateTime<Utc>>,
    set_mode: Option<FoldDocumentMode>,
) -> Result<(MaintReport, FoldRun), MaintError> {
    let layout = FleetLayout::new(&options.fleet);
    let started_at = started_at.unwrap_or_else(Utc::now);
    let started = std::time::Instant::now();
    let folded = maint::maint(lake, options);
    let elapsed = Duration::from_std(started.elapsed()).unwrap_or_default();
    let run = FoldRun {
        host: host.to_string(),
        started_at,
        finished_at: started_at + elapsed,
        ok: folded.is_ok(),
        error: folded.as_ref().err().map(ToString::to_string),
    };
    cas::update::<FoldDocument, MaintError>(lake, &layout.fold(), &options.writer, |current| {
        let mut doc = current.cloned().unwrap_or_else(empty);
        if doc.holder.as_deref() == Some(host) {
            doc.holder = None;
            doc.held_until = None;
        }
        if run.ok {
            doc.folded = doc.folded.max(target);
        }
        doc.last = Some(run.clone());
        doc.mode = set_mode.or(doc.mode);
        Ok(Some(doc))
    })?;
    Ok((folded?, run))
}

/// Whether the lake holds something no fold saw, or the last fold is older than `every`.
fn is_due(doc: &FoldDocument, now: DateTime<Utc>, policy: &FoldPolicy) -> bool {
    doc.requested > doc.folded || doc.last.as_ref().is_none_or(|last| last.finished_at + policy.every <= now)
}

fn empty() -> FoldDocument {
    FoldDocument {
        requested: 0,
        folded: 0,
        holder: None,
        held_until: None,
        last: None,
        mode: None,
        stamp: CasStamp { writer: String::new(), epoch: 0, nonce: String::new() },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lake::store::S3Options;
    use crate::local::paths::FleetId;

    fn lake(dir: &std::path::Path) -> Lake {
        Lake::open(&format!("file://{}", dir.display()), &S3Options::default()).expect("a folder lake")
    }

    fn options(writer: &str) -> MaintOptions {
        MaintOptions::new(&FleetId::new("f").expect("a fleet id"), writer)
    }

    fn layout() -> FleetLayout {
        FleetLayout::new(&FleetId::new("f").expect("a fleet id"))
    }

    #[test]
    fn a_request_is_folded_once_and_then_nothing_is_due() {
        let dir = tempfile::tempdir().expect("temp dir");
        let lake = lake(dir.path());
        let policy = FoldPolicy::default();
        assert!(matches!(fold_if_due(&lake, &options("a"), "a", &policy).expect("fold"), FoldOutcome::Folded { .. }));
        assert!(matches!(fold_if_due(&lake, &options("a"), "a", &policy).expect("fold"), FoldOutcome::NotDue));
        request(&lake, &layout(), "b").expect("requested");
        let FoldOutcome::Folded { run, .. } = fold_if_due(&lake, &options("b"), "b", &policy).expect("fold") else {
            panic!("a request makes a fold due");
        };
        assert_eq!(run.host, "b");
        assert!(matches!(fold_if_due(&lake, &options("a"), "a", &policy).expect("fold"), FoldOutcome::NotDue));
        let doc = read(&lake, &layout()).expect("read").expect("a fold document");
        assert_eq!((doc.requested, doc.folded, doc.holder), (1, 1, None));
    }

    #[test]
    fn a_lease_held_by_another_host_is_respected_until_it_expires() {
        let dir = tempfile::tempdir().expect("temp dir");
        let lake = lake(dir.path());
        // Host a took the lease and died mid-fold.
        cas::update::<FoldDocument, CasError>(&lake, &layout().fold(), "a", |_| {
            let mut doc = empty();
            doc.requested = 3;
            doc.holder = Some("a".into());
            doc.held_until = Some(Utc::now() + Duration::minutes(10));
            Ok(Some(doc))
        })
        .expect("written");
        let outcome = fold_if_due(&lake, &options("b"), "b", &FoldPolicy::default()).expect("fold");
        assert!(matches!(outcome, FoldOutcome::Held { ref holder, .. } if holder == "a"), "{outcome:?}");
        let short = FoldPolicy { lease: Duration::minutes(10), every: Duration::minutes(2) };
        cas::update::<FoldDocument, CasError>(&lake, &layout().fold(), "a", |current| {
            let mut doc = current.cloned().expect("there");
            doc.held_until = Some(Utc::now() - Duration::seconds(1));
            Ok(Some(doc))
        })
        .expect("written");
        let outcome = fold_if_due(&lake, &options("b"), "b", &short).expect("fold");
        assert!(matches!(outcome, FoldOutcome::Folded { .. }), "{outcome:?}");
        let doc = read(&lake, &layout()).expect("read").expect("a fold document");
        assert_eq!((doc.folded, doc.holder), (3, None));
    }
}
