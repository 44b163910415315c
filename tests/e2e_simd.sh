#!/usr/bin/env bash
# e2e_simd: the sea's builds of the fish stage give the same state, bit
# for bit: the AVX-512 or AVX2 copy (the best the CPU has, picked at run
# time), the AVX2 copy (SHOAL_SEA_SIMD=avx2), the SSE copy (forced with
# SHOAL_SEA_SIMD=sse) and the plain C build
# (shoal-bench-scalar, sea_step.c compiled with SEA_NO_SIMD). Saves and
# replays made on one machine then stay valid on any other. Short soaks give
# the hash without the bytes-per-fish measurement of a timed run.
set -u
BUILD="${1:-build}"
BENCH="$BUILD/shoal-bench"
SCALAR="$BUILD/tests/shoal-bench-scalar"
. "$(dirname "$0")/lib_e2e.sh"

for b in "$BENCH" "$SCALAR"; do
    if [ ! -x "$b" ]; then
        echo "  FAIL $b is not built"
        exit 1
    fi
done

# The light profile of the sanitizer runs keeps the seas small.
steps=200 big=3000 mid=1500 small=600
if [ "${SHOAL_TEST_LIGHT:-0}" != 0 ]; then
    steps=30 big=800 mid=400 small=200
fi

# Which copy the default run takes (AVX-512 needs avx512f/vl/bw/dq).
simd=sse
grep -qw avx2 /proc/cpuinfo 2>/dev/null && simd=avx2
grep -qw avx512vl /proc/cpuinfo 2>/dev/null && grep -qw avx512bw /proc/cpuinfo && grep -qw avx512dq /proc/cpuinfo && simd=avx512

hash_of() {
    "$@" --json 2>/dev/null | sed -n 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/p'
}

check() {
    local name=$1
    shift
    local a v s c
    a=$(hash_of "$BENCH" "$@")
    v=$(SHOAL_SEA_SIMD=avx2 hash_of "$BENCH" "$@")
    s=$(SHOAL_SEA_SIMD=sse hash_of "$BENCH" "$@")
    c=$(hash_of "$SCALAR" "$@")
    if [ -n "$a" ] && [ "$a" = "$v" ] && [ "$a" = "$s" ] && [ "$a" = "$c" ]; then
        ok "$name: $a in all four builds (best: $simd)"
    else
        no "$name: best ($simd) '$a', avx2 '$v', sse '$s', scalar '$c'"
    fi
}

check "school, sharks and ships, 2 threads" --soak --fish $big --sharks 8 --ships 4 --steps $steps --threads 2
check "one thread, another seed" --soak --seed 7 --fish $mid --sharks 2 --steps $steps --threads 1
check "all-pairs search" --fish $small --sharks 3 --ships 2 --steps $steps --brute
# Different inputs must give different hashes, or the checks above prove nothing.
a=$(hash_of "$BENCH" --soak --fish $big --sharks 8 --ships 4 --steps $steps --threads 2)
b=$(hash_of "$BENCH" --soak --fish $big --sharks 8 --ships 4 --steps $((steps + 1)) --threads 2)
if [ -n "$a" ] && [ "$a" != "$b" ]; then ok "one more step changes the hash"; else no "hash did not change ($a)"; fi

e2e_done e2e_simd
