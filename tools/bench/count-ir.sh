#!/usr/bin/env bash
# count-ir: instructions per fish per step of the sea, a figure load cannot
# move: shoal-bench is run twice under cachegrind (one thread, no warmup),
# for S1 and S2 steps, and the difference of the two counts is divided by
# (S2 - S1) x fish, so set-up, the shore bake and the final metrics cancel.
# Prints the whole run's figure and the functions that make it up.
# Usage: tools/bench/count-ir.sh [BUILD] [FISH] [S1] [S2]
#        (defaults: build 10000 40 90: steps 40-90 of 10,000 fish)
set -u
BUILD=${1:-build}
FISH=${2:-10000}
S1=${3:-40}
S2=${4:-90}
B="$BUILD/shoal-bench"
for v in "$FISH" "$S1" "$S2"; do
    [[ "$v" =~ ^[1-9][0-9]*$ ]] || { echo "count-ir: '$v' must be a whole number from 1" >&2; exit 2; }
done
[ "$S2" -gt "$S1" ] || { echo "count-ir: S2 ($S2) must be more than S1 ($S1)" >&2; exit 2; }
[ -x "$B" ] || { echo "count-ir: $B not found; build it first (make build-all BUILD=$BUILD)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "count-ir: valgrind not found (make bench installs it)" >&2; exit 2; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# count STEPS: cachegrind of one run; its per-function counts to $T/STEPS.fn
# ("IR FUNCTION" lines) and its total to $T/STEPS.total.
count() {
    if ! valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file="$T/$1.out" \
        "$B" --fish "$FISH" --threads 1 --warmup 0 --steps "$1" >"$T/$1.log" 2>&1; then
        echo "count-ir: shoal-bench --fish $FISH --steps $1 failed under valgrind:" >&2
        tail -n 3 "$T/$1.log" >&2
        exit 1
    fi
    sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$T/$1.out" >"$T/$1.total"
    # A function's lines inlined from headers count under each header:
    # summed by function name.
    cg_annotate --auto=no --threshold=0 "$T/$1.out" 2>/dev/null |
        awk '$1 ~ /^[0-9,]+$/ && $NF ~ /:/ { gsub(",", "", $1); f = $NF; sub(/.*:/, "", f); s[f] += $1 }
             END { for (f in s) print s[f], f }' >"$T/$1.fn"
}
count "$S1"
count "$S2"

per=$(((S2 - S1) * FISH))
echo "shoal-bench --fish $FISH --threads 1, steps $S1-$S2 (cachegrind, the difference of two runs):"
awk -v a="$(cat "$T/$S1.total")" -v b="$(cat "$T/$S2.total")" -v n="$per" \
    'BEGIN { printf "  %-44s %7.1f instructions per fish per step\n", "the whole run", (b - a) / n }'
# Per function: the S2 run's count less the S1 run's, largest first.
awk -v n="$per" 'NR == FNR { a[$2] = $1; next } { d = $1 - a[$2]; if (d / n >= 1) printf "%.1f %s\n", d / n, $2 }' \
    "$T/$S1.fn" "$T/$S2.fn" | sort -rn | head -n 12 | awk '{ printf "  %-44s %7.1f\n", $2, $1 }'
