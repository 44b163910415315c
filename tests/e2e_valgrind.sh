#!/usr/bin/env bash
# e2e_valgrind: short headless runs of every binary, and of the map loader
# on each PNG of tools/fuzz/corpus/map_png, under valgrind's memcheck: no
# invalid read or write, no use of uninitialised memory, no leak of our own
# (definitely or indirectly lost). Memory that SDL and fontconfig keep
# until exit ("still reachable") is theirs, not a leak.
# Sanitizer builds are skipped: valgrind cannot run them, and ASan/TSan
# check the same runs there.
set -u
BUILD="${1:-build}"
. "$(dirname "$0")/lib_e2e.sh"

if ! command -v valgrind >/dev/null; then
    echo "  FAIL valgrind is not installed (make test installs it)"
    exit 1
fi
if nm "$BUILD/shoal-map" 2>/dev/null | grep -qE '__(asan|tsan)_init'; then
    echo "  PASS skipped: $BUILD is a sanitizer build"
    exit 0
fi

# vg NAME WANT CMD...: CMD under memcheck exits WANT (valgrind's own
# error code is 99, so a program's 0/1/2 cannot be mistaken for it).
vg() {
    local name=$1 want=$2
    shift 2
    local t0=$SECONDS
    valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
        --show-leak-kinds=definite,indirect "$@" >"$T/out" 2>"$T/err"
    local rc=$?
    if [ $rc -eq "$want" ]; then
        ok "$name ($((SECONDS - t0)) s)"
    else
        no "$name (exit $rc, want $want: $(grep -m3 '==' "$T/err" | tr '\n' ' '))"
    fi
}

vg "shoal-map gen" 0 "$BUILD/shoal-map" gen --seed 5 --size 200x150 -o "$T/m.png"
vg "shoal-map info" 0 "$BUILD/shoal-map" info "$T/m.png"
vg "shoal-map bake" 0 "$BUILD/shoal-map" bake "$T/m.png" --distance "$T/m.pfm"
vg "shoal-bench, fish, sharks and ships on 2 threads" 0 \
    "$BUILD/shoal-bench" --soak --fish 400 --sharks 3 --ships 2 --steps 20 --threads 2
vg "shoal, the sea" 0 "$BUILD/shoal" --map "$T/m.png" --size 320x240 --fish 300 --sharks 2 \
    --screenshot "$T/sea.png" --frames 3
vg "shoal, a skirmish in progress" 0 "$BUILD/shoal" --skirmish --map "$T/m.png" --size 320x240 --fish 100 \
    --advance 1 --screenshot "$T/sk.png"
vg "shoal --autoplay" 0 "$BUILD/shoal" --autoplay --ai-vs-ai --map "$T/m.png" --turns 6 --json
vg "shoal-editor" 0 "$BUILD/shoal-editor" "$T/m.png" --screenshot "$T/ed.png"
printf 'not a png' >"$T/bad.png"
vg "a bad map is refused cleanly" 2 "$BUILD/shoal-map" info "$T/bad.png"
vg "shoal refuses the bad map cleanly too" 2 "$BUILD/shoal" --autoplay --map "$T/bad.png"
# The map loader over the PNG corpus: ASan cannot see a read of memory
# never set, which is how stb_image coloured pixels past a short palette
# (badpal-*: refused now, exit 2) differently in each build.
for f in "$(dirname "$0")"/../tools/fuzz/corpus/map_png/*.png; do
    want=0
    case ${f##*/} in badpal-*) want=2 ;; esac
    vg "shoal-map info on the corpus's ${f##*/}" "$want" "$BUILD/shoal-map" info "$f"
done
e2e_done e2e_valgrind
