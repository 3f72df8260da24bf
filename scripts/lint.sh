#!/usr/bin/env bash
# `pnpm run lint` (and the first step of `npm test`): formatting, lint rules and package boundaries, read-only.
# Errors fail; warnings (complexity and length budgets, rules kept as warnings in biome.json) are counted and listed
# per file and per rule, never fatal. Fix what can be fixed mechanically with `pnpm run lint:write`.
set -uo pipefail
cd "$(dirname "$0")/.."
biome=node_modules/.bin/biome
status=0
# The summary lists each file and rule with its count, then the totals ("Found N errors", "Found N warnings").
if ! "$biome" check --reporter=summary --diagnostic-level=warn .; then
  status=1
  # Only when something failed: every error in full, with the code frame and the fix Biome suggests.
  "$biome" check --diagnostic-level=error --max-diagnostics=none . || true
fi
node scripts/checkPackageBoundaries.mjs || status=1
if [[ $status -ne 0 ]]; then
  echo "lint: FAILED (see the errors above; \`pnpm run lint:write\` applies the safe fixes and the formatter)" >&2
fi
exit $status
