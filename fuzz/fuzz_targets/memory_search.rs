//! memory_search query strings against a real snapshot: any query text (FTS syntax, quotes,
//! operators, control characters) either finds rows or finds none, never an SQL or FTS error,
//! never more than k rows, every hit renders as exactly two lines, and a claim a correction
//! superseded (every tenth) is a hit only when the search asks for superseded claims.
#![no_main]

use chrono::Utc;
use ctxlake::attribution::render;
use ctxlake::embed::Lexical;
use ctxlake::snapshot::{Filters, Mode, Snapshot, fold, write};
use ctxlake::spec::wire::claim_event::ClaimEvent;
use libfuzzer_sys::fuzz_target;
use std::sync::{Mutex, OnceLock};

fn snapshot() -> &'static Mutex<Snapshot> {
    static SNAPSHOT: OnceLock<(tempfile::TempDir, Mutex<Snapshot>)> = OnceLock::new();
    &SNAPSHOT
        .get_or_init(|| {
            let dir = tempfile::tempdir().expect("temp dir");
            let words = ["ssh", "port", "staging", "cargo", "test", "NEAR", "AND", "claim", "subject", "\"q\"", "*", "é"];
            let events: Vec<ClaimEvent> = (0..200)
                .flat_map(|i| {
                    let claim = format!("{} {} {}", words[i % 12], words[i * 7 % 12], words[i * 5 % 12]);
                    let lines = [
                        format!(
                            r#"{{"kind":"proposed","claim_id":"c{i}","claim":{claim:?},"claim_type":"outcome","subject":"s{}","scope":"fleet","observed_by":"cc","observed_at":"2026-09-01T00:00:00Z","evidence":[{{"session_id":"s","message_id":"m","excerpt_hash":"","observed_at":"2026-09-01T00:00:00Z"}}]}}"#,
                            i % 5
                        ),
                        format!(r#"{{"kind":"promoted","claim_id":"c{i}","at":"2026-09-02T00:00:00Z","independent_count":1,"confidence":0.7}}"#),
                        match i % 10 {
                            0 => format!(r#"{{"kind":"superseded","claim_id":"c{i}","at":"2026-09-03T00:00:00Z","by":"c{}"}}"#, i + 1),
                            _ => String::new(),
                        },
                    ];
                    lines.into_iter().filter(|l| !l.is_empty()).map(|l| serde_json::from_str::<ClaimEvent>(&l).expect("fixture event"))
                })
                .collect();
            let path = dir.path().join("snapshot.bin");
            write(&path, &fold(events), Mode::Agent, &Lexical, chrono::DateTime::<Utc>::from(std::time::SystemTime::now())).expect("fixture snapshot");
            let snapshot = Snapshot::open(&path).expect("fixture opens");
            (dir, Mutex::new(snapshot))
        })
        .1
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let query = String::from_utf8_lossy(rest);
    let k = 1 + usize::from(selector % 40);
    let filters = Filters {
        subject: (selector & 0x80 != 0).then(|| "s1".to_string()),
        include_superseded: selector & 0x40 != 0,
        ..Filters::default()
    };
    let snapshot = snapshot().lock().expect("not poisoned");
    let hits = snapshot.search(Some(&Lexical), &query, &filters, k).expect("no query text is an SQL error").rows;
    assert!(hits.len() <= k);
    for hit in &hits {
        assert_eq!(render(hit).lines().count(), 2);
        assert!(filters.include_superseded || hit.status != "superseded", "{hit:?}");
        assert_eq!(hit.status == "superseded", render(hit).contains(", SUPERSEDED by "));
    }
});
