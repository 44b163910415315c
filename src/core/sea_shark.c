/* sea_shark: the sharks' stage of a step: each hunts the nearest fish in
 * sight (or cruises), keeps off land and claims a fish within reach. */
#include "sea_internal.h"

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

/* Stage 3: sharks, one per index: hunt the nearest fish in sight (or
 * cruise), keep off land, and claim a fish within reach. */
void sea_stage_sharks(void *ctx, int begin, int end, int worker)
{
    Sea *s = ctx;
    (void)worker;
    const SeaStepK *K = &s->k;
    const Grid *g = &s->grid;
    const ShoreField *f = s->shore;
    int rb = s->front, wb = rb ^ 1;
    float sight = sqrtf(K->shark_sight2);
    for (int i = begin; i < end; i++) {
        float x = s->shx[rb][i], y = s->shy[rb][i], vx = s->shvx[rb][i], vy = s->shvy[rb][i];
        s->shark_target[i] = -1;
        int best = -1;
        float bd2 = K->shark_sight2;
        int hungry = s->step >= s->shark_full_until[i];
        if (hungry && g->n > 0) {
            if (K->brute) {
                nearest_in(g, 0, g->n, x, y, &bd2, &best);
            } else {
                int cx0, cy0, cx1, cy1;
                grid_cell_rect(g, x, y, sight, &cx0, &cy0, &cx1, &cy1);
                for (int cy = cy0; cy <= cy1; cy++)
                    nearest_in(g, g->cell_start[cy * g->cols + cx0],
                               g->cell_start[cy * g->cols + cx1 + 1], x, y, &bd2, &best);
            }
        }
        float sp = sqrtf(vx * vx + vy * vy);
        float dvx, dvy; /* desired velocity */
        if (best >= 0) {
            float tx = g->sx[best] + g->su[best] * SHARK_LEAD - x;
            float ty = g->sy[best] + g->sv[best] * SHARK_LEAD - y;
            float l = sqrtf(tx * tx + ty * ty);
            if (l > 1e-4f) {
                dvx = tx / l * K->shark_speed;
                dvy = ty / l * K->shark_speed;
            } else {
                dvx = vx;
                dvy = vy;
            }
            if (bd2 <= K->shark_catch2) s->shark_target[i] = best;
        } else {
            float wx, wy;
            sea_wander((uint32_t)sea_mix64(s->seed ^ SEA_SALT_SHARK_WANDER), (uint32_t)i, s->step,
                       &wx, &wy);
            float hx = sp > 1e-4f ? vx / sp : 1.0f, hy = sp > 1e-4f ? vy / sp : 0.0f;
            float ax = hx + wx * 0.8f, ay = hy + wy * 0.8f;
            float l = sqrtf(ax * ax + ay * ay);
            float cruise = 0.55f * K->shark_speed;
            dvx = l > 1e-4f ? ax / l * cruise : hx * cruise;
            dvy = l > 1e-4f ? ay / l * cruise : hy * cruise;
        }
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
        float d = shore_sample(f, x, y, &gx, &gy);
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
        sea_keep_wet(f, K, x, y, &nx, &ny, &nvx, &nvy);
        s->shx[wb][i] = nx;
        s->shy[wb][i] = ny;
        s->shvx[wb][i] = nvx;
        s->shvy[wb][i] = nvy;
    }
}
