//! Embeddings behind one narrow trait, so a real offline model can replace the built-in lexical
//! one without touching the tools: the snapshot records which model filled its vectors, and the
//! query is embedded by the same model.

pub mod model;

pub use model::{STATIC_MODEL, StaticModel};

/// Turns text into a unit vector of `dimensions()` floats.
pub trait Embedder: Send + Sync {
    /// Stable identifier recorded in a snapshot's meta (`embedding_model`).
    fn model(&self) -> &'static str;
    fn dimensions(&self) -> usize;
    fn embed(&self, text: &str) -> Vec<f32>;
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

/// The embedder that fills a new snapshot's vectors: the static model when it loads, else the
/// lexical hash (the reason is logged once, and the snapshot's meta names what was used).
pub fn best_available() -> &'static dyn Embedder {
    static LEXICAL: Lexical = Lexical;
    match model::shared() {
        Ok(model) => model,
        Err(_) => &LEXICAL,
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

/// Dot product of two byte vectors, in 16-lane blocks the compiler turns into SIMD.
pub fn dot_i8(a: &[i8], b: &[i8]) -> i32 {
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
    }

    #[test]
    fn f32_blobs_round_trip_and_bad_lengths_are_refused() {
        let v = vec![0.5f32, -1.25, 3.0];
        assert_eq!(decode_f32_le(&encode_f32_le(&v)), Some(v));
        assert_eq!(decode_f32_le(&[1, 2, 3]), None);
        assert_eq!(decode_f32_le(&[]), None);
    }
}
