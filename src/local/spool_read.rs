//! Reading a spool file back, as `ctxlake sync` does before it ships records to the lake.
//!
//! The writer leaves only whole lines, but a reader must not trust that: a copy taken during an
//! append, a filesystem that lost the writer's cut-back, or another program writing into the
//! directory can leave a torn final line or a foreign one. Such lines are skipped and reported,
//! never parsed as something else. A line must validate against its schema and be a lease
//! request, a handoff, or a `proposed` ClaimEvent: a promotion found in a spool is refused,
//! because only the promotion gate promotes and agents can only propose.

use crate::spec::wire::claim_event::ClaimEvent;
use crate::spec::wire::spool::SpoolRecord;
use serde_json::Value;
use std::path::Path;
use std::sync::LazyLock;

/// One line of a spool, as its schema defines it.
#[derive(Debug, Clone, PartialEq)]
pub enum SpoolLine {
    Request(SpoolRecord),
    Proposal(ClaimEvent),
}

/// A line the reader refused, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// 1-based line number.
    pub line: usize,
    /// Byte offset of the line's start.
    pub offset: u64,
    pub why: String,
}

#[derive(Debug, Default, Clone, PartialEq)]
pub struct SpoolContents {
    pub lines: Vec<SpoolLine>,
    pub skipped: Vec<Skipped>,
    /// Bytes after the last newline: a line whose write never finished.
    pub torn_tail: Option<Skipped>,
}

static SPOOL_RECORD: LazyLock<jsonschema::Validator> =
    LazyLock::new(|| validator(include_str!("../../schemas/wire/spool_record.json")));
static CLAIM_EVENT: LazyLock<jsonschema::Validator> =
    LazyLock::new(|| validator(include_str!("../../schemas/wire/claim_event.json")));

fn validator(schema: &str) -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(schema).expect("the wire schemas are JSON (build.rs parses them)");
    jsonschema::validator_for(&schema).expect("the wire schemas compile (unit test)")
}

/// Splits a spool's bytes into lines and parses each; never fails.
pub fn parse(bytes: &[u8]) -> SpoolContents {
    let mut contents = SpoolContents::default();
    let mut offset = 0u64;
    let mut rest = bytes;
    let mut number = 0;
    while !rest.is_empty() {
        number += 1;
        let Some(end) = rest.iter().position(|b| *b == b'\n') else {
            contents.torn_tail = Some(Skipped {
                line: number,
                offset,
                why: format!("{} bytes after the last newline: a write that never finished", rest.len()),
            });
            break;
        };
        let line = &rest[..end];
        match parse_line(line) {
            Ok(parsed) => contents.lines.push(parsed),
            Err(why) => contents.skipped.push(Skipped { line: number, offset, why }),
        }
        offset += end as u64 + 1;
        rest = &rest[end + 1..];
    }
    contents
}

/// Reads and parses a spool file.
pub fn read(path: &Path) -> std::io::Result<SpoolContents> {
    Ok(parse(&std::fs::read(path)?))
}

fn parse_line(line: &[u8]) -> Result<SpoolLine, String> {
    let value: Value = serde_json::from_slice(line).map_err(|e| format!("not JSON: {e}"))?;
    let kind = value.get("kind").and_then(Value::as_str).unwrap_or_default().to_string();
    let (validator, what) = match kind.as_str() {
        "claim_request" | "release_request" | "handoff" | "presence" => (&*SPOOL_RECORD, "spool record"),
        _ => (&*CLAIM_EVENT, "ClaimEvent"),
    };
    if let Some(e) = validator.iter_errors(&value).next() {
        return Err(format!("not a valid {what} of kind {kind:?}: {}: {e}", e.instance_path().as_str()));
    }
    match kind.as_str() {
        "claim_request" | "release_request" | "handoff" | "presence" => {
            serde_json::from_value(value).map(SpoolLine::Request).map_err(|e| format!("not a spool record: {e}"))
        }
        "proposed" => {
            serde_json::from_value(value).map(SpoolLine::Proposal).map_err(|e| format!("not a ClaimEvent: {e}"))
        }
        other => Err(format!("a `{other}` ClaimEvent: agents only propose, so only `proposed` may be spooled")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HANDOFF: &str = r#"{"kind":"handoff","id":"01J0000000000000000000000A","fleet_id":"f","agent_id":"a","at":"2026-09-09T10:00:00Z","summary":"done","status":"done","next":null}"#;

    fn proposed() -> String {
        serde_json::json!({"kind": "proposed", "claim_id": "c1", "claim": "x", "claim_type": "convention", "subject": "s",
            "scope": "agent", "observed_by": "a", "observed_at": "2026-09-01T00:00:00Z",
            "evidence": [{"session_id": "s1", "message_id": "m1", "excerpt_hash": "", "observed_at": "2026-09-01T00:00:00Z"}]})
        .to_string()
    }

    const PRESENCE: &str = r#"{"kind":"presence","id":"01J0000000000000000000000B","at":"2026-09-09T10:00:00Z","fleet_id":"f","agent_id":"a","event":"start","session_id":"01J0000000000000000000000C","pid":4242,"pid_start":"99","host":"h","client_name":"claude-code","client_version":"2.1","cwd":"/w","repo":null,"branch":"main"}"#;

    #[test]
    fn whole_lines_parse_into_their_schema_types() {
        let text = format!("{HANDOFF}\n{}\n{PRESENCE}\n", proposed());
        let contents = parse(text.as_bytes());
        assert_eq!(contents.skipped, []);
        assert_eq!(contents.torn_tail, None);
        assert!(matches!(contents.lines[0], SpoolLine::Request(SpoolRecord::Handoff { .. })));
        assert!(matches!(contents.lines[1], SpoolLine::Proposal(ClaimEvent::Proposed { .. })));
        assert!(matches!(contents.lines[2], SpoolLine::Request(SpoolRecord::Presence { .. })));
    }

    #[test]
    fn a_torn_final_line_is_skipped_and_reported_even_when_it_looks_like_json() {
        // A cut that happens to end on `}` still lacks its newline: it is never parsed.
        let torn = &HANDOFF[..HANDOFF.len() - 1];
        for tail in [torn, &HANDOFF[..40]] {
            let text = format!("{HANDOFF}\n{tail}");
            let contents = parse(text.as_bytes());
            assert_eq!(contents.lines.len(), 1);
            let torn = contents.torn_tail.expect("reported");
            assert_eq!((torn.line, torn.offset), (2, HANDOFF.len() as u64 + 1));
        }
    }

    #[test]
    fn foreign_lines_and_promotions_are_refused_with_their_line_numbers() {
        let promoted =
            r#"{"kind":"promoted","claim_id":"c1","at":"2026-09-09T00:00:00Z","independent_count":3,"confidence":0.9}"#;
        let text = format!("not json\n{promoted}\n{{\"kind\":\"handoff\"}}\n{HANDOFF}\n");
        let contents = parse(text.as_bytes());
        assert_eq!(contents.lines.len(), 1);
        let reasons: Vec<(usize, bool)> = contents
            .skipped
            .iter()
            .map(|s| {
                (
                    s.line,
                    s.why.contains("not JSON")
                        || s.why.contains("agents only propose")
                        || s.why.contains("not a valid"),
                )
            })
            .collect();
        assert_eq!(reasons, [(1, true), (2, true), (3, true)]);
        assert!(contents.skipped[1].why.contains("`promoted`"), "{:?}", contents.skipped[1]);
    }
}
