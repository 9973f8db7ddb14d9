#!/usr/bin/env python3
"""Check the labelled duplicate-claim pairs (issue 33): duplicate-pairs.tsv.

Errors (exit status 1):
  - the first line is not a '#' comment;
  - a data line does not have exactly 3 tab-separated fields (label, claim a, claim b);
  - a label other than `same` or `different`, or an empty (blank) claim;
  - not exactly 160 data lines, or not exactly 80 `same` and 80 `different`;
  - fewer than 40 of either label among odd data lines or among even data lines
    (data lines are counted from 1, header excluded; odd lines choose the threshold,
    even lines report it);
  - a duplicate pair (the same two claims, in either order), or a pair whose two claims are equal.

Prints the counts. Stdlib only. Usage: python3 benches/labelled/check_pairs.py [path]
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PAIRS = os.path.join(HERE, "duplicate-pairs.tsv")
LABELS = ("same", "different")
EXPECTED_LINES = 160
EXPECTED_PER_LABEL = 80
MIN_PER_LABEL_PER_HALF = 40


def main(path):
    errors = []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or not lines[0].startswith("#"):
        errors.append(f"{path}:1: first line must be a '#' comment")

    rows = []  # (file line number, label, a, b)
    for n, line in enumerate(lines, 1):
        if n == 1 and line.startswith("#"):
            continue
        if not line.strip():
            errors.append(f"{path}:{n}: blank line")
            continue
        if line.startswith("#"):
            errors.append(f"{path}:{n}: comment allowed only on the first line")
            continue
        fields = line.split("\t")
        if len(fields) != 3:
            errors.append(f"{path}:{n}: expected 3 tab-separated fields, got {len(fields)}")
            continue
        label, a, b = fields
        if label not in LABELS:
            errors.append(f"{path}:{n}: label must be one of {LABELS}, got {label!r}")
        if not a.strip():
            errors.append(f"{path}:{n}: claim a is empty")
        if not b.strip():
            errors.append(f"{path}:{n}: claim b is empty")
        if a.strip() and a.strip() == b.strip():
            errors.append(f"{path}:{n}: claim a and claim b are identical")
        rows.append((n, label, a.strip(), b.strip()))

    if len(rows) != EXPECTED_LINES:
        errors.append(f"expected {EXPECTED_LINES} data lines, got {len(rows)}")

    total = {lab: 0 for lab in LABELS}
    odd = {lab: 0 for lab in LABELS}
    even = {lab: 0 for lab in LABELS}
    for i, (_, label, _, _) in enumerate(rows, 1):
        if label not in total:
            continue
        total[label] += 1
        (odd if i % 2 == 1 else even)[label] += 1

    for lab in LABELS:
        if total[lab] != EXPECTED_PER_LABEL:
            errors.append(f"expected {EXPECTED_PER_LABEL} `{lab}` pairs, got {total[lab]}")
        if odd[lab] < MIN_PER_LABEL_PER_HALF:
            errors.append(f"expected at least {MIN_PER_LABEL_PER_HALF} `{lab}` on odd lines, got {odd[lab]}")
        if even[lab] < MIN_PER_LABEL_PER_HALF:
            errors.append(f"expected at least {MIN_PER_LABEL_PER_HALF} `{lab}` on even lines, got {even[lab]}")

    seen = {}
    for n, _, a, b in rows:
        key = frozenset((a.lower(), b.lower()))
        if key in seen:
            errors.append(f"{path}:{n}: duplicate pair (first seen on line {seen[key]})")
        else:
            seen[key] = n

    print(f"data lines: {len(rows)}")
    for lab in LABELS:
        print(f"{lab}: {total[lab]} (odd lines {odd[lab]}, even lines {even[lab]})")
    print(f"distinct pairs: {len(seen)}")

    for e in errors:
        print(f"ERROR: {e}", file=sys.stderr)
    if errors:
        print(f"{len(errors)} error(s)", file=sys.stderr)
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else PAIRS))
