#!/bin/sh
# PNG screenshots of shipped scenes, as a workshop audience would see them:
# the real binary in tmux → capture-pane -e (ANSI) → aha (HTML) → headless Chromium (PNG).
# Needs: tmux, aha, chromium, fonts-dejavu-core (Debian packages).
#
#   scripts/screenshots.sh [OUTDIR] [SCENE…]     (default OUTDIR /tmp/layerscope-shots)
#
# A scene named learn is `layerscope learn` (e.g. KEYS="C-c G" for lesson 1 with a hint, from a
# fresh XDG_STATE_HOME). Each scene × size (80x24, 120x40, 200x60) × theme (dark, light) at 256 colours.
# MODE=sextant (or octant, blocks, ascii) draws in that --mode and adds it to the file names; the
# sextant glyphs need a font that has them (Debian: fonts-unifont or fonts-noto-core).
set -eu
cd "$(dirname "$0")/.."
out=${1:-/tmp/layerscope-shots}
[ $# -gt 0 ] && shift
scenes=${*:-"tour Layouts/clock.json Layouts/anchor-jump.yaml Layouts/untouchable.json Layouts/z-order.json Layouts/nested-rotation.json"}
bin=${LAYERSCOPE_BIN:-.build/debug/layerscope}
mode=${MODE:-auto}
suffix=""; [ "$mode" = auto ] || suffix="-$mode"
[ -x "$bin" ] || swift build --product layerscope
mkdir -p "$out"
out=$(cd "$out" && pwd)
sock="shots-$$"
trap 'tmux -L "$sock" kill-server 2>/dev/null || true' EXIT

for scene in $scenes; do
  name=$(basename "$scene" | sed 's/\.[a-z]*$//')
  file=$scene; [ "$scene" = tour ] && file=""
  # learn: the embedded lessons, from a fresh state (XDG_STATE_HOME is the caller's, if set).
  [ "$scene" = learn ] && file="learn"
  for size in 80x24 120x40 200x60; do
    cols=${size%x*}; rows=${size#*x}
    for theme in dark light; do
      # Optional keys after start-up, e.g. KEYS="Tab a Right" for a ghost and a jump.
      [ "$scene" = learn ] && [ -n "${XDG_STATE_HOME:-}" ] && rm -rf "$XDG_STATE_HOME/layerscope/learn"
      tmux -L "$sock" new-session -d -s s -x "$cols" -y "$rows" \
        "TERM=xterm-256color $bin $file --theme $theme --mode $mode --color 256 --no-mouse"
      i=0
      until tmux -L "$sock" capture-pane -p -t s | grep -q "LayerScope"; do
        i=$((i + 1)); [ $i -gt 200 ] && { echo "timeout: $scene" >&2; break; }
        sleep 0.05
      done
      for k in ${KEYS:-}; do tmux -L "$sock" send-keys -t s "$k"; done
      sleep 0.3
      base="$out/$name-$size-$theme$suffix"
      tmux -L "$sock" capture-pane -e -N -p -t s > "$base.ansi"   # -N: keep coloured trailing blanks
      tmux -L "$sock" kill-session -t s
      # aha swaps colours when it reads SGR 7, with the colours set at that moment; tmux
      # writes reverse before the colour resets that follow it (ESC[7m ESC[39m), so move
      # the resets first or aha paints the last foreground as the background.
      python3 - "$base.ansi" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
text = re.sub(r"(\x1b\[7m)((?:\x1b\[(?:39|49)m)+)", r"\2\1", text)
open(path, "w", encoding="utf-8").write(text)
PY
      if [ "$theme" = dark ]; then aha --black < "$base.ansi" > "$base.html"; else aha < "$base.ansi" > "$base.html"; fi
      # Every non-ASCII glyph in a box one cell wide (braille falls back to a proportional
      # font), and lines as tall as the font so blocks touch: 14px DejaVu Sans Mono is
      # 8.43 px wide, 16.3 px tall.
      python3 - "$base.html" <<'PY'
import re, sys
path = sys.argv[1]
html = open(path, encoding="utf-8").read()
def sextant_mask(c):
    # U+1FB00… are the 2×3 masks 1…62 without the two half columns (21, 42), which are ▌ ▐.
    n = ord(c) - 0x1FB00 + 1
    if n >= 21: n += 1
    if n >= 42: n += 1
    return n
OCTANT_OLD = {0: 0x20, 1: 0x1CEA8, 2: 0x1CEAB, 3: 0x1FB82, 5: 0x2598, 10: 0x259D, 15: 0x2580, 20: 0x1FBE6, 40: 0x1FBE7,
              63: 0x1FB85, 64: 0x1CEA3, 80: 0x2596, 85: 0x258C, 90: 0x259E, 95: 0x259B, 128: 0x1CEA0, 160: 0x2597,
              165: 0x259A, 170: 0x2590, 175: 0x259C, 192: 0x2582, 240: 0x2584, 245: 0x2599, 250: 0x259F, 252: 0x2586, 255: 0x2588}
OCTANT_MASK = {}
_next = 0x1CD00
for _m in range(256):
    if _m in OCTANT_OLD:
        if OCTANT_OLD[_m] > 0x2600: OCTANT_MASK[OCTANT_OLD[_m]] = _m
    else:
        OCTANT_MASK[_next] = _m; _next += 1
def cell(c):
    if ord(c) in OCTANT_MASK:
        # Octants (Unicode 16; fonts rarely have them): eight boxes, octant n = bit n - 1.
        m = OCTANT_MASK[ord(c)]
        return '<span class="c x">' + "".join('<i class="o%d"></i>' % k for k in range(8) if m >> k & 1) + "</span>"
    if 0x1FB00 <= ord(c) <= 0x1FB3B:
        # Drawn as six boxes, as terminals that support sextants draw them (fonts leave gaps).
        m = sextant_mask(c)
        return '<span class="c x">' + "".join('<i class="b%d"></i>' % k for k in range(6) if m >> k & 1) + "</span>"
    return c if ord(c) < 128 else '<span class="c">' + c + "</span>"
def cells(text):
    return "".join(cell(c) for c in text)
head, sep, body = html.partition("<pre>")
body = "".join(part if part.startswith("<") else cells(part) for part in re.split(r"(<[^>]*>)", body))
style = ("<style>pre{font-family:'DejaVu Sans Mono','Unifont Upper','Noto Sans Symbols2',monospace;font-size:14px;line-height:16px;margin:4px}"
         ".c{display:inline-block;width:1ch;overflow:hidden;vertical-align:top}"
         ".x{position:relative;height:16px}.x i{position:absolute;width:50%;height:34%;background:currentColor}"
         ".b0,.b2,.b4{left:0}.b1,.b3,.b5{left:50%}.b0,.b1{top:0}.b2,.b3{top:33.3%}.b4,.b5{top:66.6%}"
         ".x i[class^=o]{height:25%}.o0,.o2,.o4,.o6{left:0}.o1,.o3,.o5,.o7{left:50%}.o0,.o1{top:0}.o2,.o3{top:25%}.o4,.o5{top:50%}.o6,.o7{top:75%}</style>")
open(path, "w", encoding="utf-8").write(head + style + sep + body)
PY
      w=$((cols * 843 / 100 + 16)); h=$((rows * 16 + 12))
      chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --screenshot="$base.png" --window-size="$w,$h" "file://$base.html" >/dev/null 2>&1
      rm -f "$base.ansi"
      echo "$base.png"
    done
  done
done
