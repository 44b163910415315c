#!/usr/bin/env bash
# e2e_fuzz_regress: what tools/fuzz/fuzz_script found in the editor's
# --script reader, replayed against the real shoal-editor (the settings and
# command-line findings are in tests/test_fuzz_regress.c): a NUL byte in a
# line, and a key combo longer than the reader's buffer, are refused with
# one line naming the file and line; the 1022-byte line limit holds on
# both sides; and a scripted key held down (Space) acts like a real one.
# Usage: tests/e2e_fuzz_regress.sh BUILD
set -u
BUILD="${1:-build}"
BIN="$BUILD/shoal-editor"
PY=/usr/bin/python3
. "$(dirname "$0")/lib_e2e.sh"

# script NAME PYTHON-BYTES: writes $T/NAME.txt from a Python bytes literal.
script() {
    "$PY" -c "import sys; sys.stdout.buffer.write($2)" >"$T/$1.txt"
}

# expect_bad NAME NEEDLE: the editor on script NAME exits 2 before any
# window, with exactly one stderr line starting "shoal-editor: FILE:" and
# holding NEEDLE, and nothing on stdout.
expect_bad() {
    local name=$1 needle=$2 f="$T/$1.txt"
    timeout 60 "$BIN" --new 64x64 --script "$f" >"$T/out" 2>"$T/err"
    local rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] &&
        grep -qF -- "shoal-editor: $f:$needle" "$T/err" && [ ! -s "$T/out" ]; then
        ok "$name"
    else
        no "$name (rc=$rc, stderr: $(head -c 300 "$T/err"))"
    fi
}

# A NUL inside a line was read by fgets as the end of the string: the line
# was then called longer than 1022 characters (it has 8 bytes) ...
script nul-mid "b'wait 1\nwa\x00it 2\nquit\n'"
expect_bad nul-mid "2: not a text file (a NUL byte)"
# ... or, on a last line without a newline, the rest was silently dropped
# and "quit" ran.
script nul-last "b'wait 1\nquit\x00 junk'"
expect_bad nul-last "2: not a text file (a NUL byte)"

# A combo cut at 127 bytes read as another key: ctrl+...+f10 as ctrl+f1.
script long-combo "b'key ' + b'ctrl+' * 25 + b'f10\n'"
expect_bad long-combo "1: unknown key 'ctrl+ctrl+"

# The line limit: 1022 bytes are read (a comment: the script is empty and
# the editor exits after its first frames), 1023 are refused.
script line-1022 "b'#' * 1022 + b'\n'"
timeout 60 "$BIN" --new 64x64 --script "$T/line-1022.txt" >"$T/out" 2>"$T/err"
rc=$?
if [ $rc -eq 0 ] && [ ! -s "$T/err" ]; then
    ok "line-1022"
else
    no "line-1022 (rc=$rc, stderr: $(head -c 300 "$T/err"))"
fi
script line-1023 "b'#' * 1023"
expect_bad line-1023 "1: line longer than 1022 characters"

# Found while writing that harness, in the replay half: scripted keys got
# their scancode when the script was read, before SDL_Init, so every one
# was 0 and a held Space never made a drag pan. The same drag without Space
# paints (the control), with Space held it must leave the map untouched.
run_print() {
    timeout 60 "$BIN" --new 256x256 --script "$T/$1.txt" 2>"$T/err" | tail -1
}
script drag-paints "b'key tab\ndrag 400 300 600 400\nprint\n'"
script space-pans "b'key tab\nkeydown space\ndrag 400 300 600 400\nkeyup space\nprint\n'"
paints=$(run_print drag-paints)
pans=$(run_print space-pans)
if [[ "$paints" == *" dirty=1 undo=1 "* ]] && [[ "$pans" == *" dirty=0 undo=0 "* ]]; then
    ok "space-drag pans"
else
    no "space-drag pans (plain drag: ${paints:0:80}; with space: ${pans:0:80}; $(head -c 200 "$T/err"))"
fi

e2e_done e2e_fuzz_regress
