/* fleet: rule tables and pure rule functions (see fleet.h and the README's
 * "Skirmish rules" section, which documents the same numbers). */
#include "fleet.h"

#include <assert.h>
#include <ctype.h>
#include <string.h>

/* Movement points: a hex ahead costs FLEET_HEX_COST (2), so a sloop turns
 * for half a hex, a frigate for one, a ship of the line for one and a half.
 * Broad reach is the fastest point of sail for square riggers; running is
 * a little slower. Ships of the line are slow and clumsy but carry the
 * weight of metal. A sloop's three guns a side are carronades: light
 * enough for her small hull, and at close range they hit like a frigate's
 * six (fleet_hit_hull_table). */
const FleetClass fleet_classes[FLEET_CLASSES] = {
    /* name      hull rig crew guns  irons close broad run  turn value ordnance */
    {"sloop", 8, 8, 8, 3, {0, 6, 10, 8}, 1, 10, FLEET_CARRONADES},
    {"frigate", 14, 10, 12, 6, {0, 4, 8, 8}, 2, 25, FLEET_LONG_GUNS},
    {"line", 24, 14, 20, 10, {0, 4, 6, 6}, 3, 50, FLEET_LONG_GUNS},
};

/* Calm and light airs slow everyone; a fresh breeze helps; in a gale ships
 * reef their sails and are back to moderate speed. */
const int fleet_wind_pct[6] = {50, 75, 100, 100, 125, 100};

/* A ship with no way on drifts: never in a calm, surely in a gale. */
const int fleet_drift_pct[6] = {0, 20, 35, 50, 70, 90};

const char *const fleet_shot_names[FLEET_SHOTS] = {"round", "chain", "grape", "double"};

const int fleet_hit_pct_table[FLEET_ORDNANCE][FLEET_SHOTS][3] = {
    {
        /* long guns: short medium long */
        {55, 35, 15}, /* round shot */
        {50, 30, 0},  /* chain shot: tumbles too much to reach long range */
        {55, 20, 0},  /* grape: a cloud of small balls that spreads and slows */
        {55, 0, 0},   /* double shot: two balls on a light charge, close aboard only */
    },
    {
        /* carronades: a short barrel throws wide beyond close range */
        {55, 25, 0},
        {50, 20, 0},
        {55, 15, 0},
        {55, 0, 0},
    },
};

const int fleet_hit_hull_table[FLEET_ORDNANCE][FLEET_SHOTS][3] = {
    {
        /* long guns: short medium long */
        {1, 1, 1}, /* round shot */
        {0, 0, 0}, /* chain shot cuts rigging */
        {0, 0, 0}, /* grape sweeps the deck */
        {2, 0, 0}, /* double shot: a second ball */
    },
    {
        /* carronades: their heavy ball smashes timber close aboard */
        {2, 1, 0},
        {0, 0, 0},
        {0, 0, 0},
        {3, 0, 0},
    },
};

/* Boarders at long odds bleed; at 2:1 or better they sweep the deck. */
const int fleet_melee_table[FLEET_MELEE_ROWS][FLEET_MELEE_ODDS][2] = {
    /* <1:2     <1:1      <3:2      <2:1      >=2:1   (attackers, defenders lost %) */
    {{50, 10}, {40, 15}, {30, 20}, {25, 25}, {20, 35}}, /* die 1-2 */
    {{40, 15}, {30, 20}, {25, 25}, {20, 35}, {15, 45}}, /* die 3-4 */
    {{30, 20}, {25, 25}, {20, 35}, {15, 45}, {10, 60}}, /* die 5-6 */
};

static const char *const sail_names[FLEET_SAILS] = {"in irons", "close-hauled", "broad reach",
                                                    "running"};

int fleet_class_from_name(const char *name)
{
    if (!name) return -1;
    for (int c = 0; c < FLEET_CLASSES; c++) {
        const char *a = fleet_classes[c].name, *b = name;
        while (*a && *b && tolower((unsigned char)*b) == *a) {
            a++;
            b++;
        }
        if (!*a && !*b) return c;
    }
    return -1;
}

const char *fleet_sail_name(int sail)
{
    return sail >= 0 && sail < FLEET_SAILS ? sail_names[sail] : "?";
}

void fleet_ship_init(FleetShip *s, int cls, int side, HexPose pose)
{
    assert(cls >= 0 && cls < FLEET_CLASSES);
    assert(side >= 0 && side < 2);
    const FleetClass *k = &fleet_classes[cls];
    memset(s, 0, sizeof *s);
    s->cls = cls;
    s->side = side;
    s->status = FLEET_AFLOAT;
    s->pose = pose;
    s->hull = k->hull;
    s->rigging = k->rigging;
    s->crew = k->crew;
    s->guns[FLEET_PORT] = s->guns[FLEET_STARBOARD] = k->guns;
    s->lashed = -1;
    s->first_fire[FLEET_PORT] = s->first_fire[FLEET_STARBOARD] = true;
}

bool fleet_ship_active(const FleetShip *s)
{
    return s->status == FLEET_AFLOAT && s->prize == FLEET_PRIZE_NONE;
}

bool fleet_ship_manned(const FleetShip *s)
{
    return s->status == FLEET_AFLOAT;
}

bool fleet_ship_can_sail(const FleetShip *s)
{
    return fleet_ship_manned(s) && s->rigging > 0 && !s->anchored && !s->aground && s->lashed < 0;
}

int fleet_ship_born(const FleetShip *s)
{
    return s->prize == FLEET_PRIZE_TAKEN ? !s->side : s->side;
}

int fleet_melee_odds(int attackers, int defenders)
{
    /* Compare in integers: a/d < 1/2 is 2a < d, and so on. */
    long a = attackers, d = defenders;
    if (2 * a < d) return 0;
    if (a < d) return 1;
    if (2 * a < 3 * d) return 2;
    if (a < 2 * d) return 3;
    return 4;
}

static int pct_up(int n, int pct)
{
    return (n * pct + 99) / 100;
}

void fleet_melee(int attackers, int defenders, int d6, int *att_lost, int *def_lost)
{
    if (d6 < 1) d6 = 1;
    if (d6 > 6) d6 = 6;
    const int *row = fleet_melee_table[(d6 - 1) / 2][fleet_melee_odds(attackers, defenders)];
    *att_lost = pct_up(attackers, row[0]);
    *def_lost = pct_up(defenders, row[1]);
}

bool fleet_melee_carried(int attackers, int defenders)
{
    return 2 * defenders < attackers;
}

int fleet_prize_crew(int cls)
{
    assert(cls >= 0 && cls < FLEET_CLASSES);
    return (fleet_classes[cls].crew + 3) / 4;
}

bool fleet_no_way_on(bool entered_hex, bool turned, int facing, int wind_from)
{
    return !entered_hex && (!turned || fleet_point_of_sail(facing, wind_from) == FLEET_IN_IRONS);
}

int fleet_drift_chance(int wind_strength)
{
    return fleet_drift_pct[wind_strength < 0 ? 0 : wind_strength > 5 ? 5 : wind_strength];
}

int fleet_downwind(int wind_from)
{
    return (((wind_from + HEX_DIRS / 2) % HEX_DIRS) + HEX_DIRS) % HEX_DIRS;
}

int fleet_point_of_sail(int facing, int wind_from)
{
    int d = (((facing - wind_from) % HEX_DIRS) + HEX_DIRS) % HEX_DIRS;
    return d <= 3 ? d : HEX_DIRS - d;
}

int fleet_allowance(int cls, int sail, int wind_strength, int rigging)
{
    if (cls < 0 || cls >= FLEET_CLASSES || sail <= FLEET_IN_IRONS || sail >= FLEET_SAILS ||
        rigging <= 0)
        return 0;
    const FleetClass *k = &fleet_classes[cls];
    if (rigging > k->rigging) rigging = k->rigging;
    if (wind_strength < 0) wind_strength = 0;
    if (wind_strength > 5) wind_strength = 5;
    long num = (long)k->speed[sail] * fleet_wind_pct[wind_strength] * rigging;
    long den = 100L * k->rigging;
    int a = (int)((2 * num + den) / (2 * den));
    return a < FLEET_HEX_COST ? FLEET_HEX_COST : a;
}

void fleet_move_cost(const FleetShip *s, int wind_from, int wind_strength, ChartMoveCost *out)
{
    assert(s->cls >= 0 && s->cls < FLEET_CLASSES);
    const FleetClass *k = &fleet_classes[s->cls];
    bool able = fleet_ship_can_sail(s);
    for (int d = 0; d < HEX_DIRS; d++) {
        int a = able ? fleet_allowance(s->cls, fleet_point_of_sail(d, wind_from), wind_strength,
                                       s->rigging)
                     : 0;
        out->forward[d] = a > 0 ? FLEET_HEX_COST : -1;
        out->limit[d] = a;
    }
    out->turn = k->turn_cost;
    int budget = able ? out->limit[((s->pose.facing % HEX_DIRS) + HEX_DIRS) % HEX_DIRS] : 0;
    if (able && budget < k->turn_cost) budget = k->turn_cost;
    out->budget = budget;
}

int fleet_arc(HexPose pose, Hex target)
{
    Hex rel = hex_rotate(hex_sub(target, pose.hex), hex_make(0, 0), -pose.facing);
    int q = rel.q, r = rel.r, s = -q - r;
    if (q == 0 && r == 0) return FLEET_ARC_SAME;
    /* Facing E, the angle above the bow is 30..150 degrees exactly when
     * -3r >= |q - s| (from x = q + r/2, y = -1.5 r in hex-width units). */
    int span = q - s < 0 ? s - q : q - s;
    if (-3 * r >= span) return FLEET_ARC_PORT;
    if (3 * r >= span) return FLEET_ARC_STARBOARD;
    return q - s > 0 ? FLEET_ARC_BOW : FLEET_ARC_STERN;
}

int fleet_broadside_for(HexPose pose, Hex target)
{
    int a = fleet_arc(pose, target);
    return a == FLEET_ARC_PORT ? FLEET_PORT : a == FLEET_ARC_STARBOARD ? FLEET_STARBOARD : -1;
}

bool fleet_rakes(HexPose target, Hex firer)
{
    int a = fleet_arc(target, firer);
    return a == FLEET_ARC_BOW || a == FLEET_ARC_STERN;
}

int fleet_band(int distance)
{
    if (distance <= 0) return FLEET_OUT_OF_RANGE;
    if (distance <= FLEET_RANGE_SHORT) return FLEET_SHORT;
    if (distance <= FLEET_RANGE_MEDIUM) return FLEET_MEDIUM;
    if (distance <= FLEET_RANGE_LONG) return FLEET_LONG;
    return FLEET_OUT_OF_RANGE;
}

/* The ordnance of class cls (long guns for a class that isn't one). */
static int ordnance(int cls)
{
    return cls >= 0 && cls < FLEET_CLASSES ? fleet_classes[cls].ordnance : FLEET_LONG_GUNS;
}

int fleet_hit_pct(int cls, int band, int shot, bool raking)
{
    if (band < FLEET_SHORT || band > FLEET_LONG || shot < 0 || shot >= FLEET_SHOTS) return 0;
    int p = fleet_hit_pct_table[ordnance(cls)][shot][band];
    if (p == 0) return 0;
    if (raking) p += FLEET_RAKE_BONUS_PCT;
    return p > FLEET_HIT_PCT_MAX ? FLEET_HIT_PCT_MAX : p;
}

bool fleet_shot_allowed(const FleetShip *s, int broadside, int shot)
{
    assert(broadside >= 0 && broadside < FLEET_BROADSIDES);
    if (shot < 0 || shot >= FLEET_SHOTS) return false;
    return shot != FLEET_DOUBLE || s->first_fire[broadside];
}

int fleet_guns_firing(const FleetShip *s, int broadside)
{
    assert(broadside >= 0 && broadside < FLEET_BROADSIDES);
    assert(s->cls >= 0 && s->cls < FLEET_CLASSES);
    int g = s->guns[broadside];
    int full = fleet_classes[s->cls].crew;
    if (g <= 0 || s->crew <= 0) return 0;
    if (2 * s->crew >= full) return g;
    return (g * 2 * s->crew + full - 1) / full;
}

void fleet_hit_effect(int cls, int band, int shot, int facing_side, bool raking, uint32_t bits,
                      FleetDamage *d)
{
    assert(facing_side >= -1 && facing_side < FLEET_BROADSIDES);
    assert(shot >= 0 && shot < FLEET_SHOTS && band >= FLEET_SHORT && band <= FLEET_LONG);
    int roll1 = (int)(((bits & 0xffffu) * 100u) >> 16);
    int roll2 = (int)((((bits >> 16) & 0x7fffu) * 100u) >> 15);
    d->hull += fleet_hit_hull_table[ordnance(cls)][shot][band];
    if (shot == FLEET_CHAIN) {
        d->rigging++;
        if (roll1 < FLEET_CHAIN_CREW_PCT) d->crew++;
        return;
    }
    if (shot == FLEET_GRAPE) {
        d->crew += 1 + (roll1 < FLEET_GRAPE_CREW_PCT);
        return;
    }
    if (roll1 < (raking ? FLEET_ROUND_CREW_RAKED_PCT : FLEET_ROUND_CREW_PCT)) d->crew++;
    if (roll2 < FLEET_ROUND_GUN_PCT) {
        int side = facing_side >= 0 ? facing_side : (int)(bits >> 31);
        d->guns[side]++;
    }
}

void fleet_expected_hits(int cls, int guns, int distance, int shot, bool raking, FleetExpected *out)
{
    memset(out, 0, sizeof *out);
    int band = fleet_band(distance);
    int p = fleet_hit_pct(cls, band, shot, raking);
    if (p == 0) return;
    double fired = (double)guns - fleet_expected_burst(guns, shot);
    double hits = fired * (double)p / 100.0;
    out->hull = hits * fleet_hit_hull_table[ordnance(cls)][shot][band];
    if (shot == FLEET_CHAIN) {
        out->rigging = hits;
        out->crew = hits * FLEET_CHAIN_CREW_PCT / 100.0;
    } else if (shot == FLEET_GRAPE) {
        out->crew = hits * (1.0 + FLEET_GRAPE_CREW_PCT / 100.0);
    } else {
        out->crew = hits * (raking ? FLEET_ROUND_CREW_RAKED_PCT : FLEET_ROUND_CREW_PCT) / 100.0;
        out->guns = hits * FLEET_ROUND_GUN_PCT / 100.0;
    }
}

double fleet_expected_damage(int cls, int guns, int distance, int shot, bool raking)
{
    FleetExpected x;
    fleet_expected_hits(cls, guns, distance, shot, raking, &x);
    return x.hull + x.rigging + x.crew + x.guns;
}

double fleet_expected_burst(int guns, int shot)
{
    return shot == FLEET_DOUBLE ? (double)guns * FLEET_BURST_PCT / 100.0 : 0.0;
}

bool fleet_line_clear(const Chart *c, Hex from, Hex to, const Hex *occupied, int n)
{
    enum { LINE_MAX = 64 };
    Hex line[LINE_MAX];
    assert(n >= 0 && (n == 0 || occupied));
    int len = hex_line(from, to, line, LINE_MAX);
    if (len > LINE_MAX) return false; /* far beyond any gun's reach */
    for (int i = 1; i < len - 1; i++) {
        if (!chart_sailable(c, line[i])) return false;
        for (int k = 0; k < n; k++)
            if (hex_equal(occupied[k], line[i])) return false;
    }
    return true;
}

uint32_t fleet_rand(uint64_t seed, uint64_t counter)
{
    /* SplitMix64's finaliser over (seed, counter), twice, so nearby seeds
     * and counters give unrelated words. */
    uint64_t z = seed * 0xD1B54A32D192ED03ull + 0x8CB92BA72F3D8DD7ull;
    z ^= counter * 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 2; i++) {
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        z += 0x9E3779B97F4A7C15ull;
    }
    return (uint32_t)(z >> 32);
}

int fleet_rand_below(uint32_t bits, int n)
{
    assert(n >= 0);
    return (int)(((uint64_t)bits * (uint64_t)n) >> 32);
}
