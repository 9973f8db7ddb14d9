//! Retrieval quality on the labelled sets (benches/labelled/): R@1, R@5 and MRR for the lexical
//! hash, the keyword index alone, the static model alone, and hybrid with the shipped fusion;
//! then a sweep of the fusion parameters (`-- sweep`), which is how `snapshot::rank::FUSION` was
//! chosen; with `CTXLAKE_TRANSFORMER_DIR` naming the transformer's files, its dense and hybrid
//! rows too. Run: `cargo bench --bench retrieval [-- sweep]`. Figures: docs/memory.md.

#[path = "labelled/eval.rs"]
mod eval;

use ctxlake::embed::{Embedder, Lexical, StaticModel, model::ModelSource};
use ctxlake::snapshot::Lanes;
use ctxlake::snapshot::rank::{FUSION, Fusion, TRANSFORMER_FUSION};
use eval::{KEYWORD, Metrics, PARAPHRASE, measure, parse};

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
    let sets = [("paraphrase", parse(PARAPHRASE)), ("keyword", parse(KEYWORD))];
    let keyword_lane = Lanes { lexical: true, dense: false };
    let dense_lane = Lanes { lexical: false, dense: true };
    let show = |m: Metrics| format!("{:.3}\t{:.3}\t{:.3}", m.r1, m.r5, m.mrr);
    println!("set\tmethod\tR@1\tR@5\tMRR");
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
