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

#[cfg(test)]
mod tests {
    use super::*;

    const PROPOSAL: &str = r#"{"kind":"proposed","claim_id":"c1","claim":"staging ssh listens on 2222","claim_type":"environment","subject":"staging","scope":"agent","observed_by":"a","observed_at":"2026-12-01T00:00:00Z","evidence":[]}"#;
    const HANDOFF: &str = r#"{"kind":"handoff","id":"h1","at":"2026-12-01T00:00:00Z","fleet_id":"t","agent_id":"a","summary":"x","status":"done","next":null}"#;

    #[test]
    fn each_line_is_a_proposal_a_request_or_counted_unreadable() {
        let reordered = r#"{"observed_at":"2026-12-01T00:00:00Z","evidence":[],"claim_id":"c2","claim":"x","claim_type":"outcome","subject":"s","scope":"agent","observed_by":"a","kind":"proposed"}"#;
        let unreadable = [
            "not json",
            r#"{"kind":"proposed","claim_id":"c3","from":"a newer build"}"#,
            // A verdict is a claim event but never a batch's line.
            r#"{"kind":"promoted","claim_id":"c1","at":"2026-12-01T00:00:00Z","confidence":0.8,"independent_count":2}"#,
            r#"{"kind":"handoff","id":"h2"}"#,
            r#"{"claim_id":"c4"}"#,
            "[1,2]",
        ];
        assert!(serde_json::from_str::<ClaimEvent>(unreadable[2]).is_ok(), "the verdict is a readable claim event");
        let body = [PROPOSAL, HANDOFF, reordered].into_iter().chain(unreadable).collect::<Vec<_>>().join("\n\n");
        let batch = parse_batch(body.as_bytes());
        let ids: Vec<String> = batch
            .proposals
            .iter()
            .map(|p| match p {
                ClaimEvent::Proposed { claim_id, .. } => claim_id.to_string(),
                other => panic!("not a proposal: {other:?}"),
            })
            .collect();
        assert_eq!(ids, ["c1", "c2"]);
        assert!(matches!(batch.requests.as_slice(), [SpoolRecord::Handoff { .. }]), "{:?}", batch.requests);
        assert_eq!(batch.unreadable, unreadable.len());
    }
}
