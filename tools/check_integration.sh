#!/usr/bin/env bash
# Check Sandtable's desktop integration in a real X window (Xvfb):
#   copy      - text copied from the Description field reaches the X CLIPBOARD (and/or PRIMARY)
#   paste     - text put on the X CLIPBOARD by another program pastes into the Title field
#   accesskit - with AT-SPI enabled on the session bus, the app publishes its widget tree
#
# Usage: check_integration.sh BINARY [OUTDIR]
#   BINARY  the sandtable executable (no build happens here)
#   OUTDIR  where screenshots, logs and the a11y tree dump go (default /tmp/sandtable-integration)
# Prints one "PASS name: ..." or "FAIL name: ..." line per check; exit status = number of FAILs.
#
# Run-time tools (checking only): Xvfb xdotool xwd xwdtopnm pnmtopng xclip dbus-launch
# /usr/libexec/at-spi-bus-launcher and python3-pyatspi (for /usr/bin/python3). Missing ones are
# installed with apt-get when possible.
#
# The app opens on the built-in "patrol" sample (written with `BINARY sample patrol`), whose
# inspector shows the scenario (nothing selected) at a fixed layout. Click positions are relative
# to the app window (1400x900 by default); see FIELD_* below.
set -u
bin=${1:?usage: $0 BINARY [OUTDIR]}
out=${2:-/tmp/sandtable-integration}
[[ -x $bin ]] || { echo "FAIL setup: no executable at $bin"; exit 3; }
bin=$(readlink -f "$bin")
mkdir -p "$out"; out=$(readlink -f "$out")

# ---- tools ---------------------------------------------------------------------------------
PY=/usr/bin/python3
need=()
for c in Xvfb xdotool xwd xwdtopnm pnmtopng xclip dbus-launch; do command -v $c >/dev/null || need+=($c); done
[[ -x /usr/libexec/at-spi-bus-launcher ]] || need+=(at-spi2-core)
$PY -c 'import pyatspi' 2>/dev/null || need+=(python3-pyatspi)
if ((${#need[@]})); then
  echo "# installing run-time tools (missing: ${need[*]})" >&2
  (apt-get update -qq && apt-get install -y -qq xvfb xdotool x11-apps netpbm xclip dbus-x11 \
     at-spi2-core python3-pyatspi gir1.2-atspi-2.0) >"$out/apt.log" 2>&1 \
     || echo "# apt-get failed, see $out/apt.log" >&2
fi

# ---- X server, scratch HOME, sample ---------------------------------------------------------
work=$(mktemp -d); fails=0
d=80; while [[ -e /tmp/.X11-unix/X$d || -e /tmp/.X$d-lock ]]; do d=$((d+1)); done
Xvfb :$d -screen 0 1600x1000x24 >"$out/xvfb.log" 2>&1 & xpid=$!
export DISPLAY=:$d
app=""; dbus_pid=""; clip_pids=()
stop_app() { if [[ -n $app ]]; then kill "$app" 2>/dev/null; wait "$app" 2>/dev/null; app=""; fi; }
cleanup() {
  stop_app
  [[ -n $dbus_pid ]] && kill "$dbus_pid" 2>/dev/null   # stops the bus; the launchers exit with it
  kill "$xpid" 2>/dev/null; rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq 50); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done

scenario=$work/patrol.sandtable
"$bin" sample patrol "$scenario" >/dev/null 2>&1 && "$bin" sample patrol "$work/patrol.json" >/dev/null 2>&1 \
  || { echo "FAIL setup: '$bin sample patrol' failed"; exit 3; }
description=$($PY -c 'import json,sys; print(json.load(open(sys.argv[1]))["meta"]["description"], end="")' "$work/patrol.json")
title=$($PY -c 'import json,sys; print(json.load(open(sys.argv[1]))["meta"]["title"], end="")' "$work/patrol.json")

shot() { xwd -root -silent | xwdtopnm 2>/dev/null | pnmtopng >"$out/$1.png" 2>/dev/null; echo "# screenshot $out/$1.png" >&2; }
win=""; wx=0; wy=0
start_app() {  # $1 log name; the environment decides the rest
  mkdir -p "$work/home-$1"
  HOME=$work/home-$1 XDG_CONFIG_HOME=$work/home-$1/.config "$bin" "$scenario" >"$out/$1.log" 2>&1 & app=$!
  win=$(timeout 30 xdotool search --sync --onlyvisible --pid "$app" --name . 2>/dev/null | head -1)
  [[ -n $win ]] || win=$(timeout 5 xdotool search --onlyvisible --name Sandtable 2>/dev/null | head -1)
  [[ -n $win ]] || return 1
  eval "$(xdotool getwindowgeometry --shell "$win")"; wx=$X; wy=$Y
  xdotool windowfocus "$win" 2>/dev/null; sleep 2
}
at() { xdotool mousemove $((wx + $1)) $((wy + $2)); sleep 0.15; }   # window-relative pointer move
clickat() { at "$1" "$2"; xdotool click 1; sleep 0.4; }
key() { xdotool key --window "$win" "$@" 2>/dev/null || xdotool key "$@"; sleep 0.4; }
clip() { timeout 5 xclip -o -selection "$1" 2>/dev/null; }

# Window-relative spots in the inspector (scenario shown when nothing is selected, 1400x900 window)
FIELD_DESC=(1221 660)    # inside the Description text block
FIELD_TITLE=(1250 511)   # inside the Title single-line field
EMPTY_MAP=(700 800)      # dark area below the table: clears any selection

# ---- 1+2: copy out, paste in ----------------------------------------------------------------
if ! start_app clipboard; then
  echo "FAIL copy: no window appeared (see $out/clipboard.log)"
  echo "FAIL paste: no window appeared"; fails=$((fails+2))
else
  echo "# window $win at $wx,$wy: $(xdotool getwindowname "$win")" >&2
  shot clip-0-start
  clickat "${EMPTY_MAP[@]}"            # nothing selected -> inspector shows the scenario
  clickat "${FIELD_DESC[@]}"           # text cursor into Description
  key ctrl+a; shot clip-1-desc-selected; sleep 0.3
  sel_prim=$(clip primary)   # before ctrl+c: does selecting alone set PRIMARY?
  key ctrl+c; sleep 0.5
  got_clip=$(clip clipboard); got_prim=$(clip primary)
  printf '%s' "$got_clip" >"$out/copied-clipboard.txt"; printf '%s' "$got_prim" >"$out/copied-primary.txt"
  if [[ $got_clip == "$description" ]]; then
    echo "PASS copy: CLIPBOARD holds the whole description (${#got_clip} chars: \"${got_clip:0:50}...\")"
  elif [[ $got_prim == "$description" ]]; then
    echo "PASS copy: only PRIMARY holds the description (${#got_prim} chars); CLIPBOARD gave \"${got_clip:0:40}\""
  else
    echo "FAIL copy: CLIPBOARD gave \"${got_clip:0:60}\" (${#got_clip} chars), PRIMARY gave \"${got_prim:0:60}\" (${#got_prim} chars); expected ${#description} chars"
    fails=$((fails+1))
  fi
  if [[ $got_prim == "$description" ]]; then
    [[ $sel_prim == "$description" ]] && when="already after ctrl+a (selection), before ctrl+c" || when="after ctrl+c"
    echo "INFO copy: PRIMARY holds the description too ($when)"
  else
    echo "INFO copy: PRIMARY does not hold the description (gave ${#got_prim} chars)"
  fi
  key Escape

  # paste: another program owns the clipboard, the text goes at the end of the Title
  paste_text='Pasted from outside'
  printf '%s' "$paste_text" | xclip -i -selection clipboard   # xclip stays in the background serving it
  sleep 0.3
  [[ $(clip clipboard) == "$paste_text" ]] || echo "# warning: xclip did not take the clipboard" >&2
  clickat "${FIELD_TITLE[@]}"; key End
  key ctrl+v; sleep 0.5; shot clip-2-pasted
  # read the field back: select it all and copy it (the app now owns the clipboard)
  key ctrl+a; key ctrl+c; sleep 0.5
  field=$(clip clipboard); wname=$(xdotool getwindowname "$win" 2>/dev/null)
  printf '%s\n' "$field" >"$out/title-after-paste.txt"
  if [[ $field == "$title$paste_text" ]]; then
    echo "PASS paste: Title field reads \"$field\" (screenshot $out/clip-2-pasted.png; window title \"$wname\")"
  elif [[ $field == *"$paste_text"* || $wname == *"$paste_text"* ]]; then
    echo "PASS paste: pasted text present: field \"$field\", window \"$wname\" (screenshot $out/clip-2-pasted.png)"
  else
    echo "FAIL paste: Title field reads \"$field\", window \"$wname\" (see $out/clip-2-pasted.png)"
    fails=$((fails+1))
  fi
  key Escape
  stop_app
fi

# ---- 3: AccessKit over AT-SPI ---------------------------------------------------------------
# accesskit_unix watches org.a11y.Status.IsEnabled (service org.a11y.Bus, path /org/a11y/bus) on
# the session bus and registers its tree on the AT-SPI bus only while it is true.
eval "$(dbus-launch --sh-syntax)"; dbus_pid=$DBUS_SESSION_BUS_PID
export DBUS_SESSION_BUS_ADDRESS NO_AT_BRIDGE=1
dbus-send --session --dest=org.a11y.Bus --print-reply /org/a11y/bus \
  org.freedesktop.DBus.Properties.Set string:org.a11y.Status string:IsEnabled variant:boolean:true \
  >"$out/a11y-enable.log" 2>&1   # auto-starts at-spi-bus-launcher (and with it at-spi2-registryd)
enabled=$(dbus-send --session --dest=org.a11y.Bus --print-reply /org/a11y/bus \
  org.freedesktop.DBus.Properties.Get string:org.a11y.Status string:IsEnabled 2>&1 | grep -o 'boolean [a-z]*')
echo "# session bus $DBUS_SESSION_BUS_ADDRESS; org.a11y.Status IsEnabled: ${enabled:-unknown}" >&2
if ! start_app a11y; then
  echo "FAIL accesskit: no window appeared (see $out/a11y.log)"; fails=$((fails+1))
else
  sleep 2; shot a11y-0-start
  wname=$(xdotool getwindowname "$win")
  $PY - "$wname" >"$out/a11y-tree.txt" 2>"$out/a11y-tree.err" <<'EOF'
import sys, time, pyatspi
want = sys.argv[1]
desktop = pyatspi.Registry.getDesktop(0)
def apps():
    return [desktop.getChildAtIndex(i) for i in range(desktop.childCount)]
app = None
for _ in range(30):
    for a in apps():
        try:
            if a is not None and a.name and "sandtable" in a.name.lower(): app = a
        except Exception:
            pass
    if app and app.childCount: break
    time.sleep(0.5)
print("desktop applications:", [ (a.name if a else None) for a in apps() ])
if not app:
    print("NO-APP"); sys.exit(1)
seen = 0
def walk(node, depth):
    global seen
    if node is None or depth > 12 or seen > 1500: return
    seen += 1
    try: role = node.getRoleName()
    except Exception: role = "?"
    print("  " * depth + f"[{role}] {node.name!r}")
    for i in range(node.childCount):
        try: walk(node.getChildAtIndex(i), depth + 1)
        except Exception as e: print("  " * (depth+1) + f"<error {e}>")
walk(app, 0)
print(f"NODES {seen}")
EOF
  tree=$out/a11y-tree.txt
  missing=()
  for w in File Edit Palette "Order of battle"; do
    grep -qE "\[(push button|button|toggle button|menu item|menu|page tab|radio button|label)\] '$w'" "$tree" || missing+=("$w")
  done
  appline=$(grep -m1 -E "^\[application\]" "$tree"); winline=$(grep -m1 -E "^  \[(frame|window)\]" "$tree")
  if grep -q NO-APP "$tree" || [[ -z $appline ]]; then
    echo "FAIL accesskit: no Sandtable application on the AT-SPI bus (IsEnabled ${enabled:-?}; $(head -1 "$tree"); see $tree, $out/a11y-tree.err)"
    fails=$((fails+1))
  elif ((${#missing[@]})); then
    echo "FAIL accesskit: application $appline found but widgets missing: ${missing[*]} (see $tree)"
    fails=$((fails+1))
  else
    echo "PASS accesskit: $appline, top-level $winline, with $(grep -m1 NODES "$tree" | cut -d' ' -f2) nodes incl. File, Edit, Palette, Order of battle (tree: $tree)"
    grep -qF "$wname" "$tree" && echo "INFO accesskit: the window title \"$wname\" is in the tree" \
      || echo "INFO accesskit: the window title \"$wname\" is not in the tree (application named after the executable, top-level node unnamed)"
  fi
  stop_app
fi
exit $fails
