#!/usr/bin/env python3
"""Writes the int8 copy of all-MiniLM-L6-v2 that ctxlake compiles in (models/minilm-l6-i8/).

Reads the pinned f32 model.safetensors (scripts/fetch-transformer.sh) and writes a safetensors
file holding every tensor src/embed/transformer.rs reads: each weight matrix (the word embeddings
and the encoder's dense layers) as int8 with one f32 scale per row (`<name>.scale`,
max|row| / 127, values rounded half to even), and the rest (biases, layer norms, position and
token-type embeddings) as f32, unchanged. The pooler and position_ids are dropped: sentence-
transformers does not use them. Standard library only, and deterministic: two runs give the same
bytes (the header's keys are sorted and padded to 8 bytes).

Usage: scripts/quantize_transformer.py SOURCE_DIR OUT_FILE
"""
import array
import hashlib
import json
import struct
import sys


def read_safetensors(path):
    with open(path, "rb") as f:
        data = f.read()
    (length,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8 : 8 + length])
    body = data[8 + length :]
    return header, body, hashlib.sha256(data).hexdigest()


def quantized(name, shape):
    return (
        name.endswith(".weight")
        and len(shape) == 2
        and "LayerNorm" not in name
        and name not in ("embeddings.position_embeddings.weight", "embeddings.token_type_embeddings.weight")
    )


def main(source_dir, out_file):
    header, body, source_sha = read_safetensors(f"{source_dir}/model.safetensors")
    tensors = {}
    for name, spec in header.items():
        if name == "__metadata__" or name.startswith("pooler.") or name == "embeddings.position_ids":
            continue
        assert spec["dtype"] == "F32", name
        begin, end = spec["data_offsets"]
        values = array.array("f")
        values.frombytes(body[begin:end])
        if sys.byteorder != "little":
            values.byteswap()
        shape = spec["shape"]
        if not quantized(name, shape):
            tensors[name] = ("F32", shape, values.tobytes() if sys.byteorder == "little" else _le(values))
            continue
        rows, columns = shape
        codes = bytearray(rows * columns)
        scales = array.array("f", bytes(4 * rows))
        for r in range(rows):
            row = values[r * columns : (r + 1) * columns]
            largest = max(max(row), -min(row))
            scale = largest / 127.0 if largest > 0 else 1.0
            scales[r] = scale
            # The scale is stored as f32: divide by that, so the loader's q × scale is what was meant.
            stored = scales[r]
            codes[r * columns : (r + 1) * columns] = bytes(
                max(-127, min(127, round(x / stored))) & 0xFF for x in row
            )
        tensors[name] = ("I8", shape, bytes(codes))
        tensors[f"{name}.scale"] = ("F32", [rows], scales.tobytes() if sys.byteorder == "little" else _le(scales))

    meta = {
        "format": "ctxlake-int8-per-row",
        "source": "sentence-transformers/all-MiniLM-L6-v2 model.safetensors",
        "source_sha256": source_sha,
    }
    out_header = {"__metadata__": meta}
    offset = 0
    for name in sorted(tensors):
        dtype, shape, data = tensors[name]
        out_header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + len(data)]}
        offset += len(data)
    encoded = json.dumps(out_header, sort_keys=True, separators=(",", ":")).encode()
    encoded += b" " * (-(len(encoded)) % 8)
    with open(out_file, "wb") as f:
        f.write(struct.pack("<Q", len(encoded)))
        f.write(encoded)
        for name in sorted(tensors):
            f.write(tensors[name][2])


def _le(values):
    copy = array.array(values.typecode, values)
    copy.byteswap()
    return copy.tobytes()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
