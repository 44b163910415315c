#!/usr/bin/env bash
# e2e_house: the house's shape holds (tests/house_check.py: no include
# cycles, core without SDL, files and functions of a size to hold in your
# head), and the check notices a breach.
set -u
. tests/lib_e2e.sh
PY=/usr/bin/python3
if out=$("$PY" tests/house_check.py 2>&1); then
    ok "$(tail -n 1 <<<"$out")"
else
    no "the house:"$'\n'"$out"
fi

# A copy of the tree with a cycle, a core file that includes SDL and one
# function too long: each is named.
mkdir -p "$T/tree"
cp -r src tools "$T/tree/"
cp tests/house_check.py "$T/"
echo '#include "../ui/text.h"' >>"$T/tree/src/core/err.h"
echo '#include "core/err.h"' >>"$T/tree/src/ui/text.h"
echo '#include <SDL.h>' >>"$T/tree/src/core/kv.c"
{ echo 'void too_long(void);'; echo 'void too_long(void)'; echo '{'
  for i in $(seq 120); do echo "    (void)$i;"; done; echo '}'; } >>"$T/tree/src/core/kv.c"
out=$(cd "$T/tree" && "$PY" ../house_check.py 2>&1)
grep -q "include cycle between modules: src/core/err <-> src/ui/text" <<<"$out" && ok "a cycle is named" ||
    no "cycle not found: $(head -n 3 <<<"$out")"
grep -q "src/core/kv.c: core includes SDL" <<<"$out" && ok "SDL in core is named" || no "SDL in core not found"
grep -q "too_long is 123 lines" <<<"$out" && ok "a long function is named" || no "long function not found"
e2e_done e2e_house
