/* probe: a stimulus sea beside its control sea (same seed, map and fish):
 * how much emptier or fuller the disks along a cursor's, shark's or hull's
 * path are than the same disks left alone. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

const char *const BENCH_PROBE_NAMES[] = {"cursor", "shark", "hull", NULL};

/* Positions kept for the slots behind the stimulus: 3 s at 60 Hz, and one. */
#define PROBE_TRACK 192

typedef struct SlotDef {
    const char *name;
    float radius; /* px; 0: the stimulus's own radius */
    float behind; /* s */
} SlotDef;

static const SlotDef CURSOR_SLOTS[] = {{"inside", 0, 0}, {"track_1s", 0, 1}, {"track_2s", 0, 2}};
static const SlotDef SHARK_SLOTS[] = {{"r20", 20, 0},      {"r32", 32, 0},
                                      {"r40", 40, 0},      {"track_1s", 40, 1},
                                      {"track_2s", 40, 2}, {"track_3s", 40, 3}};
static const SlotDef HULL_SLOTS[] = {{"along", 0, 0}, {"wake_1s", 0, 1}, {"wake_2s", 0, 2}};

static void slots_for(const BenchProbeSetup *s, BenchProbeResult *out)
{
    const SlotDef *d = CURSOR_SLOTS;
    int n = (int)(sizeof CURSOR_SLOTS / sizeof *CURSOR_SLOTS);
    if (s->kind == BENCH_PROBE_SHARK) {
        d = SHARK_SLOTS;
        n = (int)(sizeof SHARK_SLOTS / sizeof *SHARK_SLOTS);
    } else if (s->kind == BENCH_PROBE_HULL) {
        d = HULL_SLOTS;
        n = (int)(sizeof HULL_SLOTS / sizeof *HULL_SLOTS);
    }
    out->radius = s->kind == BENCH_PROBE_CURSOR ? BENCH_CURSOR_RADIUS
                  : s->kind == BENCH_PROBE_HULL ? BENCH_SHIP_RADIUS
                                                : 0.0f;
    out->nslots = n;
    for (int i = 0; i < n; i++) {
        BenchProbeSlot *sl = &out->slot[i];
        sl->name = d[i].name;
        sl->radius = d[i].radius > 0.0f ? d[i].radius : out->radius;
        sl->behind = d[i].behind;
    }
}

/* Where the stimulus is after this step: the path for a cursor or hull,
 * the shark itself for a shark. */
static void stimulus_at(const BenchProbeSetup *s, const Sea *stim, const BenchShips *path, float *x,
                        float *y)
{
    if (s->kind == BENCH_PROBE_SHARK && s->stimulus) {
        SeaView v;
        sea_view(stim, &v);
        *x = v.sx[0];
        *y = v.sy[0];
        return;
    }
    *x = path->c[0].x;
    *y = path->c[0].y;
}

/* The stimulus for the coming step, in the stimulus sea only. */
static void apply_stimulus(const BenchProbeSetup *s, Sea *stim, const BenchShips *path)
{
    if (!s->stimulus) return;
    const SeaCircle *c = &path->c[0];
    if (s->kind == BENCH_PROBE_CURSOR) sea_set_cursor(stim, c->x, c->y, BENCH_CURSOR_RADIUS);
    if (s->kind == BENCH_PROBE_HULL) sea_set_hulls(stim, c, 1);
}

/* splitmix64, for the direction of each pass. */
static uint64_t mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* The school a pass aims at: the fish of ctrl with the most others within
 * BENCH_PROBE_AIM_R (a sample of at most ~512 fish, ties to the lowest
 * slot), and the mean velocity of the fish around it. 0 if no fish. */
static int aim(const Sea *ctrl, float *x, float *y, float *vx, float *vy)
{
    SeaView v;
    sea_view(ctrl, &v);
    if (v.fish <= 0) return 0;
    int stride = v.fish / 512 > 1 ? v.fish / 512 : 1, best = 0, most = -1;
    for (int i = 0; i < v.fish; i += stride) {
        int c = sea_count_within(ctrl, v.x[i], v.y[i], BENCH_PROBE_AIM_R);
        if (c > most) {
            most = c;
            best = i;
        }
    }
    *x = v.x[best];
    *y = v.y[best];
    double sx = 0.0, sy = 0.0;
    int n = 0;
    for (int i = 0; i < v.fish; i++) {
        float dx = v.x[i] - *x, dy = v.y[i] - *y;
        if (dx * dx + dy * dy > BENCH_PROBE_AIM_R * BENCH_PROBE_AIM_R) continue;
        sx += v.vx[i];
        sy += v.vy[i];
        n++;
    }
    *vx = (float)(sx / n);
    *vy = (float)(sy / n);
    return 1;
}

/* Seconds from the stimulus's start to the school at `speed`: at least
 * BENCH_PROBE_LEAD, and long enough to start BENCH_PROBE_START px out. */
static float lead_time(float speed)
{
    float t = speed > 0.0f ? BENCH_PROBE_START / speed : BENCH_PROBE_LEAD;
    return t > BENCH_PROBE_LEAD ? t : BENCH_PROBE_LEAD;
}

/* Set the path of pass k: a straight line that meets the aimed school
 * lead_time seconds from now, where it will be by then, from a direction
 * drawn for the pass (turned by 45 degrees until the start is clear water
 * on the map). Returns 0 when no start is. */
static int plan_pass(const BenchWorld *w, const BenchProbeSetup *s, const Sea *ctrl, int k,
                     float radius, float speed, BenchShips *path)
{
    float tx, ty, ux, uy;
    if (!aim(ctrl, &tx, &ty, &ux, &uy)) return 0;
    float lead = lead_time(speed);
    tx += ux * lead;
    ty += uy * lead;
    double a0 = 6.283185307179586 * (double)(mix(((uint64_t)s->seed << 32) ^ (uint64_t)k) >> 11) *
                (1.0 / 9007199254740992.0);
    float clear = radius > 1.0f ? radius : 1.0f;
    for (int t = 0; t < 8; t++) {
        double a = a0 + 0.7853981633974483 * t;
        float dx = (float)cos(a), dy = (float)sin(a);
        float x = tx - dx * speed * lead, y = ty - dy * speed * lead;
        int on_map = x >= clear && y >= clear && x <= (float)w->map.w - clear &&
                     y <= (float)w->map.h - clear;
        if (!on_map || !(shore_distance(&w->shore, x, y) >= clear)) continue;
        path->n = 1;
        path->c[0] = (SeaCircle){x, y, dx * speed, dy * speed, radius};
        return 1;
    }
    return 0;
}

/* Two seas from seed, stepped alike through the warmup. */
static int open_pair(const BenchWorld *w, const BenchProbeSetup *s, uint64_t seed, JobPool *pool,
                     Sea **stim, Sea **ctrl, Err *e)
{
    SeaParams p;
    sea_params_default(&p);
    *stim = *ctrl = NULL;
    if (sea_init(stim, &w->shore, &p, seed, s->fish, 0, pool, e) != 0) return -1;
    if (sea_init(ctrl, &w->shore, &p, seed, s->fish, 0, pool, e) != 0) {
        sea_deinit(*stim);
        *stim = NULL;
        return -1;
    }
    for (int k = 0; k < s->warmup; k++) {
        sea_step(*stim);
        sea_step(*ctrl);
    }
    return 0;
}

/* Pass k: the stimulus comes to a school and crosses it for
 * BENCH_PROBE_CROSS s; every slot's disk is sampled each step. */
static int run_pass(const BenchWorld *w, const BenchProbeSetup *s, Sea *stim, Sea *ctrl, int k,
                    BenchProbeResult *out, Err *e)
{
    const SeaParams *p = sea_params(ctrl);
    float speed = s->kind == BENCH_PROBE_SHARK ? p->shark_speed : s->speed;
    int steps = (int)lroundf((lead_time(speed) + BENCH_PROBE_CROSS) / p->dt);
    BenchShips path = {0};
    if (!plan_pass(w, s, ctrl, k, out->radius, speed, &path)) return 0;
    if (s->kind == BENCH_PROBE_SHARK && s->stimulus) {
        const SeaCircle *c = &path.c[0];
        if (sea_set_shark_count(stim, 1, e) != 0) return -1;
        if (sea_set_shark(stim, 0, c->x, c->y, c->vx, c->vy, e) != 0) return -1;
    }
    float tx[PROBE_TRACK], ty[PROBE_TRACK];
    double mins[BENCH_PROBE_SLOTS];
    int back[BENCH_PROBE_SLOTS];
    for (int i = 0; i < out->nslots; i++) {
        mins[i] = metrics_probe_min(out->slot[i].radius, p->neighbor_radius);
        back[i] = (int)lroundf(out->slot[i].behind / p->dt);
    }
    for (int t = 0; t < steps; t++) {
        if (s->kind != BENCH_PROBE_SHARK) bench_ships_step(&path, &w->shore, p->dt);
        apply_stimulus(s, stim, &path);
        sea_step(stim);
        sea_step(ctrl);
        float x, y;
        stimulus_at(s, stim, &path, &x, &y);
        tx[t % PROBE_TRACK] = x;
        ty[t % PROBE_TRACK] = y;
        for (int i = 0; i < out->nslots; i++) {
            if (back[i] > t || back[i] >= PROBE_TRACK) continue;
            int at = (t - back[i]) % PROBE_TRACK;
            metrics_probe_add(&out->slot[i].m, stim, ctrl, tx[at], ty[at], out->slot[i].radius,
                              mins[i]);
        }
    }
    out->passes++;
    out->steps += steps;
    return 0;
}

int bench_probe_run(const BenchWorld *w, const BenchProbeSetup *s, JobPool *pool,
                    BenchProbeResult *out, Err *e)
{
    memset(out, 0, sizeof *out);
    slots_for(s, out);
    out->map_w = w->map.w;
    out->map_h = w->map.h;
    uint64_t hs = 0xcbf29ce484222325ull, hc = hs;
    for (int k = 0; k < s->passes; k++) {
        /* pass 0 is the sea of the seed itself; then a new sea a pass, so
         * that the passes meet schools of many shapes */
        uint64_t seed = k == 0 ? s->seed : mix((uint64_t)s->seed * 1000003u + (uint64_t)k);
        Sea *stim, *ctrl;
        if (open_pair(w, s, seed, pool, &stim, &ctrl, e) != 0) return -1;
        int rc = run_pass(w, s, stim, ctrl, k, out, e);
        /* the seas' final states, folded over the passes */
        hs = (hs ^ sea_hash(stim)) * 0x100000001b3ull;
        hc = (hc ^ sea_hash(ctrl)) * 0x100000001b3ull;
        out->eaten += sea_eaten(stim);
        sea_deinit(ctrl);
        sea_deinit(stim);
        if (rc != 0) return -1;
    }
    for (int i = 0; i < out->nslots; i++) out->slot[i].ratio = metrics_probe_ratio(&out->slot[i].m);
    out->hash_stim = hs;
    out->hash_ctrl = hc;
    return 0;
}
