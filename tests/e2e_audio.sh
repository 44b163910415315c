#!/usr/bin/env bash
# e2e_audio: the game's sound as a player gets it. A battle of sixteen
# ships watched headless, mixed by SDL's disk driver into a file (the
# frames keep to the mixer's pace, as a player hears them): its
# --sound-log names every start; the mix is heard (loud enough, panned
# both ways), never clips, and a broadside stands well above the quiet
# sea before it. --mute mixes silence and still logs; no
# audio device is one line and the game goes on; a missing sound file is
# one line naming it; a --sound-log that can't be written is exit 2. In a
# real window (Xvfb), M turns the sound off and on and settings.ini keeps it.
set -u
. tests/lib_e2e.sh
B=${SHOAL_BUILD:-build}
PY=/usr/bin/python3
# 12 s in real time: with a sound device a headless run keeps to the
# mixer's clock (headless.c), so this costs its length, mostly asleep.
frames=720
# --advance 7: the fleets close in for seven seconds (the quiet sea, and
# the creaks of ships under sail), then trade broadsides; the view on
# them close up, so they are heard from both sides.
battle=(--skirmish --opponent watch --ships 8,8 --seed 3 --size 480x270 --sea-life off --advance 7
    --zoom 1 --center 600,240)

# mix.raw: 16-bit stereo at 44.1 kHz. Prints "frames peak clipped rms_l rms_r".
mix_stats() {
    "$PY" - "$1" <<'EOF'
import sys
import numpy as np
s = np.fromfile(sys.argv[1], dtype="<i2")
s = s[: len(s) // 2 * 2].reshape(-1, 2).astype(np.int32)
if len(s) == 0:
    print(0, 0, 0, 0, 0)
    sys.exit()
peak = int(np.abs(s).max())
clipped = int((np.abs(s) >= 32767).sum())
rms = np.sqrt((s.astype(np.float64) ** 2).mean(axis=0))
print(len(s), peak, clipped, int(rms[0]), int(rms[1]))
EOF
}

# The mix in whole seconds against its log: "quiet bed loud" where bed is
# the median RMS (dBFS) of the quiet seconds (from 2 s, once the sea has
# swelled in, to before anything but a creak sounds: a start within a
# sound's length before the second or in it), loud the loudest second,
# quiet how many quiet seconds there were.
bed_and_guns() {
    "$PY" - "$1" "$2" <<'EOF'
import re
import sys
import numpy as np
s = np.fromfile(sys.argv[1], dtype="<i2")
s = s[: len(s) // 2 * 2].reshape(-1, 2).astype(np.float64) / 32768
n = len(s) // 44100
db = 10 * np.log10((s[: n * 44100] ** 2).reshape(n, 44100, 2).mean(axis=(1, 2)) + 1e-20)
busy = []
for line in open(sys.argv[2]):
    m = re.match(r"t=([0-9.]+) sound=(\w+) ", line)
    if m and not m.group(2).startswith("creak"):
        busy.append((float(m.group(1)), 4.2 if m.group(2) in ("sink", "bell", "win", "lose") else 2.5))
quiet = [k for k in range(2, n) if not any(k - d <= t < k + 1 for t, d in busy)]
print(len(quiet), "%.1f" % (np.median(db[quiet]) if quiet else 0), "%.1f" % (db.max() if n else -200))
EOF
}

# --- a battle heard -----------------------------------------------------------
began=$EPOCHREALTIME
# A hang guard: frames keep to the mixer's clock, and a busy machine
# draws them slower still.
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE="$T/mix.raw" timeout $((600 * slow)) \
    "$B/shoal" "${battle[@]}" --screenshot "$T/battle.png" --frames "$frames" \
    --sound-log "$T/battle.log" >"$T/battle.out" 2>"$T/battle.err"
rc=$?
took=$(awk -v a="$began" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')
[ $rc = 0 ] && ok "a watched battle with --sound-log runs headless" ||
    no "exit $rc: $(grep -v CRITICAL "$T/battle.err" | head -c 300)"
guns=$(grep -c 'sound=gun_[123f]' "$T/battle.log")
[ "$guns" -ge 10 ] && ok "the log names $guns gun shots" || no "only $guns gun shots in the log"
grep -q 'sound=\(hit\|splash\)_' "$T/battle.log" && ok "and shot landing (hits or splashes)" ||
    no "no hit or splash in the log"
left=$(grep -c 'pan=-0\.[1-9]' "$T/battle.log") right=$(grep -c 'pan=+0\.[1-9]' "$T/battle.log")
[ "$left" -gt 0 ] && [ "$right" -gt 0 ] && ok "sounds from both sides of the view ($left left, $right right)" ||
    no "sounds all on one side: $left left, $right right"
bad=$(grep -cv '^t=[0-9.]* sound=[a-z_0-9]* pan=[-+][01]\.[0-9]* gain=[01]\.[0-9]* voice=-\?[0-9]*$' "$T/battle.log")
[ "$bad" = 0 ] && ok "every log line reads t= sound= pan= gain= voice=" || no "$bad log lines malformed"
# t= is seconds since the game began: no later than the run itself took
# (it once counted from the machine's start: t=574 ten seconds in).
last=$(tail -n 1 "$T/battle.log" | sed -n 's/^t=\([0-9.]*\) .*/\1/p')
awk -v t="${last:-x}" -v w="$took" 'BEGIN { exit !(t != "x" && t + 0 <= w + 0) }' &&
    ok "t= counts seconds since the start (last $last s, the run $took s)" ||
    no "the log's last t=${last:-?} is past the run's $took s"
read -r n peak clipped rl rr < <(mix_stats "$T/mix.raw")
[ "${n:-0}" -gt 44100 ] && ok "the disk driver mixed $((n / 441))0 ms" || no "the mix holds ${n:-0} frames"
[ "${peak:-0}" -gt 3000 ] && ok "the mix is heard (peak $peak of 32767)" || no "the mix peaks at ${peak:-0}"
# Under the headroom (AUDIO_HEADROOM 0.98 of full scale), not only unclipped.
[ "${clipped:-1}" = 0 ] && [ "${peak:-32767}" -le 32112 ] &&
    ok "and stays under the headroom (peak $peak of 32112, 16 ships firing)" ||
    no "$clipped samples clipped, peak ${peak:-?} (the headroom is 32112)"
[ "${rl:-0}" != "${rr:-0}" ] && ok "left and right differ (rms $rl / $rr): panned" || no "left and right alike"
# The guns stand above the sea (issue #36: the loudest broadside second was
# only 6 dB over the quiet sea; 12 is what a fight needs).
read -r quiet bed loud < <(bed_and_guns "$T/mix.raw" "$T/battle.log")
[ "${quiet:-0}" -ge 2 ] && awk -v b="${bed:-0}" -v l="${loud:--200}" 'BEGIN { exit !(l - b >= 12) }' &&
    ok "the loudest second ($loud dBFS RMS) is $(awk -v b="$bed" -v l="$loud" 'BEGIN { print l - b }') dB over the quiet sea ($bed, $quiet s)" ||
    no "the loudest second ${loud:-?} dBFS RMS, the quiet sea ${bed:-?} over ${quiet:-0} s: less than 12 dB apart"

# --- muted --------------------------------------------------------------------
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE="$T/mute.raw" timeout $((120 * slow)) \
    "$B/shoal" "${battle[@]}" --screenshot "$T/mute.png" --frames 120 --mute \
    --sound-log "$T/mute.log" 2>"$T/mute.err"
read -r n peak clipped rl rr < <(mix_stats "$T/mute.raw")
[ "${n:-0}" -gt 0 ] && [ "${peak:-1}" = 0 ] && ok "--mute mixes silence ($n frames)" || no "--mute: $n frames, peak ${peak:-?}"
[ -s "$T/mute.log" ] && ok "and still logs the starts" || no "--mute logged nothing"

# --- no device ----------------------------------------------------------------
SDL_AUDIODRIVER=no-such-driver timeout $((60 * slow)) "$B/shoal" "${battle[@]}" --frames 200 \
    --screenshot "$T/nodev.png" --sound-log "$T/nodev.log" >"$T/nodev.out" 2>"$T/nodev.err"
rc=$?
lines=$(wc -l <"$T/nodev.err")
[ $rc = 0 ] && [ -s "$T/nodev.png" ] && ok "with no audio device the game goes on" || no "no device: exit $rc"
[ "$lines" = 1 ] && grep -q '^shoal: no audio device (.*): playing without sound$' "$T/nodev.err" &&
    ok "and says so in one line: $(cat "$T/nodev.err")" || no "no device said: $(head -c 300 "$T/nodev.err")"
[ -s "$T/nodev.log" ] && ok "its sound log is kept all the same" || no "no device: no log"

# --- a sound file missing -----------------------------------------------------
cp -r data "$T/data"
rm "$T/data/sounds/bell.wav"
SHOAL_DATA="$T/data" timeout $((60 * slow)) "$B/shoal" "${battle[@]}" --frames 60 \
    --screenshot "$T/miss.png" --sound-log "$T/miss.log" 2>"$T/miss.err"
rc=$?
[ $rc = 0 ] && [ "$(wc -l <"$T/miss.err")" = 1 ] && grep -q 'bell\.wav: missing; that sound is silent' "$T/miss.err" &&
    ok "a missing sound is one line naming it: $(cat "$T/miss.err")" || no "missing bell.wav: exit $rc, $(head -c 300 "$T/miss.err")"

# --- bad flag -----------------------------------------------------------------
"$B/shoal" --seed 1 --screenshot "$T/x.png" --sound-log "$T/no/such/dir/x.log" 2>"$T/badlog.err"
rc=$?
[ $rc = 2 ] && [ "$(wc -l <"$T/badlog.err")" = 1 ] && grep -q -- '--sound-log .*no/such/dir' "$T/badlog.err" &&
    ok "an unwritable --sound-log is exit 2, one line" || no "bad --sound-log: exit $rc, $(cat "$T/badlog.err")"
[ ! -e "$T/x.png" ] && ok "and nothing else is written" || no "a picture was written anyway"

# --- M in a window --------------------------------------------------------------
XWIN_GAME_ARGS="--sea-life off" XWIN_REST="5 5"
. tests/lib_xwin.sh
xwin_display e2e_audio 200 229 1024x640
if start mute --seed 2 --size 1024x640; then
    key m
    wait_for $((5 * slow)) grep -q '^mute = on' "$SETTINGS" && ok "M mutes, and settings.ini keeps mute = on" ||
        no "after M settings.ini says mute = '$(setting mute)'"
    key m
    wait_for $((5 * slow)) grep -q '^mute = off' "$SETTINGS" && ok "M again: mute = off" ||
        no "after M twice: mute = '$(setting mute)'"
    stop_game
else
    no "the game did not start in a window: $(head -c 300 "$T/mute.err")"
fi
e2e_done e2e_audio
