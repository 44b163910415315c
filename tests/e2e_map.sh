#!/usr/bin/env bash
# e2e_map: shoal-map end to end — gen, info, bake, and every bad input.
set -u
BIN="${1:-build}/shoal-map"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
ok() { echo "  ok   $1"; }
bad() { echo "  FAIL $1"; fails=$((fails + 1)); }

# expect_fail NAME NEEDLE CMD...: exit code 2, exactly one line on stderr
# containing NEEDLE, nothing on stdout.
expect_fail() {
    local name=$1 needle=$2
    shift 2
    "$@" >"$T/out" 2>"$T/err"
    local rc=$?
    local lines
    lines=$(wc -l <"$T/err")
    if [ $rc -eq 2 ] && [ "$lines" -eq 1 ] && grep -qF -- "$needle" "$T/err" && [ ! -s "$T/out" ]; then
        ok "$name"
    else
        bad "$name (rc=$rc, stderr: $(head -c 300 "$T/err"))"
    fi
}

"$BIN" --help >"$T/h" && grep -q "usage: shoal-map" "$T/h" && ok "--help" || bad "--help"
"$BIN" gen --help | grep -q -- "--mirror" && ok "gen --help" || bad "gen --help"

# Generation is deterministic to the byte, and the sidecar is written.
"$BIN" gen --seed 42 --size 300x200 --land 0.3 --islands 5 -o "$T/a.png" >/dev/null &&
    "$BIN" gen --seed 42 --size 300x200 --land 0.3 --islands 5 -o "$T/b.png" >/dev/null
cmp -s "$T/a.png" "$T/b.png" && cmp -s "$T/a.ini" "$T/b.ini" && ok "gen is byte-identical" ||
    bad "gen is byte-identical"
"$BIN" gen --seed 43 --size 300x200 --land 0.3 --islands 5 -o "$T/c.png" >/dev/null
cmp -s "$T/a.png" "$T/c.png" && bad "different seeds differ" || ok "different seeds differ"
[ -s "$T/a.ini" ] && grep -q '^hex_size' "$T/a.ini" && ok "gen writes the sidecar" || bad "gen writes the sidecar"

# info reports what gen asked for.
"$BIN" info "$T/a.png" >"$T/info" || bad "info runs"
grep -q "size: *300x200" "$T/info" && ok "info size" || bad "info size"
water=$(sed -n 's/^water: *\([0-9.]*\)%/\1/p' "$T/info")
awk -v w="$water" 'BEGIN { exit !(w >= 68 && w <= 72) }' && ok "info water fraction ($water%)" ||
    bad "info water fraction ($water%)"
grep -q "islands: *[1-9]" "$T/info" && ok "info islands" || bad "info islands"
grep -q "max shore dist: *[0-9.]* px" "$T/info" && ok "info max shore distance" ||
    bad "info max shore distance"

# bake writes a PFM of the right size with 0 on land.
"$BIN" bake "$T/a.png" --distance "$T/a.pfm" || bad "bake runs"
head -c 3 "$T/a.pfm" | grep -q "Pf" && ok "bake PFM magic" || bad "bake PFM magic"
size=$(stat -c %s "$T/a.pfm")
hdr=$(printf 'Pf\n300 200\n-1.0\n' | wc -c)
[ "$size" -eq $((hdr + 300 * 200 * 4)) ] && ok "bake PFM size" || bad "bake PFM size ($size)"
"$BIN" bake "$T/a.png" --distance "$T/r.pfm" --repeat 3 | grep -q "median" && ok "bake --repeat" ||
    bad "bake --repeat"

# Bad flags.
expect_fail "no command" "missing command" "$BIN"
expect_fail "unknown command" "unknown command 'frob'" "$BIN" frob
expect_fail "unknown gen flag" "--wat" "$BIN" gen --wat
expect_fail "seed not a number" "--seed 'abc'" "$BIN" gen --seed abc --size 64x64 -o "$T/x.png"
expect_fail "negative seed" "--seed '-1'" "$BIN" gen --seed -1 --size 64x64 -o "$T/x.png"
expect_fail "missing value" "--size: missing value" "$BIN" gen --seed 1 --size
expect_fail "bad size" "--size '64'" "$BIN" gen --seed 1 --size 64 -o "$T/x.png"
expect_fail "size too small" "--size '8x8'" "$BIN" gen --seed 1 --size 8x8 -o "$T/x.png"
expect_fail "size too large" "--size '99999x64'" "$BIN" gen --seed 1 --size 99999x64 -o "$T/x.png"
expect_fail "land out of range" "--land '1.5'" "$BIN" gen --seed 1 --size 64x64 --land 1.5 -o "$T/x.png"
expect_fail "land NaN" "--land 'nan'" "$BIN" gen --seed 1 --size 64x64 --land nan -o "$T/x.png"
expect_fail "islands out of range" "--islands '65'" "$BIN" gen --seed 1 --size 64x64 --islands 65 -o "$T/x.png"
expect_fail "missing -o" "-o OUT.png is required" "$BIN" gen --seed 1 --size 64x64
expect_fail "output not png" "must be a .png" "$BIN" gen --seed 1 --size 64x64 -o "$T/x.jpg"
expect_fail "bake without --distance" "--distance OUT.pfm is required" "$BIN" bake "$T/a.png"
expect_fail "bake repeat 0" "--repeat '0'" "$BIN" bake "$T/a.png" --distance "$T/z.pfm" --repeat 0
expect_fail "info two files" "unexpected argument" "$BIN" info "$T/a.png" "$T/b.png"

# Bad files: each message names the file.
expect_fail "missing file" "$T/none.png: No such file" "$BIN" info "$T/none.png"
: >"$T/empty.png"
expect_fail "empty file" "$T/empty.png: empty file" "$BIN" info "$T/empty.png"
echo "hello, not an image" >"$T/text.png"
expect_fail "not a PNG" "$T/text.png: not a PNG" "$BIN" info "$T/text.png"
head -c 400 "$T/a.png" >"$T/cut.png"
expect_fail "truncated PNG" "$T/cut.png: truncated or damaged" "$BIN" info "$T/cut.png"
cp "$T/a.png" "$T/huge.png"
printf '\x00\x01\x86\xa0\x00\x01\x86\xa0' | dd of="$T/huge.png" bs=1 seek=16 conv=notrunc 2>/dev/null
expect_fail "huge PNG" "100000x100000 image is too large" "$BIN" info "$T/huge.png"
cp "$T/a.png" "$T/side.png"
printf 'hex_size = banana\n' >"$T/side.ini"
expect_fail "garbage sidecar" "$T/side.ini:1: hex_size 'banana'" "$BIN" info "$T/side.png"
printf 'wind_strength = 9\n' >"$T/side.ini"
expect_fail "out-of-range sidecar" "$T/side.ini:1: wind_strength '9'" "$BIN" bake "$T/side.png" --distance "$T/s.pfm"
[ ! -e "$T/s.pfm" ] && ok "a refused bake writes nothing" || bad "a refused bake writes nothing"

# Shipped maps load and have spawn hexes for both fleets.
for m in "$(dirname "$0")"/../data/maps/*.png; do
    [ -f "$m" ] || continue
    "$BIN" info "$m" >"$T/mi" 2>&1 && grep -q "spawns: *fleet1 [1-9][0-9]*, fleet2 [1-9]" "$T/mi" &&
        ok "shipped map $(basename "$m")" || bad "shipped map $(basename "$m"): $(tail -1 "$T/mi")"
done

[ $fails -eq 0 ] && echo "e2e_map: all passed" || echo "e2e_map: $fails failed"
[ $fails -eq 0 ]
