/* test_sea: the school stays in water on hostile maps, is deterministic for
 * any thread count, flees, schools, eats, and answers queries like brute
 * force. Maps are built in memory. */
#include "core/sea.h"

#include <math.h>
#include <stdint.h>

#include "core/mapgen.h"
#include "core/metrics.h"
#include "core/shore.h"
#include "testutil.h"

/* ------------------------------------------------------------ maps */

typedef struct World {
    int w, h;
    uint8_t *land;
    ShoreField shore;
} World;

static void world_bake(World *wd)
{
    Err e;
    ck_assert_msg(shore_bake(&wd->shore, wd->land, wd->w, wd->h, &e) == 0, "%s", e.msg);
}

static void world_new(World *wd, int w, int h, uint8_t fill)
{
    wd->w = w;
    wd->h = h;
    wd->land = malloc((size_t)w * (size_t)h);
    memset(wd->land, fill, (size_t)w * (size_t)h);
}

static void world_free(World *wd)
{
    shore_free(&wd->shore);
    free(wd->land);
}

static void set_px(World *wd, int x, int y, uint8_t v)
{
    if (x >= 0 && y >= 0 && x < wd->w && y < wd->h) wd->land[y * wd->w + x] = v;
}

static void fill_rect(World *wd, int x0, int y0, int x1, int y1, uint8_t v)
{
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) set_px(wd, x, y, v);
}

static void fill_disc(World *wd, float cx, float cy, float r, uint8_t v)
{
    for (int y = (int)(cy - r) - 1; y <= (int)(cy + r) + 1; y++)
        for (int x = (int)(cx - r) - 1; x <= (int)(cx + r) + 1; x++) {
            float dx = (float)x + 0.5f - cx, dy = (float)y + 0.5f - cy;
            if (dx * dx + dy * dy <= r * r) set_px(wd, x, y, v);
        }
}

/* Open water with one island in the middle. */
static void map_open(World *wd, int w, int h)
{
    world_new(wd, w, h, 0);
    fill_disc(wd, (float)w * 0.5f, (float)h * 0.5f, (float)(w < h ? w : h) * 0.12f, 1);
    world_bake(wd);
}

/* Two lakes joined by a 1-px and a 2-px channel, plus a diagonal 1-px
 * channel that is only 8-connected. */
static void map_channels(World *wd)
{
    world_new(wd, 200, 120, 1);
    fill_rect(wd, 10, 10, 70, 110, 0);
    fill_rect(wd, 130, 10, 190, 110, 0);
    fill_rect(wd, 70, 30, 130, 31, 0);
    fill_rect(wd, 70, 80, 130, 82, 0);
    for (int i = 0; i < 45; i++) set_px(wd, 70 + i, 40 + i, 0);
    world_bake(wd);
}

/* Open water salted with one-pixel islands. */
static void map_pepper(World *wd)
{
    world_new(wd, 160, 160, 0);
    for (int y = 3; y < 160; y += 7)
        for (int x = 2 + (y % 3); x < 160; x += 6) set_px(wd, x, y, 1);
    world_bake(wd);
}

/* Land with many small lakes, some a few pixels across. */
static void map_lakes(World *wd)
{
    world_new(wd, 180, 140, 1);
    uint32_t r = 77;
    for (int i = 0; i < 30; i++) {
        r = r * 1664525u + 1013904223u;
        float cx = (float)(r >> 8 & 0xff) * 180.0f / 256.0f;
        r = r * 1664525u + 1013904223u;
        float cy = (float)(r >> 8 & 0xff) * 140.0f / 256.0f;
        r = r * 1664525u + 1013904223u;
        fill_disc(wd, cx, cy, 2.0f + (float)(r >> 8 & 0xf), 0);
    }
    world_bake(wd);
}

/* Most of the water is thin 1-2 px lines far from the only deep pool,
 * which sits in the far corner. */
static void map_far_water(World *wd)
{
    world_new(wd, 220, 160, 1);
    fill_disc(wd, 190.0f, 130.0f, 22.0f, 0);
    for (int y = 4; y < 100; y += 6) fill_rect(wd, 2, y, 150, y + 1 + (y / 6) % 2, 0);
    fill_rect(wd, 2, 4, 3, 100, 0);
    fill_rect(wd, 149, 4, 150, 125, 0);
    fill_rect(wd, 149, 124, 190, 126, 0);
    world_bake(wd);
}

/* Water only in thin lines: no deep water anywhere. */
static void map_only_lines(World *wd)
{
    world_new(wd, 100, 80, 1);
    for (int y = 5; y < 80; y += 9) fill_rect(wd, 0, y, 100, y + 1, 0);
    for (int x = 7; x < 100; x += 23) fill_rect(wd, x, 0, x + 2, 80, 0);
    world_bake(wd);
}

static int is_water(const World *wd, float x, float y)
{
    if (!(x >= 0.0f) || !(y >= 0.0f) || !(x < (float)wd->w) || !(y < (float)wd->h)) return 0;
    return !wd->land[(size_t)(int)y * (size_t)wd->w + (size_t)(int)x];
}

/* Fish and sharks off the map or on land (by the mask itself). */
static int dry_count(const Sea *s, const World *wd)
{
    SeaView v;
    sea_view(s, &v);
    int dry = 0;
    for (int i = 0; i < v.fish; i++) dry += !is_water(wd, v.x[i], v.y[i]);
    for (int i = 0; i < v.sharks; i++) dry += !is_water(wd, v.sx[i], v.sy[i]);
    return dry;
}

/* The view's fish by id into x, y, vx, vy (each v->fish long); checks
 * that the view lists every id 0..fish-1 exactly once. */
static void view_by_id(const SeaView *v, float *x, float *y, float *vx, float *vy)
{
    unsigned char *seen = calloc((size_t)v->fish + 1, 1);
    ck_assert_ptr_nonnull(seen);
    for (int i = 0; i < v->fish; i++) {
        int id = v->id[i];
        ck_assert_msg(id >= 0 && id < v->fish && !seen[id], "slot %d: id %d twice or out of range",
                      i, id);
        seen[id] = 1;
        x[id] = v->x[i];
        y[id] = v->y[i];
        vx[id] = v->vx[i];
        vy[id] = v->vy[i];
    }
    free(seen);
}

static Sea *make_sea(const World *wd, const SeaParams *p, uint64_t seed, int fish, int sharks,
                     JobPool *pool)
{
    Sea *s = NULL;
    Err e;
    ck_assert_msg(sea_init(&s, &wd->shore, p, seed, fish, sharks, pool, &e) == 0, "%s", e.msg);
    return s;
}

/* ---------------------------------------------------------- params */

START_TEST(test_defaults_valid_and_fishlike)
{
    SeaParams p;
    sea_params_default(&p);
    Err e;
    ck_assert_msg(sea_params_validate(&p, &e) == 0, "%s", e.msg);
    ck_assert(p.neighbor_radius >= 16.0f && p.neighbor_radius <= 24.0f);
    ck_assert(p.min_speed >= 30.0f && p.max_speed <= 100.0f && p.min_speed < p.max_speed);
    ck_assert(p.shark_speed > p.max_speed);
    ck_assert(p.shark_force < p.max_force);
    ck_assert(p.brute == 0);
}
END_TEST

START_TEST(test_bad_params_refused_by_name)
{
    SeaParams d;
    sea_params_default(&d);
    Err e;
    SeaParams p;
#define REFUSE(stmt, name)                                                                         \
    do {                                                                                           \
        p = d;                                                                                     \
        stmt;                                                                                      \
        memset(e.msg, 0, sizeof e.msg);                                                            \
        ck_assert_int_eq(sea_params_validate(&p, &e), -1);                                         \
        ck_assert_msg(strstr(e.msg, name) != NULL, "message \"%s\" lacks %s", e.msg, name);        \
    } while (0)
    REFUSE(p.sep_weight = -1.0f, "sep_weight");
    REFUSE(p.ali_weight = NAN, "ali_weight");
    REFUSE(p.coh_weight = INFINITY, "coh_weight");
    REFUSE(p.wander_weight = -0.5f, "wander_weight");
    REFUSE(p.flee_weight = NAN, "flee_weight");
    REFUSE(p.shore_weight = -INFINITY, "shore_weight");
    REFUSE(p.neighbor_radius = 0.0f, "neighbor_radius");
    REFUSE(p.sep_radius = 0.0f, "sep_radius");
    REFUSE(p.sep_radius = -2.0f, "sep_radius");
    REFUSE(p.flee_radius = 0.0f, "flee_radius");
    REFUSE(p.shore_margin = NAN, "shore_margin");
    REFUSE(p.sep_radius = p.neighbor_radius + 1.0f, "sep_radius");
    REFUSE(p.min_speed = p.max_speed + 1.0f, "min_speed");
    REFUSE(p.min_speed = -1.0f, "min_speed");
    REFUSE(p.max_speed = 0.0f, "max_speed");
    REFUSE(p.max_force = NAN, "max_force");
    REFUSE(p.dt = 0.0f, "dt");
    REFUSE(p.dt = 0.2f, "dt");
    REFUSE(p.dt = NAN, "dt");
    REFUSE(p.shark_speed = -1.0f, "shark_speed");
    REFUSE(p.shark_force = 0.0f, "shark_force");
    REFUSE(p.shark_sight = 0.0f, "shark_sight");
    REFUSE(p.shark_catch = NAN, "shark_catch");
    REFUSE(p.max_speed = 5000.0f, "max_speed");
    REFUSE(p.brute = 2, "brute");
#undef REFUSE
    ck_assert_int_eq(sea_params_validate(&d, &e), 0);
}
END_TEST

START_TEST(test_init_refuses_bad_counts_and_dry_maps)
{
    World wd;
    map_open(&wd, 64, 64);
    SeaParams p;
    sea_params_default(&p);
    Sea *s = (Sea *)1;
    Err e = {{0}};
    ck_assert_int_eq(sea_init(&s, &wd.shore, &p, 1, -1, 0, NULL, &e), -1);
    ck_assert_ptr_null(s);
    ck_assert_ptr_nonnull(strstr(e.msg, "fish count"));
    ck_assert_int_eq(sea_init(&s, &wd.shore, &p, 1, 10, -2, NULL, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "shark count"));
    ck_assert_int_eq(sea_init(&s, &wd.shore, &p, 1, 10, SEA_MAX_SHARKS + 1, NULL, &e), -1);
    p.coh_weight = NAN;
    ck_assert_int_eq(sea_init(&s, &wd.shore, &p, 1, 10, 0, NULL, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "coh_weight"));
    world_free(&wd);

    World dry;
    world_new(&dry, 40, 30, 1);
    world_bake(&dry);
    sea_params_default(&p);
    ck_assert_int_eq(sea_init(&s, &dry.shore, &p, 1, 10, 0, NULL, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "no water"));
    ck_assert_int_eq(sea_init(&s, &dry.shore, &p, 1, 0, 1, NULL, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "no water"));
    /* An empty sea over dry land is fine, and stays empty. */
    ck_assert_int_eq(sea_init(&s, &dry.shore, &p, 1, 0, 0, NULL, &e), 0);
    sea_step(s);
    ck_assert_int_eq(sea_set_fish_count(s, 5, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "no water"));
    ck_assert_int_eq(sea_nearest_fish(s, 10.0f, 10.0f, 100.0f), -1);
    sea_deinit(s);
    world_free(&dry);
}
END_TEST

/* ---------------------------------------------------- determinism */

static uint64_t run_for_hash(const World *wd, int threads, int brute, int fish, int steps)
{
    JobPool *pool = NULL;
    Err e;
    if (threads > 0) ck_assert_int_eq(jobs_init(&pool, threads, &e), 0);
    SeaParams p;
    sea_params_default(&p);
    p.brute = brute;
    Sea *s = make_sea(wd, &p, 42, fish, 5, pool);
    for (int t = 0; t < steps; t++) {
        SeaCircle hulls[3] = {{20.0f + 0.8f * (float)t, 40.0f, 48.0f, 0.0f, 12.0f},
                              {250.0f, 200.0f - 0.5f * (float)t, 0.0f, -30.0f, 16.0f},
                              {150.0f, 30.0f, 0.0f, 0.0f, 10.0f}};
        sea_set_hulls(s, hulls, 3);
        if (t == 20) sea_add_scare(s, 100.0f, 100.0f, 50.0f, 0.5f);
        if (t == 60) sea_set_cursor(s, 200.0f, 60.0f, 40.0f);
        if (t == 120) sea_set_cursor(s, 0.0f, 0.0f, 0.0f);
        sea_step(s);
    }
    uint64_t h = sea_hash(s);
    sea_deinit(s);
    jobs_deinit(pool);
    return h;
}

/* The view lists each fish once, under its id, while sharks eat (fish
 * respawn far away) and counts change; sea_view_find finds any fish from
 * any hint, and nothing that is not there. */
START_TEST(test_view_lists_each_fish_once)
{
    World wd;
    map_open(&wd, 320, 240);
    SeaParams p;
    sea_params_default(&p);
    Sea *s = make_sea(&wd, &p, 9, 900, 6, NULL);
    enum { MOST = 1200 };
    float *buf = malloc(4 * MOST * sizeof *buf);
    ck_assert_ptr_nonnull(buf);
    int *slot = malloc(MOST * sizeof *slot);
    ck_assert_ptr_nonnull(slot);
    Err e;
    int moved = 0;
    for (int t = 0; t < 240; t++) {
        if (t == 100) ck_assert_int_eq(sea_set_fish_count(s, 1200, &e), 0);
        if (t == 170) ck_assert_int_eq(sea_set_fish_count(s, 700, &e), 0);
        SeaView v;
        sea_view(s, &v);
        for (int i = 0; i < v.fish; i++) slot[v.id[i]] = i;
        sea_step(s);
        sea_view(s, &v);
        view_by_id(&v, buf, buf + MOST, buf + 2 * MOST, buf + 3 * MOST);
        if (t % 20 != 0) continue;
        for (int id = 0; id < v.fish; id++) {
            /* The slot it had a step ago, a wrong one, and none. */
            int hint = slot[id] < v.fish ? slot[id] : v.fish - 1;
            int i = sea_view_find(&v, id, hint);
            ck_assert(i >= 0 && v.id[i] == id);
            ck_assert_int_eq(sea_view_find(&v, id, (hint * 7 + 13) % v.fish), i);
            ck_assert_int_eq(sea_view_find(&v, id, -1), i);
            moved += i != slot[id];
        }
        ck_assert_int_eq(sea_view_find(&v, v.fish, 0), -1);
        ck_assert_int_eq(sea_view_find(&v, -1, 0), -1);
    }
    ck_assert_msg(sea_eaten(s) > 0, "the sharks caught nothing");
    /* The order really changes: otherwise this test would prove little. */
    ck_assert_int_gt(moved, 0);
    free(slot);
    free(buf);
    sea_deinit(s);
    world_free(&wd);
}
END_TEST

START_TEST(test_same_hash_for_any_thread_count)
{
    World wd;
    map_open(&wd, 320, 240);
    uint64_t h1 = run_for_hash(&wd, 1, 0, tu_scale(3000, 1000), tu_scale(200, 130));
    uint64_t h0 = run_for_hash(&wd, 0, 0, tu_scale(3000, 1000), tu_scale(200, 130));
    uint64_t h2 = run_for_hash(&wd, 2, 0, tu_scale(3000, 1000), tu_scale(200, 130));
    uint64_t h8 = run_for_hash(&wd, 8, 0, tu_scale(3000, 1000), tu_scale(200, 130));
    ck_assert_msg(h1 == h2 && h1 == h8 && h1 == h0,
                  "hash 1t %016llx, no pool %016llx, 2t %016llx, 8t %016llx",
                  (unsigned long long)h1, (unsigned long long)h0, (unsigned long long)h2,
                  (unsigned long long)h8);
    /* Enough fish for the grid to split its build three and four ways,
     * which takes its parallel prefix stage. */
    uint64_t b1 = run_for_hash(&wd, 1, 0, 17000, 12);
    uint64_t b3 = run_for_hash(&wd, 3, 0, 17000, 12);
    uint64_t b4 = run_for_hash(&wd, 4, 0, 17000, 12);
    ck_assert_msg(b1 == b3 && b1 == b4, "hash 1t %016llx, 3t %016llx, 4t %016llx",
                  (unsigned long long)b1, (unsigned long long)b3, (unsigned long long)b4);
    world_free(&wd);
}
END_TEST

/* A focused sea (sea_set_focus before the first step, then moved while it
 * runs, sharks eating): the fish gather round the focus, the sea is the
 * same on any thread count, and a focus set again unchanged does nothing. */
static uint64_t focused_hash(const World *wd, int threads, int steps, int *near, int *near_plain)
{
    JobPool *pool = NULL;
    Err e;
    if (threads > 0) ck_assert_int_eq(jobs_init(&pool, threads, &e), 0);
    SeaParams p;
    sea_params_default(&p);
    Sea *plain = make_sea(wd, &p, 42, 3000, 0, NULL);
    Sea *s = make_sea(wd, &p, 42, 3000, 12, pool);
    const float pt[4] = {80.0f, 70.0f, 240.0f, 170.0f};
    ck_assert_int_eq(sea_set_focus(s, pt, 2, 60.0f), 1);
    ck_assert_int_eq(sea_set_focus(s, pt, 2, 60.0f), 0);
    *near = sea_count_within(s, 80.0f, 70.0f, 60.0f) + sea_count_within(s, 240.0f, 170.0f, 60.0f);
    *near_plain = sea_count_within(plain, 80.0f, 70.0f, 60.0f) +
                  sea_count_within(plain, 240.0f, 170.0f, 60.0f);
    sea_deinit(plain);
    for (int t = 0; t < steps; t++) {
        float moved[4] = {80.0f + 0.2f * (float)t, 70.0f, 240.0f, 170.0f - 0.2f * (float)t};
        ck_assert_int_eq(sea_set_focus(s, moved, 2, 60.0f), 0);
        sea_step(s);
    }
    ck_assert_uint_gt(sea_eaten(s), 0);
    uint64_t h = sea_hash(s);
    sea_deinit(s);
    if (pool) jobs_deinit(pool);
    return h;
}

START_TEST(test_focus_gathers_fish_the_same_on_any_thread_count)
{
    World wd;
    map_open(&wd, 320, 240);
    int steps = tu_scale(400, 200), n1, n2, plain;
    uint64_t h1 = focused_hash(&wd, 1, steps, &n1, &plain);
    uint64_t h2 = focused_hash(&wd, 2, steps, &n2, &plain);
    ck_assert_msg(h1 == h2, "hash 1t %016llx, 2t %016llx", (unsigned long long)h1,
                  (unsigned long long)h2);
    ck_assert_int_eq(n1, n2);
    /* Half the schools go near two discs, a third of the water (the
     * schools' own discs spill past them). */
    ck_assert_msg(10 * n1 > 13 * plain, "%d fish near the focus, %d without one", n1, plain);
    world_free(&wd);
}
END_TEST

/* A sea made on one thread (a loader's) and handed to a pool of two, its
 * shore struct moved meanwhile, steps as one made on that pool: enough
 * fish that the two-thread grid build splits in two. */
static uint64_t handed_over_hash(const World *wd, int made_on_pool, int fish, int steps)
{
    JobPool *pool = NULL;
    Err e;
    ck_assert_int_eq(jobs_init(&pool, 2, &e), 0);
    SeaParams p;
    sea_params_default(&p);
    Sea *s = make_sea(wd, &p, 42, fish, 5, made_on_pool ? pool : NULL);
    ShoreField moved = wd->shore;
    if (!made_on_pool) {
        sea_shore_moved(s, &moved);
        ck_assert_msg(sea_set_pool(s, pool, &e) == 0, "%s", e.msg);
    }
    for (int t = 0; t < steps; t++) {
        SeaCircle hull = {20.0f + 0.8f * (float)t, 40.0f, 48.0f, 0.0f, 12.0f};
        sea_set_hulls(s, &hull, 1);
        sea_step(s);
    }
    uint64_t h = sea_hash(s);
    sea_deinit(s);
    jobs_deinit(pool);
    return h;
}

START_TEST(test_a_sea_handed_to_a_pool_steps_as_one_made_on_it)
{
    World wd;
    map_open(&wd, 320, 240);
    int fish = tu_scale(17000, 9000);
    uint64_t direct = handed_over_hash(&wd, 1, fish, 50);
    uint64_t handed = handed_over_hash(&wd, 0, fish, 50);
    ck_assert_msg(direct == handed, "made on the pool %016llx, handed to it %016llx",
                  (unsigned long long)direct, (unsigned long long)handed);
    world_free(&wd);
}
END_TEST

START_TEST(test_brute_force_matches_grid)
{
    World wd;
    map_open(&wd, 320, 240);
    uint64_t g = run_for_hash(&wd, 2, 0, 700, 80);
    uint64_t b = run_for_hash(&wd, 2, 1, 700, 80);
    ck_assert_msg(g == b, "grid %016llx, brute %016llx", (unsigned long long)g,
                  (unsigned long long)b);
    world_free(&wd);
}
END_TEST

START_TEST(test_seed_changes_the_sea)
{
    World wd;
    map_open(&wd, 200, 200);
    SeaParams p;
    sea_params_default(&p);
    Sea *a = make_sea(&wd, &p, 1, 500, 2, NULL), *b = make_sea(&wd, &p, 2, 500, 2, NULL);
    ck_assert(sea_hash(a) != sea_hash(b));
    uint64_t before = sea_hash(a);
    sea_step(a);
    ck_assert(sea_hash(a) != before);
    sea_deinit(a);
    sea_deinit(b);
    world_free(&wd);
}
END_TEST

/* -------------------------------------------------- staying in water */

static void run_hostile(World *wd, const SeaParams *p, int fish, int sharks, int steps)
{
    JobPool *pool;
    Err e;
    ck_assert_int_eq(jobs_init(&pool, 2, &e), 0);
    Sea *s = make_sea(wd, p, 9, fish, sharks, pool);
    ck_assert_int_eq(dry_count(s, wd), 0);
    for (int t = 0; t < steps; t++) {
        if (t % 97 == 0) {
            SeaView v;
            sea_view(s, &v);
            /* A hull over a fish, driving at the shore. */
            SeaCircle hull = {v.x[t % v.fish], v.y[t % v.fish], 40.0f, -25.0f, 9.0f};
            sea_set_hulls(s, &hull, 1);
            sea_add_scare(s, v.x[(t * 7) % v.fish], v.y[(t * 7) % v.fish], 30.0f, 0.3f);
        }
        sea_step(s);
        int dry = dry_count(s, wd);
        ck_assert_msg(dry == 0, "step %d: %d fish or sharks on land or off the map", t, dry);
    }
    SeaView v;
    sea_view(s, &v);
    ck_assert_int_eq(v.fish, fish);
    ck_assert_int_eq(v.sharks, sharks);
    for (int i = 0; i < v.fish; i++) ck_assert(isfinite(v.vx[i]) && isfinite(v.vy[i]));
    sea_deinit(s);
    jobs_deinit(pool);
}

START_TEST(test_no_fish_on_land_hostile_maps)
{
    void (*maps[])(World *) = {map_channels, map_pepper, map_lakes, map_far_water, map_only_lines};
    SeaParams p;
    sea_params_default(&p);
    for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++) {
        World wd;
        maps[m](&wd);
        run_hostile(&wd, &p, 400, 3, tu_scale(1200, 300));
        world_free(&wd);
    }
}
END_TEST

START_TEST(test_no_fish_on_land_fast_fish)
{
    /* Fish that cross most of a cell per step test the safety net, not
     * the gentle shore steering. */
    SeaParams p;
    sea_params_default(&p);
    p.max_speed = 1100.0f;
    p.flee_speed = 1100.0f;
    p.min_speed = 600.0f;
    p.shark_speed = 1150.0f;
    p.max_force = 3000.0f;
    p.shore_weight = 0.0f;
    void (*maps[])(World *) = {map_channels, map_pepper, map_far_water};
    for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++) {
        World wd;
        maps[m](&wd);
        run_hostile(&wd, &p, 300, 2, tu_scale(600, 200));
        world_free(&wd);
    }
}
END_TEST

START_TEST(test_count_changes_keep_fish_wet)
{
    World wd;
    map_channels(&wd);
    SeaParams p;
    sea_params_default(&p);
    JobPool *pool;
    Err e;
    ck_assert_int_eq(jobs_init(&pool, 2, &e), 0);
    Sea *s = make_sea(&wd, &p, 5, 300, 2, pool);
    const int counts[] = {1200, 40, 800, 0, 90, 2000};
    float keep_x[40], keep_y[40];
    enum { MOST = 2000 };
    float *bx = malloc(4 * MOST * sizeof *bx);
    ck_assert_ptr_nonnull(bx);
    float *by = bx + MOST, *bvx = by + MOST, *bvy = bvx + MOST;
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        for (int t = 0; t < 60; t++) {
            /* Change counts with a step in flight, too. */
            if (t == 30)
                sea_schedule(s);
            else
                sea_step(s);
            ck_assert_int_eq(dry_count(s, &wd), 0);
        }
        SeaView v;
        sea_view(s, &v);
        int keep = v.fish < counts[c] ? v.fish : counts[c];
        keep = keep < 40 ? keep : 40;
        view_by_id(&v, bx, by, bvx, bvy);
        for (int i = 0; i < keep; i++) {
            keep_x[i] = bx[i];
            keep_y[i] = by[i];
        }
        ck_assert_msg(sea_set_fish_count(s, counts[c], &e) == 0, "%s", e.msg);
        sea_view(s, &v);
        ck_assert_int_eq(v.fish, counts[c]);
        /* Fish keep their id: the survivors did not move. */
        view_by_id(&v, bx, by, bvx, bvy);
        for (int i = 0; i < keep; i++) ck_assert(bx[i] == keep_x[i] && by[i] == keep_y[i]);
        ck_assert_int_eq(dry_count(s, &wd), 0);
    }
    ck_assert_int_eq(sea_set_fish_count(s, -1, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "fish count"));
    ck_assert_int_eq(sea_set_fish_count(s, SEA_MAX_FISH + 1, &e), -1);
    ck_assert_int_eq(sea_set_shark_count(s, 10, &e), 0);
    ck_assert_int_eq(sea_set_shark_count(s, SEA_MAX_SHARKS + 1, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "shark count"));
    for (int t = 0; t < 50; t++) {
        sea_step(s);
        ck_assert_int_eq(dry_count(s, &wd), 0);
    }
    ck_assert_int_eq(sea_set_shark_count(s, 1, &e), 0);
    SeaView v;
    sea_view(s, &v);
    ck_assert_int_eq(v.sharks, 1);
    /* A count change with a step in flight finishes the step first. */
    sea_schedule(s);
    ck_assert_int_eq(sea_set_fish_count(s, 500, &e), 0);
    ck_assert_int_eq(dry_count(s, &wd), 0);
    sea_step(s);
    ck_assert_int_eq(dry_count(s, &wd), 0);
    free(bx);
    sea_deinit(s);
    jobs_deinit(pool);
    world_free(&wd);
}
END_TEST

/* ----------------------------------------------------- behaviour */

/* Fish (none afraid: no sharks, hulls or scares) whose velocity turned by
 * more than max_angle radians in one step, summed over `steps` steps. */
static long sharp_turns(const World *wd, int fish, int steps, double max_angle)
{
    SeaParams p;
    sea_params_default(&p);
    Sea *s = make_sea(wd, &p, 5, fish, 0, NULL);
    /* Velocities by id: before the step (o*) and after (n*). */
    float *buf = malloc(8 * (size_t)fish * sizeof *buf);
    ck_assert_ptr_nonnull(buf);
    float *ox = buf, *oy = ox + fish, *ovx = oy + fish, *ovy = ovx + fish;
    float *nx = ovy + fish, *ny = nx + fish, *nvx = ny + fish, *nvy = nvx + fish;
    double c = cos(max_angle);
    long sharp = 0;
    for (int t = 0; t < steps; t++) {
        SeaView v;
        sea_view(s, &v);
        view_by_id(&v, ox, oy, ovx, ovy);
        sea_step(s);
        sea_view(s, &v);
        view_by_id(&v, nx, ny, nvx, nvy);
        for (int i = 0; i < fish; i++) {
            double dot = (double)ovx[i] * nvx[i] + (double)ovy[i] * nvy[i];
            double len = hypot(ovx[i], ovy[i]) * hypot(nvx[i], nvy[i]);
            sharp += dot < c * len - 1e-6 * len;
        }
    }
    free(buf);
    sea_deinit(s);
    return sharp;
}

/* However crowded, a calm fish in open water turns at most ~200 degrees a
 * second (3.5 rad/s): the school bends instead of spinning on the spot. */
START_TEST(test_calm_fish_turn_smoothly)
{
    World wd;
    world_new(&wd, 200, 200, 0);
    world_bake(&wd);
    SeaParams p;
    sea_params_default(&p);
    long sharp = sharp_turns(&wd, 1200, 240, 3.5 * (double)p.dt * 1.001);
    ck_assert_msg(sharp == 0, "%ld fish-steps turned faster than 3.5 rad/s", sharp);
    world_free(&wd);
}
END_TEST

/* Crowded fish at a coast never bounce off it: nothing (steering, braking
 * at the coast or the safety net) turns a fish back in one step. The
 * safety net's slide turns a fish head-on to the coast by up to 90
 * degrees, plus its ordinary turn and the change of the coast's direction
 * between pixels: 108 degrees leaves room for those, a bounce (a mirror
 * about the coast) turns more. */
START_TEST(test_fish_never_bounce_off_the_coast)
{
    void (*maps[])(World *) = {map_channels, map_pepper, map_lakes};
    for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++) {
        World wd;
        maps[m](&wd);
        long back = sharp_turns(&wd, 600, tu_scale(600, 200), 0.6 * 3.14159265358979);
        ck_assert_msg(back == 0, "map %zu: %ld fish-steps turned back by more than 108 degrees", m,
                      back);
        world_free(&wd);
    }
}
END_TEST

/* On a generated coast full of small coves, at the bench's density, no
 * fish turns back and forth at the shore (the README's shore_jitter: three
 * reversals within a second inside the margin). Fish heading for a coast
 * brake and turn away at their own pace; when the coast turned them along
 * itself at once, fish circling in coves did (30 here over 600 steps). */
START_TEST(test_no_shore_jitter_in_coves)
{
    MapGenParams mp;
    mapgen_defaults(&mp);
    mp.seed = 3;
    mp.w = mp.h = 512;
    mp.land = 0.2f;
    mp.islands = 4;
    Map map;
    Err e;
    ck_assert_msg(mapgen_generate(&map, &mp, &e) == 0, "%s", e.msg);
    World wd = {map.w, map.h, map.land, {0}};
    world_bake(&wd);
    SeaParams p;
    sea_params_default(&p);
    int fish = 1000;
    Sea *s = make_sea(&wd, &p, 11, fish, 0, NULL);
    MetricsConfig mc;
    metrics_config_from_params(&mc, &p);
    MetricsCtx m;
    ck_assert_msg(metrics_init(&m, &mc, &wd.shore, fish, NULL, &e) == 0, "%s", e.msg);
    Metrics r;
    for (int t = 0; t < 600; t++) {
        SeaView v;
        sea_view(s, &v);
        ck_assert_msg(metrics_observe(&m, &v, &e) == 0, "%s", e.msg);
        sea_step(s);
    }
    SeaView v;
    sea_view(s, &v);
    ck_assert_msg(metrics_compute(&m, &v, &r, &e) == 0, "%s", e.msg);
    /* The coast was visited: reversals in the margin happened. */
    ck_assert(r.shore_reversals > 100);
    ck_assert_int_eq(r.fish_on_land, 0);
    ck_assert_msg(r.shore_jitter == 0, "%d fish jittered at the shore", r.shore_jitter);
    metrics_deinit(&m);
    sea_deinit(s);
    shore_free(&wd.shore);
    map_free(&map);
}
END_TEST

/* Mean over fish of |mean unit heading of the fish within radius r|. */
static double local_polarization(const SeaView *v, float r)
{
    double total = 0.0;
    for (int i = 0; i < v->fish; i++) {
        double ux = 0.0, uy = 0.0;
        int n = 0;
        for (int j = 0; j < v->fish; j++) {
            float dx = v->x[j] - v->x[i], dy = v->y[j] - v->y[i];
            if (dx * dx + dy * dy > r * r) continue;
            double sp = hypot(v->vx[j], v->vy[j]);
            if (sp <= 0.0) continue;
            ux += v->vx[j] / sp;
            uy += v->vy[j] / sp;
            n++;
        }
        total += hypot(ux, uy) / (double)n;
    }
    return total / (double)v->fish;
}

/* Local polarization of a sea of seed 3 averaged over steps 100-400 (every
 * 50), and its value at the start. */
static double mean_polarization(const World *wd, const SeaParams *p, double *start)
{
    Sea *s = make_sea(wd, p, 3, 160, 0, NULL);
    SeaView v;
    sea_view(s, &v);
    *start = local_polarization(&v, 2.0f * p->neighbor_radius);
    double sum = 0.0;
    int n = 0;
    for (int t = 1; t <= 400; t++) {
        sea_step(s);
        if (t >= 100 && t % 50 == 0) {
            sea_view(s, &v);
            sum += local_polarization(&v, 2.0f * p->neighbor_radius);
            n++;
        }
    }
    sea_deinit(s);
    return sum / n;
}

START_TEST(test_school_forms_from_random_start)
{
    World wd;
    world_new(&wd, 400, 400, 0);
    world_bake(&wd);
    SeaParams p;
    sea_params_default(&p);
    double before, control_start;
    double after = mean_polarization(&wd, &p, &before);
    ck_assert_msg(before < 0.6 && after > 0.75 && after > before + 0.3, "polarization %.3f -> %.3f",
                  before, after);
    /* Without alignment the headings order less: cohesion alone lines up
     * fish that follow one another (0.69 over the same steps against
     * 0.82 with alignment, when measured). */
    p.ali_weight = 0.0f;
    double control = mean_polarization(&wd, &p, &control_start);
    ck_assert_msg(control < after - 0.08, "no alignment %.3f vs %.3f", control, after);
    world_free(&wd);
}
END_TEST

/* The shark parked in the middle of a school: the mean distance from it to
 * the fish that started near it, before (d0) and after (d1) 30 steps (half
 * a second: a fleeing fish needs about 0.3 s to turn and burst), and
 * the share of those fish still within half the flee radius (left). */
static void flee_run(const World *wd, float flee_weight, double *d0, double *d1, double *left)
{
    SeaParams p;
    sea_params_default(&p);
    p.flee_weight = flee_weight;
    p.shark_speed = 0.01f;
    p.shark_force = 0.01f;
    p.shark_catch = 0.01f;
    Sea *s = make_sea(wd, &p, 11, 600, 1, NULL);
    for (int t = 0; t < 120; t++) sea_step(s);
    /* Park the shark on the fish with the most company. */
    SeaView v;
    sea_view(s, &v);
    int best = 0, best_n = -1;
    for (int i = 0; i < v.fish; i += 3) {
        int n = sea_count_within(s, v.x[i], v.y[i], 40.0f);
        if (n > best_n) {
            best_n = n;
            best = i;
        }
    }
    ck_assert_int_ge(best_n, 10);
    Err e;
    float sx = v.x[best], sy = v.y[best];
    ck_assert_int_eq(sea_set_shark(s, 0, sx, sy, 0.0f, 0.0f, &e), 0);
    sea_view(s, &v);
    int ids[600], n = 0;
    double sum = 0.0;
    for (int i = 0; i < v.fish; i++) {
        double d = hypot(v.x[i] - sx, v.y[i] - sy);
        if (d < p.flee_radius * 0.7) {
            ids[n++] = v.id[i];
            sum += d;
        }
    }
    ck_assert_int_ge(n, 10);
    *d0 = sum / n;
    for (int t = 0; t < 30; t++) sea_step(s);
    sea_view(s, &v);
    sum = 0.0;
    int near = 0;
    for (int k = 0; k < n; k++) {
        int i = sea_view_find(&v, ids[k], -1);
        ck_assert_int_ge(i, 0);
        double d = hypot(v.x[i] - v.sx[0], v.y[i] - v.sy[0]);
        sum += d;
        near += d < p.flee_radius * 0.5;
    }
    *d1 = sum / n;
    *left = (double)near / n;
    ck_assert(hypot(v.sx[0] - sx, v.sy[0] - sy) < 1.0);
    sea_deinit(s);
}

START_TEST(test_fish_flee_a_shark)
{
    World wd;
    world_new(&wd, 500, 500, 0);
    world_bake(&wd);
    double d0, d1, left, c0, c1, cleft;
    flee_run(&wd, 3.0f, &d0, &d1, &left);
    flee_run(&wd, 0.0f, &c0, &c1, &cleft);
    ck_assert_msg(d1 > d0 + 15.0, "fleeing: mean distance %.1f -> %.1f", d0, d1);
    /* A school swims on anyway; without fleeing much of it passes over
     * the shark, fleeing fish clear out. */
    ck_assert_msg(left < 0.5 * cleft, "still near: fleeing %.2f, not fleeing %.2f", left, cleft);
    world_free(&wd);
}
END_TEST

START_TEST(test_fish_part_around_a_hull)
{
    World wd;
    world_new(&wd, 500, 300, 0);
    world_bake(&wd);
    SeaParams p;
    sea_params_default(&p);
    Sea *s = make_sea(&wd, &p, 4, 1500, 0, NULL);
    for (int t = 0; t < 60; t++) sea_step(s);
    /* A hull sweeping across the sea; count fish inside it each step. */
    int inside = 0, steps = 0;
    for (int t = 0; t < 240; t++) {
        SeaCircle h = {40.0f + 1.5f * (float)t, 150.0f, 90.0f, 0.0f, 14.0f};
        sea_set_hulls(s, &h, 1);
        sea_step(s);
        if (t > 30) {
            inside += sea_count_within(s, h.x + 1.5f, h.y, h.radius * 0.8f);
            steps++;
        }
    }
    SeaView v;
    sea_view(s, &v);
    /* The same disc away from the hull, for the density it would see. */
    int open = 0;
    for (int i = 0; i < v.fish; i += 5)
        open += sea_count_within(s, v.x[i], v.y[i], 14.0f * 0.8f) - 1;
    double mean_inside = (double)inside / steps, mean_open = (double)open / (v.fish / 5);
    ck_assert_msg(mean_inside < 0.25 * mean_open, "inside the hull %.2f fish, open water %.2f",
                  mean_inside, mean_open);
    sea_deinit(s);
    world_free(&wd);
}
END_TEST

/* ------------------------------------------------------- queries */

static void check_queries(const Sea *s, uint32_t salt)
{
    SeaView v;
    sea_view(s, &v);
    uint32_t r = 2463534242u ^ salt;
    for (int q = 0; q < 60; q++) {
        r ^= r << 13;
        r ^= r >> 17;
        r ^= r << 5;
        float qx, qy;
        if (q % 3 == 0 && v.fish > 0) {
            qx = v.x[r % (uint32_t)v.fish];
            qy = v.y[r % (uint32_t)v.fish];
        } else {
            qx = (float)(r & 0x3ff) * 0.3f - 20.0f;
            qy = (float)((r >> 10) & 0x3ff) * 0.25f - 20.0f;
        }
        const float radii[] = {0.0f, 4.0f, 20.0f, 55.0f, 1e6f};
        for (size_t k = 0; k < sizeof radii / sizeof radii[0]; k++) {
            float rr = radii[k];
            int best = -1, count = 0;
            float bd2 = 0.0f;
            for (int i = 0; i < v.fish; i++) {
                float dx = v.x[i] - qx, dy = v.y[i] - qy;
                float d2 = dx * dx + dy * dy;
                if (!(d2 <= rr * rr)) continue;
                count++;
                /* The view lists fish in cell order: ties go to the lower id. */
                if (best < 0 || d2 < bd2 || (d2 == bd2 && v.id[i] < best)) {
                    best = v.id[i];
                    bd2 = d2;
                }
            }
            ck_assert_msg(sea_nearest_fish(s, qx, qy, rr) == best,
                          "nearest to (%g, %g) within %g: sea %d, brute %d", (double)qx, (double)qy,
                          (double)rr, sea_nearest_fish(s, qx, qy, rr), best);
            ck_assert_int_eq(sea_count_within(s, qx, qy, rr), count);
        }
    }
}

START_TEST(test_queries_match_brute_force)
{
    World wd;
    map_lakes(&wd);
    SeaParams p;
    sea_params_default(&p);
    p.shark_catch = 9.0f; /* plenty of respawns */
    JobPool *pool;
    Err e;
    ck_assert_int_eq(jobs_init(&pool, 2, &e), 0);
    Sea *s = make_sea(&wd, &p, 21, 900, 8, pool);
    check_queries(s, 0);
    uint64_t eaten = 0;
    for (int t = 0; t < 150; t++) {
        sea_step(s);
        if (t % 5 == 0 || sea_eaten(s) != eaten) check_queries(s, (uint32_t)t);
        eaten = sea_eaten(s);
        ck_assert_int_eq(dry_count(s, &wd), 0);
    }
    ck_assert_msg(sea_eaten(s) > 0, "the sharks caught nothing");
    SeaView v;
    sea_view(s, &v);
    ck_assert_int_eq(v.fish, 900);
    /* Stale grid after a count change, then fresh again after a step. */
    ck_assert_int_eq(sea_set_fish_count(s, 1300, &e), 0);
    check_queries(s, 7);
    sea_step(s);
    check_queries(s, 9);
    ck_assert_int_eq(sea_nearest_fish(s, NAN, 0.0f, 10.0f), -1);
    ck_assert_int_eq(sea_nearest_fish(s, 0.0f, 0.0f, -1.0f), -1);
    ck_assert_int_eq(sea_count_within(s, 0.0f, 0.0f, NAN), 0);
    sea_deinit(s);
    jobs_deinit(pool);
    world_free(&wd);
}
END_TEST

/* --------------------------------------------- view, bake, params */

typedef struct BakeLog {
    int n;
    int *hits;
    float *x;
    uint64_t step;
} BakeLog;

static void bake_fn(void *ctx, const SeaView *v, int begin, int end)
{
    BakeLog *b = ctx;
    for (int i = begin; i < end; i++) {
        b->hits[i]++;
        b->x[i] = v->x[i];
    }
    if (begin == 0) b->step = v->step;
}

START_TEST(test_bake_sees_the_new_state_once)
{
    World wd;
    map_open(&wd, 200, 160);
    SeaParams p;
    sea_params_default(&p);
    JobPool *pool;
    Err e;
    ck_assert_int_eq(jobs_init(&pool, 3, &e), 0);
    Sea *s = make_sea(&wd, &p, 8, 5000, 2, pool);
    BakeLog b = {5000, calloc(5000, sizeof(int)), calloc(5000, sizeof(float)), 0};
    sea_set_bake(s, bake_fn, &b);
    for (int t = 0; t < 5; t++) {
        SeaView before;
        sea_view(s, &before);
        uint64_t step0 = before.step;
        memset(b.hits, 0, 5000 * sizeof(int));
        float sx0 = before.sx[1];
        sea_schedule(s);
        /* While the step runs its fish stage writes the fish: a view then
         * lists none, but the sharks (double-buffered) stay readable. */
        SeaView during;
        sea_view(s, &during);
        ck_assert(during.fish == 0 && !during.x && !during.id && during.step == step0);
        ck_assert(during.sharks == 2 && during.sx[1] == sx0);
        sea_complete(s);
        SeaView after;
        sea_view(s, &after);
        ck_assert(after.step == step0 + 1);
        ck_assert_int_eq((int)b.step, (int)after.step);
        for (int i = 0; i < 5000; i++) {
            ck_assert_int_eq(b.hits[i], 1);
            ck_assert(b.x[i] == after.x[i]);
        }
    }
    sea_set_bake(s, NULL, NULL);
    memset(b.hits, 0, 5000 * sizeof(int));
    sea_step(s);
    ck_assert_int_eq(b.hits[0], 0);
    free(b.hits);
    free(b.x);
    sea_deinit(s);
    jobs_deinit(pool);
    world_free(&wd);
}
END_TEST

/* Frames to fixed steps: time carries over, a backlog past the cap is
 * dropped but for the fraction of a step, and time never runs backwards. */
START_TEST(test_steps_due)
{
    const double step = 1.0 / 60.0;
    double acc = 0.0;
    ck_assert_int_eq(sea_steps_due(&acc, 0.5 * step, step, 4), 0);
    ck_assert_int_eq(sea_steps_due(&acc, 0.75 * step, step, 4), 1);
    ck_assert_double_eq_tol(acc, 0.25 * step, 1e-12);
    /* 100 frames at 50 Hz: 120 steps in all, never more than 2 at once. */
    acc = 0.0;
    int total = 0;
    for (int f = 0; f < 100; f++) {
        int n = sea_steps_due(&acc, 0.02, step, 4);
        ck_assert(n == 1 || n == 2);
        total += n;
    }
    ck_assert_int_ge(total, 119);
    ck_assert_int_le(total, 120);
    /* A stall of a second: 4 steps, then only the fraction is left. */
    acc = 0.0;
    ck_assert_int_eq(sea_steps_due(&acc, 1.0 + 0.5 * step, step, 4), 4);
    ck_assert(acc >= 0.0 && acc < step);
    ck_assert_int_eq(sea_steps_due(&acc, 0.0, step, 4), 0);
    double before = acc;
    ck_assert_int_eq(sea_steps_due(&acc, -1.0, step, 4), 0);
    ck_assert_double_eq(acc, before);
}
END_TEST

START_TEST(test_params_change_live)
{
    World wd;
    map_channels(&wd);
    SeaParams p;
    sea_params_default(&p);
    Sea *s = make_sea(&wd, &p, 6, 600, 2, NULL);
    Err e;
    for (int t = 0; t < 30; t++) sea_step(s);
    SeaParams q = p;
    q.sep_weight = 5.0f;
    q.neighbor_radius = 30.0f;
    q.sep_radius = 12.0f;
    q.shore_margin = 10.0f;
    ck_assert_msg(sea_set_params(s, &q, &e) == 0, "%s", e.msg);
    ck_assert(sea_params(s)->neighbor_radius == 30.0f);
    for (int t = 0; t < 100; t++) {
        sea_step(s);
        ck_assert_int_eq(dry_count(s, &wd), 0);
    }
    check_queries(s, 3);
    SeaParams bad = q;
    bad.ali_weight = NAN;
    ck_assert_int_eq(sea_set_params(s, &bad, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "ali_weight"));
    ck_assert(sea_params(s)->sep_weight == 5.0f && isfinite(sea_params(s)->ali_weight));
    q.neighbor_radius = 12.0f;
    q.sep_radius = 6.0f;
    q.brute = 1;
    ck_assert_int_eq(sea_set_params(s, &q, &e), 0);
    for (int t = 0; t < 30; t++) {
        sea_step(s);
        ck_assert_int_eq(dry_count(s, &wd), 0);
    }
    check_queries(s, 4);
    ck_assert_int_eq(sea_set_shark(s, 5, 50.0f, 50.0f, 0.0f, 0.0f, &e), -1);
    ck_assert_int_eq(sea_set_shark(s, 0, 1.0f, 1.0f, 0.0f, 0.0f, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "land"));
    sea_deinit(s);
    world_free(&wd);
}
END_TEST

static Suite *sea_suite(void)
{
    Suite *s = suite_create("sea");
    TCase *tc = tcase_create("sea");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_defaults_valid_and_fishlike);
    tcase_add_test(tc, test_bad_params_refused_by_name);
    tcase_add_test(tc, test_init_refuses_bad_counts_and_dry_maps);
    tcase_add_test(tc, test_view_lists_each_fish_once);
    tcase_add_test(tc, test_same_hash_for_any_thread_count);
    tcase_add_test(tc, test_focus_gathers_fish_the_same_on_any_thread_count);
    tcase_add_test(tc, test_a_sea_handed_to_a_pool_steps_as_one_made_on_it);
    tcase_add_test(tc, test_brute_force_matches_grid);
    tcase_add_test(tc, test_seed_changes_the_sea);
    tcase_add_test(tc, test_no_fish_on_land_hostile_maps);
    tcase_add_test(tc, test_no_fish_on_land_fast_fish);
    tcase_add_test(tc, test_count_changes_keep_fish_wet);
    tcase_add_test(tc, test_calm_fish_turn_smoothly);
    tcase_add_test(tc, test_fish_never_bounce_off_the_coast);
    tcase_add_test(tc, test_no_shore_jitter_in_coves);
    tcase_add_test(tc, test_school_forms_from_random_start);
    tcase_add_test(tc, test_fish_flee_a_shark);
    tcase_add_test(tc, test_fish_part_around_a_hull);
    tcase_add_test(tc, test_queries_match_brute_force);
    tcase_add_test(tc, test_bake_sees_the_new_state_once);
    tcase_add_test(tc, test_params_change_live);
    tcase_add_test(tc, test_steps_due);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(sea_suite)
