//! A fleet at a glance, as the lake holds it: the documents the fold writes (roster, leases,
//! history, the snapshot pointer) and who folds when (`fold.json`). What the console's fleet page
//! shows; each is read as its schema says, and one that is missing or unreadable is `None` (a
//! fleet that never folded has none of them).

use crate::lake::layout::FleetLayout;
use crate::lake::store::{Lake, LakeError};
use crate::local::paths::FleetId;
use crate::spec::wire::lake::{FoldDocument, HistoryDocument, LeasesDocument, RosterDocument, SnapshotPointer};
use serde::de::DeserializeOwned;

#[derive(Debug, Default)]
pub struct Overview {
    pub roster: Option<RosterDocument>,
    pub leases: Option<LeasesDocument>,
    pub history: Option<HistoryDocument>,
    pub pointer: Option<SnapshotPointer>,
    pub fold: Option<FoldDocument>,
}

pub fn read(lake: &Lake, fleet: &FleetId) -> Result<Overview, LakeError> {
    let layout = FleetLayout::new(fleet);
    Ok(Overview {
        roster: document(lake, &layout.roster())?,
        leases: document(lake, &layout.leases())?,
        history: document(lake, &layout.history())?,
        pointer: document(lake, &layout.snapshot_pointer())?,
        fold: document(lake, &layout.fold())?,
    })
}

fn document<T: DeserializeOwned>(lake: &Lake, key: &object_store::path::Path) -> Result<Option<T>, LakeError> {
    let Some(object) = lake.get(key)? else { return Ok(None) };
    match serde_json::from_slice(&object.body) {
        Ok(document) => Ok(Some(document)),
        Err(e) => {
            tracing::warn!(key = %key, error = %e, "unreadable fleet document skipped");
            Ok(None)
        }
    }
}
