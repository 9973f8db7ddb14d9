//! Folds a stream of ClaimEvents into the current state of each claim.
//!
//! Rules: events apply in time order (`observed_at` for a proposal, `at` otherwise), and a
//! verdict never before a proposal it names (its time is raised to theirs). Events of
//! one time apply in the order a gate run makes them (proposed, promoted, corroborated,
//! contested, superseded, then the owner's retired and retracted): a store whose clock keeps
//! seconds gives two runs a second apart the same time, and a claim promoted by one and
//! contested by the next must end contested whichever verdict batch is listed first. Proposals
//! of one time apply in claim id order (of two restatements in one second the smaller id is the
//! claim), other events in input order.
//! A proposal creates a candidate or merges new evidence into an existing claim: the claim of
//! its id, or the claim of its subject and type it restates (`restate::key`, words in order). A merged
//! proposal's id is an alias: events naming it apply to the claim it joined, and a claim is
//! never contested by its own restatement (a gate before the merge contested restatements
//! whose text differed in a period).
//! The first promotion wins, and a later `corroborated` raises a promoted claim's count and
//! confidence (never lowers them); a retired claim stays retired; a retracted claim (the owner's
//! verdict that it was wrong) stays retracted, whatever it was before; contesting a claim marks
//! it contested; a superseded claim (the gate promoted a correction of it) stays superseded and
//! names its replacement, unless the owner retracts it. Events for unknown claim ids are ignored, and so are events about agents
//! (calibration, quarantine), which the gate acts on before it emits claim events.

use crate::snapshot::restate;
use crate::spec::wire::claim_event::{ClaimEvent, Evidence};
use chrono::{DateTime, Utc};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Candidate,
    Promoted,
    Contested,
    Retired,
    Retracted,
    Superseded,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Candidate => "candidate",
            Status::Promoted => "promoted",
            Status::Contested => "contested",
            Status::Retired => "retired",
            Status::Retracted => "retracted",
            Status::Superseded => "superseded",
        }
    }

    /// Retired, retracted and superseded claims never change again (but the owner may still
    /// retract a superseded one).
    pub fn is_final(self) -> bool {
        matches!(self, Status::Retired | Status::Retracted | Status::Superseded)
    }
}

/// One claim as the snapshot stores it.
#[derive(Debug, Clone, PartialEq)]
pub struct ClaimRow {
    pub claim_id: String,
    pub claim: String,
    pub claim_type: String,
    pub subject: String,
    pub scope: String,
    pub observed_by: String,
    pub status: Status,
    /// Whether the gate ever promoted it: a promoted claim that is later contested stays
    /// visible (marked CONTESTED); a contested candidate never becomes visible.
    pub was_promoted: bool,
    pub evidence: Vec<Evidence>,
    pub independent_count: u64,
    pub confidence: f64,
    pub updated_at: DateTime<Utc>,
    pub embedding: Option<Vec<f32>>,
    /// The claim this one corrects, as its proposal named it (what the gate acts on).
    pub supersedes: Option<String>,
    /// The claim this one replaced: set only by a `superseded` event naming this claim as `by`,
    /// so a correction the gate did not honour never says it replaced anything.
    pub replaces: Option<String>,
    /// The correction that replaced this claim, once the gate promoted it.
    pub superseded_by: Option<String>,
    /// Ids of later proposals that restated this claim and were merged into it (their
    /// evidence is its evidence), in the order they came.
    pub merged: Vec<String>,
}

impl ClaimRow {
    /// Distinct evidence sessions (stored, never rendered).
    pub fn evidence_count(&self) -> usize {
        self.evidence.iter().map(|e| e.session_id.as_str()).collect::<HashSet<_>>().len()
    }

    /// Whether `id` names this claim: its own id, or the id of a restatement merged into it.
    pub fn answers_to(&self, id: &str) -> bool {
        self.claim_id == id || self.merged.iter().any(|merged| merged == id)
    }

    /// Whether a snapshot holds this claim: agents may be told of it, because the gate promoted
    /// it and it is still shown (visible, or superseded; in shadow mode, would be), or because
    /// the owner retired or retracted it. The others (candidates, claims contested before the
    /// gate promoted them) stay in the lake, counted in the snapshot's meta: no read returned
    /// them, and at a million proposals in the benchmark they were 62 % of the rows that every
    /// rebuild wrote and every host mirrored.
    pub fn published(&self) -> bool {
        self.visible(true) || self.shown_on_request(true) || matches!(self.status, Status::Retired | Status::Retracted)
    }

    pub fn visible(&self, agent_reads_enabled: bool) -> bool {
        agent_reads_enabled && self.was_promoted && matches!(self.status, Status::Promoted | Status::Contested)
    }

    /// A claim agents could read until a correction replaced it: returned only on request
    /// (`include_superseded`), marked with its replacement.
    pub fn shown_on_request(&self, agent_reads_enabled: bool) -> bool {
        agent_reads_enabled && self.was_promoted && self.status == Status::Superseded
    }
}

/// Parses a JSON-lines file of ClaimEvents; blank lines are skipped, a line that is not a
/// ClaimEvent is an error naming its line number (an operator input: nothing is guessed).
pub fn parse_events(text: &str) -> Result<Vec<ClaimEvent>, crate::snapshot::SnapshotError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str(line)
                .map_err(|e| crate::snapshot::SnapshotError::Invalid(format!("line {}: not a claim event: {e}", i + 1)))
        })
        .collect()
}

/// Folds events into claim rows, in claim id order.
pub fn fold(events: impl IntoIterator<Item = ClaimEvent>) -> Vec<ClaimRow> {
    Fold::new(events).into_rows()
}

/// The fold's state: the rows of the events folded so far, to which events that all apply after
/// them can be added without folding everything again. maint folds a fleet's events once, runs
/// the gate over the rows, and adds the gate's verdicts: at a million claims a second fold cost
/// about a fifth of a rebuild (docs/lake.md).
pub struct Fold {
    claims: Claims,
    /// The latest time an event folded so far applied at.
    latest: Option<DateTime<Utc>>,
    /// Kept only by a fold that may be continued ([`Fold::tracked`]).
    trail: Option<Trail>,
}

/// What a fold must remember to tell whether new events apply after everything it folded, claim
/// by claim ([`Fold::continue_with`]).
#[derive(Default)]
struct Trail {
    /// Each claim's latest time an event naming it applied at (raised, full precision).
    applied: HashMap<String, DateTime<Utc>>,
    /// Ids a verdict named before any proposal of them: the fold dropped those verdicts, and a
    /// fold from scratch would apply them after a later proposal of the id.
    dangling: HashSet<String>,
    /// Every row changed or added since the fold was made (its own events not counted) or since
    /// [`Fold::take_changed`] last returned: what a snapshot written before must be told of to
    /// show the rows now.
    changed: BTreeSet<String>,
}

/// Why new events cannot be added to a fold as if it had folded them from the start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotLater {
    #[error("the fold was not kept to be continued")]
    NotTracked,
    #[error("an event about claim {0} applies no later than one folded already")]
    NotAfterFolded(String),
    #[error("a proposal of {0} came after a verdict that named it")]
    NamedBefore(String),
}

impl Fold {
    pub fn new(events: impl IntoIterator<Item = ClaimEvent>) -> Fold {
        Fold::folding(events, None)
    }

    /// [`Fold::new`], remembering what [`Fold::continue_with`] needs (a time per claim).
    pub fn tracked(events: impl IntoIterator<Item = ClaimEvent>) -> Fold {
        Fold::folding(events, Some(Trail::default()))
    }

    fn folding(events: impl IntoIterator<Item = ClaimEvent>, trail: Option<Trail>) -> Fold {
        let mut fold = Fold { claims: Claims::default(), latest: None, trail };
        fold.apply_in_order(events.into_iter().collect());
        fold.take_changed();
        fold
    }

    /// The ids of the rows changed or added since the fold was made or since this last returned,
    /// in claim id order; none for a fold not kept to be continued. A row is never removed, so
    /// these and the rows before tell the rows now.
    pub fn take_changed(&mut self) -> BTreeSet<String> {
        self.trail.as_mut().map(|trail| std::mem::take(&mut trail.changed)).unwrap_or_default()
    }

    /// Folds `events`, which arrived after everything folded so far, when the rows are then those
    /// of one fold over all of them from the start; otherwise changes nothing and says why. That
    /// holds when every event that names a claim already folded (by id, by a restatement's id, or
    /// a proposal by its restatement key) applies strictly after every event folded for that
    /// claim, and no proposal brings an id an earlier verdict named: claims do not otherwise
    /// depend on each other's order. Ties are refused, since among events of one time the input's
    /// order decides.
    pub fn continue_with(&mut self, events: Vec<ClaimEvent>) -> Result<(), NotLater> {
        let trail = self.trail.as_ref().ok_or(NotLater::NotTracked)?;
        let applies_at = self.claims.applies_at(&events);
        for (event, at) in events.iter().zip(&applies_at) {
            let mut touched: Vec<String> = named_claims(event).map(|id| self.claims.resolve(id)).collect();
            if let ClaimEvent::Proposed { claim_id, claim, claim_type, subject, .. } = event {
                if trail.dangling.contains(claim_id.as_str()) {
                    return Err(NotLater::NamedBefore(claim_id.to_string()));
                }
                let id = self.claims.resolve(claim_id);
                if self.claims.rows.contains_key(&id) {
                    touched.push(id);
                } else {
                    let key = restate::key(claim);
                    if !key.is_empty()
                        && let Some(restated) = self.claims.by_key.get(&(subject.clone(), claim_type.to_string(), key))
                    {
                        touched.push(restated.clone());
                    }
                }
            }
            for id in touched.iter().filter(|id| self.claims.rows.contains_key(*id)) {
                if trail.applied.get(id).is_none_or(|last| last >= at) {
                    return Err(NotLater::NotAfterFolded(id.clone()));
                }
            }
        }
        self.apply_scheduled(events, applies_at);
        Ok(())
    }

    /// The rows, in claim id order.
    pub fn rows(&self) -> impl ExactSizeIterator<Item = &ClaimRow> {
        self.claims.rows.values()
    }

    /// Folds `later` on top, in the fold's order among themselves. The caller vouches that each
    /// applies after every event folded so far (its time, raised to the proposals it names, is
    /// later than theirs), so the rows are those of one fold over both: maint adds a gate run's
    /// verdicts, dated by the store's clock, to a fold of events all dated before it.
    pub fn add_later(&mut self, later: Vec<ClaimEvent>) {
        debug_assert!(later.iter().all(|event| Some(event_time(event)) > self.latest), "an event added is not later");
        self.apply_in_order(later);
    }

    pub fn into_rows(self) -> Vec<ClaimRow> {
        self.claims.rows.into_values().collect()
    }

    fn apply_in_order(&mut self, events: Vec<ClaimEvent>) {
        let applies_at = self.claims.applies_at(&events);
        self.apply_scheduled(events, applies_at);
    }

    fn apply_scheduled(&mut self, events: Vec<ClaimEvent>, applies_at: Vec<DateTime<Utc>>) {
        let proposals = events.iter().filter(|event| matches!(event, ClaimEvent::Proposed { .. })).count();
        self.latest = applies_at.iter().copied().chain(self.latest).max();
        // Of one raised time, proposals first, then verdicts by their own times: every host orders
        // them alike, whichever batch it listed first. Other ties keep the input's order (the
        // index). The keys are sorted rather than the events, which are large to move.
        let mut order: Vec<_> = events
            .iter()
            .zip(applies_at.iter().copied())
            .enumerate()
            .map(|(i, (event, at))| (at, rank(event) != 0, event_time(event), rank(event), proposal_id(event), i))
            .collect();
        crate::cores::sort_unstable(&mut order, PARALLEL_FROM);
        let order: Vec<usize> = order.into_iter().map(|key| key.5).collect();
        // Each proposal's restatement key, worked out ahead on every core: applying needs them
        // one at a time, in order, and they were a quarter of a fold's time (docs/lake.md).
        let mut keys: Vec<Option<String>> = crate::cores::map(&events, PARALLEL_FROM, |event| match event {
            ClaimEvent::Proposed { claim, .. } => Some(restate::key(claim)),
            _ => None,
        });
        let mut events: Vec<Option<ClaimEvent>> = events.into_iter().map(Some).collect();
        self.claims.by_key.reserve(proposals);
        for i in order {
            if let Some(event) = events[i].take() {
                let Some(trail) = self.trail.as_mut() else {
                    self.claims.apply(event, keys[i].take());
                    continue;
                };
                let at = applies_at[i];
                let named: Vec<String> = named_claims(&event).map(str::to_string).collect();
                let proposed = self.claims.apply(event, keys[i].take());
                for id in proposed.into_iter().chain(named.iter().map(|id| self.claims.resolve(id))) {
                    if self.claims.rows.contains_key(&id) {
                        trail.changed.insert(id.clone());
                        let last = trail.applied.entry(id).or_insert(at);
                        *last = (*last).max(at);
                    } else {
                        trail.dangling.insert(id);
                    }
                }
            }
        }
        if proposals == 0 {
            return;
        }
        // A correction may name a restatement's id (memory_propose returned it to its agent).
        let Claims { rows, merged_into, .. } = &mut self.claims;
        for row in rows.values_mut() {
            if let Some(target) = row.supersedes.as_ref().and_then(|old| merged_into.get(old)) {
                if let Some(trail) = self.trail.as_mut() {
                    trail.changed.insert(row.claim_id.clone());
                }
                row.supersedes = Some(target.clone());
            }
        }
    }
}

/// Folds of at least this many events sort and key on every core (`crate::cores`).
const PARALLEL_FROM: usize = 4096;

/// The claims a verdict names (none for a proposal or an event about an agent): it applies no
/// earlier than their proposals.
fn named_claims(event: &ClaimEvent) -> impl Iterator<Item = &str> {
    let (first, second) = match event {
        ClaimEvent::Promoted { claim_id, .. }
        | ClaimEvent::Corroborated { claim_id, .. }
        | ClaimEvent::Retired { claim_id, .. }
        | ClaimEvent::Retracted { claim_id, .. } => (Some(claim_id), None),
        ClaimEvent::Contested { claim_id, conflicts_with, .. } => (Some(claim_id), conflicts_with.as_ref()),
        ClaimEvent::Superseded { claim_id, by, .. } => (Some(claim_id), Some(by)),
        ClaimEvent::Proposed { .. }
        | ClaimEvent::CalibrationScored { .. }
        | ClaimEvent::AgentQuarantined { .. }
        | ClaimEvent::AgentUnquarantined { .. } => (None, None),
    };
    first.into_iter().chain(second).map(String::as_str)
}

/// A proposal's claim id, the tie-break among events of one time and rank (empty for others,
/// whose order among themselves stays the input's).
fn proposal_id(event: &ClaimEvent) -> &str {
    match event {
        ClaimEvent::Proposed { claim_id, .. } => claim_id.as_str(),
        _ => "",
    }
}

/// When an event happened: a proposal's observation time, every other event's `at`; the fold
/// applies events in this order.
pub fn event_time(event: &ClaimEvent) -> DateTime<Utc> {
    match event {
        ClaimEvent::Proposed { observed_at, .. } => *observed_at,
        ClaimEvent::Promoted { at, .. }
        | ClaimEvent::Corroborated { at, .. }
        | ClaimEvent::Contested { at, .. }
        | ClaimEvent::Retired { at, .. }
        | ClaimEvent::Retracted { at, .. }
        | ClaimEvent::Superseded { at, .. }
        | ClaimEvent::CalibrationScored { at, .. }
        | ClaimEvent::AgentQuarantined { at, .. }
        | ClaimEvent::AgentUnquarantined { at, .. } => *at,
    }
}

/// The (kind, claim) a verdict is kept once per: two runs at once can both reach it, and readers
/// keep the earliest (`lake::maint`). Other events have none.
pub fn verdict_key(event: &ClaimEvent) -> Option<(&'static str, &str)> {
    match event {
        ClaimEvent::Promoted { claim_id, .. } => Some(("promoted", claim_id.as_str())),
        ClaimEvent::Contested { claim_id, .. } => Some(("contested", claim_id.as_str())),
        _ => None,
    }
}

/// Whether an event is about an agent (a calibration or a quarantine): the gate reads those, the
/// fold ignores them.
pub fn about_agent(event: &ClaimEvent) -> bool {
    matches!(
        event,
        ClaimEvent::CalibrationScored { .. }
            | ClaimEvent::AgentQuarantined { .. }
            | ClaimEvent::AgentUnquarantined { .. }
    )
}

/// Where an event goes among events of the same time: the order a gate run can make them in.
fn rank(event: &ClaimEvent) -> u8 {
    match event {
        ClaimEvent::Proposed { .. } => 0,
        ClaimEvent::Promoted { .. } => 1,
        ClaimEvent::Corroborated { .. } => 2,
        ClaimEvent::Contested { .. } => 3,
        ClaimEvent::Superseded { .. } => 4,
        ClaimEvent::Retired { .. } => 5,
        ClaimEvent::Retracted { .. } => 6,
        ClaimEvent::CalibrationScored { .. }
        | ClaimEvent::AgentQuarantined { .. }
        | ClaimEvent::AgentUnquarantined { .. } => 7,
    }
}

/// The fold's state: the claims, and where restatements went.
#[derive(Default)]
struct Claims {
    rows: BTreeMap<String, ClaimRow>,
    /// (subject, claim type, restatement key) → the claim holding that key.
    by_key: HashMap<(String, String, String), String>,
    /// A merged proposal's id → the claim it joined.
    merged_into: HashMap<String, String>,
}

impl Claims {
    /// When each event applies: its own time, raised for a verdict to the first proposal of each
    /// claim it names. A store whose clock keeps whole seconds dates a verdict up to a second
    /// before the proposal it judged (stamped by a host's clock, to the nanosecond), and a host's
    /// clock may run ahead of the store's: applied first, the verdict would name no claim yet and
    /// be lost. A proposal of a claim folded already raises nothing: [`Fold::continue_with`] takes
    /// an event naming that claim only when it applies after everything folded for it, its first
    /// proposal included, so leaving the proposal out changes no time.
    fn applies_at(&self, events: &[ClaimEvent]) -> Vec<DateTime<Utc>> {
        let proposals = events.iter().filter(|event| matches!(event, ClaimEvent::Proposed { .. })).count();
        let mut first_proposed: HashMap<&str, DateTime<Utc>> = HashMap::with_capacity(proposals);
        for event in events {
            if let ClaimEvent::Proposed { claim_id, observed_at, .. } = event
                && (self.rows.is_empty() || !self.rows.contains_key(&self.resolve(claim_id)))
            {
                let at = first_proposed.entry(claim_id.as_str()).or_insert(*observed_at);
                *at = (*at).min(*observed_at);
            }
        }
        events
            .iter()
            .map(|event| {
                named_claims(event).filter_map(|id| first_proposed.get(id)).fold(event_time(event), |a, b| a.max(*b))
            })
            .collect()
    }

    /// The claim an event's id names: itself, or the claim its proposal was merged into.
    fn resolve(&self, id: &str) -> String {
        self.merged_into.get(id).cloned().unwrap_or_else(|| id.to_string())
    }

    /// Applies one event; `key` is a proposal's restatement key when it was worked out already.
    /// Returns the claim a proposal went to (its own, or the one it restates).
    fn apply(&mut self, event: ClaimEvent, key: Option<String>) -> Option<String> {
        match event {
            ClaimEvent::Proposed {
                claim_id,
                claim,
                claim_type,
                subject,
                scope,
                observed_by,
                observed_at,
                evidence,
                embedding,
                supersedes,
                ..
            } => {
                let mut id = self.resolve(&claim_id);
                if !self.rows.contains_key(&id) {
                    // A new id: it joins the claim it restates, or becomes a claim. The type
                    // stays part of what must match: a hypothesis restated as an observed fact
                    // is a new claim with its own threshold, not evidence for the hypothesis.
                    let key = (subject.clone(), claim_type.to_string(), key.unwrap_or_else(|| restate::key(&claim)));
                    match self.by_key.get(&key).filter(|_| !key.2.is_empty()).cloned() {
                        Some(restated) => {
                            self.merged_into.insert(id.clone(), restated.clone());
                            if let Some(row) = self.rows.get_mut(&restated) {
                                row.merged.push(id);
                            }
                            id = restated;
                        }
                        None => {
                            if !key.2.is_empty() {
                                self.by_key.insert(key, id.clone());
                            }
                            let embedding =
                                (!embedding.is_empty()).then(|| embedding.iter().map(|&x| x as f32).collect());
                            let row = ClaimRow {
                                claim_id: id.clone(),
                                claim,
                                claim_type: claim_type.to_string(),
                                subject,
                                scope: scope.to_string(),
                                observed_by,
                                status: Status::Candidate,
                                was_promoted: false,
                                evidence,
                                independent_count: 0,
                                confidence: 0.0,
                                updated_at: observed_at,
                                embedding,
                                supersedes: supersedes.map(|old| old.to_string()),
                                replaces: None,
                                superseded_by: None,
                                merged: vec![],
                            };
                            self.rows.insert(id.clone(), row);
                            return Some(id);
                        }
                    }
                }
                if let Some(existing) = self.rows.get_mut(&id) {
                    if existing.supersedes.is_none() {
                        existing.supersedes = supersedes.map(|old| old.to_string());
                    }
                    for item in evidence {
                        if !existing.evidence.contains(&item) {
                            existing.evidence.push(item);
                        }
                    }
                    if existing.embedding.is_none() && !embedding.is_empty() {
                        existing.embedding = Some(embedding.iter().map(|&x| x as f32).collect());
                    }
                }
                return Some(id);
            }
            ClaimEvent::Promoted { claim_id, at, independent_count, confidence } => {
                if let Some(row) = self.rows.get_mut(&self.resolve(&claim_id))
                    && !row.was_promoted
                    && !row.status.is_final()
                {
                    row.status = Status::Promoted;
                    row.was_promoted = true;
                    row.independent_count = independent_count;
                    row.confidence = confidence;
                    row.updated_at = at;
                }
            }
            ClaimEvent::Corroborated { claim_id, independent_count, confidence, .. } => {
                // Corroboration changes the count and confidence of a claim the gate promoted,
                // not its status or date; a lower count (an older run's) changes nothing.
                if let Some(row) = self.rows.get_mut(&self.resolve(&claim_id))
                    && row.was_promoted
                    && independent_count.get() > row.independent_count
                {
                    row.independent_count = independent_count.get();
                    row.confidence = confidence;
                }
            }
            ClaimEvent::Contested { claim_id, at, conflicts_with, .. } => {
                let id = self.resolve(&claim_id);
                if conflicts_with.as_deref().is_some_and(|other| self.resolve(other) == id) {
                    return None;
                }
                self.update(&id, at, Status::Contested);
            }
            ClaimEvent::Retired { claim_id, at, .. } => self.update(&self.resolve(&claim_id), at, Status::Retired),
            ClaimEvent::Superseded { claim_id, by, .. } => {
                let (id, by) = (self.resolve(&claim_id), self.resolve(&by));
                if id == by {
                    return None;
                }
                if let Some(row) = self.rows.get_mut(&id)
                    && !row.status.is_final()
                {
                    // Its date stays the one it was read under, so a timeline lists it before
                    // its replacement.
                    row.status = Status::Superseded;
                    row.superseded_by = Some(by.clone());
                    if let Some(correction) = self.rows.get_mut(&by) {
                        correction.replaces = Some(id);
                    }
                }
            }
            ClaimEvent::Retracted { claim_id, at, .. } => {
                if let Some(row) = self.rows.get_mut(&self.resolve(&claim_id))
                    && row.status != Status::Retracted
                {
                    row.status = Status::Retracted;
                    row.updated_at = at;
                }
            }
            ClaimEvent::CalibrationScored { .. }
            | ClaimEvent::AgentQuarantined { .. }
            | ClaimEvent::AgentUnquarantined { .. } => {}
        }
        None
    }

    fn update(&mut self, claim_id: &str, at: DateTime<Utc>, status: Status) {
        if let Some(row) = self.rows.get_mut(claim_id)
            && !row.status.is_final()
        {
            row.status = status;
            row.updated_at = at;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::SecondsFormat;

    fn events(lines: &str) -> Vec<ClaimEvent> {
        lines.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    const PROPOSED: &str = r#"{"kind":"proposed","claim_id":"c1","claim":"staging ssh is on 2222","claim_type":"environment","subject":"staging","scope":"agent","observed_by":"cc-01","observed_at":"2026-09-01T00:00:00Z","evidence":[{"session_id":"s1","message_id":"m1","excerpt_hash":"","observed_at":"2026-09-01T00:00:00Z"}]}"#;

    #[test]
    fn a_fold_sorted_and_keyed_on_many_cores_gives_the_rows_of_one() {
        // Restatements (one text under several ids), ties on time broken by id, proposals
        // listed out of order, and verdicts naming merged ids: every place the order shows.
        let mut lines = vec![];
        for i in (0..6_000).rev() {
            let at = format!("2026-09-01T00:00:{:02}Z", i % 7);
            let line = PROPOSED
                .replace("\"c1\"", &format!("\"c{i:05}\""))
                .replace("staging ssh is on 2222", &format!("staging ssh is on {}", 2_000 + i % 1_500))
                .replace("\"s1\"", &format!("\"s{}\"", i % 5));
            lines.push(proposed_at(&line, &at));
            if i % 3 == 0 {
                lines.push(format!(
                    r#"{{"kind":"promoted","claim_id":"c{i:05}","at":"2026-09-02T00:00:00Z","independent_count":1,"confidence":0.65}}"#
                ));
            }
        }
        let events = events(&lines.join("\n"));
        assert!(events.len() >= PARALLEL_FROM, "the fold takes the shared path");
        let many = fold(events.clone());
        // Each text's four ids make one claim, the others merged into it by their key.
        let text_of = |id: &str| id.trim_start_matches('c').parse::<u32>().map(|n| n % 1_500).ok();
        assert_eq!(many.len(), 1_500);
        assert!(
            many.iter().all(|r| r.merged.len() == 3 && r.merged.iter().all(|m| text_of(m) == text_of(&r.claim_id))),
            "restatements merged by their key"
        );
        assert_eq!(crate::cores::on_one_core(|| fold(events)), many);
    }

    /// A fleet's events as rounds of a service see them: mostly in time order, some late (a
    /// host's batch drained after a newer one), ids and texts reused (restatements and merges),
    /// verdicts on claims not proposed yet, ties. Each split folds the first part, continues
    /// with the rest, and either gives the rows of one fold over all or refuses and changes
    /// nothing.
    #[test]
    fn a_continued_fold_gives_the_rows_of_a_fold_from_scratch_or_refuses() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let base: DateTime<Utc> = "2026-09-01T00:00:00Z".parse().expect("a time");
        let (mut lines, mut proposed) = (vec![], 1);
        for i in 0..400_i64 {
            let late = if next(4) == 0 { 1 + next(30) as i64 } else { 0 };
            let at = (base + chrono::Duration::seconds(2 * i - late)).to_rfc3339_opts(SecondsFormat::Secs, true);
            // Verdicts name claims proposed so far, now and then one not proposed yet.
            let named = |n: u64| if n.is_multiple_of(97) { proposed + 1 } else { n % proposed };
            let (id, other) = (named(next(1_000)), named(next(1_000)));
            let kind = next(9);
            if kind <= 3 {
                proposed = (proposed + u64::from(next(8) == 0)).min(12);
            }
            lines.push(match kind {
                0..=3 => {
                    // Now and then a correction, of a claim or of a restatement's id.
                    let corrects = match next(5) {
                        0 => format!(r#""supersedes":"c{other}","evidence""#),
                        _ => r#""evidence""#.to_string(),
                    };
                    proposed_at(
                        &PROPOSED
                            .replace("\"c1\"", &format!("\"c{id}\""))
                            .replace("staging ssh is on 2222", &format!("staging ssh is on {}", next(15)))
                            .replace("\"s1\"", &format!("\"s{}\"", next(4)))
                            .replace(r#""evidence""#, &corrects),
                        &at,
                    )
                }
                4 => format!(
                    r#"{{"kind":"promoted","claim_id":"c{id}","at":"{at}","independent_count":{},"confidence":0.{}}}"#,
                    1 + next(3),
                    5 + next(4)
                ),
                5 => format!(r#"{{"kind":"contested","claim_id":"c{id}","at":"{at}","conflicts_with":"c{other}","reason":"r"}}"#),
                6 => format!(r#"{{"kind":"corroborated","claim_id":"c{id}","at":"{at}","independent_count":{},"confidence":0.8}}"#, 1 + next(3)),
                7 => format!(r#"{{"kind":"superseded","claim_id":"c{id}","by":"c{other}","at":"{at}"}}"#),
                _ => format!(r#"{{"kind":"retired","claim_id":"c{id}","at":"{at}","reason":"r"}}"#),
            });
        }
        let all = events(&lines.join("\n"));
        let expected = fold(all.clone());
        let (mut continued, mut refused, mut told) = (0, 0, 0);
        for split in (0..=all.len()).step_by(5) {
            let mut kept = Fold::tracked(all[..split].to_vec());
            let before: Vec<ClaimRow> = kept.rows().cloned().collect();
            assert!(kept.take_changed().is_empty(), "split at {split}: its own events counted as changes");
            match kept.continue_with(all[split..].to_vec()) {
                Ok(()) => {
                    continued += 1;
                    let changed = kept.take_changed();
                    let differ = differing(&before, &expected);
                    assert!(differ.is_subset(&changed), "split at {split}: {differ:?} changed, {changed:?} told");
                    told += differ.len();
                    assert!(kept.into_rows() == expected, "split at {split}: rows differ from a fold from scratch");
                }
                Err(_) => {
                    refused += 1;
                    assert!(kept.take_changed().is_empty(), "split at {split}: refused, yet told of changes");
                    assert!(kept.rows().cloned().collect::<Vec<_>>() == before, "split at {split}: changed");
                }
            }
        }
        assert!(continued >= 3 && refused >= 3, "{continued} continued, {refused} refused");
        assert!(told >= 5, "only {told} rows changed by a continuation");

        // Continued twice, a gate's verdict on one of the claims added between as maint adds
        // them (dated after everything folded so far).
        let mut twice = 0;
        let continued_to = |first: usize, second: usize| {
            let mut kept = Fold::tracked(all[..first].to_vec());
            kept.continue_with(all[first..second].to_vec()).is_ok().then_some(kept)
        };
        for first in (0..all.len()).step_by(40) {
            for second in (first..=all.len()).step_by(15) {
                let Some(ids) =
                    continued_to(first, second).map(|k| k.rows().map(|r| r.claim_id.clone()).collect::<Vec<_>>())
                else {
                    continue;
                };
                let at =
                    (base + chrono::Duration::seconds(2 * second as i64)).to_rfc3339_opts(SecondsFormat::Secs, true);
                for id in ids {
                    let verdict = events(&format!(
                        r#"{{"kind":"contested","claim_id":"{id}","at":"{at}","conflicts_with":null,"reason":"gate"}}"#
                    ));
                    let Some(mut kept) = continued_to(first, second) else { continue };
                    let before: Vec<ClaimRow> = kept.rows().cloned().collect();
                    kept.take_changed();
                    kept.add_later(verdict.clone());
                    if kept.continue_with(all[second..].to_vec()).is_err() {
                        continue;
                    }
                    twice += 1;
                    let changed = kept.take_changed();
                    let all = all[..second].iter().cloned().chain(verdict).chain(all[second..].iter().cloned());
                    let expected = fold(all);
                    let differ = differing(&before, &expected);
                    assert!(differ.is_subset(&changed), "splits at {first} and {second}: {differ:?} changed");
                    assert!(kept.into_rows() == expected, "splits at {first} and {second}, {id} judged: rows differ");
                }
            }
        }
        assert!(twice >= 3, "{twice} continued twice");
    }

    /// A correction named an id nobody had proposed; when that id later arrives as a restatement
    /// of another claim, the correction now names that claim, though no new event names the
    /// correction itself.
    #[test]
    fn a_correction_whose_target_is_merged_later_is_told_as_changed() {
        let correction = proposed_at(
            &PROPOSED
                .replace("\"c1\"", "\"c2\"")
                .replace("staging ssh is on 2222", "staging ssh moved to 2200")
                .replace(r#""evidence""#, r#""supersedes":"c9","evidence""#),
            "2026-09-01T00:00:01Z",
        );
        let mut kept = Fold::tracked(events(&format!("{PROPOSED}\n{correction}")));
        let before: Vec<ClaimRow> = kept.rows().cloned().collect();
        assert_eq!(before[1].supersedes.as_deref(), Some("c9"));
        let restated = proposed_at(&PROPOSED.replace("\"c1\"", "\"c9\""), "2026-09-01T00:00:02Z");
        kept.continue_with(events(&restated)).expect("later than everything folded");
        let changed = kept.take_changed();
        let after: Vec<ClaimRow> = kept.rows().cloned().collect();
        assert_eq!(after[1].supersedes.as_deref(), Some("c1"), "the correction follows the merge");
        let differ = differing(&before, &after);
        assert_eq!(differ, BTreeSet::from(["c1".to_string(), "c2".to_string()]));
        assert!(differ.is_subset(&changed), "{changed:?}");
    }

    /// The ids of the rows added, or changed in any field, from `before` to `after`. A row is
    /// never removed: what a snapshot is told of a continued fold is only what changed.
    fn differing(before: &[ClaimRow], after: &[ClaimRow]) -> BTreeSet<String> {
        let ids: HashSet<&str> = after.iter().map(|row| row.claim_id.as_str()).collect();
        assert!(before.iter().all(|row| ids.contains(row.claim_id.as_str())), "a row was removed");
        let before: HashMap<&str, &ClaimRow> = before.iter().map(|row| (row.claim_id.as_str(), row)).collect();
        let after = after.iter().filter(|row| before.get(row.claim_id.as_str()).is_none_or(|old| *old != *row));
        after.map(|row| row.claim_id.clone()).collect()
    }

    /// Of one time a promotion applies before a contest, whatever the input says: a promotion
    /// arriving after a contest of its time would, added on top, end the claim promoted where a
    /// fold from scratch ends it contested. Only a strictly later one is added.
    #[test]
    fn a_continued_fold_refuses_an_event_no_later_than_one_folded_for_its_claim() {
        let contested =
            r#"{"kind":"contested","claim_id":"c1","at":"2026-09-02T00:00:00Z","conflicts_with":null,"reason":"r"}"#;
        let promoted = |at: &str| {
            format!(r#"{{"kind":"promoted","claim_id":"c1","at":"{at}","independent_count":1,"confidence":0.65}}"#)
        };
        for (at, later) in
            [("2026-09-01T12:00:00Z", false), ("2026-09-02T00:00:00Z", false), ("2026-09-03T00:00:00Z", true)]
        {
            let folded = events(&format!("{PROPOSED}\n{contested}"));
            let mut kept = Fold::tracked(folded.clone());
            let new = events(&promoted(at));
            let continued = kept.continue_with(new.clone());
            let all = fold(folded.into_iter().chain(new));
            match later {
                true => {
                    assert_eq!(continued, Ok(()), "{at}");
                    assert!(kept.into_rows() == all, "{at}");
                }
                false => {
                    assert_eq!(continued, Err(NotLater::NotAfterFolded("c1".to_string())), "{at}");
                    assert_eq!(kept.rows().next().map(|r| r.status), Some(Status::Contested), "{at}: unchanged");
                    assert_eq!(all[0].status, Status::Contested, "{at}");
                }
            }
        }
        // A verdict on an id before its proposal: a fold from scratch applies it after the
        // proposal, a continued fold dropped it, so the proposal is refused.
        let mut kept = Fold::tracked(events(&promoted("2026-09-01T00:00:00Z")));
        assert_eq!(kept.continue_with(events(PROPOSED)), Err(NotLater::NamedBefore("c1".to_string())));
        assert_eq!(Fold::new(events(PROPOSED)).continue_with(vec![]), Err(NotLater::NotTracked));
    }

    #[test]
    fn the_first_promotion_wins() {
        let rows = fold(events(&format!(
            "{PROPOSED}\n{}\n{}",
            r#"{"kind":"promoted","claim_id":"c1","at":"2026-09-02T00:00:00Z","independent_count":2,"confidence":0.8}"#,
            r#"{"kind":"promoted","claim_id":"c1","at":"2026-09-03T00:00:00Z","independent_count":9,"confidence":0.95}"#
        )));
        assert_eq!((rows[0].status, rows[0].independent_count, rows[0].confidence), (Status::Promoted, 2, 0.8));
    }

    #[test]
    fn events_for_unknown_claims_are_ignored() {
        let rows = fold(events(
            r#"{"kind":"promoted","claim_id":"ghost","at":"2026-09-02T00:00:00Z","independent_count":2,"confidence":0.8}"#,
        ));
        assert!(rows.is_empty());
    }

    #[test]
    fn events_apply_in_time_order_not_input_order() {
        let rows = fold(events(&format!(
            "{}\n{PROPOSED}",
            r#"{"kind":"promoted","claim_id":"c1","at":"2026-09-02T00:00:00Z","independent_count":1,"confidence":0.65}"#
        )));
        assert_eq!(rows[0].status, Status::Promoted);
    }

    /// A proposal's line observed at another time.
    fn proposed_at(line: &str, at: &str) -> String {
        line.replace(
            r#""observed_at":"2026-09-01T00:00:00Z","evidence""#,
            &format!(r#""observed_at":"{at}","evidence""#),
        )
    }

    /// Two verdicts raised to one proposal's time keep their own order, whichever is listed first.
    #[test]
    fn verdicts_raised_to_one_time_apply_in_their_own_time_order() {
        let proposed = proposed_at(PROPOSED, "2026-09-01T00:00:00.900Z");
        let promoted =
            r#"{"kind":"promoted","claim_id":"c1","at":"2026-09-01T00:00:00Z","independent_count":2,"confidence":0.8}"#;
        let first = r#"{"kind":"corroborated","claim_id":"c1","at":"2026-09-01T00:00:00.100Z","independent_count":3,"confidence":0.85}"#;
        let second = r#"{"kind":"corroborated","claim_id":"c1","at":"2026-09-01T00:00:00.200Z","independent_count":3,"confidence":0.9}"#;
        for lines in
            [format!("{proposed}\n{promoted}\n{first}\n{second}"), format!("{second}\n{first}\n{promoted}\n{proposed}")]
        {
            let rows = fold(events(&lines));
            assert_eq!(
                (rows[0].status, rows[0].independent_count, rows[0].confidence),
                (Status::Promoted, 3, 0.85),
                "{lines}"
            );
        }
    }

    /// The lake's clock on S3 keeps whole seconds, the proposal's the host's nanoseconds: the
    /// gate that promoted a claim in the second it was proposed dates the verdict before it.
    #[test]
    fn a_verdict_dated_before_the_proposal_it_names_still_applies() {
        let proposed = proposed_at(PROPOSED, "2026-09-01T00:00:00.436Z");
        let promoted =
            r#"{"kind":"promoted","claim_id":"c1","at":"2026-09-01T00:00:00Z","independent_count":2,"confidence":0.8}"#;
        for lines in [format!("{proposed}\n{promoted}"), format!("{promoted}\n{proposed}")] {
            let rows = fold(events(&lines));
            assert_eq!((rows[0].status, rows[0].independent_count), (Status::Promoted, 2), "{lines}");
        }
        // A contest naming a claim proposed after its own time applies after that proposal too.
        let second = proposed_at(PROPOSED, "2026-09-01T00:00:00.900Z")
            .replace(r#""claim_id":"c1""#, r#""claim_id":"c2""#)
            .replace("2222", "22");
        let contested =
            r#"{"kind":"contested","claim_id":"c2","at":"2026-09-01T00:00:00Z","conflicts_with":"c1","reason":"x"}"#;
        let rows = fold(events(&format!("{contested}\n{promoted}\n{second}\n{proposed}")));
        let status: Vec<_> = rows.iter().map(|r| (r.claim_id.as_str(), r.status)).collect();
        assert_eq!(status, [("c1", Status::Promoted), ("c2", Status::Contested)]);
    }

    #[test]
    fn a_promotion_and_a_contest_of_the_same_second_end_contested_in_either_input_order() {
        let promoted = r#"{"kind":"promoted","claim_id":"c1","at":"2026-09-02T00:00:00Z","independent_count":1,"confidence":0.65}"#;
        let contested =
            r#"{"kind":"contested","claim_id":"c1","at":"2026-09-02T00:00:00Z","conflicts_with":"c2","reason":"x"}"#;
        for lines in [format!("{PROPOSED}\n{promoted}\n{contested}"), format!("{contested}\n{promoted}\n{PROPOSED}")] {
            let rows = fold(events(&lines));
            assert_eq!((rows[0].status, rows[0].was_promoted), (Status::Contested, true), "{lines}");
        }
    }

    #[test]
    fn a_retracted_claim_stays_retracted_and_invisible_even_if_it_was_retired_or_promoted_again() {
        let promoted =
            r#"{"kind":"promoted","claim_id":"c1","at":"2026-09-02T00:00:00Z","independent_count":2,"confidence":0.8}"#;
        let retired = r#"{"kind":"retired","claim_id":"c1","at":"2026-09-03T00:00:00Z","reason":"stale"}"#;
        let retracted = r#"{"kind":"retracted","claim_id":"c1","at":"2026-09-04T00:00:00Z","reason":"it was wrong"}"#;
        let later = [
            r#"{"kind":"contested","claim_id":"c1","at":"2026-09-05T00:00:00Z","conflicts_with":null,"reason":"x"}"#,
            r#"{"kind":"retired","claim_id":"c1","at":"2026-09-06T00:00:00Z","reason":"stale"}"#,
        ]
        .join("\n");
        for lines in [
            format!("{PROPOSED}\n{promoted}\n{retracted}\n{later}"),
            format!("{PROPOSED}\n{promoted}\n{retired}\n{retracted}\n{later}"),
        ] {
            let rows = fold(events(&lines));
            assert_eq!(rows[0].status, Status::Retracted, "{lines}");
            assert!(!rows[0].visible(true));
        }
        let promoted_later = promoted.replace("2026-09-02", "2026-09-09");
        let rows = fold(events(&format!("{PROPOSED}\n{retracted}\n{promoted_later}")));
        assert_eq!(rows[0].status, Status::Retracted, "a retracted candidate is never promoted");
        assert!(!rows[0].was_promoted);
    }

    #[test]
    fn a_retired_claim_stays_retired_and_invisible() {
        let rows = fold(events(&format!(
            "{PROPOSED}\n{}\n{}",
            r#"{"kind":"retired","claim_id":"c1","at":"2026-09-02T00:00:00Z","reason":"stale"}"#,
            r#"{"kind":"promoted","claim_id":"c1","at":"2026-09-03T00:00:00Z","independent_count":1,"confidence":0.65}"#
        )));
        assert_eq!(rows[0].status, Status::Retired);
        assert!(!rows[0].visible(true));
    }

    #[test]
    fn a_promoted_then_contested_claim_stays_visible_but_a_contested_candidate_does_not() {
        let contested =
            r#"{"kind":"contested","claim_id":"c1","at":"2026-09-04T00:00:00Z","conflicts_with":null,"reason":"r"}"#;
        let candidate = fold(events(&format!("{PROPOSED}\n{contested}")));
        assert!(!candidate[0].visible(true));
        let promoted = fold(events(&format!(
            "{PROPOSED}\n{}\n{contested}",
            r#"{"kind":"promoted","claim_id":"c1","at":"2026-09-02T00:00:00Z","independent_count":1,"confidence":0.65}"#
        )));
        assert_eq!(promoted[0].status, Status::Contested);
        assert!(promoted[0].visible(true));
        assert!(!promoted[0].visible(false), "shadow mode shows nothing");
    }

    #[test]
    fn a_superseded_claim_names_its_replacement_stays_superseded_and_can_still_be_retracted() {
        let promoted =
            r#"{"kind":"promoted","claim_id":"c1","at":"2026-09-02T00:00:00Z","independent_count":2,"confidence":0.8}"#;
        let correction = PROPOSED
            .replace(r#""claim_id":"c1""#, r#""claim_id":"c2""#)
            .replace(r#""claim":"staging ssh is on 2222""#, r#""claim":"staging ssh moved to 2200","supersedes":"c1""#);
        let superseded = r#"{"kind":"superseded","claim_id":"c1","at":"2026-09-03T00:00:00Z","by":"c2"}"#;
        let contested =
            r#"{"kind":"contested","claim_id":"c1","at":"2026-09-04T00:00:00Z","conflicts_with":null,"reason":"x"}"#;
        let rows = fold(events(&format!("{PROPOSED}\n{promoted}\n{correction}\n{superseded}\n{contested}")));
        assert_eq!((rows[0].status, rows[0].superseded_by.as_deref()), (Status::Superseded, Some("c2")));
        assert!(!rows[0].visible(true) && rows[0].shown_on_request(true) && !rows[0].shown_on_request(false));
        assert_eq!((rows[1].supersedes.as_deref(), rows[1].replaces.as_deref()), (Some("c1"), Some("c1")));
        let unhonoured = fold(events(&format!("{PROPOSED}\n{promoted}\n{correction}")));
        assert_eq!(unhonoured[1].replaces, None, "no superseded event: the correction replaced nothing");
        let retracted = r#"{"kind":"retracted","claim_id":"c1","at":"2026-09-05T00:00:00Z","reason":"wrong"}"#;
        let rows = fold(events(&format!("{PROPOSED}\n{promoted}\n{superseded}\n{retracted}")));
        assert_eq!(rows[0].status, Status::Retracted);
        assert!(!rows[0].shown_on_request(true), "a retracted claim is never shown, even on request");
    }

    #[test]
    fn a_repeated_proposal_merges_evidence_without_duplicates() {
        let second = PROPOSED.replace(r#""session_id":"s1""#, r#""session_id":"s2""#);
        let rows = fold(events(&format!("{PROPOSED}\n{PROPOSED}\n{second}")));
        assert_eq!(rows[0].evidence.len(), 2);
        assert_eq!(rows[0].evidence_count(), 2);
    }

    fn restating(id: &str, text: &str, session: &str) -> String {
        PROPOSED
            .replace(r#""claim_id":"c1""#, &format!(r#""claim_id":"{id}""#))
            .replace("staging ssh is on 2222", text)
            .replace(r#""session_id":"s1""#, &format!(r#""session_id":"{session}""#))
    }

    #[test]
    fn a_restatement_joins_the_claim_it_restates_with_its_sessions() {
        let rows = fold(events(&format!("{PROPOSED}\n{}", restating("c2", "Staging SSH is on 2222.", "s2"))));
        assert_eq!(rows.len(), 1, "{rows:?}");
        assert_eq!(
            (rows[0].claim_id.as_str(), rows[0].evidence_count(), &rows[0].merged[..]),
            ("c1", 2, &["c2".to_string()][..])
        );
    }

    #[test]
    fn other_words_another_subject_or_another_type_stay_separate_claims() {
        let other_subject =
            restating("c3", "staging ssh is on 2222", "s3").replace(r#""subject":"staging""#, r#""subject":"prod""#);
        let other_type = restating("c4", "staging ssh is on 2222", "s4")
            .replace(r#""claim_type":"environment""#, r#""claim_type":"hypothesis""#);
        let lines =
            [PROPOSED.to_string(), restating("c2", "staging ssh listens on 2222", "s2"), other_subject, other_type];
        assert_eq!(fold(events(&lines.join("\n"))).len(), 4);
    }

    #[test]
    fn of_two_restatements_in_one_second_the_smaller_id_is_the_claim_in_either_input_order() {
        let (a, b) = (restating("c9", "staging ssh is on 2222", "s9"), restating("c5", "Staging SSH is on 2222", "s5"));
        for lines in [format!("{a}\n{b}"), format!("{b}\n{a}")] {
            let rows = fold(events(&lines));
            assert_eq!((rows.len(), rows[0].claim_id.as_str()), (1, "c5"), "{lines}");
        }
    }

    #[test]
    fn events_naming_a_restatements_id_apply_to_its_claim_but_it_never_contests_its_claim() {
        let promoted =
            r#"{"kind":"promoted","claim_id":"c1","at":"2026-09-02T00:00:00Z","independent_count":2,"confidence":0.8}"#;
        let contested = |id: &str, with: &str| {
            format!(
                r#"{{"kind":"contested","claim_id":"{id}","at":"2026-09-03T00:00:00Z","conflicts_with":"{with}","reason":"x"}}"#
            )
        };
        let restated = restating("c2", "Staging SSH is on 2222.", "s2");
        let lines = format!("{PROPOSED}\n{restated}\n{promoted}\n{}\n{}", contested("c1", "c2"), contested("c2", "c1"));
        let rows = fold(events(&lines));
        assert_eq!(rows[0].status, Status::Promoted, "a gate before the merge contested the pair: {rows:?}");
        let retracted = r#"{"kind":"retracted","claim_id":"c2","at":"2026-09-04T00:00:00Z","reason":"wrong"}"#;
        let rows = fold(events(&format!("{PROPOSED}\n{restated}\n{promoted}\n{retracted}")));
        assert_eq!(rows[0].status, Status::Retracted);
    }

    #[test]
    fn corroboration_raises_a_promoted_claims_count_and_never_lowers_it_or_promotes_a_candidate() {
        let corroborated = |n: u64, conf: f64, day: u32| {
            format!(
                r#"{{"kind":"corroborated","claim_id":"c1","at":"2026-09-{day:02}T00:00:00Z","independent_count":{n},"confidence":{conf}}}"#
            )
        };
        let candidate = fold(events(&format!("{PROPOSED}\n{}", corroborated(3, 0.95, 3))));
        assert_eq!((candidate[0].status, candidate[0].independent_count), (Status::Candidate, 0));
        let promoted = r#"{"kind":"promoted","claim_id":"c1","at":"2026-09-02T00:00:00Z","independent_count":1,"confidence":0.65}"#;
        let rows =
            fold(events(&format!("{PROPOSED}\n{promoted}\n{}\n{}", corroborated(3, 0.95, 4), corroborated(2, 0.8, 5))));
        assert_eq!((rows[0].status, rows[0].independent_count, rows[0].confidence), (Status::Promoted, 3, 0.95));
        assert_eq!(
            rows[0].updated_at.to_rfc3339(),
            "2026-09-02T00:00:00+00:00",
            "corroboration is not a change of state"
        );
    }
}
