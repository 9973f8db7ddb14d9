//! A drained batch's body as the fold reads it: every non-empty line a proposal, a spool record,
//! or counted unreadable. Read by maint, compaction (`lake::pack`) and export.

use crate::spec::wire::claim_event::ClaimEvent;
use crate::spec::wire::spool::SpoolRecord;
use serde_json::Value;

/// One batch body as maint reads it: every non-empty line is a proposal, a spool record, or
/// counted unreadable (a batch is written by a drain, but the lake is shared, so its bytes are
/// outside input here).
#[derive(Debug, Default, Clone, PartialEq)]
pub struct ParsedBatch {
    pub proposals: Vec<ClaimEvent>,
    pub requests: Vec<SpoolRecord>,
    pub unreadable: usize,
}

pub fn parse_batch(body: &[u8]) -> ParsedBatch {
    let mut batch = ParsedBatch::default();
    for line in body.split(|b| *b == b'\n').filter(|l| !l.is_empty()) {
        let Ok(value) = serde_json::from_slice::<Value>(line) else {
            batch.unreadable += 1;
            continue;
        };
        if value.get("kind").and_then(Value::as_str) == Some("proposed") {
            match serde_json::from_value::<ClaimEvent>(value) {
                Ok(event) => batch.proposals.push(event),
                Err(_) => batch.unreadable += 1,
            }
            continue;
        }
        match serde_json::from_value::<SpoolRecord>(value) {
            Ok(record) => batch.requests.push(record),
            Err(_) => batch.unreadable += 1,
        }
    }
    batch
}
