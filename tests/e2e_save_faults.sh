#!/usr/bin/env bash
# e2e_save_faults: a map save is all or nothing as the user sees it. A
# kill (SIGKILL) or an error (EIO) is injected with strace at each rename,
# link, write, fsync and unlink of `shoal-map gen` saving over an old
# map; the next open (shoal-map info, which settles what was cut short)
# must find the old pair or the new pair whole, and nothing of ours left
# beside it. Skipped with a message where strace cannot inject.
set -u
. tests/lib_e2e.sh
BUILD=${SHOAL_BUILD:-build}
BIN="$BUILD/shoal-map"
if ! strace -f -qq -o /dev/null -e inject=getpid:error=EIO:when=1 true 2>/dev/null; then
    echo "  skip strace cannot trace or inject here (ptrace not permitted?)"
    e2e_done e2e_save_faults
    exit
fi
gen() { "$BIN" gen --seed "$1" --size 96x64 --land 0.3 -o "$2" >/dev/null 2>&1; }
mkdir -p "$T/old" "$T/new" "$T/w"
gen 1 "$T/old/m.png" && gen 2 "$T/new/m.png" || { no "cannot make the two maps"; e2e_done e2e_save_faults; exit; }
cmp -s "$T/old/m.png" "$T/new/m.png" && no "the two maps are the same"

# same_pair: the working folder holds exactly m.png and m.ini, both old or both new.
same_pair() {
    local which
    for which in old new; do
        if cmp -s "$T/w/m.png" "$T/$which/m.png" && cmp -s "$T/w/m.ini" "$T/$which/m.ini"; then
            [ "$(ls -A "$T/w" | tr '\n' ' ')" = "m.ini m.png " ] && { echo "$which"; return 0; }
            echo "leftovers: $(ls -A "$T/w" | tr '\n' ' ')"
            return 1
        fi
    done
    echo "mixed pair: $(ls -A "$T/w" | tr '\n' ' ')"
    return 1
}

runs=0
bad=0
olds=0 # faults that struck before the commit point: the old pair stands
for how in signal=SIGKILL error=EIO; do
    for call in rename link write fsync unlink; do
        for n in 1 2 3 4 5 6 7 8; do
            rm -rf "$T/w" && mkdir -p "$T/w" && cp "$T/old/m.png" "$T/old/m.ini" "$T/w/"
            # (Inside sh -c, so the shell's "Killed" note goes to /dev/null too.)
            sh -c 'strace -f -qq -o /dev/null -e trace="$1" -e inject="$1:$2:when=$3" "$4" gen \
                --seed 2 --size 96x64 --land 0.3 -o "$5"; exit 0' - "$call" "$how" "$n" "$BIN" \
                "$T/w/m.png" >/dev/null 2>&1
            "$BIN" info "$T/w/m.png" >"$T/info" 2>&1 || { no "$how at $call #$n: the map no longer opens: $(head -c 200 "$T/info")"; bad=$((bad + 1)); continue; }
            if ! got=$(same_pair); then
                no "$how at $call #$n: $got"
                bad=$((bad + 1))
            fi
            [ "$got" = old ] && olds=$((olds + 1))
            runs=$((runs + 1))
        done
    done
done
[ "$bad" = 0 ] && ok "$runs injected kills and errors: every time the old pair or the new pair, nothing left over"
# The faults struck inside the save, not past its end: many left the old pair.
[ "$olds" -ge 10 ] && [ "$olds" -lt "$runs" ] && ok "$olds of $runs left the old pair, the rest the new" ||
    no "only $olds of $runs runs left the old pair: did the injection reach the save?"

# Saving over a folder named like the map writes nothing at all.
rm -rf "$T/w" && mkdir -p "$T/w/m.png"
if "$BIN" gen --seed 2 --size 96x64 -o "$T/w/m.png" >"$T/out" 2>&1; then
    no "saving over a folder succeeded"
elif [ "$(ls -A "$T/w")" = "m.png" ] && grep -q "m.png: is a directory" "$T/out"; then
    ok "saving over a folder is refused, leaving no stray sidecar"
else
    no "saving over a folder: $(ls -A "$T/w" | tr '\n' ' ') / $(head -c 200 "$T/out")"
fi

# Saving through a symlink (link.png -> m.png): the pair goes together to
# the target's name, m.png and m.ini; no link.ini, which the target's
# loads would never read.
rm -rf "$T/w" && mkdir -p "$T/w" && cp "$T/old/m.png" "$T/old/m.ini" "$T/w/" && ln -s m.png "$T/w/link.png"
gen 2 "$T/w/link.png"
if [ "$(ls -A "$T/w" | tr '\n' ' ')" != "link.png m.ini m.png " ] || [ ! -L "$T/w/link.png" ]; then
    no "saving through a link left: $(ls -A "$T/w" | tr '\n' ' ')"
elif ! cmp -s "$T/w/m.png" "$T/new/m.png" || cmp -s "$T/w/m.ini" "$T/old/m.ini"; then
    no "saving through a link: the target holds the new PNG beside its old sidecar"
elif [ "$("$BIN" info "$T/w/link.png" | tail -n +2)" != "$("$BIN" info "$T/w/m.png" | tail -n +2)" ]; then
    no "link.png and m.png read differently"
else
    ok "saving through a symlink writes the PNG and the sidecar to its target"
fi
e2e_done e2e_save_faults
