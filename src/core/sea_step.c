/* sea_step: the stages of one sea step but the sharks' (grid count + threat
 * marks, the fish kernel, sprite bake); every fish reads only the previous
 * state. */
#include "sea_internal.h"
#include "sea_nbr.h"
#include "sea_simd.h"

#include <assert.h>
#include <limits.h>
#include <math.h>
#include <string.h>

/* Fish per batch of the fish stage's two passes. */
#define SEA_BATCH 32

static void stamp_threats(Sea *s)
{
    const Grid *g = &s->grid;
    for (int t = 0; t < s->nthr; t++) {
        const SeaThreat *T = &s->thr[t];
        float r = fmaxf(T->solid + T->reach, T->wake_lim);
        float ex = T->ax + T->ex, ey = T->ay + T->ey;
        float x0 = fminf(fminf(T->ax, T->bx), ex) - r, x1 = fmaxf(fmaxf(T->ax, T->bx), ex) + r;
        float y0 = fminf(fminf(T->ay, T->by), ey) - r, y1 = fmaxf(fmaxf(T->ay, T->by), ey) + r;
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

/* Behind a moving threat, out of its reach, a fish at (rx, ry) from it
 * is drawn back towards its course: most from about the threat's edge
 * outwards, nothing on the line itself or past the wake's reach. The
 * halves it parted close over its course like water behind a stone,
 * hurrying (the pull is also fear: a quicker turn and more speed). Adds
 * the pull to (ax, ay) and returns that fear. */
static float wake(const SeaThreat *T, float rx, float ry, float *ax, float *ay)
{
    float v = sea_clampf((rx * T->ex + ry * T->ey) * T->inv_elen2, 0.0f, 1.0f);
    float wx = rx - v * T->ex, wy = ry - v * T->ey;
    float w2 = wx * wx + wy * wy;
    if (!(v > 0.0f) || !(w2 > 1e-6f) || w2 >= T->wake_lim * T->wake_lim) return 0.0f;
    float wd = sqrtf(w2);
    float ws = sea_minf(wd / T->solid, 1.0f) *
               sea_minf((T->wake_lim - wd) / (T->wake_lim - T->solid), 1.0f) * T->pull;
    *ax -= wx / wd * ws;
    *ay -= wy / wd * ws;
    return ws;
}

/* Flee from every threat reaching (x, y): adds the summed unit pushes
 * times strength times w to (fx, fy), returns the strongest strength
 * (fear). */
static float flee(const Sea *s, float x, float y, float w, float *fx, float *fy, float *panic_out)
{
    float fear = 0.0f, panic = 0.0f, ax = 0.0f, ay = 0.0f;
    for (int t = 0; t < s->nthr; t++) {
        const SeaThreat *T = &s->thr[t];
        float rx = x - T->ax, ry = y - T->ay;
        float u = sea_clampf((rx * T->dx + ry * T->dy) * T->inv_len2, 0.0f, 1.0f);
        float qx = rx - u * T->dx, qy = ry - u * T->dy;
        float d2 = qx * qx + qy * qy;
        float lim = T->solid + T->reach;
        if (d2 >= lim * lim) {
            if (T->pull > 0.0f) fear = sea_maxf(fear, wake(T, rx, ry, &ax, &ay));
            continue;
        }
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
        fear = sea_maxf(fear, st);
        panic = sea_maxf(panic, st * T->panic);
    }
    *fx += ax * w;
    *fy += ay * w;
    *panic_out = panic;
    return fear;
}

/* Respawn a fish eaten this step: somewhere out of the sharks' sight, at
 * cruise speed in a random direction. (Here, not in sea_spawn.c: a call
 * out of this file costs the fish loop registers around it, some 0.4% of
 * the fish stage's instructions.) */
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
    /* neighbour sums (sea_nbr.h) */
    float cnt[SEA_BATCH], svx[SEA_BATCH], svy[SEA_BATCH], sox[SEA_BATCH], soy[SEA_BATCH];
    float ssx[SEA_BATCH], ssy[SEA_BATCH];
    int32_t kind[SEA_BATCH];
    int cx[SEA_BATCH], cy[SEA_BATCH]; /* the fish's cell */
    float ax[SEA_BATCH], ay[SEA_BATCH], fear[SEA_BATCH], urg[SEA_BATCH];
    float panic[SEA_BATCH]; /* the part of the fear that bursts to flee_speed */
    float gx[SEA_BATCH], gy[SEA_BATCH], wall[SEA_BATCH]; /* shore gradient, its strength */
    float room[SEA_BATCH]; /* fastest allowed approach to the shore, px/s */
    float cru[SEA_BATCH];  /* cruising speed of the fish's kind */
    /* The fish themselves: the grid's cell-ordered arrays from the batch's
     * first fish on (padded past the last fish, so whole groups read). */
    const float *px, *py, *pvx, *pvy;
    const int32_t *id;
    int flag[SEA_BATCH];
    float nx[SEA_BATCH], ny[SEA_BATCH], nvx[SEA_BATCH], nvy[SEA_BATCH];
} SeaBatch;

/* What a fish needs beyond the flock: a respawn, the shore's work, a
 * threat's flee, the map edge's push. */
enum { FISH_EATEN = 1, FISH_WET = 2, FISH_THREAT = 4, FISH_EDGE = 8 };

/* Only the scalar build runs steer1; the SIMD build runs steer8, which
 * computes the same bits (SEA_NO_SIMD builds this one, to compare). */
#if !SEA_VEC8
/* The steering of fish i of a batch. Every urge adds to a desired heading
 * (unit-ish terms times their weights); the fish steers towards it at its
 * target speed, its turn limited by max_force. Its own heading is in the
 * sum too, so small urges bend the course rather than flip it. Avoidance
 * (threats, shore, map edge) votes in proportion to the flocking vote, so
 * a weight of 3 outvotes a whole aligned school three to one, however
 * dense. Limits are scale factors min(1, limit / length), not branches:
 * which fish hit a limit is data-dependent (length 0 gives inf, min 1).
 * steer8 below computes exactly the same, eight fish at a time. */
static inline void steer1(const SeaStepK *K, uint32_t wkey, uint32_t step, SeaBatch *b, int i)
{
    float vx = b->pvx[i], vy = b->pvy[i];
    /* The fish itself was counted (distance 0); take it out. */
    float cnt = b->cnt[i] - 1.0f;
    float hx = vx * K->inv_cruise, hy = vy * K->inv_cruise;
    float inv = cnt > 0.5f ? 1.0f / cnt : 0.0f;
    hx += (b->svx[i] - vx) * inv * K->k_ali - b->sox[i] * inv * K->k_coh;
    hy += (b->svy[i] - vy) * inv * K->k_ali - b->soy[i] * inv * K->k_coh;
    float wx, wy;
    sea_wander(wkey, (uint32_t)b->id[i], step, &wx, &wy);
    hx += wx * K->k_wan;
    hy += wy * K->k_wan;
    /* Near a shore, the part of the vote heading into it fades: the fish
     * turns along the coast instead of bouncing off it. */
    float hn = sea_minf(hx * b->gx[i] + hy * b->gy[i], 0.0f) * b->wall[i];
    hx -= hn * b->gx[i];
    hy -= hn * b->gy[i];
    float bl = sea_maxf(sqrtf(hx * hx + hy * hy), 1.0f);
    hx += b->ax[i] * bl;
    hy += b->ay[i] * bl;
    /* Fear speeds a fish up from its kind's cruise to max_speed, panic on
     * to flee_speed. */
    float target =
        b->cru[i] + (K->max_speed - b->cru[i]) * b->fear[i] + K->burst_span * b->panic[i];
    float h2 = hx * hx + hy * hy;
    /* Close the gap to the desired velocity within SEA_STEER_TIME; a heading
     * of length 0 (every vote cancelled out) leaves the velocity alone. */
    float hs = target / sqrtf(h2);
    float fx = h2 > 0.0f ? (hx * hs - vx) * K->inv_steer : 0.0f;
    float fy = h2 > 0.0f ? (hy * hs - vy) * K->inv_steer : 0.0f;
    /* Danger lets a fish turn harder than its cruising max_force. */
    float lim = K->max_force * (1.0f + 2.0f * b->urg[i]);
    float fsc = sea_minf(1.0f, lim / sqrtf(fx * fx + fy * fy));
    /* Separation is a push on top of the (limited) steering, not one more
     * vote in the heading: crowding must cost speed and spread the school,
     * whatever the heading votes say. It has its own limit. */
    float sx = b->ssx[i] * K->k_sep, sy = b->ssy[i] * K->k_sep;
    float ssc = sea_minf(1.0f, K->sep_lim / sqrtf(sx * sx + sy * sy));
    float nvx = vx + (fx * fsc + sx * ssc) * K->dt;
    float nvy = vy + (fy * fsc + sy * ssc) * K->dt;
    float sp = sqrtf(nvx * nvx + nvy * nvy);
    float vsc = sea_clampf(sp, K->min_speed, K->max_speed + K->burst_span * b->panic[i]) / sp;
    nvx = sp > 1e-6f ? nvx * vsc : K->min_speed;
    nvy = sp > 1e-6f ? nvy * vsc : 0.0f;
    /* A fish turns at most SEA_TURN_RATE (more when afraid): however hard
     * its neighbours crowd it, it cannot spin on the spot, so a school
     * bends rather than churns (spinning fish near a coast were most of
     * the shore jitter). theta is small: the sine and cosine are short
     * series, plain arithmetic, the same bits on every machine. */
    float th = K->turn * (1.0f + SEA_FEAR_TURN * b->fear[i]), th2 = th * th;
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
     * to it). A calm fish over the cap brakes, keeping its heading: the
     * turn limit above then brings it round at its own pace. Turning it
     * along the coast at once (up to 90 degrees in a step) made fish
     * circling in small coves reverse three times a second (the bench's
     * shore jitter: 25 of 10,000 fish, now 0). A braked fish keeps a
     * sliver of its speed, so it still has a heading to turn from (a fish
     * at rest would restart in any direction). Within the margin, where
     * the cap binds, every fish is calm (fear is dropped there): turning
     * afraid fish along the coast at full speed had them dart back and
     * forth. */
    float gx = b->gx[i], gy = b->gy[i];
    float vn = nvx * gx + nvy * gy;
    float cut = sea_minf(vn + b->room[i], 0.0f);
    if (cut < 0.0f) {
        float sc = sea_maxf(b->room[i] / -vn, SEA_BRAKE_MIN);
        nvx *= sc;
        nvy *= sc;
    }
    b->nvx[i] = nvx;
    b->nvy[i] = nvy;
    b->nx[i] = sea_clampf(b->px[i] + nvx * K->dt, 0.0f, K->xmax);
    b->ny[i] = sea_clampf(b->py[i] + nvy * K->dt, 0.0f, K->ymax);
}
#endif

#if SEA_VEC8
/* steer1 for fish i..i+7, operation for operation. */
SEA_ALWAYS_INLINE static inline void steer8(const SeaStepK *K, uint32_t wkey, uint32_t step,
                                            SeaBatch *b, int i, int avx)
{
#define LD(a) ld8(b->a + i)
#define C(v)  (zero + (v))
    const SeaF8 zero = {0.0f}, one = C(1.0f);
    SeaF8 vx = LD(pvx), vy = LD(pvy);
    SeaF8 cnt = LD(cnt) - one;
    SeaF8 hx = vx * C(K->inv_cruise), hy = vy * C(K->inv_cruise);
    SeaF8 inv = and8(cnt > C(0.5f), one / cnt);
    hx = hx + ((LD(svx) - vx) * inv * C(K->k_ali) - LD(sox) * inv * C(K->k_coh));
    hy = hy + ((LD(svy) - vy) * inv * C(K->k_ali) - LD(soy) * inv * C(K->k_coh));
    /* sea_wander(), eight at a time */
    SeaU8 who;
    memcpy(&who, b->id + i, sizeof who);
    const SeaU8 uz = {0};
    SeaU8 u = (uz + step) + ((who * 2654435761u) >> (32 - SEA_WANDER_SHIFT));
    SeaU8 kf = u >> SEA_WANDER_SHIFT;
    SeaF8 t = u2f8(u & ((1u << SEA_WANDER_SHIFT) - 1)) * C(1.0f / (float)(1u << SEA_WANDER_SHIFT));
    t = t * t * (C(3.0f) - C(2.0f) * t);
    SeaU8 base = (uz + wkey) ^ (who * 0x9e3779b1u);
    SeaU8 h0 = hash8(base ^ (kf * 0x85ebca77u)), h1 = hash8(base ^ ((kf + 1u) * 0x85ebca77u));
    const SeaF8 k16 = C(1.0f / 65536.0f);
    SeaF8 x0 = u2f8(h0 & 0xffffu) * k16, y0 = u2f8(h0 >> 16) * k16;
    SeaF8 x1 = u2f8(h1 & 0xffffu) * k16, y1 = u2f8(h1 >> 16) * k16;
    SeaF8 wx = (x0 + (x1 - x0) * t) * C(2.0f) - one;
    SeaF8 wy = (y0 + (y1 - y0) * t) * C(2.0f) - one;
    hx = hx + wx * C(K->k_wan);
    hy = hy + wy * C(K->k_wan);
    SeaF8 gx = LD(gx), gy = LD(gy);
    SeaF8 hn = min8(hx * gx + hy * gy, zero, avx) * LD(wall);
    hx = hx - hn * gx;
    hy = hy - hn * gy;
    SeaF8 bl = max8(sqrt8(hx * hx + hy * hy, avx), one, avx);
    hx = hx + LD(ax) * bl;
    hy = hy + LD(ay) * bl;
    SeaF8 cru = LD(cru), panic = LD(panic);
    SeaF8 target = cru + (C(K->max_speed) - cru) * LD(fear) + C(K->burst_span) * panic;
    SeaF8 h2 = hx * hx + hy * hy;
    SeaF8 hs = target / sqrt8(h2, avx);
    SeaI8 has = h2 > zero;
    SeaF8 fx = and8(has, (hx * hs - vx) * C(K->inv_steer));
    SeaF8 fy = and8(has, (hy * hs - vy) * C(K->inv_steer));
    SeaF8 lim = C(K->max_force) * (one + C(2.0f) * LD(urg));
    SeaF8 fsc = min8(one, lim / sqrt8(fx * fx + fy * fy, avx), avx);
    SeaF8 sx = LD(ssx) * C(K->k_sep), sy = LD(ssy) * C(K->k_sep);
    SeaF8 ssc = min8(one, C(K->sep_lim) / sqrt8(sx * sx + sy * sy, avx), avx);
    SeaF8 nvx = vx + (fx * fsc + sx * ssc) * C(K->dt);
    SeaF8 nvy = vy + (fy * fsc + sy * ssc) * C(K->dt);
    SeaF8 sp = sqrt8(nvx * nvx + nvy * nvy, avx);
    SeaF8 vsc = clamp8(sp, C(K->min_speed), C(K->max_speed) + C(K->burst_span) * panic, avx) / sp;
    SeaI8 moving = sp > C(1e-6f);
    nvx = sel8(moving, nvx * vsc, C(K->min_speed));
    nvy = sel8(moving, nvy * vsc, zero);
    {
        /* The turn limit of steer1. */
        SeaF8 th = C(K->turn) * (one + C(SEA_FEAR_TURN) * LD(fear));
        SeaF8 th2 = th * th;
        SeaF8 tc = one - th2 * (C(0.5f) - th2 * C(1.0f / 24.0f));
        SeaF8 ts = th * (one - th2 * C(1.0f / 6.0f));
        SeaF8 osp = sqrt8(vx * vx + vy * vy, avx), nsp = sqrt8(nvx * nvx + nvy * nvy, avx);
        SeaF8 hux = vx / osp, huy = vy / osp;
        SeaF8 along = hux * nvx + huy * nvy;
        SeaF8 side = hux * nvy - huy * nvx;
        SeaI8 over = (osp > C(1e-6f)) & (along < nsp * tc);
        if (any8(over, avx)) {
            SeaF8 sn = sel8(side >= zero, ts, -ts);
            SeaF8 rx = (hux * tc - huy * sn) * nsp;
            SeaF8 ry = (huy * tc + hux * sn) * nsp;
            nvx = sel8(over, rx, nvx);
            nvy = sel8(over, ry, nvy);
        }
    }
    {
        /* The coast constraint of steer1 (lanes that do not bind may
         * divide by zero here; they keep their velocity). */
        SeaF8 vn = nvx * gx + nvy * gy;
        SeaF8 cut = min8(vn + LD(room), zero, avx);
        SeaI8 bind = cut < zero;
        if (any8(bind, avx)) {
            SeaF8 sc = max8(LD(room) / -vn, C(SEA_BRAKE_MIN), avx);
            nvx = sel8(bind, nvx * sc, nvx);
            nvy = sel8(bind, nvy * sc, nvy);
        }
    }
    memcpy(b->nvx + i, &nvx, sizeof nvx);
    memcpy(b->nvy + i, &nvy, sizeof nvy);
    SeaF8 nx = clamp8(LD(px) + nvx * C(K->dt), zero, C(K->xmax), avx);
    SeaF8 ny = clamp8(LD(py) + nvy * C(K->dt), zero, C(K->ymax), avx);
    memcpy(b->nx + i, &nx, sizeof nx);
    memcpy(b->ny + i, &ny, sizeof ny);
#undef LD
#undef C
}
#endif

/* Stage 4: every fish, in cell order, in batches of passes: each fish's
 * cell and flags; the neighbour sums (sea_nbr.h), eight fish at a time;
 * the (rare, branchy) avoidance votes of the flagged fish; the steering,
 * eight at a time; then the stores, and the safety net and respawns of
 * the few that need them. Writes the new state over the sea's fish in
 * the same (cell) order, which is the next view. A fish's steering is a long
 * chain of dependent square roots and divisions: in a pass of its own,
 * the chains of neighbouring fish overlap. */
SEA_ALWAYS_INLINE static inline void fish_range(Sea *s, int begin, int end, int avx)
{
    const SeaStepK K = s->k;
    const Grid *g = &s->grid;
    const ShoreField *f = s->shore;
    const float *X = g->sx, *Y = g->sy, *U = g->su, *V = g->sv;
    const int *ID = g->sid;
    const int cols = g->cols;
    /* The new state goes over the old (the scatter copied it into the
     * grid, which is what the stage reads); the sharks' back buffer holds
     * their new positions (respawns keep out of their sight). */
    const int wb = s->front ^ 1;
    float *restrict ox = s->x, *restrict oy = s->y;
    float *restrict ovx = s->vx, *restrict ovy = s->vy;
    int *restrict oid = s->id;
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
    const SeaNbrK q = {K.nr2, K.s2, K.eps, (int32_t)K.kind_mask};
    int cur = -1, near = 0, threat = 0, edge = 0, ccx = 0, ccy = 0;
    float cx0 = 0.0f, cy0 = 0.0f; /* the cell's corner, in subcells */
    SeaBatch b;
    SeaSums sums = {b.cnt, b.svx, b.svy, b.sox, b.soy, b.ssx, b.ssy};
    for (int kb = begin; kb < end; kb += SEA_BATCH) {
        int ke = kb + SEA_BATCH < end ? kb + SEA_BATCH : end;
        int nb = ke - kb;
        b.px = X + kb;
        b.py = Y + kb;
        b.pvx = U + kb;
        b.pvy = V + kb;
        b.id = ID + kb;
        for (int i = 0; i < nb; i++) {
            int k = kb + i;
            float px = X[k], py = Y[k];
            /* The cell the grid put her in (from the same position). */
            int c = grid_cell_of(g, px, py);
            if (c != cur) {
                cur = c;
                ccx = c % cols;
                ccy = c / cols;
                near = s->cells.near[c];
                cx0 = (float)(ccx * sub);
                cy0 = (float)(ccy * sub);
                threat = s->cells.threat[c] == stamp;
                /* Could a fish of this cell feel the map edge? (The outer
                 * cells also hold the positions clamped into them; a
                 * pixel of slack covers the rounding of the cell's
                 * bounds.) */
                float ex0 = (float)ccx * g->cell - 1.0f, ex1 = (float)(ccx + 1) * g->cell + 1.0f;
                float ey0 = (float)ccy * g->cell - 1.0f, ey1 = (float)(ccy + 1) * g->cell + 1.0f;
                edge = ccx == 0 || ccy == 0 || ccx == cols - 1 || ccy == g->rows - 1 ||
                       ex0 < K.border || ex1 > K.xmax - K.border || ey0 < K.border ||
                       ey1 > K.ymax - K.border;
            }
            b.cx[i] = ccx;
            b.cy[i] = ccy;
            int flag = threat ? FISH_THREAT : 0;
            if (edge && (px < K.border || px > K.xmax - K.border || py < K.border ||
                         py > K.ymax - K.border))
                flag |= FISH_EDGE;
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
            int kind = sea_kind(s->p.kinds, ID[k]);
            b.kind[i] = kind;
            b.cru[i] = K.kind_cruise[kind];
#if defined(__SSE2__) && !defined(SEA_NO_SIMD)
            /* The shore field is big and its lines are cold: ask for the
             * rows the sample below will read while the batch's neighbour
             * sums run. */
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
#if SEA_VEC8
        /* Pad the last group with copies of the first fish (never stored). */
        int groups = (nb + 7) & ~7;
        for (int i = nb; i < groups; i++) {
            b.cx[i] = b.cx[0];
            b.cy[i] = b.cy[0];
            b.kind[i] = b.kind[0];
            b.cru[i] = b.cru[0];
        }
        for (int i = 0; i < groups; i += 8) {
            int nl = nb - i < 8 ? nb - i : 8;
#if SEA_AVX_CLONE
            if (avx == 2) {
                nbr_group512(g, &q, K.brute, b.px, b.py, b.kind, b.cx, b.cy, nl, &sums, i);
                continue;
            }
#endif
            nbr_group(g, &q, K.brute, b.px, b.py, b.kind, b.cx, b.cy, nl, &sums, i, avx != 0);
        }
#else
        for (int i = 0; i < nb; i++)
            nbr_one(g, &q, K.brute, b.px[i], b.py[i], b.kind[i], b.cx[i], b.cy[i], &sums, i);
#endif
        /* Avoidance votes: threats, shore margin, map edges; most fish
         * have none (the loops that set the defaults vectorise). */
        for (int i = 0; i < SEA_BATCH; i++) {
            b.ax[i] = b.ay[i] = b.fear[i] = b.panic[i] = b.urg[i] = 0.0f;
            b.gx[i] = b.gy[i] = b.wall[i] = 0.0f;
            b.room[i] = SEA_FAR_SPEED;
        }
        for (int i = 0; i < nb; i++) {
            int flag = b.flag[i];
            if (!(flag & (FISH_WET | FISH_THREAT | FISH_EDGE))) continue;
            float px = b.px[i], py = b.py[i];
            float ax = 0.0f, ay = 0.0f, fear = 0.0f, panic = 0.0f;
            if (flag & FISH_THREAT) fear = flee(s, px, py, K.k_flee, &ax, &ay, &panic);
            float urg = fear;
            float gx = 0.0f, gy = 0.0f, wall = 0.0f, room = SEA_FAR_SPEED;
            if (flag & FISH_WET) {
                float d = shore_sample(f, px, py, &gx, &gy);
                if (d < K.margin) {
                    wall = 1.0f - d * K.inv_margin;
                    room = sea_maxf(d - SEA_SHORE_PAD, 0.0f) * (1.0f / SEA_SHORE_LOOK);
                    ax += gx * wall * K.k_shore;
                    ay += gy * wall * K.k_shore;
                    /* In the margin a fish still flees, but calmly: no
                     * quick turns, no burst, the calm braking at the
                     * coast. Afraid, fish a shark passes by darted back
                     * and forth along the shore (16 sharks made 800 of
                     * 10,000 fish jitter on crescent-reef; fading fear
                     * by the wall's strength instead still left 700). */
                    fear = 0.0f;
                    panic = 0.0f;
                    urg = sea_maxf(urg, wall);
                }
            }
            b.gx[i] = gx;
            b.gy[i] = gy;
            b.wall[i] = wall;
            b.room[i] = room;
            urg = sea_maxf(urg, sea_border_push(&K, px, py, K.k_shore, &ax, &ay));
            b.ax[i] = ax;
            b.ay[i] = ay;
            b.fear[i] = fear;
            b.panic[i] = panic;
            b.urg[i] = urg;
        }
#if SEA_VEC8
        for (int i = 0; i < groups; i += 8) steer8(&K, wkey, step, &b, i, avx);
#else
        (void)avx;
        for (int i = 0; i < nb; i++) steer1(&K, wkey, step, &b, i);
#endif
        /* The stores, whole; then the few a respawn or the safety net
         * changes. */
        memcpy(ox + kb, b.nx, (size_t)nb * sizeof *ox);
        memcpy(oy + kb, b.ny, (size_t)nb * sizeof *oy);
        memcpy(ovx + kb, b.nvx, (size_t)nb * sizeof *ovx);
        memcpy(ovy + kb, b.nvy, (size_t)nb * sizeof *ovy);
        memcpy(oid + kb, ID + kb, (size_t)nb * sizeof *oid);
        for (int i = 0; i < nb; i++) {
            if (!(b.flag[i] & (FISH_EATEN | FISH_WET))) continue;
            int k = kb + i;
            float nx = b.nx[i], ny = b.ny[i], nvx = b.nvx[i], nvy = b.nvy[i];
            if (b.flag[i] & FISH_EATEN)
                respawn(s, (int)b.id[i], wb, &nx, &ny, &nvx, &nvy);
            else
                /* Subcells far from shore cannot reach land in one step. */
                sea_keep_wet(f, &K, b.px[i], b.py[i], &nx, &ny, &nvx, &nvy);
            ox[k] = nx;
            oy[k] = ny;
            ovx[k] = nvx;
            ovy[k] = nvy;
        }
    }
}

#if SEA_AVX_CLONE
/* The same code compiled for AVX2: the eight lanes in one register and
 * three-operand instructions, about half the instructions of the SSE copy,
 * with the same IEEE results bit for bit (no FMA: the build has
 * -ffp-contract=off, and no approximate instructions are used), so
 * machines with and without AVX2 stay in step. */
__attribute__((target("avx2"))) static void fish_range_avx(Sea *s, int begin, int end)
{
    fish_range(s, begin, end, 1);
}

/* And for AVX-512VL, still on 256-bit vectors: compares into mask
 * registers, masked adds and broadcasts folded into the arithmetic, the
 * same operations on the same lanes (a masked-off add keeps the sum, as
 * adding +0 does), so the same bits again. */
__attribute__((target("avx512f,avx512vl,avx512bw,avx512dq,prefer-vector-width=256"))) static void
fish_range_avx512(Sea *s, int begin, int end)
{
    fish_range(s, begin, end, 2);
}
#endif

int sea_simd_level(const char *limit)
{
    int best = SEA_SIMD_SSE;
#if SEA_AVX_CLONE
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq"))
        best = SEA_SIMD_AVX512;
    else if (__builtin_cpu_supports("avx2"))
        best = SEA_SIMD_AVX2;
#endif
    if (limit && strcmp(limit, "sse") == 0) return SEA_SIMD_SSE;
    if (limit && strcmp(limit, "avx2") == 0 && best > SEA_SIMD_AVX2) return SEA_SIMD_AVX2;
    return best;
}

void sea_stage_fish(void *ctx, int begin, int end, int worker)
{
    (void)worker;
#if SEA_AVX_CLONE
    switch (((Sea *)ctx)->simd) {
    case SEA_SIMD_AVX512:
        fish_range_avx512(ctx, begin, end);
        return;
    case SEA_SIMD_AVX2:
        fish_range_avx(ctx, begin, end);
        return;
    default:
        break;
    }
#endif
    fish_range(ctx, begin, end, 0);
}

/* Stage 5 (optional): the caller's sprite bake over the new state. */
void sea_stage_bake(void *ctx, int begin, int end, int worker)
{
    Sea *s = ctx;
    (void)worker;
    assert(s->run_bake && 0 <= begin && begin <= end && end <= s->n);
    s->run_bake(s->run_bake_ctx, &s->bake_view, begin, end);
}
