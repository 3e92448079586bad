#!/usr/bin/env bash
# Installs what the real-editor e2e suite (test/e2e/) needs, on Debian 12 + Node 20, with no
# internet except the npm registry and apt:
#   - Debian's chromium and ripgrep (apt-get, only when missing),
#   - code-server 4.100.3 (= VS Code 1.100.3; the newest release whose engines.node is 20) and
#     playwright-core, into PREFIX.
# Idempotent and cache-friendly: re-running on a complete PREFIX takes ~1 s.
#
# Usage:  scripts/e2e-install.sh [PREFIX]     (default: $PAYOUT_HTTP_E2E_PREFIX or /tmp/payout-http-e2e/code-server)
# Env:    CODE_SERVER_VERSION (default 4.100.3), SKIP_APT=1 (never call apt-get)
# Result: PREFIX/bin/code-server, PREFIX/node_modules/{code-server,playwright-core}
#
# Pitfalls handled (each one broke a fresh install on this kind of machine):
#   - code-server's postinstall refuses to run as root unless npm_config_unsafe_perm=true;
#   - @vscode/ripgrep's postinstall downloads rg from api.github.com (unreachable): we seed its
#     download cache ($TMPDIR/vscode-ripgrep-cache-<pkgver>/ripgrep-<tag>-<target>.tar.gz) with
#     Debian's /usr/bin/rg and point TMPDIR there;
#   - node-pty's postinstall runs `npx node-gyp`, which a `yes=false` npmrc cancels: npm_config_yes=true;
#   - native modules build from source: node-gyp must use the local headers (npm_config_nodedir=/usr)
#     and needs the -dev libraries below;
#   - even `code-server --version` writes under ~/.config: XDG dirs point into a scratch dir.
set -euo pipefail

START=$(date +%s)
step() { echo "[e2e-install +$(( $(date +%s) - START ))s] $*"; }

PREFIX=$(realpath -m "${1:-${PAYOUT_HTTP_E2E_PREFIX:-/tmp/payout-http-e2e/code-server}}")
CS_VERSION=${CODE_SERVER_VERSION:-4.100.3}
CS_DIR="$PREFIX/node_modules/code-server"

node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" != 20 ]; then
  echo "e2e-install: code-server $CS_VERSION needs Node 20 (found $(node -v)); newer code-server releases need Node 22/24: set CODE_SERVER_VERSION to one that matches your Node." >&2
  exit 1
fi

# ------------------------------------------------------------------ 1. system packages
APT_PKGS=()
command -v chromium >/dev/null || APT_PKGS+=(chromium fonts-dejavu-core)
command -v rg >/dev/null || APT_PKGS+=(ripgrep)
installed() { [ -x "$CS_DIR/lib/vscode/node_modules/@vscode/ripgrep/bin/rg" ] && [ -e "$CS_DIR/lib/vscode/node_modules.asar" ] && [ -d "$PREFIX/node_modules/playwright-core" ] && [ -x "$PREFIX/bin/code-server" ] && grep -q "\"version\": \"$CS_VERSION\"" "$CS_DIR/package.json"; }
# build tools are only needed when code-server itself has to be installed (native modules)
if ! installed; then
  for p in build-essential python3 pkg-config libkrb5-dev libsecret-1-dev libx11-dev libxkbfile-dev; do
    dpkg -s "$p" >/dev/null 2>&1 || APT_PKGS+=("$p")
  done
fi
if [ ${#APT_PKGS[@]} -gt 0 ]; then
  if [ "${SKIP_APT:-0}" = 1 ] || ! command -v apt-get >/dev/null; then
    echo "e2e-install: missing system packages: ${APT_PKGS[*]} (install them with apt-get, or unset SKIP_APT)" >&2
    exit 1
  fi
  step "apt-get install ${APT_PKGS[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${APT_PKGS[@]}" >/dev/null
fi

if installed; then
  step "code-server $CS_VERSION already installed in $PREFIX"
  echo "e2e prerequisites ready in $(( $(date +%s) - START ))s: $PREFIX/bin/code-server, $(command -v chromium)"
  exit 0
fi

# ------------------------------------------------------------------ 2. npm environment
if [ -z "${npm_config_nodedir:-}" ] && [ -f /usr/include/node/node.h ] && [ -f /usr/include/node/common.gypi ]; then
  export npm_config_nodedir=/usr
fi
export npm_config_unsafe_perm=true npm_config_yes=true
export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false

mkdir -p /tmp/payout-http-e2e
WORK=$(mktemp -d /tmp/payout-http-e2e/install-tmp.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

# ------------------------------------------------------------------ 3. seed the ripgrep cache
step "resolve the @vscode/ripgrep version code-server $CS_VERSION uses"
cd "$WORK"
npm pack --silent "code-server@$CS_VERSION" >/dev/null
tar xzf code-server-*.tgz package/lib/vscode/npm-shrinkwrap.json
RG_PKG_VER=$(node -p 'require("./package/lib/vscode/npm-shrinkwrap.json").packages["node_modules/@vscode/ripgrep"].version')
npm pack --silent "@vscode/ripgrep@$RG_PKG_VER" >/dev/null
mkdir rgpkg && tar xzf vscode-ripgrep-*.tgz -C rgpkg
RG_TAG=$(sed -n "s/^const VERSION = '\(.*\)';.*/\1/p" rgpkg/package/lib/postinstall.js)
case "$(node -p process.arch)" in
  x64)   RG_TARGET=x86_64-unknown-linux-musl ;;
  arm64) RG_TARGET=aarch64-unknown-linux-musl ;;
  *) echo "e2e-install: unsupported CPU $(node -p process.arch) (x64 and arm64 only)" >&2; exit 1 ;;
esac
SEED_TMP="$WORK/tmp"
mkdir -p "$SEED_TMP/vscode-ripgrep-cache-$RG_PKG_VER" "$WORK/rgbin"
cp "$(command -v rg)" "$WORK/rgbin/rg"
tar czf "$SEED_TMP/vscode-ripgrep-cache-$RG_PKG_VER/ripgrep-$RG_TAG-$RG_TARGET.tar.gz" -C "$WORK/rgbin" rg
step "seeded the ripgrep $RG_TAG download cache with $(command -v rg)"

# ------------------------------------------------------------------ 4. npm install
mkdir -p "$PREFIX"
cd "$PREFIX"
[ -f package.json ] || echo '{ "name": "payout-http-e2e-prefix", "private": true }' > package.json
step "npm install code-server@$CS_VERSION playwright-core into $PREFIX (builds native modules, ~75 s)"
TMPDIR="$SEED_TMP" npm install --no-fund --no-audit --loglevel=error \
  "code-server@$CS_VERSION" "playwright-core@${PLAYWRIGHT_CORE_VERSION:-1}"

test -x "$CS_DIR/lib/vscode/node_modules/@vscode/ripgrep/bin/rg" || { echo "e2e-install: ripgrep was not placed into code-server" >&2; exit 1; }
test -e "$CS_DIR/lib/vscode/node_modules.asar" || { echo "e2e-install: code-server's postinstall did not complete (see the npm output above)" >&2; exit 1; }

mkdir -p "$PREFIX/bin"
cat > "$PREFIX/bin/code-server" <<WRAP
#!/bin/sh
exec node "$CS_DIR/out/node/entry.js" "\$@"
WRAP
chmod +x "$PREFIX/bin/code-server"

step "smoke test"
XDG_CONFIG_HOME="$WORK/xdg/config" XDG_DATA_HOME="$WORK/xdg/data" "$PREFIX/bin/code-server" --version
echo "e2e prerequisites ready in $(( $(date +%s) - START ))s: $PREFIX/bin/code-server, $(command -v chromium)"
