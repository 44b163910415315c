#!/usr/bin/env bash
# e2e_badinput: the README's bad-input table, row by row, against the real
# binaries: every bad map, sidecar and flag gives exit code 2, exactly one
# line on stderr ("BINARY: ..." naming the file or flag), nothing on stdout,
# and leaves every user file as it was (no file changed, added or removed);
# an output that cannot be written (a full disk, a FIFO) gives exit code 1.
# Saves have no command-line load path yet: their rows are in test_save.c.
# Usage: tests/e2e_badinput.sh BUILD_DIR
set -u
B=${1:-build}
PY=/usr/bin/python3
. "$(dirname "$0")/lib_e2e.sh"
U="$T/user" # the user's folder: every input and every existing output
mkdir -p "$U"

# Every file's checksum, and every path, under the user's folder.
snapshot() {
    (cd "$U" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum && find . | LC_ALL=C sort)
}

# expect ROW NEEDLE BINARY ARGS...: exit 2; stderr exactly one line, starting
# "BINARY: " and holding NEEDLE (the file or flag); stdout empty; the user's
# folder unchanged. WANT_RC=1: a runtime failure's exit instead; FSIZE_KB=N:
# a file-size limit of N KiB (SIGXFSZ ignored) stands in for a full disk.
expect() {
    local row=$1 needle=$2 bin=$3 want=${WANT_RC:-2}
    shift 3
    local before after rc
    before=$(snapshot)
    # A hang (a FIFO read, once) fails the row instead of the whole run.
    timeout -k 5 120 bash -c '[ -z "$1" ] || ulimit -f "$1"; trap "" XFSZ; shift; exec "$@"' - \
        "${FSIZE_KB:-}" "$B/$bin" "$@" >"$T/out" 2>"$T/err" </dev/null
    rc=$?
    after=$(snapshot)
    local what="$row [$bin]"
    if [ $rc -ne "$want" ]; then
        no "$what: exit $rc, wanted $want ($(head -c 300 "$T/err"))"
    elif [ "$(wc -l <"$T/err")" -ne 1 ] || [ "$(wc -c <"$T/err")" -lt 2 ]; then
        no "$what: wanted one line on stderr, got: $(head -c 600 "$T/err")"
    elif [ "$(head -c $((${#bin} + 2)) "$T/err")" != "$bin: " ]; then
        no "$what: stderr does not start '$bin: ': $(cat "$T/err")"
    elif ! grep -qF -- "$needle" "$T/err"; then
        no "$what: stderr does not hold '$needle': $(cat "$T/err")"
    elif [ -s "$T/out" ]; then
        no "$what: printed on stdout: $(head -c 300 "$T/out")"
    elif [ "$before" != "$after" ]; then
        no "$what: the user's files changed: $(diff <(echo "$before") <(echo "$after") | head -5)"
    else
        ok "$what"
    fi
}

# Existing outputs the commands below name: a refused run must leave them.
"$B/shoal-map" gen --seed 11 --size 120x80 --islands 2 -o "$U/ok.png" >/dev/null ||
    { echo "e2e_badinput: cannot make a test map"; exit 1; }
cp "$U/ok.png" "$U/gen.png"
cp "$U/ok.ini" "$U/gen.ini"
printf 'not really a screenshot\n' >"$U/shot.png"
printf 'Pf\nnot really a distance field\n' >"$U/dist.pfm"
printf 'fish,steps\n1,2\n' >"$U/bench.csv"

# The four ways a map reaches a binary; FILE is the map under test.
map_cmds() {
    local f=$1 row=$2 needle=$3
    expect "$row" "$needle" shoal-map info "$f"
    expect "$row" "$needle" shoal-map bake "$f" --distance "$U/dist.pfm"
    expect "$row" "$needle" shoal --map "$f" --screenshot "$U/shot.png" --frames 1
    expect "$row" "$needle" shoal-bench --map "$f" --steps 1
    expect "$row" "$needle" shoal-editor "$f" --screenshot "$U/shot.png" --frames 1
}

# A 1-bit grey PNG of W x H (any size, even 0x0) with real image data.
png() {
    "$PY" - "$1" "$2" "$3" <<'PYEOF'
import struct, sys, zlib
path, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def chunk(t, d):
    return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
raw = b''.join(b'\0' + bytes((w + 7) // 8) for _ in range(min(h, 64)))
open(path, 'wb').write(b'\x89PNG\r\n\x1a\n' +
    chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 1, 0, 0, 0, 0)) +
    chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))
PYEOF
}

echo "-- maps"
map_cmds "$U/missing.png" "map: missing" "$U/missing.png: No such file or directory"
: >"$U/empty.png"
map_cmds "$U/empty.png" "map: empty" "$U/empty.png: empty file; expected a PNG map"
printf 'GIF89a, or any other file that is not a PNG\n' >"$U/text.png"
map_cmds "$U/text.png" "map: not a PNG" "$U/text.png: not a PNG image"
head -c 100 "$U/ok.png" >"$U/cut.png"
map_cmds "$U/cut.png" "map: truncated" "$U/cut.png: truncated or damaged PNG"
png "$U/zero.png" 0 0
map_cmds "$U/zero.png" "map: 0x0" "$U/zero.png: 0x0 image; a map needs at least 16x16 pixels"
png "$U/one.png" 1 1
map_cmds "$U/one.png" "map: 1x1" "$U/one.png: 1x1 image; a map needs at least 16x16 pixels"
png "$U/huge.png" 16385 64
map_cmds "$U/huge.png" "map: too large" "$U/huge.png: 16385x64 image is too large; the limit is 16384"
mkdir "$U/folder.png"
map_cmds "$U/folder.png" "map: a directory" "$U/folder.png: is a directory, not a file"
mkfifo "$U/fifo.png"
map_cmds "$U/fifo.png" "map: a FIFO" "$U/fifo.png: is a FIFO (named pipe), not a file"
# One bit flipped inside the image data: the chunk's CRC no longer matches.
cp "$U/ok.png" "$U/flip.png"
printf '\x55' | dd of="$U/flip.png" bs=1 seek=60 conv=notrunc 2>/dev/null
map_cmds "$U/flip.png" "map: damaged (a CRC fails)" "$U/flip.png: truncated or damaged PNG (chunk IDAT at byte 33 fails its CRC check)"
cp "$(dirname "$0")/../tools/fuzz/corpus/map_png/badpal-8bit.png" "$U/badpal.png"
map_cmds "$U/badpal.png" "map: pixel past the palette" "$U/badpal.png: damaged PNG (the pixel at 0,15 uses palette entry 200, but the palette has only 16 colours)"
# A file name that is not UTF-8 (Latin-1 \xe9) is escaped in the message.
map_cmds "$U/caf$(printf '\xe9').png" "map: name not UTF-8" "$U/caf\xe9.png: No such file or directory"

# A map with no water: the game and the bench can do nothing with it (the
# map tool and the editor open it: there is water to paint).
"$PY" -c 'import sys; from PIL import Image; Image.new("L", (64, 64), 255).save(sys.argv[1])' "$U/land.png"
expect "map: all land" "$U/land.png: the map is all land" shoal --map "$U/land.png" --screenshot "$U/shot.png" --frames 1
expect "map: all land" "$U/land.png (64x64): the map is all land" shoal-bench --map "$U/land.png" --steps 1
expect "map: all land" "$U/land.png: too little open sea to place 3 ships" shoal --skirmish --map "$U/land.png" --screenshot "$U/shot.png"
# Too little open sea for the bench's ships: the map and the way out.
"$B/shoal-map" gen --seed 4 --size 120x90 -o "$U/tight.png" >/dev/null
expect "map: too tight for --ships" "--ships 0, or a map with more open sea" shoal-bench --map "$U/tight.png" --soak --steps 10

echo "-- sidecars (beside a good PNG)"
sidecar() { cp "$U/ok.png" "$U/$1.png"; } # NAME.png beside the NAME.ini written next
sidecar garbage
printf 'name = Garbage\nthis line is not a pair\n' >"$U/garbage.ini"
map_cmds "$U/garbage.png" "sidecar: garbage line" "$U/garbage.ini:2: expected 'key = value'"
sidecar unknown
printf 'name = Unknown\ndepth = 30\n' >"$U/unknown.ini"
map_cmds "$U/unknown.png" "sidecar: unknown key" "$U/unknown.ini:2: unknown key 'depth'"
sidecar range
printf 'hex_size = 24\nwind_strength = 6\n' >"$U/range.ini"
map_cmds "$U/range.png" "sidecar: out-of-range value" "$U/range.ini:2: wind_strength '6' must be a whole number from 0 to 5"
sidecar binary
printf 'name = Bin\n\x01\x02\x03\xff\x00\x10' >"$U/binary.ini"
map_cmds "$U/binary.png" "sidecar: binary" "$U/binary.ini: not a text file"
sidecar ctrl
printf 'name = Esc\x1b[2J\n' >"$U/ctrl.ini"
map_cmds "$U/ctrl.png" "sidecar: control character" "$U/ctrl.ini:1: not a text file (control character 0x1b)"
sidecar big
head -c 70000 /dev/zero | tr '\0' '#' >"$U/big.ini"
map_cmds "$U/big.png" "sidecar: too large" "$U/big.ini: file too large (70000 bytes; the limit is 65536)"
sidecar sfifo
mkfifo "$U/sfifo.ini"
map_cmds "$U/sfifo.png" "sidecar: a FIFO" "$U/sfifo.ini: is a FIFO (named pipe), not a file"
sidecar section
printf 'name = Sect\n[map]\nhex_size = 24\n' >"$U/section.ini"
map_cmds "$U/section.png" "sidecar: a [section]" "$U/section.ini:2: [map]: this file has no sections"
sidecar twice
printf 'hex_size = 24\nfleet1 = 1,1\nhex_size = 20\n' >"$U/twice.ini"
map_cmds "$U/twice.png" "sidecar: a key twice" "$U/twice.ini:3: 'hex_size' is given twice (first on line 1)"
sidecar utf8
printf 'name = caf\xe9\n' >"$U/utf8.ini"
map_cmds "$U/utf8.png" "sidecar: name not UTF-8" "$U/utf8.ini:1: name is not valid UTF-8"

echo "-- flags (each run names an existing output, which must survive)"
shot=(--screenshot "$U/shot.png")
expect "flag: unknown" "--bogus" shoal "${shot[@]}" --bogus
expect "flag: missing value" "--fish: missing value" shoal "${shot[@]}" --fish
expect "flag: not a number" "--fish: 'lots'" shoal "${shot[@]}" --fish lots
expect "flag: out of range" "--threads: '65'" shoal "${shot[@]}" --threads 65
gen=(gen --size 64x64 -o "$U/gen.png")
# The New skirmish choices on the command line.
expect "flag: unknown class" "--classes 'line,frog'" shoal --skirmish --classes line,frog "${shot[@]}"
expect "flag: too many ships" "--classes" shoal --skirmish --classes sloop,sloop,sloop,sloop,sloop,sloop,sloop,sloop,sloop "${shot[@]}"
expect "flag: classes vs --ships" "--classes: side A lists 2 ships but --ships gives 3" shoal --skirmish --ships 3 --classes line,line "${shot[@]}"
expect "flag: classes without a battle" "--classes: only used with --skirmish" shoal --classes line "${shot[@]}"
expect "flag: bad wind" "--wind 'Q'" shoal --skirmish --wind Q "${shot[@]}"
expect "flag: wind too strong" "--wind 'E,9'" shoal --skirmish --wind E,9 "${shot[@]}"
expect "flag: unknown computer" "--ai: 'brave'" shoal --skirmish --ai brave "${shot[@]}"
expect "flag: tutorial with a sea" "--tutorial: the guided battle has its own sea" shoal --tutorial --seed 3 "${shot[@]}"
expect "flag: unknown autoplay player" "--players 'ai,brave'" shoal --autoplay --players ai,brave
expect "flag: unknown" "--wat" shoal-map "${gen[@]}" --seed 1 --wat
expect "flag: missing value" "--seed: missing value" shoal-map "${gen[@]}" --seed
expect "flag: not a number" "--land 'some'" shoal-map "${gen[@]}" --seed 1 --land some
expect "flag: out of range" "--islands '65'" shoal-map "${gen[@]}" --seed 1 --islands 65
expect "flag: out of range" "--repeat '0'" shoal-map bake "$U/ok.png" --distance "$U/dist.pfm" --repeat 0
sweep=(--sweep --csv "$U/bench.csv" --steps 1)
expect "flag: unknown" "--bogus" shoal-bench "${sweep[@]}" --bogus
expect "flag: missing value" "--threads: missing value" shoal-bench "${sweep[@]}" --threads
expect "flag: not a number" "--steps 'many'" shoal-bench --sweep --csv "$U/bench.csv" --steps many
expect "flag: out of range" "--fish '2000001'" shoal-bench "${sweep[@]}" --fish 2000001
ed=("$U/ok.png" --screenshot "$U/shot.png")
expect "flag: unknown" "--bogus" shoal-editor "${ed[@]}" --bogus
expect "flag: missing value" "--frames: missing value" shoal-editor "${ed[@]}" --frames
expect "flag: not a number" "--frames 'two'" shoal-editor "${ed[@]}" --frames two
expect "flag: out of range" "--autosave '-5'" shoal-editor "${ed[@]}" --autosave -5
expect "flag: not a choice" "--probe 'bogus'" shoal-bench --probe bogus
expect "flag: out of range" "--speed '-1'" shoal-bench --probe cursor --speed -1
expect "flag: out of range" "--every '0'" shoal-bench --every 0
# Outputs are checked before the work: a sweep's CSV in a missing folder,
# or onto a folder, is refused at once.
expect "output: folder missing" "$U/none/s.csv: the folder $U/none does not exist" shoal-bench --sweep --csv "$U/none/s.csv" --steps 1
mkdir "$U/out.csv"
expect "output: a folder" "$U/out.csv: is a directory, not a regular file" shoal-bench --sweep --csv "$U/out.csv" --steps 1
# A flag value holding a line break still gives one line.
expect "flag: value with a newline" "--seed" shoal-editor --seed "$(printf '1\n2')"
expect "flag: value with a newline" "--seed" shoal-map gen --size 64x64 -o "$U/gen.png" --seed "$(printf '1\n2')"

echo "-- outputs that cannot be written (exit 1, the old file whole, no temp file)"
# A full disk: a 64 KiB file-size limit, smaller than any screenshot.
WANT_RC=1 FSIZE_KB=64 expect "output: full disk" "$U/shot.png: write failed" shoal --screenshot "$U/shot.png" --frames 1
WANT_RC=1 FSIZE_KB=64 expect "output: full disk" "$U/shot.png: write failed" shoal-editor "$U/ok.png" --screenshot "$U/shot.png" --frames 1
mkfifo "$U/shot-fifo.png"
WANT_RC=1 expect "output: a FIFO" "$U/shot-fifo.png: is a FIFO (named pipe), not a regular file" shoal --screenshot "$U/shot-fifo.png" --frames 1

e2e_done e2e_badinput
