#!/usr/bin/env bash
# The whole benchmark suite in one command (issue 7): builds the jars, runs the search benchmarks
# (JMH latency, evaluation against Lucene BM25) and the system benchmarks (a packaged Quiver on
# PostgreSQL in a fresh schema: gateway overhead, throughput with wrk, writes and freshness across
# two nodes, a PostgreSQL restart under load, replay, context size), and rewrites the generated
# sections of docs/BENCHMARKS.md. Took 18 minutes on a busy two-core machine, 9 of them rebuilding the
# projections from 1,000,000 events (2 since JDBC batching, issue 18); --quick took 4.
#
#   benchmarks/run.sh [--quick] [--note TEXT] [--steps LIST] [--baseline JAR]
#
#   --quick   short runs and fewer events, to check the suite works (figures are rough)
#   --note    a sentence printed in bold at the top of the system benchmarks (e.g. a busy machine)
#   --steps   some of search,memory,context,overhead,throughput,writes,restart,asof,replay,audit (default: all)
#             (memory: heap per organisation and per tool; at full scale, 10,000 organisations x 500
#             tools in a 16 GB heap, which needs a machine with 20 GB or more; --quick: 1,000)
#             (asof: compliance questions as of an instant after 100,000 restriction changes)
#             (audit: write-ahead cost and checkpoints at 1,000,000 entries, AuditBenchmark)
#   --baseline  another build's quiver.jar, started beside this one on the same database and asked the
#             same as-of questions, interleaved (an A/B in one run)
#
# Environment:
#   QUIVER_BENCH_PG_URL      JDBC URL of the database (a fresh schema is made in it and dropped
#                            afterwards); default jdbc:postgresql://127.0.0.1:5432/test?user=postgres
#   QUIVER_BENCH_PG_RESTART  shell command that restarts that PostgreSQL, run under load;
#                            default: pg_ctlcluster of the newest local cluster "main".
#                            Set it to "" to skip the restart (for example on a shared database).
# Needs Java 17, wrk (apt-get install -y wrk) and a PostgreSQL the command can reach.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=""
note=""
steps="search,memory,context,overhead,throughput,writes,restart,asof,replay,audit"
baseline=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) quick="--quick"; shift ;;
    --note) note="$2"; shift 2 ;;
    --steps) steps="$2"; shift 2 ;;
    --baseline) baseline="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

pg_url="${QUIVER_BENCH_PG_URL:-jdbc:postgresql://127.0.0.1:5432/test?user=postgres}"
if [[ -z "${QUIVER_BENCH_PG_RESTART+set}" ]]; then
  version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -1)
  QUIVER_BENCH_PG_RESTART="pg_ctlcluster --skip-systemctl-redirect ${version} main restart"
fi
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
command -v java >/dev/null || { echo "java 17 is missing" >&2; exit 1; }

step() { printf '\n== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"; }
child=""
cleanup() {
  # the harness removes its nodes and its schema on the way out (shutdown hook)
  if [[ -n "$child" ]] && kill -0 "$child" 2>/dev/null; then
    kill -TERM "$child" 2>/dev/null || true
    wait "$child" 2>/dev/null || true
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
run() { "$@" & child=$!; wait "$child"; child=""; }

started=$(date +%s)
step "build (mcp-edge/target/quiver.jar, benchmarks/target/benchmarks.jar)"
./mvnw -B -q -Pbenchmarks -pl mcp-edge,benchmarks -am package -DskipTests

jar=benchmarks/target/benchmarks.jar
if [[ ",$steps," == *",search,"* ]]; then
  step "search latency (JMH)"
  if [[ -n "$quick" ]]; then jmh=(-wi 1 -w 1s -i 2 -r 1s); else jmh=(); fi
  run java -jar "$jar" SearchLatency "${jmh[@]}" -prof gc -rf json -rff benchmarks/target/jmh.json
  run java -cp "$jar" io.quiver.benchmarks.LatencyReport benchmarks/target/jmh.json docs/BENCHMARKS.md >/dev/null

  step "search quality (against Lucene BM25)"
  run java -cp "$jar" io.quiver.benchmarks.SearchQualityReport docs/BENCHMARKS.md >/dev/null
fi

if [[ ",$steps," == *",memory,"* ]]; then
  step "memory: heap per organisation and per tool (PolicyFootprint)"
  run java -Xmx4g -cp "$jar" io.quiver.benchmarks.PolicyFootprint 200 --doc docs/BENCHMARKS.md
  if [[ -n "$quick" ]]; then orgs=1000; else orgs=10000; fi
  run java -Xmx16g -cp "$jar" io.quiver.benchmarks.PolicyFootprint "$orgs" 500 --doc docs/BENCHMARKS.md
fi

system_steps=$(tr ',' '\n' <<<"$steps" | { grep -v '^search$\|^memory$\|^audit$' || true; } | paste -sd, -)
if [[ -n "$system_steps" ]]; then
  step "system benchmarks on PostgreSQL ($system_steps)"
  run java -Xmx1g -cp "$jar" io.quiver.benchmarks.system.SystemBenchmark $quick --steps "$system_steps" \
    --jar mcp-edge/target/quiver.jar --doc docs/BENCHMARKS.md --work benchmarks/target/system \
    --pg-url "$pg_url" --pg-restart "$QUIVER_BENCH_PG_RESTART" --note "$note" --baseline-jar "$baseline"
fi

if [[ ",$steps," == *",audit,"* ]]; then
  step "audit trail: write-ahead cost, checkpoints at 1,000,000 entries (PostgreSQL)"
  run java -cp "$jar" io.quiver.benchmarks.system.AuditBenchmark --jar mcp-edge/target/quiver.jar \
    --doc docs/BENCHMARKS.md --pg-url "$pg_url"
fi

step "done in $(( ($(date +%s) - started) / 60 )) min $(( ($(date +%s) - started) % 60 )) s: docs/BENCHMARKS.md rewritten"
