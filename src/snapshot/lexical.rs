//! The keyword lane: a BM25 index written into the snapshot as one row per term
//! (`lexical_postings`), each holding its postings with their BM25 impact precomputed.
//!
//! Why not FTS5: its `bm25()` scores every matching row through the SQL function interface
//! before it sorts, so a query of common words at 100 k claims took 12-41 ms (issue 12). Here a
//! query reads one blob per term and adds precomputed impacts into an accumulator, a few
//! nanoseconds per posting, and English function words are neither indexed nor queried (they
//! made BM25 rank unrelated claims first on paraphrased questions).

use crate::cores;
use crate::embed::tokens;
use std::collections::HashMap;

/// BM25's term-frequency saturation and length normalization (Robertson's usual values).
const K1: f64 = 1.2;
const B: f64 = 0.75;
/// Query tokens beyond this are ignored.
pub const MAX_QUERY_TOKENS: usize = 32;
/// Bytes per posting: the claim's rowid (u32 LE), then its impact (f32 LE).
const POSTING_BYTES: usize = 8;

/// Identifies the index format and scoring in the snapshot's meta (`lexical_index`).
pub const LEXICAL_INDEX: &str = "bm25-k1.2-b0.75-stopwords-folded-v2";
/// The previous format, whose terms kept their accents; its snapshots are still read, with
/// query terms left unfolded to match.
pub const LEXICAL_INDEX_V1: &str = "bm25-k1.2-b0.75-stopwords-v1";

/// Common English function words, dropped from claims and queries alike. Short on purpose: only
/// words that carry no topic. Negations ("not", "no", "never") stay, since claims hinge on them.
const STOP_WORDS: &[&str] = &[
    "a", "about", "after", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be", "been", "before", "being",
    "but", "by", "can", "could", "did", "do", "does", "doing", "each", "for", "from", "get", "gets", "got", "had",
    "has", "have", "having", "he", "her", "here", "him", "his", "how", "i", "if", "in", "into", "is", "it", "its",
    "just", "me", "more", "most", "my", "of", "on", "once", "only", "or", "other", "our", "out", "over", "own", "s",
    "same", "she", "should", "so", "some", "such", "than", "that", "the", "their", "them", "then", "there", "these",
    "they", "this", "those", "through", "to", "too", "under", "until", "up", "us", "use", "used", "very", "was", "we",
    "were", "what", "whats", "when", "where", "which", "while", "who", "whom", "why", "will", "with", "would", "you",
    "your",
];

fn is_stop_word(token: &str) -> bool {
    STOP_WORDS.binary_search(&token).is_ok()
}

/// The indexed terms of a text: word tokens without stop words, accents folded ("déploiement"
/// and "deploiement" are one term, as FTS5's `remove_diacritics` made them).
pub fn terms(text: &str) -> impl Iterator<Item = String> + '_ {
    tokens(text).map(fold).filter(|t| !is_stop_word(t))
}

/// A token without its combining marks, after canonical decomposition (NFD): "é" → "e",
/// "ñ" → "n". Letters that do not decompose ("ß", "ø", "ł") stay as they are.
fn fold(token: String) -> String {
    if token.is_ascii() {
        return token;
    }
    use unicode_normalization::UnicodeNormalization as _;
    token.nfd().filter(|c| !unicode_normalization::char::is_combining_mark(*c)).collect()
}

/// The distinct terms of a query, in order, at most [`MAX_QUERY_TOKENS`].
pub fn query_terms(query: &str) -> Vec<String> {
    distinct(terms(query))
}

/// [`query_terms`] for an index of [`LEXICAL_INDEX_V1`], whose terms kept their accents.
pub fn query_terms_unfolded(query: &str) -> Vec<String> {
    distinct(tokens(query).filter(|t| !is_stop_word(t)))
}

fn distinct(terms: impl Iterator<Item = String>) -> Vec<String> {
    let mut words: Vec<String> = vec![];
    for term in terms {
        if !words.contains(&term) && words.len() < MAX_QUERY_TOKENS {
            words.push(term);
        }
    }
    words
}

/// What an index's impacts were scored with: the documents indexed and the sum of their lengths
/// in terms (an integer, so exact in any order). A snapshot's meta keeps both
/// (`lexical_documents`, `lexical_length`), so that rows indexed after it can be scored as its
/// own were.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stats {
    pub documents: u64,
    pub length: u64,
}

impl Stats {
    /// The average document length BM25 normalizes by (at least 1).
    fn average(self) -> f64 {
        (self.length as f64 / (self.documents as f64).max(1.0)).max(1.0)
    }
}

/// An index: one (term, postings blob) per term, terms sorted, postings in rowid order; and the
/// statistics it was scored with.
#[derive(Debug, Clone, PartialEq)]
pub struct Index {
    pub postings: Vec<(String, Vec<u8>)>,
    pub stats: Stats,
}

/// Another index's statistics, to score new documents by: its [`Stats`], and how many of its
/// documents hold a term (the length of that term's blob over [`POSTING_BYTES`]).
pub struct Frozen<'a> {
    pub stats: Stats,
    pub holding: &'a (dyn Fn(&str) -> Option<u64> + Sync),
}

/// Builds the postings of visible claims, given as (rowid, indexed text).
pub fn build(documents: &[(u32, String)]) -> Index {
    build_scored(documents, None)
}

/// [`build`], scored with `frozen`'s statistics instead of these documents' own: its document
/// count and average length, and its count of documents holding a term where it has the term
/// (else the count here). Given an index's own documents and statistics, this gives that
/// index's postings byte for byte.
pub fn build_frozen(documents: &[(u32, String)], frozen: &Frozen<'_>) -> Vec<(String, Vec<u8>)> {
    build_scored(documents, Some(frozen)).postings
}

fn build_scored(documents: &[(u32, String)], frozen: Option<&Frozen<'_>>) -> Index {
    let mut frequencies: HashMap<String, Vec<(u32, u32)>> = HashMap::new();
    let mut lengths: Vec<u32> = Vec::with_capacity(documents.len());
    // Each document's terms are counted on every core, a chunk at a time (the chunk bounds the
    // counts held at once), and gathered here in document order.
    for chunk in documents.chunks(COUNT_CHUNK) {
        for (rowid, (counts, length)) in
            chunk.iter().map(|(rowid, _)| rowid).zip(cores::map(chunk, PARALLEL_FROM, count))
        {
            lengths.push(length);
            for (term, count) in counts {
                frequencies.entry(term).or_default().push((*rowid, count));
            }
        }
    }
    let own = Stats { documents: documents.len() as u64, length: lengths.iter().map(|&l| u64::from(l)).sum() };
    let stats = frozen.map_or(own, |frozen| frozen.stats);
    let (total, average) = (stats.documents as f64, stats.average());
    let length_of: HashMap<u32, u32> = documents.iter().map(|(rowid, _)| *rowid).zip(lengths).collect();
    let blob = |(term, mut postings): (String, Vec<(u32, u32)>)| {
        postings.sort_unstable();
        let holding = frozen.and_then(|frozen| (frozen.holding)(&term)).unwrap_or(postings.len() as u64);
        let found = holding as f64;
        let idf = (1.0 + (total - found + 0.5) / (found + 0.5)).ln();
        let mut blob = Vec::with_capacity(postings.len() * POSTING_BYTES);
        for (rowid, count) in postings {
            let length = f64::from(length_of.get(&rowid).copied().unwrap_or(1));
            let tf = f64::from(count);
            let impact = idf * tf * (K1 + 1.0) / (tf + K1 * (1.0 - B + B * length / average));
            blob.extend(rowid.to_le_bytes());
            blob.extend((impact as f32).to_le_bytes());
        }
        (term, blob)
    };
    let mut index = cores::map_owned(frequencies.into_iter().collect(), PARALLEL_FROM, blob);
    // Terms are distinct, so this orders by term alone.
    cores::sort_unstable(&mut index, PARALLEL_FROM);
    Index { postings: index, stats: own }
}

/// How many documents a postings blob holds.
pub fn holding(blob: &[u8]) -> u64 {
    (blob.len() / POSTING_BYTES) as u64
}

/// Documents counted at once.
const COUNT_CHUNK: usize = 16_384;

/// Chunks of documents, and sets of terms, of at least this many are worked on every core.
const PARALLEL_FROM: usize = 1024;

/// A document's terms with how often each occurs, and how many terms it has.
fn count((_, text): &(u32, String)) -> (Vec<(String, u32)>, u32) {
    let mut counts: HashMap<String, u32> = HashMap::new();
    let mut length = 0u32;
    for term in terms(text) {
        *counts.entry(term).or_default() += 1;
        length += 1;
    }
    (counts.into_iter().collect(), length)
}

/// Adds one term's postings into `scores` (indexed by rowid), recording each rowid the first
/// time it scores in `touched`. A blob whose length is not a whole number of postings, or a
/// rowid past the accumulator, is skipped rather than trusted (the file is an input).
pub fn accumulate(blob: &[u8], scores: &mut [f32], touched: &mut Vec<u32>) {
    for posting in blob.chunks_exact(POSTING_BYTES) {
        let rowid = u32::from_le_bytes([posting[0], posting[1], posting[2], posting[3]]);
        let impact = f32::from_le_bytes([posting[4], posting[5], posting[6], posting[7]]);
        let Some(slot) = scores.get_mut(rowid as usize) else { continue };
        if *slot == 0.0 {
            touched.push(rowid);
        }
        *slot += impact;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postings_built_on_many_cores_are_those_built_on_one() {
        // More documents than a chunk, and more terms than the pool's threshold (a word of each
        // document's own), so every stage runs on the pool.
        let docs: Vec<(u32, String)> = (0..(COUNT_CHUNK as u32 + 3_000))
            .map(|i| (i + 1, format!("staging ssh port {} on host{} runs {} tests w{i}", i % 97, i % 13, i % 389)))
            .collect();
        let many = build(&docs);
        assert!(many.postings.len() >= PARALLEL_FROM, "terms built on the shared path");
        assert!(many.postings.windows(2).all(|w| w[0].0 < w[1].0), "terms sorted");
        assert_eq!(crate::cores::on_one_core(|| build(&docs)), many);
    }

    /// What rows indexed beside a snapshot are scored by: given an index's own documents and
    /// statistics, the frozen scoring is that index, so it differs from a fresh one only by the
    /// statistics it is given.
    #[test]
    fn postings_scored_with_an_index_own_statistics_are_that_index() {
        let docs: Vec<(u32, String)> = (0..2_000)
            .map(|i| {
                (
                    i + 1,
                    format!("staging ssh port {} on host{} runs {} tests", i % 97, i % 13, "w ".repeat(i as usize % 5)),
                )
            })
            .collect();
        let built = build(&docs);
        assert_eq!(built.stats.documents, 2_000);
        let by_term: HashMap<&str, u64> =
            built.postings.iter().map(|(term, blob)| (term.as_str(), holding(blob))).collect();
        let holding = |term: &str| by_term.get(term).copied();
        assert_eq!(build_frozen(&docs, &Frozen { stats: built.stats, holding: &holding }), built.postings);
        // A part of the documents, scored as the whole was: each posting has the whole's impact.
        let whole: HashMap<&str, &[u8]> = built.postings.iter().map(|(t, b)| (t.as_str(), b.as_slice())).collect();
        let part = build_frozen(&docs[..300], &Frozen { stats: built.stats, holding: &holding });
        for (term, blob) in &part {
            let postings = blob.chunks_exact(POSTING_BYTES);
            assert!(
                postings.clone().all(|p| whole[term.as_str()].chunks_exact(POSTING_BYTES).any(|w| w == p)),
                "{term}"
            );
        }
        assert_ne!(build(&docs[..300]).postings, part, "a part scored with its own statistics differs");
    }

    fn scores(documents: &[&str], query: &str) -> Vec<(u32, f32)> {
        let docs: Vec<(u32, String)> =
            documents.iter().enumerate().map(|(i, d)| (i as u32 + 1, d.to_string())).collect();
        let index: HashMap<String, Vec<u8>> = build(&docs).postings.into_iter().collect();
        let mut acc = vec![0.0f32; docs.len() + 1];
        let mut touched = vec![];
        for term in query_terms(query) {
            if let Some(blob) = index.get(&term) {
                accumulate(blob, &mut acc, &mut touched);
            }
        }
        let mut hits: Vec<(u32, f32)> = touched.iter().map(|&r| (r, acc[r as usize])).collect();
        hits.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        hits
    }

    #[test]
    fn accents_fold_on_both_sides_so_either_spelling_finds_the_claim() {
        let documents = ["le déploiement échoue sur staging", "unrelated build cache note"];
        assert_eq!(scores(&documents, "deploiement")[0].0, 1);
        assert_eq!(scores(&documents, "DÉPLOIEMENT echoue")[0].0, 1);
        assert_eq!(query_terms("Straße søk naïve"), vec!["straße", "søk", "naive"]);
        assert_eq!(query_terms_unfolded("déploiement"), vec!["déploiement"]);
    }

    #[test]
    fn the_stop_word_list_is_sorted_for_binary_search() {
        assert!(STOP_WORDS.windows(2).all(|w| w[0] < w[1]), "STOP_WORDS must stay sorted");
    }

    #[test]
    fn stop_words_neither_match_nor_score() {
        assert!(scores(&["the port is 2222", "what the log says"], "what is the").is_empty());
    }

    #[test]
    fn negations_are_not_stop_words() {
        assert_eq!(query_terms("do not cache"), vec!["not", "cache"]);
    }

    #[test]
    fn a_rare_term_outweighs_a_common_one() {
        let hits = scores(&["cargo build cargo", "cargo test", "cargo mold linker", "cargo clippy"], "cargo mold");
        assert_eq!(hits[0].0, 3);
    }

    #[test]
    fn a_shorter_claim_scores_higher_for_the_same_match() {
        let hits = scores(&["ssh port on staging box with many other words", "ssh port"], "ssh");
        assert_eq!(hits.iter().map(|h| h.0).collect::<Vec<_>>(), vec![2, 1]);
    }

    #[test]
    fn a_claim_matching_more_query_terms_ranks_first() {
        let hits = scores(&["staging ssh", "staging port", "staging ssh port 2222"], "staging ssh 2222");
        assert_eq!(hits[0].0, 3);
    }

    #[test]
    fn truncated_postings_and_rowids_past_the_end_are_skipped() {
        let mut acc = vec![0.0f32; 3];
        let mut touched = vec![];
        let mut blob = vec![];
        blob.extend(1u32.to_le_bytes());
        blob.extend(0.5f32.to_le_bytes());
        blob.extend(99u32.to_le_bytes());
        blob.extend(0.5f32.to_le_bytes());
        blob.extend([1, 2, 3]);
        accumulate(&blob, &mut acc, &mut touched);
        assert_eq!((touched, acc), (vec![1], vec![0.0, 0.5, 0.0]));
    }
}
