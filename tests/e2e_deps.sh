#!/usr/bin/env bash
# e2e_deps: every command and Python module that the tests, the fuzz and
# bench scripts, the Makefile's recipes and the sound generator e2e_sounds
# runs use comes from a Debian package that `make check` installs
# (RUN_PKGS + TEST_PKGS) or that every Debian system has; a machine that
# never ran `make bench` must pass make check.
set -u
. tests/lib_e2e.sh
PY=/usr/bin/python3
files=(tests/*.sh tests/*.py tools/fuzz/run.sh tools/*/*.sh tools/sounds/make_sounds.py Makefile)

lists=$(make -s --no-print-directory print-pkgs) || { no "make print-pkgs"; e2e_done e2e_deps; exit; }
pkgs=$(sed -n 's/^\(run\|test\): //p' <<<"$lists" | tr '\n' ' ')
# The check itself can fail: with a package the tests need dropped from
# the lists it names that package (--without: the same run, checked again).
drops=(python3-pil python3-numpy valgrind clang-format sox)
without=()
for drop in "${drops[@]}"; do without+=(--without "$drop"); done
out=$("$PY" tests/deps_check.py "${without[@]}" $pkgs -- "${files[@]}" 2>&1)
rc=$?
summary=$(grep '^deps_check: ' <<<"$out")
if [ "$rc" = 0 ] && [ -n "$summary" ]; then
    ok "$summary"
else
    no "packages the tests need but make check does not install:"$'\n'"$(grep -v '^without ' <<<"$out")"
fi
for drop in "${drops[@]}"; do
    line=$(grep "^without $drop: " <<<"$out")
    if grep -q "^without $drop: caught: .*package $drop," <<<"$line"; then
        ok "dropping $drop is caught, naming the package"
    else
        no "dropping $drop from the lists goes unnoticed: ${line:-no answer}"
    fi
done
e2e_done e2e_deps
