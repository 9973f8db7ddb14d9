//! Retrieval quality on the labelled sets (benches/labelled/): R@1, R@5 and MRR for the lexical
//! hash, the keyword index alone, the static model alone, the compiled-in int8 transformer (the
//! default), and hybrid with each one's fusion; with `CTXLAKE_TRANSFORMER_DIR` naming the
//! upstream f32 files, their rows too (what quantization costs). The tuning sets are measured
//! at k = 40, the held-out set at `memory_search`'s k = 10. Then a sweep of the fusion
//! parameters on the tuning sets only (`-- sweep`), which is how `snapshot::rank::FUSION` was
//! chosen. Run: `cargo bench --bench retrieval [-- sweep]`. Figures: docs/memory.md.

#[path = "labelled/eval.rs"]
mod eval;

use ctxlake::embed::{Embedder, Lexical, StaticModel, model::ModelSource};
use ctxlake::snapshot::Lanes;
use ctxlake::snapshot::rank::{FUSION, Fusion, TRANSFORMER_FUSION};
use eval::{HELDOUT, HELDOUT_CLAIMS, KEYWORD, Metrics, PARAPHRASE, measure, measure_k, parse};

fn main() {
    let dir = tempfile::tempdir().expect("temp dir");
    let model = StaticModel::load(&ModelSource::Embedded).expect("the embedded model loads");
    let hashed = eval::snapshot(dir.path(), &Lexical);
    let dense = eval::snapshot(dir.path(), &model);
    let transformer: Option<&'static dyn Embedder> = std::env::var_os("CTXLAKE_TRANSFORMER_DIR").map(|dir| {
        ctxlake::embed::transformer::shared(std::path::Path::new(&dir))
            .expect("the transformer in CTXLAKE_TRANSFORMER_DIR loads") as &'static dyn Embedder
    });
    let by_transformer = transformer.map(|t| (t, eval::snapshot(dir.path(), t)));
    let compiled: &'static dyn Embedder =
        ctxlake::embed::transformer::embedded().expect("the compiled-in transformer loads");
    let by_compiled = eval::snapshot(dir.path(), compiled);
    let sets = [("paraphrase", parse(PARAPHRASE)), ("keyword", parse(KEYWORD))];
    let keyword_lane = Lanes { lexical: true, dense: false };
    let dense_lane = Lanes { lexical: false, dense: true };
    let show = |m: Metrics| format!("{:.3}\t{:.3}\t{:.3}", m.r1, m.r5, m.mrr);
    println!("set\tmethod\tR@1\tR@5\tMRR");
    // The held-out set: 100 claims (50 of them distractors), k = 10, no weight tuned on it.
    let heldout = parse(HELDOUT);
    let mut heldout_models: Vec<(&str, &dyn Embedder)> =
        vec![("hash", &Lexical), ("static", &model), ("minilm-i8", compiled)];
    if let Some(t) = transformer {
        heldout_models.push(("minilm-f32", t));
    }
    for (label, embedder) in heldout_models {
        let snapshot = eval::snapshot_of(dir.path(), HELDOUT_CLAIMS, embedder);
        let fusion = ctxlake::snapshot::rank::fusion_for(Some(embedder.model()));
        if label == "hash" {
            println!("heldout\tkeyword\t{}", show(measure_k(&snapshot, None, &heldout, fusion, keyword_lane, 10)));
        }
        println!(
            "heldout\tdense-{label}\t{}",
            show(measure_k(&snapshot, Some(embedder), &heldout, fusion, dense_lane, 10))
        );
        println!(
            "heldout\thybrid-{label}\t{}",
            show(measure_k(&snapshot, Some(embedder), &heldout, fusion, Lanes::BOTH, 10))
        );
        if std::env::args().any(|a| a == "misses") && label.starts_with("minilm") {
            eval::print_misses(&snapshot, embedder, &heldout, fusion, HELDOUT_CLAIMS);
        }
    }
    for (name, queries) in &sets {
        let rows: [(&str, Metrics); 5] = [
            ("hash", measure(&hashed, Some(&Lexical), queries, &FUSION, dense_lane)),
            ("keyword", measure(&dense, None, queries, &FUSION, keyword_lane)),
            ("dense", measure(&dense, Some(&model), queries, &FUSION, dense_lane)),
            ("hybrid-hash", measure(&hashed, Some(&Lexical), queries, &FUSION, Lanes::BOTH)),
            ("hybrid", measure(&dense, Some(&model), queries, &FUSION, Lanes::BOTH)),
        ];
        for (method, metrics) in rows {
            println!("{name}\t{method}\t{}", show(metrics));
        }
        println!(
            "{name}\tdense-minilm-i8\t{}",
            show(measure(&by_compiled, Some(compiled), queries, &TRANSFORMER_FUSION, dense_lane))
        );
        println!(
            "{name}\thybrid-minilm-i8\t{}",
            show(measure(&by_compiled, Some(compiled), queries, &TRANSFORMER_FUSION, Lanes::BOTH))
        );
        if let Some((model, snapshot)) = &by_transformer {
            println!(
                "{name}\tdense-minilm\t{}",
                show(measure(snapshot, Some(*model), queries, &TRANSFORMER_FUSION, dense_lane))
            );
            println!(
                "{name}\thybrid-minilm\t{}",
                show(measure(snapshot, Some(*model), queries, &TRANSFORMER_FUSION, Lanes::BOTH))
            );
        }
    }
    if !std::env::args().any(|a| a == "sweep") {
        return;
    }
    let mut swept: Vec<(&str, &dyn Embedder, &ctxlake::snapshot::Snapshot)> = vec![("static", &model, &dense)];
    if let Some((transformer, snapshot)) = &by_transformer {
        swept.push(("minilm", *transformer, snapshot));
    }
    for (label, model, snapshot) in swept {
        println!("\nsweep ({label}): rrf_k\tdense_weight\tlexical_floor\tparaphrase R@1 R@5 MRR\tkeyword R@1 R@5 MRR");
        for rrf_k in [2.0, 5.0, 60.0] {
            for dense_weight in [1.0, 2.0, 3.0, 4.0, 6.0, 10.0, 20.0] {
                for lexical_floor in [0.0, 0.5, 0.8] {
                    let fusion = Fusion { rrf_k, dense_weight, lexical_floor, ..FUSION };
                    let scores: Vec<String> = sets
                        .iter()
                        .map(|(_, queries)| show(measure(snapshot, Some(model), queries, &fusion, Lanes::BOTH)))
                        .collect();
                    println!("{rrf_k}\t{dense_weight}\t{lexical_floor}\t{}", scores.join("\t"));
                }
            }
        }
    }
}
