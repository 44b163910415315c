#!/usr/bin/env bash
# sea_frames: pictures of the sea's behaviour taken as a player would, in a
# real window (Xvfb, mouse and keys by xdotool), for docs/: the cursor
# swept through schools (cursor-K.png: F12 mid-sweep), and a sea with
# many sharks hunting (shark-K.png, every half second). The sea runs in
# real time, so each run differs: look at the frames and keep the ones
# that show the behaviour. Usage: tools/shots/sea_frames.sh BUILD OUTDIR
set -eu
if [ $# -ne 2 ]; then
    echo "usage: tools/shots/sea_frames.sh BUILD OUTDIR" >&2
    exit 2
fi
MAPS="$PWD/data/maps"
B=$(cd "$1" && pwd)
OUT=$2
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
W=$(mktemp -d)
for d in $(seq 71 89); do [ -e "/tmp/.X$d-lock" ] || break; done
Xvfb ":$d" -screen 0 1280x720x24 -nolisten tcp -noreset >/dev/null 2>&1 &
xpid=$!
gpid=
trap 'kill $gpid $xpid 2>/dev/null; wait 2>/dev/null; rm -rf "$W"' EXIT
export DISPLAY=":$d" SDL_VIDEODRIVER=x11
sleep 1

# Start the game in $W (F12 writes there) and wait for its window.
start() {
    (cd "$W" && exec "$B/shoal" "$@" --size 1280x720 --ui none) >/dev/null 2>&1 &
    gpid=$!
    for _ in $(seq 100); do
        win=$(xdotool search --pid "$gpid" --name shoal 2>/dev/null | head -n 1) && [ -n "$win" ] && break
        sleep 0.1
    done
    sleep 3 # let the schools form
}
# Save the newest F12 screenshot as $1.
shot() {
    rm -f "$W"/shoal-*.png
    xdotool key F12
    for _ in $(seq 50); do ls "$W"/shoal-*.png >/dev/null 2>&1 && break; sleep 0.05; done
    sleep 0.2
    mv "$(ls "$W"/shoal-*.png | head -n 1)" "$1"
}
stop() { kill "$gpid" 2>/dev/null; wait "$gpid" 2>/dev/null || true; }

# The cursor: sweeps left to right across rows of the view at about 60
# map px/s (zoom 2.5: 150 screen px/s), a frame taken mid-sweep.
start --map "$MAPS/channel-isles.png" --zoom 2.5 --center 560,300 --sharks 0
k=0
for y in 160 300 440 580; do
    for x in $(seq 40 15 1240); do
        xdotool mousemove --window "$win" "$x" "$y"
        sleep 0.1
        [ "$x" -eq 700 ] && { k=$((k + 1)); shot "$OUT/cursor-$k.png"; }
    done
done
stop

# Sharks: twelve hunting; a frame every half second.
start --map "$MAPS/channel-isles.png" --zoom 2.5 --center 560,300 --sharks 12
xdotool mousemove --window "$win" 1279 719
for k in $(seq 1 12); do
    shot "$OUT/shark-$k.png"
    sleep 0.5
done
stop
echo "sea_frames: $(ls "$OUT" | wc -l) frames in $OUT"
