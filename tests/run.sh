#!/usr/bin/env bash
# Runs every Check suite binary and every end-to-end script of one build
# directory, prints each suite's summary and one closing count line.
set -u
BUILD=${1:-build}
export SHOAL_BUILD="$BUILD"
export SDL_VIDEODRIVER=${SDL_VIDEODRIVER:-dummy}
export SDL_AUDIODRIVER=dummy
export CK_VERBOSITY=${CK_VERBOSITY:-normal}
# Leaks inside system libraries (fontconfig, SDL drivers) are not ours.
export LSAN_OPTIONS="suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export TSAN_OPTIONS="halt_on_error=1 suppressions=$(pwd)/tests/tsan.supp${TSAN_OPTIONS:+ $TSAN_OPTIONS}"
pass=0
fail=0
failed=()
for t in "$BUILD"/tests/test_*; do
    [ -x "$t" ] || continue
    name=$(basename "$t")
    echo "== $name"
    if "$t"; then pass=$((pass + 1)); else fail=$((fail + 1)); failed+=("$name"); fi
done
for s in tests/e2e_*.sh; do
    [ -f "$s" ] || continue
    name=$(basename "$s" .sh)
    echo "== $name"
    if bash "$s" "$BUILD"; then pass=$((pass + 1)); else fail=$((fail + 1)); failed+=("$name"); fi
done
[ "$fail" -gt 0 ] && echo "failed: ${failed[*]}"
echo "suites: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
