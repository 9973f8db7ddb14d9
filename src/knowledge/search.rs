//! The in-memory index a knowledge search runs on: the approved records, their BM25 postings
//! (`snapshot::lexical`, the memory_search keyword lane) and their quantized vectors, fused by
//! `snapshot::rank` exactly as memory_search fuses claims. On top of the fused rank: a
//! relevance threshold on the raw signals (RRF is rank-only, so it cannot say "weak"), the
//! topic and technology filters, and the applicability bonuses. docs/knowledge.md has the
//! values and how they were chosen.

use crate::embed::{Embedder, dot_i8, quantize};
use crate::knowledge::{Report, embed_all, indexed_text};
use crate::snapshot::lexical::{accumulate, build, query_terms};
use crate::snapshot::rank::{Fusion, fuse, fusion_for, keep_strong, top};
use crate::spec::wire::kb_record::KbRecord;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};
use std::hash::BuildHasher;
use std::sync::Mutex;

/// The relevance threshold and the applicability bonuses; [`TUNING`] is what ships.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tuning {
    /// Hybrid: a hit is relevant when its cosine with the query plus `vocabulary_weight` ×
    /// the share of the query's terms the base knows at all clears this. A static model's
    /// cosines run high for any text (mean pooling), so off-topic questions reach 0.6 against
    /// some record; their words, unknown to the base, are what tells them apart.
    pub dense_floor: f32,
    pub vocabulary_weight: f32,
    /// Keyword fallback: a hit is relevant when it matches this share of the query's terms,
    /// weighted by their idf (a term no record has weighs as one found once).
    pub lexical_floor: f64,
    /// Added to the fused score (whose best is about 0.83 with the shipped fusion) when a
    /// record's applies_to names one of the query's technologies.
    pub technology_bonus: f64,
    /// Added when a version the caller gave satisfies the record's constraint for it.
    pub version_bonus: f64,
    /// Added (negative) when a version the caller gave falls outside the record's constraint.
    pub version_penalty: f64,
    /// Added when `task_type` maps to the record's topic.
    pub task_bonus: f64,
}

/// The shipped values; docs/knowledge.md has the sweep they come from.
pub const TUNING: Tuning = Tuning {
    dense_floor: 0.82,
    vocabulary_weight: 0.6,
    lexical_floor: 0.25,
    technology_bonus: 0.15,
    version_bonus: 0.05,
    version_penalty: -0.3,
    task_bonus: 0.05,
};
/// The transformer's values (`CTXLAKE_EMBEDDER=minilm-l6`): its cosines are on another scale
/// (an off-topic question scores about 0.2 against the best record, not 0.6), so its floor is
/// its own; chosen on the tuning set alone, docs/knowledge.md has the sweep.
pub const TRANSFORMER_TUNING: Tuning = Tuning { dense_floor: 0.61, vocabulary_weight: 0.5, ..TUNING };

/// The tuning for vectors made by `model` (`None`: no embedder, the keyword fallback).
pub fn tuning_for(model: Option<&str>) -> &'static Tuning {
    match model {
        Some(crate::embed::TRANSFORMER_MODEL | crate::embed::TRANSFORMER_I8_MODEL) => &TRANSFORMER_TUNING,
        _ => &TUNING,
    }
}

/// Query embeddings kept, keyed by a salted hash of the text (never the text itself).
const CACHE_ENTRIES: usize = 512;

/// How the results were found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mode {
    Hybrid,
    KeywordFallback,
    NoMatch,
}

impl Mode {
    /// The name results and the search log give it (`retrieval.mode`'s values).
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Hybrid => "hybrid",
            Mode::KeywordFallback => "keyword_fallback",
            Mode::NoMatch => "no_match",
        }
    }
}

/// Whether the query's embedding came from the cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CacheState {
    Hit,
    Miss,
    None,
}

/// What is being searched for; `topics` empty means every topic.
#[derive(Debug, Clone, Default)]
pub struct Query<'a> {
    pub text: &'a str,
    pub technologies: &'a [String],
    pub versions: BTreeMap<String, String>,
    pub topics: Vec<String>,
    pub task_type: Option<&'a str>,
    pub limit: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    /// Position in [`Base::records`].
    pub index: usize,
    pub score: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    /// Best first, at most `limit`; empty when `mode` is `NoMatch`.
    pub hits: Vec<Hit>,
    pub mode: Mode,
    /// True when no query embedding was available (the keyword index ranked alone).
    pub degraded: bool,
    pub technology_filter_fallback: bool,
    pub total_candidates: usize,
    pub cache: CacheState,
}

/// The approved records and their index. Cheap to search from many threads at once.
pub struct Base {
    records: Vec<KbRecord>,
    by_key: HashMap<String, usize>,
    postings: HashMap<String, Vec<u8>>,
    /// Quantized vectors, `dimensions` bytes per record, in record order (empty without an embedder).
    vectors: Vec<i8>,
    embedder: Option<&'static dyn Embedder>,
    cache: Mutex<HashMap<u64, Vec<i8>>>,
    salt: std::collections::hash_map::RandomState,
    generation: String,
}

impl Base {
    /// Indexes `records` (all of them: the caller passes approved ones only), embedding each
    /// with `embedder` when there is one.
    pub fn build(records: Vec<KbRecord>, embedder: Option<&'static dyn Embedder>) -> Base {
        Base::build_reporting(records, embedder, &mut |_, _| {})
    }

    /// `build`, reporting the embedding's progress.
    pub fn build_reporting(
        records: Vec<KbRecord>,
        embedder: Option<&'static dyn Embedder>,
        report: Report<'_>,
    ) -> Base {
        let vectors = embedder.map(|e| embed_all(&records, e, report)).unwrap_or_default();
        Base::from_parts(records, None, vectors, embedder)
    }

    /// A base from stored parts: postings (`None`: build them) and vectors already made by
    /// `embedder` (its model must be the one that made them; the store checks).
    pub fn from_parts(
        records: Vec<KbRecord>,
        postings: Option<HashMap<String, Vec<u8>>>,
        vectors: Vec<i8>,
        embedder: Option<&'static dyn Embedder>,
    ) -> Base {
        let postings = postings.unwrap_or_else(|| postings_of(&records).into_iter().collect());
        let mut by_key = HashMap::new();
        for (i, record) in records.iter().enumerate() {
            by_key.insert(record.id.to_string(), i);
            by_key.entry(record.slug.to_string()).or_insert(i);
        }
        let dimensions = embedder.map_or(0, |e| e.dimensions());
        let vectors_fit = dimensions > 0 && vectors.len() == records.len() * dimensions;
        let generation = generation(&records, if vectors_fit { embedder } else { None });
        Base {
            records,
            by_key,
            postings,
            vectors: if vectors_fit { vectors } else { vec![] },
            embedder: if vectors_fit { embedder } else { None },
            cache: Mutex::new(HashMap::new()),
            salt: std::collections::hash_map::RandomState::new(),
            generation,
        }
    }

    /// A digest of what a search or lookup answers from: every record's id and content
    /// version, in order, and the model of the vectors. A page cursor is stale once it changes.
    pub fn generation(&self) -> &str {
        &self.generation
    }

    pub fn records(&self) -> &[KbRecord] {
        &self.records
    }

    /// The model that embeds queries, or `None` (keyword_fallback).
    pub fn embedder(&self) -> Option<&'static dyn Embedder> {
        self.embedder
    }

    /// The approved record with this id, or else this slug.
    pub fn get(&self, key: &str) -> Option<&KbRecord> {
        self.by_key.get(key).map(|&i| &self.records[i])
    }

    /// How the two lists fuse for this base's vectors (`snapshot::rank`, as memory_search).
    fn fusion(&self) -> &'static Fusion {
        fusion_for(self.embedder.map(|e| e.model()))
    }

    pub fn search(&self, query: &Query<'_>) -> Found {
        self.search_with(query, tuning_for(self.embedder.map(|e| e.model())))
    }

    /// [`Base::search`] with explicit tuning. Use this in benchmarks.
    pub fn search_with(&self, query: &Query<'_>, tuning: &Tuning) -> Found {
        let (dense, cosines, cache) = self.dense_lane(query.text);
        let (lexical, coverage, known) = self.lexical_lane(query.text);
        let mut candidates: Vec<usize> = dense.iter().chain(&lexical).map(|&i| i as usize).collect();
        candidates.sort_unstable();
        candidates.dedup();
        let fused = fuse(&dense, &lexical, self.fusion());
        let relevant = |i: usize| match self.embedder {
            Some(_) => cosines.get(&i).is_some_and(|c| c + tuning.vocabulary_weight * known >= tuning.dense_floor),
            None => coverage.get(&i).is_some_and(|c| *c >= tuning.lexical_floor),
        };
        let topical =
            |i: usize| query.topics.is_empty() || query.topics.iter().any(|t| *t == self.records[i].topic.to_string());
        let pool: Vec<(usize, f64)> =
            fused.iter().map(|&(i, s)| (i as usize, s)).filter(|&(i, _)| relevant(i) && topical(i)).collect();
        let technologies: Vec<String> = query.technologies.iter().map(|t| t.to_lowercase()).collect();
        let matches_technology =
            |i: usize| self.records[i].applies_to.iter().any(|a| technologies.contains(&a.name.to_lowercase()));
        let filtered: Vec<(usize, f64)> = pool.iter().copied().filter(|&(i, _)| matches_technology(i)).collect();
        let fallback = !technologies.is_empty() && filtered.is_empty() && !pool.is_empty();
        let chosen = if technologies.is_empty() || fallback { pool } else { filtered };
        let mut hits: Vec<Hit> = chosen
            .into_iter()
            .map(|(index, score)| Hit { index, score: score + self.bonus(index, &technologies, query, tuning) })
            .collect();
        hits.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.index.cmp(&b.index)));
        hits.truncate(query.limit);
        let degraded = self.embedder.is_none();
        let mode = match (hits.is_empty(), degraded) {
            (true, _) => Mode::NoMatch,
            (false, true) => Mode::KeywordFallback,
            (false, false) => Mode::Hybrid,
        };
        Found { hits, mode, degraded, technology_filter_fallback: fallback, total_candidates: candidates.len(), cache }
    }

    /// Each candidate's raw signals for `text`: (position, cosine, idf-weighted term coverage).
    /// For benchmarks that study the threshold.
    pub fn signals(&self, text: &str) -> Vec<(usize, f32, f64)> {
        let (_, cosines, _) = self.dense_lane(text);
        let (_, coverage, _) = self.lexical_lane(text);
        let mut out: Vec<(usize, f32, f64)> = (0..self.records.len())
            .filter(|i| cosines.contains_key(i) || coverage.contains_key(i))
            .map(|i| (i, cosines.get(&i).copied().unwrap_or(0.0), coverage.get(&i).copied().unwrap_or(0.0)))
            .collect();
        out.sort_by(|a, b| b.1.total_cmp(&a.1));
        out
    }

    /// The applicability bonus of record `index` for this query.
    fn bonus(&self, index: usize, technologies: &[String], query: &Query<'_>, tuning: &Tuning) -> f64 {
        let record = &self.records[index];
        let mut bonus = 0.0;
        if record.applies_to.iter().any(|a| technologies.contains(&a.name.to_lowercase())) {
            bonus += tuning.technology_bonus;
        }
        for (name, version) in &query.versions {
            for target in record.applies_to.iter().filter(|a| a.name.eq_ignore_ascii_case(name)) {
                let Some(requirement) = target.version_constraint.as_deref() else { continue };
                match satisfies(requirement, version) {
                    Some(true) => bonus += tuning.version_bonus,
                    Some(false) => bonus += tuning.version_penalty,
                    None => {}
                }
            }
        }
        if query.task_type.is_some_and(|task| task_topics(task).contains(&record.topic.to_string().as_str())) {
            bonus += tuning.task_bonus;
        }
        bonus
    }

    /// The vector lane: record positions by cosine (positive only), each one's cosine, and
    /// whether the query's embedding was cached.
    fn dense_lane(&self, text: &str) -> (Vec<i64>, HashMap<usize, f32>, CacheState) {
        let Some(embedder) = self.embedder else { return (vec![], HashMap::new(), CacheState::None) };
        let dimensions = embedder.dimensions();
        let key = self.salt.hash_one(text);
        let cached = self.cache.lock().ok().and_then(|cache| cache.get(&key).cloned());
        let (query, state) = match cached {
            Some(vector) => (vector, CacheState::Hit),
            None => {
                let vector = quantize(&embedder.embed(text));
                if let Ok(mut cache) = self.cache.lock() {
                    if cache.len() >= CACHE_ENTRIES {
                        cache.clear();
                    }
                    cache.insert(key, vector.clone());
                }
                (vector, CacheState::Miss)
            }
        };
        let scale = 127.0f32 * 127.0;
        let mut scored: Vec<(i32, i64)> = Vec::new();
        let mut cosines = HashMap::new();
        for (i, vector) in self.vectors.chunks_exact(dimensions).enumerate() {
            let dot = dot_i8(&query, vector);
            if dot > 0 {
                scored.push((dot, i as i64));
            }
        }
        let ranked = top(scored.clone(), self.fusion().candidates, |a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (dot, i) in scored {
            cosines.insert(i as usize, dot as f32 / scale);
        }
        (ranked, cosines, state)
    }

    /// The keyword lane: record positions by BM25 (weak hits cut as memory_search cuts them),
    /// each hit's idf-weighted share of the query's terms, and the share of the query's terms
    /// any record has.
    fn lexical_lane(&self, text: &str) -> (Vec<i64>, HashMap<usize, f64>, f32) {
        let terms = query_terms(text);
        if terms.is_empty() || self.records.is_empty() {
            return (vec![], HashMap::new(), 0.0);
        }
        let known = terms.iter().filter(|t| self.postings.contains_key(*t)).count() as f32 / terms.len() as f32;
        let total = self.records.len() as f64;
        // A term no record has gets the idf of a term found once: unknown words weigh against
        // coverage, so a query that is mostly off-topic does not clear the floor on one word.
        let idf = |found: f64| (1.0 + (total - found + 0.5) / (found + 0.5)).ln();
        let mut scores = vec![0.0f32; self.records.len()];
        let mut touched: Vec<u32> = vec![];
        let mut matched: HashMap<usize, f64> = HashMap::new();
        let mut weight_total = 0.0;
        for term in &terms {
            let blob = self.postings.get(term);
            let found = blob.map_or(1.0, |b| (b.len() / 8).max(1) as f64);
            let weight = idf(found);
            weight_total += weight;
            let Some(blob) = blob else { continue };
            accumulate(blob, &mut scores, &mut touched);
            for posting in blob.chunks_exact(8) {
                let rowid = u32::from_le_bytes([posting[0], posting[1], posting[2], posting[3]]) as usize;
                *matched.entry(rowid).or_default() += weight;
            }
        }
        let scored: Vec<(f32, i64)> = touched.into_iter().map(|i| (scores[i as usize], i64::from(i))).collect();
        let coverage = matched.into_iter().map(|(i, w)| (i, w / weight_total.max(f64::MIN_POSITIVE))).collect();
        (keep_strong(scored, self.fusion()), coverage, known)
    }
}

/// The postings of `records`, keyed by record position.
pub fn postings_of(records: &[KbRecord]) -> Vec<(String, Vec<u8>)> {
    let documents: Vec<(u32, String)> = records.iter().enumerate().map(|(i, r)| (i as u32, indexed_text(r))).collect();
    build(&documents).postings
}

/// Whether `version` satisfies `requirement` as a record writes it (`knowledge::version`);
/// `None` when either does not parse, or when the record applies to every version (`""`, `*`),
/// which earns neither a bonus nor a penalty, as a null constraint does.
pub fn satisfies(requirement: &str, version: &str) -> Option<bool> {
    match super::version::Constraint::parse(requirement).ok()? {
        super::version::Constraint::Every => None,
        constraint => constraint.matches(version),
    }
}

/// The topics a task type favours.
fn task_topics(task: &str) -> &'static [&'static str] {
    match task {
        "build" => &["implementation", "tooling"],
        "architecture" => &["architecture"],
        "debug" => &["reliability", "observability"],
        "security" => &["security"],
        "accessibility" => &["accessibility"],
        "performance" => &["performance"],
        "testing" => &["testing"],
        _ => &[],
    }
}

/// See [`Base::generation`]; an import bumps a changed record's content_version.
fn generation(records: &[KbRecord], embedder: Option<&'static dyn Embedder>) -> String {
    let mut hash = Sha256::new();
    hash.update(embedder.map_or("none", |e| e.model()).as_bytes());
    for record in records {
        hash.update(record.id.len().to_le_bytes());
        hash.update(record.id.as_bytes());
        hash.update(record.content_version.get().to_le_bytes());
    }
    format!("{:x}", hash.finalize())[..16].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::import::tests::record;
    use serde_json::json;

    fn kb(values: Vec<serde_json::Value>, embedder: Option<&'static dyn Embedder>) -> Base {
        let records = values.iter().map(|v| crate::knowledge::import::check(v).expect("valid")).collect();
        Base::build(records, embedder)
    }

    fn sample() -> Vec<serde_json::Value> {
        let mut tokio = record("r-tokio", "spawn-blocking-for-blocking-io");
        tokio["title"] = json!("Run blocking IO with spawn_blocking");
        tokio["summary"] = json!("Blocking calls inside async tasks stall the tokio runtime worker threads.");
        tokio["recommendation"] = json!("Wrap blocking filesystem or CPU-heavy calls in tokio::task::spawn_blocking.");
        tokio["topic"] = json!("performance");
        tokio["applies_to"] = json!([{"kind": "library", "name": "Tokio", "version_constraint": ">=1.0"}]);
        let mut serde = record("r-serde", "deny-unknown-fields-on-config");
        serde["title"] = json!("Reject unknown fields in configuration structs");
        serde["summary"] = json!("Typos in configuration keys are silently ignored by serde by default.");
        serde["recommendation"] = json!("Put #[serde(deny_unknown_fields)] on configuration structs.");
        serde["topic"] = json!("reliability");
        serde["applies_to"] = json!([{"kind": "library", "name": "serde", "version_constraint": null}]);
        vec![tokio, serde, record("r-pin", "pin-the-toolchain")]
    }

    fn query<'a>(text: &'a str, technologies: &'a [String]) -> Query<'a> {
        Query { text, technologies, limit: 5, ..Query::default() }
    }

    #[test]
    fn without_an_embedder_the_keyword_lane_ranks_alone_and_says_so() {
        let base = kb(sample(), None);
        let found = base.search(&query("blocking calls stall the tokio runtime", &[]));
        assert_eq!((found.mode, found.degraded, found.cache), (Mode::KeywordFallback, true, CacheState::None));
        assert_eq!(base.records()[found.hits[0].index].slug.as_str(), "spawn-blocking-for-blocking-io");
    }

    #[test]
    fn with_the_static_model_the_search_is_hybrid_and_the_second_embedding_is_cached() {
        let model: &'static dyn Embedder = crate::embed::model::shared().expect("model loads");
        let base = kb(sample(), Some(model));
        let q = query("should I reject typos in config keys", &[]);
        let first = base.search(&q);
        assert_eq!((first.mode, first.degraded, first.cache), (Mode::Hybrid, false, CacheState::Miss));
        assert_eq!(base.records()[first.hits[0].index].slug.as_str(), "deny-unknown-fields-on-config");
        assert_eq!(base.search(&q).cache, CacheState::Hit);
    }

    #[test]
    fn a_query_far_from_every_record_is_no_match() {
        let model: &'static dyn Embedder = crate::embed::model::shared().expect("model loads");
        for base in [kb(sample(), Some(model)), kb(sample(), None)] {
            let found = base.search(&query("best sourdough bread recipe for beginners", &[]));
            assert_eq!(found.mode, Mode::NoMatch);
            assert!(found.hits.is_empty());
        }
    }

    /// How many of the tuning set's out-of-domain queries a base answers no_match, and how many
    /// in-domain ones it wrongly does.
    fn no_match_counts(base: &Base) -> (usize, usize) {
        let set: serde_json::Value =
            serde_json::from_str(include_str!("../../benches/data/kb_queries.json")).expect("the query set is JSON");
        let no_match = |part: &str| {
            set[part]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|q| {
                    let text = q["query"].as_str().unwrap_or_default();
                    base.search(&Query { text, limit: 5, ..Query::default() }).mode == Mode::NoMatch
                })
                .count()
        };
        (no_match("out_of_domain"), no_match("in_domain"))
    }

    #[cfg(feature = "transformer")]
    #[test]
    fn the_transformer_with_its_own_floor_says_no_match_more_often_and_as_rightly() {
        let Some(dir) = crate::embed::transformer::test_dir() else { return };
        let model = crate::embed::transformer::shared(&dir).expect("the fetched transformer loads");
        let (off_topic, wrongly) = no_match_counts(&Base::build(crate::knowledge::starter_records(), Some(model)));
        let (static_off_topic, _) = no_match_counts(&Base::build(crate::knowledge::starter_records(), {
            let static_model: &'static dyn Embedder = crate::embed::model::shared().expect("model loads");
            Some(static_model)
        }));
        // docs/knowledge.md: 24 of 27 (static: 21), and one in-domain query of 89 without technologies.
        assert!(off_topic >= 24 && off_topic > static_off_topic, "{off_topic} vs static {static_off_topic}");
        assert!(wrongly <= 2, "{wrongly} in-domain queries answered no_match");
    }

    #[test]
    fn a_technology_filter_keeps_matching_records_case_insensitively() {
        let base = kb(sample(), None);
        let technologies = vec!["TOKIO".to_string()];
        let found = base.search(&query("toolchain blocking runtime configuration", &technologies));
        assert!(!found.technology_filter_fallback);
        assert!(found.hits.iter().all(|h| base.records()[h.index].id.as_str() == "r-tokio"), "{found:?}");
    }

    #[test]
    fn a_technology_filter_that_leaves_nothing_falls_back_and_says_so() {
        let base = kb(sample(), None);
        let technologies = vec!["django".to_string()];
        let found = base.search(&query("reject unknown configuration fields serde", &technologies));
        assert!(found.technology_filter_fallback);
        assert_eq!(base.records()[found.hits[0].index].id.as_str(), "r-serde");
    }

    #[test]
    fn a_version_outside_the_constraint_ranks_a_record_lower() {
        let base = kb(sample(), None);
        let mut q = query("blocking tokio runtime", &[]);
        let inside = base.search(&q).hits[0].score;
        q.versions.insert("tokio".into(), "0.2".into());
        let outside = base.search(&q).hits[0].score;
        assert!((inside - outside - TUNING.version_penalty.abs()).abs() < 1e-9, "{inside} {outside}");
        q.versions.insert("tokio".into(), "1.40".into());
        assert!(base.search(&q).hits[0].score > inside);
    }

    #[test]
    fn the_topic_filter_drops_other_topics() {
        let base = kb(sample(), None);
        let mut q = query("blocking tokio runtime", &[]);
        q.topics = vec!["reliability".into()];
        assert!(base.search(&q).hits.iter().all(|h| base.records()[h.index].topic.to_string() == "reliability"));
    }

    #[test]
    fn semver_versions_are_padded_and_unparseable_ones_ignored() {
        assert_eq!(satisfies(">=1.80", "1.81"), Some(true));
        assert_eq!(satisfies(">=1.80", "1"), Some(false));
        assert_eq!(satisfies("^0.14", "v0.14.2"), Some(true));
        assert_eq!(satisfies(">=1.0", "latest"), None);
        assert_eq!(satisfies("≥ 1.80", "1.81"), Some(true));
        assert_eq!(satisfies("*", "1.81"), None);
    }
}
