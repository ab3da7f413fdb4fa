# Measuring a running standalone, shared by scripts/bench.sh and scripts/bench-batch.sh. Sourced
# after the standalone has started; reads the caller's variables: pid (the JVM), data (its data
# dir, where the embedded PostgreSQL lives), pg (PostgreSQL's port), out (a scratch dir), and for
# the warm-up key, public (the API port), card_body, warmup_c, warmup_rounds and warmup_jit_pct.
# shellcheck shell=bash

clk=$(getconf CLK_TCK)
# CPU ticks of the JVM and, separately, of the embedded PostgreSQL (pg_ctl detaches it from the
# JVM, so it is found by its data directory: the postmaster and its backends).
ticks() { awk '{print $14+$15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
pg_ticks() {
  local sum=0 p
  for p in $(pgrep -f -- "$data/postgres"); do
    sum=$(( sum + $(ticks "$p") ))
    for q in $(pgrep -P "$p"); do sum=$(( sum + $(ticks "$q") )); done
  done
  echo "$sum"
}
# CPU ticks per thread of the JIT's compiler threads ("C1/C2 CompilerThread<n>"), as "tid ticks".
compiler_ticks() {
  local t
  for t in /proc/$pid/task/*; do
    [[ $(cat "$t/comm" 2>/dev/null) == C[12]\ CompilerThre* ]] || continue
    echo "${t##*/} $(sed 's/.*) //' "$t/stat" | awk '{print $12+$13}')"
  done
}
# Compiler ticks since the snapshot in file $1 (threads the JVM started since count from zero).
compiler_ticks_since() {
  compiler_ticks | awk 'NR==FNR {before[$1]=$2; next} {sum += $2 - before[$1]} END {print sum+0}' "$1" -
}
# The JVM's threads as "tid|name|ticks" (user + system CPU), for BENCH_THREADS.
thread_ticks() {
  local t
  for t in /proc/$pid/task/*; do
    echo "${t##*/}|$(cat "$t/comm" 2>/dev/null)|$(sed 's/.*) //' "$t/stat" 2>/dev/null | awk '{print $12+$13}')"
  done
}
# pg_stat_statements of the embedded PostgreSQL (BENCH_STATEMENTS): reset before a cardgen level,
# read after it, as calls and execution time per card of each statement that ran at least once
# per 20 cards.
psql_bench() { PGPASSWORD=$(cat "$data/postgres.password") psql -h 127.0.0.1 -p "$pg" -U postgres -d postgres -AtqX "$@"; }
statements_per_card() {
  psql_bench -F ' ' -c "
    SELECT to_char(calls::numeric / $1, 'FM990.00'), to_char(total_exec_time::numeric / $1, 'FM990.000'),
           to_char(mean_exec_time::numeric, 'FM990.000'),
           left(regexp_replace(query, '\s+', ' ', 'g'), 110)
    FROM pg_stat_statements WHERE calls * 20 >= $1 ORDER BY total_exec_time DESC LIMIT 25" |
    awk '{printf "%9s %10s %9s  ", $1, $2, $3; $1=$2=$3=""; sub(/^ +/, ""); print}'
}
# Transactions ended in the standalone's database: every statement outside a transaction block
# counts, empty ones (the check a connection pool runs on a connection it hands out) as well. A
# backend reports its counts at most once a second while busy and 10 s after it went idle, so the
# reading after a level waits that out.
transactions() {
  psql_bench -c "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = 'postgres'"
}
rss_mb() { awk '/VmRSS/{printf "%d", $2/1024}' "/proc/$pid/status"; }
hwm_mb() { awk '/VmHWM/{printf "%d", $2/1024}' "/proc/$pid/status"; }

# One warm-up round of cardgen cards; prints "cards_per_s jit_pct".
warmup_round() {
  local j0 j1 jit
  compiler_ticks > "$out/compiler-ticks"
  j0=$(ticks "$pid")
  hey -n $(( warmup_c * 3 )) -c "$warmup_c" -t 300 -m POST -T application/json \
    -H "Authorization: Bearer $key" -D "$card_body" \
    "http://127.0.0.1:$public/api/text/product" > "$out/warmup.txt"
  j1=$(ticks "$pid") jit=$(compiler_ticks_since "$out/compiler-ticks")
  awk -v jt=$(( j1 - j0 )) -v jit="$jit" '/Requests\/sec:/ {rps=$2}
    END {printf "%.1f %.1f\n", rps, (jt > 0 ? 100*jit/jt : 0)}' "$out/warmup.txt"
}

# Until the compiler threads' share of a round falls under the threshold: the request path is then
# C2-compiled, as in a service that has been up for a few minutes. Progress goes to stderr.
warm_up_jit() {
  local round result rps pct bar
  for (( round = 1; round <= warmup_rounds; round++ )); do
    result=$(warmup_round) rps=${result% *} pct=${result#* }
    bar=$(printf '%*s' "$round" '' | tr ' ' '#')$(printf '%*s' $(( warmup_rounds - round )) '' | tr ' ' '-')
    printf 'warm-up [%s] round %d/%d: %s cards/s at %d concurrent, JIT %s %% of JVM CPU\n' \
      "$bar" "$round" "$warmup_rounds" "$rps" "$warmup_c" "$pct" >&2
    [[ -n $pct ]] && awk -v p="$pct" -v t="$warmup_jit_pct" 'BEGIN {exit !(p < t)}' && return 0
  done
  echo "warm-up: the JIT had not settled after $warmup_rounds rounds" >&2
}
