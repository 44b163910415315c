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
    local n=$(($1 * 10)) i
    shift
    for ((i = 0; i < n; i++)); do
        "$@" && return 0
        sleep 0.1
    done
    return 1
}
# The test channel (core/testev.h): a program started with
# SHOAL_TEST_EVENTS=$EV appends one line per event to $EV ("frame 1",
# "input key F5", "note saved PATH", "turn 2 side A plot", "menu new").
#   ev_mark                    remember where $EV ends now
#   ev_wait SECONDS PATTERN... wait until lines matching each extended regex
#                              come after the mark, in this order; the mark
#                              moves past the last and $ev_line holds it. On
#                              timeout it says what it waited for and returns 1.
# SECONDS is the plain build's deadline (the sanitizer runs get $slow times
# as long): a deadline only ends a wait that something has broken.
EV=
ev_at=0
ev_line=
ev_mark() { ev_at=$(cat "$EV" 2>/dev/null | wc -l); }
# Whether lines matching the patterns came after the mark, in order: the
# number of the last into ev_found.
ev_found=
ev_seen() {
    local pats
    pats=$(printf '%s\037' "$@")
    ev_found=$(awk -v from="$ev_at" -v pats="$pats" 'BEGIN { n = split(pats, p, "\037") - 1; i = 1 }
        NR > from && $0 ~ p[i] { if (++i > n) { print NR; exit } }' "$EV" 2>/dev/null)
    [ -n "$ev_found" ]
}
ev_wait() {
    local secs=$1
    shift
    if wait_for $((secs * slow)) ev_seen "$@"; then
        ev_at=$ev_found
        ev_line=$(sed -n "${ev_found}p" "$EV")
        return 0
    fi
    echo "  (waited $((secs * slow)) s for events: $*; the last of $(basename "$EV"): $(tail -n 1 "$EV" 2>/dev/null))"
    return 1
}
e2e_done() {
    echo "$1: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
