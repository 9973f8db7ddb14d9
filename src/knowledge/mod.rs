//! The knowledge base (seed 002): owner-reviewed engineering guidance records
//! (`schemas/wire/kb_record.json`), what `search_knowledge`, `get_guidance` and `submit_feedback`
//! serve. `import.rs` parses and validates record files, `store.rs` keeps them in SQLite
//! (`kb.sqlite`: records, their review status, the keyword postings and the embedder's vectors
//! of approved records, anonymous feedback), `search.rs` is the in-memory index a search runs
//! on, fused by the same ranking code as memory_search (`snapshot::lexical`, `snapshot::rank`),
//! and `searches.rs` counts searches by retrieval mode and the records they return (never the
//! query) for the owner's console.
//!
//! Only approved records ever reach a `Base`: drafts and deprecated records stay in the store.

pub mod import;
pub mod search;
pub mod searches;
pub mod store;
pub mod version;

pub use import::{ImportError, parse};
pub use search::{Base, CacheState, Found, Hit, Mode, Query, TRANSFORMER_TUNING, TUNING, Tuning, tuning_for};
pub use store::{Store, StoreError};

use crate::spec::wire::kb_record::{KbRecord, KbRecordStatus};

/// The starter base that ships with the binary (`kb/starter/*.jsonl`, written by us, every
/// record sourced with a quoted excerpt; `kb/starter/SOURCES.md` says how each was found): what `ctxlake mcp` serves when no knowledge base has been imported.
pub const STARTER: &[(&str, &str)] = &[
    ("kb/starter/data.jsonl", include_str!("../../kb/starter/data.jsonl")),
    ("kb/starter/mcp.jsonl", include_str!("../../kb/starter/mcp.jsonl")),
    ("kb/starter/observability.jsonl", include_str!("../../kb/starter/observability.jsonl")),
    ("kb/starter/performance.jsonl", include_str!("../../kb/starter/performance.jsonl")),
    ("kb/starter/reliability.jsonl", include_str!("../../kb/starter/reliability.jsonl")),
    ("kb/starter/rust.jsonl", include_str!("../../kb/starter/rust.jsonl")),
    ("kb/starter/security.jsonl", include_str!("../../kb/starter/security.jsonl")),
    ("kb/starter/testing.jsonl", include_str!("../../kb/starter/testing.jsonl")),
    ("kb/starter/tooling.jsonl", include_str!("../../kb/starter/tooling.jsonl")),
];

/// The starter base's records, every one approved (they are reviewed in this repository).
/// A starter file that does not parse is a build defect a unit test catches; here it is
/// logged and skipped, so a bad file cannot take the tools down.
pub fn starter_records() -> Vec<KbRecord> {
    let mut records = vec![];
    for (file, text) in STARTER {
        match parse(file, text) {
            Ok(parsed) => records.extend(parsed.into_iter().map(|p| p.record)),
            Err(e) => tracing::error!(error = %e, "starter knowledge file refused"),
        }
    }
    for record in &mut records {
        record.status = KbRecordStatus::Approved;
    }
    records
}

/// The text the keyword index holds for a record: what a decision is about and what it says.
pub fn indexed_text(record: &KbRecord) -> String {
    let mut text = format!("{} {} {} {}", *record.title, *record.summary, *record.recommendation, *record.rationale);
    for target in &record.applies_to {
        text.push(' ');
        text.push_str(&target.name);
    }
    text
}

/// The text the embedder sees: the decision itself, without the long rationale, which dilutes
/// a mean-pooled static embedding.
pub fn embedded_text(record: &KbRecord) -> String {
    let names: Vec<&str> = record.applies_to.iter().map(|t| t.name.as_str()).collect();
    format!("{}. {} {} {}", *record.title, *record.summary, *record.recommendation, names.join(" "))
}

/// Progress of a long step: `(done, total)`, called as work goes on (a tool call's
/// `catalog::Call::progress`, or nothing).
pub type Report<'a> = &'a mut dyn FnMut(u64, u64);

/// Steps a whole embedding pass reports, at most: enough to show it moving, few enough that
/// a fast embedder does not flood the client.
const REPORTED_STEPS: usize = 20;

/// Every record's quantized vector, in order, embedded by `embedder`, reporting as it goes.
pub fn embed_all(records: &[KbRecord], embedder: &dyn crate::embed::Embedder, report: Report<'_>) -> Vec<i8> {
    let total = records.len() as u64;
    let every = records.len().div_ceil(REPORTED_STEPS).max(1);
    report(0, total);
    let mut vectors = Vec::new();
    for (index, record) in records.iter().enumerate() {
        vectors.extend(crate::embed::quantize(&embedder.embed(&embedded_text(record))));
        if (index + 1) % every == 0 || index + 1 == records.len() {
            report(index as u64 + 1, total);
        }
    }
    vectors
}

/// A record's attribution header, `[rust-lang.org; docs.rs, 2026-05-01, reviewed guidance]`:
/// its sources' publishers (each once, in order) and the day it was last updated.
pub fn attribution(record: &KbRecord) -> String {
    let mut publishers: Vec<&str> = vec![];
    for source in &record.sources {
        let publisher: &str = &source.publisher;
        if !publishers.contains(&publisher) {
            publishers.push(publisher);
        }
    }
    let updated = record.updated_at.to_rfc3339();
    crate::attribution::header(
        crate::attribution::Words::Guidance,
        crate::attribution::Origin::Sources(&publishers.join("; ")),
        Some(&updated),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_starter_file_parses_and_every_id_and_slug_is_unique() {
        let mut count = 0;
        let (mut ids, mut slugs) = (std::collections::HashSet::new(), std::collections::HashSet::new());
        for (file, text) in STARTER {
            let parsed = parse(file, text).unwrap_or_else(|e| panic!("{e}"));
            for p in parsed {
                assert!(ids.insert(p.record.id.to_string()), "duplicate id {}", *p.record.id);
                assert!(slugs.insert(p.record.slug.to_string()), "duplicate slug {}", *p.record.slug);
                count += 1;
            }
        }
        assert_eq!(starter_records().len(), count);
        assert!(count >= 40, "the starter base has {count} records");
        assert!(starter_records().iter().all(|r| r.status == KbRecordStatus::Approved));
    }
}
