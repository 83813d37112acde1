#!/usr/bin/env bash
# `bun run test:all`: every test under test/ (unit, api, integration, e2e), with the runner's output left as it is,
# then one plain closing line `N passed, N failed` taken from bun's own summaries (` N pass` / ` N fail` on stderr).
# Exits non-zero when a test failed or the runner itself did.
#
# Test files run in parallel: PLAUDIT_TEST_JOBS worker processes (default 2; each file in one worker, so tests within
# a file keep their order). They share nothing: each server gets its own port (test/helpers/ports.ts) and data
# directory. test/timings.json holds how long each file took, so the slowest start first and the workers finish
# together; PLAUDIT_TEST_UPDATE_TIMINGS=1 writes this run's durations back to it (commit it when files were added or
# got much slower or faster). PLAUDIT_TEST_JOBS=1 runs every file one after another in one process, as before.
#
# The files in SERIAL below print what only a quiet machine can measure (the Lighthouse performance score); with
# workers they run after the others, alone. Their verdicts do not depend on it. (bench-smoke's figures are
# meaningless by design in smoke mode, so it runs with the others.)
#
# Extra arguments go to `bun test` (e.g. `bun run test:all --bail`); given anything but flags (file or folder names),
# only those files run, all in one pass.
# `dist/plaudit` is built fresh first: integration and browser tests start it (test/helpers/binary.ts).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

SERIAL=(
  test/e2e/walls-lighthouse.test.ts
)
TIMINGS=test/timings.json
jobs="${PLAUDIT_TEST_JOBS:-2}"
# bun's workers do not read bunfig.toml's test timeout (they fall back to 5 s): hand it to them.
timeout="$(sed -n 's/^timeout *= *\([0-9]*\).*/\1/p' bunfig.toml | head -1)"

# The media fixtures (test/fixtures/media/make-fixtures.ts: speech, recordings, hostile files; cached in
# test/fixtures/media/.cache) are made now, beside the build, rather than inside the first test that needs them
# (a minute of espeak-ng and ffmpeg on a fresh clone, which would count against that test's time).
bun test/fixtures/media/make-fixtures.ts >/dev/null &
fixtures=$!

# Integration and browser tests run against the executable users run: build it fresh for this run (a second or
# two), so the verdict is about these sources. PLAUDIT_TEST_TARGET=source tests the source instead (local only).
if [ "${PLAUDIT_TEST_TARGET:-binary}" != source ]; then
  bun scripts/build.ts || { echo "test:all: building dist/plaudit failed" >&2; kill "$fixtures" 2>/dev/null; exit 1; }
fi
wait "$fixtures" || { echo "test:all: making the media fixtures failed" >&2; exit 1; }

log="$(mktemp)"
failures="$(mktemp)"
trap 'rm -f "$log" "$failures"' EXIT
passed=0 failed=0 skipped=0 status=0

# One `bun test` run; its report goes to stderr (shown, and read for the counts), which are added to the totals. A run
# that ends without its summary ends this script (no counts line).
run() {
  : >"$log"
  bun test "$@" 2> >(tee "$log" >&2)
  local code=$?
  wait # let tee finish writing the log
  count() { grep -E "^ *[0-9]+ $1\$" "$log" | tail -1 | tr -dc '0-9'; }
  local p f s
  p="$(count pass)" f="$(count fail)" s="$(count skip)"
  if [ -z "$p" ] && [ -z "$f" ]; then
    echo "test:all: bun test ended without its summary (exit code $code)" >&2
    exit $((code == 0 ? 1 : code))
  fi
  # What each failed test printed (the lines since the test before it, at most 40): repeated at the very end, where
  # a reader of only the last part of the output (a CI summary) still sees why.
  awk '/^\(pass\)|^\(skip\)|^\(todo\)/ { n = 0; next }
       /^\(fail\)/ { print "----"; s = n > 40 ? n - 40 : 0; for (i = s; i < n; i++) print buf[i % 40]; print; n = 0; next }
       { buf[n % 40] = $0; n++ }' "$log" >>"$failures"
  passed=$((passed + ${p:-0})) failed=$((failed + ${f:-0})) skipped=$((skipped + ${s:-0}))
  [ "$code" != 0 ] && [ "$status" = 0 ] && status=$code
}

# How busy the machine's cores were during the tests (from /proc/stat), printed at the end: a suite that leaves the
# cores idle can take more workers; one that keeps them all busy needs less work, not more workers.
cpu_sample() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8, $2 + $3 + $4 + $5 + $6 + $7 + $8 }' /proc/stat 2>/dev/null; }
cpu_start="$(cpu_sample)"
started=$SECONDS

# Each worker keeps one module registry across the files it runs (`--no-isolate`): loading the app's ~1,000 modules
# again for every file cost ~0.65 s of CPU a file, ~150 s a run on 2 cores. Files share no state they rely on (each
# test app and server is its own, with its own port and directory; the one test that swaps `fetch` restores it).
# PLAUDIT_TEST_ISOLATE=1 gives every file a fresh global again (to find a file that leaks into the next).
isolate=(--no-isolate)
[ "${PLAUDIT_TEST_ISOLATE:-0}" = 1 ] && isolate=()

named=0
for a in "$@"; do [[ "$a" != -* ]] && named=1; done

if [ "$jobs" -le 1 ]; then
  run ${timeout:+--timeout="$timeout"} "$@"
elif [ "$named" = 1 ]; then
  run --parallel="$jobs" "${isolate[@]}" --timings="$TIMINGS" ${timeout:+--timeout="$timeout"} "$@"
else
  update=()
  [ "${PLAUDIT_TEST_UPDATE_TIMINGS:-0}" = 1 ] && update=(--update-timings)
  run --parallel="$jobs" "${isolate[@]}" --timings="$TIMINGS" "${update[@]}" ${timeout:+--timeout="$timeout"} \
    "${SERIAL[@]/#/--path-ignore-patterns=}" "$@"
  echo "test:all: now the files that measure, alone: ${SERIAL[*]}" >&2
  run ${timeout:+--timeout="$timeout"} "$@" "${SERIAL[@]}"
fi

if [ -s "$failures" ]; then
  echo
  echo "test:all: what the failed tests printed (again, here at the end):"
  head -c 20000 "$failures"
  echo
fi
cpu_end="$(cpu_sample)"
if [ -n "$cpu_start" ] && [ -n "$cpu_end" ]; then
  read -r b0 t0 <<<"$cpu_start"
  read -r b1 t1 <<<"$cpu_end"
  [ "$t1" -gt "$t0" ] && echo "test:all: $((SECONDS - started)) s of tests with $jobs workers; the $(nproc) cores were $(((b1 - b0) * 100 / (t1 - t0)))% busy"
fi
line="$passed passed, $failed failed"
[ "$skipped" != 0 ] && line="$line, $skipped skipped"
echo "$line"
if [ "$failed" != 0 ]; then exit 1; fi
exit "$status"
