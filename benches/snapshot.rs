//! Snapshot search benchmark: builds snapshots of 10 k, 100 k and 1 M promoted claims with the
//! real writer, then measures open time, the first search (which loads the vector index), and
//! memory_search latency (p50/p99 over a fixed query set, k = 10) on one core.
//! Run: `cargo bench --bench snapshot [-- SIZES]`, e.g. `-- 10000 100000`. Figures: docs/memory.md.

use chrono::{DateTime, Utc};
use ctxlake::embed::Lexical;
use ctxlake::snapshot::{ClaimRow, Filters, Mode, Snapshot, Status, write};
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

fn claims(n: usize, words: &[String], rng: &mut Rng) -> Vec<ClaimRow> {
    let at: DateTime<Utc> = "2026-09-09T00:00:00Z".parse().expect("a time");
    // Zipf-like word choice: low indexes are common words, high ones rare.
    let word = |rng: &mut Rng| &words[(rng.below(words.len()) * rng.below(words.len())) / words.len()];
    (0..n)
        .map(|i| {
            let len = 8 + rng.below(10);
            let claim = (0..len).map(|_| word(rng).as_str()).collect::<Vec<_>>().join(" ");
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
            }
        })
        .collect()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((p / 100.0) * (sorted.len() - 1) as f64).round() as usize]
}

fn main() {
    let sizes: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let sizes = if sizes.is_empty() { vec![10_000, 100_000, 1_000_000] } else { sizes };
    let dir = tempfile::tempdir().expect("temp dir");
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let words = vocabulary(&mut rng);
    let queries: Vec<String> = (0..60)
        .map(|_| {
            (0..2 + rng.below(3)).map(|_| words[rng.below(words.len() / 4)].as_str()).collect::<Vec<_>>().join(" ")
        })
        .collect();
    println!("size\twrite_s\tfile_MiB\topen_ms\treopen_ms\tfirst_search_ms\tp50_ms\tp99_ms\tfiltered_p50_ms");
    for n in sizes {
        let rows = claims(n, &words, &mut rng);
        let path = dir.path().join(format!("snapshot-{n}.bin"));
        let started = Instant::now();
        write(&path, &rows, Mode::Agent, &Lexical, DateTime::<Utc>::from(std::time::SystemTime::now()))
            .expect("snapshot written");
        let write_s = started.elapsed().as_secs_f64();
        drop(rows);
        let size_mib = std::fs::metadata(&path).expect("file").len() as f64 / (1024.0 * 1024.0);

        let started = Instant::now();
        let snapshot = Snapshot::open(&path).expect("snapshot opens");
        let open_ms = started.elapsed().as_secs_f64() * 1e3;
        let started = Instant::now();
        snapshot.search(&Lexical, &queries[0], &Filters::default(), 10).expect("search");
        let first_ms = started.elapsed().as_secs_f64() * 1e3;

        let measure = |filters: &Filters| {
            let mut times: Vec<f64> = Vec::new();
            for _ in 0..3 {
                for query in &queries {
                    let started = Instant::now();
                    let (hits, _) = snapshot.search(&Lexical, query, filters, 10).expect("search");
                    times.push(started.elapsed().as_secs_f64() * 1e3);
                    std::hint::black_box(hits);
                }
            }
            times.sort_by(f64::total_cmp);
            times
        };
        let all = measure(&Filters::default());
        let filtered = measure(&Filters { subject: Some("subject-7".to_string()), ..Filters::default() });
        drop(snapshot);
        let started = Instant::now();
        let reopened = Snapshot::open(&path).expect("snapshot opens");
        let reopen_ms = started.elapsed().as_secs_f64() * 1e3;
        drop(reopened);
        println!(
            "{n}\t{write_s:.1}\t{size_mib:.0}\t{open_ms:.2}\t{reopen_ms:.2}\t{first_ms:.1}\t{:.2}\t{:.2}\t{:.2}",
            percentile(&all, 50.0),
            percentile(&all, 99.0),
            percentile(&filtered, 50.0)
        );
    }
}
