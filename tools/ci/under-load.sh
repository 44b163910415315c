#!/usr/bin/env bash
# under-load: `make check` from a clean clone of HEAD while other processes
# keep every core busy, as on a loaded CI machine; RUNS runs in a row. A
# check that a busy machine can fail shows here. Prints each run's time and
# its closing lines, keeps each run's log, and exits 1 at the first failure.
#
#   tools/ci/under-load.sh [RUNS [LOADERS]]   default: 3 runs, one loader a core
#
# Logs: $SHOAL_LOAD_LOGS (default /tmp/shoal-under-load), run-N.log each.
set -u
cd "$(dirname "$0")/../.."
runs=${1:-3}
loaders=${2:-$(nproc 2>/dev/null || echo 2)}
for v in "$runs" "$loaders"; do
    [[ "$v" =~ ^[1-9][0-9]*$ ]] || { echo "under-load: '$v' is not a whole number from 1 (usage: tools/ci/under-load.sh [RUNS [LOADERS]])" >&2; exit 2; }
done
logs=${SHOAL_LOAD_LOGS:-/tmp/shoal-under-load}
mkdir -p "$logs" || exit 2
repo=$(pwd)
# Every run tests the commit HEAD was when the script began, so commits made
# while it runs do not mix into the series.
commit=$(git rev-parse HEAD) || exit 2
head=${commit:0:7}
[ -z "$(git status --porcelain --untracked-files=no)" ] ||
    echo "under-load: note: uncommitted changes are not in the clone of $head"

busy=()
stop_load() {
    for p in "${busy[@]}"; do kill "$p" 2>/dev/null; done
    busy=()
}
trap 'stop_load; rm -rf "${clone:-}"' EXIT
trap 'exit 130' INT TERM

for ((r = 1; r <= runs; r++)); do
    clone=$(mktemp -d)
    git clone -q "$repo" "$clone/main" || exit 1
    git -C "$clone/main" checkout -q "$commit" || exit 1
    # CI's layout: shared/ beside the clone, when the house has one.
    [ -d "$repo/../shared" ] && cp -r "$repo/../shared" "$clone/shared"
    for ((k = 0; k < loaders; k++)); do
        sh -c 'while :; do :; done' &
        busy+=($!)
    done
    s=$(date +%s)
    (cd "$clone/main" && CI=true make check) >"$logs/run-$r.log" 2>&1
    rc=$?
    stop_load
    took=$(($(date +%s) - s))
    echo "under-load: run $r of $runs on $head with $loaders busy loaders: $([ $rc = 0 ] && echo passed || echo FAILED) in $took s (log $logs/run-$r.log)"
    grep -E '^make [a-z-]+: |^suites: |^failed: ' "$logs/run-$r.log" | sed 's/^/    /'
    rm -rf "$clone"
    clone=
    [ "$rc" = 0 ] || exit 1
done
