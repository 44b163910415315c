#!/usr/bin/env bash
# Runs every Check suite binary and every end-to-end script of one build
# directory, SHOAL_TEST_JOBS at a time (default: one per core), prints each
# suite's output whole and in the usual order, then one closing count line.
# Which suites (make check's sanitizer phases watch only what each is for):
#   SHOAL_TEST_ONLY="test_jobs e2e_bench ..."  only these (a name that is no
#                                              suite is an error: exit 2)
#   SHOAL_TEST_WINDOWS=0                       leave out the window scripts
#                                              (those that start Xvfb)
set -u
BUILD=${1:-build}
export SHOAL_BUILD="$BUILD"
export SDL_VIDEODRIVER=${SDL_VIDEODRIVER:-dummy}
export SDL_AUDIODRIVER=dummy
export CK_VERBOSITY=${CK_VERBOSITY:-normal}
# Leaks inside system libraries (fontconfig, SDL drivers) are not ours.
export LSAN_OPTIONS="suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export TSAN_OPTIONS="halt_on_error=1 suppressions=$(pwd)/tests/tsan.supp${TSAN_OPTIONS:+ $TSAN_OPTIONS}"
njobs=${SHOAL_TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
[[ "$njobs" =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: SHOAL_TEST_JOBS '$njobs' must be a whole number from 1" >&2; exit 2; }

# Check suites first, then end-to-end scripts: names and paths, in order.
names=()
paths=()
for t in "$BUILD"/tests/test_*; do
    [ -f "$t" ] && [ -x "$t" ] || continue
    names+=("$(basename "$t")")
    paths+=("$t")
done
nsuites=${#names[@]}
for s in tests/e2e_*.sh; do
    [ -f "$s" ] || continue
    names+=("$(basename "$s" .sh)")
    paths+=("$s")
done
n=${#names[@]}

# The selection: names and paths kept in order, nsuites recounted.
only=${SHOAL_TEST_ONLY:-}
for want in $only; do
    found=0
    for name in "${names[@]}"; do [ "$name" = "$want" ] && found=1; done
    [ "$found" = 1 ] || { echo "run.sh: SHOAL_TEST_ONLY names '$want', which is no suite of $BUILD" >&2; exit 2; }
done
keep_names=()
keep_paths=()
k=0
for ((i = 0; i < n; i++)); do
    if [ -n "$only" ] && ! [[ " $only " == *" ${names[$i]} "* ]]; then continue; fi
    if [ "${SHOAL_TEST_WINDOWS:-1}" = 0 ] && [ "$i" -ge "$nsuites" ] && grep -qE 'lib_xwin\.sh|Xvfb' "${paths[$i]}"; then
        continue
    fi
    [ "$i" -lt "$nsuites" ] && k=$((k + 1))
    keep_names+=("${names[$i]}")
    keep_paths+=("${paths[$i]}")
done
names=("${keep_names[@]}")
paths=("${keep_paths[@]}")
nsuites=$k
n=${#names[@]}

# Each suite writes its output to logs/I.out and its exit status to
# logs/I.rc; the main loop prints finished suites in listing order.
logs=$(mktemp -d /tmp/shoal-run-XXXXXX)
# Job control: each suite is its own process group, so an interrupt can
# stop it with everything it started.
set -m
stop() {
    trap "" INT TERM # a second signal (timeout sends two) must not cut the cleanup short
    local pids
    pids=$(jobs -p)
    set +m # no "Terminated" line for each suite
    for p in $pids; do kill -TERM -- "-$p" 2>/dev/null; done
    wait
    rm -rf "$logs"
    exit 130
}
trap stop INT TERM
trap 'rm -rf "$logs"' EXIT

# The end-to-end scripts start first: they are the long ones, and a long
# suite started last would leave the other cores idle at the end.
order=()
for ((i = nsuites; i < n; i++)); do order+=("$i"); done
for ((i = 0; i < nsuites; i++)); do order+=("$i"); done

launch() {
    local i=$1
    (
        s=$(date +%s%N)
        if [ "$i" -lt "$nsuites" ]; then
            "${paths[$i]}" >"$logs/$i.out" 2>&1 </dev/null
        else
            bash "${paths[$i]}" "$BUILD" >"$logs/$i.out" 2>&1 </dev/null
        fi
        rc=$?
        echo "$((($(date +%s%N) - s) / 100000000))" >"$logs/$i.time"
        echo "$rc" >"$logs/$i.tmp" && mv "$logs/$i.tmp" "$logs/$i.rc"
    ) &
}

# Suites that have written their status.
finished() {
    local f k=0
    for f in "$logs"/*.rc; do [ -e "$f" ] && k=$((k + 1)); done
    echo "$k"
}

pass=0
fail=0
failed=()
started=0
shown=0
while [ "$shown" -lt "$n" ]; do
    while [ "$started" -lt "$n" ] && [ "$((started - $(finished)))" -lt "$njobs" ]; do
        launch "${order[$started]}"
        started=$((started + 1))
    done
    # No job left to wait for while a suite has no status: it was killed
    # from outside (its subshell too); count it as failed.
    if ! wait -n && [ -z "$(jobs -p)" ]; then
        for ((k = 0; k < started; k++)); do
            i=${order[$k]}
            [ -f "$logs/$i.rc" ] || { echo "killed" >>"$logs/$i.out"; echo 0 >"$logs/$i.time"; echo 1 >"$logs/$i.rc"; }
        done
    fi
    while [ "$shown" -lt "$n" ] && [ -f "$logs/$shown.rc" ]; do
        d=$(cat "$logs/$shown.time")
        echo "== ${names[$shown]} ($((d / 10)).$((d % 10)) s)"
        cat "$logs/$shown.out"
        if [ "$(cat "$logs/$shown.rc")" = 0 ]; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            failed+=("${names[$shown]}")
        fi
        shown=$((shown + 1))
    done
done
[ "$fail" -gt 0 ] && echo "failed: ${failed[*]}"
echo "suites: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
