#!/usr/bin/env bash
# `pnpm run format`: formats every source file in place (Biome, biome.jsonc: 120 columns).
# Two passes: Biome 2.6 re-wraps a few member chains (`reply.code(404).send({...})`) on its second pass, and a format
# that `pnpm run lint` then finds wrong would fail `npm test`. The second pass costs a second or two.
set -euo pipefail
cd "$(dirname "$0")/.."
node_modules/.bin/biome format --write "${@:-.}"
node_modules/.bin/biome format --write "${@:-.}" >/dev/null
