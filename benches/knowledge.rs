//! Knowledge retrieval quality and latency. Over the starter base (`kb/starter/`) and the
//! labelled queries (`benches/data/kb_queries.json`: in-domain queries with their expected
//! slugs, out-of-domain ones that must give no_match): recall@5, MRR, no_match precision and
//! recall, for the keyword index alone (no embedder: keyword_fallback) and hybrid. Then the
//! cost of building the starter base (what the first knowledge call pays), and search latency
//! over 10 000 generated records. `-- sweep` also sweeps the relevance floors, which is how
//! `knowledge::TUNING` was chosen. Run: `cargo bench --bench knowledge [-- sweep] [misses] [quality]`
//! (`quality` skips the latency run; `cargo test --bench knowledge -- quality` gives the same
//! quality figures from a debug build).
//! Figures: docs/knowledge.md.

use ctxlake::embed::{Embedder, model};
use ctxlake::knowledge::{Base, Mode, Query, TRANSFORMER_TUNING, TUNING, Tuning, starter_records};
use ctxlake::spec::wire::kb_record::KbRecord;
use serde_json::Value;
use std::time::Instant;

struct Labelled {
    query: String,
    expected: Vec<String>,
    technologies: Vec<String>,
}

#[derive(Debug, Default, Clone, Copy)]
struct Quality {
    recall5: f64,
    mrr: f64,
    no_match_precision: f64,
    no_match_recall: f64,
}

fn main() {
    let sets: Value = serde_json::from_str(include_str!("data/kb_queries.json")).expect("the query set is JSON");
    let labelled = |v: &Value| Labelled {
        query: v["query"].as_str().unwrap_or_default().to_string(),
        expected: strings(&v["expected"]),
        technologies: strings(&v["technologies"]),
    };
    let inside: Vec<Labelled> = sets["in_domain"].as_array().into_iter().flatten().map(labelled).collect();
    let outside: Vec<Labelled> = sets["out_of_domain"].as_array().into_iter().flatten().map(labelled).collect();
    let model: &'static dyn Embedder = model::shared().expect("the embedded model loads");

    let started = Instant::now();
    let hybrid = Base::build(starter_records(), Some(model));
    let build_ms = started.elapsed().as_secs_f64() * 1e3;
    let keyword = Base::build(starter_records(), None);
    println!("starter base: {} records, built with the static model in {build_ms:.1} ms", hybrid.records().len());
    // The transformer, when its files are there (scripts/fetch-transformer.sh).
    let by_transformer = transformer().map(|model| {
        let started = Instant::now();
        let base = Base::build(starter_records(), Some(model));
        println!("starter base built with the transformer in {:.1} ms", started.elapsed().as_secs_f64() * 1e3);
        base
    });
    let mut methods = vec![("keyword-only", &keyword, &TUNING), ("hybrid", &hybrid, &TUNING)];
    if let Some(base) = &by_transformer {
        methods.push(("hybrid-minilm", base, &TRANSFORMER_TUNING));
    }
    println!("{} in-domain queries, {} out-of-domain\n", inside.len(), outside.len());
    println!("method\tR@5\tMRR\tno_match P\tno_match R");
    for &(name, base, tuning) in &methods {
        let q = quality(base, &inside, &outside, tuning);
        println!("{name}\t{:.3}\t{:.3}\t{:.3}\t{:.3}", q.recall5, q.mrr, q.no_match_precision, q.no_match_recall);
    }
    // The held-out set was written without reading the tuning set and never tuned on: how the
    // same TUNING does on queries it was not chosen for.
    let held: Value =
        serde_json::from_str(include_str!("data/kb_queries_heldout.json")).expect("the held-out set is JSON");
    let (held_in, held_out): (Vec<Labelled>, Vec<Labelled>) = (
        held["in_domain"].as_array().into_iter().flatten().map(labelled).collect(),
        held["out_of_domain"].as_array().into_iter().flatten().map(labelled).collect(),
    );
    println!("\nheld-out: {} in-domain queries, {} out-of-domain", held_in.len(), held_out.len());
    for &(name, base, tuning) in &methods {
        let q = quality(base, &held_in, &held_out, tuning);
        println!("{name}\t{:.3}\t{:.3}\t{:.3}\t{:.3}", q.recall5, q.mrr, q.no_match_precision, q.no_match_recall);
    }
    if std::env::args().any(|a| a == "misses") {
        println!("\nheld-out misses:");
        misses(&hybrid, &held_in, &held_out);
    }
    if std::env::args().any(|a| a == "misses") {
        misses(&hybrid, &inside, &outside);
    }
    if std::env::args().any(|a| a == "signals") {
        signals(&hybrid, &inside, &outside);
    }
    if std::env::args().any(|a| a == "sweep") {
        sweep(&hybrid, &keyword, &inside, &outside);
        if let Some(base) = &by_transformer {
            sweep_transformer(base, &inside, &outside);
        }
    }
    if !std::env::args().any(|a| a == "quality") {
        latency(model, &inside);
        if let Some(model) = transformer() {
            latency(model, &inside);
        }
    }
}

/// The transformer from `CTXLAKE_TRANSFORMER_DIR`, when that names a folder with its files.
fn transformer() -> Option<&'static dyn Embedder> {
    let dir = std::env::var_os("CTXLAKE_TRANSFORMER_DIR")?;
    match ctxlake::embed::transformer::shared(std::path::Path::new(&dir)) {
        Ok(model) => Some(model),
        Err(why) => {
            println!("transformer unavailable: {why}");
            None
        }
    }
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().into_iter().flatten().filter_map(Value::as_str).map(str::to_string).collect()
}

fn search<'a>(base: &'a Base, item: &'a Labelled, tuning: &Tuning) -> (Mode, Vec<&'a str>) {
    let query = Query { text: &item.query, technologies: &item.technologies, limit: 5, ..Query::default() };
    let found = base.search_with(&query, tuning);
    (found.mode, found.hits.iter().map(|h| base.records()[h.index].slug.as_str()).collect())
}

/// Recall@5: the share of a query's expected records in its top 5, averaged over queries.
/// MRR: 1 / the rank of the first expected record (0 when none is in the top 5 or no_match).
fn quality(base: &Base, inside: &[Labelled], outside: &[Labelled], tuning: &Tuning) -> Quality {
    let (mut recall, mut reciprocal, mut false_no_match) = (0.0, 0.0, 0usize);
    for item in inside {
        let (mode, slugs) = search(base, item, tuning);
        if mode == Mode::NoMatch {
            false_no_match += 1;
        }
        let found = item.expected.iter().filter(|e| slugs.contains(&e.as_str())).count();
        recall += found as f64 / item.expected.len().max(1) as f64;
        if let Some(rank) = slugs.iter().position(|s| item.expected.iter().any(|e| e == s)) {
            reciprocal += 1.0 / (rank + 1) as f64;
        }
    }
    let true_no_match = outside.iter().filter(|item| search(base, item, tuning).0 == Mode::NoMatch).count();
    let said_no_match = true_no_match + false_no_match;
    Quality {
        recall5: recall / inside.len() as f64,
        mrr: reciprocal / inside.len() as f64,
        no_match_precision: if said_no_match == 0 { 1.0 } else { true_no_match as f64 / said_no_match as f64 },
        no_match_recall: true_no_match as f64 / outside.len().max(1) as f64,
    }
}

/// What the hybrid search got wrong, query by query.
fn misses(base: &Base, inside: &[Labelled], outside: &[Labelled]) {
    println!("\nmisses (hybrid):");
    for item in inside {
        let (mode, slugs) = search(base, item, &TUNING);
        if !item.expected.iter().any(|e| slugs.contains(&e.as_str())) {
            println!("  MISS {mode:?} {:?}\n    expected {:?}\n    got {:?}", item.query, item.expected, slugs);
        }
    }
    for item in outside {
        let (mode, slugs) = search(base, item, &TUNING);
        if mode != Mode::NoMatch {
            println!("  ANSWERED {:?}: {:?}", item.query, slugs);
        }
    }
}

/// The raw signals behind the threshold: for an in-domain query, the cosine and coverage of
/// its best expected record; for an out-of-domain one, the best cosine and the best coverage.
fn signals(base: &Base, inside: &[Labelled], outside: &[Labelled]) {
    println!("\nsignals: set\ttop cosine\tmean cosine\tsd cosine\ttop coverage");
    for (set, items) in [("in", inside), ("out", outside)] {
        for item in items {
            let signals = base.signals(&item.query);
            let n = base.records().len().max(1) as f32;
            let top = signals.iter().map(|s| s.1).fold(0.0f32, f32::max);
            let mean = signals.iter().map(|s| s.1).sum::<f32>() / n;
            let sd = (signals.iter().map(|s| (s.1 - mean).powi(2)).sum::<f32>() / n).sqrt();
            let coverage = signals.iter().map(|s| s.2).fold(0.0f64, f64::max);
            println!("{set}\t{top:.3}\t{mean:.3}\t{sd:.3}\t{coverage:.3}");
        }
    }
}

fn sweep(hybrid: &Base, keyword: &Base, inside: &[Labelled], outside: &[Labelled]) {
    println!("\nsweep (hybrid): dense_floor\tvocabulary_weight\tR@5\tMRR\tno_match P\tno_match R");
    for dense_floor in [0.7, 0.75, 0.78, 0.8, 0.82, 0.85] {
        for vocabulary_weight in [0.0, 0.3, 0.4, 0.5, 0.6, 0.7] {
            let tuning = Tuning { dense_floor, vocabulary_weight, ..TUNING };
            let q = quality(hybrid, inside, outside, &tuning);
            println!(
                "{dense_floor}\t{vocabulary_weight}\t{:.3}\t{:.3}\t{:.3}\t{:.3}",
                q.recall5, q.mrr, q.no_match_precision, q.no_match_recall
            );
        }
    }
    println!("\nsweep (keyword-only): lexical_floor\tR@5\tMRR\tno_match P\tno_match R");
    for lexical_floor in [0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6] {
        let q = quality(keyword, inside, outside, &Tuning { lexical_floor, ..TUNING });
        println!(
            "{lexical_floor}\t{:.3}\t{:.3}\t{:.3}\t{:.3}",
            q.recall5, q.mrr, q.no_match_precision, q.no_match_recall
        );
    }
}

/// The transformer's floor and vocabulary weight, on the tuning set only (the held-out set
/// never chooses a value).
fn sweep_transformer(base: &Base, inside: &[Labelled], outside: &[Labelled]) {
    println!("\nsweep (hybrid-minilm): dense_floor\tvocabulary_weight\tR@5\tMRR\tno_match P\tno_match R");
    for vocabulary_weight in [0.0f32, 0.2, 0.3, 0.4, 0.5, 0.55, 0.6, 0.7] {
        for step in 0..=30u8 {
            let dense_floor = 0.3 + vocabulary_weight * 0.6 + f32::from(step) * 0.01;
            let tuning = Tuning { dense_floor, vocabulary_weight, ..TRANSFORMER_TUNING };
            let q = quality(base, inside, outside, &tuning);
            println!(
                "{dense_floor:.2}\t{vocabulary_weight}\t{:.3}\t{:.3}\t{:.3}\t{:.3}",
                q.recall5, q.mrr, q.no_match_precision, q.no_match_recall
            );
        }
    }
}

/// p50/p90/p99 of search_knowledge's search over 10 000 records generated from the starter
/// base's vocabulary (each a shuffled recombination of real titles, summaries and
/// recommendations, so postings lengths and vectors look like real ones).
fn latency(model: &'static dyn Embedder, inside: &[Labelled]) {
    let starter = starter_records();
    let records: Vec<KbRecord> = (0..10_000)
        .map(|i| {
            let (a, b, c) = (
                &starter[i % starter.len()],
                &starter[(i * 7 + 3) % starter.len()],
                &starter[(i * 13 + 5) % starter.len()],
            );
            let mut record = a.clone();
            record.id = format!("gen-{i:05}").try_into().expect("an id");
            record.slug = format!("generated-{i:05}").try_into().expect("a slug");
            record.summary = format!("{} {}", *b.summary, *c.title).try_into().expect("a summary");
            record.recommendation = format!("{} {}", *c.recommendation, *b.title).try_into().expect("a recommendation");
            record
        })
        .collect();
    let started = Instant::now();
    let base = Base::build(records, Some(model));
    println!(
        "\n10 000 generated records indexed and embedded by {} in {:.2} s",
        model.model(),
        started.elapsed().as_secs_f64()
    );
    for (name, base) in [("hybrid", &base)] {
        let mut times: Vec<f64> = vec![];
        for round in 0..3 {
            for item in inside {
                // A fresh text each round, so the embedding cache does not answer.
                let text = format!("{} {round}", item.query);
                let query = Query { text: &text, technologies: &item.technologies, limit: 5, ..Query::default() };
                let started = Instant::now();
                std::hint::black_box(base.search(&query));
                times.push(started.elapsed().as_secs_f64() * 1e3);
            }
        }
        times.sort_by(f64::total_cmp);
        let at = |p: f64| times[((times.len() - 1) as f64 * p) as usize];
        println!(
            "search over 10 000 records ({name}, {} queries): p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms",
            times.len(),
            at(0.5),
            at(0.9),
            at(0.99)
        );
    }
}
