/* save_internal: what the save's files share (save.c writes, save_parse.c
 * reads the text into SaveData, save_build.c checks it and builds the
 * battle, save_locate.c finds a map that moved); nothing else includes it. */
#ifndef SHOAL_SAVE_INTERNAL_H
#define SHOAL_SAVE_INTERNAL_H

#include "mapgen.h"
#include "save.h"

/* The words a save spells values with, indexed by the value. */
extern const char *const save_status_names[3]; /* FLEET_AFLOAT.. */
extern const char *const save_shot_names[FLEET_SHOTS];
/* The version that brought each shot's word (grape and double: 3). */
extern const int save_shot_since[FLEET_SHOTS];
extern const char save_step_chars[HEX_STEPS];
extern const char save_side_names[SKIRMISH_SIDES];
/* The value of the last line, "end = shoal-save": a save without it was cut short. */
#define SAVE_END_VALUE "shoal-save"
/* [side.X] computer's word for a side a person commanded. */
#define SAVE_AI_NONE "none"

/* The keys of each section, in the order of the tables below. */
enum {
    SAVE_BATTLE_MAP,
    SAVE_BATTLE_GEN_SEED,
    SAVE_BATTLE_GEN_SIZE,
    SAVE_BATTLE_GEN_LAND,
    SAVE_BATTLE_GEN_ROUGH,
    SAVE_BATTLE_GEN_ISLANDS,
    SAVE_BATTLE_GEN_MIRROR,
    SAVE_BATTLE_MAP_SIZE,
    SAVE_BATTLE_SEED,
    SAVE_BATTLE_DICE,
    SAVE_BATTLE_TURN,
    SAVE_BATTLE_TURN_LIMIT,
    SAVE_BATTLE_WIND,
    SAVE_BATTLE_WIND_STRENGTH,
    SAVE_BATTLE_SHIPS,
    SAVE_BATTLE_OVER,
    SAVE_BATTLE_WINNER,
    SAVE_BATTLE_SUBMITTED,
    SAVE_BATTLE_QUIET, /* since version 3 */
    SAVE_BATTLE_COUNT
};
enum {
    SAVE_SIDE_BROADSIDES,
    SAVE_SIDE_SHOTS,
    SAVE_SIDE_HITS,
    SAVE_SIDE_DAMAGE,
    SAVE_SIDE_SUNK,
    SAVE_SIDE_STRUCK,
    SAVE_SIDE_POINTS,
    SAVE_SIDE_BOARDINGS,   /* since version 3 */
    SAVE_SIDE_PRIZES,      /* since version 3 */
    SAVE_SIDE_GROUNDINGS,  /* since version 3 */
    SAVE_SIDE_SHOTS_ROUND, /* since version 3, and the four after it */
    SAVE_SIDE_SHOTS_CHAIN,
    SAVE_SIDE_SHOTS_GRAPE,
    SAVE_SIDE_SHOTS_DOUBLE,
    SAVE_SIDE_BURST,
    SAVE_SIDE_COUNT
};
enum {
    SAVE_SHIP_CLASS,
    SAVE_SHIP_SIDE,
    SAVE_SHIP_HEX,
    SAVE_SHIP_FACING,
    SAVE_SHIP_STATUS,
    SAVE_SHIP_HULL,
    SAVE_SHIP_RIGGING,
    SAVE_SHIP_CREW,
    SAVE_SHIP_GUNS_PORT,
    SAVE_SHIP_GUNS_STARBOARD,
    SAVE_SHIP_RELOAD_PORT,
    SAVE_SHIP_RELOAD_STARBOARD,
    SAVE_SHIP_ANCHORED, /* since version 2 */
    SAVE_SHIP_AGROUND,  /* since version 2 */
    SAVE_SHIP_LASHED,   /* since version 3 */
    SAVE_SHIP_PRIZE,    /* since version 3 */
    /* since version 3: */
    SAVE_SHIP_UNFIRED_PORT,
    SAVE_SHIP_UNFIRED_STARBOARD,
    SAVE_SHIP_COUNT
};
enum {
    SAVE_ORDER_STEPS,
    SAVE_ORDER_PORT,
    SAVE_ORDER_STARBOARD,
    SAVE_ORDER_ANCHOR, /* since version 2 */
    SAVE_ORDER_BOARD,  /* since version 3 */
    SAVE_ORDER_COUNT
};
enum { SAVE_ROUTE_GOAL, SAVE_ROUTE_FACING, SAVE_ROUTE_FIRST_TURNS, SAVE_ROUTE_COUNT };
/* Everything a save holds, with the line each value came from (0 = not
 * given), so checks that need several values can still name a line. */
typedef struct SaveData {
    const char *name;
    int version; /* 1..SAVE_VERSION, from the header */
    int last_line, end_line;
    int battle_line;
    int bline[SAVE_BATTLE_COUNT];
    char map_path[SKIRMISH_PATH_MAX];
    MapGenParams gen;
    int map_w, map_h;
    unsigned long long seed, dice;
    int turn, turn_limit, wind, wind_strength, nships, over, winner, quiet;
    int submitted[SKIRMISH_SIDES];
    int sline[SKIRMISH_SIDES][SAVE_SIDE_COUNT];
    int stats[SKIRMISH_SIDES][SAVE_SIDE_COUNT];
    /* [side.X] computer = easy|normal|hard (SKIRMISH_AI_*; older saves
     * say steady for normal, green for easy) or none (a person's side,
     * kept as normal); optional: saves from before it was chosen are
     * normal (zero). */
    int ai_line[SKIRMISH_SIDES];
    int ai_level[SKIRMISH_SIDES];
    bool person[SKIRMISH_SIDES];
    int ship_line[SKIRMISH_MAX_SHIPS];
    int pline[SKIRMISH_MAX_SHIPS][SAVE_SHIP_COUNT];
    int pv[SKIRMISH_MAX_SHIPS][SAVE_SHIP_COUNT];
    Hex hex[SKIRMISH_MAX_SHIPS];
    int order_line[SKIRMISH_MAX_SHIPS];
    int oline[SKIRMISH_MAX_SHIPS][SAVE_ORDER_COUNT];
    SkirmishOrders orders[SKIRMISH_MAX_SHIPS];
    /* [route.N] (optional; save_route.c). */
    int route_line[SKIRMISH_MAX_SHIPS];
    int rline[SKIRMISH_MAX_SHIPS][SAVE_ROUTE_COUNT];
    SaveRoute route[SKIRMISH_MAX_SHIPS];
    /* [scenario], [goal.A], [goal.B] (optional, since version 4;
     * save_goal.c). */
    int scen_line, goal_line[SKIRMISH_SIDES];
    char scenario[SKIRMISH_NAME_MAX];
    int limit_win;
    SkirmishGoal goal[SKIRMISH_SIDES];
    int held[SKIRMISH_SIDES];
    bool met[SKIRMISH_SIDES];
    bool escaped[SKIRMISH_MAX_SHIPS];
    char names[SKIRMISH_MAX_SHIPS][SKIRMISH_NAME_MAX];
} SaveData;
extern const char *const save_battle_keys[SAVE_BATTLE_COUNT];
extern const char *const save_side_keys[SAVE_SIDE_COUNT];
extern const char *const save_ship_keys[SAVE_SHIP_COUNT];
extern const char *const save_order_keys[SAVE_ORDER_COUNT];
/* The version that brought each key (older saves load without it). */
extern const int save_side_since[SAVE_SIDE_COUNT];
extern const int save_ship_since[SAVE_SHIP_COUNT];
extern const int save_order_since[SAVE_ORDER_COUNT];

/* e = "name:line: message", from d->name and a local `line`. */
#define SAVE_BAD(fmt, ...) err_set(e, "%s:%d: " fmt, d->name, line, __VA_ARGS__)

/* The map source d names: a file, or every parameter of a generated map
 * (and those valid). */
int save_check_source(const SaveData *d, Err *e);
/* Check everything in d that needs several values, then fill sk for a
 * battle on map; sk is left empty on failure. */
int save_build(const SaveData *d, const Map *map, Skirmish *sk, Err *e);

/* Load the map a save at save_path names in map_path (SKIRMISH_PATH_MAX
 * bytes). When that file is gone, look for it where it would be now and,
 * when found there, write the path that loaded into map_path. Returns 0, or
 * -1 with me saying why (the message as map_load's, with where else was
 * looked). */
int save_locate_map(char *map_path, const char *save_path, Map *map, Err *me);

/* Read save text into d (every value checked on its own; save_parse.c). */
int save_parse_data(const char *text, size_t len, const char *name, SaveData *d, Err *e);
/* Read the save at path and parse it: *d (allocated: a SaveData is large)
 * and *text, which the caller frees both of; -1 with e set and nothing to
 * free. */
int save_read_data(const char *path, char **text, SaveData **d, Err *e);

/* save_route.c: the [route.N] sections. One key of route idx. */
int save_route_line(SaveData *d, int idx, const char *section, const char *key, const char *v,
                    int line, Err *e);
/* Every [route.N] complete, for a ship of sk afloat, to a sailable hex;
 * then copied into x (may be NULL). */
int save_route_check(const SaveData *d, const Skirmish *sk, SaveExtras *x, Err *e);
/* Append x's routes (NULL: none) to buf; false when cap ran out. */
bool save_route_format(const Skirmish *sk, const SaveExtras *x, char *buf, size_t cap, size_t *len);

/* save_goal.c: the [scenario] (side -1) and [goal.X] (side) sections. */
int save_goal_line(SaveData *d, int side, const char *section, const char *key, const char *v,
                   int line, Err *e);
/* The goals and scenario state into sk (built from d), checked against it. */
int save_goal_apply(const SaveData *d, Skirmish *sk, Err *e);
/* Append sk's scenario state (nothing for a plain skirmish); false when
 * cap ran out. */
bool save_goal_format(const Skirmish *sk, char *buf, size_t cap, size_t *len);

#endif
