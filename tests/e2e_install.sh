#!/usr/bin/env bash
# e2e_install: `make install` into a DESTDIR gives binaries that find their
# data away from the source tree.
set -u
BUILD=${1:-build}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
ok() { echo "  ok   $1"; }
bad() { echo "  FAIL $1"; fails=$((fails + 1)); }

if make -s --no-print-directory install BUILD="$BUILD" PREFIX=/usr DESTDIR="$T/root" >"$T/log" 2>&1; then
    ok "make install"
else
    bad "make install: $(tail -3 "$T/log")"
fi
for b in shoal shoal-map shoal-bench shoal-editor; do
    [ -x "$T/root/usr/bin/$b" ] && ok "installed $b" || bad "installed $b"
done
for d in maps fonts sprites; do
    [ -d "$T/root/usr/share/shoal/$d" ] && ok "installed data/$d" || bad "installed data/$d"
done
# Run from elsewhere, with no SHOAL_DATA: the binary finds ../share/shoal.
(cd "$T" && env -u SHOAL_DATA "$T/root/usr/bin/shoal" --screenshot "$T/shot.png" --frames 2 --size 320x200) &&
    [ -s "$T/shot.png" ] && ok "installed shoal finds its data" || bad "installed shoal finds its data"
"$T/root/usr/bin/shoal-map" info "$T/root/usr/share/shoal/maps/open-waters.png" | grep -q "Open Waters" &&
    ok "installed maps load" || bad "installed maps load"

[ $fails -eq 0 ] && echo "e2e_install: all passed" || echo "e2e_install: $fails failed"
[ $fails -eq 0 ]
