#!/usr/bin/env python3
"""Check the held-out retrieval set (issue 33): heldout-claims.tsv and heldout-paraphrase.tsv.

Errors (exit status 1):
  - the claims file is not exactly ids 1..100, each once, with non-empty text;
  - the questions file is not exactly 50 questions targeting ids 1..50, once each;
  - a question shares more than one content word with its target claim
    (lowercase, split on every non-alphanumeric character, drop STOPWORDS, token equality);
  - a claim or question also appears verbatim in the tuning set (claims.tsv, paraphrase.tsv,
    keyword.tsv) when those files are present.

Warnings (printed, do not fail): possible shared word stems between a question and its target
(two distinct tokens sharing a 5-character prefix, or one token of 4+ characters being a prefix
of the other), claims outside 8-20 words, and near-duplicate claim pairs.

Stdlib only. Usage: python3 benches/labelled/check_heldout.py
"""

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CLAIMS = os.path.join(HERE, "heldout-claims.tsv")
QUESTIONS = os.path.join(HERE, "heldout-paraphrase.tsv")
TUNING = ["claims.tsv", "paraphrase.tsv", "keyword.tsv"]

STOPWORDS = set(
    """a an and are as at be been being but by can could did do does for from had has have how
    i if in into is it its may might must my no nor not of on once or our out over own shall
    should so some such than that the their them then there these they this those through to
    too under up us was we were what when where which while who whom why will with would you
    your also just only very about after again against all any because before below between
    both down during each few further here more most other same then until off per via get got
    use used using make made new""".split()
)


def load(path):
    """`(id, text)` per data line; `#` and blank lines skipped. Raises on a malformed line."""
    rows = []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if not lines or not lines[0].startswith("#"):
        raise ValueError(f"{path}: first line must be a '#' comment")
    for n, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        if line.count("\t") != 1:
            raise ValueError(f"{path}:{n}: expected exactly one tab: {line!r}")
        ident, text = line.split("\t")
        rows.append((int(ident), text.strip()))
    return rows


def tokens(text):
    return [t for t in re.split(r"[^0-9a-z]+", text.lower()) if t]


def content(text):
    return {t for t in tokens(text) if t not in STOPWORDS}


def stem_like(a, b):
    if a == b:
        return False
    if len(a) >= 5 and len(b) >= 5 and a[:5] == b[:5]:
        return True
    short, long_ = sorted((a, b), key=len)
    return len(short) >= 4 and long_.startswith(short)


def main():
    errors, warnings = [], []
    claims = load(CLAIMS)
    questions = load(QUESTIONS)

    ids = [i for i, _ in claims]
    if sorted(ids) != list(range(1, 101)):
        errors.append(f"claims: expected ids 1..100 once each, got {len(ids)} ids")
    if any(not text for _, text in claims):
        errors.append("claims: empty claim text")
    targets = [i for i, _ in questions]
    if sorted(targets) != list(range(1, 51)):
        errors.append(f"questions: expected 50 targets 1..50 once each, got {len(targets)}")
    if targets != sorted(targets):
        warnings.append("questions are not in target order")

    by_id = dict(claims)
    counts = {}
    print(f"{'id':>3} {'shared':>6}  shared words / stem warnings")
    for target, question in questions:
        claim = by_id.get(target)
        if claim is None:
            errors.append(f"q{target}: target claim missing")
            continue
        cq, cc = content(question), content(claim)
        shared = sorted(cq & cc)
        stems = sorted(f"{a}~{b}" for a in cq for b in cc if stem_like(a, b))
        n = len(shared)
        counts[n] = counts.get(n, 0) + 1
        flag = "" if n <= 1 else "  <-- VIOLATION"
        print(f"{target:>3} {n:>6}  {' '.join(shared) or '-'}"
              f"{('  stems: ' + ' '.join(stems)) if stems else ''}{flag}")
        if n > 1:
            errors.append(f"q{target}: shares {n} content words with its claim: {shared}")
        for s in stems:
            warnings.append(f"q{target}: possible shared stem {s}")

    for i, text in claims:
        words = len(text.split())
        if not 8 <= words <= 20:
            warnings.append(f"claim {i}: {words} words (want 8-20)")

    # Near-duplicate claims: Jaccard similarity of content words.
    sets = [(i, content(t)) for i, t in claims]
    for x in range(len(sets)):
        for y in range(x + 1, len(sets)):
            (i, a), (j, b) = sets[x], sets[y]
            if a and b and len(a & b) / len(a | b) >= 0.5:
                warnings.append(f"claims {i} and {j} look near-duplicate")

    # No claim or question may be shared with the tuning set.
    mine = {t.lower() for _, t in claims} | {t.lower() for _, t in questions}
    for name in TUNING:
        path = os.path.join(HERE, name)
        if os.path.exists(path):
            for _, text in load(path):
                if text.lower() in mine:
                    errors.append(f"{name}: shares text with the held-out set: {text!r}")

    print()
    print(f"claims: {len(claims)} (targets {sum(1 for i in ids if i <= 50)}, "
          f"distractors {sum(1 for i in ids if i > 50)}); questions: {len(questions)}")
    print(f"questions sharing 0 content words: {counts.get(0, 0)}; "
          f"sharing 1: {counts.get(1, 0)}; sharing >1: {sum(v for k, v in counts.items() if k > 1)}")
    for w in warnings:
        print(f"warning: {w}")
    for e in errors:
        print(f"error: {e}")
    print("FAIL" if errors else "OK")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
