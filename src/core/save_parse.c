/* save_parse: reading skirmish saves with strict checks: the text into
 * SaveData, then checks across values and the battle built from them. */
#include "save_internal.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afile.h"
#include "kv.h"
#include "mapgen.h"

enum {
    B_MAP,
    B_GEN_SEED,
    B_GEN_SIZE,
    B_GEN_LAND,
    B_GEN_ROUGH,
    B_GEN_ISLANDS,
    B_GEN_MIRROR,
    B_MAP_SIZE,
    B_SEED,
    B_DICE,
    B_TURN,
    B_TURN_LIMIT,
    B_WIND,
    B_WIND_STRENGTH,
    B_SHIPS,
    B_OVER,
    B_WINNER,
    B_SUBMITTED,
    B_COUNT
};
static const char *const battle_keys[B_COUNT] = {"map",
                                                 "map_gen_seed",
                                                 "map_gen_size",
                                                 "map_gen_land",
                                                 "map_gen_roughness",
                                                 "map_gen_islands",
                                                 "map_gen_mirror",
                                                 "map_size",
                                                 "seed",
                                                 "dice",
                                                 "turn",
                                                 "turn_limit",
                                                 "wind",
                                                 "wind_strength",
                                                 "ships",
                                                 "over",
                                                 "winner",
                                                 "submitted"};

enum { S_BROADSIDES, S_SHOTS, S_HITS, S_DAMAGE, S_SUNK, S_STRUCK, S_POINTS, S_COUNT };
static const char *const side_keys[S_COUNT] = {"broadsides", "shots",  "hits",  "damage",
                                               "sunk",       "struck", "points"};

enum {
    P_CLASS,
    P_SIDE,
    P_HEX,
    P_FACING,
    P_STATUS,
    P_HULL,
    P_RIGGING,
    P_CREW,
    P_GUNS_PORT,
    P_GUNS_STARBOARD,
    P_RELOAD_PORT,
    P_RELOAD_STARBOARD,
    P_COUNT
};
static const char *const ship_keys[P_COUNT] = {
    "class",   "side", "hex",       "facing",         "status",      "hull",
    "rigging", "crew", "guns_port", "guns_starboard", "reload_port", "reload_starboard"};

enum { O_STEPS, O_PORT, O_STARBOARD, O_COUNT };
static const char *const order_keys[O_COUNT] = {"steps", "port", "starboard"};

/* Everything a save holds, with the line each value came from (0 = not
 * given), so checks that need several values can still name a line. */
typedef struct SaveData {
    const char *name;
    int last_line, end_line;
    int battle_line;
    int bline[B_COUNT];
    char map_path[SKIRMISH_PATH_MAX];
    MapGenParams gen;
    int map_w, map_h;
    unsigned long long seed, dice;
    int turn, turn_limit, wind, wind_strength, nships, over, winner;
    int submitted[SKIRMISH_SIDES];
    int sline[SKIRMISH_SIDES][S_COUNT];
    int stats[SKIRMISH_SIDES][S_COUNT];
    int ship_line[SKIRMISH_MAX_SHIPS];
    int pline[SKIRMISH_MAX_SHIPS][P_COUNT];
    int pv[SKIRMISH_MAX_SHIPS][P_COUNT];
    Hex hex[SKIRMISH_MAX_SHIPS];
    int order_line[SKIRMISH_MAX_SHIPS];
    int oline[SKIRMISH_MAX_SHIPS][O_COUNT];
    SkirmishOrders orders[SKIRMISH_MAX_SHIPS];
} SaveData;

static int find_key(const char *const *keys, int n, const char *key)
{
    for (int i = 0; i < n; i++)
        if (strcmp(keys[i], key) == 0) return i;
    return -1;
}

static bool parse_int(const char *v, long lo, long hi, int *out)
{
    long x;
    if (kv_parse_int(v, lo, hi, &x) != 0) return false;
    *out = (int)x;
    return true;
}

static bool parse_u64(const char *v, unsigned long long *out)
{
    if (!isdigit((unsigned char)v[0])) return false;
    for (const char *p = v; *p; p++)
        if (!isdigit((unsigned char)*p)) return false;
    errno = 0;
    char *end;
    unsigned long long x = strtoull(v, &end, 10);
    if (errno == ERANGE || *end != '\0') return false;
    *out = x;
    return true;
}

/* "a<sep>b" with both whole numbers in [lo, hi]. */
static bool parse_pair(const char *v, char sep, long lo, long hi, int *a, int *b)
{
    const char *mid = strchr(v, sep);
    if (!mid || mid - v >= 24) return false;
    char left[24];
    memcpy(left, v, (size_t)(mid - v));
    left[mid - v] = '\0';
    return parse_int(left, lo, hi, a) && parse_int(mid + 1, lo, hi, b);
}

static bool parse_side(const char *v, int *out)
{
    for (int s = 0; s < SKIRMISH_SIDES; s++)
        if (v[0] == save_side_names[s] && v[1] == '\0') {
            *out = s;
            return true;
        }
    return false;
}

static bool parse_fire(const char *v, SkirmishFire *f)
{
    char target[16], shot[16], extra;
    if (sscanf(v, "%15s %15s %c", target, shot, &extra) != 2) return false;
    f->shot = -1;
    for (int k = 0; k < FLEET_SHOTS; k++)
        if (strcmp(shot, save_shot_names[k]) == 0) f->shot = k;
    if (f->shot < 0) return false;
    if (strcmp(target, "hold") == 0)
        f->target = SKIRMISH_HOLD;
    else if (strcmp(target, "any") == 0)
        f->target = SKIRMISH_ANY;
    else if (!parse_int(target, 0, SKIRMISH_MAX_SHIPS - 1, &f->target))
        return false;
    return true;
}

static bool parse_steps(const char *v, SkirmishOrders *o)
{
    o->nsteps = 0;
    if (strcmp(v, "-") == 0) return true;
    for (const char *p = v; *p; p++) {
        const char *c = memchr(save_step_chars, *p, HEX_STEPS);
        if (!c || o->nsteps >= SKIRMISH_MAX_STEPS) return false;
        o->steps[o->nsteps++] = (uint8_t)(c - save_step_chars);
    }
    return o->nsteps > 0;
}

#define BAD(fmt, ...) err_set(e, "%s:%d: " fmt, d->name, line, __VA_ARGS__)

/* A [battle] key naming the map: its file, or a parameter of a generated one. */
static int parse_source(SaveData *d, int k, const char *v, int line, Err *e)
{
    int a, b;
    double f;
    switch (k) {
    case B_MAP:
        if (strlen(v) >= sizeof d->map_path || v[0] == '\0')
            return BAD("map path is empty or longer than %d characters", SKIRMISH_PATH_MAX - 1);
        strcpy(d->map_path, v);
        return 0;
    case B_GEN_SEED: {
        unsigned long long s;
        if (!parse_u64(v, &s) || s > 0xffffffffull)
            return BAD("map_gen_seed '%.40s' is not a whole number from 0 to 4294967295", v);
        d->gen.seed = (uint32_t)s;
        return 0;
    }
    case B_GEN_SIZE:
        if (!parse_pair(v, 'x', MAP_MIN_SIDE, MAP_MAX_SIDE, &a, &b))
            return BAD("map_gen_size '%.40s' is not WxH with sides %d..%d", v, MAP_MIN_SIDE,
                       MAP_MAX_SIDE);
        d->gen.w = a;
        d->gen.h = b;
        return 0;
    case B_GEN_LAND:
    case B_GEN_ROUGH:
        if (kv_parse_float(v, 0.0, 1.0, &f) != 0)
            return BAD("%s '%.40s' is not a number from 0 to 1", battle_keys[k], v);
        if (k == B_GEN_LAND)
            d->gen.land = (float)f;
        else
            d->gen.roughness = (float)f;
        return 0;
    case B_GEN_ISLANDS:
        if (!parse_int(v, 0, 64, &d->gen.islands))
            return BAD("map_gen_islands '%.40s' is not a whole number from 0 to 64", v);
        return 0;
    case B_GEN_MIRROR:
        if (!parse_int(v, 0, 1, &a)) return BAD("map_gen_mirror '%.40s' is not 0 or 1", v);
        d->gen.mirror = a == 1;
        return 0;
    default:
        return BAD("unknown key %d", k);
    }
}

/* A [battle] key: the map source, or the battle's size, dice and state. */
static int parse_battle(SaveData *d, int k, const char *v, int line, Err *e)
{
    if (k <= B_GEN_MIRROR) return parse_source(d, k, v, line, e);
    switch (k) {
    case B_MAP_SIZE:
        if (!parse_pair(v, 'x', MAP_MIN_SIDE, MAP_MAX_SIDE, &d->map_w, &d->map_h))
            return BAD("map_size '%.40s' is not WxH with sides %d..%d", v, MAP_MIN_SIDE,
                       MAP_MAX_SIDE);
        return 0;
    case B_SEED:
    case B_DICE:
        if (!parse_u64(v, k == B_SEED ? &d->seed : &d->dice))
            return BAD("%s '%.40s' is not a whole number from 0 to 18446744073709551615",
                       battle_keys[k], v);
        return 0;
    case B_TURN:
        if (!parse_int(v, 1, SKIRMISH_MAX_TURNS, &d->turn))
            return BAD("turn '%.40s' is not a whole number from 1 to %d", v, SKIRMISH_MAX_TURNS);
        return 0;
    case B_TURN_LIMIT:
        if (!parse_int(v, 1, SKIRMISH_MAX_TURNS, &d->turn_limit))
            return BAD("turn_limit '%.40s' is not a whole number from 1 to %d", v,
                       SKIRMISH_MAX_TURNS);
        return 0;
    case B_WIND:
        d->wind = hex_dir_from_name(v);
        if (d->wind < 0) return BAD("wind '%.40s' is not one of E NE NW W SW SE", v);
        return 0;
    case B_WIND_STRENGTH:
        if (!parse_int(v, 0, MAP_WIND_MAX, &d->wind_strength))
            return BAD("wind_strength '%.40s' is not a whole number from 0 to %d", v, MAP_WIND_MAX);
        return 0;
    case B_SHIPS:
        if (!parse_int(v, 2, SKIRMISH_MAX_SHIPS, &d->nships))
            return BAD("ships '%.40s' is not a whole number from 2 to %d", v, SKIRMISH_MAX_SHIPS);
        return 0;
    case B_OVER:
        if (!parse_int(v, 0, 1, &d->over)) return BAD("over '%.40s' is not 0 or 1", v);
        return 0;
    case B_WINNER:
        if (strcmp(v, "none") == 0)
            d->winner = -1;
        else if (!parse_side(v, &d->winner))
            return BAD("winner '%.40s' is not A, B or none", v);
        return 0;
    case B_SUBMITTED:
        d->submitted[0] = d->submitted[1] = 0;
        if (strcmp(v, "none") == 0) return 0;
        if (strcmp(v, "A") == 0 || strcmp(v, "A B") == 0) d->submitted[0] = 1;
        if (strcmp(v, "B") == 0 || strcmp(v, "A B") == 0) d->submitted[1] = 1;
        if (!d->submitted[0] && !d->submitted[1])
            return BAD("submitted '%.40s' is not none, A, B or 'A B'", v);
        return 0;
    default:
        return BAD("unknown key %d", k);
    }
}

static int parse_ship(SaveData *d, int i, int k, const char *v, int line, Err *e)
{
    int *out = &d->pv[i][k];
    switch (k) {
    case P_CLASS:
        *out = fleet_class_from_name(v);
        if (*out < 0) return BAD("ship %d: class '%.40s' is not sloop, frigate or line", i, v);
        return 0;
    case P_SIDE:
        if (!parse_side(v, out)) return BAD("ship %d: side '%.40s' is not A or B", i, v);
        return 0;
    case P_HEX:
        if (!parse_pair(v, ',', -100000, 100000, &d->hex[i].q, &d->hex[i].r))
            return BAD("ship %d: hex '%.40s' is not 'q,r'", i, v);
        return 0;
    case P_FACING:
        *out = hex_dir_from_name(v);
        if (*out < 0) return BAD("ship %d: facing '%.40s' is not one of E NE NW W SW SE", i, v);
        return 0;
    case P_STATUS:
        *out = -1;
        for (int s = 0; s < 3; s++)
            if (strcmp(v, save_status_names[s]) == 0) *out = s;
        if (*out < 0) return BAD("ship %d: status '%.40s' is not afloat, struck or sunk", i, v);
        return 0;
    case P_RELOAD_PORT:
    case P_RELOAD_STARBOARD:
        if (!parse_int(v, 0, FLEET_RELOAD_TURNS - 1, out))
            return BAD("ship %d: %s '%.40s' is not a whole number from 0 to %d", i, ship_keys[k], v,
                       FLEET_RELOAD_TURNS - 1);
        return 0;
    default:
        /* Strength values: class maxima are checked once the class is
         * known, after the whole file is read. */
        if (!parse_int(v, 0, 1000, out))
            return BAD("ship %d: %s '%.40s' is not a whole number from 0 to 1000", i, ship_keys[k],
                       v);
        return 0;
    }
}

/* Section kinds. */
enum { SEC_NONE, SEC_BATTLE, SEC_SIDE, SEC_SHIP, SEC_ORDERS, SEC_END };

static int section_kind(const char *sec, int *index)
{
    *index = -1;
    if (strcmp(sec, "") == 0) return SEC_NONE;
    if (strcmp(sec, "battle") == 0) return SEC_BATTLE;
    if (strcmp(sec, "end") == 0) return SEC_END;
    if (strcmp(sec, "side.A") == 0 || strcmp(sec, "side.B") == 0) {
        *index = sec[5] == 'A' ? 0 : 1;
        return SEC_SIDE;
    }
    long n;
    if (strncmp(sec, "ship.", 5) == 0 &&
        kv_parse_int(sec + 5, 0, SKIRMISH_MAX_SHIPS - 1, &n) == 0) {
        *index = (int)n;
        return SEC_SHIP;
    }
    if (strncmp(sec, "orders.", 7) == 0 &&
        kv_parse_int(sec + 7, 0, SKIRMISH_MAX_SHIPS - 1, &n) == 0) {
        *index = (int)n;
        return SEC_ORDERS;
    }
    return -1;
}

/* The header line: "shoal-save <version>". */
static int parse_header(const char *text, size_t len, const char *name, size_t *body, Err *e)
{
    const char *nl = memchr(text, '\n', len);
    size_t n = nl ? (size_t)(nl - text) : len;
    if (n > 0 && text[n - 1] == '\r') n--;
    const char magic[] = "shoal-save ";
    size_t m = sizeof magic - 1;
    if (n < m || memcmp(text, magic, m) != 0)
        return err_set(e, "%s:1: not a shoal save (the first line must be 'shoal-save %d')", name,
                       SAVE_VERSION);
    char ver[16];
    if (n - m >= sizeof ver) return err_set(e, "%s:1: unreadable save version", name);
    memcpy(ver, text + m, n - m);
    ver[n - m] = '\0';
    /* Never echo control characters: the message must stay one line. */
    for (size_t i = 0; i < n - m; i++)
        if ((unsigned char)ver[i] < 0x20 || ver[i] == 0x7f)
            return err_set(e, "%s:1: unreadable save version", name);
    long v;
    if (kv_parse_int(ver, 0, 1000000, &v) != 0)
        return err_set(e, "%s:1: unreadable save version '%s'", name, ver);
    if (v != SAVE_VERSION)
        return err_set(e, "%s:1: save version %ld is not supported (this shoal reads version %d)",
                       name, v, SAVE_VERSION);
    *body = nl ? (size_t)(nl - text) + 1 : len;
    return 0;
}

/* Text, not binary: not empty and no NUL byte. */
static int check_text(const SaveData *d, const char *text, size_t len, Err *e)
{
    if (len == 0) return err_set(e, "%s:1: empty file, not a shoal save", d->name);
    const char *nul = memchr(text, '\0', len);
    if (nul) {
        int line = 1;
        for (const char *p = text; p < nul; p++) line += *p == '\n';
        return BAD("a NUL byte: this is not a text save%s", "");
    }
    return 0;
}

static int parse_battle_line(SaveData *d, const char *key, const char *v, bool new_section,
                             int line, Err *e)
{
    int k = find_key(battle_keys, B_COUNT, key);
    if (k < 0) return BAD("unknown key '%.40s' in [battle]", key);
    if (d->bline[k]) return BAD("'%s' given twice (first on line %d)", key, d->bline[k]);
    if (new_section && d->battle_line) return BAD("[battle] given twice%s", "");
    if (!d->battle_line) d->battle_line = line;
    d->bline[k] = line;
    return parse_battle(d, k, v, line, e);
}

static int parse_side_line(SaveData *d, int idx, const char *section, const char *key,
                           const char *v, int line, Err *e)
{
    int k = find_key(side_keys, S_COUNT, key);
    if (k < 0) return BAD("unknown key '%.40s' in [%s]", key, section);
    if (d->sline[idx][k])
        return BAD("'%s' of side %c given twice (first on line %d)", key, save_side_names[idx],
                   d->sline[idx][k]);
    d->sline[idx][k] = line;
    if (!parse_int(v, 0, 1000000, &d->stats[idx][k]))
        return BAD("side %c: %s '%.40s' is not a whole number from 0 to 1000000",
                   save_side_names[idx], key, v);
    return 0;
}

static int parse_ship_line(SaveData *d, int idx, const char *section, const char *key,
                           const char *v, int line, Err *e)
{
    int k = find_key(ship_keys, P_COUNT, key);
    if (k < 0) return BAD("unknown key '%.40s' in [%s]", key, section);
    if (d->pline[idx][k])
        return BAD("'%s' of ship %d given twice (first on line %d)", key, idx, d->pline[idx][k]);
    if (!d->ship_line[idx]) d->ship_line[idx] = line;
    d->pline[idx][k] = line;
    return parse_ship(d, idx, k, v, line, e);
}

static int parse_orders_line(SaveData *d, int idx, const char *section, const char *key,
                             const char *v, int line, Err *e)
{
    int k = find_key(order_keys, O_COUNT, key);
    if (k < 0) return BAD("unknown key '%.40s' in [%s]", key, section);
    if (d->oline[idx][k])
        return BAD("'%s' of orders %d given twice (first on line %d)", key, idx, d->oline[idx][k]);
    if (!d->order_line[idx]) d->order_line[idx] = line;
    d->oline[idx][k] = line;
    SkirmishOrders *o = &d->orders[idx];
    if (k == O_STEPS && !parse_steps(v, o))
        return BAD("orders %d: steps '%.40s' is not '-' or up to %d of F, P, S", idx, v,
                   SKIRMISH_MAX_STEPS);
    if (k != O_STEPS && !parse_fire(v, &o->fire[k == O_PORT ? FLEET_PORT : FLEET_STARBOARD]))
        return BAD("orders %d: %s '%.40s' is not '<hold|any|ship> <round|chain>'", idx, key, v);
    return 0;
}

static int parse_text(const char *text, size_t len, const char *name, SaveData *d, Err *e)
{
    memset(d, 0, sizeof *d);
    d->name = name;
    d->winner = -1;
    mapgen_defaults(&d->gen);
    size_t body = 0;
    if (check_text(d, text, len, e) != 0) return -1;
    if (parse_header(text, len, name, &body, e) != 0) return -1;
    KvReader r;
    if (kv_open(&r, text + body, len - body, name, e) != 0) return -1;
    r.line = 1; /* the header was line 1 */
    const char *key, *v;
    int rc;
    char last_section[sizeof r.section] = "";
    while ((rc = kv_next(&r, &key, &v, e)) == 1) {
        int line = r.line;
        d->last_line = line;
        if (d->end_line) return BAD("'%.40s' after the end line", key);
        int idx, kind = section_kind(r.section, &idx);
        bool new_section = strcmp(last_section, r.section) != 0;
        strcpy(last_section, r.section);
        if (kind < 0) return BAD("unknown section [%.40s]", r.section);
        if (kind == SEC_NONE) return BAD("'%.40s' outside any section", key);
        if (kind == SEC_END) {
            if (strcmp(key, "end") != 0 || strcmp(v, SAVE_END_VALUE) != 0)
                return BAD("the end line must read 'end = %s'", SAVE_END_VALUE);
            d->end_line = line;
            continue;
        }
        int bad;
        if (kind == SEC_BATTLE)
            bad = parse_battle_line(d, key, v, new_section, line, e);
        else if (kind == SEC_SIDE)
            bad = parse_side_line(d, idx, r.section, key, v, line, e);
        else if (kind == SEC_SHIP)
            bad = parse_ship_line(d, idx, r.section, key, v, line, e);
        else
            bad = parse_orders_line(d, idx, r.section, key, v, line, e);
        if (bad != 0) return -1;
    }
    if (rc < 0) return -1;
    d->last_line = r.line;
    if (!d->end_line) {
        int line = r.line > 0 ? r.line : 1;
        return BAD("truncated: the save ends before its 'end = %s' line", SAVE_END_VALUE);
    }
    return 0;
}

/* The map source: a file, or every parameter of a generated map. */
static int check_source(const SaveData *d, Err *e)
{
    int line = d->end_line;
    bool gen = false;
    for (int k = B_GEN_SEED; k <= B_GEN_MIRROR; k++) gen = gen || d->bline[k];
    if (!gen) {
        if (!d->bline[B_MAP]) return BAD("incomplete save: [battle] names no map%s", "");
        return 0;
    }
    for (int k = B_GEN_SEED; k <= B_GEN_MIRROR; k++)
        if (!d->bline[k]) return BAD("incomplete save: [battle] has no '%s'", battle_keys[k]);
    if (d->bline[B_MAP]) {
        line = d->bline[B_MAP];
        return BAD("the save names both a map file and a generated map%s", "");
    }
    Err ge;
    if (mapgen_validate(&d->gen, &ge) != 0) {
        line = d->bline[B_GEN_SEED];
        return BAD("generated map: %s", ge.msg);
    }
    return 0;
}

/* [battle] has every key, names one map source, and its values agree with
 * each other and with map. */
static int check_battle(const SaveData *d, const Map *map, Err *e)
{
    int line = d->end_line;
    int required[] = {B_MAP_SIZE,      B_SEED,  B_DICE, B_TURN,   B_TURN_LIMIT, B_WIND,
                      B_WIND_STRENGTH, B_SHIPS, B_OVER, B_WINNER, B_SUBMITTED};
    for (size_t k = 0; k < sizeof required / sizeof required[0]; k++)
        if (!d->bline[required[k]])
            return BAD("incomplete save: [battle] has no '%s'", battle_keys[required[k]]);
    if (check_source(d, e) != 0) return -1;
    line = d->bline[B_MAP_SIZE];
    if (map->w != d->map_w || map->h != d->map_h)
        return BAD("the battle was saved on a %dx%d map but the map is %dx%d", d->map_w, d->map_h,
                   map->w, map->h);
    if (d->turn > d->turn_limit) {
        line = d->bline[B_TURN];
        return BAD("turn %d is past the turn limit %d", d->turn, d->turn_limit);
    }
    if (!d->over && d->winner >= 0) {
        line = d->bline[B_WINNER];
        return BAD("winner %c named for a battle that is not over", save_side_names[d->winner]);
    }
    return 0;
}

/* Ship i has every key (her orders too, if given) and no more strength than
 * her class; afloat, she has hull left. A missing key has no line of its
 * own: the message names [battle]'s map_size line. */
static int check_ship(const SaveData *d, int i, Err *e)
{
    int line = d->bline[B_MAP_SIZE];
    for (int k = 0; k < P_COUNT; k++)
        if (!d->pline[i][k]) return BAD("incomplete save: ship %d has no '%s'", i, ship_keys[k]);
    for (int k = 0; k < O_COUNT; k++)
        if (d->order_line[i] && !d->oline[i][k]) {
            line = d->order_line[i];
            return BAD("incomplete save: orders %d have no '%s'", i, order_keys[k]);
        }
    /* Every key was parsed (checked above), so class and side are valid. */
    assert(d->pv[i][P_CLASS] >= 0 && d->pv[i][P_CLASS] < FLEET_CLASSES);
    assert(d->pv[i][P_SIDE] >= 0 && d->pv[i][P_SIDE] < SKIRMISH_SIDES);
    const FleetClass *c = &fleet_classes[d->pv[i][P_CLASS]];
    int maxv[P_COUNT] = {0};
    maxv[P_HULL] = c->hull;
    maxv[P_RIGGING] = c->rigging;
    maxv[P_CREW] = c->crew;
    maxv[P_GUNS_PORT] = maxv[P_GUNS_STARBOARD] = c->guns;
    for (int k = P_HULL; k <= P_GUNS_STARBOARD; k++)
        if (d->pv[i][k] > maxv[k]) {
            line = d->pline[i][k];
            return BAD("ship %d: %s %d is more than a %s has (%d)", i, ship_keys[k], d->pv[i][k],
                       c->name, maxv[k]);
        }
    if (d->pv[i][P_STATUS] == FLEET_AFLOAT && d->pv[i][P_HULL] == 0) {
        line = d->pline[i][P_HULL];
        return BAD("ship %d: afloat with no hull left", i);
    }
    return 0;
}

/* Both sides' statistics are complete, the save has exactly the ships it
 * declares, each sound, and a fleet of 1 to 8 a side. */
static int check_fleets(const SaveData *d, Err *e)
{
    int line = d->bline[B_MAP_SIZE];
    for (int s = 0; s < SKIRMISH_SIDES; s++)
        for (int k = 0; k < S_COUNT; k++)
            if (!d->sline[s][k])
                return BAD("incomplete save: side %c has no '%s'", save_side_names[s],
                           side_keys[k]);
    for (int i = d->nships; i < SKIRMISH_MAX_SHIPS; i++) {
        if (d->ship_line[i]) {
            line = d->ship_line[i];
            return BAD("ship %d is beyond the %d ships the save declares", i, d->nships);
        }
        if (d->order_line[i]) {
            line = d->order_line[i];
            return BAD("orders for ship %d, beyond the %d ships the save declares", i, d->nships);
        }
    }
    int per_side[SKIRMISH_SIDES] = {0, 0};
    for (int i = 0; i < d->nships; i++) {
        if (check_ship(d, i, e) != 0) return -1;
        per_side[d->pv[i][P_SIDE]]++;
    }
    for (int s = 0; s < SKIRMISH_SIDES; s++)
        if (per_side[s] < 1 || per_side[s] > SKIRMISH_SIDE_SHIPS) {
            line = d->bline[B_SHIPS];
            return BAD("side %c has %d ships; a fleet has 1 to %d", save_side_names[s], per_side[s],
                       SKIRMISH_SIDE_SHIPS);
        }
    return 0;
}

/* The ships as saved into sk (charted, no ships yet), each one still in the
 * fight on open water in a hex of her own. */
static int place_ships(const SaveData *d, Skirmish *sk, Err *e)
{
    for (int i = 0; i < d->nships; i++) {
        FleetShip *s = &sk->ships[i];
        HexPose pose = {d->hex[i], d->pv[i][P_FACING]};
        fleet_ship_init(s, d->pv[i][P_CLASS], d->pv[i][P_SIDE], pose);
        s->status = d->pv[i][P_STATUS];
        s->hull = d->pv[i][P_HULL];
        s->rigging = d->pv[i][P_RIGGING];
        s->crew = d->pv[i][P_CREW];
        s->guns[FLEET_PORT] = d->pv[i][P_GUNS_PORT];
        s->guns[FLEET_STARBOARD] = d->pv[i][P_GUNS_STARBOARD];
        s->reload[FLEET_PORT] = d->pv[i][P_RELOAD_PORT];
        s->reload[FLEET_STARBOARD] = d->pv[i][P_RELOAD_STARBOARD];
        if (s->status == FLEET_SUNK) continue;
        int line = d->pline[i][P_HEX];
        if (!chart_sailable(&sk->chart, d->hex[i]))
            return BAD("ship %d at %d,%d is on land or off the map", i, d->hex[i].q, d->hex[i].r);
        for (int j = 0; j < i; j++)
            if (sk->ships[j].status != FLEET_SUNK && hex_equal(sk->ships[j].pose.hex, d->hex[i]))
                return BAD("ship %d shares hex %d,%d with ship %d", i, d->hex[i].q, d->hex[i].r, j);
    }
    return 0;
}

/* The battle's state, map source and statistics into sk. */
static void fill_battle(const SaveData *d, Skirmish *sk)
{
    sk->nships = d->nships;
    sk->seed = d->seed;
    sk->rng = d->dice;
    sk->turn = d->turn;
    sk->turn_limit = d->turn_limit;
    sk->wind_dir = d->wind;
    sk->wind_strength = d->wind_strength;
    sk->over = d->over != 0;
    sk->winner = d->winner;
    if (d->bline[B_GEN_SEED] != 0) {
        sk->map_generated = true;
        sk->gen = d->gen;
    } else {
        strcpy(sk->map_path, d->map_path);
    }
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        SkirmishStats *st = &sk->stats[s];
        st->broadsides = d->stats[s][S_BROADSIDES];
        st->shots = d->stats[s][S_SHOTS];
        st->hits = d->stats[s][S_HITS];
        st->damage = d->stats[s][S_DAMAGE];
        st->sunk = d->stats[s][S_SUNK];
        st->struck = d->stats[s][S_STRUCK];
        st->points = d->stats[s][S_POINTS];
    }
}

/* Every ship's orders (the defaults where the save gives none), checked
 * against the rules on the built battle, and who has submitted them. */
static int fill_orders(const SaveData *d, Skirmish *sk, Err *e)
{
    for (int i = 0; i < sk->nships; i++) {
        if (!d->order_line[i]) {
            skirmish_default_orders(sk, i, &sk->orders[i]);
            continue;
        }
        Err oe;
        if (skirmish_check_orders(sk, i, &d->orders[i], &oe) != 0) {
            int line = d->order_line[i];
            return BAD("%s", oe.msg);
        }
        sk->orders[i] = d->orders[i];
    }
    sk->submitted[0] = d->submitted[0] != 0;
    sk->submitted[1] = d->submitted[1] != 0;
    if (sk->over && (sk->submitted[0] || sk->submitted[1])) {
        int line = d->bline[B_SUBMITTED];
        return BAD("orders submitted in a battle that is over%s", "");
    }
    return 0;
}

/* Check everything that needs several values, then fill sk (left empty on
 * failure). */
static int build(const SaveData *d, const Map *map, Skirmish *sk, Err *e)
{
    assert(map);
    if (check_battle(d, map, e) != 0 || check_fleets(d, e) != 0) return -1;
    Err ie;
    if (skirmish_init_empty(sk, map, &ie) != 0) {
        int line = d->bline[B_MAP_SIZE];
        return BAD("%s", ie.msg);
    }
    if (place_ships(d, sk, e) != 0) {
        skirmish_deinit(sk);
        return -1;
    }
    fill_battle(d, sk);
    if (fill_orders(d, sk, e) != 0) {
        skirmish_deinit(sk);
        return -1;
    }
    return 0;
}

int save_parse(const char *text, size_t len, const char *name, const Map *map, Skirmish *sk, Err *e)
{
    memset(sk, 0, sizeof *sk);
    SaveData *d = malloc(sizeof *d);
    if (!d) return err_set(e, "%s: out of memory reading the save", name);
    int rc = parse_text(text, len, name, d, e);
    if (rc == 0) rc = build(d, map, sk, e);
    free(d);
    return rc;
}

int save_load(const char *path, Skirmish *sk, Map *map, Err *e)
{
    memset(sk, 0, sizeof *sk);
    memset(map, 0, sizeof *map);
    char *text;
    size_t len;
    if (afile_read(path, SAVE_MAX_BYTES, &text, &len, e) != 0) return -1;
    SaveData *d = malloc(sizeof *d);
    if (!d) {
        free(text);
        return err_set(e, "%s: out of memory reading the save", path);
    }
    int rc = parse_text(text, len, path, d, e);
    if (rc == 0) rc = check_source(d, e);
    if (rc == 0) {
        Err me;
        bool gen = d->bline[B_GEN_SEED] != 0;
        int line = gen ? d->bline[B_GEN_SEED] : d->bline[B_MAP];
        if (gen ? mapgen_generate(map, &d->gen, &me) != 0
                : save_locate_map(d->map_path, path, map, &me) != 0) {
            rc = BAD("cannot open the battle's map: %s", me.msg);
        } else {
            rc = build(d, map, sk, e);
            if (rc != 0) map_free(map);
        }
    }
    free(d);
    free(text);
    return rc;
}
