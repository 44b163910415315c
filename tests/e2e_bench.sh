#!/usr/bin/env bash
# e2e_bench: shoal-bench end to end — a short JSON run, determinism of the
# reported state hash, the text report, a short soak, and every kind of bad
# input (its probes: e2e_probe, which TSan need not repeat).
set -u
BUILD="${1:-build}"
BIN="$BUILD/shoal-bench"
PYTHON=/usr/bin/python3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
ok() { echo "  PASS $1"; }
bad() { echo "  FAIL $1"; fails=$((fails + 1)); }

# field FILE KEY: a top-level value of the one-line JSON (quotes stripped).
field() {
    sed -n "s/.*\"$2\":\"\{0,1\}\([^,\"}]*\).*/\1/p" "$1" | head -n 1
}

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

if [ ! -x "$BIN" ]; then
    bad "$BIN is not built"
    exit 1
fi

"$BIN" --help >"$T/h" 2>"$T/herr"
rc=$?
[ $rc -eq 0 ] && grep -q "usage: shoal-bench" "$T/h" && [ ! -s "$T/herr" ] && ok "--help exits 0" ||
    bad "--help exits 0 (rc=$rc)"

# A short run; every field the README promises must be there.
SMALL=(--fish 600 --sharks 2 --ships 2 --steps 12 --warmup 2)
"$BIN" "${SMALL[@]}" --threads 2 --json >"$T/a.json" 2>"$T/a.err"
rc=$?
[ $rc -eq 0 ] && [ "$(wc -l <"$T/a.json")" -eq 1 ] && ok "--json run prints one line" ||
    bad "--json run prints one line (rc=$rc: $(head -c 300 "$T/a.err"))"
missing=""
for k in median_ms p95_ms mean_ms fish_per_s peak_rss_mb schools loners largest_school \
    largest_polarization mean_polarization mean_neighbors mean_nn_dist fish_on_land \
    fish_off_map shore_jitter shore_reversals shark_nearest_mean eaten state_hash bytes_per_fish \
    fish_peak; do
    grep -q "\"$k\":" "$T/a.json" || missing="$missing $k"
done
[ -z "$missing" ] && ok "JSON has every field" || bad "JSON lacks:$missing"
[ "$(field "$T/a.json" fish)" = 600 ] && [ "$(field "$T/a.json" steps)" = 12 ] &&
    ok "JSON echoes the run (600 fish, 12 steps)" || bad "JSON echoes the run"
[ "$(field "$T/a.json" fish_on_land)" = 0 ] && ok "no fish on land" ||
    bad "fish on land: $(field "$T/a.json" fish_on_land)"
[ "$(field "$T/a.json" fish_off_map)" = 0 ] && ok "no fish off the map" ||
    bad "fish off the map: $(field "$T/a.json" fish_off_map)"
pol=$(field "$T/a.json" largest_polarization)
awk -v p="$pol" 'BEGIN { exit !(p >= 0 && p <= 1) }' && ok "polarization in [0, 1] ($pol)" ||
    bad "polarization in [0, 1] ($pol)"
med=$(field "$T/a.json" median_ms)
p95=$(field "$T/a.json" p95_ms)
awk -v m="$med" -v p="$p95" 'BEGIN { exit !(m > 0 && p >= m) }' && ok "median > 0, p95 >= median" ||
    bad "median $med, p95 $p95"
# Memory per fish only when asked: a run never holds more fish than asked.
[ "$(field "$T/a.json" bytes_per_fish)" = null ] && [ "$(field "$T/a.json" fish_peak)" = 600 ] &&
    ok "no --bytes-per-fish: not measured, the sea held its 600 fish" ||
    bad "no --bytes-per-fish: $(head -c 300 "$T/a.json")"
# Asked: the sea grows to 600 + 65536 fish. Its own arrays alone are
# 10 x 4 bytes a fish (x, y, vx, vy and id, twice), and far less than 1 KiB.
"$BIN" "${SMALL[@]}" --threads 2 --bytes-per-fish --json >"$T/bpf.json" 2>"$T/bpf.err"
bpf=$(field "$T/bpf.json" bytes_per_fish)
[ "$(field "$T/bpf.json" fish_peak)" = 66136 ] &&
    awk -v b="$bpf" 'BEGIN { exit !(b >= 40 && b < 1024) }' &&
    ok "--bytes-per-fish: grown to 66136 fish, $bpf bytes each" ||
    bad "--bytes-per-fish ($(head -c 300 "$T/bpf.json") $(head -c 300 "$T/bpf.err"))"
hash_a=$(field "$T/a.json" state_hash)
[[ "$hash_a" =~ ^[0-9a-f]{16}$ ]] && ok "state_hash is 16 hex digits" || bad "state_hash '$hash_a'"

# Same seed, same state; on 1 thread too; another seed, another state.
"$BIN" "${SMALL[@]}" --threads 2 --json >"$T/b.json" 2>/dev/null
"$BIN" "${SMALL[@]}" --threads 1 --json >"$T/c.json" 2>/dev/null
"$BIN" "${SMALL[@]}" --threads 2 --seed 2 --json >"$T/d.json" 2>/dev/null
[ -n "$hash_a" ] && [ "$(field "$T/b.json" state_hash)" = "$hash_a" ] &&
    ok "same seed -> same state hash" || bad "same seed -> same state hash"
[ -n "$hash_a" ] && [ "$(field "$T/c.json" state_hash)" = "$hash_a" ] &&
    ok "1 thread -> same state hash as 2" || bad "1 thread -> same state hash as 2"
hash_d=$(field "$T/d.json" state_hash)
[ -n "$hash_d" ] && [ "$hash_d" != "$hash_a" ] && ok "another seed -> another state hash" ||
    bad "another seed -> another state hash"

# The text report names each metric.
"$BIN" --fish 300 --steps 5 --warmup 1 >"$T/text" 2>/dev/null
rc=$?
[ $rc -eq 0 ] && grep -q "median" "$T/text" && grep -q "fish on land" "$T/text" &&
    grep -q "schools:" "$T/text" && grep -q "jittering" "$T/text" && ok "text report" ||
    bad "text report (rc=$rc)"

# --compare threads runs both seas and finds them identical.
"$BIN" --compare threads --fish 400 --steps 4 --warmup 1 >"$T/cmp" 2>/dev/null
rc=$?
[ $rc -eq 0 ] && grep -q "speed-up" "$T/cmp" && grep -q "final states identical" "$T/cmp" &&
    ok "--compare threads" || bad "--compare threads (rc=$rc: $(head -c 300 "$T/cmp"))"

# The light profile of the sanitizer runs soaks fewer fish, as many steps.
soak_fish=2000
[ "${SHOAL_TEST_LIGHT:-0}" != 0 ] && soak_fish=100
# A short soak: checked at 10000 and 20000 steps, and passed.
"$BIN" --soak --fish "$soak_fish" --steps 20000 --threads 2 >"$T/soak" 2>"$T/soak.err"
rc=$?
[ $rc -eq 0 ] && [ "$(grep -c "^soak: step .*fish on land 0, off map 0, non-finite 0, count ok" "$T/soak")" -eq 2 ] &&
    grep -q "^soak: passed: 2 checks over 20000 steps" "$T/soak" && [ ! -s "$T/soak.err" ] &&
    ok "--soak 20000 steps: 2 checks passed" ||
    bad "--soak 20000 steps (rc=$rc: $(tail -c 300 "$T/soak") $(head -c 300 "$T/soak.err"))"
# Under --json, stdout is one object (progress goes to stderr); an uneven
# length is checked at the end too.
"$BIN" --soak --fish $((soak_fish < 300 ? soak_fish : 300)) --sharks 2 --ships 1 --steps 10500 --threads 2 --json \
    >"$T/soak.json" 2>"$T/soak.jerr"
rc=$?
[ $rc -eq 0 ] && [ "$(wc -l <"$T/soak.json")" -eq 1 ] && [ "$(field "$T/soak.json" mode)" = soak ] &&
    [ "$(field "$T/soak.json" steps)" = 10500 ] && [ "$(field "$T/soak.json" checks)" = 2 ] &&
    [ "$(field "$T/soak.json" failures)" = 0 ] && grep -q '"elapsed":' "$T/soak.json" &&
    [[ "$(field "$T/soak.json" state_hash)" =~ ^[0-9a-f]{16}$ ]] &&
    [ "$(grep -c "^soak: step" "$T/soak.jerr")" -eq 2 ] && ok "--soak --json" ||
    bad "--soak --json (rc=$rc: $(head -c 300 "$T/soak.json") $(head -c 300 "$T/soak.jerr"))"

# A map from a file, when shoal-map is there to make one.
if [ -x "$BUILD/shoal-map" ] &&
    "$BUILD/shoal-map" gen --seed 5 --size 400x300 -o "$T/m.png" >/dev/null 2>&1; then
    "$BIN" --map "$T/m.png" --fish 300 --steps 4 --warmup 1 --json >"$T/m.json" 2>"$T/m.err"
    [ $? -eq 0 ] && [ "$(field "$T/m.json" map_w)" = 400 ] && [ "$(field "$T/m.json" map_h)" = 300 ] &&
        ok "--map FILE" || bad "--map FILE ($(head -c 300 "$T/m.err"))"
fi
# One step on a tiny map stays the run it asked for: the memory measure
# grew this sea to 65,736 fish, all in a few grid cells (3 to 8 s here, 64 s
# where it was found). The fish count is what load cannot move.
if [ -x "$BUILD/shoal-map" ] &&
    "$BUILD/shoal-map" gen --seed 3 --size 32x32 -o "$T/tiny.png" >/dev/null 2>&1; then
    "$BIN" --map "$T/tiny.png" --fish 200 --steps 1 --json >"$T/tiny.json" 2>"$T/tiny.err"
    rc=$?
    [ $rc -eq 0 ] && [ "$(field "$T/tiny.json" fish_peak)" = 200 ] &&
        [ "$(field "$T/tiny.json" bytes_per_fish)" = null ] &&
        ok "--steps 1 on a 32x32 map: the sea held 200 fish, no more" ||
        bad "--steps 1 on a 32x32 map (rc=$rc: $(head -c 300 "$T/tiny.json") $(head -c 300 "$T/tiny.err"))"
    "$BIN" --map "$T/tiny.png" --fish 200 --steps 1 >"$T/tiny.txt" 2>/dev/null
    grep -q "^per fish: not measured (--bytes-per-fish measures it)$" "$T/tiny.txt" &&
        ok "text: per fish not measured" || bad "text: per fish ($(grep "per fish" "$T/tiny.txt"))"
fi

# --every K: one JSON line per K steps (warmup included), each with the
# order parameters and states, then the run's own object.
"$BIN" --fish 600 --steps 20 --warmup 10 --every 10 --threads 2 --json >"$T/ev.json" 2>"$T/ev.err"
rc=$?
[ $rc -eq 0 ] && [ "$(grep -c '^{"mode":"every","step":' "$T/ev.json")" -eq 3 ] &&
    [ "$(sed -n 3p "$T/ev.json" | sed 's/.*"step":\([0-9]*\).*/\1/')" = 30 ] &&
    [ "$(tail -n 1 "$T/ev.json" | grep -c '^{"mode":"single"')" -eq 1 ] &&
    $PYTHON -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$T/ev.json" &&
    ok "--every 10 --json: three JSON lines, then the run" ||
    bad "--every --json (rc=$rc: $(head -c 300 "$T/ev.json") $(head -c 300 "$T/ev.err"))"
missing=""
for k in op or share_polarized share_milling share_swarm share_transitional share_small \
    largest_share schools_20 largest_op largest_or aligned_schools; do
    head -n 1 "$T/ev.json" | grep -q "\"$k\":" || missing="$missing $k"
done
[ -z "$missing" ] && ok "--every lines have every field" || bad "--every lines lack:$missing"
"$BIN" --fish 300 --steps 4 --warmup 0 --every 2 >"$T/ev.txt" 2>/dev/null
[ "$(grep -c '^step      [24]: fish polarized' "$T/ev.txt")" -eq 2 ] && ok "--every text lines" ||
    bad "--every text lines ($(head -c 300 "$T/ev.txt"))"

# Bad input: exit 2, one line naming the flag or file.
expect_fail "unknown flag" "--frob" "$BIN" --frob
expect_fail "negative fish" "--fish '-5'" "$BIN" --fish -5
expect_fail "fish not a number" "--fish 'abc'" "$BIN" --fish abc
expect_fail "zero threads" "--threads '0'" "$BIN" --threads 0
expect_fail "steps 1e99" "--steps '1e99'" "$BIN" --steps 1e99
expect_fail "missing value" "--fish: missing value" "$BIN" --fish
expect_fail "sharks over the limit" "--sharks '65'" "$BIN" --sharks 65
expect_fail "bad --compare" "--compare 'speed'" "$BIN" --compare speed
expect_fail "--csv without --sweep" "--csv" "$BIN" --csv "$T/x.csv"
expect_fail "--map with --seed" "--map and --seed" "$BIN" --map "$T/none.png" --seed 3
expect_fail "missing map file" "$T/none.png" "$BIN" --map "$T/none.png"
expect_fail "--soak with zero steps" "--steps '0'" "$BIN" --soak --steps 0
expect_fail "--soak with steps not a number" "--steps '1e4'" "$BIN" --soak --steps 1e4
expect_fail "--soak steps over the limit" "--steps '100000001'" "$BIN" --soak --steps 100000001
expect_fail "long --steps without --soak" "--steps 2000000: at most" "$BIN" --steps 2000000
expect_fail "--soak with --sweep" "--soak and --sweep" "$BIN" --soak --sweep
expect_fail "bad --probe" "--probe 'bogus'" "$BIN" --probe bogus
expect_fail "negative --speed" "--speed '-1'" "$BIN" --probe cursor --speed -1
expect_fail "--speed without --probe" "--speed: only with --probe" "$BIN" --speed 30
expect_fail "--speed with a shark" "--speed: not with --probe shark" "$BIN" --probe shark --speed 30
expect_fail "--probe with --ships" "--ships: not with --probe" "$BIN" --probe hull --ships 2
expect_fail "--probe with --steps" "--steps: not with --probe" "$BIN" --probe hull --steps 20
expect_fail "--probe with --soak" "--probe and --soak" "$BIN" --probe cursor --soak
expect_fail "--every 0" "--every '0'" "$BIN" --every 0
expect_fail "--bytes-per-fish with --brute" "--bytes-per-fish: not with --brute" "$BIN" --bytes-per-fish --brute
expect_fail "--bytes-per-fish with --soak" "--bytes-per-fish: not with --soak" "$BIN" --soak --bytes-per-fish
expect_fail "--every with --sweep" "--every: not with --sweep" "$BIN" --every 5 --sweep
printf 'not a png' >"$T/junk.png"
expect_fail "map that is not a PNG" "$T/junk.png" "$BIN" --map "$T/junk.png"

# count-ir: instructions per fish per step, whole run and per function
# (valgrind cannot run a sanitizer build: those runs check its refusal only).
count_ir=tools/bench/count-ir.sh
if nm "$BUILD/shoal-bench" 2>/dev/null | grep -qE '__(asan|tsan)_init'; then
    ok "count-ir: skipped, $BUILD is a sanitizer build"
elif out=$("$count_ir" "$BUILD" 500 5 10 2>&1) &&
    grep -Eq '^  the whole run +[1-9][0-9]*\.[0-9] instructions per fish per step$' <<<"$out" &&
    grep -Eq '^  fish_range(_avx)? +[1-9][0-9]*\.[0-9]$' <<<"$out"; then
    ok "count-ir: $(grep 'the whole run' <<<"$out" | tr -s ' ')"
else
    bad "count-ir: $out"
fi
if out=$("$count_ir" "$BUILD" 500 10 5 2>&1); then
    bad "count-ir with S2 < S1 ran"
elif [ $? -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ]; then
    ok "count-ir with S2 < S1: exit 2, $out"
else
    bad "count-ir with S2 < S1: $out"
fi

if [ $fails -eq 0 ]; then
    echo "e2e_bench: all checks passed"
else
    echo "e2e_bench: $fails check(s) failed"
fi
[ $fails -eq 0 ]
