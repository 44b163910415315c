/* save: skirmish save files written atomically (format in save.h and the
 * README's "Saves" section; reading in save_parse.c). */
#include "save_internal.h"

#include <assert.h>
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afile.h"
#include "kv.h"
#include "paths.h"

const char *const save_status_names[3] = {"afloat", "struck", "sunk"};
const char *const save_shot_names[FLEET_SHOTS] = {"round", "chain", "grape", "double"};
const int save_shot_since[FLEET_SHOTS] = {1, 1, 3, 3};
const char save_step_chars[HEX_STEPS] = {'F', 'P', 'S'};
const char save_side_names[SKIRMISH_SIDES] = {'A', 'B'};

static void fire_text(SkirmishFire f, char *out, size_t cap)
{
    const char *shot = f.shot >= 0 && f.shot < FLEET_SHOTS ? save_shot_names[f.shot] : "round";
    if (f.target == SKIRMISH_HOLD)
        snprintf(out, cap, "hold %s", shot);
    else if (f.target == SKIRMISH_ANY)
        snprintf(out, cap, "any %s", shot);
    else
        snprintf(out, cap, "%d %s", f.target, shot);
}

/* The map source: every parameter of a generated map, or the map's file
 * name. Returns -1 (e set) for a battle whose source a save can't hold,
 * else 0 with *ok cleared when buf ran out. */
static int format_source(const Skirmish *sk, char *buf, size_t cap, size_t *len, bool *ok, Err *e)
{
    if (sk->map_generated) {
        const MapGenParams *g = &sk->gen;
        *ok = *ok &&
              kv_appendf(buf, cap, len,
                         "map_gen_seed = %u\nmap_gen_size = %dx%d\nmap_gen_land = %.9g\n"
                         "map_gen_roughness = %.9g\nmap_gen_islands = %d\nmap_gen_mirror = %d\n",
                         (unsigned)g->seed, g->w, g->h, (double)g->land, (double)g->roughness,
                         g->islands, g->mirror ? 1 : 0);
        return 0;
    }
    const char *p = sk->map_path;
    size_t n = strlen(p);
    if (n == 0)
        return err_set(e, "save: the battle's map has no file name to record; save the map "
                          "first");
    if (strpbrk(p, "\r\n") || isspace((unsigned char)p[0]) || isspace((unsigned char)p[n - 1]))
        return err_set(e,
                       "save: map path '%.200s' has line breaks or edge spaces a save "
                       "can't hold",
                       p);
    *ok = *ok && kv_appendf(buf, cap, len, "map = %s\n", p);
    return 0;
}

/* The rest of [battle]: the map's size, the dice, turn, wind and state. */
static bool format_battle(const Skirmish *sk, char *buf, size_t cap, size_t *len)
{
    int nsub = sk->submitted[0] + sk->submitted[1];
    return kv_appendf(buf, cap, len,
                      "map_size = %dx%d\nseed = %llu\ndice = %llu\nturn = %d\nturn_limit = %d\n"
                      "wind = %s\nwind_strength = %d\nships = %d\nover = %d\nwinner = %s\n"
                      "submitted = %s%s%s\nquiet = %d\n",
                      sk->map->w, sk->map->h, (unsigned long long)sk->seed,
                      (unsigned long long)sk->rng, sk->turn, sk->turn_limit,
                      hex_dir_names[sk->wind_dir % HEX_DIRS], sk->wind_strength, sk->nships,
                      sk->over ? 1 : 0,
                      !sk->over || sk->winner < 0 ? "none"
                      : sk->winner == 0           ? "A"
                                                  : "B",
                      nsub == 0          ? "none"
                      : sk->submitted[0] ? "A"
                                         : "",
                      nsub == 2 ? " " : "", sk->submitted[1] ? "B" : "", sk->quiet);
}

/* [side.A] and [side.B]: each side's statistics. */
static bool format_sides(const Skirmish *sk, const SaveExtras *x, char *buf, size_t cap,
                         size_t *len)
{
    bool ok = true;
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        const SkirmishStats *st = &sk->stats[s];
        ok = ok && kv_appendf(buf, cap, len,
                              "\n[side.%c]\nbroadsides = %d\nshots = %d\nhits = %d\ndamage = %d\n"
                              "sunk = %d\nstruck = %d\npoints = %d\nboardings = %d\n"
                              "prizes = %d\ngroundings = %d\n",
                              save_side_names[s], st->broadsides, st->shots, st->hits, st->damage,
                              st->sunk, st->struck, st->points, st->boardings, st->prizes,
                              st->groundings);
        int ai = sk->ai_level[s] >= 0 && sk->ai_level[s] < SKIRMISH_AI_LEVELS ? sk->ai_level[s] : 0;
        ok = ok && kv_appendf(buf, cap, len, "computer = %s\n",
                              x && x->person[s] ? SAVE_AI_NONE : skirmish_ai_names[ai]);
        ok = ok && kv_appendf(buf, cap, len,
                              "shots_round = %d\nshots_chain = %d\nshots_grape = %d\n"
                              "shots_double = %d\nburst = %d\n",
                              st->shots_by[FLEET_ROUND], st->shots_by[FLEET_CHAIN],
                              st->shots_by[FLEET_GRAPE], st->shots_by[FLEET_DOUBLE], st->burst);
    }
    return ok;
}

/* [ship.N] for every ship: class, side, pose, status and strength. */
static bool format_ships(const Skirmish *sk, char *buf, size_t cap, size_t *len)
{
    bool ok = true;
    for (int i = 0; i < sk->nships; i++) {
        const FleetShip *s = &sk->ships[i];
        ok =
            ok && kv_appendf(buf, cap, len,
                             "\n[ship.%d]\nclass = %s\nside = %c\nhex = %d,%d\nfacing = %s\n"
                             "status = %s\nhull = %d\nrigging = %d\ncrew = %d\nguns_port = %d\n"
                             "guns_starboard = %d\nreload_port = %d\nreload_starboard = %d\n"
                             "anchored = %d\naground = %d\nprize = %d\n",
                             i, fleet_classes[s->cls].name, save_side_names[s->side & 1],
                             s->pose.hex.q, s->pose.hex.r, hex_dir_names[s->pose.facing % HEX_DIRS],
                             save_status_names[s->status % 3], s->hull, s->rigging, s->crew,
                             s->guns[FLEET_PORT], s->guns[FLEET_STARBOARD], s->reload[FLEET_PORT],
                             s->reload[FLEET_STARBOARD], s->anchored ? 1 : 0, s->aground ? 1 : 0,
                             s->prize);
        if (s->lashed >= 0)
            ok = ok && kv_appendf(buf, cap, len, "lashed = %d\n", s->lashed);
        else
            ok = ok && kv_appendf(buf, cap, len, "lashed = none\n");
        ok = ok &&
             kv_appendf(buf, cap, len, "unfired_port = %d\nunfired_starboard = %d\n",
                        s->first_fire[FLEET_PORT] ? 1 : 0, s->first_fire[FLEET_STARBOARD] ? 1 : 0);
    }
    return ok;
}

/* [orders.N] for every ship: this turn's path and fire orders. */
static bool format_orders(const Skirmish *sk, char *buf, size_t cap, size_t *len)
{
    bool ok = true;
    for (int i = 0; i < sk->nships; i++) {
        const SkirmishOrders *o = &sk->orders[i];
        char steps[SKIRMISH_MAX_STEPS + 2], port[32], star[32];
        int n = 0;
        for (int k = 0; k < o->nsteps && k < SKIRMISH_MAX_STEPS; k++)
            steps[n++] = o->steps[k] < HEX_STEPS ? save_step_chars[o->steps[k]] : '?';
        if (n == 0) steps[n++] = '-';
        steps[n] = '\0';
        fire_text(o->fire[FLEET_PORT], port, sizeof port);
        fire_text(o->fire[FLEET_STARBOARD], star, sizeof star);
        char board[16] = "none";
        if (o->board == SKIRMISH_BOARD)
            snprintf(board, sizeof board, "%d", o->board_target);
        else if (o->board == SKIRMISH_BOARD_CUT)
            snprintf(board, sizeof board, "cut");
        ok = ok && kv_appendf(buf, cap, len,
                              "\n[orders.%d]\nsteps = %s\nport = %s\nstarboard = %s\nanchor = %d\n"
                              "board = %s\n",
                              i, steps, port, star, o->anchor ? 1 : 0, board);
    }
    return ok;
}

int save_format(const Skirmish *sk, char *buf, size_t cap, Err *e)
{
    return save_format_with(sk, NULL, buf, cap, e);
}

int save_format_with(const Skirmish *sk, const SaveExtras *x, char *buf, size_t cap, Err *e)
{
    assert(sk->map && buf);
    size_t len = 0;
    bool ok = kv_appendf(buf, cap, &len,
                         "shoal-save %d\n# shoal skirmish save: sections of key = value lines (see "
                         "README)\n\n[battle]\n",
                         SAVE_VERSION);
    if (format_source(sk, buf, cap, &len, &ok, e) != 0) return -1;
    ok = ok && format_battle(sk, buf, cap, &len);
    ok = ok && format_sides(sk, x, buf, cap, &len);
    ok = ok && format_ships(sk, buf, cap, &len);
    ok = ok && format_orders(sk, buf, cap, &len);
    ok = ok && save_route_format(sk, x, buf, cap, &len);
    ok = ok && save_goal_format(sk, buf, cap, &len);
    ok = ok && kv_appendf(buf, cap, &len, "\n[end]\nend = %s\n", SAVE_END_VALUE);
    if (!ok) return err_set(e, "save: the save text needs more than %zu bytes", cap);
    return (int)len;
}

int save_write(const Skirmish *sk, const char *path, Err *e)
{
    return save_write_with(sk, NULL, path, e);
}

int save_write_with(const Skirmish *sk, const SaveExtras *x, const char *path, Err *e)
{
    char *buf = malloc(SAVE_MAX_BYTES);
    if (!buf) return err_set(e, "%s: out of memory preparing the save", path);
    Err fe;
    int n = save_format_with(sk, x, buf, SAVE_MAX_BYTES, &fe);
    /* Saves keep a folder of their own: a temp file of any save there
     * (NAME.sav.tmp-...) that a kill left goes at the next save. Only of
     * .sav files: a save written elsewhere under another name sweeps
     * nothing but its own name's leftovers. */
    const char *ext = strrchr(paths_base_name(path), '.');
    const char *family = ext && !strcmp(ext, ".sav") ? ".sav" : NULL;
    int rc = n < 0 ? err_set(e, "%s: %s", path, fe.msg)
                   : afile_write_family(path, family, buf, (size_t)n, e);
    free(buf);
    return rc;
}
