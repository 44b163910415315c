/* sea_internal: the Sea's fields and what the sea's files (sea.c,
 * sea_query.c, sea_step.c, sea_shark.c, sea_spawn.c, sea_threat.c) share;
 * nothing outside the sea includes this. */
#ifndef SHOAL_SEA_INTERNAL_H
#define SHOAL_SEA_INTERNAL_H

#include <math.h>
#include <stdint.h>

#include "grid.h"
#include "jobs.h"
#include "sea.h"
#include "shore.h"

/* A flee source as the fish see it: a capsule from (ax, ay) to (bx, by)
 * with a solid radius (a hull; 0 for points) and a reach beyond it.
 * Strength fades from 1 at the solid edge to 0 at the reach; along a
 * hull's look-ahead segment it fades by up to `ahead_fade`. A shark
 * panics fish (they burst to flee_speed); the cursor only makes them give
 * way, so the school flows round it instead of blowing apart. */
typedef struct SeaThreat {
    float ax, ay, bx, by;
    float solid, reach, inv_reach;
    float ahead_fade;
    float panic;            /* 0..1: how much of its fear bursts a fish to flee_speed */
    float dx, dy, inv_len2; /* b - a and 1 / |b - a|^2 (0 for a point) */
    /* The wake: the course behind, from a back to a + (ex, ey), where
     * fish within wake_lim of it are drawn back in (pull 0: no wake). */
    float ex, ey, inv_elen2, wake_lim, pull;
} SeaThreat;

#define SEA_MAX_THREATS (SEA_MAX_SHARKS + SEA_MAX_HULLS + SEA_MAX_SCARES + 1)

typedef struct SeaScare {
    float x, y, radius;
    uint64_t until; /* first step at which it is gone */
} SeaScare;

/* Seconds in which a fish would reach its desired velocity if max_force
 * did not limit the turn. */
#define SEA_STEER_TIME 0.2f
/* Near the coast a fish may close in on the shore at most at
 * (d - SEA_SHORE_PAD) / SEA_SHORE_LOOK px/s (d: shore distance): it would
 * need that long to reach the pad, so it never gets there by steering. The
 * pad keeps a pixel between the fish and the centre of the nearest land
 * pixel (whose edge is half a pixel closer). A fish over that speed brakes
 * (steer1); 0.8 s makes one heading for the coast at cruise speed start
 * braking some 50 px out, so it slows gently while it turns away, instead
 * of braking hard at the last pixels (at 0.25 s, 1.6% of the bench's fish
 * were within 2 px of the shore, now 0.13%; 0.05% before braking). */
#define SEA_SHORE_PAD  1.0f
#define SEA_SHORE_LOOK 0.8f
/* Fastest calm turn of a fish, rad/s: about 143 deg/s.
 * Below 180 deg/s a calm fish cannot turn around twice within a second,
 * so a school drawn into a cove bends out of it in a wide arc instead of
 * spinning in place (the shore jitter of the bench fell from 46 to 11 in
 * 10,000 fish at 3.5 rad/s vs 2.5), and schools read as more aligned. */
#define SEA_TURN_RATE 2.5f
/* Fear adds this many times the calm turn rate: a fish that sees a shark
 * or a splash up close turns four times as fast (10 rad/s). */
#define SEA_FEAR_TURN 3.0f
/* The least a fish braking at the coast keeps of its speed (see steer1). */
#define SEA_BRAKE_MIN 1e-3f
/* Shore approach speed where no coast is in reach: no limit. */
#define SEA_FAR_SPEED 1e30f
/* Seconds of a hull's course that fish already clear out of. */
#define SEA_HULL_LOOKAHEAD 1.0f
/* How far beyond its edge a hull is fled, px: a clean hole along the
 * hull (0.07-0.09 of the control's density at 40 and 80 px/s) that holds
 * even in a crush of fish (test_ui_battle's 30,000: at 20 px they pressed
 * in to a quarter of the count without hulls), and a wake narrow enough to
 * refill within two seconds (0.6-0.7 of the control 2 s behind; at the
 * full flee_radius of 70 px 0.4-0.6, at 16 px 0.7-0.74). */
#define SEA_HULL_REACH 24.0f
/* The cursor is fled where it will be: its capsule covers this much of
 * its course ahead (from its smoothed velocity); fear is full within
 * SEA_CURSOR_SOLID of its radius and fades to 0 SEA_CURSOR_REACH radii
 * further out. Tuned on shoal-bench --probe cursor at 30, 60 and 150 px/s:
 * a wider solid or reach empties the disk more and refills the track
 * behind more slowly (without the wake, solid 1.15 and reach 0.5 gave
 * 0.11 inside and 0.40 of the control 1 s behind at 60 px/s, 1.0 and
 * 0.25 gave 0.17 and 0.60); with the wake pulling fish back in, 1.07
 * keeps a fast cursor's disk under a quarter of the control (0.24 at
 * 150 px/s; 1.0 gave 0.25). A second of look-ahead lets fish clear a
 * fast cursor's path in time. */
#define SEA_CURSOR_LOOKAHEAD 1.0f
#define SEA_CURSOR_SOLID     1.07f
#define SEA_CURSOR_REACH     0.25f
/* The cursor's velocity is smoothed over a few steps (frames and steps
 * need not line up) and capped, so a jump across the map is no charge. */
#define SEA_CURSOR_SMOOTH    0.25f
#define SEA_CURSOR_MAX_SPEED 400.0f
/* A shark is fled along the next SEA_SHARK_LOOKAHEAD s of its course,
 * fully within SEA_SHARK_SOLID px of it: fish ahead of a charge get out
 * of its way (a flash expansion) instead of waiting to be reached. */
#define SEA_SHARK_LOOKAHEAD 0.35f
#define SEA_SHARK_SOLID     12.0f
/* The wake behind a moving cursor or hull (see wake() in sea_step.c):
 * fish up to SEA_WAKE_REACH radii beyond its edge, plus SEA_WAKE_SPREAD s
 * of its speed (a fast one scatters them further), over the last
 * SEA_WAKE_BEHIND s of its course, are drawn back towards it with a pull
 * of speed * SEA_WAKE_PULL_RATE (against a flee of 1), at least
 * SEA_WAKE_PULL_MIN. Tuned on shoal-bench --probe cursor at 30, 60 and
 * 150 px/s and --probe hull at 40 and 80 (README, "Sea quality"): without
 * it the track 1 s behind a cursor held 0.40-0.60 of the control's fish
 * (the halves a cursor parted drifted apart beyond each other's
 * neighbour radius); a constant pull of 0.25 over 1.5 s crowded the
 * track to 1.5-2 times the control; a fast cursor scatters fish further,
 * so its pull and reach grow with its speed. */
#define SEA_WAKE_BEHIND    1.0f
#define SEA_WAKE_REACH     2.0f
#define SEA_WAKE_SPREAD    0.2f
#define SEA_WAKE_PULL_RATE 0.002f
#define SEA_WAKE_PULL_MIN  0.13f

/* Constants of one step, derived from the params when it is scheduled. */
typedef struct SeaStepK {
    float dt, nr2, s2, inv_s, eps;
    /* Weights of the urges in the desired heading (see sea_stage_fish). */
    float k_ali, k_coh, k_sep, k_wan, k_flee, k_shore, inv_cruise;
    float margin, inv_margin, border, inv_border;
    float max_speed, min_speed, cruise, max_force, sep_lim, inv_steer;
    float flee_speed, burst_span;     /* burst_span: flee_speed - max_speed */
    uint32_t kind_mask;               /* kinds - 1 */
    float kind_cruise[SEA_KINDS_MAX]; /* cruising speed of each kind */
    float turn;                       /* the calm turn per step, rad */
    float shark_speed, shark_force, shark_sight2, shark_catch2, shark_fear2;
    float xmax, ymax; /* largest coordinates still on the map */
    int brute;
} SeaStepK;

/* What the sea knows about each grid cell, from the shore field. */
typedef struct SeaCells {
    /* Each cell is cut into sub x sub subcells (sub = 4, or 1 for cells
     * under 8 px); a fish only does shore work when its subcell says so. */
    int sub;
    float inv_subcell; /* sub / cell side */
    uint8_t *submin;   /* least shore distance of a pixel centre in each
                          subcell (cells * sub * sub), whole px rounded
                          down, 255 if none or further (a quarter of a
                          float's 43 MB at 16384^2 px) */
    float *deep;       /* greatest distance in each cell */
    int *deep_px;      /* that pixel (y * w + x), -1 if the cell is dry */
    uint16_t *near;    /* per cell, bit sy * sub + sx: land or the shore
                          margin may be in reach from that subcell */
    uint32_t *threat;
    /* Water cells to spawn in: the deepest non-empty tier. */
    int *spawn;
    int nspawn;
    uint8_t *is_spawn; /* per cell: in that list */
} SeaCells;

struct Sea {
    const ShoreField *shore;
    SeaParams p;
    uint64_t seed;
    JobPool *pool, *own_pool;
    int threads;
    int simd; /* SEA_SIMD_*: the fish stage's copy (same results, faster) */

    /* Fish in storage order: the view. A step sorts them into the grid's
     * cell-ordered arrays (sx, sy, su, sv, sid: the state it reads) and
     * writes the new state back here in that order, so every store is
     * sequential; id[] says who is where. The grid's arrays are the second
     * buffer: a third copy (a back buffer beside them, swapped with this
     * one) cost 20 bytes a fish for nothing but a view readable while a
     * step is in flight. (Writing a copy by id as well cost a quarter of a
     * 100k-fish step.) */
    int n, cap;
    float *x, *y, *vx, *vy;
    int *id;

    /* Sharks by index, double-buffered: front is the view (readable while
     * a step is in flight), the step writes the other. */
    int front;
    int ns;
    float shx[2][SEA_MAX_SHARKS], shy[2][SEA_MAX_SHARKS];
    float shvx[2][SEA_MAX_SHARKS], shvy[2][SEA_MAX_SHARKS];
    int shark_target[SEA_MAX_SHARKS];          /* sorted fish index caught this step, -1 */
    uint64_t shark_full_until[SEA_MAX_SHARKS]; /* no hunting before this step */

    Grid grid;
    int grid_fresh; /* grid + storage order describe the front state */
    /* Fish respawned by the last step (storage indices): the grid still
     * files them under the cell they were eaten in. */
    int respawned[SEA_MAX_SHARKS];
    int nrespawned;

    SeaCells cells;
    uint32_t threat_stamp; /* cells.threat[c] == it: a flee source reaches c */

    SeaCircle hull[SEA_MAX_HULLS];
    int nhull;
    /* sea_set_focus: points (x, y pairs) spawns favour, and their reach. */
    float focus[2 * SEA_MAX_FOCUS];
    int nfocus;
    float focus_r;
    SeaScare scare[SEA_MAX_SCARES];
    int nscare;
    float cur_x, cur_y, cur_r;
    /* The cursor where the last step saw it, and its smoothed velocity. */
    float cur_px, cur_py, cur_vx, cur_vy;
    int cur_seen;

    /* Snapshot for the step in flight. */
    SeaThreat thr[SEA_MAX_THREATS];
    int nthr;
    SeaStepK k;
    SeaView bake_view;
    SeaBakeFn bake, run_bake; /* run_bake: the one the step in flight uses */
    void *bake_ctx, *run_bake_ctx;

    JobChain chain;
    int scheduled;
    uint64_t step;
    uint64_t eaten;
};

/* Counter-based hashing: the same (key, a, b) gives the same bits on any
 * thread, in any order. */
static inline uint64_t sea_mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static inline uint64_t sea_hash3(uint64_t key, uint64_t a, uint64_t b)
{
    return sea_mix64(key ^ (a * 0xd6e8feb86659fd93ull) ^ (b * 0xa0761d6478bd642full));
}

/* Uniform in [0, 1) from 24 bits of h starting at bit `shift`. */
static inline float sea_u01(uint64_t h, int shift)
{
    return (float)((h >> shift) & 0xffffffu) * (1.0f / 16777216.0f);
}

/* Salts keeping the random streams apart. */
enum {
    SEA_SALT_WANDER = 1,
    SEA_SALT_SCHOOL,
    SEA_SALT_FISH,
    SEA_SALT_RESPAWN,
    SEA_SALT_SHARK,
    SEA_SALT_SHARK_WANDER,
    SEA_SALT_FOCUS
};

/* ----------------------- steering shared by sea_shark.c and sea_step.c */

/* Wander keyframes: a new random direction every 2^SEA_WANDER_SHIFT steps,
 * blended smoothly, each creature at its own phase. */
#define SEA_WANDER_SHIFT 5

static inline float sea_maxf(float a, float b)
{
    return a > b ? a : b;
}

static inline float sea_minf(float a, float b)
{
    return a < b ? a : b;
}

/* max(lo, min(hi, v)), written to match SSE minps/maxps bit for bit
 * (NaN and signed zeros included). */
static inline float sea_clampf(float v, float lo, float hi)
{
    return sea_maxf(lo, sea_minf(hi, v));
}

/* 32-bit finaliser (lowbias32): cheap enough for every fish every step. */
static inline uint32_t sea_hash32(uint32_t x)
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
static inline void sea_wander(uint32_t key, uint32_t who, uint64_t step, float *wx, float *wy)
{
    uint32_t u = (uint32_t)step + ((who * 2654435761u) >> (32 - SEA_WANDER_SHIFT));
    uint32_t kf = u >> SEA_WANDER_SHIFT;
    float t =
        (float)(u & ((1u << SEA_WANDER_SHIFT) - 1)) * (1.0f / (float)(1u << SEA_WANDER_SHIFT));
    t = t * t * (3.0f - 2.0f * t);
    uint32_t base = key ^ who * 0x9e3779b1u;
    uint32_t h0 = sea_hash32(base ^ kf * 0x85ebca77u),
             h1 = sea_hash32(base ^ (kf + 1u) * 0x85ebca77u);
    const float k = 1.0f / 65536.0f;
    float x0 = (float)(h0 & 0xffffu) * k, y0 = (float)(h0 >> 16) * k;
    float x1 = (float)(h1 & 0xffffu) * k, y1 = (float)(h1 >> 16) * k;
    *wx = (x0 + (x1 - x0) * t) * 2.0f - 1.0f;
    *wy = (y0 + (y1 - y0) * t) * 2.0f - 1.0f;
}

/* Water at (x, y), which must be on the map (the stages clamp first;
 * sea_is_water checks). */
static inline int sea_water_at(const ShoreField *f, float x, float y)
{
    return shore_wet(f, (size_t)(int)y * (size_t)f->w + (size_t)(int)x);
}

/* The hard safety net: (nx, ny) is the proposed position (already on the
 * map), (x, y) the current one, which is water. Never leaves the creature
 * on land. A blocked creature slides: its velocity loses the part heading
 * into the shore (the gradient at (x, y)) and keeps its speed along the
 * coast, on the side it was already heading to, so it never reverses; it
 * moves along that slide if the water allows, else along one axis, else
 * it stays. */
static inline void sea_keep_wet(const ShoreField *f, const SeaStepK *K, float x, float y, float *nx,
                                float *ny, float *vx, float *vy)
{
    if (sea_water_at(f, *nx, *ny)) return;
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
    float sx = sea_clampf(x + *vx * K->dt, 0.0f, K->xmax),
          sy = sea_clampf(y + *vy * K->dt, 0.0f, K->ymax);
    if (sea_water_at(f, sx, sy)) {
        *nx = sx;
        *ny = sy;
    } else if (sea_water_at(f, *nx, y)) {
        *ny = y;
    } else if (sea_water_at(f, x, *ny)) {
        *nx = x;
    } else {
        *nx = x;
        *ny = y;
    }
}

/* Soft push back from the map edges: adds to (fx, fy), returns the
 * strength (0..1) of the strongest edge. */
static inline float sea_border_push(const SeaStepK *K, float x, float y, float k, float *fx,
                                    float *fy)
{
    float urg = 0.0f;
    if (x < K->border) {
        float st = 1.0f - x * K->inv_border;
        *fx += st * k;
        urg = sea_maxf(urg, st);
    } else if (x > K->xmax - K->border) {
        float st = 1.0f - (K->xmax - x) * K->inv_border;
        *fx -= st * k;
        urg = sea_maxf(urg, st);
    }
    if (y < K->border) {
        float st = 1.0f - y * K->inv_border;
        *fy += st * k;
        urg = sea_maxf(urg, st);
    } else if (y > K->ymax - K->border) {
        float st = 1.0f - (K->ymax - y) * K->inv_border;
        *fy -= st * k;
        urg = sea_maxf(urg, st);
    }
    return urg;
}

/* The sea's files call one way: sea.c (lifecycle, the step chain, the
 * view) calls the threat snapshot (sea_threat.c), the stages (sea_step.c,
 * sea_shark.c) and the spawning (sea_spawn.c); the stages call
 * sea_spawn.c; sea_spawn.c and sea_query.c (the queries) call none. */

/* ------------------------------------------------------- sea_step.c */

/* Step stages, in chain order with sea_stage_sharks between count and
 * fish (see sea_schedule). ctx is the Sea. */
void sea_stage_count(void *ctx, int begin, int end, int worker);
void sea_stage_fish(void *ctx, int begin, int end, int worker);
void sea_stage_bake(void *ctx, int begin, int end, int worker);

/* 1 when the fish stage's AVX2 copy can run on this CPU. */
enum { SEA_SIMD_SSE, SEA_SIMD_AVX2, SEA_SIMD_AVX512 };
/* The best copy of the fish stage this CPU runs, at most the one named
 * ("sse", "avx2"; NULL or anything else: no limit). */
int sea_simd_level(const char *limit);

/* ------------------------------------------------------ sea_shark.c */

/* The sharks' stage: sharks [begin, end) from the front buffer to the back
 * one, each also naming the fish it caught (shark_target). */
void sea_stage_sharks(void *ctx, int begin, int end, int worker);

/* ----------------------------------------------------- sea_threat.c */

/* Snapshot every flee source (sharks of the front buffer, hulls, live
 * scares, the cursor) into s->thr for the step about to run; tracks the
 * cursor's velocity and drops scares that have ended. */
void sea_gather_threats(Sea *s);

/* ------------------------------------------------------ sea_spawn.c */

/* Spawn fish ids [a, b) into slots [a, b) of the sea's fish, in schools
 * laid out from the seed; uses the step constants (s->k). */
void sea_spawn_fish(Sea *s, int a, int b);
/* Put shark i of the front buffer at a random point of a spawn cell,
 * cruising in a random direction, hungry. */
void sea_spawn_shark(Sea *s, int i);
/* A random open-water position for fish `id` respawning at `step`, out of
 * sight of the sharks in buffer `sbuf`. */
void sea_respawn_point(const Sea *s, int id, uint64_t step, int sbuf, float *x, float *y);
/* 1 when (x, y) is on the map and in water. */
int sea_is_water(const Sea *s, float x, float y);

#endif
