#!/usr/bin/env bash
# Command 2 of the README: every test. Lint (zero warnings) + import boundaries, typecheck,
# unit and DB tests on embedded PGlite, again on a real PostgreSQL server in a shuffled order the DB
# tests where a server database differs (test/postgres-files.txt), Playwright e2e in Chromium against
# `next build && next start`, then 3 instances of that build on one PostgreSQL database with one of
# them SIGKILLed under load, and one instance whose database backends are all terminated twice under
# load (docs/operations.md).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
PG_URL="${FOCAL_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
# Debian's chromium-headless-shell when installed (lighter; playwright.config.ts picks it too), else chromium.
default_chromium=/usr/bin/chromium
[ -x /usr/bin/chromium-headless-shell ] && default_chromium=/usr/bin/chromium-headless-shell
CHROMIUM="${CHROMIUM_PATH:-$default_chromium}"

[ -d node_modules ] || npm ci --no-audit --no-fund
if [ ! -x "$CHROMIUM" ]; then
  echo "Chromium not found at $CHROMIUM: install it with 'apt-get install -y chromium-headless-shell' (or chromium), or set CHROMIUM_PATH." >&2
  exit 1
fi
if ! node -e 'const s=require("net").connect({host:new URL(process.argv[1]).hostname,port:Number(new URL(process.argv[1]).port||5432)});s.on("connect",()=>process.exit(0));s.on("error",()=>process.exit(1));' "$PG_URL"; then
  echo "PostgreSQL is not reachable at $PG_URL: start it, or set FOCAL_TEST_DATABASE_URL." >&2
  exit 1
fi

t0=$(date +%s)
took() { echo "==> $1 took $(( $(date +%s) - t0 )) s"; t0=$(date +%s); }

# Lint (biome, knip, boundaries) and the typecheck each keep about one core busy: side by side they
# take the longer one's time (~50 s) instead of the sum (~75 s). Each prints its output when it is done.
echo "==> lint, unused code (knip), import boundaries, beside the typecheck"
lint_log=$(mktemp)
npm run lint >"$lint_log" 2>&1 &
lint_pid=$!
typecheck_ok=0
npm run typecheck || typecheck_ok=$?
lint_ok=0
wait "$lint_pid" || lint_ok=$?
cat "$lint_log"
if [ "$lint_ok" -ne 0 ] || [ "$typecheck_ok" -ne 0 ]; then
  echo "lint (exit $lint_ok) or typecheck (exit $typecheck_ok) failed" >&2
  exit 1
fi
took "lint + typecheck"
echo "==> unit + DB tests on embedded PGlite"
env -u DATABASE_URL npx vitest run
took "PGlite tests"
# The DB tests on PostgreSQL wait on their database about half the time, so `next build` (the e2e
# and multi-instance build) runs beside them instead of after them.
# Shuffled (files, and the cases within each file), so a case that only passes after another one fails
# here; the seed is printed so a failure replays with FOCAL_TEST_SEED=<seed> (or `--sequence.seed`).
# Every DB test file ran on PGlite above; test/postgres-files.txt lists the ones a server database runs
# differently (racing connections, pool faults, pg-boss, other instances), run here again.
# FOCAL_TEST_ALL_ON_POSTGRES=1 runs every DB test file on PostgreSQL instead.
seed="${FOCAL_TEST_SEED:-$(( $(date +%s) % 1000000 ))}"
pg_files=(.db.test.ts)
if [ "${FOCAL_TEST_ALL_ON_POSTGRES:-}" != "1" ]; then
  mapfile -t pg_files < <(grep -v -e '^#' -e '^$' test/postgres-files.txt)
  for file in "${pg_files[@]}"; do
    [ -f "$file" ] || { echo "test/postgres-files.txt lists $file, which does not exist" >&2; exit 1; }
  done
fi
echo "==> DB tests on PostgreSQL ($PG_URL, one fresh database per test file; ${#pg_files[@]} file(s) or patterns), shuffled with seed $seed, beside next build"
build_log=$(mktemp)
env -u DATABASE_URL npx next build >"$build_log" 2>&1 &
build_pid=$!
if ! DATABASE_URL="$PG_URL" npx vitest run "${pg_files[@]}" --sequence.shuffle --sequence.seed="$seed"; then
  echo "DB tests on PostgreSQL failed; replay the order with FOCAL_TEST_SEED=$seed" >&2
  kill "$build_pid" 2>/dev/null || true
  exit 1
fi
took "PostgreSQL tests"
if ! wait "$build_pid"; then
  cat "$build_log" >&2
  echo "next build failed" >&2
  exit 1
fi
took "rest of next build"
# Two spec files at a time (E2E_WORKERS, playwright.config.ts), each on an agent of its own: a spec mostly
# waits, so the two overlap (802 s for the whole suite against 1,187 s with one worker, 2 cores).
echo "==> e2e (Playwright + Chromium, two spec files at a time, on that build)"
env -u DATABASE_URL E2E_PREBUILT=1 npx playwright test
took "e2e"
echo "==> 3 instances on one PostgreSQL, one SIGKILLed under load (the e2e build)"
FOCAL_TEST_DATABASE_URL="$PG_URL" timeout --kill-after=10 330 npx tsx test/faults/multi-instance-test.ts
took "multi-instance kill test"
echo "==> one instance on PostgreSQL, every backend of its database terminated twice under load"
FOCAL_TEST_DATABASE_URL="$PG_URL" timeout --kill-after=10 90 npx tsx test/faults/db-blip-test.ts
took "database fault test"
