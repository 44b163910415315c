/* validate: spawn, reachability and sanity checks of a map (validate.h). */
#include "validate.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VALIDATE_SQRT3 1.7320508075688772

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

static int floor_div2(int a)
{
    return a >= 0 ? a / 2 : -((-a + 1) / 2);
}

/* Every hex that can be sailable (its centre and corners on the map) in a
 * rows x cols array, indexed by offset coordinates (row r, column
 * q + floor(r/2)) with a margin of one on each side. label: 0 unvisited,
 * -1 not sailable, k > 0 the k-th sea component found. */
typedef struct HexGrid {
    int rows, cols;
    int32_t *label;
    int32_t *queue;
} HexGrid;

static int grid_index(const HexGrid *g, Hex h)
{
    int row = h.r + 1, col = h.q + floor_div2(h.r) + 1;
    if (row < 0 || col < 0 || row >= g->rows || col >= g->cols) return -1;
    return row * g->cols + col;
}

static Hex grid_hex(const HexGrid *g, int i)
{
    int r = i / g->cols - 1, col = i % g->cols - 1;
    return hex_make(col - floor_div2(r), r);
}

/* Label the sea component of hex index start (sailable) with id. */
static void flood(const Map *m, float size, HexGrid *g, int start, int32_t id)
{
    size_t head = 0, tail = 0;
    g->label[start] = id;
    g->queue[tail++] = start;
    while (head < tail) {
        Hex h = grid_hex(g, g->queue[head++]);
        for (int d = 0; d < HEX_DIRS; d++) {
            int k = grid_index(g, hex_neighbor(h, d));
            if (k < 0 || g->label[k]) continue;
            if (hex_sailable(m, grid_hex(g, k), size)) {
                g->label[k] = id;
                g->queue[tail++] = k;
            } else {
                g->label[k] = -1;
            }
        }
    }
}

static bool on_map(const Map *m, Hex h, int size)
{
    float x, y;
    hex_to_pixel(h, (float)size, &x, &y);
    return x >= 0.0f && y >= 0.0f && x < (float)m->w && y < (float)m->h;
}

/* Sea reachability between the fleets' usable spawns: an error when no
 * pair connects, else a warning for each spawn cut off from every enemy. */
static int check_reach(const Map *m, const MapMeta *meta, const int count[2],
                       bool usable[2][MAP_MAX_SPAWNS], List *l, Err *e)
{
    float size = (float)meta->hex_size;
    HexGrid g;
    /* Rows: centres at y = size (1.5 r + 1) < h; columns: centres at
     * x = sqrt(3) size (col + 0.5 or 1) < w; plus the margins. */
    g.rows = (int)((double)m->h / (1.5 * size)) + 3;
    g.cols = (int)((double)m->w / (VALIDATE_SQRT3 * size)) + 3;
    size_t n = (size_t)g.rows * (size_t)g.cols;
    g.label = calloc(n, sizeof *g.label);
    g.queue = malloc(n * sizeof *g.queue);
    if (!g.label || !g.queue) {
        free(g.label);
        free(g.queue);
        return err_set(e, "validate: out of memory searching the %dx%d map's hexes", m->w, m->h);
    }
    int32_t comp[2][MAP_MAX_SPAWNS];
    int32_t next = 1;
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < count[f]; i++) {
            comp[f][i] = 0;
            if (!usable[f][i]) continue;
            int k = grid_index(&g, meta->spawns[f][i]);
            /* A usable spawn is sailable, so it lies inside the grid. */
            if (k < 0) continue;
            if (!g.label[k]) flood(m, size, &g, k, next++);
            comp[f][i] = g.label[k];
        }
    free(g.label);
    free(g.queue);

    bool meets[2][MAP_MAX_SPAWNS];
    bool any = false;
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < count[f]; i++) {
            meets[f][i] = false;
            if (comp[f][i] <= 0) continue;
            for (int j = 0; j < count[1 - f]; j++)
                if (comp[1 - f][j] == comp[f][i]) meets[f][i] = true;
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
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < count[f]; i++)
            if (usable[f][i] && !meets[f][i])
                add(l, VALIDATE_WARNING, meta, f, i,
                    "fleet %d spawn %d,%d is cut off by land from every fleet %d spawn", f + 1,
                    meta->spawns[f][i].q, meta->spawns[f][i].r, 2 - f);
    return 0;
}

int validate_map(const Map *m, ValidateReport *r, Err *e)
{
    List *l = calloc(1, sizeof *l);
    if (!l) return err_set(e, "validate: out of memory");
    const MapMeta *meta = &m->meta;

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

    int count[2];
    bool usable[2][MAP_MAX_SPAWNS];
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

    int usable_n[2] = {0, 0};
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < count[f]; i++) {
            usable[f][i] = false;
            if (!hex_ok) continue;
            Hex h = meta->spawns[f][i];
            bool ok = true;
            if (!on_map(m, h, meta->hex_size)) {
                add(l, VALIDATE_ERROR, meta, f, i, "fleet %d spawn %d,%d lies outside the map",
                    f + 1, h.q, h.r);
                ok = false;
            } else if (!hex_sailable(m, h, (float)meta->hex_size)) {
                add(l, VALIDATE_ERROR, meta, f, i,
                    "fleet %d spawn %d,%d is not sailable: land or the map edge within the hex",
                    f + 1, h.q, h.r);
                ok = false;
            }
            /* The first use of a hex stands; later ones are the duplicates. */
            for (int g = 0; g <= f && ok; g++) {
                int upto = g == f ? i : count[g];
                for (int j = 0; j < upto; j++)
                    if (hex_equal(meta->spawns[g][j], h)) {
                        if (g == f)
                            add(l, VALIDATE_ERROR, meta, f, i,
                                "fleet %d spawn %d,%d is listed twice", f + 1, h.q, h.r);
                        else
                            add(l, VALIDATE_ERROR, meta, f, i,
                                "fleet %d spawn %d,%d is also a fleet %d spawn", f + 1, h.q, h.r,
                                g + 1);
                        ok = false;
                        break;
                    }
            }
            usable[f][i] = ok;
            usable_n[f] += ok;
        }

    if (usable_n[0] && usable_n[1] && check_reach(m, meta, count, usable, l, e)) {
        free(l);
        return -1;
    }

    size_t n = (size_t)m->w * (size_t)m->h, land = 0;
    for (size_t i = 0; i < n; i++) land += m->land[i] != 0;
    if (land == n)
        add(l, VALIDATE_WARNING, meta, -1, -1, "the map is all land: no ship can sail");
    else if (land == 0)
        add(l, VALIDATE_WARNING, meta, -1, -1, "the map is all water: no islands, no cover");

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
    free(l);
    return 0;
}
