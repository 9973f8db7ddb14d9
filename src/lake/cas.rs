//! Read-modify-write of the lake's shared documents (roster, leases, history, snapshot
//! pointer) by compare-and-swap: read the body and its ETag, compute the next body, swap it in
//! only if the ETag is unchanged, else read again. A next body with the same content as the
//! current one is not written at all, so an idle round costs one GET per document.

use crate::lake::store::{Lake, LakeError, Swap};
use crate::spec::wire::lake::{
    CasStamp, FoldCheckpoint, FoldDocument, HistoryDocument, LeasesDocument, RosterDocument, SnapshotPointer,
};
use object_store::path::Path;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Attempts before a contended update gives up (each attempt re-reads).
const MAX_ATTEMPTS: usize = 64;

/// A document with a `CasStamp`.
pub trait Stamped: Serialize + DeserializeOwned + Clone {
    fn stamp(&self) -> &CasStamp;
    fn stamp_mut(&mut self) -> &mut CasStamp;
    /// Whether two bodies say the same thing (stamps and generation times aside).
    fn same_content(&self, other: &Self) -> bool;
}

/// What an update did.
#[derive(Debug, Clone, PartialEq)]
pub enum Updated<T> {
    Written(T),
    Unchanged(T),
    /// `next` declined to write (returned `None`).
    Declined,
}

#[derive(Debug, thiserror::Error)]
pub enum CasError {
    #[error(transparent)]
    Lake(#[from] LakeError),
    #[error("lake key {key}: still contended after {MAX_ATTEMPTS} compare-and-swap attempts")]
    Contended { key: String },
}

/// A fresh stamp one epoch above `previous`.
pub fn next_stamp(writer: &str, previous: Option<&CasStamp>) -> CasStamp {
    CasStamp {
        writer: writer.to_string(),
        epoch: previous.map_or(0, |s| s.epoch + 1),
        nonce: ulid::Ulid::new().to_string(),
    }
}

/// Updates `key` with `next(current)` until a swap succeeds. A body that does not parse is
/// treated as absent (and logged): the next write replaces it.
/// `next` runs after the read, once per attempt, so whatever it reads from the lake is at least
/// as new as the body it replaces.
pub fn update<T: Stamped, E: From<CasError>>(
    lake: &Lake,
    key: &Path,
    writer: &str,
    mut next: impl FnMut(Option<&T>) -> Result<Option<T>, E>,
) -> Result<Updated<T>, E> {
    for _ in 0..MAX_ATTEMPTS {
        let object = lake.get(key).map_err(CasError::from)?;
        let current: Option<T> = object.as_ref().and_then(|o| match serde_json::from_slice(&o.body) {
            Ok(doc) => Some(doc),
            Err(e) => {
                tracing::warn!(%key, error = %e, "unreadable lake document; it will be replaced");
                None
            }
        });
        let Some(mut doc) = next(current.as_ref())? else { return Ok(Updated::Declined) };
        if let Some(current) = &current
            && doc.same_content(current)
        {
            return Ok(Updated::Unchanged(current.clone()));
        }
        *doc.stamp_mut() = next_stamp(writer, current.as_ref().map(Stamped::stamp));
        let nonce = doc.stamp().nonce.clone();
        let body = serde_json::to_vec_pretty(&doc).expect("lake documents serialize");
        let etag = object.as_ref().and_then(|o| o.etag.as_deref());
        match lake.swap(key, etag, body, &nonce).map_err(CasError::from)? {
            Swap::Swapped { .. } => return Ok(Updated::Written(doc)),
            Swap::Conflict => continue,
        }
    }
    Err(CasError::Contended { key: key.to_string() }.into())
}

impl Stamped for RosterDocument {
    fn stamp(&self) -> &CasStamp {
        &self.stamp
    }
    fn stamp_mut(&mut self) -> &mut CasStamp {
        &mut self.stamp
    }
    fn same_content(&self, other: &Self) -> bool {
        self.agents == other.agents && self.source == other.source
    }
}

impl Stamped for LeasesDocument {
    fn stamp(&self) -> &CasStamp {
        &self.stamp
    }
    fn stamp_mut(&mut self) -> &mut CasStamp {
        &mut self.stamp
    }
    fn same_content(&self, other: &Self) -> bool {
        self.leases == other.leases && self.applied == other.applied
    }
}

impl Stamped for HistoryDocument {
    fn stamp(&self) -> &CasStamp {
        &self.stamp
    }
    fn stamp_mut(&mut self) -> &mut CasStamp {
        &mut self.stamp
    }
    fn same_content(&self, other: &Self) -> bool {
        self.sessions == other.sessions
    }
}

impl Stamped for FoldDocument {
    fn stamp(&self) -> &CasStamp {
        &self.stamp
    }
    fn stamp_mut(&mut self) -> &mut CasStamp {
        &mut self.stamp
    }
    fn same_content(&self, other: &Self) -> bool {
        (self.requested, self.folded, &self.holder, self.held_until, &self.last, self.mode)
            == (other.requested, other.folded, &other.holder, other.held_until, &other.last, other.mode)
    }
}

impl Stamped for FoldCheckpoint {
    fn stamp(&self) -> &CasStamp {
        &self.stamp
    }
    fn stamp_mut(&mut self) -> &mut CasStamp {
        &mut self.stamp
    }
    fn same_content(&self, other: &Self) -> bool {
        (self.version, &self.batches, &self.agents, &self.handoffs, &self.packs)
            == (other.version, &other.batches, &other.agents, &other.handoffs, &other.packs)
    }
}

impl Stamped for SnapshotPointer {
    fn stamp(&self) -> &CasStamp {
        &self.stamp
    }
    fn stamp_mut(&mut self) -> &mut CasStamp {
        &mut self.stamp
    }
    fn same_content(&self, other: &Self) -> bool {
        // The inputs count too: a pointer left with stale inputs would make every later run
        // rebuild a snapshot it already has.
        (&self.content_hash, &self.inputs, self.recheck_at) == (&other.content_hash, &other.inputs, other.recheck_at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lake::store::S3Options;

    fn history(sessions: &[&str]) -> HistoryDocument {
        HistoryDocument {
            generated_at: "2026-09-10T00:00:00Z".parse().unwrap(),
            sessions: sessions.iter().map(|s| serde_json::json!(s)).collect(),
            stamp: next_stamp("", None),
        }
    }

    fn names(doc: &HistoryDocument) -> Vec<String> {
        doc.sessions.iter().map(|s| s.as_str().unwrap().to_string()).collect()
    }

    #[test]
    fn an_update_that_lost_a_race_recomputes_from_the_winners_body() {
        let dir = tempfile::tempdir().unwrap();
        let lake = Lake::open(&format!("file://{}", dir.path().display()), &S3Options::default()).unwrap();
        let key = Path::from("fleets/f/history.json");
        let mut calls = 0;
        let updated = update::<HistoryDocument, CasError>(&lake, &key, "ours", |current| {
            calls += 1;
            if calls == 1 {
                // Another writer swaps between our read and our swap.
                update::<HistoryDocument, CasError>(&lake, &key, "theirs", |_| Ok(Some(history(&["theirs"])))).unwrap();
            }
            let mut next = current.map(names).unwrap_or_default();
            next.push("ours".into());
            Ok(Some(history(&next.iter().map(String::as_str).collect::<Vec<_>>())))
        })
        .unwrap();
        assert_eq!(calls, 2);
        let Updated::Written(doc) = updated else { panic!("{updated:?}") };
        assert_eq!(names(&doc), ["theirs", "ours"]);
        assert_eq!((doc.stamp.writer.as_str(), doc.stamp.epoch), ("ours", 1));
    }

    #[test]
    fn the_same_content_is_not_written_again() {
        let dir = tempfile::tempdir().unwrap();
        let lake = Lake::open(&format!("file://{}", dir.path().display()), &S3Options::default()).unwrap();
        let key = Path::from("fleets/f/history.json");
        let write = || update::<HistoryDocument, CasError>(&lake, &key, "w", |_| Ok(Some(history(&["a"])))).unwrap();
        assert!(matches!(write(), Updated::Written(_)));
        let etag = lake.head(&key).unwrap().unwrap().etag;
        assert!(matches!(write(), Updated::Unchanged(_)));
        assert_eq!(lake.head(&key).unwrap().unwrap().etag, etag);
    }
}
