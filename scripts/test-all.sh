#!/usr/bin/env bash
# `bun run test:all`: every test under test/ (unit, api, integration, e2e) in one `bun test` run, with the
# runner's output left as it is, then one plain closing line `N passed, N failed` taken from bun's own summary
# (` N pass` / ` N fail` on stderr). Exits non-zero when a test failed or the runner itself did.
# Extra arguments go to `bun test` (e.g. `bun run test:all --bail`).
# `dist/plaudit` is built fresh first: integration and browser tests start it (test/helpers/binary.ts).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Integration and browser tests run against the executable users run: build it fresh for this run (a second or
# two), so the verdict is about these sources. PLAUDIT_TEST_TARGET=source tests the source instead (local only).
if [ "${PLAUDIT_TEST_TARGET:-binary}" != source ]; then
  bun scripts/build.ts || { echo "test:all: building dist/plaudit failed" >&2; exit 1; }
fi

log="$(mktemp)"
trap 'rm -f "$log"' EXIT

# bun writes its report to stderr: copy it to the log and still show it.
bun test "$@" 2> >(tee "$log" >&2)
status=$?
wait # let tee finish writing the log

count() { grep -E "^ *[0-9]+ $1\$" "$log" | tail -1 | tr -dc '0-9'; }
passed="$(count pass)"
failed="$(count fail)"
skipped="$(count skip)"

if [ -z "$passed" ] && [ -z "$failed" ]; then
  echo "test:all: bun test ended without its summary (exit code $status)" >&2
  exit $((status == 0 ? 1 : status))
fi
line="${passed:-0} passed, ${failed:-0} failed"
[ -n "$skipped" ] && [ "$skipped" != 0 ] && line="$line, $skipped skipped"
echo "$line"
if [ "${failed:-0}" != 0 ]; then exit 1; fi
exit "$status"
