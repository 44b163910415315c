/* fleet: the rules of the naval skirmish as tables and pure functions: ship
 * classes, wind and points of sail, movement costs, broadside arcs, ranges,
 * hit chances, damage and the dice. The game state that uses them lives in
 * skirmish.h; every number a player meets is in one of the tables here. */
#ifndef SHOAL_FLEET_H
#define SHOAL_FLEET_H

#include <stdbool.h>
#include <stdint.h>

#include "chart.h"

enum { FLEET_SLOOP, FLEET_FRIGATE, FLEET_LINE, FLEET_CLASSES };

/* Points of sail: the angle between a ship's heading and the direction the
 * wind blows from. Facings are hex sides, so the angle is 0, 60, 120 or 180
 * degrees; a beam reach (90) falls between two hex sides and does not
 * occur on this grid. */
enum {
    FLEET_IN_IRONS = 0,     /* heading into the wind */
    FLEET_CLOSE_HAULED = 1, /* 60 degrees off the wind */
    FLEET_BROAD_REACH = 2,  /* 120 degrees: wind on the quarter, the fastest */
    FLEET_RUNNING = 3,      /* wind from dead astern */
    FLEET_SAILS = 4
};

/* Broadsides. */
enum { FLEET_PORT = 0, FLEET_STARBOARD = 1, FLEET_BROADSIDES = 2 };

/* Where a hex lies as seen from a ship: bow and stern are 60-degree
 * wedges, each broadside arc 120 degrees (boundary hexes count as abeam). */
enum {
    FLEET_ARC_SAME = -1,
    FLEET_ARC_BOW = 0,
    FLEET_ARC_PORT,
    FLEET_ARC_STERN,
    FLEET_ARC_STARBOARD
};

/* Shot: round (the hull), chain (the rigging), grape (the crew, at short
 * range), double (two balls in one gun: a broadside's first fire only, at
 * short range only, heavier and it may burst the gun). */
enum { FLEET_ROUND = 0, FLEET_CHAIN = 1, FLEET_GRAPE = 2, FLEET_DOUBLE = 3, FLEET_SHOTS = 4 };
/* "round", "chain", "grape", "double": the words of the log and the report. */
extern const char *const fleet_shot_names[FLEET_SHOTS];

/* What a class mounts: long guns, or carronades (short, light guns of a
 * big bore: they smash at close range and throw poorly beyond it). */
enum { FLEET_LONG_GUNS = 0, FLEET_CARRONADES = 1, FLEET_ORDNANCE = 2 };

enum { FLEET_SHORT = 0, FLEET_MEDIUM = 1, FLEET_LONG = 2, FLEET_OUT_OF_RANGE = 3 };
#define FLEET_RANGE_SHORT  2 /* hexes 1-2 */
#define FLEET_RANGE_MEDIUM 5 /* hexes 3-5 */
#define FLEET_RANGE_LONG   8 /* hexes 6-8; nothing beyond */

/* A ship's standing. Struck ships stay where they are as wrecks (they
 * block hexes and lines of fire); sunk ships leave the board. */
enum { FLEET_AFLOAT = 0, FLEET_STRUCK = 1, FLEET_SUNK = 2 };

/* Turns a broadside needs after firing before it can fire again: fired on
 * turn t -> silent on turn t+1 -> ready on turn t+2. */
#define FLEET_RELOAD_TURNS 2

/* Movement points a hex ahead costs (turns cost the class turn_cost). */
#define FLEET_HEX_COST 2

typedef struct FleetClass {
    const char *name;
    int hull, rigging, crew, guns; /* full strength; guns per broadside */
    int speed[FLEET_SAILS];        /* points at full rigging, moderate wind */
    int turn_cost;                 /* points per hex side turned */
    int value;                     /* victory points for taking her */
    int ordnance;                  /* FLEET_LONG_GUNS or FLEET_CARRONADES */
} FleetClass;

extern const FleetClass fleet_classes[FLEET_CLASSES];
/* Wind strength 0..5 -> percent of the class speed (calm .. gale). */
extern const int fleet_wind_pct[6];
/* Percent chance for each gun to hit, [ordnance][shot][range band]; 0 =
 * can't fire. */
extern const int fleet_hit_pct_table[FLEET_ORDNANCE][FLEET_SHOTS][3];
/* Hull points one hit takes, [ordnance][shot][range band]. */
extern const int fleet_hit_hull_table[FLEET_ORDNANCE][FLEET_SHOTS][3];
/* Added to the hit chance when raking (capped at FLEET_HIT_PCT_MAX). */
#define FLEET_RAKE_BONUS_PCT 15
#define FLEET_HIT_PCT_MAX    90

/* What one hit does. Round shot: its hull (fleet_hit_hull_table), and a
 * crew loss and a dismounted gun (on the broadside facing the firer;
 * either one when raked) on these rolls. Double shot: as round shot, with
 * the table's extra hull. Chain shot: 1 rigging, and a crew loss on this
 * roll. Grape: 1 crew, and a second on this roll; never hull or rigging. */
#define FLEET_ROUND_CREW_PCT       33
#define FLEET_ROUND_CREW_RAKED_PCT 67
#define FLEET_ROUND_GUN_PCT        17
#define FLEET_CHAIN_CREW_PCT       17
#define FLEET_GRAPE_CREW_PCT       33
/* Double shot strains the gun: each gun fired bursts on this roll before
 * it hits; its shot is lost and the firing ship loses that gun (on that
 * broadside) and one crew. */
#define FLEET_BURST_PCT 10

/* Wind changes, rolled at the end of every turn. */
#define FLEET_VEER_PCT    15 /* veers one hex side (either way, even odds) */
#define FLEET_FRESHEN_PCT 10 /* strength +1 (to at most 5) */
#define FLEET_SLACKEN_PCT 10 /* strength -1 (to at least 1) */
/* Morale: a ship whose hull is below a quarter strikes on this roll at the
 * end of each turn; any ship strikes at once when crew falls below a
 * quarter. */
#define FLEET_MORALE_STRIKE_PCT 30

/* Drift and the shore. A struck wreck, and a ship that enters no hex in a
 * turn (and is not stopped by a ship in her way) and either makes no turn
 * or ends it in irons, has no way on: unless anchored or aground she
 * drifts a hex downwind on this roll, by wind strength 0..5 (a ship
 * tacking carries her way through the turn). Driven onto land she runs
 * aground in her hex instead: FLEET_GROUND_HULL plus a roll below
 * FLEET_GROUND_HULL_ROLL hull, a point more in a strong wind (strength >=
 * FLEET_POUND_WIND), in which she also pounds a hull point away at every
 * turn's end from the next on. Aground, she cannot sail; from the next
 * turn's end on she kedges off on FLEET_KEDGE_PCT (half that with under
 * half her crew), and she floats free as soon as the wind (after its
 * change at a turn's end) no longer sets her onto the land. A wreck
 * aground goes to pieces (sinks) on FLEET_WRECK_BREAK_PCT each turn's end
 * after the one she grounded in. */
extern const int fleet_drift_pct[6];
/* fleet_drift_pct for any wind strength (clamped to 0..5). */
int fleet_drift_chance(int wind_strength);
#define FLEET_GROUND_HULL      1
#define FLEET_GROUND_HULL_ROLL 2
#define FLEET_POUND_WIND       4
#define FLEET_POUND_HULL       1 /* hull a turn's end takes off a ship aground then */
#define FLEET_KEDGE_PCT        35
#define FLEET_WRECK_BREAK_PCT  25
/* A wreck afloat that no ship holds (lashed) founders, sinks, on this roll
 * at every turn's end after the one she struck in: no wreck walls a lane
 * for good, and a prize must be taken while she swims. */
#define FLEET_WRECK_FOUNDER_PCT 10

/* Grappling, boarding and prizes. A ship ordered to board a ship of the
 * enemy (or a struck wreck) that ends her movement in the hex next to her
 * throws grapples: they hold on FLEET_GRAPPLE_PCT plus FLEET_GRAPPLE_CREW_PCT
 * times her crew over her full crew, surely when the other also orders to
 * board her or has struck. A ship stopped in her path by another fouls her
 * on FLEET_FOUL_PCT. Lashed together (grappled or fouled, one ship to one
 * ship) neither sails, drifts nor anchors. Fouled ships of one side clear
 * at the turn's end on FLEET_CLEAR_PCT. A ship ordered to cut loose parts
 * at once, unless the other boards her: then the axes free her on
 * FLEET_CUT_PCT and the boarders come on when they fail. */
#define FLEET_GRAPPLE_PCT      30
#define FLEET_GRAPPLE_CREW_PCT 40
#define FLEET_FOUL_PCT         20
#define FLEET_CLEAR_PCT        50
#define FLEET_CUT_PCT          35

/* The melee, after gunnery, of a ship boarding the enemy she is lashed to:
 * the odds are her crew to the defender's (column), a die d6 picks the row
 * (1-2, 3-4, 5-6) and the table gives the percent of each crew lost
 * (attackers, defenders), rounded up. The defenders are carried, and
 * strike, when fewer than half as many as the boarders are left; a crew
 * below a quarter strikes as ever. Odds columns: below 1:2, below 1:1,
 * below 3:2, below 2:1, and 2:1 or better. */
enum { FLEET_MELEE_ODDS = 5, FLEET_MELEE_ROWS = 3 };
extern const int fleet_melee_table[FLEET_MELEE_ROWS][FLEET_MELEE_ODDS][2];
/* The odds column of `attackers` against `defenders` (both >= 0). */
int fleet_melee_odds(int attackers, int defenders);
/* The crews lost in one melee of attackers against defenders on die d6
 * (1..6), each no more than the crew it comes from. */
void fleet_melee(int attackers, int defenders, int d6, int *att_lost, int *def_lost);
/* True when defenders left this few against attackers are carried. */
bool fleet_melee_carried(int attackers, int defenders);

/* A struck ship still lashed to a ship of the enemy at the turn's end is
 * taken as a prize: the taker puts fleet_prize_crew aboard (her own crew
 * pays it, and she must keep a quarter of her own full crew to spare
 * them), the prisoners go below and the lashings are cast off. A prize
 * crew can sail her, not fight her: from the next turn she sails for the
 * taker (anchors, drifts and grounds as any ship) but fires no gun,
 * boards no one and no longer counts as a fighting ship, and her class
 * value is in the taker's points. Her first side may board her (the prize
 * crew fights the melee) and take her back: recaptured, her own people
 * freed below sail her (as many as a prize crew; the taker spares no one)
 * for them, out of the fight as before. */
enum { FLEET_PRIZE_NONE = 0, FLEET_PRIZE_TAKEN = 1, FLEET_PRIZE_RETAKEN = 2 };
int fleet_prize_crew(int cls);

typedef struct FleetShip {
    int cls, side, status;
    HexPose pose;
    int hull, rigging, crew;
    int guns[FLEET_BROADSIDES];
    /* Loaded with care before the battle and never fired since: only
     * such a broadside may fire double shot. */
    bool first_fire[FLEET_BROADSIDES];
    int reload[FLEET_BROADSIDES]; /* turns until loaded; 0 = ready */
    bool anchored;                /* at anchor: no sailing, no drift */
    bool aground;                 /* on the shore: no sailing, no drift */
    int lashed;                   /* the ship (skirmish index) she is grappled or
                                     fouled to, or -1 */
    int prize;                    /* FLEET_PRIZE_*: under a prize crew she sails for
                                     `side`, and fights no more */
} FleetShip;

/* Class index for "sloop", "frigate", "line" (case-insensitive), or -1. */
int fleet_class_from_name(const char *name);
/* Name of a point of sail ("in irons", "close-hauled", ...). */
const char *fleet_sail_name(int sail);

/* A ship of class cls at full strength, afloat, loaded (each broadside
 * with its first fire), at pose, free (lashed to no one). */
void fleet_ship_init(FleetShip *s, int cls, int side, HexPose pose);
/* True for a ship still fighting: afloat, colours flying, her own crew
 * (not a prize). */
bool fleet_ship_active(const FleetShip *s);
/* True for a ship afloat with a crew to sail her: fighting, or a prize. */
bool fleet_ship_manned(const FleetShip *s);
/* True for a ship that may sail this turn: manned, with rigging left,
 * neither anchored, aground nor lashed to another. */
bool fleet_ship_can_sail(const FleetShip *s);
/* The drift rule's "no way on" for a ship afloat: she entered no hex this
 * turn and either made no turn or ends it (facing) in irons. (A ship
 * stopped by another, or struck, is the turn's to judge: skirmish_turn.) */
bool fleet_no_way_on(bool entered_hex, bool turned, int facing, int wind_from);
/* The side ship s was first of (a prize fought for the other). */
int fleet_ship_born(const FleetShip *s);
/* The direction the wind blows towards (where a drifting ship goes). */
int fleet_downwind(int wind_from);

/* Point of sail of a ship facing `facing` when the wind blows from
 * `wind_from` (both hex directions). */
int fleet_point_of_sail(int facing, int wind_from);

/* Movement allowance in points: the class speed for the point of sail,
 * scaled by the wind strength percentage and by the rigging left (rounded
 * half up). Any ship with rigging left that is not in irons gets at least
 * one hex (FLEET_HEX_COST); in irons or with no rigging it is 0. */
int fleet_allowance(int cls, int sail, int wind_strength, int rigging);

/* The movement cost table of ship s for this turn (see ChartMoveCost): each
 * hex ahead costs FLEET_HEX_COST; a hex side turned costs the class turn
 * cost; the
 * budget is the allowance at the turn's starting facing, but at least one
 * turn's cost so a ship in irons can fall off the wind; a step ahead while
 * facing d must keep the points spent within the allowance for facing d
 * (in irons that is 0: no ship sails into the wind). A ship that cannot
 * sail (fleet_ship_can_sail) gets a budget of 0. */
void fleet_move_cost(const FleetShip *s, int wind_from, int wind_strength, ChartMoveCost *out);

/* Arc (FLEET_ARC_*) in which target lies as seen from pose. */
int fleet_arc(HexPose pose, Hex target);
/* Broadside (FLEET_PORT / FLEET_STARBOARD) that bears on target from
 * pose, or -1 when target is ahead, astern or the same hex. */
int fleet_broadside_for(HexPose pose, Hex target);
/* True when a ship at firer rakes target: it lies in target's bow or stern
 * arc, so the shot runs the length of her decks. */
bool fleet_rakes(HexPose target, Hex firer);
/* Range band (FLEET_SHORT..FLEET_OUT_OF_RANGE) of a distance in hexes;
 * distance 0 is out of range. */
int fleet_band(int distance);
/* Per-gun percent chance to hit for a ship of class cls; 0 when the shot
 * can't be fired at that band (chain and grape beyond medium, double
 * beyond short, carronades at long range, anything out of range). */
int fleet_hit_pct(int cls, int band, int shot, bool raking);
/* True when broadside b of s may be ordered to fire shot: any shot but
 * double, which only a broadside with its first fire may load. */
bool fleet_shot_allowed(const FleetShip *s, int broadside, int shot);
/* Guns of one broadside that can be worked: all of them while at least
 * half the crew stands, fewer (rounded up) as the crew thins out. */
int fleet_guns_firing(const FleetShip *s, int broadside);

/* Damage of one hit. */
typedef struct FleetDamage {
    int hull, rigging, crew;
    int guns[FLEET_BROADSIDES];
} FleetDamage;

/* Add the effect of one hit of `shot` fired by a ship of class cls at
 * range band `band` to d, using the random word bits for its rolls.
 * facing_side is the target's broadside that faces the firer (or -1 when
 * raked: the side then comes from the roll). */
void fleet_hit_effect(int cls, int band, int shot, int facing_side, bool raking, uint32_t bits,
                      FleetDamage *d);

/* What one broadside is expected to take off (for planning; no dice). */
typedef struct FleetExpected {
    double hull, rigging, crew, guns;
} FleetExpected;
/* The points one broadside of `guns` guns of a ship of class cls is
 * expected to take off a target at `distance` with `shot`, by kind, into
 * out. Double shot's bursts are in it as shot lost; what they cost the
 * firer is fleet_expected_burst's. */
void fleet_expected_hits(int cls, int guns, int distance, int shot, bool raking,
                         FleetExpected *out);
/* Their sum: hull + rigging + crew + gun points. */
double fleet_expected_damage(int cls, int guns, int distance, int shot, bool raking);
/* Expected guns (and as many crew) `guns` guns firing `shot` burst. */
double fleet_expected_burst(int guns, int shot);

/* True when no hex strictly between from and to is unsailable or one of the
 * n occupied hexes: land and ships block the line of fire. Hexes more than
 * 63 apart (far beyond any gun) count as blocked. */
bool fleet_line_clear(const Chart *c, Hex from, Hex to, const Hex *occupied, int n);

/* The dice: a counter-based hash, 32 random bits for (seed, counter). */
uint32_t fleet_rand(uint64_t seed, uint64_t counter);
/* Uniform integer in 0..n-1 from 32 random bits (n >= 1). */
int fleet_rand_below(uint32_t bits, int n);

#endif
