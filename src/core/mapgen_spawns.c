/* mapgen_spawns: where a generated map's fleets start — clusters of
 * sailable hexes on the main sea, one per side, or one cluster and its
 * 180-degree image for a mirrored map (see mapgen_internal.h). */
#include "mapgen_internal.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"

/* The float rules of mapgen.c hold here too (bit-identical spawns). */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#define MG_SPAWNS 6
/* Where fleets start: MG_SPAWN_HALF_GAP hexes either side of the middle,
 * 2 * MG_SPAWN_HALF_GAP hexes' sailing apart (in sight: first broadsides
 * in 2-3 turns, fleets still forming), and clear of land within
 * MG_SPAWN_ROOM hexes, each closed hex there weighing MG_SPAWN_OPEN hexes
 * of distance. */
#define MG_SPAWN_HALF_GAP 9.0f
#define MG_SPAWN_ROOM     3
#define MG_SPAWN_OPEN     1.0f

/* The hexes of a map as an odd-r offset grid: row r, column c is axial
 * (c - floor(r/2), r), stored at r * cols + c. */
typedef struct MgHexes {
    float *x, *y;      /* centre */
    unsigned char *ok; /* usable as a spawn of the fleet in hand */
    int cols, rows, n;
} MgHexes;

static Hex mg_grid_hex(const MgHexes *g, int i)
{
    int r = i / g->cols, c = i % g->cols;
    return hex_make(c - (r >> 1), r);
}

/* Index of hex hx in g, or -1 when it is outside the grid. */
static int mg_grid_index(const MgHexes *g, Hex hx)
{
    int r = hx.r, c = hx.q + (hx.r >> 1);
    if (r < 0 || r >= g->rows || c < 0 || c >= g->cols) return -1;
    return r * g->cols + c;
}

static int mg_grid_init(MgHexes *g, const Map *m, float size)
{
    memset(g, 0, sizeof *g);
    g->rows = (int)floorf(((float)m->h - size) / (1.5f * size)) + 1;
    g->cols = (int)floorf((float)m->w / (MG_SQRT3 * size)) + 1;
    if (g->rows < 1) g->rows = 1;
    g->n = g->rows * g->cols;
    g->x = malloc((size_t)g->n * sizeof *g->x);
    g->y = malloc((size_t)g->n * sizeof *g->y);
    g->ok = malloc((size_t)g->n);
    if (!g->x || !g->y || !g->ok) return -1;
    for (int i = 0; i < g->n; i++) hex_to_pixel(mg_grid_hex(g, i), size, &g->x[i], &g->y[i]);
    return 0;
}

static void mg_grid_free(MgHexes *g)
{
    free(g->x);
    free(g->y);
    free(g->ok);
    memset(g, 0, sizeof *g);
}

typedef struct MgRank {
    float score;
    int i;
} MgRank;

static int mg_rank_cmp(const void *a, const void *b)
{
    const MgRank *x = a, *y = b;
    if (x->score != y->score) return x->score < y->score ? -1 : 1;
    return (x->i > y->i) - (x->i < y->i); /* indices are unique: a total order */
}

/* Up to MG_SPAWNS usable hexes (g->ok) close together: the best-placed
 * anchor (lowest score) whose water neighbourhood holds a full fleet, its
 * hexes gathered breadth-first within two steps so all are connected by
 * water. Falls back to the anchor with the largest such group. Returns the
 * count, or -1 when out of memory. */
static int mg_cluster(const MgHexes *g, const float *score, Hex *out)
{
    MgRank *rank = malloc((size_t)g->n * sizeof *rank);
    if (!rank) return -1;
    int cand = 0;
    for (int i = 0; i < g->n; i++)
        if (g->ok[i]) rank[cand++] = (MgRank){score[i], i};
    qsort(rank, (size_t)cand, sizeof *rank, mg_rank_cmp);
    int best_n = 0;
    for (int a = 0; a < cand && best_n < MG_SPAWNS; a++) {
        Hex anchor = mg_grid_hex(g, rank[a].i);
        Hex grp[MG_SPAWNS];
        int gn = 0, head = 0;
        grp[gn++] = anchor;
        while (head < gn && gn < MG_SPAWNS) {
            Hex cur = grp[head++];
            for (int d = 0; d < HEX_DIRS && gn < MG_SPAWNS; d++) {
                Hex nb = hex_neighbor(cur, d);
                if (hex_distance(nb, anchor) > 2) continue;
                int k = mg_grid_index(g, nb);
                if (k < 0 || !g->ok[k]) continue;
                int dup = 0;
                for (int t = 0; t < gn; t++) dup |= hex_equal(grp[t], nb);
                if (!dup) grp[gn++] = nb;
            }
        }
        if (gn > best_n) {
            best_n = gn;
            memcpy(out, grp, (size_t)gn * sizeof *grp);
        }
    }
    free(rank);
    return best_n;
}

/* Hexes within MG_SPAWN_ROOM steps of grid hex i that are not open sea
 * (land, another body of water, off the map): a fleet placed among them
 * starts in a nook it must first work out of. */
static int mg_closed(const MgHexes *g, const unsigned char *sail, int i)
{
    Hex c = mg_grid_hex(g, i);
    int closed = 0;
    for (int dq = -MG_SPAWN_ROOM; dq <= MG_SPAWN_ROOM; dq++)
        for (int dr = -MG_SPAWN_ROOM; dr <= MG_SPAWN_ROOM; dr++) {
            Hex h = hex_make(c.q + dq, c.r + dr);
            if (hex_distance(h, c) > MG_SPAWN_ROOM) continue;
            int k = mg_grid_index(g, h);
            closed += k < 0 || !sail[k];
        }
    return closed;
}

/* Every grid hex's cost of being shut in (mg_closed, in pixels), once per
 * map: each scorer below adds it. */
static void mg_room(const MgHexes *g, const unsigned char *sail, float size, float *room)
{
    const float hex_w = MG_SQRT3 * size;
    for (int i = 0; i < g->n; i++) room[i] = MG_SPAWN_OPEN * hex_w * (float)mg_closed(g, sail, i);
}

/* A spawn's score: off pixels from where its fleet should lie, plus its
 * distance from the middle row and its room. */
static float mg_score(float off, const MgHexes *g, const Map *m, const float *room, int i)
{
    return off + 0.5f * fabsf(g->y[i] - 0.5f * (float)m->h) + room[i];
}

/* Score for fleet 0: near its line first, then near the middle row, in open
 * water. The line lies MG_SPAWN_HALF_GAP hexes left of the middle column
 * (on a map too narrow for that, the edge): the fleets start in sight, not
 * at the map's far edges (a battle opening 28 hexes apart in light airs
 * took 20 turns to fire its first broadside). */
static void mg_scores(const MgHexes *g, const Map *m, const float *room, float size, float *score)
{
    const float line = 0.5f * (float)m->w - MG_SPAWN_HALF_GAP * MG_SQRT3 * size;
    for (int i = 0; i < g->n; i++) score[i] = mg_score(fabsf(g->x[i] - line), g, m, room, i);
}

/* Sailing steps over sail from the n hexes at from to every grid hex (-1:
 * not reachable), into steps, with queue as scratch (both g->n long). With
 * stop >= 0, returns as soon as grid hex stop has its count. */
static void mg_steps(const MgHexes *g, const unsigned char *sail, const Hex *from, int n, int stop,
                     int *steps, int *queue)
{
    int head = 0, tail = 0;
    for (int i = 0; i < g->n; i++) steps[i] = -1;
    for (int s = 0; s < n; s++) {
        int k = mg_grid_index(g, from[s]);
        if (k >= 0 && steps[k] < 0) {
            steps[k] = 0;
            queue[tail++] = k;
        }
    }
    while (head < tail && (stop < 0 || steps[stop] < 0)) {
        int k = queue[head++];
        for (int d = 0; d < HEX_DIRS; d++) {
            int nb = mg_grid_index(g, hex_neighbor(mg_grid_hex(g, k), d));
            if (nb < 0 || !sail[nb] || steps[nb] >= 0) continue;
            steps[nb] = steps[k] + 1;
            queue[tail++] = nb;
        }
    }
}

/* How far a fleet sailing steps hexes to the enemy lies from the opening
 * gap, in pixels (FLT_MAX when she cannot reach the enemy at all). */
static float mg_gap_off(int steps, float hex_w)
{
    return steps < 0 ? FLT_MAX : hex_w * fabsf((float)steps - 2.0f * MG_SPAWN_HALF_GAP);
}

/* Score for fleet 1, placed after fleet 0 (its n spawns at f0): the sailing
 * distance from fleet 0 near 2 * MG_SPAWN_HALF_GAP hexes (a straight line
 * across an island can be a long way round), then near the middle row, in
 * open water. Returns -1 when out of memory. */
static int mg_scores_from(const MgHexes *g, const Map *m, const unsigned char *sail,
                          const float *room, const Hex *f0, int n, float size, float *score)
{
    int *steps = malloc((size_t)g->n * sizeof *steps),
        *queue = malloc((size_t)g->n * sizeof *queue);
    if (!steps || !queue) {
        free(steps);
        free(queue);
        return -1;
    }
    mg_steps(g, sail, f0, n, -1, steps, queue);
    const float hex_w = MG_SQRT3 * size;
    for (int i = 0; i < g->n; i++) score[i] = mg_score(mg_gap_off(steps[i], hex_w), g, m, room, i);
    free(steps);
    free(queue);
    return 0;
}

/* Score for fleet 0 on a mirrored map under reflection t, for the hexes
 * g->ok marks: as mg_scores_from, the sailing distance being the one to the
 * hex's own image (where the enemy's ship starts). One search per hex, each
 * stopping at its image: small next to the rest of generation. Returns -1
 * when out of memory. */
static int mg_scores_mirrored(const MgHexes *g, const Map *m, const unsigned char *sail,
                              const float *room, Hex t, float size, float *score)
{
    int *steps = malloc((size_t)g->n * sizeof *steps),
        *queue = malloc((size_t)g->n * sizeof *queue);
    if (!steps || !queue) {
        free(steps);
        free(queue);
        return -1;
    }
    const float hex_w = MG_SQRT3 * size;
    for (int i = 0; i < g->n; i++) {
        score[i] = FLT_MAX;
        if (!g->ok[i]) continue;
        Hex h = mg_grid_hex(g, i);
        int image = mg_grid_index(g, hex_sub(t, h));
        mg_steps(g, sail, &h, 1, image, steps, queue);
        score[i] = mg_score(mg_gap_off(steps[image], hex_w), g, m, room, i);
    }
    free(steps);
    free(queue);
    return 0;
}

/* The hex grid is not itself 180-degree symmetric (its spacing involves
 * sqrt(3)), but a point reflection of hexes, h -> t - h, turns any cluster
 * into its rotated copy. The t whose copy lands nearest the true image
 * (w - x, h - y) of every centre is the best mirror; its neighbours are
 * near-mirrors. */
static Hex mg_mirror_t(const MgHexes *g, const Map *m, float size)
{
    Hex h0 = mg_grid_hex(g, 0);
    Hex im = hex_from_pixel((float)m->w - g->x[0], (float)m->h - g->y[0], size);
    return hex_add(im, h0);
}

/* Fleet 0's usable hexes for reflection t: sailable in the left half with
 * a sailable reflection in the right half. */
static void mg_mark_mirrored(MgHexes *g, const unsigned char *sail, Hex t, float half)
{
    for (int i = 0; i < g->n; i++) {
        g->ok[i] = 0;
        if (!sail[i] || g->x[i] >= half) continue;
        int k = mg_grid_index(g, hex_sub(t, mg_grid_hex(g, i)));
        g->ok[i] = k >= 0 && sail[k] && g->x[k] > half;
    }
}

/* Mirrored spawns: fleet 0 by mg_cluster among hexes whose reflection is
 * usable too, trying the exact reflection first, then the near ones (up to
 * two hexes off) in order of how far off they are; fleet 1 the reflected
 * copy. Returns the fleets' common count, or -1 when out of memory. */
static int mg_spawns_mirrored(MgHexes *g, const Map *m, const unsigned char *sail,
                              const float *room, const float *score, float size, Hex *f0, Hex *f1)
{
    const float half = 0.5f * (float)m->w;
    Hex t0 = mg_mirror_t(g, m, size);
    float ix = (float)m->w - g->x[0], iy = (float)m->h - g->y[0];
    /* Candidate reflections, nearest to the true image first. */
    Hex ts[19];
    float err[19];
    int nt = 0;
    for (int dq = -2; dq <= 2; dq++)
        for (int dr = -2; dr <= 2; dr++) {
            Hex t = hex_add(t0, hex_make(dq, dr));
            if (hex_distance(t, t0) > 2) continue;
            /* Where the image of hex 0 would land under t. */
            float x, y;
            hex_to_pixel(hex_sub(t, mg_grid_hex(g, 0)), size, &x, &y);
            float e = mg_sq(x - ix) + mg_sq(y - iy);
            int k = nt++;
            while (k > 0 && err[k - 1] > e) {
                ts[k] = ts[k - 1];
                err[k] = err[k - 1];
                k--;
            }
            ts[k] = t;
            err[k] = e;
        }
    int best = 0;
    Hex best_t = t0;
    float *near = malloc((size_t)g->n * sizeof *near);
    if (!near) return -1;
    for (int c = 0; c < nt && best < MG_SPAWNS; c++) {
        mg_mark_mirrored(g, sail, ts[c], half);
        Hex grp[MG_SPAWNS];
        int n =
            mg_scores_mirrored(g, m, sail, room, ts[c], size, near) ? -1 : mg_cluster(g, near, grp);
        if (n < 0) {
            free(near);
            return -1;
        }
        if (n > best) {
            best = n;
            best_t = ts[c];
            memcpy(f0, grp, (size_t)n * sizeof *grp);
        }
    }
    for (int s = 0; s < best; s++) f1[s] = hex_sub(best_t, f0[s]);
    if (best == MG_SPAWNS) {
        free(near);
        return best;
    }
    /* No reflection fits a full fleet (small or crowded maps): any sailable
     * cluster on the left, and for fleet 1 the cluster nearest to the image
     * of its first hex. Used only when it seats more ships. */
    Hex l0[MG_SPAWNS], l1[MG_SPAWNS];
    for (int i = 0; i < g->n; i++) g->ok[i] = sail[i] && g->x[i] < half;
    int n0 = mg_cluster(g, score, l0);
    if (n0 <= best) {
        free(near);
        return n0 < 0 ? -1 : best;
    }
    int a = mg_grid_index(g, l0[0]);
    float px = (float)m->w - g->x[a], py = (float)m->h - g->y[a];
    for (int i = 0; i < g->n; i++) {
        g->ok[i] = sail[i] && g->x[i] > half;
        near[i] = mg_sq(g->x[i] - px) + mg_sq(g->y[i] - py);
    }
    int n1 = mg_cluster(g, near, l1);
    free(near);
    if (n1 < 0) return -1;
    int n = n0 < n1 ? n0 : n1; /* equal fleets on a mirrored map */
    if (n <= best) return best;
    memcpy(f0, l0, (size_t)n * sizeof *l0);
    memcpy(f1, l1, (size_t)n * sizeof *l1);
    return n;
}

/* Keeps in sail only the main sea: of the bodies of water on chart (as
 * validate_map and the skirmish see them), the one with the most room on
 * its smaller side (grid hexes in the left half, in the right), so the
 * fleets, one in each half, can always meet and both have room. Lakes and
 * bays that land cuts off would otherwise win a fleet's spawns when they
 * lie nearest its edge (seed 5 of the defaults did). Without any such sea
 * (land walls off one half), sail stays as it is. Returns -1 when out of
 * memory. */
static int mg_main_sea(const MgHexes *g, const Chart *chart, unsigned char *sail, float half)
{
    size_t cells = (size_t)chart->qn * (size_t)chart->rn;
    int *comp = malloc(cells * sizeof *comp), *scratch = malloc(cells * sizeof *scratch);
    int *side = NULL;
    if (!comp || !scratch) goto oom;
    int n = chart_waters(chart, comp, scratch);
    /* Hexes of each body in the left half, then in the right. */
    side = calloc(2 * (size_t)n + 1, sizeof *side);
    if (!side) goto oom;
    for (int i = 0; i < g->n; i++) {
        int k = sail[i] ? chart_cell(chart, mg_grid_hex(g, i)) : -1;
        if (k < 0 || comp[k] < 0) continue;
        if (g->x[i] < half) side[2 * comp[k]]++;
        if (g->x[i] > half) side[2 * comp[k] + 1]++;
    }
    int best = -1, best_room = 0;
    for (int b = 0; b < n; b++) {
        int room = side[2 * b] < side[2 * b + 1] ? side[2 * b] : side[2 * b + 1];
        if (room > best_room) {
            best = b;
            best_room = room;
        }
    }
    if (best >= 0)
        for (int i = 0; i < g->n; i++) {
            int k = chart_cell(chart, mg_grid_hex(g, i));
            sail[i] = sail[i] && k >= 0 && comp[k] == best;
        }
    free(side);
    free(comp);
    free(scratch);
    return 0;
oom:
    free(side);
    free(comp);
    free(scratch);
    return -1;
}

/* Spawn hexes of both fleets into m->meta: fleet 0 in the left half,
 * fleet 1 in the right half; with mirror, fleet 1's are the 180-degree
 * images of fleet 0's. A side without a sailable hex gets no spawns. */
int mapgen_spawns(Map *m, bool mirror, float size)
{
    assert(m && m->land && size > 0.0f);
    MgHexes g;
    float *score = NULL;
    unsigned char *sail = NULL;
    /* score, then room (mg_room): one block. */
    if (mg_grid_init(&g, m, size) || !(score = calloc(2 * (size_t)g.n, sizeof *score)) ||
        !(sail = malloc((size_t)g.n))) {
        free(score);
        mg_grid_free(&g);
        return -1;
    }
    const float half = 0.5f * (float)m->w;
    MapMeta *meta = &m->meta;
    Chart chart;
    Err ce;
    if (chart_init(&chart, m, size, &ce) != 0) {
        free(sail);
        free(score);
        mg_grid_free(&g);
        return -1;
    }
    for (int i = 0; i < g.n; i++) sail[i] = chart_sailable(&chart, mg_grid_hex(&g, i));
    int rc = mg_main_sea(&g, &chart, sail, half);
    chart_deinit(&chart);
    if (rc != 0) {
        free(sail);
        free(score);
        mg_grid_free(&g);
        return -1;
    }
    float *room = score + g.n;
    mg_room(&g, sail, size, room);
    mg_scores(&g, m, room, size, score);
    int n0, n1;
    if (mirror) {
        n0 = n1 =
            mg_spawns_mirrored(&g, m, sail, room, score, size, meta->spawns[0], meta->spawns[1]);
    } else {
        for (int i = 0; i < g.n; i++) g.ok[i] = sail[i] && g.x[i] < half;
        n0 = mg_cluster(&g, score, meta->spawns[0]);
        for (int i = 0; i < g.n; i++) g.ok[i] = sail[i] && g.x[i] > half;
        n1 = n0 < 0 ? -1 : mg_scores_from(&g, m, sail, room, meta->spawns[0], n0, size, score);
        if (n1 == 0) n1 = mg_cluster(&g, score, meta->spawns[1]);
    }
    free(sail);
    free(score);
    mg_grid_free(&g);
    if (n0 < 0 || n1 < 0) return -1;
    meta->spawn_count[0] = n0;
    meta->spawn_count[1] = n1;
    return 0;
}
