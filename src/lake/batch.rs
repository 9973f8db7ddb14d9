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

/// What one line of a batch is.
enum Line {
    Proposal(ClaimEvent),
    Request(SpoolRecord),
    Unreadable,
}

pub fn parse_batch(body: &[u8]) -> ParsedBatch {
    let mut batch = ParsedBatch::default();
    for line in map_lines(body, PARALLEL_FROM, read_line) {
        match line {
            Line::Proposal(event) => batch.proposals.push(event),
            Line::Request(record) => batch.requests.push(record),
            Line::Unreadable => batch.unreadable += 1,
        }
    }
    batch
}

fn read_line(line: &[u8]) -> Option<Line> {
    if line.is_empty() {
        return None;
    }
    let Ok(value) = serde_json::from_slice::<Value>(line) else { return Some(Line::Unreadable) };
    Some(if value.get("kind").and_then(Value::as_str) == Some("proposed") {
        serde_json::from_value::<ClaimEvent>(value).map_or(Line::Unreadable, Line::Proposal)
    } else {
        serde_json::from_value::<SpoolRecord>(value).map_or(Line::Unreadable, Line::Request)
    })
}

/// Bodies from this size on have their lines parsed on every core. A fold that gates reads
/// every batch and verdict batch again: at a million proposals about 100 batches of 10,000
/// lines and a verdict batch of a million, most of a rebuild's read step (docs/lake.md, "Where a
/// rebuild's time goes"). The drain, compaction and export read batches through here too. A
/// smaller body (a drain of a few records, one owner event) stays on the calling thread: only
/// large bodies were measured to gain.
pub(crate) const PARALLEL_FROM: usize = 256 * 1024;

/// `read` applied to each line of `body` (split at `\n`), in the lines' order, without the lines
/// it maps to `None`; on every core when `body` is at least `parallel_from` bytes
/// ([`crate::cores::share`]).
pub(crate) fn map_lines<T: Send>(
    body: &[u8],
    parallel_from: usize,
    read: impl Fn(&[u8]) -> Option<T> + Sync + Send,
) -> Vec<T> {
    use rayon::prelude::*;
    let newline = |b: &u8| *b == b'\n';
    match crate::cores::share(body.len(), parallel_from) {
        // Collecting keeps the lines' order, so a batch reads the same on one core or many.
        Some(pool) => pool.install(|| body.par_split(newline).filter_map(read).collect()),
        None => body.split(newline).filter_map(read).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROPOSAL: &str = r#"{"kind":"proposed","claim_id":"c1","claim":"staging ssh listens on 2222","claim_type":"environment","subject":"staging","scope":"agent","observed_by":"a","observed_at":"2026-12-01T00:00:00Z","evidence":[]}"#;
    const HANDOFF: &str = r#"{"kind":"handoff","id":"h1","at":"2026-12-01T00:00:00Z","fleet_id":"t","agent_id":"a","summary":"x","status":"done","next":null}"#;

    fn proposal_ids(batch: &ParsedBatch) -> Vec<String> {
        let id = |p: &ClaimEvent| match p {
            ClaimEvent::Proposed { claim_id, .. } => claim_id.to_string(),
            other => panic!("not a proposal: {other:?}"),
        };
        batch.proposals.iter().map(id).collect()
    }

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
        assert_eq!(proposal_ids(&batch), ["c1", "c2"]);
        assert!(matches!(batch.requests.as_slice(), [SpoolRecord::Handoff { .. }]), "{:?}", batch.requests);
        assert_eq!(batch.unreadable, unreadable.len());
    }

    #[test]
    fn a_body_parsed_on_many_cores_reads_as_it_does_on_one() {
        // Every line distinct, so a line out of its place shows.
        let body: String = (0..4_000)
            .map(|i| match i % 4 {
                0 => PROPOSAL.replace("\"c1\"", &format!("\"c{i}\"")),
                1 => HANDOFF.replace("\"h1\"", &format!("\"h{i}\"")),
                2 => String::new(),
                _ => format!("not json {i}"),
            })
            .collect::<Vec<_>>()
            .join("\n");
        // Ends and a carriage return split alike on one core and many.
        let body = format!("\n{body}\n\r\n");
        let read = |line: &[u8]| (!line.is_empty()).then(|| line.to_vec());
        let one = map_lines(body.as_bytes(), usize::MAX, read);
        assert_eq!(one.len(), 3_001);
        assert_eq!(map_lines(body.as_bytes(), 0, read), one);

        assert!(body.len() >= PARALLEL_FROM, "parse_batch takes the parallel path");
        let batch = parse_batch(body.as_bytes());
        let proposals = proposal_ids(&batch);
        let requests: Vec<String> = batch
            .requests
            .iter()
            .map(|r| match r {
                SpoolRecord::Handoff { id, .. } => id.to_string(),
                other => panic!("not a handoff: {other:?}"),
            })
            .collect();
        assert_eq!(proposals, (0..1_000).map(|i| format!("c{}", 4 * i)).collect::<Vec<_>>());
        assert_eq!(requests, (0..1_000).map(|i| format!("h{}", 4 * i + 1)).collect::<Vec<_>>());
        assert_eq!(batch.unreadable, 1_001);
    }
}
