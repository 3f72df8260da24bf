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
  test) pnpm run lint && pnpm run check:cycles && pnpm run check:knip && pnpm turbo run typecheck && pnpm turbo run test --concurrency=1 && pnpm run bench:smoke ;;
  *) echo "usage: scripts/run.sh serve|test" >&2; exit 2 ;;
esac
