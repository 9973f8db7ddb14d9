//! The promotion gate: the only code that decides a claim is promoted or contested. Pure: claim
//! events and facts in, new events out; `maint` writes them to the lake.
//!
//! Order (reference §3.3): 0 quarantine (a quarantined observer's candidate is held; a
//! quarantined observer's promoted claims become contested), 1 evidence precheck (no evidence
//! fails; a hypothesis never auto-promotes; a preference needs a human's approval),
//! 2 contradiction (a promoted claim on the same subject with different text and cosine ≥ 0.85
//! or word overlap ≥ 0.6 → both sides contested), 3 provenance (the observer is a known agent
//! or `human`; no evidence dated in the future), 4 independence (distinct evidence sessions ≥
//! the claim type's threshold). A claim that fails stays a candidate and produces no event.
//! Proposals restating a claim of their subject and type were merged into it by the fold, so
//! their sessions count as its independent sessions, and approving any of their ids approves it.
//! A claim promoted by an earlier run whose sessions have since grown is `corroborated`: its
//! count and confidence rise to what a promotion now would give.
//! The rules are applied in passes until one decides nothing, so a run over its own verdicts
//! decides nothing more (a candidate held before a contradicting claim was promoted later in a
//! pass is contested in the next pass, not in the next run).
//!
//! A correction (a proposal naming in `supersedes` a claim of its own subject) is not held to
//! contradict the claim it corrects, and its promotion supersedes that claim (a `superseded`
//! event naming it `by` the correction). A `supersedes` naming an unknown claim, one of another
//! subject, or one already retired, retracted or superseded changes nothing: the proposal is
//! gated like any other (memory_propose refuses such a proposal; this is the lake's own guard).
//!
//! Confidence comes from independent sessions and the observer's track record, never from what
//! a model said: `clamp(min(0.5 + 0.15·n, 0.95) × trust, 0.05, 0.95)`, trust 1.0 without a
//! track record, else `0.7 + 0.6·shrunk` with `shrunk = (12·0.5 + k·reliability)/(12 + k)`.

use crate::snapshot::fold::Fold;
use crate::snapshot::{ClaimRow, Status};
use crate::spec::wire::claim_event::{ClaimEvent, ClaimType};
use chrono::{DateTime, Duration, Utc};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// Evidence dated further ahead of the store's clock than this fails provenance.
const FUTURE_SLACK: Duration = Duration::minutes(5);
const COSINE_CONFLICT: f64 = 0.85;
const OVERLAP_CONFLICT: f64 = 0.6;

/// Facts the gate needs besides the events.
#[derive(Debug, Default, Clone)]
pub struct GateFacts {
    /// Agents the fleet knows (seen in its spool records or presence).
    pub known_agents: BTreeSet<String>,
    /// Claim ids a human approved (how a preference is promoted).
    pub approved: BTreeSet<String>,
    /// The store's clock.
    pub now: DateTime<Utc>,
}

/// What one gate run decided.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct GateOutcome {
    /// New promoted/contested/superseded events, then corroborations, in claim id order.
    pub events: Vec<ClaimEvent>,
    /// Candidates held back, with why (no event is written for them).
    pub held: Vec<(String, String)>,
    /// The earliest store time at which a held candidate could pass with nothing new in the
    /// lake (evidence dated in the future becomes acceptable); `None`: no verdict depends on
    /// the clock, so the same inputs give the same outcome.
    pub recheck_at: Option<DateTime<Utc>>,
}

impl GateOutcome {
    fn contest(&mut self, at: DateTime<Utc>, id: &str, with: Option<&str>, reason: String) {
        self.events.push(ClaimEvent::Contested {
            at,
            claim_id: id.to_string(),
            conflicts_with: with.map(str::to_string),
            reason,
        });
    }
}

/// Minimum independent sessions per claim type; `None`: never promoted by the gate alone.
/// Convention is 2, the documented rule: the concession to 1 was made elsewhere because
/// independence could not be measured, and here it is measured (distinct sessions).
pub fn threshold(claim_type: &str) -> Option<u64> {
    match claim_type {
        "environment" | "outcome" => Some(1),
        "convention" => Some(2),
        "preference" => Some(1),
        _ => None,
    }
}

pub fn confidence(independent_count: u64, trust: f64) -> f64 {
    ((0.5 + 0.15 * independent_count as f64).min(0.95) * trust).clamp(0.05, 0.95)
}

/// Runs the gate over every claim event of a fleet.
pub fn run(events: &[ClaimEvent], facts: &GateFacts) -> GateOutcome {
    fold_and_run(events.to_vec(), facts).1
}

/// [`run`], keeping the fold of the events the gate read (maint builds the snapshot from it,
/// with the verdicts added: one fold for both).
pub fn fold_and_run(events: Vec<ClaimEvent>, facts: &GateFacts) -> (Fold, GateOutcome) {
    let agents = Agents::of(&events);
    let folded = Fold::new(events);
    let outcome = run_folded(&folded, &agents, facts);
    (folded, outcome)
}

/// The gate over a fold kept from an earlier run and continued since ([`Fold::continue_with`]);
/// `agent_events` are the fleet's events about agents, in the order a fold from scratch lists them.
pub fn run_on(folded: &Fold, agent_events: &[ClaimEvent], facts: &GateFacts) -> GateOutcome {
    run_folded(folded, &Agents::of(agent_events), facts)
}

/// What the gate reads of the events about agents: who is quarantined, and each one's trust.
#[derive(Debug, Default)]
struct Agents {
    quarantined: HashSet<String>,
    trust: BTreeMap<String, f64>,
}

impl Agents {
    fn of(events: &[ClaimEvent]) -> Agents {
        Agents { quarantined: quarantined_agents(events), trust: trust_by_agent(events) }
    }

    fn trust(&self, agent: &str) -> f64 {
        self.trust.get(agent).copied().unwrap_or(1.0)
    }
}

/// The gate over the fold of a fleet's events. The rows are read, never copied: the gate's
/// decisions so far are kept as a status per row, and rows are named by their place in claim id
/// order.
fn run_folded(folded: &Fold, agents: &Agents, facts: &GateFacts) -> GateOutcome {
    let rows: Vec<&ClaimRow> = folded.rows().collect();
    let mut outcome = GateOutcome::default();

    for row in rows.iter().filter(|r| r.status == Status::Promoted && agents.quarantined.contains(&r.observed_by)) {
        outcome.contest(facts.now, &row.claim_id, None, format!("observer {} is quarantined", row.observed_by));
    }
    // Promoted claims by subject, in claim id order: a contradiction is looked for only among
    // a candidate's own subject, so the gate stays linear in the fleet's claims.
    let mut promoted: HashMap<&str, BTreeSet<usize>> = HashMap::new();
    for (i, row) in rows.iter().enumerate().filter(|(_, r)| r.status == Status::Promoted) {
        promoted.entry(row.subject.as_str()).or_default().insert(i);
    }
    let status = rows.iter().map(|row| row.status).collect();
    // Passes over the candidates until one decides nothing: a candidate checked before a claim
    // of its subject was promoted later in the same pass is checked against it in the next.
    // So a run reaches every verdict its inputs allow, and a run over the same inputs and its
    // own verdicts reaches none (what lets maint skip the gate when its inputs are unchanged).
    // Each pass that decides something turns a candidate into something else, so they end.
    let mut gate = Gate { rows: &rows, status, promoted, agents, facts };
    loop {
        let decided = outcome.events.len();
        outcome.held.clear();
        outcome.recheck_at = None;
        gate.pass(&mut outcome);
        if outcome.events.len() == decided {
            break;
        }
    }
    corroborate(&rows, &gate.status, agents, facts, &mut outcome);
    outcome
}

/// A claim promoted by an earlier run that now holds more independent sessions than its
/// promotion counted (restatements merged into it, a repeated proposal) is corroborated: its
/// count and confidence rise. A run over its own verdicts finds none to raise.
fn corroborate(rows: &[&ClaimRow], status: &[Status], agents: &Agents, facts: &GateFacts, outcome: &mut GateOutcome) {
    for (row, _) in rows.iter().zip(status).filter(|(r, status)| r.was_promoted && !status.is_final()) {
        let independent = row.evidence_count() as u64;
        let Some(count) = std::num::NonZeroU64::new(independent).filter(|n| n.get() > row.independent_count) else {
            continue;
        };
        outcome.events.push(ClaimEvent::Corroborated {
            at: facts.now,
            claim_id: row.claim_id.clone(),
            independent_count: count,
            confidence: confidence(independent, agents.trust(&row.observed_by)),
        });
    }
}

/// One gate run's state: the folded rows in claim id order, the status each has reached so far,
/// and the promoted rows of each subject.
struct Gate<'a> {
    rows: &'a [&'a ClaimRow],
    status: Vec<Status>,
    promoted: HashMap<&'a str, BTreeSet<usize>>,
    agents: &'a Agents,
    facts: &'a GateFacts,
}

impl Gate<'_> {
    /// The row of a claim id, by its place in claim id order.
    fn find(&self, id: &str) -> Option<usize> {
        self.rows.binary_search_by(|row| row.claim_id.as_str().cmp(id)).ok()
    }

    /// One pass of the gate's rules over the candidates, in claim id order.
    fn pass(&mut self, outcome: &mut GateOutcome) {
        let (rows, facts) = (self.rows, self.facts);
        for (i, row) in rows.iter().enumerate() {
            if self.status[i] != Status::Candidate {
                continue;
            }
            let id = &row.claim_id;
            if let Err(why) = precheck(row, &self.agents.quarantined, facts) {
                outcome.held.push((id.clone(), why));
                continue;
            }
            let conflict = self
                .promoted
                .get(row.subject.as_str())
                .into_iter()
                .flatten()
                .copied()
                .find(|&other| other != i && !corrects(row, rows[other]) && contradicts(row, rows[other]));
            if let Some(other) = conflict {
                let other_id = &rows[other].claim_id;
                let reason = format!("contradicts {other_id} on subject {:?}", row.subject);
                outcome.contest(facts.now, id, Some(other_id), reason);
                let reason = format!("contradicted by {id} on subject {:?}", row.subject);
                outcome.contest(facts.now, other_id, Some(id), reason);
                self.status[i] = Status::Contested;
                self.status[other] = Status::Contested;
                if let Some(same_subject) = self.promoted.get_mut(row.subject.as_str()) {
                    same_subject.remove(&other);
                }
                continue;
            }
            if let Err(why) = provenance(row, facts) {
                if let Some(late) =
                    row.evidence.iter().map(|e| e.observed_at).filter(|at| *at > facts.now + FUTURE_SLACK).max()
                {
                    let at = late - FUTURE_SLACK;
                    outcome.recheck_at = Some(outcome.recheck_at.map_or(at, |seen| seen.min(at)));
                }
                outcome.held.push((id.clone(), why));
                continue;
            }
            let independent = row.evidence_count() as u64;
            let needed = threshold(&row.claim_type).unwrap_or(u64::MAX);
            if independent < needed {
                outcome.held.push((
                    id.clone(),
                    format!("{independent} independent session(s), {} needs {needed}", row.claim_type),
                ));
                continue;
            }
            outcome.events.push(ClaimEvent::Promoted {
                at: facts.now,
                claim_id: id.clone(),
                confidence: confidence(independent, self.agents.trust(&row.observed_by)),
                independent_count: independent,
            });
            self.status[i] = Status::Promoted;
            let replaced = row
                .supersedes
                .as_deref()
                .and_then(|old| self.find(old))
                .filter(|&old| rows[old].subject == row.subject && !self.status[old].is_final() && old != i);
            if let Some(old) = replaced {
                self.status[old] = Status::Superseded;
                outcome.events.push(ClaimEvent::Superseded {
                    at: facts.now,
                    claim_id: rows[old].claim_id.clone(),
                    by: id.clone(),
                });
                if let Some(same_subject) = self.promoted.get_mut(row.subject.as_str()) {
                    same_subject.remove(&old);
                }
            }
            self.promoted.entry(row.subject.as_str()).or_default().insert(i);
        }
    }
}

/// Whether `candidate` is a correction of `other`: it names it in `supersedes`.
fn corrects(candidate: &ClaimRow, other: &ClaimRow) -> bool {
    candidate.supersedes.as_deref() == Some(other.claim_id.as_str())
}

fn precheck(row: &ClaimRow, quarantined: &HashSet<String>, facts: &GateFacts) -> Result<(), String> {
    if quarantined.contains(&row.observed_by) {
        return Err(format!("observer {} is quarantined", row.observed_by));
    }
    if row.evidence.is_empty() {
        return Err("no evidence".into());
    }
    match row.claim_type.as_str() {
        t if t == ClaimType::Hypothesis.to_string() => Err("a hypothesis never auto-promotes".into()),
        t if t == ClaimType::Preference.to_string()
            && !std::iter::once(&row.claim_id).chain(&row.merged).any(|id| facts.approved.contains(id)) =>
        {
            Err("a preference needs a human's approval".into())
        }
        _ => Ok(()),
    }
}

fn provenance(row: &ClaimRow, facts: &GateFacts) -> Result<(), String> {
    if row.observed_by != "human" && !facts.known_agents.contains(&row.observed_by) {
        return Err(format!("observer {:?} is not a known agent of the fleet", row.observed_by));
    }
    if let Some(late) = row.evidence.iter().find(|e| e.observed_at > facts.now + FUTURE_SLACK) {
        return Err(format!("evidence {} is dated in the future ({})", *late.message_id, late.observed_at));
    }
    Ok(())
}

/// Same subject, different normalized text, and close in meaning (cosine) or wording (overlap).
fn contradicts(candidate: &ClaimRow, promoted: &ClaimRow) -> bool {
    let normal = |text: &str| text.trim().to_lowercase();
    if candidate.subject != promoted.subject || normal(&candidate.claim) == normal(&promoted.claim) {
        return false;
    }
    let close_vectors = match (&candidate.embedding, &promoted.embedding) {
        (Some(a), Some(b)) if a.len() == b.len() && !a.is_empty() => cosine(a, b) >= COSINE_CONFLICT,
        _ => false,
    };
    close_vectors || overlap(&candidate.claim, &promoted.claim) >= OVERLAP_CONFLICT
}

fn cosine(a: &[f32], b: &[f32]) -> f64 {
    let dot: f64 = a.iter().zip(b).map(|(x, y)| f64::from(*x) * f64::from(*y)).sum();
    let norm = |v: &[f32]| v.iter().map(|x| f64::from(*x).powi(2)).sum::<f64>().sqrt();
    let denominator = norm(a) * norm(b);
    if denominator == 0.0 { 0.0 } else { dot / denominator }
}

/// The share of the candidate's lower-cased words that also appear in the other claim.
fn overlap(candidate: &str, other: &str) -> f64 {
    let words = |text: &str| -> HashSet<String> { text.split_whitespace().map(str::to_lowercase).collect() };
    let (mine, theirs) = (words(candidate), words(other));
    if mine.is_empty() {
        return 0.0;
    }
    mine.intersection(&theirs).count() as f64 / mine.len() as f64
}

/// Agents whose newest quarantine event is a quarantine (not a lift).
fn quarantined_agents(events: &[ClaimEvent]) -> HashSet<String> {
    let mut latest: BTreeMap<&str, (DateTime<Utc>, bool)> = BTreeMap::new();
    for event in events {
        let (agent, at, on) = match event {
            ClaimEvent::AgentQuarantined { agent_id, at, .. } => (agent_id.as_str(), *at, true),
            ClaimEvent::AgentUnquarantined { agent_id, at, .. } => (agent_id.as_str(), *at, false),
            _ => continue,
        };
        let entry = latest.entry(agent).or_insert((at, on));
        if at >= entry.0 {
            *entry = (at, on);
        }
    }
    latest.into_iter().filter(|(_, (_, on))| *on).map(|(agent, _)| agent.to_string()).collect()
}

/// The trust factor from each agent's newest calibration score.
fn trust_by_agent(events: &[ClaimEvent]) -> BTreeMap<String, f64> {
    let mut latest: BTreeMap<String, (DateTime<Utc>, f64)> = BTreeMap::new();
    for event in events {
        if let ClaimEvent::CalibrationScored { agent_id, at, correct_count, incorrect_count, .. } = event {
            let judged = correct_count + incorrect_count;
            // Expired hypotheses are never counted as incorrect: only judged ones weigh.
            let reliability = if judged == 0 { 0.5 } else { *correct_count as f64 / judged as f64 };
            let shrunk = (12.0 * 0.5 + judged as f64 * reliability) / (12.0 + judged as f64);
            let trust = 0.7 + 0.6 * shrunk;
            if latest.get(agent_id).is_none_or(|(seen, _)| *at >= *seen) {
                latest.insert(agent_id.clone(), (*at, trust));
            }
        }
    }
    latest.into_iter().map(|(agent, (_, trust))| (agent, trust)).collect()
}

#[cfg(test)]
mod tests;
