//! The retrieval quality gate on the labelled sets (benches/labelled/): hybrid search with the
//! shipped fusion holds its measured level on the paraphrase set, and never scores below the
//! better lane alone on either set, with the static model and with the transformer; the
//! transformer reaches issue 12's goal (R@5 0.9, MRR 0.75) on the tuning set and the static model
//! beats the lexical hash it replaces. The default embedder (the compiled-in int8 transformer)
//! holds its measured level on the held-out set, which no weight was tuned on, and stays far
//! ahead of the static model there (docs/memory.md).

#[path = "../../benches/labelled/eval.rs"]
mod eval;

use ctxlake::embed::{Embedder, Lexical, StaticModel, model::ModelSource};
use ctxlake::snapshot::Lanes;
use ctxlake::snapshot::rank::fusion_for;
use eval::{HELDOUT, HELDOUT_CLAIMS, KEYWORD, Metrics, PARAPHRASE, measure, measure_k, parse};

const KEYWORD_LANE: Lanes = Lanes { lexical: true, dense: false };
const DENSE_LANE: Lanes = Lanes { lexical: false, dense: true };

struct Lanesets {
    keyword: Metrics,
    dense: Metrics,
    hybrid: Metrics,
}

fn lanes(set: &str) -> Lanesets {
    let model = StaticModel::load(&ModelSource::Embedded).expect("the embedded model loads");
    lanes_of(&model, set)
}

fn lanes_of(model: &dyn Embedder, set: &str) -> Lanesets {
    let dir = tempfile::tempdir().expect("temp dir");
    let snapshot = eval::snapshot(dir.path(), model);
    let queries = parse(set);
    let fusion = fusion_for(Some(model.model()));
    Lanesets {
        keyword: measure(&snapshot, None, &queries, fusion, KEYWORD_LANE),
        dense: measure(&snapshot, Some(model), &queries, fusion, DENSE_LANE),
        hybrid: measure(&snapshot, Some(model), &queries, fusion, Lanes::BOTH),
    }
}

/// The transformer from CTXLAKE_TRANSFORMER_DIR (CI fetches it; elsewhere these tests say they
/// did not run).
fn transformer() -> Option<&'static dyn Embedder> {
    let dir = ctxlake::embed::transformer::test_dir()?;
    Some(ctxlake::embed::transformer::shared(&dir).expect("the fetched transformer loads"))
}

fn assert_never_below_the_better_lane(name: &str, sets: &Lanesets) {
    let better = |f: fn(&Metrics) -> f64| f(&sets.keyword).max(f(&sets.dense));
    for (metric, value, floor) in [
        ("R@1", sets.hybrid.r1, better(|m| m.r1)),
        ("R@5", sets.hybrid.r5, better(|m| m.r5)),
        ("MRR", sets.hybrid.mrr, better(|m| m.mrr)),
    ] {
        assert!(value >= floor - 1e-9, "{name} hybrid {metric} {value:.3} < better lane {floor:.3}");
    }
}

#[test]
fn hybrid_search_holds_its_measured_level_on_paraphrased_questions() {
    let sets = lanes(PARAPHRASE);
    assert!(sets.hybrid.r5 >= 0.8 && sets.hybrid.mrr >= 0.6, "hybrid {:?}", sets.hybrid);
}

#[test]
fn hybrid_search_never_scores_below_the_better_lane_on_paraphrases() {
    assert_never_below_the_better_lane("paraphrase", &lanes(PARAPHRASE));
}

#[test]
fn hybrid_search_never_scores_below_the_better_lane_on_keyword_queries() {
    assert_never_below_the_better_lane("keyword", &lanes(KEYWORD));
}

#[test]
fn the_static_model_finds_paraphrases_the_lexical_hash_misses() {
    let dir = tempfile::tempdir().expect("temp dir");
    let model = StaticModel::load(&ModelSource::Embedded).expect("the embedded model loads");
    let queries = parse(PARAPHRASE);
    let hashed = measure(&eval::snapshot(dir.path(), &Lexical), Some(&Lexical), &queries, fusion_for(None), DENSE_LANE);
    let dense = measure(
        &eval::snapshot(dir.path(), &model),
        Some(&model),
        &queries,
        fusion_for(Some(model.model())),
        DENSE_LANE,
    );
    assert!(dense.r5 >= 0.7 && dense.mrr > hashed.mrr + 0.2, "dense {dense:?} vs hash {hashed:?}");
}

#[test]
fn the_transformer_reaches_the_quality_goal_on_paraphrased_questions() {
    let Some(model) = transformer() else { return };
    let sets = lanes_of(model, PARAPHRASE);
    assert!(sets.hybrid.r5 >= 0.9 && sets.hybrid.mrr >= 0.75, "hybrid {:?}", sets.hybrid);
    assert_never_below_the_better_lane("paraphrase (transformer)", &sets);
}

#[test]
fn with_the_transformer_hybrid_never_scores_below_the_better_lane_on_keyword_queries() {
    let Some(model) = transformer() else { return };
    assert_never_below_the_better_lane("keyword (transformer)", &lanes_of(model, KEYWORD));
}

/// What a fresh install fills vectors with, on the held-out set at `memory_search`'s k = 10.
fn heldout_hybrid(model: &dyn Embedder) -> Metrics {
    let dir = tempfile::tempdir().expect("temp dir");
    let snapshot = eval::snapshot_of(dir.path(), HELDOUT_CLAIMS, model);
    measure_k(&snapshot, Some(model), &parse(HELDOUT), fusion_for(Some(model.model())), Lanes::BOTH, 10)
}

#[test]
fn the_default_embedder_is_the_compiled_in_transformer_and_holds_its_level_on_held_out_paraphrases() {
    let model = ctxlake::embed::best_available();
    assert_eq!(model.model(), ctxlake::embed::TRANSFORMER_I8_MODEL, "the default without any setting");
    let default = heldout_hybrid(model);
    assert!(default.r5 >= 0.76 && default.mrr >= 0.62, "held-out hybrid {default:?}");
    let model = StaticModel::load(&ModelSource::Embedded).expect("the embedded model loads");
    let before = heldout_hybrid(&model);
    assert!(default.r5 >= before.r5 + 0.2 && default.mrr >= before.mrr + 0.25, "{default:?} vs static {before:?}");
}

#[test]
fn the_default_embedder_reaches_the_quality_goal_on_the_tuning_set() {
    let model = ctxlake::embed::best_available();
    let sets = lanes_of(model, PARAPHRASE);
    assert!(sets.hybrid.r5 >= 0.9 && sets.hybrid.mrr >= 0.75, "hybrid {:?}", sets.hybrid);
    assert_never_below_the_better_lane("paraphrase (default)", &sets);
    assert_never_below_the_better_lane("keyword (default)", &lanes_of(model, KEYWORD));
}
