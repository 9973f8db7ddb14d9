//! Snapshot search benchmark: builds snapshots of 10 k, 100 k and 1 M promoted claims with the
//! real writer and the default model (the compiled-in transformer), then measures build time, open time, the first search
//! (which loads the vector index), and search latency (p50/p99 per query class, k = 10,
//! including the query's embedding) on one core. Two corpora: `common`, issue 12's claims of 12
//! words from 60 engineering words (every word matches about a fifth of all claims), and
//! `prose`, claims of 8 to 17 words from a 6,000-word Zipf-like vocabulary.
//! Run: `taskset -c 1 cargo bench --bench snapshot [-- SIZES]`, e.g. `-- 10000 100000`; with
//! `CTXLAKE_EMBEDDER=static` the static model embeds instead, with `CTXLAKE_EMBEDDER=minilm-l6`
//! the upstream f32 transformer (from `CTXLAKE_TRANSFORMER_DIR`).
//! `CTXLAKE_BENCH_DISTINCT=N` makes claim i carry claim (i mod N)'s text, so a snapshot of a
//! million claims needs N embeddings (the writer reuses each text's vector, as a rebuild does):
//! with the transformer a million distinct texts would take over an hour to embed here. The
//! search cost is the same, since each lane scans as many postings and vectors.
//! Figures: docs/memory.md.

use chrono::{DateTime, Utc};
use ctxlake::embed::{Embedder, StaticModel, model::ModelSource};
use ctxlake::snapshot::{ClaimRow, Filters, Mode, Reused, Snapshot, Stamp, Status, write_reusing};
use ctxlake::spec::wire::claim_event::Evidence;
use std::time::Instant;

/// A small deterministic generator (xorshift), so every run builds the same snapshots.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn vocabulary(rng: &mut Rng) -> Vec<String> {
    const SYLLABLES: &[&str] =
        &["ka", "ro", "mi", "te", "su", "lo", "na", "vi", "pe", "du", "xo", "ga", "ri", "bel", "tor", "an"];
    (0..6000).map(|_| (0..2 + rng.below(3)).map(|_| SYLLABLES[rng.below(SYLLABLES.len())]).collect()).collect()
}

/// Issue 12's vocabulary: 60 engineering words, each of 12 draws per claim uniform.
const COMMON: &[&str] = &[
    "mutex",
    "flaky",
    "retry",
    "backoff",
    "ci",
    "deploy",
    "timeout",
    "staging",
    "cargo",
    "test",
    "build",
    "cache",
    "docker",
    "release",
    "lint",
    "clippy",
    "panic",
    "thread",
    "async",
    "tokio",
    "socket",
    "port",
    "ssh",
    "config",
    "schema",
    "migration",
    "index",
    "query",
    "latency",
    "memory",
    "leak",
    "crash",
    "log",
    "trace",
    "metric",
    "alert",
    "queue",
    "worker",
    "lock",
    "deadlock",
    "branch",
    "merge",
    "rebase",
    "commit",
    "review",
    "benchmark",
    "profile",
    "allocator",
    "linker",
    "compile",
    "feature",
    "flag",
    "token",
    "secret",
    "vault",
    "cluster",
    "replica",
    "shard",
    "backup",
    "restore",
];

#[derive(Clone, Copy, PartialEq)]
enum Corpus {
    Common,
    Prose,
}

fn claims(n: usize, corpus: Corpus, words: &[String], rng: &mut Rng) -> Vec<ClaimRow> {
    let at: DateTime<Utc> = "2026-09-09T00:00:00Z".parse().expect("a time");
    // Zipf-like word choice: low indexes are common words, high ones rare.
    let word = |rng: &mut Rng| &words[(rng.below(words.len()) * rng.below(words.len())) / words.len()];
    (0..n)
        .map(|i| {
            let claim = match corpus {
                Corpus::Common => (0..12).map(|_| COMMON[rng.below(COMMON.len())]).collect::<Vec<_>>().join(" "),
                Corpus::Prose => {
                    let len = 8 + rng.below(10);
                    (0..len).map(|_| word(rng).as_str()).collect::<Vec<_>>().join(" ")
                }
            };
            ClaimRow {
                claim_id: format!("c{i:08}"),
                claim,
                claim_type: ["environment", "convention", "outcome"][i % 3].to_string(),
                subject: format!("subject-{}", rng.below(500)),
                scope: "fleet".to_string(),
                observed_by: format!("cc-{:02}", rng.below(40)),
                status: Status::Promoted,
                was_promoted: true,
                evidence: vec![Evidence {
                    session_id: format!("s{i}").try_into().expect("non-empty"),
                    message_id: "m1".to_string().try_into().expect("non-empty"),
                    excerpt_hash: String::new(),
                    observed_at: at,
                }],
                independent_count: 1 + rng.below(4) as u64,
                confidence: 0.5 + rng.below(45) as f64 / 100.0,
                updated_at: at,
                embedding: None,
                supersedes: None,
                replaces: None,
                superseded_by: None,
                merged: vec![],
            }
        })
        .collect()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((p / 100.0) * (sorted.len() - 1) as f64).round() as usize]
}

/// The query classes of issue 12's table, and the prose corpus' 2-4 word queries.
fn query_classes(corpus: Corpus, words: &[String], rng: &mut Rng) -> Vec<(&'static str, Vec<String>)> {
    match corpus {
        Corpus::Common => vec![
            ("unknown word", (0..20).map(|i| format!("zyzzyva{i}")).collect()),
            ("one common word", COMMON.iter().take(20).map(|w| w.to_string()).collect()),
            (
                "four common words",
                (0..20)
                    .map(|_| (0..4).map(|_| COMMON[rng.below(COMMON.len())]).collect::<Vec<_>>().join(" "))
                    .collect(),
            ),
            (
                "a sentence",
                (0..20)
                    .map(|i| {
                        let (a, b, c) = (COMMON[i], COMMON[(i * 7 + 3) % 60], COMMON[(i * 13 + 5) % 60]);
                        format!("how do I fix the {a} {b} on {c}")
                    })
                    .collect(),
            ),
        ],
        Corpus::Prose => vec![(
            "2-4 prose words",
            (0..60)
                .map(|_| {
                    (0..2 + rng.below(3))
                        .map(|_| words[rng.below(words.len() / 4)].as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect(),
        )],
    }
}

fn main() {
    let sizes: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let sizes = if sizes.is_empty() { vec![10_000, 100_000, 1_000_000] } else { sizes };
    let dir = tempfile::tempdir().expect("temp dir");
    // CTXLAKE_BENCH_KEEP=<folder> keeps the snapshots written there (benches/http.sh serves one).
    let kept = std::env::var_os("CTXLAKE_BENCH_KEEP").map(std::path::PathBuf::from);
    let folder = kept.as_deref().unwrap_or(dir.path());
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let words = vocabulary(&mut rng);
    let started = Instant::now();
    // As ctxlake chooses: the compiled-in transformer unless CTXLAKE_EMBEDDER says otherwise.
    let model: &dyn Embedder = match std::env::var("CTXLAKE_EMBEDDER").as_deref() {
        Ok("minilm-l6") => {
            let dir =
                std::env::var_os("CTXLAKE_TRANSFORMER_DIR").expect("CTXLAKE_TRANSFORMER_DIR names the transformer");
            ctxlake::embed::transformer::shared(std::path::Path::new(&dir)).expect("the transformer loads")
        }
        Ok("static") => {
            Box::leak(Box::new(StaticModel::load(&ModelSource::Embedded).expect("the embedded model loads")))
        }
        _ => ctxlake::embed::transformer::embedded().expect("the compiled-in transformer loads"),
    };
    println!("model {} load: {:.1} ms", model.model(), started.elapsed().as_secs_f64() * 1e3);
    let distinct: Option<usize> = std::env::var("CTXLAKE_BENCH_DISTINCT").ok().and_then(|n| n.parse().ok());
    println!(
        "corpus\tsize\twrite_s\tembed_per_s\tfile_MiB\topen_ms\tfirst_search_ms\tquery\tp50_ms\tp99_ms\tfiltered_p50_ms"
    );
    for corpus in [Corpus::Common, Corpus::Prose] {
        let name = if corpus == Corpus::Common { "common" } else { "prose" };
        for &n in &sizes {
            let mut rows = claims(n, corpus, &words, &mut rng);
            let mut reused = Reused::new();
            if let Some(distinct) = distinct.filter(|d| *d < n) {
                for i in distinct..n {
                    rows[i].claim = rows[i % distinct].claim.clone();
                }
                for row in &rows[..distinct] {
                    let vector = ctxlake::embed::quantize(&model.embed(&row.claim));
                    reused.insert(row.claim.clone(), vector.into_iter().map(|b| b as u8).collect());
                }
            }
            let started = Instant::now();
            // The transformer is timed on fewer texts: it takes milliseconds each.
            let timed = if model.worth_reusing() { 500 } else { 20_000 };
            for row in rows.iter().take(timed) {
                std::hint::black_box(model.embed(&row.claim));
            }
            let embed_per_s = rows.len().min(timed) as f64 / started.elapsed().as_secs_f64();
            let path = folder.join(format!("snapshot-{name}-{n}.bin"));
            let started = Instant::now();
            let now = DateTime::<Utc>::from(std::time::SystemTime::now());
            write_reusing(&path, &rows, Mode::Agent, model, &reused, Stamp::unnamed(now)).expect("snapshot written");
            let write_s = started.elapsed().as_secs_f64();
            drop(rows);
            let size_mib = std::fs::metadata(&path).expect("file").len() as f64 / (1024.0 * 1024.0);
            let started = Instant::now();
            let snapshot = Snapshot::open(&path).expect("snapshot opens");
            let open_ms = started.elapsed().as_secs_f64() * 1e3;
            let started = Instant::now();
            snapshot.search(Some(model), "warm up", &Filters::default(), 10).expect("search");
            let first_ms = started.elapsed().as_secs_f64() * 1e3;
            let measure = |queries: &[String], filters: &Filters| {
                let mut times: Vec<f64> = Vec::new();
                for _ in 0..3 {
                    for query in queries {
                        let started = Instant::now();
                        let hits = snapshot.search(Some(model), query, filters, 10).expect("search");
                        times.push(started.elapsed().as_secs_f64() * 1e3);
                        assert!(hits.dense, "the vector lane took part");
                        std::hint::black_box(hits);
                    }
                }
                times.sort_by(f64::total_cmp);
                times
            };
            for (class, queries) in query_classes(corpus, &words, &mut rng) {
                let all = measure(&queries, &Filters::default());
                let filtered =
                    measure(&queries, &Filters { subject: Some("subject-7".to_string()), ..Filters::default() });
                println!(
                    "{name}\t{n}\t{write_s:.1}\t{embed_per_s:.0}\t{size_mib:.0}\t{open_ms:.2}\t{first_ms:.1}\t{class}\t{:.2}\t{:.2}\t{:.2}",
                    percentile(&all, 50.0),
                    percentile(&all, 99.0),
                    percentile(&filtered, 50.0)
                );
            }
        }
    }
}
