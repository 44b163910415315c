#!/usr/bin/env bash
# run-bench: the sea's headline figures in one go (a few minutes on 2 cores),
# the instructions per fish per step (count-ir.sh, which load cannot move),
# then the shore bake against OpenCV when that script is present.
set -u
BUILD=${1:-build}
B="$BUILD/shoal-bench"
if [ ! -x "$B" ]; then
    echo "run-bench: $B not found; build it first (make build-all BUILD=$BUILD)" >&2
    exit 2
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# field FILE KEY: a top-level value of shoal-bench's one-line JSON.
field() {
    sed -n "s/.*\"$2\":\"\{0,1\}\([^,\"}]*\).*/\1/p" "$1" | head -n 1
}
# sub FILE a|b KEY: a value inside the "a" or "b" object of --compare.
sub() {
    sed -n "s/.*\"$2\":{\([^}]*\)}.*/{\1}/p" "$1" | sed -n "s/.*\"$3\":\"\{0,1\}\([^,\"}]*\).*/\1/p"
}

# run NAME ARGS...: one shoal-bench run into $T/NAME.json, stopping on failure.
run() {
    local name=$1
    shift
    echo "-- shoal-bench $*" >&2
    if ! "$B" "$@" --json >"$T/$name.json"; then
        echo "run-bench: shoal-bench $* failed" >&2
        exit 1
    fi
}

run brute --compare brute --fish 4096 --steps 30 --warmup 3
run t1 --fish 10000 --threads 1 --steps 300 --warmup 30
run big --fish 100000 --sharks 16 --ships 8 --threads 2 --steps 60 --warmup 6
run huge --fish 1000000 --threads 2 --steps 15 --warmup 3 --bytes-per-fish
run scale --compare scale --fish 10000 --threads 2 --steps 60 --warmup 6
run threads --compare threads --fish 100000 --threads 2 --steps 40 --warmup 4

# r VALUE [DIGITS]: a number rounded for the summary (3 significant digits).
r() {
    awk -v v="$1" -v d="${2:-3}" 'BEGIN { if (v == "") print "?"; else printf "%.*g", d, v }'
}
line() {
    printf '  %-47s %s\n' "$1" "$2"
    [ $# -gt 2 ] && printf '  %-47s %s\n' "" "$3"
    return 0
}

echo
echo "shoal sea benchmark ($(nproc) cores; medians of per-step times)"
line "grid vs all-pairs search, 4,096 fish:" \
    "grid $(r "$(field "$T/brute.json" ratio)")x faster" \
    "(grid $(r "$(sub "$T/brute.json" a median_ms)") ms, all-pairs $(r "$(sub "$T/brute.json" b median_ms)") ms)"
line "10,000 fish, 1 thread:" \
    "$(r "$(field "$T/t1.json" median_ms)") ms (p95 $(r "$(field "$T/t1.json" p95_ms)") ms)"
line "100,000 fish + 16 sharks + 8 ships, 2 threads:" \
    "$(r "$(field "$T/big.json" median_ms)") ms (p95 $(r "$(field "$T/big.json" p95_ms)") ms)" \
    "$(field "$T/big.json" fish_on_land) fish on land, $(field "$T/big.json" shore_jitter) jittering at the shore"
line "1,000,000 fish, 2 threads:" \
    "$(r "$(field "$T/huge.json" median_ms)") ms (p95 $(r "$(field "$T/huge.json" p95_ms)") ms)" \
    "peak memory $(r "$(field "$T/huge.json" peak_rss_mb)" 4) MB, of it shore field $(r "$(field "$T/huge.json" world_mb)" 4) MB; sea $(r "$(field "$T/huge.json" bytes_per_fish)") bytes/fish"
line "100,000 / 10,000 fish, 2 threads:" \
    "$(r "$(field "$T/scale.json" ratio)") (linear would be 10)" \
    "($(r "$(sub "$T/scale.json" a median_ms)") ms -> $(r "$(sub "$T/scale.json" b median_ms)") ms)"
line "2 threads vs 1, 100,000 fish:" \
    "$(r "$(field "$T/threads.json" ratio)")x faster (states identical: $(field "$T/threads.json" same_state))"

echo
tools/bench/count-ir.sh "$BUILD" || exit 1

if [ -f tools/bench/bake_vs_opencv.py ]; then
    echo
    /usr/bin/python3 tools/bench/bake_vs_opencv.py "$BUILD/shoal-map" || exit 1
fi
