//! The knowledge base published through the lake, so every host of a fleet serves the same
//! reviewed set. `ctxlake kb publish` writes the owner's approved records as one
//! content-addressed JSONL blob (`fleets/<fleet>/kb/<sha256>.jsonl`, one record per line, in id
//! order) and then points `fleets/<fleet>/kb/current.json` at it; `ctxlake sync` mirrors the
//! blob into `<cache>/<fleet>/kb.jsonl` (`lake::mirror`) once its hash and every record check
//! out, and the knowledge tools serve it (`tools::knowledge`). A blob is never overwritten: a
//! new set is a new key, and the pointer moves last, so a reader sees the old set or the new
//! one, never half of either.

use crate::knowledge::{ImportError, parse};
use crate::lake::layout::{FleetLayout, sha256_hex};
use crate::lake::store::{Lake, LakeError};
use crate::local::paths::FleetId;
use crate::spec::wire::kb_record::{KbRecord, KbRecordStatus};
use crate::spec::wire::lake::KbPointer;
use chrono::{DateTime, Utc};

#[derive(Debug, thiserror::Error)]
pub enum KbError {
    #[error(transparent)]
    Lake(#[from] LakeError),
    #[error("lake key {key} is not a knowledge base pointer: {source}")]
    Pointer { key: String, source: serde_json::Error },
    #[error("lake key {key}: missing, though {pointer} points at it; not mirrored")]
    Missing { key: String, pointer: String },
    #[error("lake key {key}: its bytes hash to {actual}, the pointer says {expected}; not mirrored")]
    Corrupt { key: String, expected: String, actual: String },
    #[error("lake key {key}: a record is refused, so nothing of it is mirrored: {source}")]
    Record { key: String, source: ImportError },
    #[error("lake key {key}: record {id} is {status}, and only approved records are published; not mirrored")]
    NotApproved { key: String, id: String, status: KbRecordStatus },
    #[error("lake key {key}: the pointer says {expected} records, the blob holds {actual}; not mirrored")]
    Count { key: String, expected: u64, actual: usize },
}

/// What one publish wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct Published {
    pub pointer: KbPointer,
    /// false when the same set was already in the lake under its hash (the pointer still moves).
    pub new_blob: bool,
}

/// The blob for `records`: the approved ones, in id order, one JSON object per line.
pub fn blob(records: &[KbRecord]) -> Vec<u8> {
    let mut approved: Vec<&KbRecord> = records.iter().filter(|r| r.status == KbRecordStatus::Approved).collect();
    approved.sort_by(|a, b| a.id.cmp(&b.id));
    let mut out = Vec::new();
    for record in approved {
        out.extend(serde_json::to_vec(record).expect("a record serializes"));
        out.push(b'\n');
    }
    out
}

/// Publishes the approved `records` as `fleet`'s knowledge base.
pub fn publish(lake: &Lake, fleet: &FleetId, records: &[KbRecord], now: DateTime<Utc>) -> Result<Published, KbError> {
    let layout = FleetLayout::new(fleet);
    let body = blob(records);
    let count = body.iter().filter(|b| **b == b'\n').count();
    let content_hash = sha256_hex(&body);
    let key = layout.kb(&content_hash);
    let new_blob = lake.put_if_absent(&key, body)? == crate::lake::Created::Created;
    let pointer = KbPointer {
        content_hash,
        key: key.to_string(),
        records: u64::try_from(count).unwrap_or(u64::MAX),
        published_at: now,
    };
    lake.put(&layout.kb_pointer(), serde_json::to_vec_pretty(&pointer).expect("the pointer serializes"))?;
    Ok(Published { pointer, new_blob })
}

/// The pointer at `key`, refused whole when it is not one.
pub fn parse_pointer(body: &[u8], key: &str) -> Result<KbPointer, KbError> {
    serde_json::from_slice(body).map_err(|source| KbError::Pointer { key: key.to_string(), source })
}

/// The blob `pointer` names, read from the lake and checked: its hash, then every record against
/// the record schema (through the importer, which also redacts), every one approved, and as many
/// as the pointer says. The bytes are returned only when all of it holds.
pub fn fetch(lake: &Lake, fleet: &FleetId, pointer: &KbPointer, pointer_key: &str) -> Result<Vec<u8>, KbError> {
    // The key is rebuilt from the hash, never taken from the pointer, so a pointer cannot send
    // the mirror outside this fleet's kb/ folder.
    let key = FleetLayout::new(fleet).kb(&pointer.content_hash);
    let Some(object) = lake.get(&key)? else {
        return Err(KbError::Missing { key: key.to_string(), pointer: pointer_key.to_string() });
    };
    verify(&object.body, pointer, key.as_ref())?;
    Ok(object.body)
}

/// [`fetch`]'s checks on bytes already read (the fuzz target's entry point).
pub fn verify(body: &[u8], pointer: &KbPointer, key: &str) -> Result<Vec<KbRecord>, KbError> {
    let actual = sha256_hex(body);
    if actual != pointer.content_hash {
        return Err(KbError::Corrupt { key: key.to_string(), expected: pointer.content_hash.clone(), actual });
    }
    let text = String::from_utf8_lossy(body);
    let parsed =
        parse(&format!("{key}.jsonl"), &text).map_err(|source| KbError::Record { key: key.to_string(), source })?;
    let records: Vec<KbRecord> = parsed.into_iter().map(|p| p.record).collect();
    if let Some(record) = records.iter().find(|r| r.status != KbRecordStatus::Approved) {
        return Err(KbError::NotApproved { key: key.to_string(), id: record.id.to_string(), status: record.status });
    }
    if u64::try_from(records.len()).ok() != Some(pointer.records) {
        return Err(KbError::Count { key: key.to_string(), expected: pointer.records, actual: records.len() });
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records() -> Vec<KbRecord> {
        crate::knowledge::starter_records().into_iter().take(3).collect()
    }

    fn pointer_of(body: &[u8], records: u64) -> KbPointer {
        KbPointer { content_hash: sha256_hex(body), key: "k".into(), records, published_at: Utc::now() }
    }

    #[test]
    fn a_blob_holds_only_approved_records_in_id_order_and_verifies() {
        let mut all = records();
        all[1].status = KbRecordStatus::Draft;
        let body = blob(&all);
        let got = verify(&body, &pointer_of(&body, 2), "k").unwrap();
        let mut ids: Vec<String> = got.iter().map(|r| r.id.to_string()).collect();
        assert_eq!(ids.len(), 2);
        let sorted = {
            ids.sort();
            ids.clone()
        };
        assert_eq!(got.iter().map(|r| r.id.to_string()).collect::<Vec<_>>(), sorted);
        assert_eq!(blob(&all), body, "the same set gives the same bytes, so the same key");
    }

    #[test]
    fn a_tampered_blob_a_draft_or_a_wrong_count_is_refused_whole() {
        let body = blob(&records());
        let mut tampered = body.clone();
        tampered[10] ^= 1;
        assert!(matches!(verify(&tampered, &pointer_of(&body, 3), "k"), Err(KbError::Corrupt { .. })));
        assert!(matches!(verify(&body, &pointer_of(&body, 4), "k"), Err(KbError::Count { .. })));
        let draft = String::from_utf8(body).unwrap().replacen("\"approved\"", "\"draft\"", 1).into_bytes();
        assert!(matches!(verify(&draft, &pointer_of(&draft, 3), "k"), Err(KbError::NotApproved { .. })));
        let broken = b"{\"id\": 1}\n".to_vec();
        assert!(matches!(verify(&broken, &pointer_of(&broken, 1), "k"), Err(KbError::Record { .. })));
    }
}
