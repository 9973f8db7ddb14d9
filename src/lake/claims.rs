//! What the fleet's owner reads and writes (`ctxlake claims`): every claim as the lake folds it
//! (candidates included, which agents never see), and the owner's events: an approval (how a
//! preference is promoted), a retirement, a retraction, an agent's quarantine and its release. Owner events
//! are created, never overwritten, and the next `ctxlake maint` folds them like any other.

use crate::lake::layout::FleetLayout;
use crate::lake::maint::{self, MaintError};
use crate::lake::{Created, Lake};
use crate::lake::{checkpoint, gate};
use crate::local::paths::FleetId;
use crate::snapshot::{ClaimRow, fold};
use crate::spec::wire::claim_event::ClaimEvent;
use crate::spec::wire::lake::ClaimApproval;
use chrono::{DateTime, Utc};
use std::collections::BTreeMap;

/// Why an owner's command did nothing.
#[derive(Debug, thiserror::Error)]
pub enum ClaimsError {
    #[error("fleet {fleet} has no claim {claim_id} in the lake (`ctxlake claims list` shows them)")]
    UnknownClaim { fleet: String, claim_id: String },
    #[error("`{what}` must not be blank")]
    Blank { what: &'static str },
    #[error(transparent)]
    Lake(#[from] MaintError),
}

/// Every claim of the fleet, folded from the drained proposals and every event in the lake,
/// approvals applied to nothing (they only open the gate), in claim id order.
pub fn list(lake: &Lake, fleet: &FleetId) -> Result<Vec<ClaimRow>, ClaimsError> {
    let layout = FleetLayout::new(fleet);
    let mut events = maint::read_proposals(lake, &layout)?;
    events.extend(maint::read_events(lake, &layout)?);
    Ok(fold(events))
}

/// The owner's review queue: every claim, and for each candidate the gate would hold back now,
/// why (the same gate `maint` runs, over the same events and facts, at `now`).
#[derive(Debug, Default)]
pub struct Review {
    pub rows: Vec<ClaimRow>,
    /// Candidate claim id to the gate's reason for holding it.
    pub held: BTreeMap<String, String>,
    /// The gate's verdicts and the owner's events it read (a claim's [`decisions_in`] them).
    pub decided: Vec<ClaimEvent>,
}

/// The review queue of `fleet` (see [`Review`]); `now` is the clock the gate's time rules read.
pub fn review(lake: &Lake, fleet: &FleetId, now: DateTime<Utc>) -> Result<Review, ClaimsError> {
    let layout = FleetLayout::new(fleet);
    let decided = maint::read_events(lake, &layout)?;
    let mut events = maint::read_proposals(lake, &layout)?;
    events.extend(decided.iter().cloned());
    let folded = checkpoint::read(lake, &layout).map_err(MaintError::from)?.unwrap_or_default();
    let facts = maint::gate_facts(lake, &layout, &folded, now)?;
    let (claims, outcome) = gate::fold_and_run(events, &facts);
    Ok(Review { rows: claims.into_rows(), held: outcome.held.into_iter().collect(), decided })
}

/// Records the owner's approval of `claim_id`; the next maint promotes it if it passes the rest
/// of the gate. `Created::AlreadyExists` when it was approved before.
pub fn approve(lake: &Lake, fleet: &FleetId, claim_id: &str, by: &str) -> Result<Created, ClaimsError> {
    let claim_id = &known(lake, fleet, claim_id)?;
    let layout = FleetLayout::new(fleet);
    let at = lake.clock(&layout.clock_probe(by)).map_err(MaintError::from)?;
    let approval = ClaimApproval { claim_id: claim_id.to_string(), by: by.to_string(), at };
    let body = serde_json::to_vec(&approval).expect("an approval serializes");
    Ok(lake.put_if_absent(&layout.approval(claim_id), body).map_err(MaintError::from)?)
}

/// Retires a claim: it leaves every agent's view at the next maint, and stays retired.
pub fn retire(lake: &Lake, fleet: &FleetId, claim_id: &str, reason: &str, by: &str) -> Result<(), ClaimsError> {
    let claim_id = &known(lake, fleet, claim_id)?;
    let reason = non_blank("reason", reason)?;
    owner_event(lake, fleet, by, "retired", |at| ClaimEvent::Retired {
        claim_id: claim_id.to_string(),
        at,
        reason,
        decided_by: Some(by.to_string()),
    })
}

/// Retracts a claim, the owner's verdict that it was wrong: it leaves every read at the next
/// maint, for good, and stays in the lake with its reason (`decisions`).
pub fn retract(lake: &Lake, fleet: &FleetId, claim_id: &str, reason: &str, by: &str) -> Result<(), ClaimsError> {
    let claim_id = &known(lake, fleet, claim_id)?;
    let reason = non_blank("reason", reason)?;
    owner_event(lake, fleet, by, "retracted", |at| ClaimEvent::Retracted {
        claim_id: claim_id.to_string(),
        at,
        reason,
        decided_by: Some(by.to_string()),
    })
}

/// The decisions about `claim_id` in the lake (corroborated, contested, retired, retracted,
/// superseded), oldest first: what `ctxlake claims show` prints under a claim.
pub fn decisions(lake: &Lake, fleet: &FleetId, claim_id: &str) -> Result<Vec<ClaimEvent>, ClaimsError> {
    Ok(decisions_in(&maint::read_events(lake, &FleetLayout::new(fleet))?, claim_id))
}

/// The decisions about `claim_id` among `events` (see [`decisions`]), oldest first.
pub fn decisions_in(events: &[ClaimEvent], claim_id: &str) -> Vec<ClaimEvent> {
    let mut about: Vec<ClaimEvent> = events
        .iter()
        .filter(|event| match event {
            ClaimEvent::Contested { claim_id: id, .. }
            | ClaimEvent::Corroborated { claim_id: id, .. }
            | ClaimEvent::Retired { claim_id: id, .. }
            | ClaimEvent::Retracted { claim_id: id, .. }
            | ClaimEvent::Superseded { claim_id: id, .. } => id == claim_id,
            _ => false,
        })
        .cloned()
        .collect();
    about.sort_by_key(crate::snapshot::fold::event_time);
    about
}

/// Quarantines an agent: its candidates are held and its promoted claims contested.
pub fn quarantine(lake: &Lake, fleet: &FleetId, agent_id: &str, reason: &str, by: &str) -> Result<(), ClaimsError> {
    let agent_id = non_blank("agent", agent_id)?;
    let reason = non_blank("reason", reason)?;
    owner_event(lake, fleet, by, "agent_quarantined", |at| ClaimEvent::AgentQuarantined {
        agent_id,
        at,
        reason,
        decided_by: Some(by.to_string()),
    })
}

/// Releases an agent from quarantine (the newest of its quarantine events wins).
pub fn unquarantine(lake: &Lake, fleet: &FleetId, agent_id: &str, by: &str) -> Result<(), ClaimsError> {
    let agent_id = non_blank("agent", agent_id)?;
    owner_event(lake, fleet, by, "agent_unquarantined", |at| ClaimEvent::AgentUnquarantined {
        agent_id,
        at,
        decided_by: Some(by.to_string()),
    })
}

/// The id of the claim `claim_id` names: itself, or the claim a restatement of that id was
/// merged into (so the owner's decision lands on the claim agents read).
fn known(lake: &Lake, fleet: &FleetId, claim_id: &str) -> Result<String, ClaimsError> {
    match list(lake, fleet)?.into_iter().find(|row| row.answers_to(claim_id)) {
        Some(row) => Ok(row.claim_id),
        None => Err(ClaimsError::UnknownClaim { fleet: fleet.as_str().to_string(), claim_id: claim_id.to_string() }),
    }
}

fn owner_event(
    lake: &Lake,
    fleet: &FleetId,
    by: &str,
    kind: &str,
    event: impl FnOnce(chrono::DateTime<chrono::Utc>) -> ClaimEvent,
) -> Result<(), ClaimsError> {
    let layout = FleetLayout::new(fleet);
    let at = lake.clock(&layout.clock_probe(by)).map_err(MaintError::from)?;
    let body = serde_json::to_vec(&event(at)).expect("claim events serialize");
    let key = layout.owner_event(kind, &ulid::Ulid::new().to_string());
    lake.put_if_absent(&key, body).map_err(MaintError::from)?;
    Ok(())
}

/// One decision about a claim on one line, as `ctxlake claims show` and the console print it:
/// what, when, who (when the event says) and why. The reason and the decider are the owner's
/// or the gate's text, so they are cleaned like every other field read from the lake.
pub fn decision_line(event: &ClaimEvent) -> String {
    use crate::guard::sanitize::{MAX_LONG_FIELD, MAX_SHORT_FIELD, clean_single_line};
    let long = |text: &str| clean_single_line(text, MAX_LONG_FIELD);
    let by = |who: &Option<String>| who.as_deref().map(|w| format!(" by {}", clean_single_line(w, MAX_SHORT_FIELD)));
    match event {
        ClaimEvent::Retracted { at, reason, decided_by, .. } => {
            format!("retracted {at}{}: {}", by(decided_by).unwrap_or_default(), long(reason))
        }
        ClaimEvent::Retired { at, reason, decided_by, .. } => {
            format!("retired {at}{}: {}", by(decided_by).unwrap_or_default(), long(reason))
        }
        ClaimEvent::Contested { at, reason, .. } => format!("contested {at}: {}", long(reason)),
        ClaimEvent::Superseded { at, by, .. } => format!("superseded {at} by {}", long(by)),
        ClaimEvent::Corroborated { at, independent_count, confidence, .. } => {
            format!("corroborated {at}: {independent_count} independent sessions, conf {confidence:.2}")
        }
        other => format!("{} decision", crate::snapshot::fold::event_time(other)),
    }
}

fn non_blank(what: &'static str, text: &str) -> Result<String, ClaimsError> {
    let text = crate::guard::scrub(text);
    if text.is_empty() { Err(ClaimsError::Blank { what }) } else { Ok(text) }
}
