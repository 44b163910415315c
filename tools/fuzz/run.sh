#!/usr/bin/env bash
# run.sh: runs every fuzz harness of a fuzz build for SECONDS each on a copy
# of its seed corpus (tools/fuzz/corpus/NAME, never written to), prints the
# executions and findings of each, and exits 1 if any harness crashed.
# Usage: tools/fuzz/run.sh BUILD_DIR SECONDS [NAME...]
# (NAMEs such as `settings script` run only those harnesses.)
set -u
BUILD=${1:-build-fuzz}
SECONDS_EACH=${2:-60}
shift $(($# < 2 ? $# : 2))
ONLY=" $* "
HERE=$(cd "$(dirname "$0")" && pwd)
# Longest input tried per harness: PNG maps need room for a few chunks;
# sidecars are capped at 64 KiB by the loader but interesting ones are short;
# a save with 16 ships is about 6 KB; settings files are short; a script
# needs room past its 1022-byte line limit; a command line of a dozen
# arguments fits in 512 bytes, past the 64-byte flag buffers; a network
# packet of a real battle (a welcome) fits in 64 KiB, and larger ones come
# from fuzz_net's recipes (see its comment), up to the 16 MiB map.
declare -A MAX_LEN=([map_png]=65536 [sidecar]=4096 [save]=16384 [cli]=128 [settings]=4096
    [script]=4096 [options]=512 [editor_args]=512 [bench_args]=512 [scenario]=4096 [net]=65536)
declare -A DICT=([sidecar]=sidecar.dict [save]=save.dict [map_png]=png.dict
    [settings]=settings.dict [script]=script.dict [options]=options.dict
    [editor_args]=editor_args.dict [bench_args]=bench_args.dict [scenario]=scenario.dict
    [net]=net.dict)
fail=0
summary=()
for bin in "$BUILD"/fuzz_*; do
    [ -x "$bin" ] || continue
    name=${bin##*/fuzz_}
    [ "$ONLY" = "  " ] || [[ "$ONLY" == *" $name "* ]] || continue
    work="$BUILD/corpus/$name"
    findings="$BUILD/findings/$name"
    rm -rf "$findings"
    mkdir -p "$work" "$findings"
    log="$BUILD/$name.log"
    args=(-max_total_time="$SECONDS_EACH" -rss_limit_mb=2048 -max_len="${MAX_LEN[$name]:-4096}"
        -print_final_stats=1 -artifact_prefix="$findings/")
    [ -n "${DICT[$name]:-}" ] && args+=(-dict="$HERE/${DICT[$name]}")
    echo "== fuzz_$name: ${SECONDS_EACH}s"
    # New inputs go to the work corpus; the committed seeds are only read.
    "$bin" "${args[@]}" "$work" "$HERE/corpus/$name" >"$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    cov=$(grep -a -o 'cov: [0-9]*' "$log" | tail -1)
    crashes=$(find "$findings" -type f | wc -l)
    line="fuzz_$name: ${execs:-?} executions, ${cov:-cov: ?}, exit $rc, $crashes finding(s) in $findings"
    echo "$line"
    summary+=("$line")
    if [ "$rc" -ne 0 ] || [ "$crashes" -gt 0 ]; then
        fail=1
        grep -a -m1 -E 'ERROR|fuzz check failed' "$log"
        echo "   log: $log"
    fi
done
echo "== fuzz summary"
printf '%s\n' "${summary[@]}"
exit $fail
