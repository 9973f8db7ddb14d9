//! What a long-running service keeps of its last rebuild between rounds, so that a round with
//! new proposals folds only what arrived since instead of reading and folding the fleet's whole
//! history again (docs/lake.md, "A fold kept between rounds").
//!
//! `ctxlake sync` (the service) holds one [`KeptFold`] per fleet and hands it to every maint run
//! it makes; a one-shot `ctxlake maint` holds none and folds from scratch. A kept fold is used
//! only when the result is exactly a fold from scratch ([`crate::snapshot::fold::Fold::continue_with`]
//! says when, claim by claim); anything else (a batch or event object gone, a batch read from a
//! pack, an event dated at or after the store's clock, an earlier copy of a verdict folded
//! already) folds from scratch, as every run did before.

use crate::local::paths::FleetId;
use crate::snapshot::fold::{Fold, event_time, verdict_key};
use crate::spec::wire::claim_event::ClaimEvent;
use chrono::{DateTime, Utc};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex};

/// A fleet's fold as the last rebuild left it, shared by the rounds of one service. Taken out
/// for a rebuild and put back only once the rebuild wrote its snapshot: a rebuild that fails
/// leaves nothing behind, and the next one folds from scratch.
#[derive(Clone, Default)]
pub struct KeptFold(Arc<Mutex<Option<Kept>>>);

impl KeptFold {
    pub fn new() -> KeptFold {
        KeptFold::default()
    }

    /// The fold kept for `fleet`, taken out (a fold kept for another fleet is dropped).
    pub(crate) fn take(&self, fleet: &FleetId) -> Option<Kept> {
        let mut slot = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        slot.take().filter(|kept| &kept.fleet == fleet)
    }

    pub(crate) fn keep(&self, kept: Kept) {
        *self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(kept);
    }

    /// Whether a fold is kept now (for tests and the debug line).
    pub fn holds(&self) -> bool {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).is_some()
    }
}

impl std::fmt::Debug for KeptFold {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("KeptFold").field(&if self.holds() { "a fold" } else { "nothing" }).finish()
    }
}

/// A rebuild's fold with what a later round needs to continue it.
pub(crate) struct Kept {
    pub fleet: FleetId,
    /// The fold of every proposal and event read, with the rebuild's own verdicts added.
    pub fold: Fold,
    /// The batches holding proposals and the event objects it folded (its own verdicts' too).
    pub keys: BTreeSet<String>,
    /// The time of the verdict kept per (kind, claim): a fold from scratch keeps the earliest.
    pub verdicts: HashMap<(&'static str, String), DateTime<Utc>>,
    /// The events about agents, by the object that holds them (the gate reads them in key order).
    pub agent_events: BTreeMap<String, Vec<ClaimEvent>>,
    /// The newest time among the events folded, its own verdicts included (not raised): what the
    /// snapshot is dated by, and what the store's clock must have passed for the next verdicts
    /// to be added on top.
    pub latest: Option<DateTime<Utc>>,
    /// The proposals folded, for the report.
    pub weighed: usize,
}

impl Kept {
    /// The events about agents, in the order a fold from scratch lists them.
    pub fn agent_events(&self) -> Vec<ClaimEvent> {
        self.agent_events.values().flatten().cloned().collect()
    }

    /// New verdicts (each the earliest of its (kind, claim) among the new): a copy of a verdict
    /// folded already is dropped when it is later, as a fold from scratch would; an earlier or
    /// simultaneous copy would have been kept instead of the folded one, so it is refused.
    pub fn admit(&mut self, events: Vec<ClaimEvent>) -> Result<Vec<ClaimEvent>, String> {
        let mut admitted = Vec::with_capacity(events.len());
        for event in events {
            if let Some((kind, claim)) = verdict_key(&event) {
                let at = event_time(&event);
                match self.verdicts.get(&(kind, claim.to_string())) {
                    Some(kept) if at > *kept => continue,
                    Some(_) => return Err(format!("a {kind} verdict on {claim} no later than the one folded")),
                    None => {
                        self.verdicts.insert((kind, claim.to_string()), at);
                    }
                }
            }
            admitted.push(event);
        }
        Ok(admitted)
    }

    /// Records the verdicts a gate run added to the fold; false when one repeats a (kind, claim)
    /// kept already, which a fold from scratch would drop and this fold applied.
    pub fn record(&mut self, verdicts: &[ClaimEvent]) -> bool {
        for event in verdicts {
            if let Some((kind, claim)) = verdict_key(event)
                && self.verdicts.insert((kind, claim.to_string()), event_time(event)).is_some()
            {
                return false;
            }
        }
        true
    }
}
