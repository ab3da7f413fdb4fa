"""What the two cores do while a wave of requests goes through, for scripts/bench.sh (BENCH_WAVES=1).

At low concurrency hey's clients stay in step: every LLM latency a wave of CONCURRENCY requests
arrives within milliseconds, and the slowest requests of a level are those of its first waves
(docs/performance.md, tenth round). This reads a system-wide trace of the scheduler's context
switches (`perf record -e sched:sched_switch -k CLOCK_MONOTONIC`, printed by
`perf script -F cpu,time,trace`) and hey's per-request report, and prints for the first waves:
how far apart their requests arrived, their latencies, and in 10-ms steps how many of the cores
were busy and with which threads, once while the wave comes in and once while its answers go
out. Thread names are grouped as in threads.py (numbers blanked); every PostgreSQL process is
"postgres", hey itself shows as "hey".

Usage: python3 waves.py HEY_CSV HEY_START_EPOCH MONOTONIC_OFFSET SCHED_TXT CONCURRENCY [WAVES]
(HEY_START_EPOCH: the wall-clock second hey started at; MONOTONIC_OFFSET: wall clock minus
CLOCK_MONOTONIC, to put the trace on the same clock.)
"""

import collections
import csv
import re
import sys

STEP = 0.010
SWITCH = re.compile(r"\[(\d+)\]\s+([\d.]+):.*next_comm=(.*?) next_pid=(\d+)")


def requests(path, start):
    """(sent, answered) wall-clock pairs, in the order they were sent."""
    with open(path) as report:
        rows = list(csv.DictReader(report))
    spans = [(start + float(r["offset"]), start + float(r["offset"]) + float(r["response-time"]))
             for r in rows]
    return sorted(spans)


def runs(path, offset):
    """(begin, end, thread group) of every stretch a CPU ran something other than its idle task."""
    running = {}
    stretches = []
    with open(path) as trace:
        for line in trace:
            switch = SWITCH.search(line)
            if not switch:
                continue
            cpu, at, name, pid = switch.groups()
            at = float(at) + offset
            previous = running.get(cpu)
            if previous and previous[1] != "0":
                stretches.append((previous[0], at, previous[2]))
            running[cpu] = (at, pid, re.sub(r"\d+", "N", name))
    return stretches


def cpu_by_group(stretches, begin, end):
    groups = collections.Counter()
    for start, stop, group in stretches:
        if stop > begin and start < end:
            groups[group] += min(stop, end) - max(start, begin)
    return groups


def timeline(stretches, begin, end):
    at = begin
    while at < end - 1e-9:
        groups = cpu_by_group(stretches, at, at + STEP)
        busy = sum(groups.values()) / STEP
        top = ", ".join(f"{g} {1000 * t:.1f}" for g, t in groups.most_common(4))
        print(f"    {1000 * (at - begin):+5.0f} ms  {busy:3.1f}  {top}")
        at += STEP


def totals(stretches, begin, end):
    groups = cpu_by_group(stretches, begin, end)
    used = sum(groups.values())
    top = ", ".join(f"{g} {1000 * t:.0f}" for g, t in groups.most_common(8))
    print(f"  CPU used: {1000 * used:.0f} ms of {2000 * (end - begin):.0f} on two cores: {top}")


def main(csv_path, start, offset, trace_path, concurrency, waves=2):
    sent = requests(csv_path, start)
    stretches = runs(trace_path, offset)
    if not stretches:
        print("  no scheduler trace (perf record failed?)")
        return
    traced_from, traced_to = stretches[0][0], stretches[-1][1]
    for number in range(waves):
        wave = sent[number * concurrency:(number + 1) * concurrency]
        if len(wave) < concurrency:
            break
        first = wave[0][0]
        latencies = sorted(1000 * (answered - at) for at, answered in wave)
        print(f"wave {number + 1}: {concurrency} requests sent within "
              f"{1000 * (wave[-1][0] - first):.1f} ms; latency min {latencies[0]:.0f}, "
              f"median {latencies[len(latencies) // 2]:.0f}, max {latencies[-1]:.0f} ms")
        answers_from = first + latencies[0] / 1000 - 0.06
        answers_to = max(answered for _, answered in wave) + STEP
        if first - STEP < traced_from or answers_to > traced_to:
            print("  outside the trace")
            continue
        print("  coming in (ms after its first request, busy cores, CPU ms by thread group):")
        timeline(stretches, first - STEP, first + 0.15)
        totals(stretches, first, first + 0.15)
        print(f"  going out (from {1000 * (answers_from - first):.0f} ms; its answers at "
              + ", ".join(f"{1000 * (a - answers_from):.0f}" for a in sorted(a for _, a in wave))
              + " ms):")
        timeline(stretches, answers_from, answers_to)
        totals(stretches, answers_from, answers_to)


if __name__ == "__main__":
    main(sys.argv[1], float(open(sys.argv[2]).read()), float(open(sys.argv[3]).read()),
         sys.argv[4], int(sys.argv[5]), *(int(arg) for arg in sys.argv[6:7]))
