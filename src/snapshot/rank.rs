//! How the keyword list and the vector list become one ranking: the one place the fusion
//! weights live. They were chosen on the labelled sets of `benches/retrieval.rs` (paraphrased
//! questions and keyword queries over the shared 40 claims), where hybrid must never score below
//! the better lane alone; docs/memory.md has the figures and the sweep.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The parameters of weighted reciprocal-rank fusion, plus the cut that drops weak keyword
/// matches before fusing (a claim sharing one common word with a question is not evidence).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fusion {
    /// The RRF constant: score = Σ weight / (rrf_k + rank).
    pub rrf_k: f64,
    pub dense_weight: f64,
    pub lexical_weight: f64,
    /// A keyword hit scoring below this fraction of the best keyword hit is dropped.
    pub lexical_floor: f32,
    /// How many hits each list contributes at most.
    pub candidates: usize,
}

/// The shipped fusion. On the paraphrase set equal-weight RRF (k 60) cost the static model 0.06
/// MRR; a small k with the vectors weighted 4:1 is the plateau of the sweep (weights 4 and 6
/// score alike) where hybrid is at or above the vectors alone on every metric, and the keyword
/// set stays at 1.0. The floor drops keyword hits under half the best one (a single shared
/// common word); on these sets it changed no rank, so it is a guard, not a tuned gain.
pub const FUSION: Fusion =
    Fusion { rrf_k: 5.0, dense_weight: 4.0, lexical_weight: 1.0, lexical_floor: 0.5, candidates: 1000 };

/// The transformer's fusion: its vectors alone already rank the paraphrase set at 0.908 MRR, so
/// 4:1 let keyword matches on function-free but off-target words pull MRR down to 0.831; 10:1 is
/// where hybrid is at or above the vectors alone again (0.910), with the keyword set still at 1.0
/// (the sweep in docs/memory.md; 10 and 20 score alike).
pub const TRANSFORMER_FUSION: Fusion = Fusion { dense_weight: 10.0, ..FUSION };

/// The fusion for vectors made by `model` (`None`: no vectors, only the keyword list counts).
pub fn fusion_for(model: Option<&str>) -> &'static Fusion {
    match model {
        Some(crate::embed::TRANSFORMER_MODEL | crate::embed::TRANSFORMER_I8_MODEL) => &TRANSFORMER_FUSION,
        _ => &FUSION,
    }
}

/// Fuses ranked rowid lists into (rowid, score), best first; ties go to the lower rowid so the
/// order is deterministic.
pub fn fuse(dense: &[i64], lexical: &[i64], fusion: &Fusion) -> Vec<(i64, f64)> {
    let mut scores: std::collections::HashMap<i64, f64> = std::collections::HashMap::new();
    for (list, weight) in [(dense, fusion.dense_weight), (lexical, fusion.lexical_weight)] {
        for (rank, rowid) in list.iter().enumerate() {
            *scores.entry(*rowid).or_default() += weight / (fusion.rrf_k + rank as f64 + 1.0);
        }
    }
    let mut fused: Vec<(i64, f64)> = scores.into_iter().collect();
    fused.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    fused
}

/// Keeps the keyword hits worth fusing, best first, at most `fusion.candidates`: scored
/// (score, rowid) pairs below `lexical_floor` × the best score are dropped.
pub fn keep_strong(mut scored: Vec<(f32, i64)>, fusion: &Fusion) -> Vec<i64> {
    let best = scored.iter().map(|s| s.0).fold(0.0f32, f32::max);
    scored.retain(|s| s.0 >= best * fusion.lexical_floor);
    top(scored, fusion.candidates, |a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)))
}

/// The best `n` (score, rowid) pairs of a stream, kept as they go by: higher score first, then
/// lower rowid, the order [`top`] sorts the dense lane by. A pair is kept only when it beats the
/// worst one kept, so scoring a million vectors allocates nothing per vector.
pub struct Best {
    n: usize,
    /// A max-heap whose top is the worst pair kept.
    heap: BinaryHeap<(Reverse<i32>, i64)>,
}

impl Best {
    pub fn new(n: usize) -> Best {
        Best { n, heap: BinaryHeap::with_capacity(n + 1) }
    }

    #[inline]
    pub fn offer(&mut self, score: i32, rowid: i64) {
        let pair = (Reverse(score), rowid);
        if self.heap.len() < self.n {
            self.heap.push(pair);
        } else if let Some(mut worst) = self.heap.peek_mut()
            && pair < *worst
        {
            *worst = pair;
        }
    }

    /// The rowids kept, best first.
    pub fn into_rowids(self) -> Vec<i64> {
        self.heap.into_sorted_vec().into_iter().map(|(_, rowid)| rowid).collect()
    }
}

/// The best `n` of `items` under `order`, sorted; a partial selection first, so ranking a
/// hundred thousand matches costs a linear pass, not a full sort.
pub fn top<S>(
    mut items: Vec<(S, i64)>,
    n: usize,
    order: impl Fn(&(S, i64), &(S, i64)) -> std::cmp::Ordering,
) -> Vec<i64> {
    if items.len() > n && n > 0 {
        items.select_nth_unstable_by(n - 1, &order);
        items.truncate(n);
    }
    items.truncate(n);
    items.sort_by(order);
    items.into_iter().map(|(_, rowid)| rowid).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_keeps_what_top_would_choose_ties_to_the_lower_rowid() {
        let scores = [5, 9, 1, 9, 7, 5, 0, 9, 3, 7];
        let order = |a: &(i32, i64), b: &(i32, i64)| b.0.cmp(&a.0).then(a.1.cmp(&b.1));
        for n in [0, 1, 3, 4, 10, 20] {
            let mut best = Best::new(n);
            scores.iter().enumerate().for_each(|(rowid, &score)| best.offer(score, rowid as i64));
            let all: Vec<(i32, i64)> = scores.iter().enumerate().map(|(r, &s)| (s, r as i64)).collect();
            assert_eq!(best.into_rowids(), top(all, n, order), "n = {n}");
        }
    }

    const EQUAL: Fusion =
        Fusion { rrf_k: 60.0, dense_weight: 1.0, lexical_weight: 1.0, lexical_floor: 0.0, candidates: 10 };

    #[test]
    fn a_claim_in_both_lists_beats_one_in_either() {
        let fused = fuse(&[1, 2], &[3, 2], &EQUAL);
        assert_eq!(fused[0].0, 2);
    }

    #[test]
    fn the_heavier_lane_wins_a_disagreement_at_the_top() {
        let dense_heavy = Fusion { dense_weight: 2.0, ..EQUAL };
        assert_eq!(fuse(&[1], &[2], &dense_heavy)[0].0, 1);
        let lexical_heavy = Fusion { lexical_weight: 2.0, ..EQUAL };
        assert_eq!(fuse(&[1], &[2], &lexical_heavy)[0].0, 2);
    }

    #[test]
    fn weak_keyword_hits_are_dropped_before_fusion() {
        let floor = Fusion { lexical_floor: 0.5, ..EQUAL };
        assert_eq!(keep_strong(vec![(1.0, 7), (4.0, 8), (2.5, 9)], &floor), vec![8, 9]);
    }

    #[test]
    fn top_keeps_the_best_n_in_order() {
        let items: Vec<(i32, i64)> = (0..100).map(|i| ((i * 37) % 100, i64::from(i))).collect();
        let best = top(items, 3, |a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        assert_eq!(best.len(), 3);
        let scores: Vec<i64> = best.iter().map(|r| (r * 37) % 100).collect();
        assert_eq!(scores, vec![99, 98, 97]);
    }
}
