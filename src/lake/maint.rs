//! `ctxlake maint` for one fleet: reads the drained batches its checkpoint does not cover, applies
//! their lease requests, builds the fleet's history from handoffs and its roster from presence,
//! runs the promotion gate when its inputs changed, and publishes the snapshot content-addressed
//! with a compare-and-swap of the pointer.
//!
//! Safe on many hosts at once. A run's verdicts are created as one batch named by its content;
//! two runs at once may both reach a verdict, and readers keep the earliest per (kind, claim).
//! The pointer update reads the pointer first and lists the lake after, inside each attempt: a
//! swap succeeds only if no other run swapped in between, and any run that wrote verdicts after
//! our listing fails its own swap, re-lists and includes ours. So the last pointer written
//! includes every promotion.
//! The pointer records a digest of the gate's inputs (the keys of every content-named object
//! holding proposals or events, and the facts the gate used) and one of the sessions the
//! snapshot holds: a run that finds the same gate inputs runs no gate and reads no old batch,
//! and rewrites only the snapshot's sessions if a handoff arrived. So an idle run costs the
//! checkpoint, the listings and the fleet's documents, whatever the fleet's history
//! (`lake::checkpoint`).

use crate::lake::batch::{PARALLEL_FROM, map_lines};
pub use crate::lake::batch::{ParsedBatch, parse_batch};
use crate::lake::cas::{self, CasError, Updated};
use crate::lake::checkpoint::{self, Folded};
use crate::lake::gate::{self, GateFacts};
use crate::lake::kept::{Kept, KeptFold};
use crate::lake::layout::{FleetLayout, sha256_hex};
use crate::lake::leases::{self, LeaseReport};
use crate::lake::pack;
use crate::lake::store::{Created, Lake, LakeError};
use crate::local::paths::FleetId;
use crate::snapshot::fold::{Fold, about_agent, event_time, verdict_key};
use crate::snapshot::{self, Mode, SnapshotError};
use crate::spec::wire::claim_event::ClaimEvent;
use crate::spec::wire::history::SessionDigest;
use crate::spec::wire::lake::{
    Announced, CasStamp, ClaimApproval, HistoryDocument, Presence, RosterDocument, SnapshotPointer,
};
use crate::spec::wire::spool::SpoolRecord;
use chrono::{DateTime, Duration, SecondsFormat, Utc};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::Instant;

/// History keeps at most this many sessions (newest first).
const MAX_SESSIONS: usize = 500;

#[derive(Debug, thiserror::Error)]
pub enum MaintError {
    #[error(transparent)]
    Lake(#[from] LakeError),
    #[error(transparent)]
    Cas(#[from] CasError),
    #[error("building the snapshot: {0}")]
    Snapshot(#[from] SnapshotError),
    #[error(transparent)]
    Pack(#[from] crate::lake::pack::PackError),
    #[error("building the snapshot in {path}: {source}")]
    Io { path: String, source: std::io::Error },
}

/// How maint runs for one fleet.
#[derive(Debug, Clone)]
pub struct MaintOptions {
    pub fleet: FleetId,
    /// Who writes (goes into every CAS stamp): e.g. `<host>:<pid>`.
    pub writer: String,
    /// Agent-visible claims, or shadow (the gate runs, nothing is visible).
    pub mode: Mode,
    /// An agent whose heartbeat is older than this leaves the roster (5 minutes).
    pub roster_ttl: Duration,
    /// Read every batch and run the gate whatever the checkpoint and the pointer say (the
    /// checkpoint is still merged): `ctxlake maint --from-scratch`, and how the tests compare.
    pub from_scratch: bool,
    /// Where a service keeps its fold between rounds ([`KeptFold`]); `None` folds from scratch.
    pub kept: Option<KeptFold>,
}

impl MaintOptions {
    pub fn new(fleet: &FleetId, writer: &str) -> MaintOptions {
        MaintOptions {
            fleet: fleet.clone(),
            writer: writer.to_string(),
            mode: Mode::Agent,
            roster_ttl: Duration::minutes(5),
            from_scratch: false,
            kept: None,
        }
    }
}

/// What one run did.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct MaintReport {
    /// Batches read for the first time (the checkpoint did not cover them).
    pub batches: usize,
    /// Batches the checkpoint covered: not read for leases and history.
    pub checkpointed: usize,
    pub records: usize,
    /// Lines of a batch that did not parse (a newer or older writer); skipped and logged.
    pub unreadable: usize,
    /// The proposals a gate run weighed (read from batches and packs); 0 when the gate did not run.
    pub weighed: usize,
    pub promoted: usize,
    pub contested: usize,
    /// Candidates the gate held back, and why.
    pub held: Vec<(String, String)>,
    pub leases: LeaseReport,
    pub sessions: usize,
    pub roster_agents: usize,
    /// The published snapshot's sha256, and whether this run moved the pointer to it.
    pub snapshot: Option<String>,
    pub pointer_moved: bool,
    /// Whether this run ran the gate and built a snapshot (false: the pointer's gate inputs
    /// were the lake's, so no verdict could change).
    pub rebuilt: bool,
    /// Whether only the snapshot's sessions were rewritten (new handoffs, the same gate inputs).
    pub sessions_rewritten: bool,
    /// Whether the rebuild continued the fold the service kept from its last one
    /// ([`MaintOptions::kept`]) instead of folding the fleet's history from scratch.
    pub continued: bool,
    /// Of a rebuilt snapshot's visible claims: how many were embedded, and how many kept the
    /// vector the previous snapshot had for the same text (the transformer only).
    pub embedded: usize,
    pub reused: usize,
}

/// The drained batches this run read for the first time, in key order.
#[derive(Debug, Default)]
struct Drained {
    batches: Vec<DrainedBatch>,
}

#[derive(Debug)]
struct DrainedBatch {
    key: String,
    /// Its spool records, less any an earlier batch of this run held (same id).
    requests: Vec<SpoolRecord>,
    /// Lines this build could not read: a newer or older writer's, perhaps proposals.
    unreadable: usize,
    proposals: Vec<ClaimEvent>,
}

impl Drained {
    fn requests(&self) -> Vec<SpoolRecord> {
        self.batches.iter().flat_map(|b| b.requests.iter().cloned()).collect()
    }
}

pub fn maint(lake: &Lake, options: &MaintOptions) -> Result<MaintReport, MaintError> {
    let layout = FleetLayout::new(&options.fleet);
    let now = lake.clock(&layout.clock_probe(&options.writer))?;
    let mut report = MaintReport::default();
    // The checkpoint before the listing: a batch it names that the listing lacks was deleted.
    let mut before = checkpoint::read(lake, &layout)?.unwrap_or_default();
    if options.from_scratch {
        // Every batch is read again; the agents and handoffs of batches gc removed stay.
        before.batches.clear();
    }
    let listed = keys_under(lake, &layout.spool_prefix())?;
    let gone: BTreeSet<String> = before.batches.keys().filter(|k| !listed.contains(*k)).cloned().collect();
    let new: Vec<&String> = listed.iter().filter(|k| !before.batches.contains_key(*k)).collect();
    report.checkpointed = listed.len() - new.len();
    let drained = read_batches(lake, &new, &mut report)?;

    report.leases = leases::apply(lake, &layout, &options.writer, &drained.requests(), now)?;
    let mut folded = before;
    for batch in &drained.batches {
        // A line this build cannot read may be another build's proposal: such a batch counts
        // as holding proposals, so every gate reads it again and gc removes it only once a pack
        // holds it (`lake::pack`).
        folded.add_batch(&batch.key, batch.proposals.len() + batch.unreadable, &batch.requests, MAX_SESSIONS);
    }
    for key in &gone {
        folded.batches.remove(key);
    }
    let presence = read_presence(lake, &layout)?;
    // What presence announced joins the checkpoint, so it outlives a presence gc removes.
    folded.announce(&presence);
    let sessions = sessions_from_handoffs(&folded.handoffs, &folded.announced);
    report.sessions = sessions.len();
    write_history(lake, &layout, &options.writer, &sessions, now)?;
    report.roster_agents = rebuild_roster(lake, &layout, &options.writer, &presence, now, options.roster_ttl)?;
    // Leases and history hold what the new batches said: from here on, the checkpoint covers them.
    checkpoint::write(lake, &layout, &options.writer, &folded, &gone, MAX_SESSIONS)?;

    let facts = gate_facts(lake, &layout, &folded, now)?;
    let updated =
        cas::update::<SnapshotPointer, MaintError>(lake, &layout.snapshot_pointer(), &options.writer, |current| {
            publish(lake, &layout, options, &folded, &drained, &sessions, &facts, current, &mut report)
        })?;
    report.pointer_moved = matches!(updated, Updated::Written(_));
    Ok(report)
}

/// One attempt: list the lake's claim events. Unless the pointer was built from the same gate
/// inputs, read every batch holding proposals, run the gate, write its verdicts, fold, build and
/// upload the snapshot; with the same gate inputs and other sessions, rewrite the current
/// snapshot's sessions. Returns the pointer to swap in, or `None` when the current one stands.
#[allow(clippy::too_many_arguments)]
fn publish(
    lake: &Lake,
    layout: &FleetLayout,
    options: &MaintOptions,
    folded: &Folded,
    drained: &Drained,
    sessions: &[SessionDigest],
    facts: &GateFacts,
    current: Option<&SnapshotPointer>,
    report: &mut MaintReport,
) -> Result<Option<SnapshotPointer>, MaintError> {
    let event_keys = list_event_keys(lake, layout)?;
    let mut input_keys: Vec<String> = event_keys.clone();
    input_keys.extend(folded.gated_batches().into_iter().map(str::to_string));
    let held_sessions = sessions_digest(sessions);
    let may_stand = |c: &&SnapshotPointer| !options.from_scratch && c.recheck_at.is_none_or(|at| facts.now < at);
    if let Some(current) = current.filter(may_stand) {
        let gate = gate_digest(&input_keys, facts, options.mode);
        let inputs = format!("{gate}.{held_sessions}");
        let built_from = current.inputs.as_deref().unwrap_or_default();
        if built_from == inputs {
            report.snapshot = Some(current.content_hash.clone());
            return Ok(None);
        }
        if built_from.split_once('.').is_some_and(|(same, _)| same == gate) {
            match rewrite_sessions(lake, layout, current, sessions, &inputs) {
                Ok(pointer) => {
                    report.sessions_rewritten = true;
                    report.snapshot = Some(pointer.content_hash.clone());
                    return Ok(Some(pointer));
                }
                Err(why) => tracing::warn!(%why, "the current snapshot's sessions cannot be rewritten; it is rebuilt"),
            }
        }
    }
    report.rebuilt = true;
    let mut step = Step::start();
    // A fold from scratch is asked for by name: the kept fold is dropped, and the new one kept.
    let kept = options.kept.as_ref().and_then(|kept| kept.take(&options.fleet)).filter(|_| !options.from_scratch);
    let continued = match kept {
        Some(kept) => continue_kept(lake, kept, folded, drained, &event_keys, facts, report, &mut step)?
            .map_err(|why| tracing::info!(%why, "the fold kept from the last rebuild cannot take what is new"))
            .ok(),
        None => None,
    };
    let continued_fold = continued.is_some();
    report.continued = continued_fold;
    let Gated { mut rows, outcome, generated_at, folded_once, read_ms } = match continued {
        Some(gated) => gated,
        None => {
            let keep = options.kept.as_ref().map(|_| &options.fleet);
            build_from_scratch(lake, layout, folded, drained, &event_keys, facts, keep, report, &mut step)?
        }
    };
    let fold_gate_ms = step.lap();
    if !outcome.events.is_empty() {
        let mut body = Vec::new();
        for event in &outcome.events {
            serde_json::to_writer(&mut body, event).expect("claim events serialize");
            body.push(b'\n');
        }
        let key = layout.verdict_batch(&sha256_hex(&body));
        // Counts add up over attempts: a batch created in an attempt whose swap then lost is
        // in the lake all the same, and the retry lists it instead of reaching it again.
        if lake.put_if_absent(&key, body)? == Created::Created {
            for event in &outcome.events {
                match event {
                    ClaimEvent::Promoted { .. } => report.promoted += 1,
                    ClaimEvent::Contested { .. } => report.contested += 1,
                    _ => {}
                }
            }
        }
        input_keys.push(key.to_string());
        if let Rows::Kept(kept) = &mut rows {
            kept.keys.insert(key.to_string());
        }
    }
    report.held = outcome.held;

    let generated_at = generated_at.unwrap_or(facts.now);
    let claims = rows.rows();
    let dir = tempfile::tempdir().map_err(|source| MaintError::Io { path: "a temporary folder".into(), source })?;
    let path = dir.path().join("snapshot.sqlite");
    let embedder = crate::embed::best_available();
    let reused = reusable_vectors(lake, layout, current, embedder, dir.path());
    let gate = gate_digest(&input_keys, facts, options.mode);
    let stamp = snapshot::Stamp { generated_at, id: Some(&gate) };
    let written = snapshot::write_reusing(&path, &claims, options.mode, embedder, &reused, stamp)?;
    let claims = claims.len();
    // The rows this round changed, which a snapshot written in part would carry (every row
    // published, after a fold from scratch). Taken on every attempt, so the record stays one
    // attempt long: only logged for now, it is not yet tied to a published base.
    let told = if let Rows::Kept(kept) = &mut rows { kept.fold.take_changed().len() } else { 0 };
    let changed_rows = if continued_fold { told } else { written.published };
    report.embedded = written.embedded;
    report.reused = written.reused;
    fill_sessions(&path, sessions)?;
    let write_ms = step.lap();
    let bytes = std::fs::read(&path).map_err(|source| MaintError::Io { path: path.display().to_string(), source })?;
    let hash = sha256_hex(&bytes);
    let key = layout.snapshot(&hash);
    if lake.head(&key)?.is_none() {
        lake.put_if_absent(&key, bytes)?;
    }
    report.snapshot = Some(hash.clone());
    // Where a rebuild's time went, for an operator asking why a round was slow.
    let store_ms = step.lap();
    tracing::debug!(
        claims,
        published = written.published,
        changed_rows,
        folded_once,
        continued_fold,
        read_ms,
        fold_gate_ms,
        write_ms,
        store_ms,
        "snapshot rebuilt"
    );
    if let (Rows::Kept(kept), Some(slot)) = (rows, options.kept.as_ref()) {
        slot.keep(*kept);
    }
    Ok(Some(SnapshotPointer {
        content_hash: hash,
        key: key.to_string(),
        generated_at,
        claims: Some(written.claims as u64),
        visible: Some(written.visible as u64),
        inputs: Some(format!("{gate}.{held_sessions}")),
        recheck_at: outcome.recheck_at,
        stamp: CasStamp { writer: String::new(), epoch: 0, nonce: String::new() },
    }))
}

/// Milliseconds each step of a rebuild took, for its debug line.
struct Step(Instant);

impl Step {
    fn start() -> Step {
        Step(Instant::now())
    }

    /// The milliseconds since the previous step ended (or the rebuild began).
    fn lap(&mut self) -> u64 {
        let now = Instant::now();
        let took = now.duration_since(self.0).as_millis();
        self.0 = now;
        u64::try_from(took).unwrap_or(u64::MAX)
    }
}

/// A rebuild's fold and gate run: the rows, the gate's outcome, the latest time among the events
/// folded (verdicts included), and how long reading them took.
struct Gated {
    rows: Rows,
    outcome: gate::GateOutcome,
    generated_at: Option<DateTime<Utc>>,
    /// Whether the events were folded once (false: folded again with the verdicts).
    folded_once: bool,
    read_ms: u64,
}

/// The rows a rebuild writes, in claim id order, and whether its fold is kept for the next round.
enum Rows {
    /// Folded once, not kept.
    Fold(Box<Fold>),
    /// Folded once and to be kept ([`KeptFold`]).
    Kept(Box<Kept>),
    /// Folded again with the verdicts (an event dated at or after the store's clock).
    Refolded(Vec<snapshot::ClaimRow>),
}

impl Rows {
    fn rows(&self) -> Vec<&snapshot::ClaimRow> {
        match self {
            Rows::Fold(fold) => fold.rows().collect(),
            Rows::Kept(kept) => kept.fold.rows().collect(),
            Rows::Refolded(rows) => rows.iter().collect(),
        }
    }
}

/// Reads every batch holding proposals and every event object, runs the gate and folds. With
/// `keep` (the service's fleet), the fold is tracked and kept with what continuing it needs.
#[allow(clippy::too_many_arguments)]
fn build_from_scratch(
    lake: &Lake,
    layout: &FleetLayout,
    folded: &Folded,
    drained: &Drained,
    event_keys: &[String],
    facts: &GateFacts,
    keep: Option<&FleetId>,
    report: &mut MaintReport,
    step: &mut Step,
) -> Result<Gated, MaintError> {
    let (mut events, taken) = read_proposals_of(lake, layout, folded, drained, report)?;
    let weighed = events.len();
    let objects = read_event_objects(lake, event_keys)?;
    let agent_events: BTreeMap<String, Vec<ClaimEvent>> = match keep {
        Some(_) => objects
            .iter()
            .map(|(key, events)| (key.clone(), events.iter().filter(|e| about_agent(e)).cloned().collect::<Vec<_>>()))
            .filter(|(_, events)| !events.is_empty())
            .collect(),
        None => BTreeMap::new(),
    };
    let mut rest: Vec<ClaimEvent> = objects.into_iter().flat_map(|(_, events)| events).collect();
    keep_earliest_verdicts(&mut rest);
    let verdicts = match keep {
        Some(_) => rest
            .iter()
            .filter_map(|event| verdict_key(event).map(|(kind, claim)| ((kind, claim.to_string()), event_time(event))))
            .collect(),
        None => HashMap::new(),
    };
    events.extend(rest);
    let read_ms = step.lap();
    let latest = events.iter().map(event_time).max();
    let (rows, outcome, folded_once) = gate_and_fold(events, facts, keep.is_some());
    // Its verdicts are events the next fold reads: the kept fold's latest counts them.
    let generated_at = latest.max(outcome.events.iter().map(event_time).max());
    let latest = generated_at;
    let rows = match (rows, keep) {
        (Rows::Fold(fold), Some(fleet)) => {
            // Every batch read, a section of a pack the checkpoint does not name included: one
            // gone from the listing later means a kept fold holds what a fold from scratch lacks.
            let mut keys: BTreeSet<String> = event_keys.iter().cloned().collect();
            keys.extend(folded.gated_batches().into_iter().map(str::to_string));
            keys.extend(taken);
            let mut kept = Kept { fleet: fleet.clone(), fold: *fold, keys, verdicts, agent_events, latest, weighed };
            match kept.record(&outcome.events) {
                true => Rows::Kept(Box::new(kept)),
                false => Rows::Fold(Box::new(kept.fold)),
            }
        }
        (rows, _) => rows,
    };
    Ok(Gated { rows, outcome, generated_at, folded_once, read_ms })
}

/// Continues the fold kept from the last rebuild with what arrived since: the proposals of the
/// batches it did not fold and the event objects it did not read. The outer error is the lake's;
/// the inner says why the kept fold cannot give what a fold from scratch would (the caller then
/// folds from scratch; the kept fold is dropped either way unless this returns it).
#[allow(clippy::too_many_arguments)]
fn continue_kept(
    lake: &Lake,
    mut kept: Kept,
    folded: &Folded,
    drained: &Drained,
    event_keys: &[String],
    facts: &GateFacts,
    report: &mut MaintReport,
    step: &mut Step,
) -> Result<Result<Gated, String>, MaintError> {
    let gated = folded.gated_batches();
    let listed: BTreeSet<&str> = event_keys.iter().map(String::as_str).chain(gated.iter().copied()).collect();
    if let Some(gone) = kept.keys.iter().find(|key| !listed.contains(key.as_str())) {
        return Ok(Err(format!("{gone} was folded and is gone")));
    }
    // New batches in key order, as a fold from scratch reads them; one only in a pack would be
    // read after every batch there, so it is left to a fold from scratch.
    let unpacked: BTreeSet<&str> = folded.proposal_batches().collect();
    let new_batches: Vec<&str> = gated.iter().copied().filter(|key| !kept.keys.contains(*key)).collect();
    if let Some(packed) = new_batches.iter().find(|key| !unpacked.contains(*key)) {
        return Ok(Err(format!("the new batch {packed} is read from a pack")));
    }
    let read: HashMap<&str, &DrainedBatch> = drained.batches.iter().map(|b| (b.key.as_str(), b)).collect();
    let mut by_key: HashMap<String, Vec<ClaimEvent>> = HashMap::new();
    let again: Vec<&str> = new_batches.iter().copied().filter(|key| !read.contains_key(key)).collect();
    lake.get_each(&again, |key, object| {
        let batch = parse_batch(&object.body);
        report.unreadable += batch.unreadable;
        by_key.insert(key.to_string(), batch.proposals);
        Ok::<(), MaintError>(())
    })?;
    let mut events = vec![];
    for key in &new_batches {
        match read.get(key) {
            Some(batch) => events.extend(batch.proposals.iter().cloned()),
            None => match by_key.remove(*key) {
                Some(proposals) => events.extend(proposals),
                None => return Ok(Err(format!("the new batch {key} could not be read"))),
            },
        }
    }
    let proposals = events.len();
    let new_objects: Vec<String> = event_keys.iter().filter(|key| !kept.keys.contains(*key)).cloned().collect();
    let mut rest = vec![];
    for (key, objects) in read_event_objects(lake, &new_objects)? {
        let about: Vec<ClaimEvent> = objects.iter().filter(|e| about_agent(e)).cloned().collect();
        if !about.is_empty() {
            kept.agent_events.insert(key, about);
        }
        rest.extend(objects);
    }
    keep_earliest_verdicts(&mut rest);
    match kept.admit(rest) {
        Ok(admitted) => events.extend(admitted),
        Err(why) => return Ok(Err(why)),
    }
    let read_ms = step.lap();
    let latest = events.iter().map(event_time).max().max(kept.latest);
    if latest.is_some_and(|latest| latest >= facts.now) {
        return Ok(Err("an event is dated at or after the store's clock".to_string()));
    }
    if let Err(why) = kept.fold.continue_with(events) {
        return Ok(Err(why.to_string()));
    }
    let outcome = gate::run_on(&kept.fold, &kept.agent_events(), facts);
    kept.fold.add_later(outcome.events.clone());
    kept.keys.extend(new_batches.iter().map(|key| key.to_string()));
    kept.keys.extend(new_objects);
    let generated_at = latest.max(outcome.events.iter().map(event_time).max());
    kept.latest = generated_at;
    kept.weighed += proposals;
    report.weighed = kept.weighed;
    let rows = if kept.record(&outcome.events) { Rows::Kept(Box::new(kept)) } else { Rows::Fold(Box::new(kept.fold)) };
    Ok(Ok(Gated { rows, outcome, generated_at, folded_once: true, read_ms }))
}

/// Runs the gate over a fleet's claim events and folds them with its verdicts. Every verdict is
/// dated by the store's clock, so when every event is dated before it the verdicts apply after
/// all of them: the events are folded once, for the gate and then the snapshot, with the verdicts
/// added on top (`tracked`: a fold that can be continued). An event dated at or after the store's
/// clock (a host's clock ahead of it, or on S3, whose clock keeps whole seconds, a proposal of the
/// current second) could apply after a verdict, so then the events and the verdicts are folded
/// again as one. Returns the rows, the outcome, and whether the events were folded once.
fn gate_and_fold(mut events: Vec<ClaimEvent>, facts: &GateFacts, tracked: bool) -> (Rows, gate::GateOutcome, bool) {
    let latest = events.iter().map(event_time).max();
    if latest.is_none_or(|latest| latest < facts.now) {
        let agents: Vec<ClaimEvent> = events.iter().filter(|e| about_agent(e)).cloned().collect();
        let mut fold = if tracked { Fold::tracked(events) } else { Fold::new(events) };
        let outcome = gate::run_on(&fold, &agents, facts);
        fold.add_later(outcome.events.clone());
        (Rows::Fold(Box::new(fold)), outcome, true)
    } else {
        let outcome = gate::run(&events, facts);
        events.extend(outcome.events.iter().cloned());
        (Rows::Refolded(snapshot::fold(events)), outcome, false)
    }
}

/// The current snapshot's vectors by claim text, when the embedder is slow enough to be worth
/// sparing ([`crate::embed::Embedder::worth_reusing`]) and filled them. Whatever goes wrong here
/// only costs re-embedding, so it is logged rather than returned. The blob's key is rebuilt
/// from the pointer's hash and the bytes are checked against it, as sync does.
fn reusable_vectors(
    lake: &Lake,
    layout: &FleetLayout,
    current: Option<&SnapshotPointer>,
    embedder: &dyn crate::embed::Embedder,
    scratch: &std::path::Path,
) -> snapshot::Reused {
    let Some(current) = current.filter(|_| embedder.worth_reusing()) else { return snapshot::Reused::new() };
    let key = layout.snapshot(&current.content_hash);
    let attempt = || -> Result<snapshot::Reused, String> {
        let path = scratch.join("previous.sqlite");
        fetch_current(lake, layout, current, &path)?;
        let previous = snapshot::Snapshot::open(&path).map_err(|why| match why {
            snapshot::read::Unavailable::Missing => "vanished".to_string(),
            snapshot::read::Unavailable::Unusable(why) => why,
        })?;
        previous.vectors_by_text(embedder).map_err(|e| e.to_string())
    };
    attempt().unwrap_or_else(|why| {
        tracing::warn!(key = %key, %why, "the current snapshot's vectors cannot be reused; every claim is embedded");
        snapshot::Reused::new()
    })
}

/// Writes the snapshot the pointer names to `path`, its bytes checked against the pointer's hash
/// (as sync does).
fn fetch_current(
    lake: &Lake,
    layout: &FleetLayout,
    current: &SnapshotPointer,
    path: &std::path::Path,
) -> Result<(), String> {
    let object =
        lake.get(&layout.snapshot(&current.content_hash)).map_err(|e| e.to_string())?.ok_or("missing from the lake")?;
    if sha256_hex(&object.body) != current.content_hash {
        return Err("its bytes do not match the pointer's hash".into());
    }
    std::fs::write(path, &object.body).map_err(|e| e.to_string())
}

/// The current snapshot with other sessions: what a rebuild would publish when only handoffs
/// arrived, without the gate, the fold and the embedding.
fn rewrite_sessions(
    lake: &Lake,
    layout: &FleetLayout,
    current: &SnapshotPointer,
    sessions: &[SessionDigest],
    inputs: &str,
) -> Result<SnapshotPointer, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let path = dir.path().join("snapshot.sqlite");
    fetch_current(lake, layout, current, &path)?;
    fill_sessions(&path, sessions).map_err(|e| e.to_string())?;
    let bytes = std::fs::read(&path).map_err(|e| e.to_string())?;
    let hash = sha256_hex(&bytes);
    let key = layout.snapshot(&hash);
    if lake.head(&key).map_err(|e| e.to_string())?.is_none() {
        lake.put_if_absent(&key, bytes).map_err(|e| e.to_string())?;
    }
    Ok(SnapshotPointer {
        content_hash: hash,
        key: key.to_string(),
        inputs: Some(inputs.to_string()),
        stamp: CasStamp { writer: String::new(), epoch: 0, nonce: String::new() },
        ..current.clone()
    })
}

/// The sessions a snapshot holds, as a digest (the part of the pointer's inputs after the '.').
fn sessions_digest(sessions: &[SessionDigest]) -> String {
    sha256_hex(&serde_json::to_vec(sessions).expect("session digests serialize"))
}

/// What the gate's verdicts and the snapshot's claims are a function of: every content-named
/// object holding proposals or claim events (batches, verdict batches, owner events: their
/// keys name their content or are written once), the gate's facts other than the clock
/// (`recheck_at` covers that), the mode and the builder.
fn gate_digest(keys: &[String], facts: &GateFacts, mode: Mode) -> String {
    let mut keys: Vec<&str> = keys.iter().map(String::as_str).collect();
    keys.sort_unstable();
    let mut text = snapshot::builder(mode, crate::embed::best_available().model());
    for (label, items) in [
        ("key", keys),
        ("agent", facts.known_agents.iter().map(String::as_str).collect()),
        ("approved", facts.approved.iter().map(String::as_str).collect()),
    ] {
        for item in items {
            text.push_str(label);
            text.push(' ');
            text.push_str(item);
            text.push('\n');
        }
    }
    sha256_hex(text.as_bytes())
}

/// Reads the batches named, in key order; a record whose id an earlier one of them held is
/// dropped (two hosts can ship the same record only through a copied spool).
fn read_batches(lake: &Lake, keys: &[&String], report: &mut MaintReport) -> Result<Drained, MaintError> {
    let mut drained = Drained::default();
    let mut seen_ids = BTreeSet::new();
    lake.get_each(keys, |key, object| {
        report.batches += 1;
        let batch = parse_batch(&object.body);
        if batch.unreadable > 0 {
            tracing::warn!(key = %key, unreadable = batch.unreadable, "batch lines skipped");
        }
        report.unreadable += batch.unreadable;
        report.records += batch.proposals.len();
        let requests: Vec<SpoolRecord> = batch
            .requests
            .into_iter()
            .filter(|record| seen_ids.insert(leases::request_id(record).to_string()))
            .collect();
        report.records += requests.len();
        drained.batches.push(DrainedBatch {
            key: key.to_string(),
            requests,
            proposals: batch.proposals,
            unreadable: batch.unreadable,
        });
        Ok::<(), MaintError>(())
    })?;
    Ok(drained)
}

/// The proposals of every batch the checkpoint says holds any, in key order (those this run read
/// already, the others read again), then of every pack; and the batches they came from.
fn read_proposals_of(
    lake: &Lake,
    layout: &FleetLayout,
    folded: &Folded,
    drained: &Drained,
    report: &mut MaintReport,
) -> Result<(Vec<ClaimEvent>, BTreeSet<String>), MaintError> {
    let read: std::collections::HashMap<&str, &DrainedBatch> =
        drained.batches.iter().map(|b| (b.key.as_str(), b)).collect();
    let mut gathered = pack::Gathered::default();
    let mut again = vec![];
    for key in folded.proposal_batches() {
        match read.get(key) {
            Some(batch) => {
                gathered.proposals.extend(batch.proposals.iter().cloned());
                gathered.taken.insert(key.to_string());
            }
            None => again.push(key),
        }
    }
    lake.get_each(again, |key, object| {
        gathered.take(key, parse_batch(&object.body));
        Ok::<(), MaintError>(())
    })?;
    gathered.add_packs(lake, layout, &folded.packs)?;
    report.unreadable += gathered.unreadable;
    report.weighed = gathered.proposals.len();
    Ok((gathered.proposals, gathered.taken))
}

/// The `proposed` events of every drained batch and pack (what `ctxlake claims list` folds).
pub(crate) fn read_proposals(lake: &Lake, layout: &FleetLayout) -> Result<Vec<ClaimEvent>, MaintError> {
    let keys = keys_under(lake, &layout.spool_prefix())?;
    let keys: Vec<&String> = keys.iter().collect();
    let drained = read_batches(lake, &keys, &mut MaintReport::default())?;
    let mut gathered = pack::Gathered::default();
    for batch in drained.batches {
        gathered.proposals.extend(batch.proposals);
        gathered.taken.insert(batch.key);
    }
    let named = checkpoint::read(lake, layout)?.map(|c| c.packs).unwrap_or_default();
    gathered.add_packs(lake, layout, &named)?;
    Ok(gathered.proposals)
}

/// What the gate knows besides the claim events: the agents the fold has seen (in a batch or
/// announced by presence), the owner's approvals, and the store's clock.
pub(crate) fn gate_facts(
    lake: &Lake,
    layout: &FleetLayout,
    folded: &Folded,
    now: DateTime<Utc>,
) -> Result<GateFacts, MaintError> {
    let mut known_agents: BTreeSet<String> = folded.announced.keys().cloned().collect();
    known_agents.extend(folded.agents.iter().cloned());
    Ok(GateFacts { known_agents, approved: read_approvals(lake, layout)?, now })
}

/// The claim ids the fleet's owner approved (`ctxlake claims approve`).
fn read_approvals(lake: &Lake, layout: &FleetLayout) -> Result<BTreeSet<String>, MaintError> {
    let mut approved = BTreeSet::new();
    for listed in lake.list(&layout.approvals_prefix())? {
        let Some(object) = lake.get(&listed.key)? else { continue };
        match serde_json::from_slice::<ClaimApproval>(&object.body) {
            Ok(approval) => {
                approved.insert(approval.claim_id);
            }
            Err(e) => tracing::warn!(key = %listed.key, error = %e, "unreadable approval skipped"),
        }
    }
    Ok(approved)
}

/// The keys under `prefix`, in key order.
fn keys_under(lake: &Lake, prefix: &object_store::path::Path) -> Result<BTreeSet<String>, MaintError> {
    Ok(lake.list(prefix)?.into_iter().map(|l| l.key.to_string()).collect())
}

/// Every claim event in the lake: the gate's verdicts and the owner's events.
pub(crate) fn read_events(lake: &Lake, layout: &FleetLayout) -> Result<Vec<ClaimEvent>, MaintError> {
    read_events_at(lake, &list_event_keys(lake, layout)?)
}

/// The keys of every object under `events/`, in key order.
fn list_event_keys(lake: &Lake, layout: &FleetLayout) -> Result<Vec<String>, MaintError> {
    Ok(keys_under(lake, &layout.events_prefix())?.into_iter().collect())
}

/// The claim events of the objects named. A verdict batch holds many events, one per line; an
/// owner event is one JSON object. The same verdict can sit in two batches (two runs at once):
/// the earliest per (kind, claim) is kept, so a rerun never moves a verdict's time.
fn read_events_at(lake: &Lake, keys: &[String]) -> Result<Vec<ClaimEvent>, MaintError> {
    let mut events: Vec<ClaimEvent> = read_event_objects(lake, keys)?.into_iter().flat_map(|(_, e)| e).collect();
    keep_earliest_verdicts(&mut events);
    Ok(events)
}

/// The claim events of each object named, by its key, in the keys' order; none dropped.
fn read_event_objects(lake: &Lake, keys: &[String]) -> Result<Vec<(String, Vec<ClaimEvent>)>, MaintError> {
    let mut objects = vec![];
    lake.get_each(keys, |key, object| {
        let batch = parse_verdicts(&object.body);
        if batch.unreadable > 0 {
            tracing::warn!(key = %key, unreadable = batch.unreadable, "unreadable claim events skipped");
        }
        objects.push((key.to_string(), batch.events));
        Ok::<(), MaintError>(())
    })?;
    Ok(objects)
}

/// Keeps one verdict per (kind, claim): the earliest, and of equal times the first listed. The
/// keys borrow the events' ids: at a million verdicts, copying each id into the map was a
/// million allocations of a rebuild's read step.
fn keep_earliest_verdicts(events: &mut Vec<ClaimEvent>) {
    let mut earliest: HashMap<(&'static str, &str), (DateTime<Utc>, usize)> = HashMap::new();
    for (i, event) in events.iter().enumerate() {
        if let Some(verdict) = verdict_key(event) {
            let at = event_time(event);
            earliest.entry(verdict).and_modify(|kept| *kept = (*kept).min((at, i))).or_insert((at, i));
        }
    }
    let keep: Vec<bool> = events
        .iter()
        .enumerate()
        .map(|(i, event)| {
            verdict_key(event).is_none_or(|verdict| earliest.get(&verdict).is_some_and(|kept| kept.1 == i))
        })
        .collect();
    let mut keep = keep.into_iter();
    events.retain(|_| keep.next().unwrap_or(true)); // as many flags as events
}

/// The claim events of one object under `events/`: whole lines of JSON (a verdict batch, or an
/// owner event on one line), each an event or counted unreadable. The lake is shared, so these
/// bytes are outside input.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct ParsedVerdicts {
    pub events: Vec<ClaimEvent>,
    pub unreadable: usize,
}

pub fn parse_verdicts(body: &[u8]) -> ParsedVerdicts {
    let mut parsed = ParsedVerdicts::default();
    // An owner event is written pretty-printed or not: try the whole body as one event first.
    if let Ok(event) = serde_json::from_slice::<ClaimEvent>(body) {
        parsed.events.push(event);
        return parsed;
    }
    let lines = map_lines(body, PARALLEL_FROM, |line| {
        (!line.iter().all(u8::is_ascii_whitespace)).then(|| serde_json::from_slice::<ClaimEvent>(line).ok())
    });
    for line in lines {
        match line {
            Some(event) => parsed.events.push(event),
            None => parsed.unreadable += 1,
        }
    }
    parsed
}

fn read_presence(lake: &Lake, layout: &FleetLayout) -> Result<Vec<Presence>, MaintError> {
    let mut presence = vec![];
    for listed in lake.list(&layout.presence_prefix())? {
        let Some(object) = lake.get(&listed.key)? else { continue };
        match serde_json::from_slice::<Presence>(&object.body) {
            Ok(p) => presence.push(p),
            Err(e) => tracing::warn!(key = %listed.key, error = %e, "unreadable presence skipped"),
        }
    }
    Ok(presence)
}

/// Rebuilds the merged roster from presence objects younger than `ttl` (by the store's clock);
/// returns how many agents it lists.
pub fn rebuild_roster(
    lake: &Lake,
    layout: &FleetLayout,
    writer: &str,
    presence: &[Presence],
    now: DateTime<Utc>,
    ttl: Duration,
) -> Result<usize, MaintError> {
    let mut live: Vec<&Presence> = presence.iter().filter(|p| p.heartbeat_at > now - ttl).collect();
    live.sort_by(|a, b| a.agent_id.cmp(&b.agent_id));
    let agents: Vec<Value> = live
        .iter()
        .map(|p| {
            let mut entry = serde_json::json!({
                "agent_id": p.agent_id,
                "fleet_id": p.fleet_id,
                "host": p.host,
                "updated_at": stamp_time(&p.last_seen),
                "heartbeat_at": stamp_time(&p.heartbeat_at),
            });
            // What a live session announced; absent for an agent known only from its records.
            let session = [
                ("session_id", &p.session_id),
                ("runtime", &p.runtime),
                ("cwd", &p.cwd),
                ("repo", &p.repo),
                ("branch", &p.branch),
            ];
            for (key, value) in session {
                if let Some(value) = value {
                    entry[key] = Value::String(value.clone());
                }
            }
            entry
        })
        .collect();
    let count = agents.len();
    cas::update::<RosterDocument, CasError>(lake, &layout.roster(), writer, |_| {
        Ok(Some(RosterDocument {
            generated_at: now,
            source: "roster_build".into(),
            agents: agents.clone(),
            stamp: CasStamp { writer: String::new(), epoch: 0, nonce: String::new() },
        }))
    })?;
    Ok(count)
}

fn write_history(
    lake: &Lake,
    layout: &FleetLayout,
    writer: &str,
    sessions: &[SessionDigest],
    now: DateTime<Utc>,
) -> Result<(), MaintError> {
    let sessions: Vec<Value> =
        sessions.iter().map(|s| serde_json::to_value(s).expect("session digests serialize")).collect();
    cas::update::<HistoryDocument, CasError>(lake, &layout.history(), writer, |_| {
        Ok(Some(HistoryDocument {
            generated_at: now,
            sessions: sessions.clone(),
            stamp: CasStamp { writer: String::new(), epoch: 0, nonce: String::new() },
        }))
    })?;
    Ok(())
}

/// One session per handoff, newest first. A handoff carries no session id of its own yet, so
/// its record id names the session; nor a repo, so the repo and branch are those its agent's
/// latest presence announced (what context packs scope a project by; kept by the checkpoint
/// once gc removed the presence), and `next` is kept.
fn sessions_from_handoffs(requests: &[SpoolRecord], announced: &BTreeMap<String, Announced>) -> Vec<SessionDigest> {
    let mut by_id: BTreeMap<String, (DateTime<Utc>, SessionDigest)> = BTreeMap::new();
    for record in requests {
        if let SpoolRecord::Handoff { id, at, agent_id, summary, status, next, .. } = record {
            let announced = announced.get(agent_id);
            let digest = SessionDigest {
                session_id: Some(id.clone()),
                agent_id: Some(agent_id.clone()),
                ended_at: Some(stamp_time(at)),
                outcome: Some(status.clone()),
                summary: Some(summary.clone()),
                next: next.clone(),
                repo: announced.and_then(|p| p.repo.clone()),
                branch: announced.and_then(|p| p.branch.clone()),
                turn_count: Some(0),
                ..SessionDigest::default()
            };
            by_id.insert(id.clone(), (*at, digest));
        }
    }
    let mut sessions: Vec<(DateTime<Utc>, SessionDigest)> = by_id.into_values().collect();
    sessions.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.session_id.cmp(&b.1.session_id)));
    sessions.into_iter().take(MAX_SESSIONS).map(|(_, s)| s).collect()
}

/// Fills the snapshot's sessions table, so the briefing and `fleet_history` read real sessions.
fn fill_sessions(path: &std::path::Path, sessions: &[SessionDigest]) -> Result<(), MaintError> {
    let shown = path.display().to_string();
    let sql = |source| SnapshotError::Sqlite { path: shown.clone(), source };
    let db = rusqlite::Connection::open(path).map_err(sql)?;
    let tx = db.unchecked_transaction().map_err(sql)?;
    // A rewrite of the current snapshot's sessions replaces them all.
    tx.execute("DELETE FROM sessions", []).map_err(sql)?;
    {
        let mut insert = tx
            .prepare(
                "INSERT OR REPLACE INTO sessions (session_id, agent_id, runtime, repo, branch, started_at, ended_at,
                 duration_ms, turn_count, outcome, summary, files_json, commands_json, friction_json, input_tokens,
                 output_tokens, cost_usd) VALUES (?1, ?2, ?3, NULL, NULL, NULL, ?4, NULL, 0, ?5, ?6, '[]', '[]', '[]', 0, 0, 0)",
            )
            .map_err(sql)?;
        for s in sessions {
            insert
                .execute(rusqlite::params![
                    s.session_id,
                    s.agent_id.clone().unwrap_or_default(),
                    s.runtime.clone().unwrap_or_else(|| "unknown".into()),
                    s.ended_at,
                    s.outcome.clone().unwrap_or_default(),
                    s.summary.clone().unwrap_or_default(),
                ])
                .map_err(sql)?;
        }
    }
    tx.commit().map_err(sql)?;
    Ok(())
}

fn stamp_time(at: &DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fleet's events of every kind the fold and the gate act on: proposals over a few subjects
    /// (restatements, corrections, a hypothesis, an unknown agent), an earlier run's verdicts, an
    /// owner's retirement, a quarantine and a calibration; dated `minutes` minutes after 10:00.
    fn a_fleets_events(minutes: i64) -> Vec<ClaimEvent> {
        let at = |m: i64| {
            stamp_time(&("2026-09-09T10:00:00Z".parse::<DateTime<Utc>>().expect("a time") + Duration::minutes(m)))
        };
        let types = ["convention", "environment", "outcome", "hypothesis"];
        let agents = ["agent-a", "agent-b", "agent-z"];
        let mut events: Vec<ClaimEvent> = (0..600)
            .map(|i: usize| {
                let evidence: Vec<Value> = (0..1 + i % 3)
                    .map(|s| serde_json::json!({"session_id": format!("s{}", (i + s) % 41), "message_id": format!("m{i}"), "excerpt_hash": "", "observed_at": at(0)}))
                    .collect();
                // Every fifth restates an earlier claim's words; every seventh corrects the claim before it.
                let text = if i % 5 == 4 { format!("module {} builds with profile {}", (i - 4) % 9, (i - 4) % 5) } else { format!("module {} builds with profile {}", i % 9, i % 5) };
                let mut proposal = serde_json::json!({"kind": "proposed", "claim_id": format!("c{i:04}"), "claim": text,
                    "claim_type": types[i % 4], "subject": format!("subject-{}", i / 30), "scope": "agent",
                    "observed_by": agents[i % 3], "observed_at": at(i as i64 % minutes), "evidence": evidence});
                if i % 7 == 6 {
                    proposal["supersedes"] = serde_json::json!(format!("c{:04}", i - 1));
                }
                serde_json::from_value(proposal).expect("a proposal")
            })
            .collect();
        let facts = GateFacts {
            known_agents: ["agent-a", "agent-b"].map(String::from).into(),
            approved: BTreeSet::new(),
            now: at(minutes).parse().expect("a time"),
        };
        // An earlier run's verdicts over the first half, then the owner's decisions.
        let earlier = gate::run(&events[..300], &GateFacts { now: at(minutes / 2).parse().expect("a time"), ..facts });
        // A later restatement of a claim that run promoted, from a new session: corroborated.
        let promoted = earlier.events.iter().find_map(|e| match e {
            ClaimEvent::Promoted { claim_id, .. } => Some(claim_id.clone()),
            _ => None,
        });
        let promoted = promoted.expect("the earlier run promoted a claim");
        let mut restated = serde_json::to_value(
            events
                .iter()
                .find(|e| matches!(e, ClaimEvent::Proposed { claim_id, .. } if claim_id.to_string() == promoted))
                .expect("its proposal"),
        )
        .expect("a value");
        restated["claim_id"] = serde_json::json!("c9999");
        restated["evidence"][0]["session_id"] = serde_json::json!("s-new");
        events.extend(earlier.events);
        events.push(serde_json::from_value(restated).expect("a proposal"));
        for owner in [
            serde_json::json!({"kind": "retired", "claim_id": "c0001", "at": at(minutes - 1), "reason": "stale"}),
            serde_json::json!({"kind": "agent_quarantined", "agent_id": "agent-b", "at": at(minutes - 1), "reason": "noisy"}),
            serde_json::json!({"kind": "calibration_scored", "agent_id": "agent-a", "at": at(minutes - 1), "resolved_count": 12, "correct_count": 3, "incorrect_count": 9, "expired_count": 0, "brier_score": 0.4, "low_sample": false}),
        ] {
            events.push(serde_json::from_value(owner).expect("an owner event"));
        }
        events
    }

    #[test]
    fn the_gates_rows_with_its_verdicts_added_are_a_fold_of_everything() {
        for (minutes, why) in
            [(60, "every event before the store's clock: one fold"), (0, "events at the store's clock: folded again")]
        {
            let events = a_fleets_events(minutes.max(1));
            let now: DateTime<Utc> =
                "2026-09-09T10:00:00Z".parse::<DateTime<Utc>>().expect("a time") + Duration::minutes(minutes);
            let facts = GateFacts {
                known_agents: ["agent-a", "agent-b"].map(String::from).into(),
                approved: BTreeSet::new(),
                now,
            };
            let (rows, outcome, folded_once) = gate_and_fold(events.clone(), &facts, false);
            let (tracked, tracked_outcome, _) = gate_and_fold(events.clone(), &facts, true);
            assert_eq!(tracked_outcome, outcome, "{why}: the gate over a tracked fold");
            assert!(tracked.rows() == rows.rows(), "{why}: a tracked fold's rows");
            let expected = gate::run(&events, &facts);
            assert_eq!(outcome, expected, "{why}");
            assert!(outcome.events.iter().any(|e| matches!(e, ClaimEvent::Promoted { .. })), "{why}");
            assert!(outcome.events.iter().any(|e| matches!(e, ClaimEvent::Contested { .. })), "{why}");
            assert!(outcome.events.iter().any(|e| matches!(e, ClaimEvent::Corroborated { .. })), "{why}");
            assert_eq!(folded_once, minutes > 0, "{why}");
            let mut all = events.clone();
            all.extend(expected.events);
            assert!(
                rows.rows().into_iter().cloned().collect::<Vec<_>>() == snapshot::fold(all),
                "{why}: the rows differ from a fold of the events and the verdicts"
            );
        }
    }

    #[test]
    fn a_costly_embedder_is_offered_the_current_snapshots_vectors_only_when_its_bytes_match_the_pointer() {
        use crate::embed::testing::Counting;
        let dir = tempfile::tempdir().expect("temp dir");
        let lake = Lake::open(&format!("file://{}", dir.path().join("lake").display()), &Default::default())
            .expect("a folder lake");
        let layout = FleetLayout::new(&FleetId::new("f").expect("a fleet id"));
        let embedder = Counting::default();
        let built = dir.path().join("built.sqlite");
        let row = snapshot::write::tests::row("c1", "staging ssh listens on 2222");
        snapshot::write(&built, &[row], Mode::Agent, &embedder, "2026-09-09T00:00:00Z".parse().expect("a time"))
            .expect("written");
        let bytes = std::fs::read(&built).expect("read");
        let hash = sha256_hex(&bytes);
        lake.put_if_absent(&layout.snapshot(&hash), bytes).expect("stored");
        let pointer = |content_hash: &str| SnapshotPointer {
            content_hash: content_hash.to_string(),
            key: layout.snapshot(content_hash).to_string(),
            generated_at: "2026-09-09T00:00:00Z".parse().expect("a time"),
            claims: None,
            visible: None,
            inputs: None,
            recheck_at: None,
            stamp: CasStamp { writer: String::new(), epoch: 0, nonce: String::new() },
        };
        let scratch = tempfile::tempdir().expect("temp dir");
        let offered = |current: Option<&SnapshotPointer>, embedder: &dyn crate::embed::Embedder| {
            reusable_vectors(&lake, &layout, current, embedder, scratch.path()).len()
        };
        assert_eq!(offered(Some(&pointer(&hash)), &embedder), 1);
        assert_eq!(offered(None, &embedder), 0, "no current snapshot");
        assert_eq!(offered(Some(&pointer(&hash)), &crate::embed::Lexical), 0, "not worth the download");
        // A pointer whose blob is missing, or whose bytes are not what its hash says.
        assert_eq!(offered(Some(&pointer(&"0".repeat(64))), &embedder), 0);
        let forged = "1".repeat(64);
        lake.put_if_absent(&layout.snapshot(&forged), std::fs::read(&built).expect("read")).expect("stored");
        assert_eq!(offered(Some(&pointer(&forged)), &embedder), 0);
    }

    #[test]
    fn a_batch_line_this_build_cannot_read_counts_as_a_proposal_in_the_checkpoint() {
        let dir = tempfile::tempdir().expect("temp dir");
        let lake = Lake::open(&format!("file://{}", dir.path().display()), &Default::default()).expect("a lake");
        let fleet = FleetId::new("f").expect("a fleet id");
        let layout = FleetLayout::new(&fleet);
        let body = concat!(
            r#"{"kind":"release_request","id":"r1","at":"2026-09-01T00:00:00Z","fleet_id":"f","agent_id":"a","paths":null}"#,
            "\n",
            r#"{"kind":"proposed","claim_id":"c1","from":"a newer build"}"#,
            "\n"
        );
        let key = layout.spool_batch(&crate::lake::HostId::new("h").expect("a host"), &sha256_hex(body.as_bytes()));
        lake.put_if_absent(&key, body.as_bytes().to_vec()).expect("stored");
        let report = maint(&lake, &MaintOptions::new(&fleet, "w")).expect("maint");
        assert_eq!(report.unreadable, 1);
        let folded = checkpoint::read(&lake, &layout).expect("read").expect("a checkpoint");
        assert_eq!(folded.batches.get(key.as_ref()), Some(&1), "read again by every gate, never removed by gc");
    }

    fn verdict(line: &str) -> ClaimEvent {
        serde_json::from_str(line).expect("a claim event")
    }

    #[test]
    fn a_verdict_in_two_batches_is_kept_once_at_its_earliest_time() {
        let late =
            r#"{"kind":"promoted","claim_id":"c1","at":"2026-09-02T00:00:00Z","independent_count":2,"confidence":0.8}"#;
        let early =
            r#"{"kind":"promoted","claim_id":"c1","at":"2026-09-01T00:00:00Z","independent_count":2,"confidence":0.8}"#;
        let other =
            r#"{"kind":"contested","claim_id":"c1","at":"2026-09-03T00:00:00Z","conflicts_with":null,"reason":"r"}"#;
        let mut events = vec![verdict(late), verdict(early), verdict(early), verdict(other)];
        keep_earliest_verdicts(&mut events);
        assert_eq!(events, [verdict(early), verdict(other)]);
    }

    #[test]
    fn a_verdict_batch_is_read_line_by_line_and_an_owner_event_whole() {
        let batch =
            "{\"kind\":\"retired\",\"claim_id\":\"c1\",\"at\":\"2026-09-01T00:00:00Z\",\"reason\":\"r\"}\nnot json\n\n";
        let parsed = parse_verdicts(batch.as_bytes());
        assert_eq!((parsed.events.len(), parsed.unreadable), (1, 1));
        let pretty =
            "{\n  \"kind\": \"agent_unquarantined\",\n  \"agent_id\": \"a\",\n  \"at\": \"2026-09-01T00:00:00Z\"\n}";
        assert_eq!(parse_verdicts(pretty.as_bytes()).events.len(), 1);
    }

    #[test]
    fn a_large_verdict_batch_reads_in_order_on_every_core() {
        let line = |i: usize| match i % 4 {
            0 => format!(
                "{{\"kind\":\"retired\",\"claim_id\":\"c{i}\",\"at\":\"2026-09-01T00:00:00Z\",\"reason\":\"r\"}}"
            ),
            1 => " \t\r".to_string(),
            2 => String::new(),
            _ => format!("not json {i}"),
        };
        let body = format!("\n{}\n \n", (0..16_000).map(line).collect::<Vec<_>>().join("\n"));
        assert!(body.len() >= PARALLEL_FROM, "parsed on the pool");
        let parsed = parse_verdicts(body.as_bytes());
        let ids: Vec<String> = parsed
            .events
            .iter()
            .map(|event| match event {
                ClaimEvent::Retired { claim_id, .. } => claim_id.to_string(),
                other => panic!("not the retirement: {other:?}"),
            })
            .collect();
        assert_eq!(ids, (0..4_000).map(|i| format!("c{}", 4 * i)).collect::<Vec<_>>());
        assert_eq!(parsed.unreadable, 4_000, "whitespace-only lines are skipped, the rest counted");
    }
}
