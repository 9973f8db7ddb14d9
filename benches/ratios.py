#!/usr/bin/env python3
"""One line of ratios per ctxlake binary from a benches/stdio.sh run, comparable across commits.

usage: benches/ratios.py RESULTS_DIR NAME=LABEL...

Every ratio is taken within the run in RESULTS_DIR (the floor and rmcp were driven by the same
mcpdrive minutes apart), so lines from different days compare; absolute figures do not. The goals
(issue 32) are printed beside each ratio: cold start <= 1.5x the floor, sequential p50 <= 3x the
floor and <= rmcp's, pipelined >= 4x rmcp, peak RSS <= 10 MiB.
"""
import datetime
import json
import os
import sys


def result(folder, name):
    """The RESULT object mcpdrive printed into NAME.txt, or None when that row was not run."""
    path = os.path.join(folder, name + ".txt")
    if not os.path.exists(path):
        return None
    for line in open(path):
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    return None


def steady(row, key):
    return (row or {}).get("steady", {}).get(key)


def ratio(a, b):
    return f"{a / b:.2f}" if a and b else "n/a"


def main():
    folder, entries = sys.argv[1], sys.argv[2:]
    floor, rmcp = result(folder, "floor"), result(folder, "rmcp")
    floor_pinned, rmcp_pinned = result(folder, "floor-pinned"), result(folder, "rmcp-pinned")
    json_floor, json_pinned = result(folder, "json-floor"), result(folder, "json-floor-pinned")
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%MZ")
    for entry in entries:
        name, label = entry.split("=", 1)
        empty, pinned = result(folder, f"{name}-empty"), result(folder, f"{name}-empty-pinned")
        roster = result(folder, f"{name}-roster")
        cold = (empty or {}).get("cold_ms", {}).get("median")
        floor_cold = (floor or {}).get("cold_ms", {}).get("median")
        hwm = steady(empty, "vmhwm_kb")
        fields = [
            f"cold/floor {ratio(cold, floor_cold)} (<=1.5)",
            f"p50/floor {ratio(steady(empty, 'p50_us'), steady(floor, 'p50_us'))} (<=3)",
            f"pinned p50/floor {ratio(steady(pinned, 'p50_us'), steady(floor_pinned, 'p50_us'))}",
            f"p50/json floor {ratio(steady(empty, 'p50_us'), steady(json_floor, 'p50_us'))}",
            f"pinned p50/json floor {ratio(steady(pinned, 'p50_us'), steady(json_pinned, 'p50_us'))}",
            f"p50/rmcp {ratio(steady(empty, 'p50_us'), steady(rmcp, 'p50_us'))} (<=1)",
            f"pinned p50/rmcp {ratio(steady(pinned, 'p50_us'), steady(rmcp_pinned, 'p50_us'))}",
            f"pipelined/rmcp {ratio(steady(empty, 'pipe_cps'), steady(rmcp, 'pipe_cps'))} (>=4)",
            f"rss {hwm / 1024:.1f} MiB (<=10)" if hwm else "rss n/a",
            f"20-agent p50 {steady(roster, 'p50_us') or 0:.0f} us",
        ]
        print(f"RATIOS stdio {label} {when} | " + " | ".join(fields))


if __name__ == "__main__":
    main()
