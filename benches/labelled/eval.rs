//! The labelled retrieval sets and their metrics, shared by `benches/retrieval.rs` (figures and
//! the fusion sweep) and `tests/it/retrieval.rs` (the quality gate). Query i targets claim i.
//! Two corpora: the tuning set (40 claims, paraphrased and keyword queries: every weight was
//! chosen on it) and the held-out set (issue 33: 50 target claims and 50 hard distractors, 50
//! questions each sharing at most one content word with its claim, checked by
//! `check_heldout.py`), which is only ever reported on. Snapshots are built with the real writer.

use chrono::{DateTime, Utc};
use ctxlake::embed::Embedder;
use ctxlake::snapshot::rank::Fusion;
use ctxlake::snapshot::{ClaimRow, Filters, Lanes, Mode, Snapshot, Status, write};
use ctxlake::spec::wire::claim_event::Evidence;
use std::path::Path;

pub const CLAIMS: &str = include_str!("claims.tsv");
pub const PARAPHRASE: &str = include_str!("paraphrase.tsv");
pub const KEYWORD: &str = include_str!("keyword.tsv");
pub const HELDOUT_CLAIMS: &str = include_str!("heldout-claims.tsv");
pub const HELDOUT: &str = include_str!("heldout-paraphrase.tsv");

/// `(id, text)` per line, `#` lines skipped.
pub fn parse(tsv: &str) -> Vec<(usize, String)> {
    tsv.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (id, text) = l.split_once('\t').expect("id<TAB>text");
            (id.parse().expect("a numeric id"), text.to_string())
        })
        .collect()
}

pub fn claim_id(id: usize) -> String {
    format!("c{id:02}")
}

/// A promoted, visible claim row.
pub fn row(claim_id: String, claim: String, subject: String) -> ClaimRow {
    let at: DateTime<Utc> = "2026-09-09T00:00:00Z".parse().expect("a time");
    ClaimRow {
        evidence: vec![Evidence {
            session_id: format!("s-{claim_id}").try_into().expect("non-empty"),
            message_id: "m1".to_string().try_into().expect("non-empty"),
            excerpt_hash: String::new(),
            observed_at: at,
        }],
        claim_id,
        claim,
        claim_type: "convention".to_string(),
        subject,
        scope: "fleet".to_string(),
        observed_by: "cc-01".to_string(),
        status: Status::Promoted,
        was_promoted: true,
        independent_count: 2,
        confidence: 0.8,
        updated_at: at,
        embedding: None,
        supersedes: None,
        replaces: None,
        superseded_by: None,
        merged: vec![],
    }
}

/// The tuning set's 40 claims written as a snapshot whose vectors come from `embedder`.
pub fn snapshot(dir: &Path, embedder: &dyn Embedder) -> Snapshot {
    snapshot_of(dir, CLAIMS, embedder)
}

/// `claims` (a tsv) written as a snapshot whose vectors come from `embedder`. The subject is a
/// neutral word so that only the claim text decides the ranking.
pub fn snapshot_of(dir: &Path, claims: &str, embedder: &dyn Embedder) -> Snapshot {
    let rows: Vec<ClaimRow> =
        parse(claims).into_iter().map(|(id, claim)| row(claim_id(id), claim, "project".to_string())).collect();
    let path = dir.join(format!("labelled-{}-{}.bin", embedder.model(), rows.len()));
    write(&path, &rows, Mode::Agent, embedder, DateTime::<Utc>::from(std::time::SystemTime::now())).expect("written");
    Snapshot::open(&path).expect("opens")
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Metrics {
    pub r1: f64,
    pub r5: f64,
    pub mrr: f64,
}

/// R@1, R@5 and MRR of `queries` (a target id each) against `snapshot`, k = 40; a target not
/// returned at all scores 0.
pub fn measure(
    snapshot: &Snapshot,
    embedder: Option<&dyn Embedder>,
    queries: &[(usize, String)],
    fusion: &Fusion,
    lanes: Lanes,
) -> Metrics {
    measure_k(snapshot, embedder, queries, fusion, lanes, 40)
}

/// [`measure`] with `k` results per query (the held-out verdict uses `memory_search`'s k = 10).
pub fn measure_k(
    snapshot: &Snapshot,
    embedder: Option<&dyn Embedder>,
    queries: &[(usize, String)],
    fusion: &Fusion,
    lanes: Lanes,
    k: usize,
) -> Metrics {
    let (mut r1, mut r5, mut mrr) = (0.0, 0.0, 0.0);
    for (target, query) in queries {
        let hits = snapshot.search_with(embedder, query, &Filters::default(), k, fusion, lanes).expect("search");
        let rank = hits.rows.iter().position(|r| r.claim_id == claim_id(*target)).map(|p| p + 1);
        if let Some(rank) = rank {
            r1 += f64::from(u8::from(rank == 1));
            r5 += f64::from(u8::from(rank <= 5));
            mrr += 1.0 / rank as f64;
        }
    }
    let n = queries.len() as f64;
    Metrics { r1: r1 / n, r5: r5 / n, mrr: mrr / n }
}

/// Each query whose target is not ranked first, with the rank and the claim ranked first (for
/// reading what a model misses; `cargo bench --bench retrieval -- misses`).
#[allow(dead_code)]
pub fn print_misses(
    snapshot: &Snapshot,
    embedder: &dyn Embedder,
    queries: &[(usize, String)],
    fusion: &Fusion,
    claims: &str,
) {
    let claims: std::collections::HashMap<String, String> =
        parse(claims).into_iter().map(|(id, text)| (claim_id(id), text)).collect();
    for (target, query) in queries {
        let hits =
            snapshot.search_with(Some(embedder), query, &Filters::default(), 10, fusion, Lanes::BOTH).expect("search");
        let rank = hits.rows.iter().position(|r| r.claim_id == claim_id(*target)).map(|p| p + 1);
        if rank != Some(1) {
            let first = hits.rows.first().map(|r| claims[&r.claim_id].as_str()).unwrap_or("");
            println!(
                "  miss {target} rank {rank:?}: {query}\n    target: {}\n    first:  {first}",
                claims[&claim_id(*target)]
            );
        }
    }
}
