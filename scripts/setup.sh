#!/usr/bin/env bash
# One-shot set-up used by `npm run serve` and `npm test`: installs what a fresh machine lacks.
# Idempotent and quiet when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-serve}"
# 0. A supported Node.js (24, the current LTS; 22 still works) first on PATH: see scripts/useNode.sh.
# shellcheck source=scripts/useNode.sh
source scripts/useNode.sh
PNPM_VERSION="10.34.9"

log() { echo "[setup] $*" >&2; }

# 1. pnpm (pnpm 11 crashes on Node 20 and corepack's signature check fails offline, so npm installs a pinned 10.x).
if ! command -v pnpm >/dev/null 2>&1 || [[ "$(pnpm --version 2>/dev/null)" != 10.* ]]; then
  log "installing pnpm@$PNPM_VERSION"
  npm install -g "pnpm@$PNPM_VERSION" >/dev/null 2>&1 || { log "npm install -g pnpm failed"; exit 1; }
fi

# 2. Chromium for the browser engine (Debian package; Playwright's own download does not work offline).
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [[ ! -x "$chromium_path" ]]; then
  if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
    log "installing Debian's chromium (apt-get)"
    (apt-get install -y chromium >/dev/null 2>&1 || { apt-get update >/dev/null 2>&1 && apt-get install -y chromium >/dev/null 2>&1; }) \
      || log "WARNING: could not install chromium; browser scrapes will fail with a clear error"
  else
    log "WARNING: no Chromium at $chromium_path and not root: install Debian's 'chromium' or set CHROMIUM_PATH"
  fi
fi

# 2b. ffmpeg for the audio/video formats (Debian package): MP3 transcoding and MP4 remuxing.
ffmpeg_path="${SCRAPE_FFMPEG_PATH:-ffmpeg}"
if ! command -v "$ffmpeg_path" >/dev/null 2>&1; then
  if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
    log "installing Debian's ffmpeg (apt-get)"
    (apt-get install -y --no-install-recommends ffmpeg >/dev/null 2>&1 || { apt-get update >/dev/null 2>&1 && apt-get install -y --no-install-recommends ffmpeg >/dev/null 2>&1; }) \
      || log "WARNING: could not install ffmpeg; the audio/video formats will answer 503 naming it"
  else
    log "WARNING: no ffmpeg and not root: install Debian's 'ffmpeg' or set SCRAPE_FFMPEG_PATH (audio/video formats answer 503 without it)"
  fi
fi

# 2c. bubblewrap for the interact code sandbox (Debian package): user code runs in its own namespaces as its own uid.
#     Without it interact refuses to run code (503 INTERACT_SANDBOX_UNAVAILABLE naming what is missing).
if ! command -v bwrap >/dev/null 2>&1; then
  if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
    log "installing Debian's bubblewrap (apt-get)"
    (apt-get install -y --no-install-recommends bubblewrap >/dev/null 2>&1 || { apt-get update >/dev/null 2>&1 && apt-get install -y --no-install-recommends bubblewrap >/dev/null 2>&1; }) \
      || log "WARNING: could not install bubblewrap; interact will refuse to run code"
  else
    log "WARNING: no bubblewrap (bwrap) and not root: install Debian's 'bubblewrap' (interact refuses to run code without it)"
  fi
fi

# 3. Redis for the distributed-store tests (the service itself needs none: embedded defaults).
if [[ "$mode" == "test" ]] && command -v redis-server >/dev/null 2>&1 && command -v redis-cli >/dev/null 2>&1; then
  if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    log "starting redis-server on 127.0.0.1:6379"
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null 2>&1 || log "WARNING: redis-server did not start"
  fi
fi

# 4. Dependencies (frozen in CI; a developer's changed manifest still installs).
if [[ -n "${CI:-}" ]]; then
  pnpm install --frozen-lockfile --reporter=silent
else
  pnpm install --prefer-offline --reporter=silent
fi
