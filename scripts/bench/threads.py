"""CPU per request by thread group, for scripts/bench.sh (BENCH_THREADS=1).

Compares two snapshots of the JVM's threads ("tid|name|ticks" lines, ticks = user + system CPU
in clock ticks) taken before and after a level, groups the threads by name with their numbers
blanked (Linux keeps a thread name's first 15 characters: "C2 CompilerThread0" and "1" are one
group, "C2 CompilerThreN"; "data-plane-kafk" holds the broker's request handlers), and prints the groups
that took the most CPU: ms per request and share of the JVM's CPU in the level. Threads that
started during the level count from zero; threads that ended during it are missing, so the total
can fall slightly short of the process's own figure.

Usage: python3 threads.py BEFORE AFTER CLK_TCK REQUESTS [TOP]
"""

import collections
import re
import sys


def snapshot(path):
    threads = {}
    with open(path) as lines:
        for line in lines:
            tid, name, ticks = line.rstrip("\n").split("|", 2)
            if ticks:
                threads[tid] = (name, int(ticks))
    return threads


def main(before_path, after_path, clock_ticks, requests, top=12):
    before, after = snapshot(before_path), snapshot(after_path)
    groups = collections.Counter()
    for tid, (name, ticks) in after.items():
        groups[re.sub(r"\d+", "N", name)] += ticks - before.get(tid, (name, 0))[1]
    total = sum(groups.values()) or 1
    for group, ticks in groups.most_common(top):
        ms_per_request = ticks * 1000 / clock_ticks / requests
        print(f"  {group:34s} {ms_per_request:6.2f} ms  {100 * ticks / total:5.1f} %")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]),
         *(int(arg) for arg in sys.argv[5:6]))
