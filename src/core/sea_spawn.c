/* sea_spawn: where creatures appear: fish in schools (at init and when the
 * count grows), sharks in deep water, an eaten fish out of the sharks'
 * sight; fish favour the focus (sea_set_focus) when there is one. The
 * bottom of the sea's files: it calls none of the others. */
#include "sea_internal.h"

#include <assert.h>
#include <math.h>

/* School sizes at spawn: SEA_SCHOOL_MIN + 0..SEA_SCHOOL_SPAN fish. */
#define SEA_SCHOOL_MIN  20
#define SEA_SCHOOL_SPAN 181
/* Fish within the neighbour radius at the density schools spawn with. */
#define SEA_SPAWN_NEIGHBOURS 10.0f
/* With a focus, this share of the schools (and of the eaten fish coming
 * back) is put near it, the rest spread over the whole sea. In the
 * skirmish of docs/skirmish.png (2000 fish, 1280x800, fleets in the
 * channels between islands, which the even spread's deep cells miss)
 * no fish spawned within 2 hexes of a ship and 0.4-0.6 of the mean 3-4
 * hexes out; at a half, the water round the fleets holds about the mean
 * and the far sides still have schools of their own. */
#define SEA_FOCUS_SHARE 0.5f
/* Focus spawns land between this share of the focus radius and all of
 * it: not on top of a ship (its hull would blow the school apart at
 * once), uniform over the ring's area. */
#define SEA_FOCUS_INNER 0.15f
/* Tries at a point near the focus before falling back to the even spread
 * (a focus over land or far off the map finds none). */
#define SEA_FOCUS_TRIES 16

int sea_is_water(const Sea *s, float x, float y)
{
    const ShoreField *f = s->shore;
    if (!(x >= 0.0f) || !(y >= 0.0f) || x >= (float)f->w || y >= (float)f->h) return 0;
    return shore_wet(f, (size_t)(int)y * (size_t)f->w + (size_t)(int)x);
}

/* A water position inside a spawn cell picked by h: a random pixel of the
 * cell when it is water, else the cell's deepest pixel. */
static void spawn_cell_point(const Sea *s, uint64_t h, float *x, float *y)
{
    const Grid *g = &s->grid;
    const ShoreField *f = s->shore;
    assert(s->cells.nspawn > 0);
    int ci = s->cells.spawn[(h >> 40) % (uint64_t)s->cells.nspawn];
    float x0 = (float)(ci % g->cols) * g->cell, y0 = (float)(ci / g->cols) * g->cell;
    float rx = x0 + sea_u01(h, 0) * g->cell, ry = y0 + sea_u01(h, 16) * g->cell;
    int px = (int)rx, py = (int)ry;
    if (!sea_is_water(s, rx, ry) || grid_cell_of(g, (float)px + 0.5f, (float)py + 0.5f) != ci) {
        px = s->cells.deep_px[ci] % f->w;
        py = s->cells.deep_px[ci] / f->w;
    }
    uint64_t j = sea_mix64(h);
    *x = (float)px + 0.1f + 0.8f * sea_u01(j, 0);
    *y = (float)py + 0.1f + 0.8f * sea_u01(j, 32);
}

/* A point of the ring round a focus point picked by h (SEA_FOCUS_INNER..1
 * of the focus radius out, uniform over its area); 0 when it is off the
 * map or inside another point's inner circle (a fleet's ships are close
 * together: their rings cover each other's hulls). */
static int focus_point(const Sea *s, uint64_t h, float *x, float *y)
{
    assert(s->nfocus > 0);
    int k = (int)((h >> 40) % (uint64_t)s->nfocus);
    float in2 = SEA_FOCUS_INNER * SEA_FOCUS_INNER;
    float r = s->focus_r * sqrtf(in2 + (1.0f - in2) * sea_u01(h, 0));
    float ang = 6.2831853f * sea_u01(h, 16);
    *x = s->focus[2 * k] + r * cosf(ang);
    *y = s->focus[2 * k + 1] + r * sinf(ang);
    if (!(*x >= 0.0f && *y >= 0.0f && *x < (float)s->shore->w && *y < (float)s->shore->h)) return 0;
    float in = SEA_FOCUS_INNER * s->focus_r;
    for (int i = 0; i < s->nfocus; i++) {
        float dx = *x - s->focus[2 * i], dy = *y - s->focus[2 * i + 1];
        if (dx * dx + dy * dy < in * in) return 0;
    }
    return 1;
}

/* Whether spawn number `who` of a stream (key) goes near the focus. */
static int near_focus(const Sea *s, uint64_t key, uint64_t who)
{
    return s->nfocus > 0 && sea_u01(sea_hash3(key ^ SEA_SALT_FOCUS, who, 7), 8) < SEA_FOCUS_SHARE;
}

/* A water point near the focus for respawn try h, else an open-water one. */
static void respawn_try(const Sea *s, int focus, uint64_t h, float *x, float *y)
{
    if (focus) {
        for (uint64_t t = 0; t < SEA_FOCUS_TRIES; t++)
            if (focus_point(s, sea_mix64(h + t), x, y) && sea_is_water(s, *x, *y)) return;
    }
    spawn_cell_point(s, h, x, y);
}

void sea_respawn_point(const Sea *s, int id, uint64_t step, int sbuf, float *x, float *y)
{
    assert(sbuf == 0 || sbuf == 1);
    float far = fmaxf(s->p.shark_sight, s->p.flee_radius);
    float far2 = far * far;
    uint64_t key = s->seed ^ SEA_SALT_RESPAWN;
    int focus = near_focus(s, key, (uint64_t)id * 0x9e3779b97f4a7c15ull + step);
    for (int t = 0; t < 16; t++) {
        respawn_try(s, focus, sea_hash3(key, (uint64_t)id, step * 16u + (uint64_t)t), x, y);
        int seen = 0;
        for (int i = 0; i < s->ns && !seen; i++) {
            float dx = *x - s->shx[sbuf][i], dy = *y - s->shy[sbuf][i];
            seen = dx * dx + dy * dy <= far2;
        }
        if (!seen) return;
    }
}

static int school_size(uint64_t key, uint64_t j)
{
    return SEA_SCHOOL_MIN + (int)(sea_hash3(key, j, 1) % SEA_SCHOOL_SPAN);
}

/* A cell near the focus for school g: one a focus point's ring reaches
 * into whose deepest pixel is off the coast (half the shore margin, the
 * spawn cells' second tier: the channels a fleet sails in have few cells
 * of the first), or -1. */
static int focus_school_cell(const Sea *s, uint64_t key, uint64_t g)
{
    float deep = 0.5f * s->p.shore_margin;
    for (uint64_t t = 0; t < SEA_FOCUS_TRIES; t++) {
        float x, y;
        if (!focus_point(s, sea_hash3(key ^ SEA_SALT_FOCUS, g, t), &x, &y)) continue;
        int ci = grid_cell_of(&s->grid, x, y);
        if (s->cells.deep_px[ci] >= 0 && s->cells.deep[ci] > deep) return ci;
    }
    return -1;
}

/* The spawn cell of school g: with a focus, a share of them near it;
 * the others' centres follow the R2 low-discrepancy sequence over the map
 * (offset by the seed), skipping points that fall outside the spawn
 * cells, so schools spread evenly over the sea instead of piling up where
 * random picks happen to cluster. *r2 counts the points used so far. */
static int next_school_cell(const Sea *s, uint64_t key, uint64_t g, uint64_t *r2)
{
    if (near_focus(s, key, g)) {
        int ci = focus_school_cell(s, key, g);
        if (ci >= 0) return ci;
    }
    const Grid *gr = &s->grid;
    double u0 = (double)sea_u01(key, 0), v0 = (double)sea_u01(key, 24);
    for (int t = 0; t < 64; t++) {
        double j = (double)(*r2)++;
        double u = u0 + j * 0.7548776662466927, v = v0 + j * 0.5698402909980532;
        u -= floor(u);
        v -= floor(v);
        int ci = grid_cell_of(gr, (float)(u * s->shore->w), (float)(v * s->shore->h));
        if (s->cells.is_spawn[ci]) return ci;
    }
    /* Spawn cells are scarce on this map: any of them. */
    uint64_t h = sea_hash3(key, *r2, 3);
    return s->cells.spawn[(h >> 40) % (uint64_t)s->cells.nspawn];
}

/* Put fish `id`, the q-th of a school of `size` (school number g of the
 * layout) centred on cell ci, into its slot of the sea's fish. */
static void place_fish(Sea *s, int id, int q, int size, uint64_t g, int ci)
{
    uint64_t skey = s->seed ^ SEA_SALT_SCHOOL, fkey = s->seed ^ SEA_SALT_FISH;
    float nr = s->p.neighbor_radius;
    float spacing = nr * sqrtf(3.14159265f / SEA_SPAWN_NEIGHBOURS);
    int cpx = s->cells.deep_px[ci];
    float cx = (float)(cpx % s->shore->w) + 0.5f, cy = (float)(cpx / s->shore->w) + 0.5f;
    float radius = nr * sqrtf((float)size / SEA_SPAWN_NEIGHBOURS);
    float turn = 6.2831853f * sea_u01(sea_hash3(skey, g, 4), 0);
    uint64_t h = sea_hash3(fkey, (uint64_t)id, 0);
    float r = radius * sqrtf(((float)q + 0.5f) / (float)size);
    float ang = turn + 2.3999632f * (float)q;
    float x = cx + r * cosf(ang) + (sea_u01(h, 0) - 0.5f) * 0.5f * spacing;
    float y = cy + r * sinf(ang) + (sea_u01(h, 32) - 0.5f) * 0.5f * spacing;
    int placed = sea_is_water(s, x, y);
    for (uint64_t t = 1; t < 12 && !placed; t++) {
        h = sea_hash3(fkey, (uint64_t)id, t);
        r = radius * sqrtf(sea_u01(h, 0));
        ang = 6.2831853f * sea_u01(h, 32);
        x = cx + r * cosf(ang);
        y = cy + r * sinf(ang);
        placed = sea_is_water(s, x, y);
    }
    if (!placed) {
        /* The centre pixel is water: jitter inside it. */
        h = sea_hash3(fkey, (uint64_t)id, 99);
        x = floorf(cx) + 0.1f + 0.8f * sea_u01(h, 0);
        y = floorf(cy) + 0.1f + 0.8f * sea_u01(h, 32);
    }
    h = sea_hash3(fkey, (uint64_t)id, 100);
    float dir = 6.2831853f * sea_u01(h, 0);
    float sp = s->k.cruise * (0.9f + 0.2f * sea_u01(h, 32));
    s->x[id] = x;
    s->y[id] = y;
    s->vx[id] = cosf(dir) * sp;
    s->vy[id] = sinf(dir) * sp;
    s->id[id] = id;
}

/* Spawn fish ids [a, b) into slots [a, b) of the sea's fish, in schools
 * of one kind each: school g of the layout is of kind g % kinds and takes
 * the next 20-200 fish of that kind (ids kind, kind + kinds, ...); each
 * school is a sunflower-seed disc (evenly spaced, lightly jittered) around
 * a deep-water centre at about SEA_SPAWN_NEIGHBOURS neighbours per fish,
 * every fish heading its own way. The layout is walked from school 0, so
 * a fish's place does not depend on a. */
void sea_spawn_fish(Sea *s, int a, int b)
{
    assert(a >= b || (a >= 0 && b <= s->cap));
    if (a >= b || s->cells.nspawn == 0) return;
    uint64_t skey = s->seed ^ SEA_SALT_SCHOOL;
    uint64_t ckey = sea_mix64(skey), r2 = 0;
    const int kinds = s->p.kinds;
    int next[SEA_KINDS_MAX] = {0}; /* per kind: the first fish (q) of its next school */
    for (uint64_t g = 0;; g++) {
        int k = (int)(g % (uint64_t)kinds);
        /* Done once no kind's next school can reach into [a, b). */
        int more = 0;
        for (int i = 0; i < kinds; i++) more |= next[i] * kinds + i < b;
        if (!more) break;
        int size = school_size(skey, g);
        int ci = next_school_cell(s, ckey, g, &r2);
        for (int q = 0; q < size; q++) {
            int id = (next[k] + q) * kinds + k;
            if (id >= b) break;
            if (id >= a) place_fish(s, id, q, size, g, ci);
        }
        next[k] += size;
    }
}

void sea_spawn_shark(Sea *s, int i)
{
    assert(i >= 0 && i < SEA_MAX_SHARKS);
    uint64_t h = sea_hash3(s->seed ^ SEA_SALT_SHARK, (uint64_t)i, s->step);
    float x, y;
    spawn_cell_point(s, h, &x, &y);
    float ang = 6.2831853f * sea_u01(sea_mix64(h), 8);
    float sp = 0.55f * s->p.shark_speed;
    int fr = s->front;
    s->shx[fr][i] = x;
    s->shy[fr][i] = y;
    s->shvx[fr][i] = cosf(ang) * sp;
    s->shvy[fr][i] = sinf(ang) * sp;
    s->shark_full_until[i] = 0;
}
