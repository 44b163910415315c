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
if out=$("$PY" tests/deps_check.py $pkgs -- "${files[@]}" 2>&1); then
    ok "$(tail -n 1 <<<"$out")"
else
    no "packages the tests need but make check does not install:"$'\n'"$out"
fi

# The check itself can fail: drop a package the tests need from the lists
# and it names that package.
for drop in python3-pil python3-numpy valgrind clang-format sox; do
    fewer=$(tr ' ' '\n' <<<"$pkgs" | grep -vx "$drop" | tr '\n' ' ')
    if out=$("$PY" tests/deps_check.py $fewer -- "${files[@]}" 2>&1); then
        no "dropping $drop from the lists goes unnoticed"
    elif grep -q "package $drop," <<<"$out"; then
        ok "dropping $drop is caught, naming the package"
    else
        no "dropping $drop: $(head -n 2 <<<"$out")"
    fi
done
e2e_done e2e_deps
