/* validate: spawn, reachability and sanity checks of a map (validate.h). */
#include "validate.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"

/* Findings are gathered here, then copied errors first into the report. */
typedef struct List {
    ValidateFinding items[VALIDATE_MAX_FINDINGS];
    int n;
} List;

#if defined(__GNUC__)
__attribute__((format(printf, 6, 7)))
#endif
static void
add(List *l, ValidateSeverity sev, const MapMeta *meta, int fleet, int spawn, const char *fmt, ...)
{
    /* VALIDATE_MAX_FINDINGS covers the worst case; never write past it. */
    if (l->n >= VALIDATE_MAX_FINDINGS) return;
    ValidateFinding *f = &l->items[l->n++];
    memset(f, 0, sizeof *f);
    f->severity = sev;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->msg, sizeof f->msg, fmt, ap);
    va_end(ap);
    f->x = f->y = -1;
    f->fleet = fleet;
    f->spawn = spawn;
    if (spawn >= 0) {
        f->has_hex = true;
        f->hex = meta->spawns[fleet][spawn];
        float x, y;
        hex_to_pixel(f->hex, (float)meta->hex_size, &x, &y);
        f->x = (int)x;
        f->y = (int)y;
    }
}

/* The open-water body (chart_open_waters) a spawn's ships sail out into:
 * its own hex's, else its first open neighbour's; -1 when none is open. */
static int open_body(const Chart *c, const int *open, Hex h)
{
    for (int d = -1; d < HEX_DIRS; d++) {
        int k = chart_cell(c, d < 0 ? h : hex_neighbor(h, d));
        if (k >= 0 && open[k] >= 0) return open[k];
    }
    return -1;
}

/* Sea reachability between the fleets' usable spawns: an error when no
 * pair connects, else a warning for each spawn cut off from every enemy,
 * and one (r->lanes_only) when the fleets meet only through one-hex
 * lanes, where they would lie bow to stern and never fight. */
static int check_reach(const Map *m, const MapMeta *meta, const int count[2],
                       bool usable[2][MAP_MAX_SPAWNS], List *l, bool *lanes_only, Err *e)
{
    /* The bodies of water the skirmish and the map generator see too. */
    Chart c;
    Err ce;
    if (chart_init(&c, m, (float)meta->hex_size, &ce) != 0)
        return err_set(e, "validate: %s", ce.msg);
    size_t n = (size_t)c.qn * (size_t)c.rn;
    int *body = malloc(n * sizeof *body), *open = malloc(n * sizeof *open),
        *queue = malloc(n * sizeof *queue);
    if (!body || !open || !queue) {
        free(body);
        free(open);
        free(queue);
        chart_deinit(&c);
        return err_set(e, "validate: out of memory searching the %dx%d map's hexes", m->w, m->h);
    }
    chart_waters(&c, body, queue);
    chart_open_waters(&c, open, queue);
    /* comp: 1 + the spawn's body of water, 0 for an unusable spawn; wide:
     * 1 + its open water, 0 for none. */
    int comp[2][MAP_MAX_SPAWNS], wide[2][MAP_MAX_SPAWNS];
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < count[f]; i++) {
            int k = usable[f][i] ? chart_cell(&c, meta->spawns[f][i]) : -1;
            comp[f][i] = k >= 0 ? body[k] + 1 : 0;
            wide[f][i] = k >= 0 ? open_body(&c, open, meta->spawns[f][i]) + 1 : 0;
        }
    free(body);
    free(open);
    free(queue);
    chart_deinit(&c);

    bool meets[2][MAP_MAX_SPAWNS];
    bool any = false, in_open = false;
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < count[f]; i++) {
            meets[f][i] = false;
            if (comp[f][i] <= 0) continue;
            for (int j = 0; j < count[1 - f]; j++) {
                if (comp[1 - f][j] == comp[f][i]) meets[f][i] = true;
                if (wide[f][i] > 0 && wide[1 - f][j] == wide[f][i]) in_open = true;
            }
            any |= meets[f][i];
        }
    if (!any) {
        int first = 0;
        while (!usable[0][first]) first++;
        add(l, VALIDATE_ERROR, meta, 0, first,
            "the fleets cannot reach each other by sea: land cuts every fleet 1 spawn off "
            "from fleet 2");
        return 0;
    }
    if (!in_open) {
        *lanes_only = true;
        add(l, VALIDATE_WARNING, meta, -1, -1,
            "the fleets meet only through one-hex lanes, where ships lie bow to stern and no "
            "broadside bears: widen a passage to two hexes");
    }
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < count[f]; i++)
            if (usable[f][i] && !meets[f][i])
                add(l, VALIDATE_WARNING, meta, f, i,
                    "fleet %d spawn %d,%d is cut off by land from every fleet %d spawn", f + 1,
                    meta->spawns[f][i].q, meta->spawns[f][i].r, 2 - f);
    return 0;
}

/* The settings of the sidecar: hex size, wind. Returns whether the hex
 * size is usable, which the spawn checks need. */
static bool check_settings(const MapMeta *meta, List *l)
{
    bool hex_ok = meta->hex_size >= MAP_HEX_SIZE_MIN && meta->hex_size <= MAP_HEX_SIZE_MAX;
    if (!hex_ok)
        add(l, VALIDATE_ERROR, meta, -1, -1, "hex size %d is outside %d..%d", meta->hex_size,
            MAP_HEX_SIZE_MIN, MAP_HEX_SIZE_MAX);
    if (meta->wind_dir < 0 || meta->wind_dir >= HEX_DIRS)
        add(l, VALIDATE_ERROR, meta, -1, -1, "wind direction %d is outside 0..%d", meta->wind_dir,
            HEX_DIRS - 1);
    if (meta->wind_strength < 0 || meta->wind_strength > MAP_WIND_MAX)
        add(l, VALIDATE_ERROR, meta, -1, -1, "wind strength %d is outside 0..%d",
            meta->wind_strength, MAP_WIND_MAX);
    else if (meta->wind_strength == 0)
        add(l, VALIDATE_WARNING, meta, -1, -1, "wind strength is 0: the map is becalmed");
    return hex_ok;
}

/* Each fleet's spawn count, clamped into count[] for the checks after. */
static void check_spawn_counts(const MapMeta *meta, int count[2], List *l)
{
    for (int f = 0; f < 2; f++) {
        count[f] = meta->spawn_count[f];
        if (count[f] < 0 || count[f] > MAP_MAX_SPAWNS) {
            add(l, VALIDATE_ERROR, meta, f, -1, "fleet %d lists %d spawn hexes; 0..%d allowed",
                f + 1, count[f], MAP_MAX_SPAWNS);
            count[f] = count[f] < 0 ? 0 : MAP_MAX_SPAWNS;
        }
        if (count[f] == 0)
            add(l, VALIDATE_WARNING, meta, f, -1,
                "fleet %d has no spawn hexes: the game will place its ships", f + 1);
    }
}

/* True when spawn i of fleet f repeats an earlier spawn (reported): the
 * first use of a hex stands, later ones are the duplicates. */
static bool spawn_repeated(const MapMeta *meta, const int count[2], int f, int i, List *l)
{
    Hex h = meta->spawns[f][i];
    for (int g = 0; g <= f; g++) {
        int upto = g == f ? i : count[g];
        for (int j = 0; j < upto; j++) {
            if (!hex_equal(meta->spawns[g][j], h)) continue;
            if (g == f)
                add(l, VALIDATE_ERROR, meta, f, i, "fleet %d spawn %d,%d is listed twice", f + 1,
                    h.q, h.r);
            else
                add(l, VALIDATE_ERROR, meta, f, i, "fleet %d spawn %d,%d is also a fleet %d spawn",
                    f + 1, h.q, h.r, g + 1);
            return true;
        }
    }
    return false;
}

/* Every spawn hex on its own: on the map, sailable, not a repeat. Sets
 * usable[][] and counts the usable spawns of each fleet in usable_n[]. */
static void check_spawns(const Map *m, bool hex_ok, const int count[2],
                         bool usable[2][MAP_MAX_SPAWNS], int usable_n[2], List *l)
{
    const MapMeta *meta = &m->meta;
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < count[f]; i++) {
            usable[f][i] = false;
            if (!hex_ok) continue;
            Hex h = meta->spawns[f][i];
            bool ok = true;
            if (!map_hex_inside(h, meta->hex_size, m->w, m->h)) {
                add(l, VALIDATE_ERROR, meta, f, i, "fleet %d spawn %d,%d lies outside the map",
                    f + 1, h.q, h.r);
                ok = false;
            } else if (!chart_hex_sailable(m, h, (float)meta->hex_size)) {
                add(l, VALIDATE_ERROR, meta, f, i,
                    "fleet %d spawn %d,%d is not sailable: land or the map edge within the hex",
                    f + 1, h.q, h.r);
                ok = false;
            }
            if (ok && spawn_repeated(meta, count, f, i, l)) ok = false;
            usable[f][i] = ok;
            usable_n[f] += ok;
        }
}

/* A map all land or all water. */
static void check_fill(const Map *m, List *l)
{
    size_t n = (size_t)m->w * (size_t)m->h, land = 0;
    for (size_t i = 0; i < n; i++) land += m->land[i] != 0;
    if (land == n)
        add(l, VALIDATE_WARNING, &m->meta, -1, -1, "the map is all land: no ship can sail");
    else if (land == 0)
        add(l, VALIDATE_WARNING, &m->meta, -1, -1, "the map is all water: no islands, no cover");
}

/* The findings into r, errors first, each kind in check order. */
static void report_sorted(const List *l, ValidateReport *r)
{
    memset(r, 0, sizeof *r);
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < l->n; i++) {
            ValidateSeverity want = pass == 0 ? VALIDATE_ERROR : VALIDATE_WARNING;
            if (l->items[i].severity != want) continue;
            r->items[r->count++] = l->items[i];
            if (want == VALIDATE_ERROR)
                r->errors++;
            else
                r->warnings++;
        }
}

int validate_map(const Map *m, ValidateReport *r, Err *e)
{
    assert(m && m->land && r);
    List *l = calloc(1, sizeof *l);
    if (!l) return err_set(e, "validate: out of memory");
    bool hex_ok = check_settings(&m->meta, l);
    int count[2];
    check_spawn_counts(&m->meta, count, l);
    bool usable[2][MAP_MAX_SPAWNS], lanes_only = false;
    int usable_n[2] = {0, 0};
    check_spawns(m, hex_ok, count, usable, usable_n, l);
    if (usable_n[0] && usable_n[1] && check_reach(m, &m->meta, count, usable, l, &lanes_only, e)) {
        free(l);
        return -1;
    }
    check_fill(m, l);
    report_sorted(l, r);
    r->lanes_only = lanes_only;
    free(l);
    return 0;
}
