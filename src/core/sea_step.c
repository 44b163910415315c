/* sea_step: the stages of one sea step (grid count + threat marks, sharks,
 * fish, sprite bake); every fish reads only the previous state. */
#include "sea_internal.h"

#include <limits.h>
#include <math.h>
#include <string.h>

#if defined(__SSE2__) && !defined(SEA_NO_SIMD)
#include <emmintrin.h>
#endif

/* GCC/Clang on x86-64 with SSE: the fish stage also exists as an AVX
 * build of the same code, picked at run time (see fish_range_avx). */
#if defined(__SSE2__) && !defined(SEA_NO_SIMD) && !defined(SEA_NO_AVX) && defined(__x86_64__) &&   \
    defined(__GNUC__)
#define SEA_AVX_CLONE     1
#define SEA_ALWAYS_INLINE __attribute__((always_inline))
#else
#define SEA_AVX_CLONE 0
#define SEA_ALWAYS_INLINE
#endif

/* Fish per batch of the fish stage's two passes. */
#define SEA_BATCH 32
/* A shark aims this many seconds ahead of its prey. */
#define SHARK_LEAD 0.25f
/* Wander keyframes: a new random direction every 2^WANDER_SHIFT steps,
 * blended smoothly, each fish at its own phase. */
#define WANDER_SHIFT 5

static inline float maxf(float a, float b)
{
    return a > b ? a : b;
}

static inline float minf(float a, float b)
{
    return a < b ? a : b;
}

/* max(lo, min(hi, v)), written to match SSE minps/maxps bit for bit
 * (NaN and signed zeros included). */
static inline float clampf(float v, float lo, float hi)
{
    return maxf(lo, minf(hi, v));
}

/* 32-bit finaliser (lowbias32): cheap enough for every fish every step. */
static inline uint32_t hash32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

/* Smoothly varying wander vector in [-1, 1]^2 for creature `who` of a
 * stream `key` at `step`: random keyframes, blended with a smoothstep. */
static inline void wander(uint32_t key, uint32_t who, uint64_t step, float *wx, float *wy)
{
    uint32_t u = (uint32_t)step + ((who * 2654435761u) >> (32 - WANDER_SHIFT));
    uint32_t kf = u >> WANDER_SHIFT;
    float t = (float)(u & ((1u << WANDER_SHIFT) - 1)) * (1.0f / (float)(1u << WANDER_SHIFT));
    t = t * t * (3.0f - 2.0f * t);
    uint32_t base = key ^ who * 0x9e3779b1u;
    uint32_t h0 = hash32(base ^ kf * 0x85ebca77u), h1 = hash32(base ^ (kf + 1u) * 0x85ebca77u);
    const float k = 1.0f / 65536.0f;
    float x0 = (float)(h0 & 0xffffu) * k, y0 = (float)(h0 >> 16) * k;
    float x1 = (float)(h1 & 0xffffu) * k, y1 = (float)(h1 >> 16) * k;
    *wx = (x0 + (x1 - x0) * t) * 2.0f - 1.0f;
    *wy = (y0 + (y1 - y0) * t) * 2.0f - 1.0f;
}

static inline int water_at(const ShoreField *f, float x, float y)
{
    return f->dist[(size_t)(int)y * (size_t)f->w + (size_t)(int)x] > 0.0f;
}

/* The hard safety net: (nx, ny) is the proposed position (already on the
 * map), (x, y) the current one, which is water. Never leaves the creature
 * on land. A blocked creature slides: its velocity loses the part heading
 * into the shore (the gradient at (x, y)) and keeps its speed along the
 * coast, on the side it was already heading to, so it never reverses; it
 * moves along that slide if the water allows, else along one axis, else
 * it stays. */
static inline void keep_wet(const ShoreField *f, const SeaStepK *K, float x, float y, float *nx,
                            float *ny, float *vx, float *vy)
{
    if (water_at(f, *nx, *ny)) return;
    float gx, gy;
    shore_gradient(f, x, y, &gx, &gy);
    float vg = *vx * gx + *vy * gy;
    if (gx == 0.0f && gy == 0.0f) {
        /* No gradient (a one-pixel pocket): nothing better than back. */
        *vx = -*vx;
        *vy = -*vy;
    } else if (vg < 0.0f) {
        float sp = sqrtf(*vx * *vx + *vy * *vy);
        float tx = *vx - vg * gx, ty = *vy - vg * gy;
        float tl = sqrtf(tx * tx + ty * ty);
        if (tl > 1e-3f * sp) {
            *vx = tx * (sp / tl);
            *vy = ty * (sp / tl);
        } else {
            *vx = -gy * sp;
            *vy = gx * sp;
        }
    }
    float sx = clampf(x + *vx * K->dt, 0.0f, K->xmax), sy = clampf(y + *vy * K->dt, 0.0f, K->ymax);
    if (water_at(f, sx, sy)) {
        *nx = sx;
        *ny = sy;
    } else if (water_at(f, *nx, y)) {
        *ny = y;
    } else if (water_at(f, x, *ny)) {
        *nx = x;
    } else {
        *nx = x;
        *ny = y;
    }
}

/* Soft push back from the map edges: adds to (fx, fy), returns the
 * strength (0..1) of the strongest edge. */
static inline float border_push(const SeaStepK *K, float x, float y, float k, float *fx, float *fy)
{
    float urg = 0.0f;
    if (x < K->border) {
        float st = 1.0f - x * K->inv_border;
        *fx += st * k;
        urg = maxf(urg, st);
    } else if (x > K->xmax - K->border) {
        float st = 1.0f - (K->xmax - x) * K->inv_border;
        *fx -= st * k;
        urg = maxf(urg, st);
    }
    if (y < K->border) {
        float st = 1.0f - y * K->inv_border;
        *fy += st * k;
        urg = maxf(urg, st);
    } else if (y > K->ymax - K->border) {
        float st = 1.0f - (K->ymax - y) * K->inv_border;
        *fy -= st * k;
        urg = maxf(urg, st);
    }
    return urg;
}

static void stamp_threats(Sea *s)
{
    const Grid *g = &s->grid;
    for (int t = 0; t < s->nthr; t++) {
        const SeaThreat *T = &s->thr[t];
        float r = T->solid + T->reach;
        float x0 = fminf(T->ax, T->bx) - r, x1 = fmaxf(T->ax, T->bx) + r;
        float y0 = fminf(T->ay, T->by) - r, y1 = fmaxf(T->ay, T->by) + r;
        if (x1 < 0.0f || y1 < 0.0f || x0 > (float)g->cols * g->cell ||
            y0 > (float)g->rows * g->cell)
            continue;
        int c0 = grid_cell_of(g, x0, y0), c1 = grid_cell_of(g, x1, y1);
        int cx0 = c0 % g->cols, cy0 = c0 / g->cols, cx1 = c1 % g->cols, cy1 = c1 / g->cols;
        for (int cy = cy0; cy <= cy1; cy++)
            for (int cx = cx0; cx <= cx1; cx++)
                s->cells.threat[cy * g->cols + cx] = s->threat_stamp;
    }
}

/* Stage 1: the grid's count (per part), plus marking the cells some flee
 * source reaches (first part only; tiny). */
void sea_stage_count(void *ctx, int begin, int end, int worker)
{
    Sea *s = ctx;
    grid_stage_count(&s->grid, begin, end, worker);
    if (begin == 0) stamp_threats(s);
}

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
            wander((uint32_t)sea_mix64(s->seed ^ SEA_SALT_SHARK_WANDER), (uint32_t)i, s->step, &wx,
                   &wy);
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
        urg = maxf(urg, border_push(K, x, y, ksh, &fx, &fy));
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
        float nx = clampf(x + nvx * K->dt, 0.0f, K->xmax);
        float ny = clampf(y + nvy * K->dt, 0.0f, K->ymax);
        keep_wet(f, K, x, y, &nx, &ny, &nvx, &nvy);
        s->shx[wb][i] = nx;
        s->shy[wb][i] = ny;
        s->shvx[wb][i] = nvx;
        s->shvy[wb][i] = nvy;
    }
}

/* Neighbour sums over sorted ranges: count and velocity sum of the fish
 * within the neighbour radius, their offset sum (for cohesion) and the
 * separation push. Branch-free: every candidate is weighted by a 0/1 mask.
 *
 * Candidates are summed in four lanes, candidate j of a range starting at
 * a in lane (j - a) % 4, in increasing j, then the lanes are added in a
 * fixed order. The SIMD and scalar versions compute the same bits. The
 * all-pairs search cuts [0, n) at the same range boundaries, so every
 * neighbour lands in the same lane in the same order, and the candidates
 * between the ranges (all beyond the radius) add exact zeros: it gives
 * bit-identical sums to the grid. */
typedef struct SeaAcc {
    float cnt, vx, vy, ox, oy, sx, sy;
} SeaAcc;

typedef struct SeaNbr {
    float px, py, nr2, s2, eps;
} SeaNbr;

#if defined(__SSE2__) && !defined(SEA_NO_SIMD)
typedef struct SeaAcc4 {
    __m128i cnt;
    __m128 vx, vy, ox, oy, sx, sy;
} SeaAcc4;

static inline void acc_zero(SeaAcc4 *a)
{
    a->cnt = _mm_setzero_si128();
    a->vx = a->vy = a->ox = a->oy = a->sx = a->sy = _mm_setzero_ps();
}

/* Lanes 0..i of a block valid: the tail of a range. */
static const uint32_t tail_mask[4][4] = {
    {~0u, 0, 0, 0}, {~0u, ~0u, 0, 0}, {~0u, ~0u, ~0u, 0}, {~0u, ~0u, ~0u, ~0u}};

/* Candidates j..j+3; `masked` is a constant after inlining: only the
 * last block of a range pays for the lane mask. */
SEA_ALWAYS_INLINE static inline void acc_block(const Grid *g, int j, __m128 px, __m128 py,
                                               __m128 nr2, __m128 s2, __m128 eps, int masked,
                                               __m128 valid, SeaAcc4 *a)
{
    __m128 dx = _mm_sub_ps(px, _mm_loadu_ps(g->sx + j));
    __m128 dy = _mm_sub_ps(py, _mm_loadu_ps(g->sy + j));
    __m128 d2 = _mm_add_ps(_mm_mul_ps(dx, dx), _mm_mul_ps(dy, dy));
    __m128 m = _mm_cmplt_ps(d2, nr2);
    if (masked) m = _mm_and_ps(m, valid);
    a->cnt = _mm_sub_epi32(a->cnt, _mm_castps_si128(m));
    a->vx = _mm_add_ps(a->vx, _mm_and_ps(m, _mm_loadu_ps(g->su + j)));
    a->vy = _mm_add_ps(a->vy, _mm_and_ps(m, _mm_loadu_ps(g->sv + j)));
    a->ox = _mm_add_ps(a->ox, _mm_and_ps(m, dx));
    a->oy = _mm_add_ps(a->oy, _mm_and_ps(m, dy));
    /* Push ~ (s^2 - d^2) / d away: 0 at the separation radius, strong up
     * close; the fish itself (dx = dy = 0) adds exactly nothing. */
    __m128 close = _mm_max_ps(_mm_sub_ps(s2, d2), _mm_setzero_ps());
    __m128 t = _mm_div_ps(close, _mm_add_ps(d2, eps));
    if (masked) t = _mm_and_ps(t, valid);
    a->sx = _mm_add_ps(a->sx, _mm_mul_ps(dx, t));
    a->sy = _mm_add_ps(a->sy, _mm_mul_ps(dy, t));
}

/* Sum over the sorted ranges [ra[r], rb[r]), r < nrange, in order. */
SEA_ALWAYS_INLINE static inline void accumulate(const Grid *g, const int *ra, const int *rb,
                                                int nrange, const SeaNbr *q, SeaAcc4 *out)
{
    const __m128 px = _mm_set1_ps(q->px), py = _mm_set1_ps(q->py);
    const __m128 nr2 = _mm_set1_ps(q->nr2), s2 = _mm_set1_ps(q->s2), eps = _mm_set1_ps(q->eps);
    /* A local copy whose address never escapes stays in registers. */
    SeaAcc4 acc;
    acc_zero(&acc);
    for (int r = 0; r < nrange; r++) {
        int j = ra[r], b = rb[r];
        for (; j + 4 <= b; j += 4) acc_block(g, j, px, py, nr2, s2, eps, 0, px, &acc);
        if (j < b) {
            __m128 tail = _mm_loadu_ps((const float *)tail_mask[b - j - 1]);
            acc_block(g, j, px, py, nr2, s2, eps, 1, tail, &acc);
        }
    }
    *out = acc;
}

/* Two lane sums at once, each (l0 + l2) + (l1 + l3), the order the
 * scalar version uses too: lanes 0 and 1 of the result are a's and b's. */
SEA_ALWAYS_INLINE static inline __m128 hsum2(__m128 a, __m128 b)
{
    __m128 s = _mm_add_ps(_mm_unpacklo_ps(a, b), _mm_unpackhi_ps(a, b));
    return _mm_add_ps(s, _mm_movehl_ps(s, s));
}

SEA_ALWAYS_INLINE static inline void acc_reduce(const SeaAcc4 *a, SeaAcc *r)
{
    __m128i c = _mm_add_epi32(a->cnt, _mm_shuffle_epi32(a->cnt, _MM_SHUFFLE(1, 0, 3, 2)));
    c = _mm_add_epi32(c, _mm_shuffle_epi32(c, _MM_SHUFFLE(2, 3, 0, 1)));
    r->cnt = (float)_mm_cvtsi128_si32(c);
    __m128 v = hsum2(a->vx, a->vy), o = hsum2(a->ox, a->oy), sp = hsum2(a->sx, a->sy);
    r->vx = _mm_cvtss_f32(v);
    r->vy = _mm_cvtss_f32(_mm_shuffle_ps(v, v, 1));
    r->ox = _mm_cvtss_f32(o);
    r->oy = _mm_cvtss_f32(_mm_shuffle_ps(o, o, 1));
    r->sx = _mm_cvtss_f32(sp);
    r->sy = _mm_cvtss_f32(_mm_shuffle_ps(sp, sp, 1));
}
#else
typedef struct SeaAcc4 {
    int cnt;
    float vx[4], vy[4], ox[4], oy[4], sx[4], sy[4];
} SeaAcc4;

static inline void acc_zero(SeaAcc4 *a)
{
    memset(a, 0, sizeof *a);
}

SEA_ALWAYS_INLINE static inline void accumulate(const Grid *g, const int *ra, const int *rb,
                                                int nrange, const SeaNbr *q, SeaAcc4 *acc)
{
    const float *X = g->sx, *Y = g->sy, *U = g->su, *V = g->sv;
    acc_zero(acc);
    for (int r = 0; r < nrange; r++) {
        for (int j = ra[r]; j < rb[r]; j++) {
            int l = (j - ra[r]) & 3;
            float dx = q->px - X[j], dy = q->py - Y[j];
            float d2 = dx * dx + dy * dy;
            int in = d2 < q->nr2;
            acc->cnt += in;
            acc->vx[l] += in ? U[j] : 0.0f;
            acc->vy[l] += in ? V[j] : 0.0f;
            acc->ox[l] += in ? dx : 0.0f;
            acc->oy[l] += in ? dy : 0.0f;
            float close = q->s2 - d2;
            close = close > 0.0f ? close : 0.0f;
            float t = close / (d2 + q->eps);
            acc->sx[l] += dx * t;
            acc->sy[l] += dy * t;
        }
    }
}

static inline float hsum(const float v[4])
{
    return (v[0] + v[2]) + (v[1] + v[3]);
}

SEA_ALWAYS_INLINE static inline void acc_reduce(const SeaAcc4 *a, SeaAcc *r)
{
    r->cnt = (float)a->cnt;
    r->vx = hsum(a->vx);
    r->vy = hsum(a->vy);
    r->ox = hsum(a->ox);
    r->oy = hsum(a->oy);
    r->sx = hsum(a->sx);
    r->sy = hsum(a->sy);
}
#endif

/* Flee from every threat reaching (x, y): adds the summed unit pushes
 * times strength times w to (fx, fy), returns the strongest strength
 * (fear). */
static float flee(const Sea *s, float x, float y, float w, float *fx, float *fy)
{
    float fear = 0.0f, ax = 0.0f, ay = 0.0f;
    for (int t = 0; t < s->nthr; t++) {
        const SeaThreat *T = &s->thr[t];
        float rx = x - T->ax, ry = y - T->ay;
        float u = clampf((rx * T->dx + ry * T->dy) * T->inv_len2, 0.0f, 1.0f);
        float qx = rx - u * T->dx, qy = ry - u * T->dy;
        float d2 = qx * qx + qy * qy;
        float lim = T->solid + T->reach;
        if (d2 >= lim * lim) continue;
        float d = sqrtf(d2);
        float st = 1.0f - (d - T->solid) * T->inv_reach;
        st = st > 1.0f ? 1.0f : st;
        st *= 1.0f - T->ahead_fade * u;
        float ux, uy;
        if (d > 1e-4f) {
            ux = qx / d;
            uy = qy / d;
        } else if (T->inv_len2 > 0.0f) {
            /* Dead on a hull's course: step aside, to its right. */
            float l = sqrtf(T->dx * T->dx + T->dy * T->dy);
            ux = -T->dy / l;
            uy = T->dx / l;
        } else {
            ux = 1.0f;
            uy = 0.0f;
        }
        ax += ux * st;
        ay += uy * st;
        fear = maxf(fear, st);
    }
    *fx += ax * w;
    *fy += ay * w;
    return fear;
}

/* Respawn a fish eaten this step: somewhere out of the sharks' sight, at
 * cruise speed in a random direction. */
static void respawn(const Sea *s, int id, int sbuf, float *x, float *y, float *vx, float *vy)
{
    sea_respawn_point(s, id, s->step, sbuf, x, y);
    uint64_t h = sea_hash3(s->seed ^ SEA_SALT_RESPAWN, (uint64_t)id, ~s->step);
    float a = sea_u01(h, 8) * 6.2831853f;
    *vx = cosf(a) * s->k.cruise;
    *vy = sinf(a) * s->k.cruise;
}

/* One batch of the fish stage: inputs of the steering pass (neighbour
 * sums, avoidance votes) and its outputs, padded to whole SIMD groups. */
typedef struct SeaBatch {
    float cnt[SEA_BATCH], vx[SEA_BATCH], vy[SEA_BATCH], ox[SEA_BATCH], oy[SEA_BATCH];
    float sx[SEA_BATCH], sy[SEA_BATCH];
    float ax[SEA_BATCH], ay[SEA_BATCH], fear[SEA_BATCH], urg[SEA_BATCH];
    float gx[SEA_BATCH], gy[SEA_BATCH], wall[SEA_BATCH]; /* shore gradient, its strength */
    float room[SEA_BATCH]; /* fastest allowed approach to the shore, px/s */
    float px[SEA_BATCH], py[SEA_BATCH], pvx[SEA_BATCH], pvy[SEA_BATCH];
    uint32_t id[SEA_BATCH];
    int flag[SEA_BATCH];
    float nx[SEA_BATCH], ny[SEA_BATCH], nvx[SEA_BATCH], nvy[SEA_BATCH];
} SeaBatch;

enum { FISH_EATEN = 1, FISH_WET = 2, FISH_THREAT = 4 };

/* Only the scalar build runs steer1; the SIMD build runs steer4, which
 * computes the same bits (SEA_NO_SIMD builds this one, to compare). */
#if !defined(__SSE2__) || defined(SEA_NO_SIMD)
/* The steering of fish i of a batch. Every urge adds to a desired heading
 * (unit-ish terms times their weights); the fish steers towards it at its
 * target speed, its turn limited by max_force. Its own heading is in the
 * sum too, so small urges bend the course rather than flip it. Avoidance
 * (threats, shore, map edge) votes in proportion to the flocking vote, so
 * a weight of 3 outvotes a whole aligned school three to one, however
 * dense. Limits are scale factors min(1, limit / length), not branches:
 * which fish hit a limit is data-dependent (length 0 gives inf, min 1).
 * steer4 below computes exactly the same, four fish at a time. */
static inline void steer1(const SeaStepK *K, uint32_t wkey, uint32_t step, SeaBatch *b, int i)
{
    float vx = b->pvx[i], vy = b->pvy[i];
    /* The fish itself was counted (distance 0); take it out. */
    float cnt = b->cnt[i] - 1.0f;
    float hx = vx * K->inv_cruise, hy = vy * K->inv_cruise;
    float inv = cnt > 0.5f ? 1.0f / cnt : 0.0f;
    hx += (b->vx[i] - vx) * inv * K->k_ali - b->ox[i] * inv * K->k_coh;
    hy += (b->vy[i] - vy) * inv * K->k_ali - b->oy[i] * inv * K->k_coh;
    float wx, wy;
    wander(wkey, b->id[i], step, &wx, &wy);
    hx += wx * K->k_wan;
    hy += wy * K->k_wan;
    /* Near a shore, the part of the vote heading into it fades: the fish
     * turns along the coast instead of bouncing off it. */
    float hn = minf(hx * b->gx[i] + hy * b->gy[i], 0.0f) * b->wall[i];
    hx -= hn * b->gx[i];
    hy -= hn * b->gy[i];
    float bl = maxf(sqrtf(hx * hx + hy * hy), 1.0f);
    hx += b->ax[i] * bl;
    hy += b->ay[i] * bl;
    float target = K->cruise + K->cruise_span * b->fear[i];
    float h2 = hx * hx + hy * hy;
    /* Close the gap to the desired velocity within SEA_STEER_TIME; a heading
     * of length 0 (every vote cancelled out) leaves the velocity alone. */
    float hs = target / sqrtf(h2);
    float fx = h2 > 0.0f ? (hx * hs - vx) * K->inv_steer : 0.0f;
    float fy = h2 > 0.0f ? (hy * hs - vy) * K->inv_steer : 0.0f;
    /* Danger lets a fish turn harder than its cruising max_force. */
    float lim = K->max_force * (1.0f + 2.0f * b->urg[i]);
    float fsc = minf(1.0f, lim / sqrtf(fx * fx + fy * fy));
    /* Separation is a push on top of the (limited) steering, not one more
     * vote in the heading: crowding must cost speed and spread the school,
     * whatever the heading votes say. It has its own limit. */
    float sx = b->sx[i] * K->k_sep, sy = b->sy[i] * K->k_sep;
    float ssc = minf(1.0f, K->sep_lim / sqrtf(sx * sx + sy * sy));
    float nvx = vx + (fx * fsc + sx * ssc) * K->dt;
    float nvy = vy + (fy * fsc + sy * ssc) * K->dt;
    float sp = sqrtf(nvx * nvx + nvy * nvy);
    float vsc = clampf(sp, K->min_speed, K->max_speed) / sp;
    nvx = sp > 1e-6f ? nvx * vsc : K->min_speed;
    nvy = sp > 1e-6f ? nvy * vsc : 0.0f;
    /* A fish turns at most SEA_TURN_RATE (more when afraid): however hard
     * its neighbours crowd it, it cannot spin on the spot, so a school
     * bends rather than churns (spinning fish near a coast were most of
     * the shore jitter). theta is small: the sine and cosine are short
     * series, plain arithmetic, the same bits on every machine. */
    float th = K->turn * (1.0f + 2.0f * b->fear[i]), th2 = th * th;
    float tc = 1.0f - th2 * (0.5f - th2 * (1.0f / 24.0f)), tsn = th * (1.0f - th2 * (1.0f / 6.0f));
    float osp = sqrtf(vx * vx + vy * vy), nsp = sqrtf(nvx * nvx + nvy * nvy);
    float hux = vx / osp, huy = vy / osp;
    float along = hux * nvx + huy * nvy, side = hux * nvy - huy * nvx;
    if (osp > 1e-6f && along < nsp * tc) {
        float sn = side >= 0.0f ? tsn : -tsn;
        nvx = (hux * tc - huy * sn) * nsp;
        nvy = (huy * tc + hux * sn) * nsp;
    }
    /* The coast has the last word, whatever the school wants: the speed
     * towards the shore is capped at room (which shrinks with the distance
     * to it), and the velocity turns along the coast, keeping its speed and
     * the side it was already heading to, so a crowded school slides along
     * the shore instead of being bounced off it by the safety net. */
    float gx = b->gx[i], gy = b->gy[i];
    float vn = nvx * gx + nvy * gy;
    float cut = minf(vn + b->room[i], 0.0f);
    if (cut < 0.0f) {
        float keep2 = nvx * nvx + nvy * nvy;
        float vn2 = vn - cut;
        float tx = nvx - vn * gx, ty = nvy - vn * gy;
        float tl = sqrtf(tx * tx + ty * ty);
        float want = sqrtf(maxf(keep2 - vn2 * vn2, 0.0f));
        float ts = want / tl;
        float ux = tl > 1e-3f ? tx * ts : -gy * want;
        float uy = tl > 1e-3f ? ty * ts : gx * want;
        nvx = ux + vn2 * gx;
        nvy = uy + vn2 * gy;
    }
    b->nvx[i] = nvx;
    b->nvy[i] = nvy;
    b->nx[i] = clampf(b->px[i] + nvx * K->dt, 0.0f, K->xmax);
    b->ny[i] = clampf(b->py[i] + nvy * K->dt, 0.0f, K->ymax);
}
#endif

#if defined(__SSE2__) && !defined(SEA_NO_SIMD)
/* 32-bit lane multiply (SSE2 has only the 32x32->64 one). */
static inline __m128i mullo32(__m128i a, __m128i b)
{
    __m128i even = _mm_mul_epu32(a, b);
    __m128i odd = _mm_mul_epu32(_mm_srli_epi64(a, 32), _mm_srli_epi64(b, 32));
    return _mm_unpacklo_epi32(_mm_shuffle_epi32(even, _MM_SHUFFLE(0, 0, 2, 0)),
                              _mm_shuffle_epi32(odd, _MM_SHUFFLE(0, 0, 2, 0)));
}

static inline __m128i hash32x4(__m128i x)
{
    x = _mm_xor_si128(x, _mm_srli_epi32(x, 16));
    x = mullo32(x, _mm_set1_epi32((int)0x7feb352du));
    x = _mm_xor_si128(x, _mm_srli_epi32(x, 15));
    x = mullo32(x, _mm_set1_epi32((int)0x846ca68bu));
    return _mm_xor_si128(x, _mm_srli_epi32(x, 16));
}

/* (c ? a : b) lane by lane, c all ones or all zeros. */
static inline __m128 select4(__m128 c, __m128 a, __m128 b)
{
    return _mm_or_ps(_mm_and_ps(c, a), _mm_andnot_ps(c, b));
}

static inline __m128 clamp4(__m128 v, __m128 lo, __m128 hi)
{
    return _mm_max_ps(lo, _mm_min_ps(hi, v));
}

/* steer1 for fish i..i+3, operation for operation. */
SEA_ALWAYS_INLINE static inline void steer4(const SeaStepK *K, uint32_t wkey, uint32_t step,
                                            SeaBatch *b, int i)
{
#define LD(a) _mm_loadu_ps(b->a + i)
#define C(v)  _mm_set1_ps(v)
    const __m128 one = C(1.0f), zero = _mm_setzero_ps();
    __m128 vx = LD(pvx), vy = LD(pvy);
    __m128 cnt = _mm_sub_ps(LD(cnt), one);
    __m128 hx = _mm_mul_ps(vx, C(K->inv_cruise)), hy = _mm_mul_ps(vy, C(K->inv_cruise));
    __m128 inv = _mm_and_ps(_mm_cmpgt_ps(cnt, C(0.5f)), _mm_div_ps(one, cnt));
    hx = _mm_add_ps(hx, _mm_sub_ps(_mm_mul_ps(_mm_mul_ps(_mm_sub_ps(LD(vx), vx), inv), C(K->k_ali)),
                                   _mm_mul_ps(_mm_mul_ps(LD(ox), inv), C(K->k_coh))));
    hy = _mm_add_ps(hy, _mm_sub_ps(_mm_mul_ps(_mm_mul_ps(_mm_sub_ps(LD(vy), vy), inv), C(K->k_ali)),
                                   _mm_mul_ps(_mm_mul_ps(LD(oy), inv), C(K->k_coh))));
    /* wander(), four at a time */
    __m128i who = _mm_loadu_si128((const __m128i *)(b->id + i));
    __m128i u = _mm_add_epi32(
        _mm_set1_epi32((int)step),
        _mm_srli_epi32(mullo32(who, _mm_set1_epi32((int)2654435761u)), 32 - WANDER_SHIFT));
    __m128i kf = _mm_srli_epi32(u, WANDER_SHIFT);
    __m128 t =
        _mm_mul_ps(_mm_cvtepi32_ps(_mm_and_si128(u, _mm_set1_epi32((1 << WANDER_SHIFT) - 1))),
                   C(1.0f / (float)(1u << WANDER_SHIFT)));
    t = _mm_mul_ps(_mm_mul_ps(t, t), _mm_sub_ps(C(3.0f), _mm_mul_ps(C(2.0f), t)));
    __m128i base =
        _mm_xor_si128(_mm_set1_epi32((int)wkey), mullo32(who, _mm_set1_epi32((int)0x9e3779b1u)));
    const __m128i kmul = _mm_set1_epi32((int)0x85ebca77u), lo16 = _mm_set1_epi32(0xffff);
    __m128i h0 = hash32x4(_mm_xor_si128(base, mullo32(kf, kmul)));
    __m128i h1 = hash32x4(_mm_xor_si128(base, mullo32(_mm_add_epi32(kf, _mm_set1_epi32(1)), kmul)));
    const __m128 k16 = C(1.0f / 65536.0f);
    __m128 x0 = _mm_mul_ps(_mm_cvtepi32_ps(_mm_and_si128(h0, lo16)), k16);
    __m128 y0 = _mm_mul_ps(_mm_cvtepi32_ps(_mm_srli_epi32(h0, 16)), k16);
    __m128 x1 = _mm_mul_ps(_mm_cvtepi32_ps(_mm_and_si128(h1, lo16)), k16);
    __m128 y1 = _mm_mul_ps(_mm_cvtepi32_ps(_mm_srli_epi32(h1, 16)), k16);
    __m128 wx =
        _mm_sub_ps(_mm_mul_ps(_mm_add_ps(x0, _mm_mul_ps(_mm_sub_ps(x1, x0), t)), C(2.0f)), one);
    __m128 wy =
        _mm_sub_ps(_mm_mul_ps(_mm_add_ps(y0, _mm_mul_ps(_mm_sub_ps(y1, y0), t)), C(2.0f)), one);
    hx = _mm_add_ps(hx, _mm_mul_ps(wx, C(K->k_wan)));
    hy = _mm_add_ps(hy, _mm_mul_ps(wy, C(K->k_wan)));
    __m128 gx = LD(gx), gy = LD(gy);
    __m128 hn =
        _mm_mul_ps(_mm_min_ps(_mm_add_ps(_mm_mul_ps(hx, gx), _mm_mul_ps(hy, gy)), zero), LD(wall));
    hx = _mm_sub_ps(hx, _mm_mul_ps(hn, gx));
    hy = _mm_sub_ps(hy, _mm_mul_ps(hn, gy));
    __m128 bl = _mm_max_ps(_mm_sqrt_ps(_mm_add_ps(_mm_mul_ps(hx, hx), _mm_mul_ps(hy, hy))), one);
    hx = _mm_add_ps(hx, _mm_mul_ps(LD(ax), bl));
    hy = _mm_add_ps(hy, _mm_mul_ps(LD(ay), bl));
    __m128 target = _mm_add_ps(C(K->cruise), _mm_mul_ps(C(K->cruise_span), LD(fear)));
    __m128 h2 = _mm_add_ps(_mm_mul_ps(hx, hx), _mm_mul_ps(hy, hy));
    __m128 hs = _mm_div_ps(target, _mm_sqrt_ps(h2));
    __m128 has = _mm_cmpgt_ps(h2, zero);
    __m128 fx = _mm_and_ps(has, _mm_mul_ps(_mm_sub_ps(_mm_mul_ps(hx, hs), vx), C(K->inv_steer)));
    __m128 fy = _mm_and_ps(has, _mm_mul_ps(_mm_sub_ps(_mm_mul_ps(hy, hs), vy), C(K->inv_steer)));
    __m128 lim = _mm_mul_ps(C(K->max_force), _mm_add_ps(one, _mm_mul_ps(C(2.0f), LD(urg))));
    __m128 fsc = _mm_min_ps(
        one, _mm_div_ps(lim, _mm_sqrt_ps(_mm_add_ps(_mm_mul_ps(fx, fx), _mm_mul_ps(fy, fy)))));
    __m128 sx = _mm_mul_ps(LD(sx), C(K->k_sep)), sy = _mm_mul_ps(LD(sy), C(K->k_sep));
    __m128 ssc = _mm_min_ps(
        one,
        _mm_div_ps(C(K->sep_lim), _mm_sqrt_ps(_mm_add_ps(_mm_mul_ps(sx, sx), _mm_mul_ps(sy, sy)))));
    __m128 nvx =
        _mm_add_ps(vx, _mm_mul_ps(_mm_add_ps(_mm_mul_ps(fx, fsc), _mm_mul_ps(sx, ssc)), C(K->dt)));
    __m128 nvy =
        _mm_add_ps(vy, _mm_mul_ps(_mm_add_ps(_mm_mul_ps(fy, fsc), _mm_mul_ps(sy, ssc)), C(K->dt)));
    __m128 sp = _mm_sqrt_ps(_mm_add_ps(_mm_mul_ps(nvx, nvx), _mm_mul_ps(nvy, nvy)));
    __m128 vsc = _mm_div_ps(clamp4(sp, C(K->min_speed), C(K->max_speed)), sp);
    __m128 moving = _mm_cmpgt_ps(sp, C(1e-6f));
    nvx = select4(moving, _mm_mul_ps(nvx, vsc), C(K->min_speed));
    nvy = select4(moving, _mm_mul_ps(nvy, vsc), zero);
    {
        /* The turn limit of steer1. */
        __m128 th = _mm_mul_ps(C(K->turn), _mm_add_ps(one, _mm_mul_ps(C(2.0f), LD(fear))));
        __m128 th2 = _mm_mul_ps(th, th);
        __m128 tc =
            _mm_sub_ps(one, _mm_mul_ps(th2, _mm_sub_ps(C(0.5f), _mm_mul_ps(th2, C(1.0f / 24.0f)))));
        __m128 ts = _mm_mul_ps(th, _mm_sub_ps(one, _mm_mul_ps(th2, C(1.0f / 6.0f))));
        __m128 osp = _mm_sqrt_ps(_mm_add_ps(_mm_mul_ps(vx, vx), _mm_mul_ps(vy, vy)));
        __m128 nsp = _mm_sqrt_ps(_mm_add_ps(_mm_mul_ps(nvx, nvx), _mm_mul_ps(nvy, nvy)));
        __m128 hux = _mm_div_ps(vx, osp), huy = _mm_div_ps(vy, osp);
        __m128 along = _mm_add_ps(_mm_mul_ps(hux, nvx), _mm_mul_ps(huy, nvy));
        __m128 side = _mm_sub_ps(_mm_mul_ps(hux, nvy), _mm_mul_ps(huy, nvx));
        __m128 over =
            _mm_and_ps(_mm_cmpgt_ps(osp, C(1e-6f)), _mm_cmplt_ps(along, _mm_mul_ps(nsp, tc)));
        if (_mm_movemask_ps(over)) {
            __m128 sn = select4(_mm_cmpge_ps(side, zero), ts, _mm_xor_ps(ts, C(-0.0f)));
            __m128 rx = _mm_mul_ps(_mm_sub_ps(_mm_mul_ps(hux, tc), _mm_mul_ps(huy, sn)), nsp);
            __m128 ry = _mm_mul_ps(_mm_add_ps(_mm_mul_ps(huy, tc), _mm_mul_ps(hux, sn)), nsp);
            nvx = select4(over, rx, nvx);
            nvy = select4(over, ry, nvy);
        }
    }
    {
        /* The coast constraint of steer1. */
        __m128 vn = _mm_add_ps(_mm_mul_ps(nvx, gx), _mm_mul_ps(nvy, gy));
        __m128 cut = _mm_min_ps(_mm_add_ps(vn, LD(room)), zero);
        __m128 bind = _mm_cmplt_ps(cut, zero);
        if (_mm_movemask_ps(bind)) {
            __m128 keep2 = _mm_add_ps(_mm_mul_ps(nvx, nvx), _mm_mul_ps(nvy, nvy));
            __m128 vn2 = _mm_sub_ps(vn, cut);
            __m128 tx = _mm_sub_ps(nvx, _mm_mul_ps(vn, gx));
            __m128 ty = _mm_sub_ps(nvy, _mm_mul_ps(vn, gy));
            __m128 tl = _mm_sqrt_ps(_mm_add_ps(_mm_mul_ps(tx, tx), _mm_mul_ps(ty, ty)));
            __m128 want = _mm_sqrt_ps(_mm_max_ps(_mm_sub_ps(keep2, _mm_mul_ps(vn2, vn2)), zero));
            __m128 ts = _mm_div_ps(want, tl);
            __m128 along = _mm_cmpgt_ps(tl, C(1e-3f));
            __m128 ux =
                select4(along, _mm_mul_ps(tx, ts), _mm_mul_ps(_mm_xor_ps(gy, C(-0.0f)), want));
            __m128 uy = select4(along, _mm_mul_ps(ty, ts), _mm_mul_ps(gx, want));
            nvx = select4(bind, _mm_add_ps(ux, _mm_mul_ps(vn2, gx)), nvx);
            nvy = select4(bind, _mm_add_ps(uy, _mm_mul_ps(vn2, gy)), nvy);
        }
    }
    _mm_storeu_ps(b->nvx + i, nvx);
    _mm_storeu_ps(b->nvy + i, nvy);
    _mm_storeu_ps(b->nx + i,
                  clamp4(_mm_add_ps(LD(px), _mm_mul_ps(nvx, C(K->dt))), zero, C(K->xmax)));
    _mm_storeu_ps(b->ny + i,
                  clamp4(_mm_add_ps(LD(py), _mm_mul_ps(nvy, C(K->dt))), zero, C(K->ymax)));
#undef LD
#undef C
}
#endif

/* Stage 4: every fish, in cell order, in batches of three passes: the
 * neighbour sums over its 3x3 cells and the (rare, branchy) avoidance
 * votes; the steering, four fish at a time; then the safety net, the
 * respawns and the stores. Writes the storage arrays in the same (cell)
 * order and the public back buffer by id. A fish's steering is a long
 * chain of dependent square roots and divisions: in a pass of its own,
 * the chains of neighbouring fish overlap. */
SEA_ALWAYS_INLINE static inline void fish_range(Sea *s, int begin, int end)
{
    const SeaStepK K = s->k;
    const Grid *g = &s->grid;
    const ShoreField *f = s->shore;
    const float *X = g->sx, *Y = g->sy, *U = g->su, *V = g->sv;
    const int *ID = g->sid;
    const int *cs = g->cell_start, *order = g->order, *cell_of = g->cell_of;
    const int cols = g->cols, rows = g->rows;
    const int wb = s->front ^ 1;
    float *restrict ox = s->x, *restrict oy = s->y, *restrict ovx = s->vx, *restrict ovy = s->vy;
    int *restrict oid = s->id;
    float *restrict qx = s->px[wb], *restrict qy = s->py[wb];
    float *restrict qvx = s->pvx[wb], *restrict qvy = s->pvy[wb];
    const uint32_t wkey = (uint32_t)sea_mix64(s->seed ^ SEA_SALT_WANDER);
    const uint32_t stamp = s->threat_stamp;
    const uint32_t step = (uint32_t)s->step;

    /* Fish of this range caught by sharks, ascending and distinct. */
    int eat[SEA_MAX_SHARKS + 1], neat = 0;
    for (int i = 0; i < s->ns; i++) {
        int t = s->shark_target[i];
        if (t < begin || t >= end) continue;
        int j = neat++;
        for (; j > 0 && eat[j - 1] > t; j--) eat[j] = eat[j - 1];
        eat[j] = t;
    }
    int distinct = 0;
    for (int i = 0; i < neat; i++)
        if (distinct == 0 || eat[distinct - 1] != eat[i]) eat[distinct++] = eat[i];
    neat = distinct;
    eat[neat] = INT_MAX;
    int ei = 0;

    const int sub = s->cells.sub;
    const float inv_subcell = s->cells.inv_subcell;
    int cur = -1, near = 0, threat = 0, nrange = 0;
    float cx0 = 0.0f, cy0 = 0.0f; /* the cell's corner, in subcells */
    int ra[3], rb[3];
    SeaBatch b;
    for (int kb = begin; kb < end; kb += SEA_BATCH) {
        int ke = kb + SEA_BATCH < end ? kb + SEA_BATCH : end;
        int nb = ke - kb;
        for (int i = 0; i < nb; i++) {
            int k = kb + i;
            int c = cell_of[order[k]];
            if (c != cur) {
                cur = c;
                int cx = c % cols, cy = c / cols;
                int x0 = cx > 0 ? cx - 1 : cx, x1 = cx < cols - 1 ? cx + 1 : cx;
                int y0 = cy > 0 ? cy - 1 : cy, y1 = cy < rows - 1 ? cy + 1 : cy;
                nrange = 0;
                /* Each row of three cells is one contiguous run. */
                for (int ry = y0; ry <= y1; ry++) {
                    ra[nrange] = cs[ry * cols + x0];
                    rb[nrange] = cs[ry * cols + x1 + 1];
                    nrange++;
                }
                near = s->cells.near[c];
                cx0 = (float)(cx * sub);
                cy0 = (float)(cy * sub);
                threat = s->cells.threat[c] == stamp;
            }
            float px = X[k], py = Y[k];
            b.px[i] = px;
            b.py[i] = py;
            b.pvx[i] = U[k];
            b.pvy[i] = V[k];
            b.id[i] = (uint32_t)ID[k];
            int flag = threat ? FISH_THREAT : 0;
            /* Shore work (the shore term and the safety net) only in
             * subcells that land or the margin can reach. */
            if (near) {
                int sx = (int)(px * inv_subcell - cx0), sy = (int)(py * inv_subcell - cy0);
                sx = sx < 0 ? 0 : (sx >= sub ? sub - 1 : sx);
                sy = sy < 0 ? 0 : (sy >= sub ? sub - 1 : sy);
                if ((near >> (sy * sub + sx)) & 1) flag |= FISH_WET;
            }
            if (k == eat[ei]) {
                ei++;
                flag = FISH_EATEN;
            }
            b.flag[i] = flag;

            SeaNbr q = {px, py, K.nr2, K.s2, K.eps};
            SeaAcc4 acc4;
            const int *sa = ra, *sb = rb;
            int ns = nrange;
            int ba[7], bb[7];
            if (K.brute) {
                /* All pairs: [0, n) cut at this fish's neighbour rows. */
                int at = 0;
                ns = 0;
                for (int r = 0; r < nrange; r++) {
                    ba[ns] = at;
                    bb[ns++] = sa[r];
                    ba[ns] = sa[r];
                    bb[ns++] = sb[r];
                    at = sb[r];
                }
                ba[ns] = at;
                bb[ns++] = g->n;
                sa = ba;
                sb = bb;
            }
            accumulate(g, sa, sb, ns, &q, &acc4);
            SeaAcc acc;
            acc_reduce(&acc4, &acc);
            b.cnt[i] = acc.cnt;
            b.vx[i] = acc.vx;
            b.vy[i] = acc.vy;
            b.ox[i] = acc.ox;
            b.oy[i] = acc.oy;
            b.sx[i] = acc.sx;
            b.sy[i] = acc.sy;
#if defined(__SSE2__) && !defined(SEA_NO_SIMD)
            /* The shore field is big and its lines are cold: ask for the
             * rows the sample below will read while the batch's other
             * neighbour sums run. */
            if (flag & FISH_WET) {
                int row = (int)py, colx = (int)px - 1;
                colx = colx < 0 ? 0 : colx;
                for (int r = row - 1; r <= row + 2; r++) {
                    int rr = r < 0 ? 0 : (r >= f->h ? f->h - 1 : r);
                    _mm_prefetch((const char *)(f->dist + (size_t)rr * (size_t)f->w + (size_t)colx),
                                 _MM_HINT_T0);
                }
            }
#endif
        }
        /* Avoidance votes: threats, shore margin, map edges. */
        for (int i = 0; i < nb; i++) {
            int flag = b.flag[i];
            float px = b.px[i], py = b.py[i];
            float ax = 0.0f, ay = 0.0f, fear = 0.0f;
            if (flag & FISH_THREAT) fear = flee(s, px, py, K.k_flee, &ax, &ay);
            float urg = fear;
            float gx = 0.0f, gy = 0.0f, wall = 0.0f, room = SEA_FAR_SPEED;
            if (flag & FISH_WET) {
                float d = shore_sample(f, px, py, &gx, &gy);
                if (d < K.margin) {
                    wall = 1.0f - d * K.inv_margin;
                    room = maxf(d - SEA_SHORE_PAD, 0.0f) * (1.0f / SEA_SHORE_LOOK);
                    ax += gx * wall * K.k_shore;
                    ay += gy * wall * K.k_shore;
                    urg = maxf(urg, wall);
                }
            }
            b.gx[i] = gx;
            b.gy[i] = gy;
            b.wall[i] = wall;
            b.room[i] = room;
            urg = maxf(urg, border_push(&K, px, py, K.k_shore, &ax, &ay));
            b.ax[i] = ax;
            b.ay[i] = ay;
            b.fear[i] = fear;
            b.urg[i] = urg;
        }
#if defined(__SSE2__) && !defined(SEA_NO_SIMD)
        /* Pad the last group with copies of the first fish (never stored). */
        int groups = (nb + 3) & ~3;
        for (int i = nb; i < groups; i++) {
            b.cnt[i] = b.cnt[0];
            b.vx[i] = b.vx[0];
            b.vy[i] = b.vy[0];
            b.ox[i] = b.ox[0];
            b.oy[i] = b.oy[0];
            b.sx[i] = b.sx[0];
            b.sy[i] = b.sy[0];
            b.ax[i] = b.ax[0];
            b.ay[i] = b.ay[0];
            b.fear[i] = b.fear[0];
            b.urg[i] = b.urg[0];
            b.gx[i] = b.gx[0];
            b.gy[i] = b.gy[0];
            b.wall[i] = b.wall[0];
            b.room[i] = b.room[0];
            b.px[i] = b.px[0];
            b.py[i] = b.py[0];
            b.pvx[i] = b.pvx[0];
            b.pvy[i] = b.pvy[0];
            b.id[i] = b.id[0];
        }
        for (int i = 0; i < groups; i += 4) steer4(&K, wkey, step, &b, i);
#else
        for (int i = 0; i < nb; i++) steer1(&K, wkey, step, &b, i);
#endif
        for (int i = 0; i < nb; i++) {
            int k = kb + i;
            int id = (int)b.id[i];
            float nx = b.nx[i], ny = b.ny[i], nvx = b.nvx[i], nvy = b.nvy[i];
            if (b.flag[i] & FISH_EATEN)
                respawn(s, id, wb, &nx, &ny, &nvx, &nvy);
            else if (b.flag[i] & FISH_WET)
                /* Subcells far from shore cannot reach land in one step. */
                keep_wet(f, &K, b.px[i], b.py[i], &nx, &ny, &nvx, &nvy);
            ox[k] = nx;
            oy[k] = ny;
            ovx[k] = nvx;
            ovy[k] = nvy;
            oid[k] = id;
            qx[id] = nx;
            qy[id] = ny;
            qvx[id] = nvx;
            qvy[id] = nvy;
        }
    }
}

#if SEA_AVX_CLONE
/* The same code compiled for AVX: the VEX forms of the same SSE
 * operations (three operands, no register copies) are about a third fewer
 * instructions in the neighbour loop, and give the same IEEE results bit
 * for bit (no FMA: the build has -ffp-contract=off, and no approximate
 * instructions are used), so machines with and without AVX stay in step. */
__attribute__((target("avx"))) static void fish_range_avx(Sea *s, int begin, int end)
{
    fish_range(s, begin, end);
}
#endif

void sea_stage_fish(void *ctx, int begin, int end, int worker)
{
    (void)worker;
#if SEA_AVX_CLONE
    if (__builtin_cpu_supports("avx")) {
        fish_range_avx(ctx, begin, end);
        return;
    }
#endif
    fish_range(ctx, begin, end);
}

/* Stage 5 (optional): the caller's sprite bake over the new state. */
void sea_stage_bake(void *ctx, int begin, int end, int worker)
{
    Sea *s = ctx;
    (void)worker;
    s->run_bake(s->run_bake_ctx, &s->bake_view, begin, end);
}
