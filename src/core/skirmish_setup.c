/* skirmish_setup: a new battle: its settings, its sea, the fleets and their
 * placement. */
#include "skirmish_internal.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "validate.h"

void skirmish_setup_default(SkirmishSetup *s)
{
    memset(s, 0, sizeof *s);
    s->seed = 1;
    s->ships[0] = s->ships[1] = 3;
    s->turn_limit = 60;
}

const char *const skirmish_ai_names[SKIRMISH_AI_LEVELS] = {"normal", "easy", "hard"};

int skirmish_ai_from_name(const char *name)
{
    for (int l = 0; name && l < SKIRMISH_AI_LEVELS; l++)
        if (!strcmp(name, skirmish_ai_names[l])) return l;
    if (name && !strcmp(name, "steady")) return SKIRMISH_AI_NORMAL;
    if (name && !strcmp(name, "green")) return SKIRMISH_AI_EASY;
    return -1;
}

int skirmish_fleet_class(int size, int i)
{
    /* Ships of the line for about a third of the fleet, sloops for a
     * quarter (at least one from two ships up), frigates in between. */
    if (size < 1 || i < 0 || i >= size) return FLEET_FRIGATE;
    if (size == 1) return FLEET_FRIGATE;
    int line = size / 3 + (size >= 5 && size % 3 == 2 ? 1 : 0);
    int sloop = size / 4 > 0 ? (size + 1) / 4 : 1;
    if (i < line) return FLEET_LINE;
    if (i >= size - sloop) return FLEET_SLOOP;
    return FLEET_FRIGATE;
}

int skirmish_classes_parse(const char *text, int cls[SKIRMISH_SIDE_SHIPS])
{
    int n = 0;
    const char *p = text;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char word[16];
        if (len == 0 || len >= sizeof word || n == SKIRMISH_SIDE_SHIPS) return -1;
        memcpy(word, p, len);
        word[len] = '\0';
        cls[n] = fleet_class_from_name(word);
        if (cls[n++] < 0) return -1;
        if (!comma) return n;
        p = comma + 1;
    }
}

int skirmish_classes_format(const int *cls, int n, char *buf, size_t cap)
{
    size_t len = 0;
    if (cap) buf[0] = '\0';
    for (int k = 0; k < n; k++) {
        int c = cls[k] >= 0 && cls[k] < FLEET_CLASSES ? cls[k] : FLEET_FRIGATE;
        int w = snprintf(buf + len, cap - len, "%s%s", k ? "," : "", fleet_classes[c].name);
        if (w < 0 || (size_t)w >= cap - len) return -1;
        len += (size_t)w;
    }
    return (int)len;
}

/* ------------------------------------------------------------------ sea */

void skirmish_sea_params(uint64_t seed, MapGenParams *p)
{
    mapgen_defaults(p);
    p->seed = (uint32_t)seed;
    p->w = SKIRMISH_SEA_W;
    p->h = SKIRMISH_SEA_H;
    p->land = 0.2f;
    p->islands = 6;
    p->mirror = true;
}

int skirmish_sea(uint64_t seed, Map *m, MapGenParams *gen, Err *e)
{
    assert(m && gen);
    skirmish_sea_params(seed, gen);
    ValidateReport *r = malloc(sizeof *r);
    if (!r) return err_set(e, "skirmish sea %u: out of memory for its check", gen->seed);
    for (int t = 1;; t++) {
        if (mapgen_generate(m, gen, e) != 0) break;
        /* The last try is kept whatever it is: a legal sea, only one where
         * the turn limit ends the battle. */
        if (t == SKIRMISH_SEA_TRIES) {
            free(r);
            return 0;
        }
        int rc = validate_map(m, r, e);
        if (rc == 0 && r->errors == 0 && !r->lanes_only) {
            free(r);
            return 0;
        }
        map_free(m);
        if (rc != 0) break;
        /* The next try: the same parameters, a seed derived from the given
         * one, so every try is reproducible. */
        gen->seed = (uint32_t)seed + (uint32_t)t * 0x9e3779b9u;
    }
    free(r);
    return -1;
}

int skirmish_map_load(const char *map_path, uint64_t sea_seed, Map *m, MapGenParams *gen,
                      SkirmishSetup *setup, Err *e)
{
    assert(m && gen && setup);
    if (map_path) {
        if (map_load(m, map_path, e) != 0) return -1;
        setup->map_path = map_path;
        setup->gen = NULL;
    } else {
        if (skirmish_sea(sea_seed, m, gen, e) != 0) return -2;
        setup->map_path = NULL;
        setup->gen = gen;
    }
    return 0;
}

/* ------------------------------------------------------------ placement */

typedef struct Placement {
    const Chart *c;
    int *comp;  /* component id per cell, -1 for land */
    int *queue; /* BFS scratch, one per cell */
    int cells;
} Placement;

/* Label connected bodies of sailable water; returns the largest's id. */
static int label_components(Placement *p)
{
    int n = chart_waters(p->c, p->comp, p->queue);
    /* queue is free again: it counts each body's hexes. */
    for (int k = 0; k < n; k++) p->queue[k] = 0;
    for (int i = 0; i < p->cells; i++)
        if (p->comp[i] >= 0) p->queue[p->comp[i]]++;
    int best = -1;
    for (int k = 0; k < n; k++)
        if (best < 0 || p->queue[k] > p->queue[best]) best = k;
    return best;
}

static bool hex_taken(const Skirmish *sk, Hex h, int min_gap)
{
    for (int i = 0; i < sk->nships; i++)
        if (hex_distance(sk->ships[i].pose.hex, h) < min_gap) return true;
    return false;
}

/* The cell of water body comp nearest to the point at fraction fx of the
 * body's width (left to right), halfway down the map. */
static int anchor_cell(const Skirmish *sk, const Placement *p, int comp, double fx)
{
    const Chart *c = p->c;
    double minx = 0, maxx = 0;
    bool any = false;
    for (int i = 0; i < p->cells; i++) {
        if (p->comp[i] != comp) continue;
        float x, y;
        hex_to_pixel(chart_hex(c, i), c->size, &x, &y);
        if (!any || x < minx) minx = x;
        if (!any || x > maxx) maxx = x;
        any = true;
    }
    double tx = minx + fx * (maxx - minx), ty = 0.5 * sk->map->h;
    int best = -1;
    double best_d = 0;
    for (int i = 0; i < p->cells; i++) {
        if (p->comp[i] != comp) continue;
        float x, y;
        hex_to_pixel(chart_hex(c, i), c->size, &x, &y);
        double d = (x > tx ? x - tx : tx - x) + 0.5 * (y > ty ? y - ty : ty - y);
        if (best < 0 || d < best_d) {
            best = i;
            best_d = d;
        }
    }
    return best;
}

/* Add `want` ships for side, breadth-first from root over water, keeping a
 * hex between ships when the sea allows. */
static int place_around(Skirmish *sk, Placement *p, int side, int root, int want, const int *cls)
{
    const Chart *c = p->c;
    assert(root >= 0 && root < p->cells);
    for (int gap = 2; gap >= 1 && want > 0; gap--) {
        int head = 0, tail = 0;
        char *seen = calloc((size_t)p->cells, 1);
        if (!seen) return -1;
        p->queue[tail++] = root;
        seen[root] = 1;
        while (head < tail && want > 0) {
            int cell = p->queue[head++];
            Hex h = chart_hex(c, cell);
            if (!hex_taken(sk, h, gap)) {
                HexPose pose = {h, 0};
                int n = sk->nships;
                int placed_of_side = 0;
                for (int k = 0; k < n; k++) placed_of_side += sk->ships[k].side == side;
                fleet_ship_init(&sk->ships[n], cls[placed_of_side], side, pose);
                sk->nships++;
                want--;
            }
            for (int d = 0; d < HEX_DIRS; d++) {
                int nb = chart_cell(c, hex_neighbor(h, d));
                if (nb >= 0 && c->sail[nb] && !seen[nb]) {
                    seen[nb] = 1;
                    p->queue[tail++] = nb;
                }
            }
        }
        free(seen);
    }
    return want;
}

/* Face every ship towards the other fleet's centre, never into the wind. */
static void face_enemy(Skirmish *sk)
{
    double cx[SKIRMISH_SIDES] = {0, 0}, cy[SKIRMISH_SIDES] = {0, 0};
    int n[SKIRMISH_SIDES] = {0, 0};
    for (int i = 0; i < sk->nships; i++) {
        float x, y;
        hex_to_pixel(sk->ships[i].pose.hex, 1.0f, &x, &y);
        cx[sk->ships[i].side] += x;
        cy[sk->ships[i].side] += y;
        n[sk->ships[i].side]++;
    }
    for (int i = 0; i < sk->nships; i++) {
        FleetShip *s = &sk->ships[i];
        int o = 1 - s->side;
        if (n[o] == 0) continue;
        float x, y;
        hex_to_pixel(s->pose.hex, 1.0f, &x, &y);
        double vx = cx[o] / n[o] - x, vy = cy[o] / n[o] - y;
        int best = -1;
        double best_dot = 0;
        float ox, oy;
        hex_to_pixel(hex_make(0, 0), 1.0f, &ox, &oy);
        for (int d = 0; d < HEX_DIRS; d++) {
            if (fleet_point_of_sail(d, sk->wind_dir) == FLEET_IN_IRONS) continue;
            float dx, dy;
            hex_to_pixel(hex_direction(d), 1.0f, &dx, &dy);
            double dot = (dx - ox) * vx + (dy - oy) * vy;
            if (best < 0 || dot > best_dot + 1e-9) {
                best = d;
                best_dot = dot;
            }
        }
        s->pose.facing = best;
    }
}

/* cls[side][k]: the class of side's k-th ship. */
static int place_fleets(Skirmish *sk, const int ships[SKIRMISH_SIDES],
                        const int cls[SKIRMISH_SIDES][SKIRMISH_SIDE_SHIPS], Err *e)
{
    Placement p = {&sk->chart, NULL, NULL, sk->chart.qn * sk->chart.rn};
    p.comp = malloc((size_t)p.cells * sizeof *p.comp);
    p.queue = malloc((size_t)p.cells * sizeof *p.queue);
    if (!p.comp || !p.queue) {
        free(p.comp);
        free(p.queue);
        return err_set(e, "skirmish: out of memory placing the fleets");
    }
    int main_comp = label_components(&p);
    /* The map's spawn hexes are used when every sailable one lies in one
     * body of water; fleets spawned in separate lagoons could never meet,
     * so then both fleets are placed by the rule below instead. */
    const MapMeta *mm = &sk->map->meta;
    int spawn_comp = -1;
    bool use_spawns = true;
    for (int side = 0; side < SKIRMISH_SIDES; side++)
        for (int k = 0; k < mm->spawn_count[side] && k < MAP_MAX_SPAWNS; k++) {
            int cell = chart_cell(&sk->chart, mm->spawns[side][k]);
            if (cell < 0 || !sk->chart.sail[cell]) continue;
            if (spawn_comp < 0) spawn_comp = p.comp[cell];
            if (p.comp[cell] != spawn_comp) use_spawns = false;
        }
    int rc = 0;
    for (int side = 0; side < SKIRMISH_SIDES && rc == 0; side++) {
        int placed = 0, root = -1;
        for (int k = 0;
             use_spawns && k < mm->spawn_count[side] && k < MAP_MAX_SPAWNS && placed < ships[side];
             k++) {
            Hex h = mm->spawns[side][k];
            if (!chart_sailable(&sk->chart, h) || hex_taken(sk, h, 1)) continue;
            HexPose pose = {h, 0};
            fleet_ship_init(&sk->ships[sk->nships++], cls[side][placed], side, pose);
            if (root < 0) root = chart_cell(&sk->chart, h);
            placed++;
        }
        if (placed < ships[side]) {
            /* The rest go in the spawns' sea, else the largest. */
            int comp = use_spawns && spawn_comp >= 0 ? spawn_comp : main_comp;
            if (root < 0 && comp >= 0) root = anchor_cell(sk, &p, comp, side == 0 ? 0.08 : 0.92);
            int left = root < 0 ? ships[side] - placed
                                : place_around(sk, &p, side, root, ships[side] - placed, cls[side]);
            if (left < 0)
                rc = err_set(e, "skirmish: out of memory placing the fleets");
            else if (left > 0)
                /* A map file is named by its path, so the player knows which. */
                rc = err_set(e, "%s: too little open sea to place %d ships for side %c",
                             sk->map_path[0] ? sk->map_path : sk->map->meta.name, ships[side],
                             SKIRMISH_SIDE_LETTER(side));
        }
    }
    free(p.comp);
    free(p.queue);
    if (rc == 0) face_enemy(sk);
    return rc;
}

/* The setup's own fleets (a scenario's): each ship on sailable water, one
 * a hex, facing as given. */
static int place_given(Skirmish *sk, const SkirmishSetup *setup,
                       const int cls[SKIRMISH_SIDES][SKIRMISH_SIDE_SHIPS], Err *e)
{
    for (int side = 0; side < SKIRMISH_SIDES; side++)
        for (int k = 0; k < setup->ships[side]; k++) {
            HexPose pose = setup->place.poses[side][k];
            if (!chart_sailable(&sk->chart, pose.hex) || pose.facing < 0 || pose.facing >= HEX_DIRS)
                return err_set(
                    e, "skirmish: side %c's ship %d at %d,%d facing %d is not on open sea",
                    SKIRMISH_SIDE_LETTER(side), k + 1, pose.hex.q, pose.hex.r, pose.facing);
            if (skirmish_ship_at(sk, pose.hex) >= 0)
                return err_set(e, "skirmish: side %c's ship %d at %d,%d: the hex holds a ship",
                               SKIRMISH_SIDE_LETTER(side), k + 1, pose.hex.q, pose.hex.r);
            int n = sk->nships++;
            fleet_ship_init(&sk->ships[n], cls[side][k], side, pose);
            snprintf(sk->names[n], sizeof sk->names[n], "%s", setup->place.names[side][k]);
            sk->ships[n].anchored = setup->place.anchored[side][k];
        }
    return 0;
}

/* The choices beyond fleet sizes: classes, wind, the computer's level. */
static int check_choices(const SkirmishSetup *setup, Err *e)
{
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        if (setup->ai_level[s] < 0 || setup->ai_level[s] >= SKIRMISH_AI_LEVELS)
            return err_set(e, "skirmish: side %c's computer level %d is outside 0..%d",
                           SKIRMISH_SIDE_LETTER(s), setup->ai_level[s], SKIRMISH_AI_LEVELS - 1);
        for (int k = 0; setup->pick.classes_set[s] && k < setup->ships[s]; k++)
            if (setup->pick.classes[s][k] < 0 || setup->pick.classes[s][k] >= FLEET_CLASSES)
                return err_set(e, "skirmish: side %c's ship %d has class %d, not 0..%d",
                               SKIRMISH_SIDE_LETTER(s), k + 1, setup->pick.classes[s][k],
                               FLEET_CLASSES - 1);
    }
    if (setup->pick.wind_set &&
        (setup->pick.wind_dir < 0 || setup->pick.wind_dir >= HEX_DIRS ||
         setup->pick.wind_strength < 0 || setup->pick.wind_strength > MAP_WIND_MAX))
        return err_set(e, "skirmish: wind %d strength %d is outside 0..%d and 0..%d",
                       setup->pick.wind_dir, setup->pick.wind_strength, HEX_DIRS - 1, MAP_WIND_MAX);
    return 0;
}

int skirmish_init(Skirmish *sk, const Map *map, const SkirmishSetup *setup, Err *e)
{
    assert(sk && setup);
    for (int s = 0; s < SKIRMISH_SIDES; s++)
        if (setup->ships[s] < 1 || setup->ships[s] > SKIRMISH_SIDE_SHIPS)
            return err_set(e, "skirmish: side %c has %d ships; a fleet has 1 to %d",
                           SKIRMISH_SIDE_LETTER(s), setup->ships[s], SKIRMISH_SIDE_SHIPS);
    if (check_choices(setup, e) != 0 || skirmish_goal_validate(setup, e) != 0) return -1;
    if (setup->turn_limit < 1 || setup->turn_limit > SKIRMISH_MAX_TURNS)
        return err_set(e, "skirmish: turn limit %d is outside 1..%d", setup->turn_limit,
                       SKIRMISH_MAX_TURNS);
    if (setup->map_path && strlen(setup->map_path) >= SKIRMISH_PATH_MAX)
        return err_set(e, "skirmish: map path longer than %d characters", SKIRMISH_PATH_MAX - 1);
    if (skirmish_init_empty(sk, map, e) != 0) return -1;
    sk->seed = setup->seed;
    sk->turn_limit = setup->turn_limit;
    if (setup->map_path) strcpy(sk->map_path, setup->map_path);
    if (setup->gen) {
        sk->map_generated = true;
        sk->gen = *setup->gen;
    }
    int cls[SKIRMISH_SIDES][SKIRMISH_SIDE_SHIPS];
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        sk->ai_level[s] = setup->ai_level[s];
        for (int k = 0; k < setup->ships[s]; k++)
            cls[s][k] = setup->pick.classes_set[s] ? setup->pick.classes[s][k]
                                                   : skirmish_fleet_class(setup->ships[s], k);
    }
    /* Before placing: the fleets are turned off the wind they start in. */
    if (setup->pick.wind_set) {
        sk->wind_dir = setup->pick.wind_dir;
        sk->wind_strength = setup->pick.wind_strength;
    }
    const int(*ccls)[SKIRMISH_SIDE_SHIPS] = (const int(*)[SKIRMISH_SIDE_SHIPS])cls;
    int prc = setup->place.placed ? place_given(sk, setup, ccls, e)
                                  : place_fleets(sk, setup->ships, ccls, e);
    if (prc != 0) {
        skirmish_deinit(sk);
        return -1;
    }
    memcpy(sk->goal, setup->goal, sizeof sk->goal);
    sk->limit_win = setup->limit_win;
    snprintf(sk->scenario, sizeof sk->scenario, "%s", setup->place.scenario);
    for (int i = 0; i < sk->nships; i++) skirmish_default_orders(sk, i, &sk->orders[i]);
    return 0;
}
