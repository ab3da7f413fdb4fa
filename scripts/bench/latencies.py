"""Figures of one `hey -o csv` run, for scripts/bench.sh.

Prints: requests/s, p50, p90, p99, the count of 200 answers (hey leaves requests that got no
answer at all out of the CSV, so the caller counts errors against the requests it sent), and the
p99 of the requests after the first wave. hey starts its `concurrency` clients in the same
millisecond, so the first `concurrency` requests (by start offset) arrive together; at low
concurrency they set the overall p99, and the p99 of the rest shows the level once that burst has
drained.
Percentiles are taken as hey takes them: the first latency whose rank reaches the percentile.

Usage: python3 latencies.py REPORT.csv CONCURRENCY
"""

import csv
import math
import sys


def percentile(sorted_values, pct):
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, math.ceil(len(sorted_values) * pct / 100))
    return sorted_values[index]


def main(path, concurrency):
    with open(path, newline="") as report:
        rows = [(float(r["offset"]), float(r["response-time"]), r["status-code"])
                for r in csv.DictReader(report)]
    if not rows:
        print("0 0 0 0 0 0")
        return
    rows.sort()
    latencies = sorted(latency for _, latency, _ in rows)
    after_first_wave = sorted(latency for _, latency, _ in rows[concurrency:])
    wall = max(offset + latency for offset, latency, _ in rows) - rows[0][0]
    answered_200 = sum(1 for _, _, status in rows if status == "200")
    print(f"{len(rows) / wall:.1f} {percentile(latencies, 50):.3f} {percentile(latencies, 90):.3f}"
          f" {percentile(latencies, 99):.3f} {answered_200} {percentile(after_first_wave, 99):.3f}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
