/* skirmish: one naval battle. Both sides plot orders (a path of steps and
 * what each broadside fires at), then the turn resolves at once: movement
 * phase by phase with collisions, then every broadside, then morale, wind
 * and victory. An event log per turn feeds the screens. Rules: fleet.h. */
#ifndef SHOAL_SKIRMISH_H
#define SHOAL_SKIRMISH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "fleet.h"
#include "chart.h"
#include "map.h"
#include "mapgen.h"
#include "route.h"

#define SKIRMISH_SIDES      2
#define SKIRMISH_SIDE_SHIPS 8  /* ships per side, 1..8 */
#define SKIRMISH_MAX_SHIPS  16 /* both sides */
#define SKIRMISH_MAX_STEPS  16 /* steps in one turn's path */
/* The most events one turn can log: a turn, move or block per ship and
 * phase, a shot and a hit per broadside, per ship an anchor, a drift or
 * grounding, a fate, a pounding or refloating, a weigh, a fouling, a
 * grapple, a boarding, a parting and a prize, wind, end. */
#define SKIRMISH_MAX_EVENTS                                                                        \
    (SKIRMISH_MAX_SHIPS * SKIRMISH_MAX_STEPS + SKIRMISH_MAX_SHIPS * FLEET_BROADSIDES * 2 +         \
     10 * SKIRMISH_MAX_SHIPS + 3)
#define SKIRMISH_MAX_TURNS 999
#define SKIRMISH_PATH_MAX  512

/* Fire order targets besides a ship index. */
enum { SKIRMISH_HOLD = -1, SKIRMISH_ANY = -2 };

/* The board order (all zero: none). */
enum { SKIRMISH_BOARD_NONE = 0, SKIRMISH_BOARD = 1, SKIRMISH_BOARD_CUT = 2 };

/* What one broadside does this turn: fire at ship `target` (if she can't be
 * hit after movement, fire at will instead), SKIRMISH_ANY (fire at will:
 * the nearest enemy that can be hit, raking first, then the lowest index)
 * or SKIRMISH_HOLD (keep the broadside loaded). A reloading broadside holds
 * whatever it is ordered. */
typedef struct SkirmishFire {
    int target;
    int shot; /* FLEET_ROUND.. (double only for a broadside's first fire) */
} SkirmishFire;

/* anchor: where she lies at the turn's end. A ship under way that orders
 * it sails her path, then lets go (she does not drift); one at anchor
 * stays there (no steps) while it is set and weighs when it is cleared,
 * which takes the turn: she sails again the next. Ships aground or out of
 * the fight cannot anchor.
 * board: SKIRMISH_BOARD grapples ship board_target of the enemy (or a
 * struck wreck) where the path ends and boards her once lashed;
 * SKIRMISH_BOARD_CUT cuts loose from the ship she is lashed to;
 * SKIRMISH_BOARD_NONE is neither (a ship lashed to another stays so and
 * fights off boarders). A lashed ship can board only the ship she is
 * lashed to. Rules: fleet.h. */
typedef struct SkirmishOrders {
    int nsteps;
    uint8_t steps[SKIRMISH_MAX_STEPS]; /* HEX_STEP_* */
    SkirmishFire fire[FLEET_BROADSIDES];
    bool anchor;
    int board;        /* SKIRMISH_BOARD_* */
    int board_target; /* the ship, with SKIRMISH_BOARD */
} SkirmishOrders;

enum {
    SKIRMISH_EV_TURNED,        /* ship turned in `from`: a = old facing, b = new */
    SKIRMISH_EV_MOVED,         /* ship sailed from -> to */
    SKIRMISH_EV_BLOCKED,       /* ship could not enter `to` (other: the ship in
                                  the way or the one that got there first) and
                                  stops in `from` for the rest of the turn */
    SKIRMISH_EV_FIRED,         /* ship fired `broadside` at other: shot, range,
                                  raked, guns fired, hits; burst: guns that
                                  burst (double shot), damage: what they cost
                                  her (those guns and a crew each) */
    SKIRMISH_EV_HIT,           /* other was hit by ship's broadside: damage */
    SKIRMISH_EV_STRUCK,        /* ship struck her colours (a = 1: morale roll) */
    SKIRMISH_EV_SANK,          /* ship sank (a = 2: a wreck gone to pieces ashore,
                                  3: a wreck afloat foundered) */
    SKIRMISH_EV_WIND_VEERED,   /* a = old direction it blows from, b = new */
    SKIRMISH_EV_WIND_STRENGTH, /* a = old strength, b = new */
    SKIRMISH_EV_GAME_OVER,     /* a = winning side, -1 for a draw */
    SKIRMISH_EV_ANCHORED,      /* ship let go her anchor (a = 1) or weighed it (a = 0) */
    SKIRMISH_EV_DRIFTED,       /* ship (or wreck) with no way on drifted from -> to
                                  (a = the direction, downwind) */
    SKIRMISH_EV_AGROUND,       /* ship in `from` was driven onto the land at `to`
                                  (a = 0) or pounds on it (a = 1): damage.hull */
    SKIRMISH_EV_REFLOATED,     /* ship got off the shore: a = 1 kedged, 0 the wind */
    SKIRMISH_EV_GRAPPLED,      /* ship threw grapples at other: a = 1 they held, 0
                                  they missed; a = 2 she fouled other */
    SKIRMISH_EV_BOARDED,       /* ship's boarders fought other's crew: a = their
                                  crew lost, b = the defenders' lost, guns = the
                                  odds column, hits = the die; raked = carried */
    SKIRMISH_EV_CUT,           /* ship and other parted: a = 1 she cut loose, 0 her
                                  axes failed; a = 2 fouled ships cleared */
    SKIRMISH_EV_PRIZE,         /* ship was taken as a prize by other (a = 1: a
                                  recapture, she is back with her first side);
                                  b = the prize crew put aboard (0 retaken) */
    SKIRMISH_EV_ESCAPED,       /* ship left the board through the exit hex `from`
                                  (her side's goal: escort or blockade) */
    SKIRMISH_EV_GOAL,          /* side `a`'s goal is met (kind b, SKIRMISH_GOAL_*) */
    SKIRMISH_EV_KINDS
};

typedef struct SkirmishEvent {
    int kind;
    int phase; /* movement phase for turns, moves and blocks; -1 otherwise */
    int ship, other;
    Hex from, to;
    int a, b;
    int broadside, shot, range, raked, guns, hits;
    int burst;          /* FIRED: guns that burst */
    FleetDamage damage; /* points actually taken off */
} SkirmishEvent;

typedef struct SkirmishStats {
    int broadsides; /* broadsides fired */
    int shots;      /* guns fired */
    int hits;       /* guns that hit */
    int damage;     /* hull, rigging, crew and gun points knocked off enemies */
    /* Own ships sunk, and struck: each ship ends once (a prize that
     * strikes or sinks again was counted when she first struck). */
    int sunk;
    int struck;
    int points;     /* damage + class value of every enemy sunk, struck or taken */
    int boardings;  /* melees its boarders fought */
    int prizes;     /* enemy ships (or wrecks) it took, recaptures too */
    int groundings; /* own ships driven aground */
    /* Guns fired by shot (FLEET_ROUND..), and own guns burst firing
     * double shot. */
    int shots_by[FLEET_SHOTS];
    int burst;
} SkirmishStats;

/* How well the computer commands a side (ai.h, ai_plan_level): easy
 * often loses its head, normal guesses the enemy's reply, hard weighs two
 * guesses. Zero is normal, so a setup left zero plays normal. */
enum { SKIRMISH_AI_NORMAL = 0, SKIRMISH_AI_EASY = 1, SKIRMISH_AI_HARD = 2, SKIRMISH_AI_LEVELS };
/* "normal", "easy", "hard": the words saves, settings and flags use. */
extern const char *const skirmish_ai_names[SKIRMISH_AI_LEVELS];
/* The level named (exactly), or -1. Before the three levels saves and
 * settings said "steady" (read as normal) and "green" (easy). */
int skirmish_ai_from_name(const char *name);

/* What a player may choose of a battle's fleets and weather (New skirmish,
 * settings.ini, the flags), held the same way by every setup that carries
 * it. All zero: the usual mix of classes and the map's own wind. */
typedef struct SkirmishPick {
    /* Side s's classes (FLEET_*), ships[s] of them, when classes_set[s];
     * else skirmish_fleet_class's mix. */
    bool classes_set[SKIRMISH_SIDES];
    int classes[SKIRMISH_SIDES][SKIRMISH_SIDE_SHIPS];
    /* The wind as the battle opens when wind_set (it veers and freshens
     * as ever after), else the map's own. */
    bool wind_set;
    int wind_dir;      /* 0..HEX_DIRS-1, where it blows from */
    int wind_strength; /* 0..MAP_WIND_MAX */
} SkirmishPick;

/* What a side fights for (a scenario's objective; all zero: destroy).
 * DESTROY: no enemy ship left fighting (every battle's rule, whatever the
 * goals). FLAGSHIP: the enemy's ship `ship` sunk, struck or taken.
 * ESCORT: own ship `ship` sails onto one of the exit hexes. BLOCKADE:
 * `count` own ships sail out through the exit hexes. HOLD: a fighting
 * ship of the side in the area and no fighting enemy there at `turns`
 * turn ends in a row, or at the turn limit. A ship reaching an exit hex
 * of her side's escort or blockade leaves the board as a sunk ship does
 * (status FLEET_SUNK, escaped[i] set: she is safe, and nobody's points).
 * Checked at every turn's end after the fates, in skirmish_goal_check. */
enum {
    SKIRMISH_GOAL_DESTROY = 0,
    SKIRMISH_GOAL_FLAGSHIP,
    SKIRMISH_GOAL_ESCORT,
    SKIRMISH_GOAL_BLOCKADE,
    SKIRMISH_GOAL_HOLD,
    SKIRMISH_GOALS
};
/* "destroy", "flagship", "escort", "blockade", "hold". */
extern const char *const skirmish_goal_names[SKIRMISH_GOALS];
#define SKIRMISH_GOAL_HEXES 24 /* exit or area hexes of one goal */
typedef struct SkirmishGoal {
    int kind;  /* SKIRMISH_GOAL_* */
    int ship;  /* FLAGSHIP: the enemy's flagship; ESCORT: the own ship to see
                  out (skirmish indices) */
    int count; /* BLOCKADE: ships that must get out */
    int turns; /* HOLD: turn ends in a row */
    int nhexes;
    Hex hexes[SKIRMISH_GOAL_HEXES]; /* ESCORT, BLOCKADE: the exits; HOLD: the area */
} SkirmishGoal;

/* Who wins when the turn limit ends a battle no goal decided: the side
 * with more points (a draw when even), or a side outright (the one that
 * need only keep the other from its goal). */
enum { SKIRMISH_LIMIT_POINTS = 0, SKIRMISH_LIMIT_A = 1, SKIRMISH_LIMIT_B = 2 };

#define SKIRMISH_NAME_MAX 32 /* a ship's or a scenario's name, with its NUL */
/* Fleets a setup places itself (a scenario's) instead of the map's spawns:
 * side s's ship k at poses[s][k], named names[s][k] ("" unnamed), at
 * anchor when anchored[s][k]. */
typedef struct SkirmishPlacing {
    bool placed;
    HexPose poses[SKIRMISH_SIDES][SKIRMISH_SIDE_SHIPS];
    char names[SKIRMISH_SIDES][SKIRMISH_SIDE_SHIPS][SKIRMISH_NAME_MAX];
    bool anchored[SKIRMISH_SIDES][SKIRMISH_SIDE_SHIPS]; /* lying at anchor as the battle opens */
    char scenario[SKIRMISH_NAME_MAX];                   /* the scenario's file name, "" for none */
} SkirmishPlacing;

typedef struct SkirmishSetup {
    uint64_t seed;
    int ships[SKIRMISH_SIDES];    /* 1..SKIRMISH_SIDE_SHIPS per side */
    SkirmishPick pick;            /* the fleets' classes and the opening wind */
    int ai_level[SKIRMISH_SIDES]; /* SKIRMISH_AI_*, for whichever side the computer plays */
    int turn_limit;               /* 1..SKIRMISH_MAX_TURNS */
    const char *map_path;         /* recorded for saves; NULL for a generated map */
    const MapGenParams *gen;      /* recorded for saves when the map was generated */
    /* A scenario's (scenario.h): its ships' poses (each on sailable water,
     * one ship a hex), the side's goals, and who wins at the turn limit
     * (SKIRMISH_LIMIT_*; all zero is any skirmish's). */
    SkirmishPlacing place;
    SkirmishGoal goal[SKIRMISH_SIDES];
    int limit_win;
} SkirmishSetup;

typedef struct Skirmish {
    const Map *map; /* borrowed: must outlive the skirmish */
    Chart chart;
    char map_path[SKIRMISH_PATH_MAX]; /* "" when generated */
    bool map_generated;
    MapGenParams gen;
    uint64_t seed, rng; /* die number n is fleet_rand(seed, n); rng = next n */
    int turn;           /* the turn being plotted, from 1 */
    int quiet;          /* turns in a row, up to the last resolved, with no broadside fired */
    int turn_limit;
    int wind_dir, wind_strength;
    int ai_level[SKIRMISH_SIDES]; /* SKIRMISH_AI_*: how the computer plays each side */
    int nships;
    FleetShip ships[SKIRMISH_MAX_SHIPS];
    SkirmishOrders orders[SKIRMISH_MAX_SHIPS];
    bool submitted[SKIRMISH_SIDES];
    SkirmishStats stats[SKIRMISH_SIDES];
    /* The goals (SkirmishSetup's) and how far they have come: ships out
     * through the exits, and turn ends the area has been held in a row. */
    SkirmishGoal goal[SKIRMISH_SIDES];
    int limit_win; /* SKIRMISH_LIMIT_* */
    bool escaped[SKIRMISH_MAX_SHIPS];
    int held[SKIRMISH_SIDES];
    bool goal_met[SKIRMISH_SIDES];
    char scenario[SKIRMISH_NAME_MAX];                  /* "" when none */
    char names[SKIRMISH_MAX_SHIPS][SKIRMISH_NAME_MAX]; /* "" unnamed */
    bool over;
    int winner;  /* side, or -1 for a draw (valid once over) */
    int nevents; /* the last resolved turn's log */
    SkirmishEvent events[SKIRMISH_MAX_EVENTS];
} Skirmish;

/* The ship-turn census autoplay keeps (skirmish_census_turn): every turn
 * a manned ship on the board begins is a ship-turn, and one that enters
 * no hex under sail lay still for the first of these reasons that holds:
 * at anchor (or weighing), aground, grappled, dismasted, boxed in (no way
 * out of her hex this turn: ships, land, or the wind on a slow ship), stopped by a ship
 * in her way, firing (she lay to and fired), holding her side's HOLD area,
 * in irons (she begins or ends the turn head to wind) or idle (none of
 * these: she could have sailed, and fired nothing). Irons as the turn
 * begins comes before boxed: head to wind no ship can leave her hex. */
enum {
    SKIRMISH_STILL_ANCHORED,
    SKIRMISH_STILL_AGROUND,
    SKIRMISH_STILL_GRAPPLED,
    SKIRMISH_STILL_DISMASTED,
    SKIRMISH_STILL_BOXED,
    SKIRMISH_STILL_BLOCKED,
    SKIRMISH_STILL_FIRING,
    SKIRMISH_STILL_HOLDING,
    SKIRMISH_STILL_IRONS,
    SKIRMISH_STILL_IDLE,
    SKIRMISH_STILL_REASONS
};
/* "anchored", "aground", ...: the census's keys in autoplay's JSON. */
extern const char *const skirmish_still_names[SKIRMISH_STILL_REASONS];
typedef struct SkirmishCensus {
    int ship_turns[SKIRMISH_SIDES];
    int still[SKIRMISH_STILL_REASONS][SKIRMISH_SIDES];
    /* The longest spell of turns in a row without a broadside fired while
     * both sides had a fighting ship (a stand-off), and the current one. */
    int quiet_max, quiet_run;
    int first_broadside; /* the turn the first broadside was fired, 0: none yet */
} SkirmishCensus;

/* Count the turn just resolved into c: before is a copy of the battle as
 * it stood with both sides' orders submitted, after the battle resolved.
 * The copy searches (skirmish_reach) in the memory it shares with the
 * battle: make that (chart_scratch_ready) before copying. */
void skirmish_census_turn(Skirmish *before, const Skirmish *after, SkirmishCensus *c);

/* What decided a battle (skirmish_end): the rule that ended it, in the
 * order resolve_victory tries them — the objectives first, then a fleet
 * with no ship left fighting, then the turn limit. `side` is the side the
 * cause is about, as each kind says. */
enum {
    SKIRMISH_END_NONE = 0,    /* not over */
    SKIRMISH_END_GOAL,        /* side's objective is met: it wins */
    SKIRMISH_END_GOAL_FAILED, /* side's objective can no longer be met: the other wins */
    SKIRMISH_END_GOALS,       /* both objectives met, or both failed, in one turn: a draw */
    SKIRMISH_END_ALL_OUT,     /* side has no ship left fighting: the other wins */
    SKIRMISH_END_NONE_LEFT,   /* neither fleet has: a draw */
    SKIRMISH_END_POINTS,      /* the turn limit, on points: side (the winner) has more */
    SKIRMISH_END_EVEN,        /* the turn limit with the points even: a draw */
    SKIRMISH_END_LIMIT_HOLD,  /* the turn limit with side holding its area: it wins */
    SKIRMISH_END_LIMIT_SIDE,  /* the turn limit, which the scenario gives side (at_limit) */
    /* A loaded battle whose recorded winner its state does not explain
     * (a save written by hand, or by rules since changed): the winner is
     * the recorded one, the cause unknown. */
    SKIRMISH_END_RECORDED,
    SKIRMISH_ENDS
};
/* "none", "goal", "goal_failed", "goals", "all_out", "none_left",
 * "turn_limit", "turn_limit_even", "turn_limit_hold", "turn_limit_side",
 * "recorded": autoplay's JSON `decided_by`. */
extern const char *const skirmish_end_names[SKIRMISH_ENDS];
typedef struct SkirmishEnd {
    int by;     /* SKIRMISH_END_* */
    int winner; /* 0 = A, 1 = B, -1 = a draw or not over */
    int side;   /* the side the cause is about (see SKIRMISH_END_*), -1 for none */
    int goal;   /* side's SKIRMISH_GOAL_* with GOAL, GOAL_FAILED and LIMIT_HOLD, else DESTROY */
    int turn;   /* the turn it ended on (not over: the turn being plotted) */
    int turn_limit;
    int points[SKIRMISH_SIDES];
} SkirmishEnd;
/* The cause of the end of sk as its state shows it, by the code that ends
 * a battle at each turn's end (so a loaded battle gives the one it ended
 * with). NONE while not over; RECORDED when over but its state would give
 * another winner or none. */
void skirmish_end(const Skirmish *sk, SkirmishEnd *out);
/* That cause in one sentence, naming the objective and its ships as the
 * battle (a scenario's file) names them: "The enemy flagship A1 Victory
 * was taken: side B's objective is met on turn 5 of 30.", "Every ship of
 * side B has struck or sunk, after 9 turns.", "On points at the turn
 * limit: 210 to 48.". Fits SKIRMISH_END_TEXT_MAX; truncated to cap. */
#define SKIRMISH_END_TEXT_MAX 192
void skirmish_end_text(const Skirmish *sk, const SkirmishEnd *end, char *buf, size_t cap);

typedef struct SkirmishOutcome {
    uint64_t seed;
    char map[MAP_NAME_MAX];
    char scenario[SKIRMISH_NAME_MAX]; /* "" when none */
    int winner;                       /* 0 = A, 1 = B, -1 = draw */
    int turns;                        /* turns resolved */
    int turn_limit;
    int ships[SKIRMISH_SIDES];
    int sunk[SKIRMISH_SIDES], struck[SKIRMISH_SIDES];
    int broadsides[SKIRMISH_SIDES], shots[SKIRMISH_SIDES], hits[SKIRMISH_SIDES];
    int damage[SKIRMISH_SIDES], points[SKIRMISH_SIDES];
    int boardings[SKIRMISH_SIDES], prizes[SKIRMISH_SIDES], groundings[SKIRMISH_SIDES];
    int shot_types[FLEET_SHOTS][SKIRMISH_SIDES]; /* guns fired, by shot */
    int burst[SKIRMISH_SIDES];
    int escaped[SKIRMISH_SIDES];         /* ships out through the exits */
    int goal[SKIRMISH_SIDES];            /* SKIRMISH_GOAL_* */
    bool goal_met[SKIRMISH_SIDES];       /* the goal (not the limit or the guns) won it */
    SkirmishEnd end;                     /* what decided it (skirmish_end) */
    char verdict[SKIRMISH_END_TEXT_MAX]; /* ... in words (skirmish_end_text) */
    SkirmishCensus census;               /* autoplay's (ai_autoplay); zero elsewhere */
} SkirmishOutcome;

/* seed 1, three ships a side, 60 turns, no map source. */
void skirmish_setup_default(SkirmishSetup *s);

/* A fleet of `size` ships: the class of ship i (ships of the line first,
 * then frigates, then sloops; e.g. 3 -> line, frigate, sloop). */
int skirmish_fleet_class(int size, int i);

/* A fleet spelled as class names with commas ("line,frigate,sloop", the
 * names of fleet_classes, any case) into cls; returns how many (1..
 * SKIRMISH_SIDE_SHIPS), or -1 for an empty list, an unknown name or too
 * many ships. */
int skirmish_classes_parse(const char *text, int cls[SKIRMISH_SIDE_SHIPS]);
/* n classes as skirmish_classes_parse reads them; -1 when cap is too small. */
int skirmish_classes_format(const int *cls, int n, char *buf, size_t cap);

/* The sea skirmish_sea generates for seed when a battle has no map file:
 * SKIRMISH_SEA_W x SKIRMISH_SEA_H, a fifth land, six islands, mirrored so
 * neither fleet is favoured, from the low 32 bits of seed. A save's
 * generated sea may be no larger (in pixels): a 3 KB save must not make
 * the game generate a 16384^2 sea. */
#define SKIRMISH_SEA_W 1280
#define SKIRMISH_SEA_H 800
void skirmish_sea_params(uint64_t seed, MapGenParams *p);

/* Generate the skirmish sea of seed into m (free with map_free) and its
 * parameters into gen: skirmish_sea_params(seed), and when the fleets'
 * spawns on it cannot reach each other by sea (validate_map finds an
 * error: land walls one side off) or meet only through one-hex lanes
 * (where ships lie bow to stern and the battle stalls: the report's
 * lanes_only), the same parameters with a seed derived
 * from it, up to SKIRMISH_SEA_TRIES seas. gen ends as the sea's own
 * parameters, so mapgen_generate(gen) gives it back (a save stores them).
 * Returns -1 with e set (m empty) when generation or the check fails. */
#define SKIRMISH_SEA_TRIES 8
int skirmish_sea(uint64_t seed, Map *m, MapGenParams *gen, Err *e);

/* A battle's map into m (free with map_free): the map file at map_path
 * (PNG + sidecar), or when map_path is NULL the sea of
 * skirmish_sea(sea_seed), its parameters into *gen. Records the source in
 * setup->map_path or setup->gen (the other NULL) for saves; both point at
 * the caller's storage. Returns 0; -1 when the map file can't be loaded (e
 * names it: bad input); -2 when the sea can't be generated (e says why). */
int skirmish_map_load(const char *map_path, uint64_t sea_seed, Map *m, MapGenParams *gen,
                      SkirmishSetup *setup, Err *e);

/* Start a battle on map (borrowed) from setup: chart the map, take its wind,
 * place both fleets (the map's spawn hexes when it has them, else sailable
 * hexes on the left for side A and the right for side B, in the largest
 * body of water), facing the enemy. Fails with e naming the bad setting or
 * a map with too little sea. */
int skirmish_init(Skirmish *sk, const Map *map, const SkirmishSetup *setup, Err *e);
/* Chart map and clear everything else (no ships, turn 1): for loaders. */
int skirmish_init_empty(Skirmish *sk, const Map *map, Err *e);
void skirmish_deinit(Skirmish *sk);

/* Label of ship i ("A1", "B3") into buf (at least 8 bytes). */
void skirmish_ship_label(const Skirmish *sk, int i, char *buf, size_t cap);
/* Index of the ship (afloat or struck) in h, or -1. */
int skirmish_ship_at(const Skirmish *sk, Hex h);
/* Ships of side still fighting. */
int skirmish_active(const Skirmish *sk, int side);
/* This turn's movement allowance and cost table of ship i. */
int skirmish_allowance(const Skirmish *sk, int i);
void skirmish_move_cost(const Skirmish *sk, int i, ChartMoveCost *out);

/* The orders every ship starts a turn with: no movement, loaded broadsides
 * fire at will with round shot, reloading ones hold. */
void skirmish_default_orders(const Skirmish *sk, int i, SkirmishOrders *o);
/* Check orders for ship i against the rules (path within this turn's
 * movement, never onto land or off the map; fire at enemies only). */
int skirmish_check_orders(const Skirmish *sk, int i, const SkirmishOrders *o, Err *e);
/* Check and store orders for ship i (its side must not have submitted). */
int skirmish_order(Skirmish *sk, int i, const SkirmishOrders *o, Err *e);
/* Side is done plotting. */
int skirmish_submit(Skirmish *sk, int side, Err *e);
/* Resolve the turn once both sides have submitted: fills the event log,
 * advances the turn, resets orders to the defaults. */
int skirmish_resolve(Skirmish *sk, Err *e);

/* What a drifting ship finds in hex h: sea, the map's edge (she holds
 * there) or land (she runs aground). A hex that is not sailable is land
 * when its centre or a corner (pulled 1 px in) is a land pixel of the map;
 * else it is unsailable only for reaching past the map's edge. */
enum { SKIRMISH_SEA, SKIRMISH_EDGE, SKIRMISH_LAND };
int skirmish_shore(const Skirmish *sk, Hex h);

/* Where ship i can be at the end of this turn: chart_reach under its cost
 * table, never entering a hex another ship (afloat or struck) is in now.
 * Returns the node count (at most cap) or -1 when memory runs out. */
int skirmish_reach(Skirmish *sk, int i, ChartReachNode *out, int cap);
/* Plot ship i's path towards goal (facing goal_facing, or any if < 0): the
 * cheapest path this turn when the goal is in reach, else the part of the
 * cheapest route (A*, slower points of sail cost more) this turn's
 * movement allows. Writes o->steps/nsteps (fire orders untouched); returns
 * the step count, or -1 when the goal can't be reached at all. */
int skirmish_plot_to(Skirmish *sk, int i, Hex goal, int goal_facing, SkirmishOrders *o);
/* Plan ship i's route to goal (facing goal_facing, or any if < 0) over
 * as many turns as it takes (route.h): her cost tables under the wind now
 * for every facing a turn may start on; in this turn the ships as they
 * stand, her own side's sailing their plotted orders phase by phase (so
 * she may follow a ship out of the hex it leaves, as the rules allow) and
 * the enemy's staying put (their orders are hidden); in later turns every
 * ship where this turn leaves her, except on the goal, which only a wreck
 * holds for good (the game plans again each turn); when those leave no
 * way, only the wrecks, counting on the others to move on. The first
 * turn's steps are orders skirmish_check_orders accepts. rs must be made
 * for sk->chart. Returns the turn count, or -1 with out->reason. */
int skirmish_route(Skirmish *sk, RouteSearch *rs, int i, Hex goal, int goal_facing, RoutePlan *out);
/* Hexes broadside b of ship i could hit now: in its arc, 1..8 hexes off,
 * on sailable water, with a line of fire clear of land and ships. Writes at
 * most cap; returns the full count. */
int skirmish_arc_hexes(const Skirmish *sk, int i, int b, Hex *out, int cap);
/* The ship broadside b of ship i would fire at under fire order f from
 * where the ships are now (-1: none). *range and *raked may be NULL. */
int skirmish_fire_target(const Skirmish *sk, int i, int b, SkirmishFire f, int *range, bool *raked);

/* The goals at a turn's end (skirmish_turn.c, after the fates and
 * prizes): ships on their exits leave, the area's holders count a turn,
 * and goal_met is set for a side whose goal is met. Logs ESCAPED and a
 * GOAL for each goal met or failed; who wins is skirmish_end's to say. */
void skirmish_goal_check(Skirmish *sk);
/* True when ship i may leave through hex h: her side's goal is an escort
 * of her or a blockade, h is one of its exits, and she is fighting. */
bool skirmish_goal_exit(const Skirmish *sk, int i, Hex h);
/* Side's goal in one line for the screen ("see A1 Ceres out through the
 * exit at the east edge"). */
void skirmish_goal_brief(const Skirmish *sk, int side, char *buf, size_t cap);
/* The map edges a goal's exits can face (skirmish_goal_edge). */
enum { SKIRMISH_EDGE_WEST, SKIRMISH_EDGE_EAST, SKIRMISH_EDGE_NORTH, SKIRMISH_EDGE_SOUTH };
/* The map edge nearest the middle of side's goal hexes (SKIRMISH_EDGE_*),
 * which the brief names and the screen points its exits at; -1 when the
 * goal has no hexes or they lie inland (over 3 hexes from every edge). */
int skirmish_goal_edge(const Skirmish *sk, int side);
/* True when hex h is one of side's goal hexes (an exit or the area). */
bool skirmish_goal_has(const Skirmish *sk, int side, Hex h);
/* The ship the battle treats as side's flagship: the one the enemy's
 * flagship objective names (a scenario's `flagship = yes`, or its
 * objective's `ship =`), -1 when the enemy has no such objective (every
 * plain skirmish). She stays so when struck or taken. */
int skirmish_flagship(const Skirmish *sk, int side);
/* What hex h is to side's goal, in one line for the screen: "exit for A1
 * Indiaman Ceres (side A): she leaves the board here", "exit for side A:
 * 2 ships must get out (0 out so far)", "the bay, side B's to hold: ...";
 * "" when h is none of its hexes. */
void skirmish_goal_hex_text(const Skirmish *sk, int side, Hex h, char *buf, size_t cap);
/* Check setup's goals against its ships (ship indices in range and of
 * the right side, hexes given where the kind needs them). */
int skirmish_goal_validate(const SkirmishSetup *setup, Err *e);

/* One line describing ev ("A2 frigate fires port broadside at B1..."). */
void skirmish_event_text(const Skirmish *sk, const SkirmishEvent *ev, char *buf, size_t cap);

/* End-of-game (or so-far) statistics, and what decided it. */
void skirmish_outcome(const Skirmish *sk, SkirmishOutcome *out);
/* The outcome as one JSON object on one line; returns its length or -1
 * when cap is too small (SKIRMISH_OUTCOME_JSON_MAX always does: the map's
 * name and the verdict take at worst six bytes a byte escaped). */
#define SKIRMISH_OUTCOME_JSON_MAX 4096
int skirmish_outcome_json(const SkirmishOutcome *o, char *buf, size_t cap);

#endif
