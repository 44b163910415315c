# lib_e2e: what the end-to-end scripts share, sourced after `set -u`: a
# scratch folder $T removed on exit, SDL with no display and no sound,
# saves, recovery copies and settings kept out of the tester's home (a
# tester's own settings.ini must not change what a test sees), and the tally: ok/no per
# check, then `e2e_done NAME` prints "NAME: P passed, F failed" and sets the
# exit status (0 only when nothing failed).
T=$(mktemp -d /tmp/shoal-e2e-XXXXXX)
trap 'rm -rf "$T"' EXIT
export SDL_VIDEODRIVER=${SDL_VIDEODRIVER:-dummy}
export SDL_AUDIODRIVER=dummy
export XDG_DATA_HOME="$T/xdg" XDG_CONFIG_HOME="$T/config"
pass=0
fail=0
# slow: how many times longer a window script waits for the game. The
# sanitizer runs (SHOAL_TEST_LIGHT) take 5 times longer; make tsan, whose
# builds are slower still, says how much in SHOAL_TEST_SLOW.
slow=1
if [ -n "${SHOAL_TEST_LIGHT:-}" ] && [ "${SHOAL_TEST_LIGHT}" != 0 ]; then
    slow=${SHOAL_TEST_SLOW:-5}
    [[ "$slow" =~ ^[1-9][0-9]?$ ]] || slow=5
fi
ok() { pass=$((pass + 1)); echo "  ok   $1"; }
no() { fail=$((fail + 1)); echo "  FAIL $1"; }
# wait_for SECONDS CMD...: poll CMD every 0.1 s until it succeeds (1 when
# it never does).
wait_for() {
    local n=$(($1 * 10))
    shift
    for ((i = 0; i < n; i++)); do
        "$@" && return 0
        sleep 0.1
    done
    return 1
}
e2e_done() {
    echo "$1: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
