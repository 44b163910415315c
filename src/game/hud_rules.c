/* hud_rules: the battle's rules in short lines for the help's Rules page,
 * every number read from the rules' own tables (core/fleet.h), so the
 * page cannot disagree with the game. */
#include <stdarg.h>
#include <stdio.h>

#include "battle.h"
#include "core/fleet.h"
#include "hud.h"

/* The degrees each point of sail lies off the wind (a hex side is 60). */
static const int sail_degrees[FLEET_SAILS] = {0, 60, 120, 180};

static void row(HudRulesRow *rows, int *n, int cap, const char *topic, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static void row(HudRulesRow *rows, int *n, int cap, const char *topic, const char *fmt, ...)
{
    if (*n >= cap) return;
    HudRulesRow *r = &rows[(*n)++];
    snprintf(r->topic, sizeof r->topic, "%s", topic);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->text, sizeof r->text, fmt, ap);
    va_end(ap);
}

/* "sloop 6, frigate 4, ship of the line 4 points" for point of sail s. */
static void speeds(int s, char *buf, size_t cap)
{
    const FleetClass *k = fleet_classes;
    snprintf(buf, cap, "%s %d, %s %d, %s %d points", battle_class_name(FLEET_SLOOP),
             k[FLEET_SLOOP].speed[s], battle_class_name(FLEET_FRIGATE), k[FLEET_FRIGATE].speed[s],
             battle_class_name(FLEET_LINE), k[FLEET_LINE].speed[s]);
}

static void sailing(HudRulesRow *rows, int *n, int cap)
{
    char buf[128], topic[40];
    row(rows, n, cap, "Points of sail",
        "the angle between her heading and where the wind blows from");
    for (int s = 0; s < FLEET_SAILS; s++) {
        snprintf(topic, sizeof topic, "  %s (%d\xC2\xB0)", fleet_sail_name(s), sail_degrees[s]);
        if (s == FLEET_IN_IRONS) {
            row(rows, n, cap, topic, "no way ahead; she may still turn one side to fall off");
            continue;
        }
        speeds(s, buf, sizeof buf);
        row(rows, n, cap, topic, "%s%s", buf, s == FLEET_BROAD_REACH ? ": the fastest" : "");
    }
    row(rows, n, cap, "The rose",
        "round the selected ship: on each heading, the hexes she could sail on it");
    const FleetClass *k = fleet_classes;
    row(rows, n, cap, "Allowance",
        "a hex ahead costs %d points; a turn of one side %d / %d / %d (sloop / frigate / line)",
        FLEET_HEX_COST, k[FLEET_SLOOP].turn_cost, k[FLEET_FRIGATE].turn_cost,
        k[FLEET_LINE].turn_cost);
    const int *w = fleet_wind_pct;
    row(rows, n, cap, "", "wind 0-5 scales it (%d, %d, %d, %d, %d, %d%%); lost rigging slows her",
        w[0], w[1], w[2], w[3], w[4], w[5]);
}

/* Drift, the shore and the anchor: what happens to a ship with no way on
 * (core/skirmish_turn.c's drift phase and the turn's end). */
static void shore(HudRulesRow *rows, int *n, int cap)
{
    const int *d = fleet_drift_pct;
    int lo = FLEET_GROUND_HULL, hi = FLEET_GROUND_HULL + FLEET_GROUND_HULL_ROLL - 1;
    row(rows, n, cap, "Drift",
        "no way on (no hex entered; no turn, or a turn into irons), or a wreck: a hex downwind");
    row(rows, n, cap, "", "on %d, %d, %d, %d, %d, %d%% by wind 0-5; a ship in the way stops her",
        d[0], d[1], d[2], d[3], d[4], d[5]);
    row(rows, n, cap, "Aground",
        "drifted onto land: %d-%d hull (%d-%d at wind %d+); she cannot sail or drift", lo, hi,
        lo + 1, hi + 1, FLEET_POUND_WIND);
    row(rows, n, cap, "",
        "later turns' ends: pounds %d hull at wind %d+; kedges off %d%% (%d%% under half crew)",
        FLEET_POUND_HULL, FLEET_POUND_WIND, FLEET_KEDGE_PCT, FLEET_KEDGE_PCT / 2);
    row(rows, n, cap, "",
        "floats free once land is no longer downwind; a wreck goes to pieces %d%% a turn",
        FLEET_WRECK_BREAK_PCT);
    row(rows, n, cap, "Anchor",
        "let go at her path's end: no drift, no path; weighing takes the turn; striking parts it");
}

static void gunnery(HudRulesRow *rows, int *n, int cap)
{
    const int(*h)[3] = fleet_hit_pct_table[FLEET_LONG_GUNS];
    const int(*c)[3] = fleet_hit_pct_table[FLEET_CARRONADES];
    const int(*hull)[3] = fleet_hit_hull_table[FLEET_LONG_GUNS];
    const int(*chull)[3] = fleet_hit_hull_table[FLEET_CARRONADES];
    row(rows, n, cap, "Arcs, range",
        "120\xC2\xB0 off each side (bow, stern blind); short 1-%d, medium %d-%d, long %d-%d hexes",
        FLEET_RANGE_SHORT, FLEET_RANGE_SHORT + 1, FLEET_RANGE_MEDIUM, FLEET_RANGE_MEDIUM + 1,
        FLEET_RANGE_LONG);
    row(rows, n, cap, "Round shot",
        "hits %d / %d / %d%% by range: hull; may kill crew (%d%%) or a gun (%d%%)",
        h[FLEET_ROUND][FLEET_SHORT], h[FLEET_ROUND][FLEET_MEDIUM], h[FLEET_ROUND][FLEET_LONG],
        FLEET_ROUND_CREW_PCT, FLEET_ROUND_GUN_PCT);
    row(rows, n, cap, "Chain shot", "hits %d / %d%%, not at long range: rigging, which slows her",
        h[FLEET_CHAIN][FLEET_SHORT], h[FLEET_CHAIN][FLEET_MEDIUM]);
    row(rows, n, cap, "Grape",
        "hits %d / %d%%, not at long range: a crew a hit, a second on %d%%; no hull or rigging",
        h[FLEET_GRAPE][FLEET_SHORT], h[FLEET_GRAPE][FLEET_MEDIUM], FLEET_GRAPE_CREW_PCT);
    row(rows, n, cap, "Double shot",
        "first fire only, short range (else she holds): hits %d%%, %d hull; each gun bursts %d%%",
        h[FLEET_DOUBLE][FLEET_SHORT], hull[FLEET_DOUBLE][FLEET_SHORT], FLEET_BURST_PCT);
    row(rows, n, cap, "Carronades",
        "sloops: a short-range hit takes %d hull (double %d); round hits %d / %d%%, none at long",
        chull[FLEET_ROUND][FLEET_SHORT], chull[FLEET_DOUBLE][FLEET_SHORT],
        c[FLEET_ROUND][FLEET_SHORT], c[FLEET_ROUND][FLEET_MEDIUM]);
    row(rows, n, cap, "Raking",
        "firing from her bow or stern wedge: +%d%% to hit (%d%% at most); crew lost %d%%",
        FLEET_RAKE_BONUS_PCT, FLEET_HIT_PCT_MAX, FLEET_ROUND_CREW_RAKED_PCT);
    row(rows, n, cap, "Reloading",
        "silent the turn after she fires; under half her crew, fewer guns; land, ships block");
}

/* Grapples, the melee and prizes (core/skirmish_board.c). */
static void boarding(HudRulesRow *rows, int *n, int cap)
{
    const int(*m)[FLEET_MELEE_ODDS][2] = fleet_melee_table;
    row(rows, n, cap, "Boarding",
        "alongside her mark: grapples hold %d%% + %d%% x crew share; colliding, ships foul %d%%",
        FLEET_GRAPPLE_PCT, FLEET_GRAPPLE_CREW_PCT, FLEET_FOUL_PCT);
    row(rows, n, cap, "",
        "melee by crew odds: at 2:1 boarders lose %d-%d%%, defenders %d-%d%%; under half, carried",
        m[FLEET_MELEE_ROWS - 1][FLEET_MELEE_ODDS - 1][0], m[0][FLEET_MELEE_ODDS - 1][0],
        m[0][FLEET_MELEE_ODDS - 1][1], m[FLEET_MELEE_ROWS - 1][FLEET_MELEE_ODDS - 1][1]);
    row(rows, n, cap, "Prizes",
        "a wreck held at the turn's end is taken: a quarter crew sails her, fights no more");
}

static void fates(HudRulesRow *rows, int *n, int cap)
{
    row(rows, n, cap, "Striking",
        "at once when crew falls below a quarter; hull below a quarter: %d%% each turn",
        FLEET_MORALE_STRIKE_PCT);
    row(rows, n, cap, "Sinking",
        "at 0 hull; a ship that strikes is a wreck, adrift, and founders %d%% a turn",
        FLEET_WRECK_FOUNDER_PCT);
    row(rows, n, cap, "Wind", "after each turn: veers one side %d%%, freshens %d%%, slackens %d%%",
        FLEET_VEER_PCT, FLEET_FRESHEN_PCT, FLEET_SLACKEN_PCT);
    const FleetClass *k = fleet_classes;
    row(rows, n, cap, "Winning",
        "no enemy fighting; at the limit the most points: damage, ships taken at %d / %d / %d",
        k[FLEET_SLOOP].value, k[FLEET_FRIGATE].value, k[FLEET_LINE].value);
}

int hud_rules_rows(HudRulesRow *rows, int cap)
{
    int n = 0;
    sailing(rows, &n, cap);
    shore(rows, &n, cap);
    gunnery(rows, &n, cap);
    boarding(rows, &n, cap);
    fates(rows, &n, cap);
    return n;
}
