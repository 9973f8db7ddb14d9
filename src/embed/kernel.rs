//! The transformer's one hot loop: a few tokens' activations times a layer's weights, which is
//! nearly all of an embedding's time. Written here rather than taken from a matrix library
//! because the libraries tried (candle, and gemm beneath it) repack the whole weight matrix on
//! every call, which for a query of ten-odd tokens costs more than the products themselves:
//! 14.5 ms a query through candle against 4 to 5 ms here, same machine, same run
//! (docs/memory.md, "The transformer's speed").
//!
//! Weights are kept as bfloat16 (the top half of an f32: 8 bits of mantissa) in pairs along the
//! input dimension, `[inputs / 2][outputs]`, so that one AVX-512 BF16 instruction does 32
//! multiply-adds of a token against 16 outputs, and the 44 MB of f32 weights become 22 MB that
//! stay in cache between queries. Rounding the weights moves an embedding by a cosine of about
//! 1e-5, far below the i8 quantization the snapshot stores vectors in.
//!
//! Two paths give the same products to about 1e-3 relative: AVX-512 BF16 where the CPU has it
//! (checked once at run time), and plain loops everywhere else (`portable`), which the compiler
//! vectorizes for AVX2 where that exists. `the_fast_path_agrees_with_the_portable_one` holds
//! them together.

/// A layer's weight matrix, packed for [`Packed::multiply_add`].
pub struct Packed {
    /// `pairs[p * outputs + o]` holds weights (o, 2p) in its low half and (o, 2p + 1) in its high.
    pairs: Vec<u32>,
    inputs: usize,
    outputs: usize,
}

/// f32 → bfloat16 bits, rounding to nearest even (NaN is never in the weights or activations).
fn bf16(value: f32) -> u32 {
    let bits = value.to_bits();
    (bits + 0x7fff + ((bits >> 16) & 1)) >> 16
}

fn widen(half: u32) -> f32 {
    f32::from_bits(half << 16)
}

/// Consecutive pairs of `values` as bfloat16 pairs, low half first.
fn pack_pairs(values: &[f32]) -> Vec<u32> {
    values.chunks_exact(2).map(|pair| bf16(pair[0]) | (bf16(pair[1]) << 16)).collect()
}

impl Packed {
    /// From row-major `[outputs][inputs]` weights, as the model file stores a linear layer.
    /// `inputs` must be even (every layer of the model is).
    pub fn from_rows(weights: &[f32], outputs: usize, inputs: usize) -> Packed {
        assert!(inputs.is_multiple_of(2) && weights.len() == outputs * inputs, "a {outputs}×{inputs} layer");
        let mut pairs = Vec::with_capacity(outputs * inputs / 2);
        for p in 0..inputs / 2 {
            for row in weights.chunks_exact(inputs) {
                pairs.push(bf16(row[2 * p]) | (bf16(row[2 * p + 1]) << 16));
            }
        }
        Packed { pairs, inputs, outputs }
    }

    /// `out[t][o] += Σ_i x[t][i] · w[o][i]` for `tokens` rows of `x` (`[tokens][inputs]`) and of
    /// `out` (`[tokens][outputs]`).
    pub fn multiply_add(&self, x: &[f32], tokens: usize, out: &mut [f32]) {
        assert!(x.len() == tokens * self.inputs && out.len() == tokens * self.outputs, "shapes");
        #[cfg(target_arch = "x86_64")]
        if self.outputs.is_multiple_of(avx512::OUTPUTS) && avx512::available() {
            let x = pack_pairs(x);
            // SAFETY: the CPU has the features `avx512::multiply_add` is compiled for, and the
            // slices' lengths were checked above against the shapes it indexes.
            unsafe { avx512::multiply_add(&x, tokens, self.inputs / 2, &self.pairs, self.outputs, out) };
            return;
        }
        self.portable(x, tokens, out);
    }

    fn portable(&self, x: &[f32], tokens: usize, out: &mut [f32]) {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma") {
            // SAFETY: the CPU has AVX2 and FMA; the function is the safe loop below, compiled
            // for them.
            return unsafe { portable_avx2(self, x, tokens, out) };
        }
        portable_loop(self, x, tokens, out);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn portable_avx2(w: &Packed, x: &[f32], tokens: usize, out: &mut [f32]) {
    portable_loop(w, x, tokens, out)
}

/// Weights outer, tokens inner: each weight is read once, and the output rows stay in cache.
#[inline(always)]
fn portable_loop(w: &Packed, x: &[f32], tokens: usize, out: &mut [f32]) {
    for (p, pairs) in w.pairs.chunks_exact(w.outputs).enumerate() {
        for t in 0..tokens {
            let (x0, x1) = (x[t * w.inputs + 2 * p], x[t * w.inputs + 2 * p + 1]);
            let row = &mut out[t * w.outputs..][..w.outputs];
            for (o, pair) in row.iter_mut().zip(pairs) {
                *o += x0 * widen(pair & 0xffff) + x1 * widen(pair >> 16);
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use std::arch::x86_64::*;

    /// A tile is 4 tokens × 96 outputs: 24 accumulators of the 32 registers, and each weight
    /// load serves 4 tokens.
    const TOKENS: usize = 4;
    const VECTORS: usize = 6;
    pub const OUTPUTS: usize = 16 * VECTORS;

    pub fn available() -> bool {
        std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512bf16")
    }

    /// `x` and `w` are bfloat16 pairs: `x[t * half + p]`, `w[p * outputs + o]`.
    ///
    /// # Safety
    /// The CPU must have AVX-512F and AVX-512 BF16; `x` holds `tokens * half` pairs, `w`
    /// `half * outputs`, `out` `tokens * outputs` floats, and `outputs` is a multiple of
    /// [`OUTPUTS`].
    #[target_feature(enable = "avx512f,avx512bf16")]
    pub unsafe fn multiply_add(x: &[u32], tokens: usize, half: usize, w: &[u32], outputs: usize, out: &mut [f32]) {
        debug_assert!(x.len() == tokens * half && w.len() == half * outputs && out.len() == tokens * outputs);
        let stride = outputs / 16;
        let mut o = 0;
        while o < outputs {
            let mut t = 0;
            while t < tokens {
                // A last, partial tile repeats its last token and drops the repeats' sums.
                let rows: [*const u32; TOKENS] =
                    [0, 1, 2, 3].map(|i| x.as_ptr().wrapping_add((t + i).min(tokens - 1) * half));
                let mut acc = [[_mm512_setzero_ps(); VECTORS]; TOKENS];
                let mut weights = w.as_ptr().wrapping_add(o) as *const __m512i;
                let mut p = 0;
                while p < half {
                    let mut r = [_mm512_setzero_si512(); VECTORS];
                    let mut j = 0;
                    while j < VECTORS {
                        // SAFETY: row p of w, outputs o + 16j .. o + 16j + 16, all inside w.
                        r[j] = unsafe { _mm512_loadu_si512(weights.wrapping_add(j)) };
                        j += 1;
                    }
                    let mut i = 0;
                    while i < TOKENS {
                        // SAFETY: pair p of a token row inside x.
                        let pair = _mm512_set1_epi32(unsafe { *rows[i].wrapping_add(p) } as i32);
                        // SAFETY: both are 512 bits of plain data.
                        let a: __m512bh = unsafe { std::mem::transmute::<__m512i, __m512bh>(pair) };
                        let mut j = 0;
                        while j < VECTORS {
                            // SAFETY: as above.
                            let b = unsafe { std::mem::transmute::<__m512i, __m512bh>(r[j]) };
                            acc[i][j] = _mm512_dpbf16_ps(acc[i][j], a, b);
                            j += 1;
                        }
                        i += 1;
                    }
                    weights = weights.wrapping_add(stride);
                    p += 1;
                }
                let mut i = 0;
                while i < TOKENS && t + i < tokens {
                    let row = &mut out[(t + i) * outputs + o..][..OUTPUTS];
                    let mut j = 0;
                    while j < VECTORS {
                        let at = row.as_mut_ptr().wrapping_add(16 * j);
                        // SAFETY: 16 floats of `row`, whose length is OUTPUTS = 16 × VECTORS.
                        unsafe { _mm512_storeu_ps(at, _mm512_add_ps(_mm512_loadu_ps(at), acc[i][j])) };
                        j += 1;
                    }
                    i += 1;
                }
                t += TOKENS;
            }
            o += OUTPUTS;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deterministic values in (-1, 1), no RNG crate needed.
    fn values(n: usize, seed: u64) -> Vec<f32> {
        let mut state = seed;
        (0..n)
            .map(|_| {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                ((state >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
            })
            .collect()
    }

    fn reference(w: &[f32], x: &[f32], tokens: usize, outputs: usize, inputs: usize) -> Vec<f64> {
        let mut out = vec![0.0f64; tokens * outputs];
        for t in 0..tokens {
            for o in 0..outputs {
                out[t * outputs + o] =
                    (0..inputs).map(|i| x[t * inputs + i] as f64 * w[o * inputs + i] as f64).sum::<f64>();
            }
        }
        out
    }

    fn assert_close(got: &[f32], want: &[f64], tolerance: f64) {
        let scale = want.iter().map(|v| v.abs()).fold(1.0, f64::max);
        for (i, (g, w)) in got.iter().zip(want).enumerate() {
            assert!((*g as f64 - w).abs() <= tolerance * scale, "element {i}: {g} against {w}");
        }
    }

    #[test]
    fn products_match_a_plain_f64_product_for_every_token_count() {
        let (outputs, inputs) = (192, 64);
        let w = values(outputs * inputs, 1);
        let packed = Packed::from_rows(&w, outputs, inputs);
        for tokens in [1, 3, 4, 5, 9] {
            let x = values(tokens * inputs, tokens as u64 + 7);
            let mut out = vec![0.0f32; tokens * outputs];
            packed.multiply_add(&x, tokens, &mut out);
            assert_close(&out, &reference(&w, &x, tokens, outputs, inputs), 1e-2);
        }
    }

    #[test]
    fn the_product_is_added_to_what_the_output_holds() {
        let w = values(96 * 8, 3);
        let packed = Packed::from_rows(&w, 96, 8);
        let x = values(2 * 8, 4);
        let mut out = vec![1.0f32; 2 * 96];
        packed.multiply_add(&x, 2, &mut out);
        let want: Vec<f64> = reference(&w, &x, 2, 96, 8).iter().map(|v| v + 1.0).collect();
        assert_close(&out, &want, 1e-2);
    }

    #[test]
    fn the_fast_path_agrees_with_the_portable_one() {
        let (outputs, inputs) = (96 * 2, 384);
        let w = values(outputs * inputs, 5);
        let packed = Packed::from_rows(&w, outputs, inputs);
        let tokens = 7;
        let x = values(tokens * inputs, 6);
        let mut fast = vec![0.0f32; tokens * outputs];
        packed.multiply_add(&x, tokens, &mut fast);
        let mut portable = vec![0.0f32; tokens * outputs];
        packed.portable(&x, tokens, &mut portable);
        let portable: Vec<f64> = portable.iter().map(|v| *v as f64).collect();
        assert_close(&fast, &portable, 2e-3);
    }

    #[test]
    fn a_layer_whose_width_the_fast_path_cannot_tile_takes_the_portable_one() {
        let w = values(10 * 4, 8);
        let packed = Packed::from_rows(&w, 10, 4);
        let x = values(3 * 4, 9);
        let mut out = vec![0.0f32; 3 * 10];
        packed.multiply_add(&x, 3, &mut out);
        assert_close(&out, &reference(&w, &x, 3, 10, 4), 1e-2);
    }
}
