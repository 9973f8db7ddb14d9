//! Embeddings behind one narrow trait, so a real offline model can replace the built-in lexical
//! one without touching the tools: the snapshot records which model filled its vectors, and the
//! query is embedded by the same model.

#[cfg(feature = "transformer")]
mod kernel;
pub mod model;
#[cfg(feature = "transformer")]
pub mod transformer;

pub use model::{STATIC_MODEL, StaticModel};
use std::path::PathBuf;
use std::sync::OnceLock;

/// Turns text into a unit vector of `dimensions()` floats.
pub trait Embedder: Send + Sync {
    /// Stable identifier recorded in a snapshot's meta (`embedding_model`).
    fn model(&self) -> &'static str;
    fn dimensions(&self) -> usize;
    fn embed(&self, text: &str) -> Vec<f32>;
    /// Whether a text costs enough to embed (milliseconds, not microseconds) that a rebuild
    /// should carry vectors over from the previous snapshot rather than recompute them.
    fn worth_reusing(&self) -> bool {
        false
    }
}

/// The built-in fallback: feature hashing of lowercased word tokens into 256 buckets, L2
/// normalized. Deterministic across platforms and Rust versions (FNV-1a, not std's hasher).
/// Lexical, not semantic: it finds claims sharing words, whatever their order or punctuation.
#[derive(Debug, Default, Clone, Copy)]
pub struct Lexical;

pub const LEXICAL_MODEL: &str = "ctxlake-lexical-fnv1a-256";
pub const LEXICAL_DIMENSIONS: usize = 256;

impl Embedder for Lexical {
    fn model(&self) -> &'static str {
        LEXICAL_MODEL
    }

    fn dimensions(&self) -> usize {
        LEXICAL_DIMENSIONS
    }

    fn embed(&self, text: &str) -> Vec<f32> {
        let mut vector = vec![0.0f32; LEXICAL_DIMENSIONS];
        for token in tokens(text) {
            let bucket = (fnv1a(token.as_bytes()) % LEXICAL_DIMENSIONS as u64) as usize;
            vector[bucket] += 1.0;
        }
        normalize(&mut vector);
        vector
    }
}

/// Which model fills new vectors: where claims and records are written (`ctxlake maint`,
/// `snapshot build`, `kb import`) and the knowledge bases indexed in memory. Readers never consult
/// it: a query is embedded by the model its snapshot or base records ([`by_model`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// all-MiniLM-L6-v2 with int8 weights, compiled in (`minilm-l6-i8`, the default where the
    /// `transformer` feature is built): finds paraphrases; milliseconds a text.
    CompiledTransformer,
    /// The static model compiled into the binary (`static`; the default without the
    /// `transformer` feature): microseconds a text, misses more paraphrases.
    Static,
    /// all-MiniLM-L6-v2's upstream f32 weights (`minilm-l6`), from `scripts/fetch-transformer.sh`.
    Transformer,
}

impl Default for Choice {
    fn default() -> Choice {
        match cfg!(feature = "transformer") {
            true => Choice::CompiledTransformer,
            false => Choice::Static,
        }
    }
}

impl std::str::FromStr for Choice {
    type Err = String;

    fn from_str(name: &str) -> Result<Choice, String> {
        match name {
            "static" => Ok(Choice::Static),
            "minilm-l6-i8" if cfg!(feature = "transformer") => Ok(Choice::CompiledTransformer),
            "minilm-l6" if cfg!(feature = "transformer") => Ok(Choice::Transformer),
            "minilm-l6" | "minilm-l6-i8" => {
                Err(format!("`{name}` needs a ctxlake built with the `transformer` feature"))
            }
            other => Err(format!("unknown embedder `{other}`: `minilm-l6-i8`, `static` or `minilm-l6`")),
        }
    }
}

/// The embedding settings, read once at startup (`CTXLAKE_EMBEDDER`, `CTXLAKE_TRANSFORMER_DIR`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// The model for claims (snapshots): the variable's, else [`Choice::default`].
    pub choice: Choice,
    /// The model for knowledge records: the variable's, else the static model. A knowledge base
    /// is embedded whole in every process that serves it (the starter base, a fleet's published
    /// base), which the transformer would make seconds where the static model takes
    /// milliseconds (docs/memory.md, "What the default costs a process"); claims are embedded
    /// once, by the fold.
    pub knowledge_choice: Choice,
    /// Where the transformer's files are (default `~/.ctxlake/models/all-MiniLM-L6-v2`).
    pub transformer_dir: PathBuf,
}

impl Settings {
    /// From a lookup of variables (as `config::Ctx` is built), so tests pass a map.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Settings, String> {
        let (choice, knowledge_choice) = match lookup("CTXLAKE_EMBEDDER").filter(|v| !v.is_empty()) {
            Some(name) => {
                let chosen: Choice = name.parse().map_err(|e| format!("CTXLAKE_EMBEDDER: {e}"))?;
                (chosen, chosen)
            }
            None => (Choice::default(), Choice::Static),
        };
        Ok(Settings { choice, knowledge_choice, transformer_dir: Settings::transformer_dir(lookup) })
    }

    fn transformer_dir(lookup: impl Fn(&str) -> Option<String>) -> PathBuf {
        let non_empty = |key: &str| lookup(key).filter(|v| !v.is_empty());
        let home = non_empty("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."));
        non_empty("CTXLAKE_TRANSFORMER_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| home.join(".ctxlake/models/all-MiniLM-L6-v2"))
    }
}

static SETTINGS: OnceLock<Settings> = OnceLock::new();

/// Sets this process's embedding settings; the binary calls it once at startup, before any
/// embedding. Later calls change nothing.
pub fn configure(settings: Settings) {
    let _ = SETTINGS.set(settings);
}

/// The configured settings. A process that never called [`configure`] (tests, benches, the
/// library on its own) reads the same variables at its first embedding, once.
fn settings() -> &'static Settings {
    SETTINGS.get_or_init(|| {
        let env = |key: &str| std::env::var(key).ok();
        Settings::from_lookup(env).unwrap_or_else(|e| {
            tracing::warn!(error = %e, "CTXLAKE_EMBEDDER ignored; the default model fills new vectors");
            let transformer_dir = Settings::transformer_dir(env);
            Settings { choice: Choice::default(), knowledge_choice: Choice::Static, transformer_dir }
        })
    })
}

/// The semantic model that fills new claim vectors: the configured one when it loads, else the
/// compiled-in transformer, else the static model (each reason logged once), else none.
pub fn semantic() -> Option<&'static dyn Embedder> {
    semantic_for(settings().choice)
}

/// The semantic model that embeds knowledge records (`kb import`, the bases indexed in memory):
/// as [`semantic`], for `Settings::knowledge_choice`.
pub fn knowledge_semantic() -> Option<&'static dyn Embedder> {
    semantic_for(settings().knowledge_choice)
}

fn semantic_for(choice: Choice) -> Option<&'static dyn Embedder> {
    let chosen = match choice {
        Choice::CompiledTransformer => Some(TRANSFORMER_I8_MODEL),
        Choice::Transformer => Some(TRANSFORMER_MODEL),
        Choice::Static => None,
    };
    let fallback = chosen.map(|_| TRANSFORMER_I8_MODEL);
    if let Some(Ok(transformer)) = chosen.into_iter().chain(fallback).map(by_model).find(Result::is_ok) {
        return Some(transformer);
    }
    model::shared().ok().map(|m| m as &'static dyn Embedder)
}

/// The embedder that fills a new snapshot's vectors: [`semantic`], else the lexical hash (the
/// snapshot's meta names what was used).
pub fn best_available() -> &'static dyn Embedder {
    static LEXICAL: Lexical = Lexical;
    semantic().unwrap_or(&LEXICAL)
}

/// The model id the transformer records in a snapshot's or knowledge base's meta (defined in
/// builds without it too, so a reader can say which model it lacks); the suffix is the start of
/// the weights' sha256, as for the static model.
pub const TRANSFORMER_MODEL: &str = "minilm-l6-v2-384-53aa5117";

/// The model id of the compiled-in int8 copy of the same transformer (`minilm-l6-i8`, the
/// default); the suffix is the start of its weights file's sha256.
pub const TRANSFORMER_I8_MODEL: &str = "minilm-l6-v2-384-i8-3969eb16";

/// The embedder that made vectors recorded as `model`, for embedding a query against them; it
/// is loaded on first use. `Err` says why there is none (an unknown model, files missing).
pub fn by_model(model: &str) -> Result<&'static dyn Embedder, String> {
    static LEXICAL: Lexical = Lexical;
    match model {
        LEXICAL_MODEL => Ok(&LEXICAL),
        STATIC_MODEL => model::shared()
            .map(|m| m as &'static dyn Embedder)
            .map_err(|e| format!("the static embedding model is unavailable ({e})")),
        #[cfg(feature = "transformer")]
        TRANSFORMER_MODEL => transformer::shared(&settings().transformer_dir)
            .map(|m| m as &'static dyn Embedder)
            .map_err(|e| format!("the transformer embedding model is unavailable ({e})")),
        #[cfg(feature = "transformer")]
        TRANSFORMER_I8_MODEL => transformer::embedded()
            .map(|m| m as &'static dyn Embedder)
            .map_err(|e| format!("the compiled-in transformer is unavailable ({e})")),
        #[cfg(not(feature = "transformer"))]
        TRANSFORMER_MODEL | TRANSFORMER_I8_MODEL => {
            Err("this ctxlake was built without the transformer runtime".into())
        }
        // The id comes from a file: it is not echoed (callers name it, sanitized, if at all).
        _ => Err("this ctxlake has no such embedding model".into()),
    }
}

/// Word tokens: maximal runs of letters and digits, lowercased. Case and punctuation fold away,
/// so `RUSTFLAGS,` and `rustflags` are the same token.
pub fn tokens(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric()).filter(|t| !t.is_empty()).map(str::to_lowercase)
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// Scales to unit length; an all-zero vector stays zero.
pub fn normalize(vector: &mut [f32]) {
    let norm = vector.iter().map(|x| x * x).sum::<f32>().sqrt();
    if norm > 0.0 {
        vector.iter_mut().for_each(|x| *x /= norm);
    }
}

/// A unit vector as signed bytes (`round(x × 127)`): a quarter of the memory, and a dot product
/// of two quantized unit vectors divided by 127² approximates their cosine to about 1 %.
pub fn quantize(unit: &[f32]) -> Vec<i8> {
    unit.iter().map(|x| (x.clamp(-1.0, 1.0) * 127.0).round() as i8).collect()
}

/// Dot product of two byte vectors, in 16-lane blocks the compiler turns into SIMD: AVX2 where
/// the CPU has it (checked at run time; the baseline x86-64 build has SSE2 only, and the dense
/// lane runs this once per visible claim), plain otherwise.
pub fn dot_i8(a: &[i8], b: &[i8]) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, which is all the function is compiled for.
        return unsafe { dot_i8_avx2(a, b) };
    }
    dot_i8_blocks(a, b)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn dot_i8_avx2(a: &[i8], b: &[i8]) -> i32 {
    dot_i8_blocks(a, b)
}

/// [`dot_i8`] of `query` with each `query.len()`-byte vector of `vectors` (stored back to back),
/// calling `each(position, score)`: one pass over a whole index with the dot product inlined,
/// which the dense lane needs at a million claims.
pub fn dot_i8_each(query: &[i8], vectors: &[i8], each: &mut dyn FnMut(usize, i32)) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, which is all the function is compiled for.
        return unsafe { dot_i8_each_avx2(query, vectors, each) };
    }
    dot_i8_each_blocks(query, vectors, each)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn dot_i8_each_avx2(query: &[i8], vectors: &[i8], each: &mut dyn FnMut(usize, i32)) {
    dot_i8_each_blocks(query, vectors, each)
}

#[inline(always)]
fn dot_i8_each_blocks(query: &[i8], vectors: &[i8], each: &mut dyn FnMut(usize, i32)) {
    if query.is_empty() {
        return;
    }
    for (position, vector) in vectors.chunks_exact(query.len()).enumerate() {
        each(position, dot_i8_blocks(query, vector));
    }
}

#[inline(always)]
fn dot_i8_blocks(a: &[i8], b: &[i8]) -> i32 {
    let mut lanes = [0i32; 16];
    let (blocks_a, rest_a) = a.split_at(a.len() / 16 * 16);
    let (blocks_b, rest_b) = b.split_at(blocks_a.len().min(b.len()));
    for (x, y) in blocks_a.chunks_exact(16).zip(blocks_b.chunks_exact(16)) {
        for lane in 0..16 {
            lanes[lane] += i32::from(x[lane]) * i32::from(y[lane]);
        }
    }
    let tail: i32 = rest_a.iter().zip(rest_b).map(|(&x, &y)| i32::from(x) * i32::from(y)).sum();
    lanes.iter().sum::<i32>() + tail
}

/// Decodes a stored embedding (little-endian f32). `None` for an empty blob or a length that
/// is not a multiple of 4.
pub fn decode_f32_le(bytes: &[u8]) -> Option<Vec<f32>> {
    if bytes.is_empty() || !bytes.len().is_multiple_of(4) {
        return None;
    }
    Some(bytes.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
}

pub fn encode_f32_le(vector: &[f32]) -> Vec<u8> {
    vector.iter().flat_map(|x| x.to_le_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cosine(a: &str, b: &str) -> f32 {
        let (x, y) = (Lexical.embed(a), Lexical.embed(b));
        x.iter().zip(&y).map(|(p, q)| p * q).sum()
    }

    #[test]
    fn the_lexical_embedding_is_deterministic_and_unit_length() {
        let v = Lexical.embed("cargo test needs RUSTFLAGS");
        assert_eq!(v, Lexical.embed("cargo test needs RUSTFLAGS"));
        let norm: f32 = v.iter().map(|x| x * x).sum();
        assert!((norm - 1.0).abs() < 1e-5);
    }

    #[test]
    fn case_and_punctuation_fold_away() {
        assert!((cosine("RUSTFLAGS, cargo!", "rustflags cargo") - 1.0).abs() < 1e-5);
    }

    #[test]
    fn shared_words_score_higher_than_unrelated_ones() {
        assert!(
            cosine("staging ssh port 2222", "ssh to staging uses port 2222")
                > cosine("staging ssh port 2222", "the cat sat")
        );
    }

    #[test]
    fn an_empty_text_embeds_to_zero_not_nan() {
        assert!(Lexical.embed("  ,, ").iter().all(|x| *x == 0.0));
    }

    #[test]
    fn quantized_dot_approximates_cosine() {
        let (a, b) = (Lexical.embed("one two three"), Lexical.embed("two three four"));
        let exact: f32 = a.iter().zip(&b).map(|(p, q)| p * q).sum();
        let approx = dot_i8(&quantize(&a), &quantize(&b)) as f32 / (127.0 * 127.0);
        assert!((exact - approx).abs() < 0.02, "{exact} vs {approx}");
    }

    #[test]
    fn the_blocked_dot_product_equals_the_plain_one() {
        let a: Vec<i8> = (0..300).map(|i| (i * 37 % 255 - 127) as i8).collect();
        let b: Vec<i8> = (0..300).map(|i| (i * 91 % 255 - 127) as i8).collect();
        let plain: i32 = a.iter().zip(&b).map(|(&x, &y)| i32::from(x) * i32::from(y)).sum();
        assert_eq!(dot_i8(&a, &b), plain);
        assert_eq!(dot_i8_blocks(&a, &b), plain, "the path CPUs without AVX2 take");
        let mut each = vec![];
        let index: Vec<i8> = [b.as_slice(), a.as_slice(), b.as_slice()].concat();
        dot_i8_each(&a, &index, &mut |position, score| each.push((position, score)));
        let self_dot = a.iter().map(|&x| i32::from(x) * i32::from(x)).sum();
        assert_eq!(each, [(0, plain), (1, self_dot), (2, plain)]);
    }

    fn settings(pairs: &[(&str, &str)]) -> Result<Settings, String> {
        let map: std::collections::HashMap<&str, &str> = pairs.iter().copied().collect();
        Settings::from_lookup(|key| map.get(key).map(|v| v.to_string()))
    }

    #[test]
    fn the_compiled_in_transformer_fills_new_vectors_unless_another_model_is_chosen() {
        let default = settings(&[("HOME", "/home/a")]).expect("valid");
        let expected = if cfg!(feature = "transformer") { Choice::CompiledTransformer } else { Choice::Static };
        assert_eq!(default.choice, expected);
        assert_eq!(default.knowledge_choice, Choice::Static, "knowledge keeps the static model unless told");
        assert_eq!(settings(&[("CTXLAKE_EMBEDDER", "static")]).map(|s| s.choice), Ok(Choice::Static));
        if cfg!(feature = "transformer") {
            let chosen = settings(&[("CTXLAKE_EMBEDDER", "minilm-l6-i8")]).expect("valid");
            assert_eq!(
                (chosen.choice, chosen.knowledge_choice),
                (Choice::CompiledTransformer, Choice::CompiledTransformer)
            );
        }
        assert_eq!(default.transformer_dir, PathBuf::from("/home/a/.ctxlake/models/all-MiniLM-L6-v2"));
        let chosen = settings(&[("CTXLAKE_EMBEDDER", "minilm-l6"), ("CTXLAKE_TRANSFORMER_DIR", "/m")]);
        let expected = if cfg!(feature = "transformer") { Ok(Choice::Transformer) } else { Err(()) };
        assert_eq!(chosen.as_ref().map(|s| s.choice).map_err(|_| ()), expected);
        if let Ok(chosen) = chosen {
            assert_eq!(chosen.transformer_dir, PathBuf::from("/m"));
        }
    }

    #[test]
    fn an_unknown_embedder_is_refused_naming_the_valid_ones() {
        let err = settings(&[("CTXLAKE_EMBEDDER", "bert-large")]).expect_err("refused");
        assert!(err.contains("CTXLAKE_EMBEDDER") && err.contains("`minilm-l6-i8`, `static` or `minilm-l6`"), "{err}");
    }

    #[test]
    fn a_query_is_embedded_by_the_model_its_vectors_came_from() {
        assert_eq!(by_model(LEXICAL_MODEL).map(|e| e.model()), Ok(LEXICAL_MODEL));
        assert_eq!(by_model(STATIC_MODEL).map(|e| e.model()), Ok(STATIC_MODEL));
        assert!(by_model("m2v-minilm-l6-256-i8-00000000").is_err());
        if cfg!(feature = "transformer") {
            assert_eq!(by_model(TRANSFORMER_I8_MODEL).map(|e| e.model()), Ok(TRANSFORMER_I8_MODEL));
        }
    }

    #[test]
    fn f32_blobs_round_trip_and_bad_lengths_are_refused() {
        let v = vec![0.5f32, -1.25, 3.0];
        assert_eq!(decode_f32_le(&encode_f32_le(&v)), Some(v));
        assert_eq!(decode_f32_le(&[1, 2, 3]), None);
        assert_eq!(decode_f32_le(&[]), None);
    }
}

/// Embedders for tests elsewhere in the crate.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Embedder, Lexical};
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// The lexical hash under another name, counting the texts it embeds and saying it is worth
    /// sparing, as the transformer does.
    #[derive(Default)]
    pub struct Counting(AtomicUsize);

    impl Counting {
        /// Texts embedded since the last call.
        pub fn take(&self) -> usize {
            self.0.swap(0, Ordering::Relaxed)
        }
    }

    impl Embedder for Counting {
        fn model(&self) -> &'static str {
            "counting-lexical"
        }
        fn dimensions(&self) -> usize {
            Lexical.dimensions()
        }
        fn embed(&self, text: &str) -> Vec<f32> {
            self.0.fetch_add(1, Ordering::Relaxed);
            Lexical.embed(text)
        }
        fn worth_reusing(&self) -> bool {
            true
        }
    }
}
