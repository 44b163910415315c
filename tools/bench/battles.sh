#!/usr/bin/env bash
# battles: the figures of the naval rules and the admiral over many seeded
# battles, from `shoal --autoplay --json` (deterministic: the same build
# prints the same table; no timing in it). Per fleet size: how many battles
# run to the turn limit, who wins, how ships end (sunk or struck, and how
# many of those struck were taken as prizes), boardings and groundings; then
# the admirals' ladder (hard, normal, easy, random orders), each pair over
# both seatings of every seed. The fleet rows run on generated seas and on
# every shipped map (data/maps), each with the median turn of the first
# broadside (the pace).
# Usage: [JOBS=N] tools/bench/battles.sh [BUILD] [SEEDS]   (defaults: build 100,
# the fleet rows' battles N = nproc at a time)
set -u
BUILD=${1:-build}
SEEDS=${2:-100}
JOBS=${JOBS:-$(nproc)}
B="$BUILD/shoal"
[[ "$SEEDS" =~ ^[1-9][0-9]*$ ]] || { echo "battles: '$SEEDS' must be a whole number from 1" >&2; exit 2; }
[ -x "$B" ] || { echo "battles: $B not found; build it first (make BUILD=$BUILD)" >&2; exit 2; }

# One JSON line per battle on stdout: battle PLAYERS SHIPS SEED [MAP].
battle() {
    "$B" --autoplay --players "$1" --ships "$2" --seed "$3" ${4:+--map "$4"} --json ||
        { echo "battles: shoal --autoplay failed on seed $3${4:+ on $4}" >&2; exit 1; }
}

# Why ships lay still (the census keys of the JSON's "still", in its order).
STILL="anchored aground grappled dismasted boxed blocked firing holding irons idle"

# The fleet-size rows: turn limit, A's share of decided battles, endings,
# the pace. fleets N [MAP]: on MAP (a PNG), else on each seed's generated sea.
fleets() {
    local n=$1 map=${2:-} s
    # Battles in parallel (JOBS at once), read back in seed order.
    export -f battle
    export B
    seq 1 "$SEEDS" | xargs -P "$JOBS" -I{} bash -c 'battle normal,normal "$0" {} "$1"' "$n" "$map" |
        sort -t: -k2,2n | awk -v n="$n" -v why="$STILL" -v sea="${map:+$(basename "$map" .png)}" '
    BEGIN { nreasons = split(why, reasons, " ") }
    function pair(key,   m) {
        if (!match($0, "\"" key "\":\\[[0-9]+,[0-9]+\\]")) return 0
        m = substr($0, RSTART + length(key) + 4, RLENGTH - length(key) - 5)
        split(m, v, ",")
        return v[1] + v[2]
    }
    function num(key) {
        return match($0, "\"" key "\":[0-9]+") ? substr($0, RSTART + length(key) + 3, RLENGTH - length(key) - 3) + 0 : 0
    }
    {
        all++
        # What decided it, not the turn count: a goal met on the last turn is no limit.
        if ($0 ~ /"decided_by":"turn_limit/) limit++
        if ($0 ~ /"first_broadside":null/) first[all] = 1e9
        else first[all] = num("first_broadside")
        if ($0 ~ /"winner":"A"/) a++
        if ($0 ~ /"winner":"B"/) b++
        ships += pair("ships"); sunk += pair("sunk"); struck += pair("struck")
        prizes += pair("prizes"); boardings += pair("boardings"); groundings += pair("groundings")
        turns += num("turns")
        shipturns += pair("ship_turns")
        for (r = 1; r <= nreasons; r++) still[r] += pair(reasons[r])
        if (num("quiet_max") >= 15) { standoffs++; standoff_seeds = standoff_seeds " " num("seed") }
    }
    END {
        # The median turn of the first broadside (battles with none count as never).
        for (i = 1; i <= all; i++)
            for (j = i + 1; j <= all; j++)
                if (first[j] < first[i]) { t = first[i]; first[i] = first[j]; first[j] = t }
        if (all % 2) mid = first[(all + 1) / 2]
        else mid = (first[all / 2] + first[all / 2 + 1]) / 2
        if (mid >= 1e9) pace = "never"
        else pace = sprintf("turn %.1f", mid)
        if (sea == "") sea = "generated"
        printf "%s %dv%d  %3d battles  first broadside %s  turn limit %5.1f%%  A wins %5.1f%% of decided  ", sea, n, n, all, pace, 100 * limit / all, a + b ? 100 * a / (a + b) : 0
        printf "sunk %5.1f%%  struck %5.1f%%  taken %5.1f%% of ships  mean %.1f turns  ", 100 * sunk / ships, 100 * struck / ships, 100 * prizes / ships, turns / all
        printf "per battle: %.2f boardings, %.2f groundings\n", boardings / all, groundings / all
        for (r = 1; r <= nreasons; r++) lay += still[r]
        printf "      ship-turns %d, without moving a hex %5.1f%%:", shipturns, 100 * lay / shipturns
        for (r = 1; r <= nreasons; r++) printf " %s %.1f%%", reasons[r], 100 * still[r] / shipturns
        printf "\n      stand-offs (15 turns in a row without a shot, both sides fighting): %d%s%s\n", standoffs, standoffs ? ", seeds" : "", standoff_seeds
    }'
}

# One rung: P1 against P2, both seatings of every seed (3 ships a side).
rung() {
    local s seat pl
    for s in $(seq 1 "$SEEDS"); do
        for seat in 0 1; do
            if [ "$seat" = 0 ]; then pl="$1,$2"; else pl="$2,$1"; fi
            battle "$pl" 3 "$s" | sed "s/^/$seat /"
        done
    done | awk -v p1="$1" -v p2="$2" '
    {
        if ($0 ~ /"winner":"draw"/) d++
        else if (($1 == 0 && $0 ~ /"winner":"A"/) || ($1 == 1 && $0 ~ /"winner":"B"/)) w1++
        else w2++
        all++
    }
    END {
        printf "%-6s against %-6s %3d of %d won (%5.1f%%; %5.1f%% of the decided), %d lost, %d drawn\n", p1, p2, w1, all,
               100 * w1 / all, w1 + w2 ? 100 * w1 / (w1 + w2) : 0, w2, d
    }'
}

echo "shoal battles: $SEEDS seeds, the computer on both sides (normal), $B"
fleets 3
fleets 8
# BATTLES_MAPS="A.png B.png" (set, maybe empty): only these maps.
for m in ${BATTLES_MAPS-"$(dirname "$0")"/../../data/maps/*.png}; do
    fleets 3 "$m"
    fleets 8 "$m"
done
rung hard normal
rung normal easy
rung easy random
rung hard easy
rung normal random
