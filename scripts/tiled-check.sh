#!/bin/sh
# Checks our Tiled export against the real Tiled (Debian's `tiled` package, 1.8 or later):
# tmxrasterizer must draw every hex at the pixel centre Sandtable computes, and
# `tiled --export-map` must write a TMX and a JSON map that import to the same terrain.
# Not part of the default test run: it installs a system package.
#
#   scripts/tiled-check.sh            (from the repository root; uses sudo when not root)
set -eu
cd "$(dirname "$0")/.."
if ! command -v tmxrasterizer >/dev/null 2>&1 || ! command -v tiled >/dev/null 2>&1; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update
    $SUDO apt-get install -y tiled
fi
echo "Tiled: $(dpkg-query -W -f='${Version}' tiled 2>/dev/null || tiled --version)"
export QT_QPA_PLATFORM=offscreen
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
cargo test --test tiled_real -- --ignored --nocapture
