#!/usr/bin/env bash
# The README's two commands: `npm run serve` (bash scripts/run.sh serve) and `npm test` (bash scripts/run.sh test).
# Each puts a supported Node.js on PATH, installs what is missing, builds, then serves or tests.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-serve}"
# shellcheck source=scripts/useNode.sh
source scripts/useNode.sh
bash scripts/setup.sh "$mode"
pnpm turbo run build --output-logs=errors-only
case "$mode" in
  serve) exec node packages/http/dist/bin/scrape-server.js ;;
  test)
    # Each step bounded (scripts/boundStep.mjs): minutes without output, then minutes in all. A step that hangs is
    # ended with the process forest printed, within CI's 90 minutes. The tests print a line per finished file (a
    # file stuck 10 minutes is ended by the HangWatchdog reporter first); they take 20 to 30 minutes in all.
    bounded() { node scripts/boundStep.mjs --label "$1" --quiet-minutes "$2" --max-minutes "$3" -- "${@:4}"; }
    bounded lint 10 20 pnpm run lint &&
      bounded cycles 10 15 pnpm run check:cycles &&
      bounded knip 10 15 pnpm run check:knip &&
      bounded typecheck 15 25 pnpm turbo run typecheck &&
      bounded tests 20 70 pnpm turbo run test --concurrency=1 &&
      bounded bench-smoke 15 25 pnpm run bench:smoke
    ;;
  *) echo "usage: scripts/run.sh serve|test" >&2; exit 2 ;;
esac
