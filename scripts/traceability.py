#!/usr/bin/env python3
"""Generate docs/conformance/traceability.md: every normative sentence of each MCP revision
(MUST / MUST NOT / SHOULD / SHOULD NOT; REQUIRED and SHALL count as MUST, RECOMMENDED as
SHOULD) with the conformance check ids that cover it, or why it cannot be tested black-box.

Source of the spec text (pinned, verified):
  No registry package ships the specification *pages* (docs/specification/<rev>/**/*.mdx):
  the spec repository's package.json is private, and @modelcontextprotocol/sdk and
  @modelcontextprotocol/conformance ship neither the pages nor a per-revision schema.ts.
  So this script falls back to the schema of each revision: schema.ts (its doc comments) and
  CHANGELOG.md, as the crates.io crate protocol-droid-schema vendors them verbatim for all five
  revisions.  The .crate is fetched with cargo (a private CARGO_HOME under the cache, so no lock
  is shared with other builds), its sha256 is checked against PIN_SHA256 below, and every file
  read is checked against the sha256 the crate's spec/MANIFEST.toml records for it.

Checks come from features/*.feature (@id:, level tag, @rev-* tags or a `revision` column,
`Ref:` line); explicit mappings and untestable reasons come from scripts/data/traceability.json.

Usage: python3 scripts/traceability.py           # (re)write the doc
       python3 scripts/traceability.py --check   # exit 1 if the committed doc is stale
Python 3 standard library only; the crate is cached under target/traceability-cache/.
"""

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections import OrderedDict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CACHE = os.path.join(ROOT, "target", "traceability-cache")
DOC = os.path.join(ROOT, "docs", "conformance", "traceability.md")
DATA = os.path.join(ROOT, "scripts", "data", "traceability.json")
FEATURES = os.path.join(ROOT, "features")

CRATE = "protocol-droid-schema"
PIN_VERSION = "0.7.0"
PIN_SHA256 = "16fd66cea20d9e63eee827ae6e0ec56cb4a93220a76061cbe03563431fae9851"
REVISIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"]
FILES = ["schema.ts", "CHANGELOG.md"]  # CHANGELOG.md is absent for 2024-11-05
# Extensions: (label, the page holding the extension's server sentences verbatim, the revision
# its checks run at). The sentences are the numbered list under "## Every sentence a server can
# be held to" (no registry ships the extension's page either; docs/skills.md names its source).
EXTENSIONS = [("SEP-2640 skills", "docs/skills.md", "2026-07-28")]

KEYWORDS = re.compile(r"\b(MUST(?: NOT)?|SHOULD(?: NOT)?|REQUIRED|SHALL(?: NOT)?|RECOMMENDED)\b")
MUST_WORDS = ("MUST", "REQUIRED", "SHALL")


def die(msg):
    sys.stderr.write("traceability: " + msg + "\n")
    sys.exit(2)


def sha256(data):
    return hashlib.sha256(data).hexdigest()


# ---------------------------------------------------------------- fetching the pinned crate

def crate_path():
    return os.path.join(CACHE, "%s-%s.crate" % (CRATE, PIN_VERSION))


def fetch_crate():
    """Return the bytes of the pinned .crate, downloading it with cargo into the cache."""
    path = crate_path()
    if os.path.exists(path):
        data = open(path, "rb").read()
        if sha256(data) == PIN_SHA256:
            return data
        os.remove(path)
    cargo = shutil.which("cargo")
    if not cargo:
        die("cargo not found: needed once to download %s %s into %s" % (CRATE, PIN_VERSION, CACHE))
    home = os.path.join(CACHE, "cargo-home")
    os.makedirs(home, exist_ok=True)
    env = dict(os.environ, CARGO_HOME=home)
    # `cargo info` downloads the .crate into CARGO_HOME/registry/cache after checking it
    # against the checksum in the crates.io index; run outside the workspace.
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run([cargo, "info", "%s@%s" % (CRATE, PIN_VERSION)], cwd=tmp, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        die("cargo info failed:\n" + proc.stderr)
    found = None
    for dirpath, _, files in os.walk(os.path.join(home, "registry", "cache")):
        if os.path.basename(path) in files:
            found = os.path.join(dirpath, os.path.basename(path))
    if not found:
        die("cargo did not leave %s in %s" % (os.path.basename(path), home))
    data = open(found, "rb").read()
    if sha256(data) != PIN_SHA256:
        die("%s has sha256 %s, pinned %s" % (found, sha256(data), PIN_SHA256))
    with open(path, "wb") as f:
        f.write(data)
    return data


def read_spec_files():
    """{(revision, file): text}, each file verified against the crate's MANIFEST.toml."""
    data = fetch_crate()
    prefix = "%s-%s/spec/" % (CRATE, PIN_VERSION)
    out = {}
    with tarfile.open(crate_path(), "r:gz") as tar:
        manifest = tar.extractfile(prefix + "MANIFEST.toml").read().decode("utf-8")
        digests = parse_manifest(manifest)
        commits = {}
        for m in re.finditer(r'\[revisions\."([^"]+)"\]\s*\ntag = "[^"]*"\s*\ncommit = "([0-9a-f]+)"', manifest):
            commits[m.group(1)] = m.group(2)
        for rev in REVISIONS:
            for name in FILES:
                member = prefix + rev + "/" + name
                try:
                    raw = tar.extractfile(member).read()
                except KeyError:
                    continue
                want = digests.get((rev, name))
                if want and sha256(raw) != want:
                    die("%s: sha256 %s differs from MANIFEST.toml %s" % (member, sha256(raw), want))
                if not want and name == "schema.ts":
                    die("%s has no digest in MANIFEST.toml" % member)
                out[(rev, name)] = raw.decode("utf-8")
    return out, commits, data


def parse_manifest(text):
    digests = {}
    section = None
    for line in text.splitlines():
        m = re.match(r'\[revisions\."?([^".\]]+(?:-[^".\]]+)*)"?\.files\]', line)
        if m:
            section = m.group(1)
            continue
        if line.startswith("["):
            section = None
            continue
        m = re.match(r'\s*"([^"]+)"\s*=\s*"([0-9a-f]{64})"', line)
        if section and m:
            digests[(section, m.group(1))] = m.group(2)
    return digests


# ---------------------------------------------------------------- sentence extraction

ABBREV = re.compile(r"\b(e\.g|i\.e|etc|vs|cf)\.$", re.I)


def clean_markdown(text):
    text = re.sub(r"\{@link\s+([^}|]+?)\s*\|\s*([^}]+?)\s*\}", r"\2", text)
    text = re.sub(r"\{@link\s+([^}]+?)\s*\}", r"\1", text)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"\1", text)
    text = re.sub(r"(?<![\w*])_([^_]+)_(?![\w])", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"\s+", " ", text)
    return text.strip()


def split_sentences(block):
    """Split one paragraph or list item into sentences."""
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z`\"'(])", block)
    out = []
    for part in parts:
        if out and ABBREV.search(out[-1]):
            out[-1] += " " + part
        else:
            out.append(part)
    return [p.strip() for p in out if p.strip()]


def paragraphs(lines):
    """Group comment/markdown lines into paragraphs and list items."""
    blocks, cur = [], []
    in_code = False
    for line in lines:
        s = line.strip()
        if s.startswith("```"):
            in_code = not in_code
            if cur:
                blocks.append(" ".join(cur))
                cur = []
            continue
        if in_code:
            continue
        if not s or s.startswith("@") or s.startswith("#"):
            if cur:
                blocks.append(" ".join(cur))
                cur = []
            if s.startswith("#"):
                blocks.append(None)  # heading marker, handled by the caller
            continue
        if re.match(r"^([-*+]|\d+\.)\s+", s):
            if cur:
                blocks.append(" ".join(cur))
            cur = [re.sub(r"^([-*+]|\d+\.)\s+", "", s)]
            continue
        cur.append(s)
    if cur:
        blocks.append(" ".join(cur))
    return blocks


def level_of(sentence):
    words = KEYWORDS.findall(sentence)
    if not words:
        return None
    if any(w.split()[0] in MUST_WORDS for w in words):
        return "MUST"
    return "SHOULD"


def schema_sentences(text):
    """Yield (section, anchor, sentence) from the doc comments of a schema.ts."""
    section = "(top)"
    lines = text.splitlines()
    i = 0
    stack = []  # enclosing interface/type names
    depth = 0
    while i < len(lines):
        line = lines[i]
        s = line.strip()
        m = re.match(r"^/\*\s*([^*].*?)\s*\*/$", s)
        if m and depth == 0:
            section = m.group(1)
            i += 1
            continue
        if s.startswith("/**"):
            body = []
            j = i
            while True:
                t = lines[j].strip()
                t = re.sub(r"^/\*\*", "", t)
                end = t.endswith("*/")
                t = re.sub(r"\*/$", "", t)
                t = re.sub(r"^\*\s?", "", t)
                body.append(t)
                if end:
                    break
                j += 1
            # the declaration the comment documents
            k = j + 1
            while k < len(lines) and not lines[k].strip():
                k += 1
            decl = lines[k].strip() if k < len(lines) else ""
            anchor = declaration_name(decl, stack)
            for block in paragraphs(body):
                if block is None:
                    continue
                for sent in split_sentences(clean_markdown(block)):
                    if KEYWORDS.search(sent):
                        yield section, anchor, sent
            i = j + 1
            continue
        # track nesting to know the enclosing interface for member comments
        m = re.match(r"^(?:export\s+)?(?:interface|type)\s+(\w+)", s)
        if m and depth == 0:
            stack = [m.group(1)]
        depth += line.count("{") - line.count("}")
        if depth <= 0:
            depth = 0
        i += 1


def declaration_name(decl, stack):
    m = re.match(r"^(?:export\s+)?(?:interface|type|const|enum)\s+(\w+)", decl)
    if m:
        return m.group(1)
    m = re.match(r"^[\"']?([\w$/.-]+)[\"']?\??\s*:", decl)
    if m and stack:
        return "%s.%s" % (stack[0], m.group(1))
    return stack[0] if stack else ""


def changelog_sentences(text):
    for block in paragraphs(text.splitlines()):
        if block is None:
            continue
        for sent in split_sentences(clean_markdown(block)):
            if KEYWORDS.search(sent):
                yield "CHANGELOG", "", sent


def norm(text):
    """Normalised form for matching: lower case, plain quotes, no markdown, single spaces."""
    text = clean_markdown(text)
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = text.replace("`", "").replace("*", "")
    text = re.sub(r"\s+", " ", text)
    return text.strip().lower()


# ---------------------------------------------------------------- feature files

def read_checks():
    """Return {base_id: {"level", "ref", "subs": {sub_id: set(revisions)}, "file"}}."""
    checks = OrderedDict()
    for name in sorted(os.listdir(FEATURES)):
        if not name.endswith(".feature"):
            continue
        lines = open(os.path.join(FEATURES, name), encoding="utf-8").read().splitlines()
        pending_tags = []
        cur = None
        table_head = None
        table_rows = None
        ex_tags = []
        for line in lines + [""]:
            s = line.strip()
            if s.startswith("@"):
                pending_tags += s.split()
                continue
            if s.startswith("Scenario"):
                cur = None
                ids = [t[4:] for t in pending_tags if t.startswith("@id:")]
                if ids:
                    level = next((t[1:] for t in pending_tags if t in ("@must", "@should", "@strict", "@interpretation")), None)
                    revs = {t[5:] for t in pending_tags if t.startswith("@rev-")}
                    cur = {"id": ids[0], "level": level, "revs": revs, "ref": "", "file": name,
                           "rows": [], "outline": s.startswith("Scenario Outline")}
                    checks[ids[0]] = cur
                pending_tags = []
                table_head = None
                continue
            if cur is None:
                pending_tags = [] if not s.startswith("@") else pending_tags
                continue
            if s.startswith("Ref:") and not cur["ref"]:
                cur["ref"] = s[4:].strip()
            elif s.startswith("Examples"):
                ex_tags = pending_tags
                pending_tags = []
                table_head = None
                table_rows = True
            elif s.startswith("|") and table_rows:
                cells = [c.strip() for c in s.strip("|").split("|")]
                if table_head is None:
                    table_head = cells
                else:
                    row = dict(zip(table_head, cells))
                    lvl = next((t[1:] for t in ex_tags if t in ("@must", "@should", "@strict", "@interpretation", "@ctxlake")), None)
                    row["_level"] = lvl or cur["level"]
                    cur["rows"].append(row)
            elif s and not s.startswith("#"):
                table_rows = None  # a step line ends any Examples table
    out = OrderedDict()
    for cid, c in checks.items():
        if c["level"] is None and not any(r["_level"] in ("must", "should", "strict", "interpretation") for r in c["rows"]):
            continue  # ctxlake-only checks hold ctxlake alone, not other servers
        subs = OrderedDict()
        rows = c["rows"] if c["outline"] else []
        if not rows:
            subs[cid] = (c["level"], set(c["revs"]))
        else:
            for n, row in enumerate(rows, 1):
                if row["_level"] not in ("must", "should", "strict", "interpretation"):
                    continue
                if "check" in row:
                    sub = "%s/%s" % (cid, row["check"])
                elif len(rows) > 1:
                    sub = "%s/%d" % (cid, n)
                else:
                    sub = cid
                revs = {row["revision"]} if row.get("revision") else set(c["revs"])
                subs[sub] = (row["_level"], revs)
        out[cid] = {"level": c["level"], "ref": c["ref"], "subs": subs, "file": c["file"]}
    # checks built into the runner (no scenario): take them from the generated checks.md
    listing = os.path.join(ROOT, "docs", "conformance", "checks.md")
    for line in open(listing, encoding="utf-8"):
        m = re.match(r"\| `([^`]+)` \| (must|should|strict) \| ([^|]*) \|[^|]*\|[^|]*\| (.*) \|$", line)
        if not m or m.group(1).split("/")[0] in out or any(m.group(1) in c["subs"] for c in out.values()):
            continue
        revs = [r.strip() for r in m.group(3).split(",")]
        revs = set(REVISIONS) if revs == ["all"] else set(revs)
        out[m.group(1)] = {"level": m.group(2), "ref": m.group(4).strip(), "subs": {m.group(1): (m.group(2), revs)},
                           "file": "(built in; docs/conformance/checks.md)"}
    return out


def ref_quotes(ref):
    """Quoted fragments of a Ref line, split at ellipses, normalised."""
    frags = []
    for q in re.findall(r'"([^"]{12,})"', ref):
        for part in re.split(r"\s*(?:\.\.\.|\u2026)\s*", q):
            part = norm(part)
            if len(part) >= 12:
                frags.append(part)
    return frags


# ---------------------------------------------------------------- classification

CLIENT_SUBJECT = re.compile(
    r"(?i:\b(the client|clients?|hosts?|consumers?|the model|model|callers?|caches?))\s+"
    r"(?:[\w-]+\s+){0,4}?(MUST|SHOULD|SHALL)\b")
SERVER_SUBJECT = re.compile(
    r"(?i:\b(the server|servers?|the receiver|receivers?|implementations?))\s+"
    r"(?:[\w-]+\s+){0,4}?(MUST|SHOULD|SHALL)\b")


def side_of(sentence):
    cl = CLIENT_SUBJECT.search(sentence)
    sv = SERVER_SUBJECT.search(sentence)
    if cl and not sv:
        return "client"
    return ""


class Mapping:
    def __init__(self, path):
        raw = json.load(open(path, encoding="utf-8"))
        self.reasons = raw.get("reasons", {})
        self.entries = raw["sentences"]
        for e in self.entries:
            e["_norm"] = norm(e["match"])
            e["_hits"] = 0
            if "untestable" in e and e["untestable"] not in self.reasons:
                die("mapping %r: unknown reason key %r" % (e["match"], e["untestable"]))

    def lookup(self, rev, anchor, sentence_norm):
        found = []
        for e in self.entries:
            revs = e.get("revisions")
            if revs and rev not in revs:
                continue
            if "anchor" in e and e["anchor"] != anchor:
                continue
            if e["_norm"] in sentence_norm:
                e["_hits"] += 1
                found.append(e)
        return found

    def unused(self):
        return [e["match"] for e in self.entries if e["_hits"] == 0]


def build(spec, checks, mapping):
    """Return rows: dicts with rev, page, anchor, text, level, status, checks, reason."""
    # which revisions each base check id runs at, and sub ids per revision
    by_rev = {}
    for cid, c in checks.items():
        for sub, (lvl, revs) in c["subs"].items():
            for r in revs:
                by_rev.setdefault((cid, r), []).append(sub)
    quotes = {cid: ref_quotes(c["ref"]) for cid, c in checks.items()}
    quote_hits = {cid: 0 for cid in checks}

    def trace(rev, run_at, page, anchor, sent):
        """The row of one sentence of `rev`, covered by the checks that run at `run_at`."""
        n = norm(sent)
        row = {"rev": rev, "page": page, "anchor": anchor, "text": sent,
               "level": level_of(sent), "checks": [], "elsewhere": [], "reason": ""}
        # checks whose Ref quotes the sentence
        ids = []
        for cid, frags in quotes.items():
            if frags and any(f in n for f in frags):
                quote_hits[cid] += 1
                ids.append(cid)
        reason = None
        for e in mapping.lookup(rev, anchor, n):
            ids += e.get("checks", [])
            if "untestable" in e:
                reason = e["untestable"]
        for cid in ids:
            if cid not in checks:
                die("mapping names unknown check id %r" % cid)
        for cid in sorted(set(ids)):
            subs = by_rev.get((cid, run_at))
            if subs:
                row["checks"] += subs
            else:
                other = sorted({r for (c2, r) in by_rev if c2 == cid})
                row["elsewhere"].append("%s (runs at %s)" % (cid, ", ".join(other) or "no revision"))
        # An explicit reason wins over a quote: a check quoting a sentence that binds
        # both sides (one text under ClientCapabilities and ServerCapabilities) covers
        # only the server's copy.
        if reason:
            row["status"] = "untestable"
            row["reason"] = reason
            row["checks"] = []
        elif row["checks"]:
            row["status"] = "covered"
        elif side_of(sent) == "client":
            row["status"] = "untestable"
            row["reason"] = "client"
        else:
            row["status"] = "uncovered"
        return row

    rows = []
    for rev in REVISIONS:
        seen = set()
        for name in FILES:
            text = spec.get((rev, name))
            if text is None:
                continue
            gen = schema_sentences(text) if name == "schema.ts" else changelog_sentences(text)
            for section, anchor, sent in gen:
                n = norm(sent)
                key = (name, anchor, n)
                if key in seen:
                    continue
                seen.add(key)
                page = "%s: %s" % (name, section) if name == "schema.ts" else name
                rows.append(trace(rev, rev, page, anchor, sent))
    # An extension's sentences are traced to the checks that run at the revision it extends.
    for label, path, run_at in EXTENSIONS:
        for sent in extension_sentences(path):
            rows.append(trace(label, run_at, path, "", sent))
    unused = mapping.unused()
    if unused:
        die("mapping entries match no sentence (fix or delete them):\n  " + "\n  ".join(unused))
    return rows, quote_hits


def extension_sentences(path):
    """The numbered sentences of an extension's page (a bullet under one joins it)."""
    text = open(os.path.join(ROOT, path), encoding="utf-8").read()
    section = text.split("## Every sentence a server can be held to", 1)[1].split("\n## ", 1)[0]
    items = []
    for line in section.splitlines():
        numbered = re.match(r"^\d+\.\s+(.*)", line)
        if numbered:
            items.append(numbered.group(1))
        elif items and line.startswith("    - "):
            items[-1] += " " + line.strip()[2:]
    return [item.strip() for item in items if level_of(item)]


# ---------------------------------------------------------------- rendering

def short(text, limit=200):
    text = text.replace("|", "\\|")
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0]
    return cut + " …"


def pct(a, b):
    return "-" if b == 0 else "%.0f %%" % (100.0 * a / b)


def render(rows, checks, quote_hits, mapping, commits):
    out = []
    w = out.append
    w("# Traceability: MCP normative sentences to conformance checks")
    w("")
    w("Generated by `python3 scripts/traceability.py` (do not edit by hand; `--check` fails when this "
      "file is stale). Inputs: the spec text described below, the `@id:`/level/revision tags and `Ref:` "
      "lines of `features/*.feature`, and the explicit mappings and reasons in "
      "`scripts/data/traceability.json`.")
    w("")
    w("## Source of the spec text, and its limits")
    w("")
    w("No package registry ships the specification pages (`docs/specification/<revision>/**/*.mdx`): the "
      "spec repository's `package.json` is private, and `@modelcontextprotocol/sdk` and "
      "`@modelcontextprotocol/conformance` ship neither the pages nor a per-revision `schema.ts`. This matrix "
      "therefore uses the fallback the issue allows: the **schema of each revision**, i.e. the doc comments of "
      "`schema.ts` plus the revision's `CHANGELOG.md`, as the crates.io crate "
      "`%s` %s vendors them verbatim. The script downloads the `.crate` with cargo, checks its sha256 "
      "(`%s`) and checks every file it reads against the sha256 recorded in the crate's "
      "`spec/MANIFEST.toml`. The vendored files are byte-identical to the spec repository at these "
      "release-tag commits:" % (CRATE, PIN_VERSION, PIN_SHA256))
    w("")
    for rev in REVISIONS:
        w("- %s: `%s`" % (rev, commits.get(rev, "?")))
    w("")
    w("Consequence: the sentences here are the normative sentences of the schema, not of the spec pages. "
      "Most transport and lifecycle rules (HTTP status codes, `Origin`, sessions, the `initialize` "
      "exchange, stdio framing) live only in the pages and are **not in this matrix**; checks whose `Ref:` "
      "cites them are listed in the last section. The spec text is © the Model Context Protocol "
      "authors, MIT-licensed; sentences are quoted (shortened to about 200 characters) for traceability.")
    w("")
    w("Sentences are those containing MUST, MUST NOT, SHOULD, SHOULD NOT (REQUIRED and SHALL count as "
      "MUST, RECOMMENDED as SHOULD); a sentence with both levels counts as MUST. A sentence counts as "
      "covered at a revision only when a check that runs at that revision covers it (a check matched at "
      "other revisions only is shown as \"(runs at …)\" and does not count). Checks at level must, should, "
      "strict and interpretation count; ctxlake-only checks (`@ctxlake`) do not.")
    w("")
    w("## Summary")
    w("")
    w("| revision | MUST | black-box-testable MUST | covered | % | SHOULD | testable SHOULD | covered | % |")
    w("|---|---|---|---|---|---|---|---|---|")
    tot = [0] * 6
    for rev in REVISIONS:
        r = [x for x in rows if x["rev"] == rev]
        vals = []
        for lvl in ("MUST", "SHOULD"):
            a = [x for x in r if x["level"] == lvl]
            t = [x for x in a if x["status"] != "untestable"]
            c = [x for x in t if x["status"] == "covered"]
            vals += [len(a), len(t), len(c)]
        tot = [p + q for p, q in zip(tot, vals)]
        w("| %s | %d | %d | %d | %s | %d | %d | %d | %s |" % (
            rev, vals[0], vals[1], vals[2], pct(vals[2], vals[1]), vals[3], vals[4], vals[5], pct(vals[5], vals[4])))
    w("| all | %d | %d | %d | %s | %d | %d | %d | %s |" % (
        tot[0], tot[1], tot[2], pct(tot[2], tot[1]), tot[3], tot[4], tot[5], pct(tot[5], tot[4])))
    for label, _, run_at in EXTENSIONS:
        r = [x for x in rows if x["rev"] == label]
        vals = []
        for lvl in ("MUST", "SHOULD"):
            a = [x for x in r if x["level"] == lvl]
            t = [x for x in a if x["status"] != "untestable"]
            c = [x for x in t if x["status"] == "covered"]
            vals += [len(a), len(t), len(c)]
        w("| %s (extension, checks at %s) | %d | %d | %d | %s | %d | %d | %d | %s |" % (
            label, run_at, vals[0], vals[1], vals[2], pct(vals[2], vals[1]), vals[3], vals[4], vals[5], pct(vals[5], vals[4])))
    w("")
    w("Why a sentence cannot be tested black-box (the key in the tables):")
    w("")
    w("| key | reason |")
    w("|---|---|")
    reasons = dict(mapping.reasons)
    reasons.setdefault("client", "client obligation: the sentence binds the client (or host), which a server test cannot observe")
    for k in sorted(reasons):
        w("| `%s` | %s |" % (k, reasons[k]))
    w("")
    for rev in REVISIONS + [label for label, _, _ in EXTENSIONS]:
        w("## %s" % rev)
        w("")
        pages = OrderedDict()
        for x in rows:
            if x["rev"] == rev:
                pages.setdefault(x["page"], []).append(x)
        for page, items in pages.items():
            w("### %s %s" % (rev, page))
            w("")
            w("| sentence | where | level | check ids, or why untestable |")
            w("|---|---|---|---|")
            for x in items:
                if x["status"] == "covered":
                    cell = ", ".join("`%s`" % c for c in x["checks"])
                elif x["status"] == "untestable":
                    cell = "untestable: `%s`" % x["reason"]
                else:
                    cell = "**uncovered**"
                if x["elsewhere"]:
                    cell += "; " + "; ".join("`%s`" % e.split(" (")[0] + " (" + e.split(" (", 1)[1] for e in x["elsewhere"])
                w("| %s | %s | %s | %s |" % (short(x["text"]), ("`%s`" % x["anchor"]) if x["anchor"] else "", x["level"], cell))
            w("")
    w("## Checks whose Ref cites text outside this source")
    w("")
    w("These checks cover no extracted sentence: their `Ref:` lines cite the spec pages, JSON-RPC 2.0, an RFC "
      "or a changelog line without an RFC 2119 keyword, none of which is among the sentences above, and no "
      "explicit mapping ties them to one. They are traced by their `Ref:` line only (see "
      "docs/conformance/checks.md).")
    w("")
    base = {sub: cid for cid, c in checks.items() for sub in c["subs"]}
    used = set()
    for x in rows:
        for c in x["checks"]:
            used.add(base[c])
        for e in x["elsewhere"]:
            used.add(e.split(" (")[0])
    w("| check | Ref |")
    w("|---|---|")
    for cid, c in checks.items():
        if cid not in used:
            w("| `%s` | %s |" % (cid, short(c["ref"] or "(none)", 240)))
    w("")
    w("## Uncovered testable MUST sentences")
    w("")
    w("Black-box-testable MUST sentences that no check covers at that revision: the checks to write next.")
    w("")
    w("| revision | where | sentence |")
    w("|---|---|---|")
    n = 0
    for x in rows:
        if x["level"] == "MUST" and x["status"] == "uncovered":
            n += 1
            w("| %s | %s | %s |" % (x["rev"], ("`%s`" % x["anchor"]) if x["anchor"] else x["page"], short(x["text"])))
    if n == 0:
        w("| - | - | none |")
    w("")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if the committed doc differs")
    ap.add_argument("--dump", action="store_true", help="print extracted sentences as JSON lines")
    args = ap.parse_args()
    spec, commits, _ = read_spec_files()
    checks = read_checks()
    mapping = Mapping(DATA)
    rows, quote_hits = build(spec, checks, mapping)
    if args.dump:
        for x in rows:
            print(json.dumps({k: x[k] for k in ("rev", "page", "anchor", "level", "status", "checks", "text")}))
        return 0
    doc = render(rows, checks, quote_hits, mapping, commits) + "\n"
    if args.check:
        old = open(DOC, encoding="utf-8").read() if os.path.exists(DOC) else ""
        if old != doc:
            sys.stderr.write("traceability: %s is stale; run python3 scripts/traceability.py\n" % os.path.relpath(DOC, ROOT))
            return 1
        return 0
    os.makedirs(os.path.dirname(DOC), exist_ok=True)
    with open(DOC, "w", encoding="utf-8") as f:
        f.write(doc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
