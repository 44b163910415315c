#!/usr/bin/env bash
# e2e_sounds: every sound the game plays is in data/sounds, in the format
# the mixer code expects (WAV, 16-bit, mono, 22050 Hz), of the length its
# kind needs, never clipping, as loud as the others of its kind, shaped
# like a one-shot (an attack and a decay) or a loop (steady, seamless at
# the wrap); and tools/sounds/make_sounds.py remakes them byte for byte.
set -u
. tests/lib_e2e.sh
PY=/usr/bin/python3
D=data/sounds

# name, kind, shortest and longest length (s), loudness (dBFS RMS of the
# loud part, as make_sounds.py defines it: the 50 ms windows within 12 dB
# of the loudest, or the whole sound when shorter than one window).
SOUNDS="
gun_1      once 1.2  2.2  -14
gun_2      once 1.2  2.2  -14
gun_3      once 1.2  2.2  -14
gun_far    once 1.5  2.5  -18
hit_1      once 0.4  0.9  -18
hit_2      once 0.4  0.9  -18
splash_1   once 0.5  1.1  -18
splash_2   once 0.5  1.1  -18
rigging    once 0.5  1.3  -18
bell       once 1.5  3.0  -18
sink       once 2.5  4.5  -18
creak_1    once 0.6  1.6  -22
creak_2    once 0.6  1.6  -22
click      once 0.02 0.12 -20
click_back once 0.02 0.15 -20
wind       loop 9.0  15.0 -24
waves      loop 9.0  15.0 -24
ripple     loop 3.0  6.0  -24
win        once 2.0  4.0  -18
lose       once 2.0  4.0  -18
"
BAND=4    # dB either side of the loudness target
RANGE=12  # dB: a one-shot's loudest and quietest 50 ms (first 80%) differ by more, a loop's by less

# Shape, from the samples: loud-part RMS; the loudness range (loudest minus
# quietest window: 50 ms, 5 ms for sounds under 0.2 s; a one-shot's first
# 80%); leading quiet (ms before the first sample above -60 dBFS); the
# last sample; a loop's wrap jump |last - first| against the 99th
# percentile of its sample-to-sample steps, and its last and first 50 ms
# levels (dB apart).
shape() {
    "$PY" - "$@" <<'EOF'
import math
import sys
import wave

import numpy as np

path, kind = sys.argv[1], sys.argv[2]
with wave.open(path) as w:
    x = np.frombuffer(w.readframes(w.getnframes()), "<i2") / 32768.0
sr, win = 22050, 1102
def db(ms):
    return 10 * math.log10(max(ms, 1e-20))
if len(x) < win:
    loud = db(np.mean(x * x))
else:
    ms = np.mean(x[:len(x) // win * win].reshape(-1, win) ** 2, axis=1)
    loud = db(np.mean(ms[ms >= ms.max() * 10 ** (-12 / 10)]))
part = x[:int(len(x) * 0.8)] if kind == "once" else x
w = 1102 if len(x) > 0.2 * sr else 110
ms = np.mean(part[:len(part) // w * w].reshape(-1, w) ** 2, axis=1)
lead = np.argmax(np.abs(x) > 0.001) / sr * 1000
jump = abs(x[-1] - x[0])
step = np.percentile(np.abs(np.diff(x)), 99)
seam = abs(db(np.mean(x[-win:] ** 2)) - db(np.mean(x[:win] ** 2)))
print("%.2f %.2f %.2f %d %.5f %.5f %.2f" % (loud, db(ms.max()) - db(ms.min()), lead,
                                            round(x[-1] * 32768), jump, step, seam))
EOF
}

# within LO X HI: LO <= X <= HI, as decimals.
within() { awk -v lo="$1" -v x="$2" -v hi="$3" 'BEGIN { exit !(x >= lo && x <= hi) }'; }

table=""
while read -r name kind lo hi target; do
    [ -n "$name" ] || continue
    f=$D/$name.wav
    if [ ! -f "$f" ]; then
        no "$name.wav is in $D"
        continue
    fi
    fmt="$(soxi -t "$f") $(soxi -r "$f") $(soxi -c "$f") $(soxi -b "$f") $(soxi -e "$f")"
    [ "$fmt" = "wav 22050 1 16 Signed Integer PCM" ] && ok "$name: WAV, 22050 Hz, mono, 16-bit PCM" ||
        no "$name: format is '$fmt', not 'wav 22050 1 16 Signed Integer PCM'"
    len=$(soxi -D "$f")
    within "$lo" "$len" "$hi" && ok "$name: $len s long ($lo to $hi)" || no "$name: $len s long, not $lo to $hi"
    stats=$(sox "$f" -n stats 2>&1)
    peak=$(awk '/^Pk lev dB/ { print $4 }' <<<"$stats")
    rms=$(awk '/^RMS lev dB/ { print $4 }' <<<"$stats")
    within -200 "$peak" -1 && ok "$name: peak $peak dBFS (at most -1)" || no "$name: peak $peak dBFS, over -1"
    read -r loud range lead last jump step seam <<<"$(shape "$f" "$kind")"
    within $((target - BAND)) "$loud" $((target + BAND)) && ok "$name: loudness $loud dBFS (target $target)" ||
        no "$name: loudness $loud dBFS, not within $BAND dB of $target"
    if [ "$kind" = once ]; then
        within "$RANGE" "$range" 1000 && ok "$name: rises and decays ($range dB between its 50 ms windows)" ||
            no "$name: only $range dB between its loudest and quietest windows: no attack and decay"
        within 0 "$lead" 5 && [ "$last" = 0 ] && ok "$name: starts at the sound (${lead} ms), ends at zero" ||
            no "$name: ${lead} ms before the sound starts (at most 5), last sample $last (must be 0)"
    else
        within 0 "$range" "$RANGE" && ok "$name: steady ($range dB between its 50 ms windows)" ||
            no "$name: $range dB between its loudest and quietest windows: a loop must not drop out"
        within $((target - BAND)) "$rms" $((target + BAND)) &&
            ok "$name: RMS $rms dBFS over the whole loop" || no "$name: RMS $rms dBFS, not within $BAND dB of $target"
        within 0 "$jump" "$step" && within 0 "$seam" 3 &&
            ok "$name: seamless (wrap jump $jump, a step is up to $step; ends $seam dB apart)" ||
            no "$name: wrap jump $jump (its steps are up to $step), ends $seam dB apart (at most 3)"
    fi
    table+=$(printf '  %-11s %-4s %8.3f %7s %7s %7s %7s' "$name" "$kind" "$len" "$peak" "$rms" "$loud" "$range")$'\n'
done <<<"$SOUNDS"
echo "  measured (s, dBFS; loud: RMS of the loud part; range: dB between 50 ms windows):"
printf '  %-11s %-4s %8s %7s %7s %7s %7s\n' sound kind "length" "peak" "RMS" "loud" "range"
printf '%s' "$table"

# Only the table's sounds are shipped (a stray file would be a sound no
# one plays, or a name the game does not know).
extra=$(cd "$D" && for f in *.wav; do grep -qw "^${f%.wav}" <<<"$SOUNDS" || echo "$f"; done)
[ -z "$extra" ] && ok "no sound outside the table" || no "sounds outside the table: $extra"

# The script remakes the shipped files: byte for byte here; where numpy's
# vector maths takes another path (a CPU without AVX-512 uses other sin
# and exp code), a sample may round one step the other way, so a file
# whose samples all lie within 2 steps of the shipped ones counts as the
# same sound. A changed seed or builder moves thousands of steps.
same_sound() {
    "$PY" - "$1" "$2" <<'PYEOF'
import sys, wave
import numpy as np
def read(p):
    with wave.open(p) as w:
        return w.getparams()[:3], np.frombuffer(w.readframes(w.getnframes()), "<i2").astype(np.int32)
(pa, a), (pb, b) = read(sys.argv[1]), read(sys.argv[2])
sys.exit(0 if pa == pb and len(a) == len(b) and (len(a) == 0 or np.abs(a - b).max() <= 2) else 1)
PYEOF
}
if "$PY" tools/sounds/make_sounds.py "$T/gen" >"$T/gen.log" 2>&1; then
    differ= near=
    for f in "$D"/*.wav "$D"/README; do
        g="$T/gen/$(basename "$f")"
        cmp -s "$f" "$g" && continue
        if [ "${f%.wav}" != "$f" ] && same_sound "$f" "$g"; then near+=" $(basename "$f")"; else differ+=" $(basename "$f")"; fi
    done
    how=": byte for byte"
    [ -n "$near" ] && how=" (within 2 steps:$near; the rest byte for byte)"
    [ -z "$differ" ] && ok "make_sounds.py remakes data/sounds$how" ||
        no "make_sounds.py makes different files:$differ (rerun it and commit them)"
else
    no "make_sounds.py runs: $(tail -n 3 "$T/gen.log")"
fi
e2e_done e2e_sounds
