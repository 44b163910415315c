/* save_parse: reading skirmish saves with strict checks: the text into
 * SaveData, one value at a time (checks across values: save_build.c). */
#include "save_internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afile.h"
#include "kv.h"
#include "mapgen.h"

const char *const save_battle_keys[SAVE_BATTLE_COUNT] = {"map",
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
                                                         "submitted",
                                                         "quiet"};

const char *const save_side_keys[SAVE_SIDE_COUNT] = {
    "broadsides",  "shots",       "hits",        "damage",       "sunk",
    "struck",      "points",      "boardings",   "prizes",       "groundings",
    "shots_round", "shots_chain", "shots_grape", "shots_double", "burst"};
/* Version 2 saves don't split guns fired by shot: from a load on, each
 * kind counts from 0. */
const int save_side_since[SAVE_SIDE_COUNT] = {1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 3, 3, 3, 3};

const char *const save_ship_keys[SAVE_SHIP_COUNT] = {
    "class",    "side",    "hex",       "facing",         "status",       "hull",
    "rigging",  "crew",    "guns_port", "guns_starboard", "reload_port",  "reload_starboard",
    "anchored", "aground", "lashed",    "prize",          "unfired_port", "unfired_starboard"};
const int save_ship_since[SAVE_SHIP_COUNT] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 3, 3, 3};

const char *const save_order_keys[SAVE_ORDER_COUNT] = {"steps", "port", "starboard", "anchor",
                                                       "board"};
const int save_order_since[SAVE_ORDER_COUNT] = {1, 1, 1, 2, 3};

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

/* "<hold|any|ship> <shot>", with a shot a save of this version knows. */
static bool parse_fire(const char *v, int version, SkirmishFire *f)
{
    char target[16], shot[16], extra;
    if (sscanf(v, "%15s %15s %c", target, shot, &extra) != 2) return false;
    f->shot = -1;
    for (int k = 0; k < FLEET_SHOTS; k++)
        if (strcmp(shot, save_shot_names[k]) == 0 && save_shot_since[k] <= version) f->shot = k;
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

/* A [battle] key naming the map: its file, or a parameter of a generated one. */
static int parse_source(SaveData *d, int k, const char *v, int line, Err *e)
{
    int a, b;
    double f;
    switch (k) {
    case SAVE_BATTLE_MAP:
        if (strlen(v) >= sizeof d->map_path || v[0] == '\0')
            return SAVE_BAD("map path is empty or longer than %d characters",
                            SKIRMISH_PATH_MAX - 1);
        strcpy(d->map_path, v);
        return 0;
    case SAVE_BATTLE_GEN_SEED: {
        unsigned long long s;
        if (!parse_u64(v, &s) || s > 0xffffffffull)
            return SAVE_BAD("map_gen_seed '%.40s' is not a whole number from 0 to 4294967295", v);
        d->gen.seed = (uint32_t)s;
        return 0;
    }
    case SAVE_BATTLE_GEN_SIZE:
        if (!parse_pair(v, 'x', MAP_MIN_SIDE, MAP_MAX_SIDE, &a, &b))
            return SAVE_BAD("map_gen_size '%.40s' is not WxH with sides %d..%d", v, MAP_MIN_SIDE,
                            MAP_MAX_SIDE);
        if ((long long)a * b > (long long)SKIRMISH_SEA_W * SKIRMISH_SEA_H)
            return SAVE_BAD("map_gen_size '%.40s' is larger than any sea the game generates "
                            "(%dx%d pixels)",
                            v, SKIRMISH_SEA_W, SKIRMISH_SEA_H);
        d->gen.w = a;
        d->gen.h = b;
        return 0;
    case SAVE_BATTLE_GEN_LAND:
    case SAVE_BATTLE_GEN_ROUGH:
        if (kv_parse_float(v, 0.0, 1.0, &f) != 0)
            return SAVE_BAD("%s '%.40s' is not a number from 0 to 1", save_battle_keys[k], v);
        if (k == SAVE_BATTLE_GEN_LAND)
            d->gen.land = (float)f;
        else
            d->gen.roughness = (float)f;
        return 0;
    case SAVE_BATTLE_GEN_ISLANDS:
        if (!parse_int(v, 0, 64, &d->gen.islands))
            return SAVE_BAD("map_gen_islands '%.40s' is not a whole number from 0 to 64", v);
        return 0;
    case SAVE_BATTLE_GEN_MIRROR:
        if (!parse_int(v, 0, 1, &a)) return SAVE_BAD("map_gen_mirror '%.40s' is not 0 or 1", v);
        d->gen.mirror = a == 1;
        return 0;
    default:
        return SAVE_BAD("unknown key %d", k);
    }
}

/* A [battle] key: the map source, or the battle's size, dice and state. */
static int parse_battle(SaveData *d, int k, const char *v, int line, Err *e)
{
    if (k <= SAVE_BATTLE_GEN_MIRROR) return parse_source(d, k, v, line, e);
    switch (k) {
    case SAVE_BATTLE_MAP_SIZE:
        if (!parse_pair(v, 'x', MAP_MIN_SIDE, MAP_MAX_SIDE, &d->map_w, &d->map_h))
            return SAVE_BAD("map_size '%.40s' is not WxH with sides %d..%d", v, MAP_MIN_SIDE,
                            MAP_MAX_SIDE);
        return 0;
    case SAVE_BATTLE_SEED:
    case SAVE_BATTLE_DICE:
        if (!parse_u64(v, k == SAVE_BATTLE_SEED ? &d->seed : &d->dice))
            return SAVE_BAD("%s '%.40s' is not a whole number from 0 to 18446744073709551615",
                            save_battle_keys[k], v);
        return 0;
    case SAVE_BATTLE_TURN:
        if (!parse_int(v, 1, SKIRMISH_MAX_TURNS, &d->turn))
            return SAVE_BAD("turn '%.40s' is not a whole number from 1 to %d", v,
                            SKIRMISH_MAX_TURNS);
        return 0;
    case SAVE_BATTLE_TURN_LIMIT:
        if (!parse_int(v, 1, SKIRMISH_MAX_TURNS, &d->turn_limit))
            return SAVE_BAD("turn_limit '%.40s' is not a whole number from 1 to %d", v,
                            SKIRMISH_MAX_TURNS);
        return 0;
    case SAVE_BATTLE_WIND:
        d->wind = hex_dir_from_name(v);
        if (d->wind < 0) return SAVE_BAD("wind '%.40s' is not one of E NE NW W SW SE", v);
        return 0;
    case SAVE_BATTLE_WIND_STRENGTH:
        if (!parse_int(v, 0, MAP_WIND_MAX, &d->wind_strength))
            return SAVE_BAD("wind_strength '%.40s' is not a whole number from 0 to %d", v,
                            MAP_WIND_MAX);
        return 0;
    case SAVE_BATTLE_SHIPS:
        if (!parse_int(v, 2, SKIRMISH_MAX_SHIPS, &d->nships))
            return SAVE_BAD("ships '%.40s' is not a whole number from 2 to %d", v,
                            SKIRMISH_MAX_SHIPS);
        return 0;
    case SAVE_BATTLE_QUIET:
        if (d->version < 3)
            return SAVE_BAD("'quiet' in [battle]: a version %d save has no such key", d->version);
        if (!parse_int(v, 0, SKIRMISH_MAX_TURNS, &d->quiet))
            return SAVE_BAD("quiet '%.40s' is not a whole number from 0 to %d", v,
                            SKIRMISH_MAX_TURNS);
        return 0;
    case SAVE_BATTLE_OVER:
        if (!parse_int(v, 0, 1, &d->over)) return SAVE_BAD("over '%.40s' is not 0 or 1", v);
        return 0;
    case SAVE_BATTLE_WINNER:
        if (strcmp(v, "none") == 0)
            d->winner = -1;
        else if (!parse_side(v, &d->winner))
            return SAVE_BAD("winner '%.40s' is not A, B or none", v);
        return 0;
    case SAVE_BATTLE_SUBMITTED:
        d->submitted[0] = d->submitted[1] = 0;
        if (strcmp(v, "none") == 0) return 0;
        if (strcmp(v, "A") == 0 || strcmp(v, "A B") == 0) d->submitted[0] = 1;
        if (strcmp(v, "B") == 0 || strcmp(v, "A B") == 0) d->submitted[1] = 1;
        if (!d->submitted[0] && !d->submitted[1])
            return SAVE_BAD("submitted '%.40s' is not none, A, B or 'A B'", v);
        return 0;
    default:
        return SAVE_BAD("unknown key %d", k);
    }
}

static int parse_ship(SaveData *d, int i, int k, const char *v, int line, Err *e)
{
    int *out = &d->pv[i][k];
    switch (k) {
    case SAVE_SHIP_CLASS:
        *out = fleet_class_from_name(v);
        if (*out < 0) return SAVE_BAD("ship %d: class '%.40s' is not sloop, frigate or line", i, v);
        return 0;
    case SAVE_SHIP_SIDE:
        if (!parse_side(v, out)) return SAVE_BAD("ship %d: side '%.40s' is not A or B", i, v);
        return 0;
    case SAVE_SHIP_HEX:
        if (!parse_pair(v, ',', -100000, 100000, &d->hex[i].q, &d->hex[i].r))
            return SAVE_BAD("ship %d: hex '%.40s' is not 'q,r'", i, v);
        return 0;
    case SAVE_SHIP_FACING:
        *out = hex_dir_from_name(v);
        if (*out < 0)
            return SAVE_BAD("ship %d: facing '%.40s' is not one of E NE NW W SW SE", i, v);
        return 0;
    case SAVE_SHIP_STATUS:
        *out = -1;
        for (int s = 0; s < 3; s++)
            if (strcmp(v, save_status_names[s]) == 0) *out = s;
        if (*out < 0)
            return SAVE_BAD("ship %d: status '%.40s' is not afloat, struck or sunk", i, v);
        return 0;
    case SAVE_SHIP_LASHED:
        if (strcmp(v, "none") == 0) {
            *out = -1;
            return 0;
        }
        if (!parse_int(v, 0, SKIRMISH_MAX_SHIPS - 1, out))
            return SAVE_BAD("ship %d: lashed '%.40s' is not 'none' or a ship from 0 to %d", i, v,
                            SKIRMISH_MAX_SHIPS - 1);
        return 0;
    case SAVE_SHIP_PRIZE:
        if (!parse_int(v, 0, FLEET_PRIZE_RETAKEN, out))
            return SAVE_BAD("ship %d: prize '%.40s' is not 0, 1 (taken) or 2 (retaken)", i, v);
        return 0;
    case SAVE_SHIP_ANCHORED:
    case SAVE_SHIP_AGROUND:
    case SAVE_SHIP_UNFIRED_PORT:
    case SAVE_SHIP_UNFIRED_STARBOARD:
        if (!parse_int(v, 0, 1, out))
            return SAVE_BAD("ship %d: %s '%.40s' is not 0 or 1", i, save_ship_keys[k], v);
        return 0;
    case SAVE_SHIP_RELOAD_PORT:
    case SAVE_SHIP_RELOAD_STARBOARD:
        if (!parse_int(v, 0, FLEET_RELOAD_TURNS - 1, out))
            return SAVE_BAD("ship %d: %s '%.40s' is not a whole number from 0 to %d", i,
                            save_ship_keys[k], v, FLEET_RELOAD_TURNS - 1);
        return 0;
    default:
        /* Strength values: class maxima are checked once the class is
         * known, after the whole file is read. */
        if (!parse_int(v, 0, 1000, out))
            return SAVE_BAD("ship %d: %s '%.40s' is not a whole number from 0 to 1000", i,
                            save_ship_keys[k], v);
        return 0;
    }
}

/* Section kinds. */
enum { SEC_NONE, SEC_BATTLE, SEC_SIDE, SEC_SHIP, SEC_ORDERS, SEC_ROUTE, SEC_GOAL, SEC_END };

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
    if (strcmp(sec, "scenario") == 0) return SEC_GOAL;
    if (strcmp(sec, "goal.A") == 0 || strcmp(sec, "goal.B") == 0) {
        *index = sec[5] == 'A' ? 0 : 1;
        return SEC_GOAL;
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
    if (strncmp(sec, "route.", 6) == 0 &&
        kv_parse_int(sec + 6, 0, SKIRMISH_MAX_SHIPS - 1, &n) == 0) {
        *index = (int)n;
        return SEC_ROUTE;
    }
    return -1;
}

/* The header line: "shoal-save <version>". */
static int parse_header(const char *text, size_t len, const char *name, size_t *body, int *version,
                        Err *e)
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
    /* The version only as save_format writes it: digits, without a sign,
     * a space or a leading zero, so one header has one spelling ("shoal-save
     * 01" is refused, not read as version 1). */
    long v;
    if (n == m || strspn(ver, "0123456789") != n - m || (ver[0] == '0' && ver[1]) ||
        kv_parse_int(ver, 0, 1000000, &v) != 0)
        return err_set(e, "%s:1: unreadable save version '%s'", name, ver);
    if (v < 1 || v > SAVE_VERSION)
        return err_set(
            e, "%s:1: save version %ld is not supported (this shoal reads versions 1 to %d)", name,
            v, SAVE_VERSION);
    *version = (int)v;
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
        return SAVE_BAD("a NUL byte: this is not a text save%s", "");
    }
    return 0;
}

static int parse_battle_line(SaveData *d, const char *key, const char *v, bool new_section,
                             int line, Err *e)
{
    int k = find_key(save_battle_keys, SAVE_BATTLE_COUNT, key);
    if (k < 0) return SAVE_BAD("unknown key '%.40s' in [battle]", key);
    if (d->bline[k]) return SAVE_BAD("'%s' given twice (first on line %d)", key, d->bline[k]);
    if (new_section && d->battle_line) return SAVE_BAD("[battle] given twice%s", "");
    if (!d->battle_line) d->battle_line = line;
    d->bline[k] = line;
    return parse_battle(d, k, v, line, e);
}

/* [side.X] computer: the level the computer plays that side at, or none. */
static int parse_side_ai(SaveData *d, int idx, const char *v, int line, Err *e)
{
    if (d->ai_line[idx])
        return SAVE_BAD("'computer' of side %c given twice (first on line %d)",
                        save_side_names[idx], d->ai_line[idx]);
    d->ai_line[idx] = line;
    d->person[idx] = !strcmp(v, SAVE_AI_NONE);
    d->ai_level[idx] = d->person[idx] ? SKIRMISH_AI_NORMAL : skirmish_ai_from_name(v);
    if (d->ai_level[idx] < 0)
        return SAVE_BAD("side %c: computer '%.40s' is not easy, normal, hard or none (a "
                        "person's side)",
                        save_side_names[idx], v);
    return 0;
}

static int parse_side_line(SaveData *d, int idx, const char *section, const char *key,
                           const char *v, int line, Err *e)
{
    if (!strcmp(key, "computer")) return parse_side_ai(d, idx, v, line, e);
    int k = find_key(save_side_keys, SAVE_SIDE_COUNT, key);
    if (k < 0) return SAVE_BAD("unknown key '%.40s' in [%s]", key, section);
    if (save_side_since[k] > d->version)
        return SAVE_BAD("'%s' in [%s]: a version %d save has no such key", key, section,
                        d->version);
    if (d->sline[idx][k])
        return SAVE_BAD("'%s' of side %c given twice (first on line %d)", key, save_side_names[idx],
                        d->sline[idx][k]);
    d->sline[idx][k] = line;
    if (!parse_int(v, 0, 1000000, &d->stats[idx][k]))
        return SAVE_BAD("side %c: %s '%.40s' is not a whole number from 0 to 1000000",
                        save_side_names[idx], key, v);
    return 0;
}

static int parse_ship_line(SaveData *d, int idx, const char *section, const char *key,
                           const char *v, int line, Err *e)
{
    int k = find_key(save_ship_keys, SAVE_SHIP_COUNT, key);
    if (k < 0) return SAVE_BAD("unknown key '%.40s' in [%s]", key, section);
    if (save_ship_since[k] > d->version)
        return SAVE_BAD("'%s' in [%s]: a version %d save has no such key", key, section,
                        d->version);
    if (d->pline[idx][k])
        return SAVE_BAD("'%s' of ship %d given twice (first on line %d)", key, idx,
                        d->pline[idx][k]);
    if (!d->ship_line[idx]) d->ship_line[idx] = line;
    d->pline[idx][k] = line;
    return parse_ship(d, idx, k, v, line, e);
}

static int parse_orders_line(SaveData *d, int idx, const char *section, const char *key,
                             const char *v, int line, Err *e)
{
    int k = find_key(save_order_keys, SAVE_ORDER_COUNT, key);
    if (k < 0) return SAVE_BAD("unknown key '%.40s' in [%s]", key, section);
    if (save_order_since[k] > d->version)
        return SAVE_BAD("'%s' in [%s]: a version %d save has no such key", key, section,
                        d->version);
    if (d->oline[idx][k])
        return SAVE_BAD("'%s' of orders %d given twice (first on line %d)", key, idx,
                        d->oline[idx][k]);
    if (!d->order_line[idx]) d->order_line[idx] = line;
    d->oline[idx][k] = line;
    SkirmishOrders *o = &d->orders[idx];
    if (k == SAVE_ORDER_BOARD) {
        o->board = SKIRMISH_BOARD;
        if (strcmp(v, "none") == 0)
            o->board = SKIRMISH_BOARD_NONE;
        else if (strcmp(v, "cut") == 0)
            o->board = SKIRMISH_BOARD_CUT;
        else if (!parse_int(v, 0, SKIRMISH_MAX_SHIPS - 1, &o->board_target))
            return SAVE_BAD("orders %d: board '%.40s' is not none, cut or a ship from 0 to %d", idx,
                            v, SKIRMISH_MAX_SHIPS - 1);
        return 0;
    }
    if (k == SAVE_ORDER_ANCHOR) {
        int a;
        if (!parse_int(v, 0, 1, &a))
            return SAVE_BAD("orders %d: anchor '%.40s' is not 0 or 1", idx, v);
        o->anchor = a;
        return 0;
    }
    if (k == SAVE_ORDER_STEPS && !parse_steps(v, o))
        return SAVE_BAD("orders %d: steps '%.40s' is not '-' or up to %d of F, P, S", idx, v,
                        SKIRMISH_MAX_STEPS);
    if (k != SAVE_ORDER_STEPS &&
        !parse_fire(v, d->version, &o->fire[k == SAVE_ORDER_PORT ? FLEET_PORT : FLEET_STARBOARD]))
        return SAVE_BAD("orders %d: %s '%.40s' is not '<hold|any|ship> <%s>'", idx, key, v,
                        d->version < 3 ? "round|chain" : "round|chain|grape|double");
    return 0;
}

int save_parse_data(const char *text, size_t len, const char *name, SaveData *d, Err *e)
{
    memset(d, 0, sizeof *d);
    d->name = name;
    d->winner = -1;
    mapgen_defaults(&d->gen);
    size_t body = 0;
    if (check_text(d, text, len, e) != 0) return -1;
    /* A byte-order mark first is skipped, as every kv reader skips it. */
    size_t bom = kv_bom_len(text, len);
    text += bom;
    len -= bom;
    if (parse_header(text, len, name, &body, &d->version, e) != 0) return -1;
    KvReader r;
    if (kv_open(&r, text + body, len - body, name, e) != 0) return -1;
    r.line = 1; /* the header was line 1 */
    const char *key, *v;
    int rc;
    char last_section[sizeof r.section] = "";
    while ((rc = kv_next(&r, &key, &v, e)) == 1) {
        int line = r.line;
        d->last_line = line;
        if (d->end_line) return SAVE_BAD("'%.40s' after the end line", key);
        int idx, kind = section_kind(r.section, &idx);
        bool new_section = strcmp(last_section, r.section) != 0;
        strcpy(last_section, r.section);
        if (kind < 0) return SAVE_BAD("unknown section [%.40s]", r.section);
        if (kind == SEC_NONE) return SAVE_BAD("'%.40s' outside any section", key);
        if (kind == SEC_END) {
            if (strcmp(key, "end") != 0 || strcmp(v, SAVE_END_VALUE) != 0)
                return SAVE_BAD("the end line must read 'end = %s'", SAVE_END_VALUE);
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
        else if (kind == SEC_ROUTE)
            bad = save_route_line(d, idx, r.section, key, v, line, e);
        else if (kind == SEC_GOAL)
            bad = save_goal_line(d, idx, r.section, key, v, line, e);
        else
            bad = parse_orders_line(d, idx, r.section, key, v, line, e);
        if (bad != 0) return -1;
    }
    if (rc < 0) return -1;
    d->last_line = r.line;
    if (!d->end_line) {
        int line = r.line > 0 ? r.line : 1;
        return SAVE_BAD("truncated: the save ends before its 'end = %s' line", SAVE_END_VALUE);
    }
    return 0;
}

/* The battle built from d, and its routes checked against it. */
static int build(const SaveData *d, const Map *map, Skirmish *sk, SaveExtras *x, Err *e)
{
    if (save_build(d, map, sk, e) != 0) return -1;
    if (save_route_check(d, sk, x, e) == 0 && save_goal_apply(d, sk, e) == 0) return 0;
    skirmish_deinit(sk);
    memset(sk, 0, sizeof *sk);
    return -1;
}

int save_parse(const char *text, size_t len, const char *name, const Map *map, Skirmish *sk, Err *e)
{
    return save_parse_with(text, len, name, map, sk, NULL, e);
}

int save_parse_with(const char *text, size_t len, const char *name, const Map *map, Skirmish *sk,
                    SaveExtras *x, Err *e)
{
    memset(sk, 0, sizeof *sk);
    SaveData *d = malloc(sizeof *d);
    if (!d) return err_set(e, "%s: out of memory reading the save", name);
    int rc = save_parse_data(text, len, name, d, e);
    if (rc == 0) rc = build(d, map, sk, x, e);
    free(d);
    return rc;
}

int save_load(const char *path, Skirmish *sk, Map *map, Err *e)
{
    return save_load_with(path, sk, map, NULL, e);
}

int save_read_data(const char *path, char **text, SaveData **d, Err *e)
{
    size_t len;
    if (afile_read(path, SAVE_MAX_BYTES, text, &len, e) != 0) return -1;
    *d = malloc(sizeof **d);
    int rc = *d ? save_parse_data(*text, len, path, *d, e)
                : err_set(e, "%s: out of memory reading the save", path);
    if (rc != 0) {
        free(*d);
        free(*text);
        *d = NULL;
        *text = NULL;
    }
    return rc;
}

int save_load_with(const char *path, Skirmish *sk, Map *map, SaveExtras *x, Err *e)
{
    memset(sk, 0, sizeof *sk);
    memset(map, 0, sizeof *map);
    char *text;
    SaveData *d;
    if (save_read_data(path, &text, &d, e) != 0) return -1;
    int rc = save_check_source(d, e);
    if (rc == 0) {
        Err me;
        bool gen = d->bline[SAVE_BATTLE_GEN_SEED] != 0;
        int line = gen ? d->bline[SAVE_BATTLE_GEN_SEED] : d->bline[SAVE_BATTLE_MAP];
        if (gen ? mapgen_generate(map, &d->gen, &me) != 0
                : save_locate_map(d->map_path, path, map, &me) != 0) {
            rc = SAVE_BAD("cannot open the battle's map: %s", me.msg);
        } else {
            rc = build(d, map, sk, x, e);
            if (rc != 0) map_free(map);
        }
    }
    free(d);
    free(text);
    return rc;
}
