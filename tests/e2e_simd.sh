#!/usr/bin/env bash
# e2e_simd: the sea's three builds of the fish stage give the same state,
# bit for bit: the AVX2 copy (picked at run time where the CPU has it),
# the SSE copy (forced with SHOAL_SEA_SIMD=sse) and the plain C build
# (shoal-bench-scalar, sea_step.c compiled with SEA_NO_SIMD). Saves and
# replays made on one machine then stay valid on any other.
set -u
BUILD="${1:-build}"
BENCH="$BUILD/shoal-bench"
SCALAR="$BUILD/tests/shoal-bench-scalar"
fails=0
ok() { echo "  PASS $1"; }
bad() { echo "  FAIL $1"; fails=$((fails + 1)); }

for b in "$BENCH" "$SCALAR"; do
    if [ ! -x "$b" ]; then
        echo "  FAIL $b is not built"
        exit 1
    fi
done

# The light profile of the sanitizer runs keeps the seas small.
steps=200
[ -n "${SHOAL_TEST_LIGHT:-}" ] && steps=40

hash_of() {
    "$@" --json 2>/dev/null | sed -n 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/p'
}

check() {
    local name=$1
    shift
    local a s c
    a=$(hash_of "$BENCH" "$@")
    s=$(SHOAL_SEA_SIMD=sse hash_of "$BENCH" "$@")
    c=$(hash_of "$SCALAR" "$@")
    if [ -n "$a" ] && [ "$a" = "$s" ] && [ "$a" = "$c" ]; then
        ok "$name: $a in all three builds"
    else
        bad "$name: default '$a', sse '$s', scalar '$c'"
    fi
}

check "school, sharks and ships, 2 threads" --fish 3000 --sharks 8 --ships 4 --steps $steps --threads 2
check "one thread, another seed" --seed 7 --fish 1500 --sharks 2 --steps $steps --threads 1
check "all-pairs search" --fish 600 --sharks 3 --ships 2 --steps $steps --brute
# Different inputs must give different hashes, or the checks above prove nothing.
a=$(hash_of "$BENCH" --fish 3000 --sharks 8 --ships 4 --steps $steps --threads 2)
b=$(hash_of "$BENCH" --fish 3000 --sharks 8 --ships 4 --steps $((steps + 1)) --threads 2)
if [ -n "$a" ] && [ "$a" != "$b" ]; then ok "one more step changes the hash"; else bad "hash did not change ($a)"; fi

echo "e2e_simd: $((4 - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
