#!/bin/bash
# Fetches the public map images measure.py checks into ./src, at the commits measured, and
# makes the turned and faded variants with ImageMagick 6 (convert). Run from an empty working directory.
set -euo pipefail
mkdir -p src repos
get() { # get OWNER/NAME COMMIT
  local d=repos/${1//\//+}
  if [ ! -d "$d" ]; then
    # MIRROR=/path clones from local copies laid out as /path/OWNER+NAME/repo instead.
    local url="https://github.com/$1.git"
    [ -n "${MIRROR:-}" ] && url="$MIRROR/${1//\//+}/repo"
    git clone --quiet --filter=blob:none --no-checkout "$url" "$d"
  fi
  git -C "$d" cat-file -e "$2^{commit}" 2>/dev/null || git -C "$d" fetch --quiet origin "$2"
}
DR=2c3d46bdd6822d472f651322a250d6d36489bbfb   # daverodal/wargaming, MIT (c) 2012-2015 David Rodal
JZ=c85dd5f93016edc5b1f7e54bc66b13f103c7f159   # jzedwards/vassal-hex-n-counters-template, CC0 1.0
get daverodal/wargaming $DR
get jzedwards/vassal-hex-n-counters-template $JZ
dr() { git -C repos/daverodal+wargaming show "$DR:Wargame/$1" > "src/dr-$(basename "$1")"; }
jz() { git -C repos/jzedwards+vassal-hex-n-counters-template show "$JZ:$1" > "src/$2"; }
dr TMCW/Maps/KievCorps.png
dr TMCW/Maps/NewManchuria1976.png
dr TMCW/Maps/Collapse.png
dr TMCW/Maps/MartianIV.png
dr Mollwitz/Maps/Monmouth1778_2nd.jpg
dr Mollwitz/Maps/Mollwitz2Redux.jpg
dr Mollwitz/Maps/Fraustadt17062bSnow4.jpg
jz ragnarok/vassal/images/map.jpg jz-ragnarok-map.jpg
jz ragnarok/ragnarok-vassal.png jz-ragnarok-vassal.png
jz jzhex-n-counters-template-v12-379.png jz-template.png
cd src
# Turned (clockwise positive), the canvas grown around the same centre.
convert jz-ragnarok-map.jpg -background white -rotate 7 -quality 92 jz-ragnarok-map-rot7.jpg
convert dr-KievCorps.png -background white -rotate -12 +repage dr-KievCorps-rot-12.png
convert dr-NewManchuria1976.png -rotate 90 dr-NewManchuria1976-rot90.png
# Faded: every tone squeezed into the top 7% (15%) of the range, so the grid's contrast is 7% (15%).
convert jz-ragnarok-map.jpg +level 93%,100% -quality 88 jz-ragnarok-map-faint7.jpg
convert dr-Monmouth1778_2nd.jpg +level 85%,100% -quality 88 dr-Monmouth1778_2nd-faint15.jpg
sha256sum ./*.png ./*.jpg
