/* sea_shark: the sharks' stage of a step: each hunts the nearest fish in
 * sight (or cruises), keeps off land and claims a fish within reach. */
#include "sea_internal.h"

#include <assert.h>
#include <math.h>

/* A shark aims this many seconds ahead of its prey. */
#define SHARK_LEAD 0.25f

/* Nearest sorted fish strictly within sqrt(best_d2) of (x, y) over sorted
 * range [a, b); ties go to the lower sorted index. */
static inline void nearest_in(const Grid *g, int a, int b, float x, float y, float *best_d2,
                              int *best)
{
    for (int k = a; k < b; k++) {
        float dx = g->sx[k] - x, dy = g->sy[k] - y;
        float d2 = dx * dx + dy * dy;
        if (d2 < *best_d2) {
            *best_d2 = d2;
            *best = k;
        }
    }
}

/* The nearest fish (sorted index) within sqrt(*d2) of a shark at (x, y),
 * *d2 its squared distance then; -1 and *d2 unchanged when none. */
static int shark_prey(const Sea *s, float x, float y, float *d2)
{
    const Grid *g = &s->grid;
    int best = -1;
    if (g->n == 0) return best;
    if (s->k.brute) {
        nearest_in(g, 0, g->n, x, y, d2, &best);
        return best;
    }
    int cx0, cy0, cx1, cy1;
    grid_cell_rect(g, x, y, sqrtf(s->k.shark_sight2), &cx0, &cy0, &cx1, &cy1);
    for (int cy = cy0; cy <= cy1; cy++)
        nearest_in(g, g->cell_start[cy * g->cols + cx0], g->cell_start[cy * g->cols + cx1 + 1], x,
                   y, d2, &best);
    return best;
}

/* The velocity shark i at (x, y) with velocity (vx, vy) wants: full speed
 * towards where fish `prey` will be, or (prey -1) cruising on its heading
 * bent by its wander. */
static void shark_desire(const Sea *s, int i, int prey, float x, float y, float vx, float vy,
                         float *dvx, float *dvy)
{
    const SeaStepK *K = &s->k;
    const Grid *g = &s->grid;
    if (prey >= 0) {
        float tx = g->sx[prey] + g->su[prey] * SHARK_LEAD - x;
        float ty = g->sy[prey] + g->sv[prey] * SHARK_LEAD - y;
        float l = sqrtf(tx * tx + ty * ty);
        if (l > 1e-4f) {
            *dvx = tx / l * K->shark_speed;
            *dvy = ty / l * K->shark_speed;
        } else {
            *dvx = vx;
            *dvy = vy;
        }
        return;
    }
    float sp = sqrtf(vx * vx + vy * vy);
    float wx, wy;
    sea_wander((uint32_t)sea_mix64(s->seed ^ SEA_SALT_SHARK_WANDER), (uint32_t)i, s->step, &wx,
               &wy);
    float hx = sp > 1e-4f ? vx / sp : 1.0f, hy = sp > 1e-4f ? vy / sp : 0.0f;
    float ax = hx + wx * 0.8f, ay = hy + wy * 0.8f;
    float l = sqrtf(ax * ax + ay * ay);
    float cruise = 0.55f * K->shark_speed;
    *dvx = l > 1e-4f ? ax / l * cruise : hx * cruise;
    *dvy = l > 1e-4f ? ay / l * cruise : hy * cruise;
}

/* The force on shark i at (x, y): the turn from (vx, vy) towards (dvx,
 * dvy) within shark_force, then room from the other sharks, the push off
 * the shore and the map edges, all within a limit that grows with the
 * push's urgency. */
static void shark_force(const Sea *s, int i, float x, float y, float vx, float vy, float dvx,
                        float dvy, float *out_fx, float *out_fy)
{
    const SeaStepK *K = &s->k;
    const int rb = s->front;
    float fx = dvx - vx, fy = dvy - vy;
    float f2 = fx * fx + fy * fy;
    if (f2 > K->shark_force * K->shark_force) {
        float sc = K->shark_force / sqrtf(f2);
        fx *= sc;
        fy *= sc;
    }
    /* Sharks give each other room. */
    for (int j = 0; j < s->ns; j++) {
        float dx = x - s->shx[rb][j], dy = y - s->shy[rb][j];
        float d2 = dx * dx + dy * dy;
        if (j == i || d2 >= K->shark_fear2 || d2 <= 1e-8f) continue;
        float w = (K->shark_fear2 - d2) / (K->shark_fear2 * sqrtf(d2));
        fx += dx * w * K->shark_force;
        fy += dy * w * K->shark_force;
    }
    float gx, gy;
    float d = shore_sample(s->shore, x, y, &gx, &gy);
    float urg = 0.0f;
    float ksh = s->p.shore_weight * K->shark_force;
    if (d < K->margin) {
        urg = 1.0f - d * K->inv_margin;
        fx += gx * urg * ksh;
        fy += gy * urg * ksh;
    }
    urg = sea_maxf(urg, sea_border_push(K, x, y, ksh, &fx, &fy));
    float lim = K->shark_force * (1.0f + 2.0f * urg);
    f2 = fx * fx + fy * fy;
    if (f2 > lim * lim) {
        float sc = lim / sqrtf(f2);
        fx *= sc;
        fy *= sc;
    }
    *out_fx = fx;
    *out_fy = fy;
}

/* Shark i a step on from (x, y, vx, vy) under force (fx, fy) into the back
 * buffer: its speed kept within 0.3..1 shark_speed, never onto land. */
static void shark_move(Sea *s, int i, float x, float y, float vx, float vy, float fx, float fy)
{
    const SeaStepK *K = &s->k;
    const int wb = s->front ^ 1;
    float nvx = vx + fx * K->dt, nvy = vy + fy * K->dt;
    float n2 = nvx * nvx + nvy * nvy;
    float lo = 0.3f * K->shark_speed;
    if (n2 > K->shark_speed * K->shark_speed) {
        float sc = K->shark_speed / sqrtf(n2);
        nvx *= sc;
        nvy *= sc;
    } else if (n2 < lo * lo) {
        if (n2 > 1e-12f) {
            float sc = lo / sqrtf(n2);
            nvx *= sc;
            nvy *= sc;
        } else {
            nvx = lo;
            nvy = 0.0f;
        }
    }
    float nx = sea_clampf(x + nvx * K->dt, 0.0f, K->xmax);
    float ny = sea_clampf(y + nvy * K->dt, 0.0f, K->ymax);
    sea_keep_wet(s->shore, K, x, y, &nx, &ny, &nvx, &nvy);
    s->shx[wb][i] = nx;
    s->shy[wb][i] = ny;
    s->shvx[wb][i] = nvx;
    s->shvy[wb][i] = nvy;
}

/* Stage 3: sharks, one per index: hunt the nearest fish in sight (or
 * cruise), keep off land, and claim a fish within reach. */
void sea_stage_sharks(void *ctx, int begin, int end, int worker)
{
    Sea *s = ctx;
    (void)worker;
    assert(0 <= begin && begin <= end && end <= s->ns);
    const int rb = s->front;
    for (int i = begin; i < end; i++) {
        float x = s->shx[rb][i], y = s->shy[rb][i], vx = s->shvx[rb][i], vy = s->shvy[rb][i];
        int prey = -1;
        float d2 = s->k.shark_sight2;
        /* A shark digesting its last catch does not hunt. */
        if (s->step >= s->shark_full_until[i]) prey = shark_prey(s, x, y, &d2);
        s->shark_target[i] = prey >= 0 && d2 <= s->k.shark_catch2 ? prey : -1;
        float dvx, dvy, fx, fy;
        shark_desire(s, i, prey, x, y, vx, vy, &dvx, &dvy);
        shark_force(s, i, x, y, vx, vy, dvx, dvy, &fx, &fy);
        shark_move(s, i, x, y, vx, vy, fx, fy);
    }
}
