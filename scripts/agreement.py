#!/usr/bin/env python3
"""Writes docs/conformance/agreement.md: where `ctxlake conform` and the official conformance
suite test the same thing, both verdicts for each server, and for every disagreement which side
the spec supports, quoted.

usage: scripts/agreement.py digest RAW_DIR > docs/conformance/agreement/<server>.json
       scripts/agreement.py render DIGEST_DIR > docs/conformance/agreement.md

`digest` reads one server's raw results (written by scripts/compare-official.sh):
  RAW_DIR/conform.json                          `ctxlake conform --format json`
  RAW_DIR/official-<revision>/*/checks.json     the official suite's checks, per scenario
and prints both tools' statuses by check id (the raw files are about 1 MB a server; the digest
is what is committed). `render` writes the document from the digests. Which checks overlap, and the verdict on each disagreement, come from
scripts/data/agreement.json. A disagreement without a verdict there is an error (exit 1), so the
document never shows one unexplained. Python 3 standard library only.
"""
import glob
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "scripts", "data", "agreement.json")

# How each tool's statuses read: pass, fail, or nothing to say (n/a).
OURS = {"pass": "pass", "fail": "fail", "not_applicable": "n/a", "not_verified": "n/a"}
OFFICIAL = {"SUCCESS": "pass", "FAILURE": "fail", "WARNING": "pass", "SKIPPED": "n/a", "INFO": "n/a"}
# The official suite's requirement sets, which the comparison is made at.
REVISIONS = ["2025-11-25", "2026-07-28"]


def combine(verdicts):
    """One verdict for several checks: fail if any failed, pass if any passed, else n/a."""
    if "fail" in verdicts:
        return "fail"
    if "pass" in verdicts:
        return "pass"
    return "n/a"


def digest(raw):
    """Both tools' statuses by revision and check id, for one server."""
    with open(os.path.join(raw, "conform.json")) as f:
        report = json.load(f)
    conform = {c["id"]: [c["status"], c.get("revision")] for c in report["checks"]}
    official = {}
    for path in sorted(glob.glob(os.path.join(raw, "official-*", "*", "checks.json"))):
        revision = os.path.basename(os.path.dirname(os.path.dirname(path)))[len("official-"):]
        with open(path) as f:
            for check in json.load(f):
                official.setdefault(revision, {}).setdefault(check["id"], []).append(check["status"])
    return {"admitted": report.get("revisions", []), "conform": conform, "official": official}


def verdicts_at(server, revision):
    """({ctxlake base id: [verdicts]}, {official id: [verdicts]}) at one revision. A ctxlake
    check without a revision (the wire checks) counts where the server admits the revision."""
    ours = {}
    for cid, (status, rev) in server["conform"].items():
        if rev != revision and not (rev is None and revision in server["admitted"]):
            continue
        # `http.origin-403/1` counts as `http.origin-403`; a wire check keeps its method.
        base = cid if cid.startswith("wire.") else cid.split("/")[0]
        ours.setdefault(base, []).append(OURS.get(status, "n/a"))
    official = {cid: [OFFICIAL.get(s, "n/a") for s in statuses]
                for cid, statuses in server["official"].get(revision, {}).items()}
    return ours, official


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("digest", "render"):
        sys.exit(__doc__)
    if sys.argv[1] == "digest":
        json.dump(digest(sys.argv[2]), sys.stdout, indent=1, sort_keys=True)
        sys.stdout.write("\n")
        return
    results = sys.argv[2]
    with open(DATA) as f:
        data = json.load(f)
    servers = [s for s in data["servers"] if os.path.exists(os.path.join(results, s["dir"] + ".json"))]
    if not servers:
        sys.exit("no server digests under %s" % results)
    verdicts = {(v["topic"], v["revision"], v["server"]): v for v in data["verdicts"]}
    used = set()
    rows, disagreements, unexplained = {}, [], []
    for server in servers:
        with open(os.path.join(results, server["dir"] + ".json")) as f:
            digested = json.load(f)
        for revision in REVISIONS:
            ours, official = verdicts_at(digested, revision)
            for topic in data["topics"]:
                a = combine([v for c in topic["ours"] for v in ours.get(c, [])])
                b = combine([v for c in topic["official"] for v in official.get(c, [])])
                agree = a == b or "n/a" in (a, b)
                rows[(topic["topic"], revision, server["name"])] = (a, b, agree)
                if agree:
                    continue
                key = (topic["topic"], revision, server["name"])
                used.add(key)
                if key in verdicts:
                    disagreements.append((key, a, b, verdicts[key]))
                else:
                    unexplained.append("%s at %s on %s: ctxlake conform %s, official %s" % (key + (a, b)))
    if unexplained:
        sys.exit("disagreements without a verdict in scripts/data/agreement.json:\n  " + "\n  ".join(unexplained))
    stale = [k for k in verdicts if k not in used]
    if stale:
        sys.exit("verdicts in scripts/data/agreement.json for no disagreement (delete them): %s" % stale)

    w = sys.stdout.write
    w("# `ctxlake conform` and the official suite, check by check\n\n")
    w("Generated by `scripts/compare-official.sh` (which runs both tools against each server below, then "
      "`scripts/agreement.py`); do not edit by hand. The overlapping checks and the verdict on each "
      "disagreement are in `scripts/data/agreement.json`.\n\n")
    w("%s\n\n" % data["_run"])
    w("Servers: %s.\n\n" % "; ".join("**%s**: %s" % (s["name"], s["what"]) for s in servers))
    w("A verdict combines the checks of a row on one side: fail if any failed, pass if any passed, "
      "n/a if none applied (ctxlake's not applicable or not verified; the official suite's skipped or "
      "info-only checks). A pair agrees when both sides say the same or one says nothing. The official "
      "suite's warnings count as passes.\n\n")
    cells = list(rows.values())
    agreed = sum(1 for c in cells if c[2])
    both = sum(1 for c in cells if "n/a" not in (c[0], c[1]))
    w("**%d of %d verdict pairs agree; %d have a verdict on both sides, and %d of those disagree.**\n\n"
      % (agreed, len(cells), both, len(cells) - agreed))
    w("| what both test | revision | ctxlake check | official check |%s\n" % "".join(" %s |" % s["name"] for s in servers))
    w("|---|---|---|---|%s\n" % "".join("---|" for _ in servers))
    for topic in data["topics"]:
        for revision in REVISIONS:
            line = []
            for server in servers:
                a, b, agree = rows[(topic["topic"], revision, server["name"])]
                line.append(" %s / %s%s |" % (a, b, "" if agree else " **≠**"))
            if all(c.strip().startswith("n/a / n/a") for c in line):
                continue
            w("| %s | %s | %s | %s |%s\n" % (topic["topic"], revision, ", ".join("`%s`" % c for c in topic["ours"]),
                                               ", ".join("`%s`" % c for c in topic["official"]), "".join(line)))
    w("\nEach cell: ctxlake conform / the official suite.\n\n## Disagreements, and which side the spec supports\n\n")
    if not disagreements:
        w("None.\n")
    for (topic, revision, server), a, b, verdict in disagreements:
        w("### %s, %s, on %s (ctxlake conform: %s, official: %s)\n\n" % (topic, revision, server, a, b))
        w("**The spec supports: %s.** %s\n\n" % (verdict["side"], verdict["why"]))


if __name__ == "__main__":
    main()
