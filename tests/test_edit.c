/* test_edit: painting, fill, mirror, undo/redo against snapshots, the
 * history budget, generate, meta edits, dirty tracking and change rects. */
#include "testutil.h"

#include <math.h>
#include <stdint.h>

#include "core/edit.h"
#include "core/map.h"
#include "core/mapgen.h"

/* ------------------------------------------------------------ helpers */

static uint64_t rng_state;

static uint64_t rng(void)
{
    /* splitmix64: tiny, and every test gets the same sequence. */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int rnd(int n)
{
    return (int)(rng() % (uint64_t)n);
}

static float rndf(float lo, float hi)
{
    return lo + (hi - lo) * (float)(rng() >> 40) / (float)(1u << 24);
}

static Map water_map(int w, int h)
{
    Map m;
    Err e;
    ck_assert_int_eq(map_init(&m, w, h, &e), 0);
    return m;
}

/* Land discs of random sizes plus sparse single-pixel rocks: big regions,
 * small ones, and diagonal contacts that 4-connectivity must respect. */
static Map blob_map(int w, int h, int discs, int rock_per_mille)
{
    Map m = water_map(w, h);
    for (int k = 0; k < discs; k++) {
        int cx = rnd(w), cy = rnd(h), r = 2 + rnd(w / 6 + 1);
        for (int y = cy - r; y <= cy + r; y++)
            for (int x = cx - r; x <= cx + r; x++)
                if (x >= 0 && y >= 0 && x < w && y < h &&
                    (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r)
                    m.land[(size_t)y * w + x] = 1;
    }
    for (size_t i = 0; i < (size_t)w * h; i++)
        if (rnd(1000) < rock_per_mille) m.land[i] ^= 1;
    return m;
}

static Editor *editor(Map *m, size_t budget)
{
    Editor *ed;
    Err e = {{0}};
    ck_assert_msg(edit_init(&ed, m, budget, &e) == 0, "%s", e.msg);
    ck_assert_ptr_null(m->land);
    return ed;
}

typedef struct Snap {
    int w, h;
    uint8_t *land;
    MapMeta meta;
} Snap;

static Snap snap_take(const Map *m)
{
    Snap s = {m->w, m->h, malloc((size_t)m->w * m->h), m->meta};
    memcpy(s.land, m->land, (size_t)m->w * m->h);
    return s;
}

static void snap_free(Snap *s)
{
    free(s->land);
    s->land = NULL;
}

static bool snap_same(const Snap *s, const Map *m)
{
    return s->w == m->w && s->h == m->h &&
           memcmp(s->land, m->land, (size_t)m->w * (size_t)m->h) == 0 &&
           map_meta_equal(&s->meta, &m->meta);
}

static bool symmetric(const Map *m)
{
    size_t n = (size_t)m->w * m->h;
    for (size_t i = 0; i < n / 2; i++)
        if (m->land[i] != m->land[n - 1 - i]) return false;
    return true;
}

static size_t count_land(const Map *m)
{
    size_t c = 0;
    for (size_t i = 0; i < (size_t)m->w * m->h; i++) c += m->land[i];
    return c;
}

/* Reference dab: the pixels whose centres lie within d/2 of the snapped
 * centre, computed independently in floating point (all values are
 * multiples of 0.5, so exact). */
static bool ref_covered(double px, double py, int d, int i, int j)
{
    double cx = (d & 1) ? floor(px) + 0.5 : floor(px + 0.5);
    double cy = (d & 1) ? floor(py) + 0.5 : floor(py + 0.5);
    double dx = i + 0.5 - cx, dy = j + 0.5 - cy, r = d / 2.0;
    return dx * dx + dy * dy <= r * r;
}

/* Reference 4-connected flood fill with a plain BFS queue. */
static void ref_fill(uint8_t *land, int w, int h, int x, int y, uint8_t v)
{
    uint8_t target = land[(size_t)y * w + x];
    if (target == v) return;
    size_t *q = malloc((size_t)w * h * sizeof *q), head = 0, tail = 0;
    q[tail++] = (size_t)y * w + x;
    land[(size_t)y * w + x] = v;
    while (head < tail) {
        size_t c = q[head++];
        int cx = (int)(c % w), cy = (int)(c / w);
        const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
        for (int d = 0; d < 4; d++) {
            int nx = cx + dx[d], ny = cy + dy[d];
            if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
            size_t ni = (size_t)ny * w + nx;
            if (land[ni] != target) continue;
            land[ni] = v;
            q[tail++] = ni;
        }
    }
    free(q);
}

/* ------------------------------------------------- the reference model */

/* States the editor should be able to reach by undo/redo: states[0..n),
 * the current one is states[cur]; saved is the index last saved (-1 when
 * it was dropped from the redo side). */
#define MODEL_MAX 2048
typedef struct Model {
    Snap states[MODEL_MAX];
    int n, cur, saved;
} Model;

static void model_init(Model *md, const Map *m)
{
    md->states[0] = snap_take(m);
    md->n = 1;
    md->cur = 0;
    md->saved = 0;
}

static void model_push(Model *md, const Map *m)
{
    for (int i = md->cur + 1; i < md->n; i++) snap_free(&md->states[i]);
    if (md->saved > md->cur) md->saved = -1;
    md->cur++;
    ck_assert_int_lt(md->cur, MODEL_MAX);
    md->states[md->cur] = snap_take(m);
    md->n = md->cur + 1;
}

static void model_free(Model *md)
{
    for (int i = 0; i < md->n; i++) snap_free(&md->states[i]);
}

/* After an edit: a step exists exactly when the map changed (generate
 * always records one). */
static void model_after_edit(Model *md, Editor *ed, bool always)
{
    const Map *m = edit_map(ed);
    if (always || !snap_same(&md->states[md->cur], m)) model_push(md, m);
}

static void model_check(const Model *md, Editor *ed, int it)
{
    ck_assert_msg(snap_same(&md->states[md->cur], edit_map(ed)), "state differs at op %d", it);
    ck_assert_int_eq(edit_undo_count(ed), md->cur);
    ck_assert_int_eq(edit_redo_count(ed), md->n - 1 - md->cur);
    ck_assert_msg(edit_dirty(ed) == (md->cur != md->saved), "dirty wrong at op %d", it);
}

/* Every pixel that differs between before and the map lies in the change
 * rectangle reported; a size change or meta change is flagged. */
static void check_changes(const Snap *before, Editor *ed, int it)
{
    const Map *m = edit_map(ed);
    EditChanges c;
    bool any = edit_take_changes(ed, &c);
    if (before->w != m->w || before->h != m->h) {
        ck_assert_msg(c.resized, "size change not flagged at op %d", it);
        ck_assert(c.pixels.x == 0 && c.pixels.y == 0 && c.pixels.w == m->w && c.pixels.h == m->h);
        return;
    }
    if (!map_meta_equal(&before->meta, &m->meta))
        ck_assert_msg(c.meta, "meta not flagged at op %d", it);
    for (int y = 0; y < m->h; y++)
        for (int x = 0; x < m->w; x++) {
            size_t i = (size_t)y * m->w + x;
            if (before->land[i] == m->land[i]) continue;
            ck_assert_msg(any && x >= c.pixels.x && x < c.pixels.x + c.pixels.w &&
                              y >= c.pixels.y && y < c.pixels.y + c.pixels.h,
                          "changed pixel %d,%d outside the change rect at op %d", x, y, it);
        }
}

/* One random editing action on ed, mirrored in the model. */
static void random_op(Editor *ed, Model *md, int it, bool allow_generate)
{
    Err e = {{0}};
    const Map *m = edit_map(ed);
    float W = (float)m->w, H = (float)m->h;
    Snap before = snap_take(m);
    int op = rnd(100);
    int value = rnd(2), size = 1 + rnd(rnd(4) == 0 ? 64 : 12);
    if (op < 28) {
        ck_assert_int_eq(
            edit_stroke_begin(ed, rndf(-20, W + 20), rndf(-20, H + 20), value, size, &e), 0);
        int moves = 1 + rnd(6);
        for (int k = 0; k < moves; k++)
            ck_assert_int_eq(edit_stroke_to(ed, rndf(-30, W + 30), rndf(-30, H + 30), &e), 0);
        ck_assert_int_eq(edit_stroke_end(ed, &e), 0);
        model_after_edit(md, ed, false);
    } else if (op < 40) {
        ck_assert_int_eq(edit_line(ed, rndf(-10, W + 10), rndf(-10, H + 10), rndf(-10, W + 10),
                                   rndf(-10, H + 10), value, size, &e),
                         0);
        model_after_edit(md, ed, false);
    } else if (op < 52) {
        ck_assert_int_eq(edit_fill(ed, rndf(0, W), rndf(0, H), value, &e), 0);
        model_after_edit(md, ed, false);
    } else if (op < 70) {
        int rc = edit_undo(ed, &e);
        ck_assert_int_eq(rc, md->cur > 0 ? 1 : 0);
        if (rc) md->cur--;
    } else if (op < 82) {
        int rc = edit_redo(ed, &e);
        ck_assert_int_eq(rc, md->cur < md->n - 1 ? 1 : 0);
        if (rc) md->cur++;
    } else if (op < 88) {
        /* A spawn click somewhere on the map, or a wind change. */
        if (rnd(2)) {
            Hex h = hex_from_pixel(rndf(0, W), rndf(0, H), (float)m->meta.hex_size);
            int rc = edit_toggle_spawn(ed, rnd(2), h, &e);
            if (rc) ck_assert_msg(strstr(e.msg, "spawn"), "%s", e.msg);
        } else {
            ck_assert_int_eq(edit_set_wind(ed, rnd(6), rnd(6), &e), 0);
        }
        model_after_edit(md, ed, false);
    } else if (op < 92) {
        edit_set_mirror(ed, !edit_mirror(ed));
    } else if (op < 96) {
        edit_mark_saved(ed);
        md->saved = md->cur;
    } else if (allow_generate) {
        MapGenParams p;
        mapgen_defaults(&p);
        p.seed = (uint32_t)rng();
        p.w = 48 + rnd(120);
        p.h = 40 + rnd(100);
        p.islands = rnd(5);
        ck_assert_msg(edit_generate(ed, &p, &e) == 0, "%s", e.msg);
        model_after_edit(md, ed, true);
    }
    check_changes(&before, ed, it);
    snap_free(&before);
    model_check(md, ed, it);
}

/* -------------------------------------------------------------- tests */

START_TEST(test_random_against_snapshots)
{
    rng_state = 11;
    Map m = blob_map(150, 110, 10, 20);
    m.meta.hex_size = 12;
    Editor *ed = editor(&m, 0);
    Model *md = calloc(1, sizeof *md);
    model_init(md, edit_map(ed));
    for (int it = 0, n = tu_scale(700, 250); it < n; it++) random_op(ed, md, it, true);
    /* Walk the whole history back and forth: every state must reappear. */
    Err e;
    while (md->cur > 0) {
        ck_assert_int_eq(edit_undo(ed, &e), 1);
        md->cur--;
        model_check(md, ed, -1);
    }
    ck_assert_int_eq(edit_undo(ed, &e), 0);
    while (md->cur < md->n - 1) {
        ck_assert_int_eq(edit_redo(ed, &e), 1);
        md->cur++;
        model_check(md, ed, -2);
    }
    ck_assert_int_eq(edit_redo(ed, &e), 0);
    ck_assert_int_gt(md->n, 50); /* the sequence really edited */
    model_free(md);
    free(md);
    edit_deinit(ed);
}
END_TEST

START_TEST(test_hundred_steps)
{
    Map m = water_map(128, 128);
    Editor *ed = editor(&m, 0);
    Err e;
    Snap s[151];
    s[0] = snap_take(edit_map(ed));
    for (int i = 1; i <= 150; i++) {
        /* Disjoint dabs on a 15 x 10 grid, so every one changes pixels. */
        float x = (float)(i % 15) * 8 + 4, y = (float)(i / 15) * 11 + 4;
        ck_assert_int_eq(edit_line(ed, x, y, x, y, EDIT_LAND, 1 + i % 7, &e), 0);
        s[i] = snap_take(edit_map(ed));
        ck_assert(!snap_same(&s[i - 1], edit_map(ed)));
    }
    ck_assert_int_eq(edit_undo_count(ed), 150);
    ck_assert_uint_le(edit_history_bytes(ed), EDIT_BUDGET_DEFAULT);
    for (int i = 150; i > 0; i--) {
        ck_assert_int_eq(edit_undo(ed, &e), 1);
        ck_assert_msg(snap_same(&s[i - 1], edit_map(ed)), "undo to step %d", i - 1);
    }
    ck_assert_int_eq(edit_undo(ed, &e), 0);
    for (int i = 1; i <= 150; i++) {
        ck_assert_int_eq(edit_redo(ed, &e), 1);
        ck_assert_msg(snap_same(&s[i], edit_map(ed)), "redo to step %d", i);
    }
    for (int i = 0; i <= 150; i++) snap_free(&s[i]);
    edit_deinit(ed);
}
END_TEST

START_TEST(test_budget_flood)
{
    rng_state = 5;
    /* Noise makes the first changes incompressible; regenerated maps
     * (each step holding two whole maps) keep the steps big later on. */
    Map m = blob_map(512, 512, 0, 500);
    const size_t budget = 2 * EDIT_BUDGET_MIN;
    Editor *ed = editor(&m, budget);
    ck_assert_uint_eq(edit_budget(ed), budget);
    Err e;
    const int ops = tu_scale(200, 60);
    Snap *s = calloc(ops + 1, sizeof *s);
    s[0] = snap_take(edit_map(ed));
    size_t peak = 0;
    for (int i = 1; i <= ops; i++) {
        if (i % 10 == 0) {
            MapGenParams p;
            mapgen_defaults(&p);
            p.seed = (uint32_t)i;
            p.w = p.h = 512;
            p.land = 0.45f;
            p.roughness = 1.0f;
            ck_assert_int_eq(edit_generate(ed, &p, &e), 0);
        } else {
            ck_assert_int_eq(edit_line(ed, -10, rndf(0, 512), 522, rndf(0, 512), i & 1, 64, &e), 0);
        }
        s[i] = snap_take(edit_map(ed));
        ck_assert(!snap_same(&s[i - 1], edit_map(ed)));
        ck_assert_uint_le(edit_history_bytes(ed), budget);
        if (edit_history_bytes(ed) > peak) peak = edit_history_bytes(ed);
    }
    int kept = edit_undo_count(ed);
    ck_assert_int_lt(kept, ops);         /* the budget evicted old steps... */
    ck_assert_int_ge(kept, 5);           /* ...but kept what fits */
    ck_assert_uint_gt(peak, budget / 2); /* and the edits were big enough to matter */
    /* The kept steps still undo exactly, back to the oldest one kept. */
    for (int k = 0; k < kept; k++) {
        ck_assert_int_eq(edit_undo(ed, &e), 1);
        ck_assert_msg(snap_same(&s[ops - k - 1], edit_map(ed)), "undo %d", k);
    }
    ck_assert_int_eq(edit_undo(ed, &e), 0);
    for (int k = 0; k < kept; k++) ck_assert_int_eq(edit_redo(ed, &e), 1);
    ck_assert(snap_same(&s[ops], edit_map(ed)));
    for (int i = 0; i <= ops; i++) snap_free(&s[i]);
    free(s);
    edit_deinit(ed);
}
END_TEST

START_TEST(test_big_edits_keep_hundred)
{
    /* Whole-map fills of a 1024x1024 map (256x256 light) compress to a few
     * bytes per tile, so the default budget keeps well over 100 of them. */
    const int side = tu_scale(1024, 256);
    const size_t all = (size_t)side * (size_t)side;
    Map m = water_map(side, side);
    Editor *ed = editor(&m, 0);
    Err e;
    for (int i = 0; i < 130; i++) {
        ck_assert_int_eq(edit_fill(ed, side / 2, side / 2, (i & 1) ? EDIT_WATER : EDIT_LAND, &e),
                         0);
        ck_assert_uint_eq(count_land(edit_map(ed)), (i & 1) ? 0 : all);
    }
    ck_assert_int_eq(edit_undo_count(ed), 130);
    for (int i = 129; i >= 0; i--) {
        ck_assert_int_eq(edit_undo(ed, &e), 1);
        ck_assert_uint_eq(count_land(edit_map(ed)), (i & 1) ? all : 0);
    }
    edit_deinit(ed);
}
END_TEST

START_TEST(test_step_over_budget)
{
    rng_state = 9;
    /* Generating over a noise map must store the old noise (128 KiB as
     * bits), more than the whole minimum budget: the history is cleared. */
    Map m = blob_map(1024, 1024, 0, 500);
    Editor *ed = editor(&m, EDIT_BUDGET_MIN);
    Err e;
    ck_assert_int_eq(edit_line(ed, 10, 10, 50, 50, EDIT_LAND, 5, &e), 0);
    ck_assert_int_eq(edit_undo_count(ed), 1);
    uint64_t rev = edit_revision(ed);
    MapGenParams p;
    mapgen_defaults(&p);
    p.w = 1024;
    p.h = 1024;
    ck_assert_int_eq(edit_generate(ed, &p, &e), 0);
    ck_assert_int_eq(edit_undo_count(ed), 0);
    ck_assert_int_eq(edit_redo_count(ed), 0);
    ck_assert_uint_eq(edit_history_bytes(ed), 0);
    ck_assert(edit_revision(ed) != rev);
    ck_assert(edit_dirty(ed));
    ck_assert_int_eq(edit_undo(ed, &e), 0);
    edit_deinit(ed);
}
END_TEST

START_TEST(test_init_refusals)
{
    Editor *ed;
    Err e;
    Map m = water_map(32, 32);
    ck_assert_int_eq(edit_init(&ed, &m, 1000, &e), -1);
    ck_assert_ptr_null(ed);
    ck_assert_ptr_nonnull(m.land); /* still the caller's */
    ck_assert(strstr(e.msg, "budget"));
    map_free(&m);
    Map none = {0};
    ck_assert_int_eq(edit_init(&ed, &none, 0, &e), -1);
    /* Non-0/1 bytes are read as land. */
    m = water_map(16, 16);
    m.land[3] = 7;
    ed = editor(&m, 0);
    ck_assert_int_eq(edit_map(ed)->land[3], 1);
    edit_deinit(ed);
}
END_TEST

/* An island with a walled lake, on a sea that touches every border. */
static Map lake_map(void)
{
    Map m = water_map(80, 60);
    for (int y = 15; y < 45; y++)
        for (int x = 20; x < 60; x++) m.land[(size_t)y * 80 + x] = 1;
    for (int y = 22; y < 38; y++)
        for (int x = 28; x < 52; x++) m.land[(size_t)y * 80 + x] = 0;
    /* A diagonal-only gap in the lake wall: 4-connected fill must not
     * leak through it. */
    m.land[(size_t)21 * 80 + 27] = 0;
    return m;
}

static bool in_lake(int x, int y)
{
    return (y >= 22 && y < 38 && x >= 28 && x < 52) || (x == 27 && y == 21);
}

START_TEST(test_fill_edges_and_lake)
{
    Map m = lake_map();
    Editor *ed = editor(&m, 0);
    Err e;
    const float corners[4][2] = {{0, 0}, {79.9f, 0}, {0, 59.9f}, {79.9f, 59.9f}};
    for (int c = 0; c < 4; c++) {
        ck_assert_int_eq(edit_fill(ed, corners[c][0], corners[c][1], EDIT_LAND, &e), 0);
        const Map *em = edit_map(ed);
        for (int y = 0; y < 60; y++)
            for (int x = 0; x < 80; x++)
                ck_assert_msg(em->land[(size_t)y * 80 + x] == !in_lake(x, y),
                              "corner %d: pixel %d,%d", c, x, y);
        ck_assert_int_eq(edit_undo(ed, &e), 1);
    }
    /* The lake alone: the sea outside stays untouched. */
    ck_assert_int_eq(edit_fill(ed, 40, 30, EDIT_LAND, &e), 0);
    const Map *em = edit_map(ed);
    for (int y = 0; y < 60; y++)
        for (int x = 0; x < 80; x++) {
            /* The island, lake included, is land; the diagonal gap stays water. */
            bool want = y >= 15 && y < 45 && x >= 20 && x < 60 && !(x == 27 && y == 21);
            ck_assert_msg(em->land[(size_t)y * 80 + x] == want, "lake fill: pixel %d,%d", x, y);
        }
    /* Filling a region with its own value, or off the map, changes nothing. */
    int steps = edit_undo_count(ed);
    ck_assert_int_eq(edit_fill(ed, 40, 30, EDIT_LAND, &e), 0);
    ck_assert_int_eq(edit_fill(ed, -1, 30, EDIT_WATER, &e), 0);
    ck_assert_int_eq(edit_fill(ed, 80, 59, EDIT_WATER, &e), 0);
    ck_assert_int_eq(edit_undo_count(ed), steps);
    ck_assert_int_eq(edit_fill(ed, 5, 5, 2, &e), -1);
    ck_assert(strstr(e.msg, "fill value"));
    edit_deinit(ed);
}
END_TEST

START_TEST(test_fill_matches_reference)
{
    rng_state = 3;
    for (int round = 0; round < 40; round++) {
        int w = 16 + rnd(90), h = 16 + rnd(70);
        Map m = blob_map(w, h, rnd(12), rnd(300));
        uint8_t *ref = malloc((size_t)w * h);
        memcpy(ref, m.land, (size_t)w * h);
        Editor *ed = editor(&m, 0);
        Err e;
        for (int k = 0; k < 6; k++) {
            int x = rnd(w), y = rnd(h), v = rnd(2);
            ck_assert_int_eq(edit_fill(ed, x + 0.5f, y + 0.5f, v, &e), 0);
            ref_fill(ref, w, h, x, y, (uint8_t)v);
            ck_assert_msg(memcmp(ref, edit_map(ed)->land, (size_t)w * h) == 0,
                          "round %d fill %d at %d,%d", round, k, x, y);
        }
        free(ref);
        edit_deinit(ed);
    }
}
END_TEST

START_TEST(test_fill_huge_maze)
{
    /* A 2048x2048 serpentine corridor: one water region of ~2M pixels
     * snaking through ~1000 turns, which would overflow a recursive fill. */
    const int n = 2048;
    Map m = water_map(n, n);
    for (int y = 1; y < n; y += 2)
        for (int x = 0; x < n; x++) m.land[(size_t)y * n + x] = 1;
    for (int y = 1; y < n; y += 2) m.land[(size_t)y * n + ((y / 2) % 2 ? 0 : n - 1)] = 0;
    size_t water = (size_t)n * n - count_land(&m);
    Snap before = snap_take(&m);
    Editor *ed = editor(&m, 0);
    Err e;
    ck_assert_int_eq(edit_fill(ed, 0, 0, EDIT_LAND, &e), 0);
    ck_assert_uint_eq(count_land(edit_map(ed)), (size_t)n * n);
    ck_assert_uint_gt(water, (size_t)n * n / 2);
    ck_assert_int_eq(edit_undo(ed, &e), 1);
    ck_assert(snap_same(&before, edit_map(ed)));
    snap_free(&before);
    edit_deinit(ed);
}
END_TEST

START_TEST(test_brush_matches_reference)
{
    rng_state = 21;
    const int sizes[] = {1, 2, 3, 4, 5, 8, 17, 33, 63, 64};
    Map m = water_map(70, 50);
    Editor *ed = editor(&m, 0);
    Err e;
    for (int round = 0; round < 120; round++) {
        int d = sizes[round % 10];
        /* Corners and edges first, then anywhere around the map. */
        float px, py;
        switch (round / 10) {
        case 0:
            px = 0.0f, py = 0.0f;
            break;
        case 1:
            px = 70.0f, py = 50.0f;
            break;
        case 2:
            px = 69.99f, py = 0.01f;
            break;
        case 3:
            px = -20.0f, py = 49.5f;
            break;
        default:
            px = rndf(-40, 110), py = rndf(-40, 90);
            break;
        }
        ck_assert_int_eq(edit_stroke_begin(ed, px, py, EDIT_LAND, d, &e), 0);
        ck_assert_int_eq(edit_stroke_end(ed, &e), 0);
        const Map *em = edit_map(ed);
        size_t want = 0;
        for (int y = 0; y < 50; y++)
            for (int x = 0; x < 70; x++) {
                bool c = ref_covered(px, py, d, x, y);
                want += c;
                ck_assert_msg(em->land[(size_t)y * 70 + x] == c, "size %d at (%g,%g): pixel %d,%d",
                              d, (double)px, (double)py, x, y);
            }
        if (want) {
            ck_assert_int_eq(edit_undo(ed, &e), 1);
            ck_assert_uint_eq(count_land(edit_map(ed)), 0);
            ck_assert_int_eq(edit_redo_count(ed), 1);
        } else {
            ck_assert_int_eq(edit_undo_count(ed), 0); /* nothing changed: no step */
        }
    }
    edit_deinit(ed);
}
END_TEST

START_TEST(test_brush_extremes)
{
    Map m = water_map(40, 30);
    Editor *ed = editor(&m, 0);
    Err e;
    /* Size 1 in two corners: exactly one pixel each. */
    ck_assert_int_eq(edit_line(ed, 0.2f, 0.7f, 0.2f, 0.7f, EDIT_LAND, 1, &e), 0);
    ck_assert_int_eq(edit_line(ed, 39.9f, 29.9f, 39.9f, 29.9f, EDIT_LAND, 1, &e), 0);
    ck_assert_uint_eq(count_land(edit_map(ed)), 2);
    ck_assert_int_eq(edit_map(ed)->land[0], 1);
    ck_assert_int_eq(edit_map(ed)->land[40 * 30 - 1], 1);
    /* Size 64 centred on each corner covers a quarter disc of radius 32
     * clipped by the 40x30 map: never more than the map. */
    for (int c = 0; c < 4; c++) {
        float x = (c & 1) ? 40.0f : 0.0f, y = (c & 2) ? 30.0f : 0.0f;
        ck_assert_int_eq(edit_line(ed, x, y, x, y, EDIT_LAND, 64, &e), 0);
    }
    ck_assert_uint_eq(count_land(edit_map(ed)), 40 * 30);
    /* Far off the map: nothing, no step. */
    int steps = edit_undo_count(ed);
    ck_assert_int_eq(edit_line(ed, -1e30f, 5, -1e29f, 7, EDIT_WATER, 64, &e), 0);
    ck_assert_int_eq(edit_line(ed, -100, -100, 200, -150, EDIT_WATER, 64, &e), 0);
    ck_assert_int_eq(edit_undo_count(ed), steps);
    /* A huge line crossing the map is clipped, not refused. */
    ck_assert_int_eq(edit_line(ed, -1e30f, 15, 1e30f, 15, EDIT_WATER, 1, &e), 0);
    for (int x = 0; x < 40; x++) ck_assert_int_eq(edit_map(ed)->land[15 * 40 + x], 0);
    /* Refusals change nothing. */
    steps = edit_undo_count(ed);
    ck_assert_int_eq(edit_line(ed, 1, 1, 5, 5, EDIT_LAND, 0, &e), -1);
    ck_assert(strstr(e.msg, "brush size 0"));
    ck_assert_int_eq(edit_line(ed, 1, 1, 5, 5, EDIT_LAND, 65, &e), -1);
    ck_assert(strstr(e.msg, "brush size 65"));
    ck_assert_int_eq(edit_stroke_begin(ed, 1, 1, 3, 4, &e), -1);
    ck_assert(strstr(e.msg, "brush value 3"));
    ck_assert_int_eq(edit_stroke_begin(ed, NAN, 1, EDIT_LAND, 4, &e), -1);
    ck_assert(strstr(e.msg, "finite"));
    ck_assert_int_eq(edit_stroke_to(ed, 3, 3, &e), -1);
    ck_assert(strstr(e.msg, "no stroke"));
    ck_assert_int_eq(edit_undo_count(ed), steps);
    edit_deinit(ed);
}
END_TEST

/* True when the land pixels form one 8-connected component. */
static bool land_connected8(const Map *m)
{
    size_t n = (size_t)m->w * m->h, start = n, total = 0;
    for (size_t i = 0; i < n; i++)
        if (m->land[i]) {
            total++;
            if (start == n) start = i;
        }
    if (!total) return false;
    uint8_t *seen = calloc(n, 1);
    size_t *q = malloc(n * sizeof *q), head = 0, tail = 0;
    q[tail++] = start;
    seen[start] = 1;
    while (head < tail) {
        size_t c = q[head++];
        int cx = (int)(c % m->w), cy = (int)(c / m->w);
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int nx = cx + dx, ny = cy + dy;
                if (nx < 0 || ny < 0 || nx >= m->w || ny >= m->h) continue;
                size_t ni = (size_t)ny * m->w + nx;
                if (!m->land[ni] || seen[ni]) continue;
                seen[ni] = 1;
                q[tail++] = ni;
            }
    }
    free(seen);
    free(q);
    return tail == total;
}

START_TEST(test_stroke_gapless_one_step)
{
    rng_state = 77;
    for (int d = 1; d <= 6; d++) {
        Map m = water_map(200, 150);
        Editor *ed = editor(&m, 0);
        Err e;
        ck_assert_int_eq(edit_stroke_begin(ed, 2.5f, 3.5f, EDIT_LAND, d, &e), 0);
        ck_assert(edit_stroke_open(ed));
        /* Fast, long moves in all directions. */
        for (int k = 0; k < 12; k++)
            ck_assert_int_eq(edit_stroke_to(ed, rndf(0, 200), rndf(0, 150), &e), 0);
        ck_assert(edit_dirty(ed)); /* an open stroke counts as unsaved */
        ck_assert_int_eq(edit_stroke_end(ed, &e), 0);
        ck_assert(!edit_stroke_open(ed));
        ck_assert_msg(land_connected8(edit_map(ed)), "size %d stroke has a gap", d);
        ck_assert_int_eq(edit_undo_count(ed), 1);
        ck_assert_int_eq(edit_undo(ed, &e), 1);
        ck_assert_uint_eq(count_land(edit_map(ed)), 0);
        edit_deinit(ed);
    }
}
END_TEST

/* A random map made symmetric under the 180-degree rotation. */
static Map symmetric_map(int w, int h)
{
    Map m = blob_map(w, h, 6, 30);
    size_t n = (size_t)w * h;
    for (size_t i = 0; i < n / 2; i++) m.land[n - 1 - i] = m.land[i];
    return m;
}

START_TEST(test_mirror_keeps_symmetry)
{
    rng_state = 1234;
    const int dims[3][2] = {{101, 77}, {96, 64}, {16, 17}};
    for (int k = 0; k < 3; k++) {
        Map m = symmetric_map(dims[k][0], dims[k][1]);
        Editor *ed = editor(&m, 0);
        edit_set_mirror(ed, true);
        ck_assert(edit_mirror(ed));
        float W = (float)dims[k][0], H = (float)dims[k][1];
        Err e;
        for (int it = 0; it < 150; it++) {
            int v = rnd(2), d = 1 + rnd(64);
            switch (rnd(3)) {
            case 0:
                ck_assert_int_eq(edit_stroke_begin(ed, rndf(-5, W + 5), rndf(-5, H + 5), v, d, &e),
                                 0);
                for (int s = 0; s < 4; s++)
                    ck_assert_int_eq(edit_stroke_to(ed, rndf(-5, W + 5), rndf(-5, H + 5), &e), 0);
                ck_assert_int_eq(edit_stroke_end(ed, &e), 0);
                break;
            case 1:
                ck_assert_int_eq(edit_line(ed, rndf(0, W), rndf(0, H), rndf(0, W), rndf(0, H), v,
                                           1 + rnd(8), &e),
                                 0);
                break;
            default:
                ck_assert_int_eq(edit_fill(ed, rndf(0, W), rndf(0, H), v, &e), 0);
                break;
            }
            ck_assert_msg(symmetric(edit_map(ed)), "map %d asymmetric after op %d", k, it);
        }
        /* Every state on the way back was symmetric too. */
        while (edit_undo(ed, &e) == 1) ck_assert(symmetric(edit_map(ed)));
        edit_deinit(ed);
    }
    /* Without mirror mode the same kind of stroke breaks the symmetry. */
    Map m = symmetric_map(64, 48);
    Editor *ed = editor(&m, 0);
    Err e;
    ck_assert_int_eq(edit_line(ed, 3, 3, 20, 5, EDIT_LAND, 3, &e), 0);
    ck_assert_int_eq(edit_line(ed, 3, 3, 20, 5, EDIT_WATER, 1, &e), 0);
    ck_assert(!symmetric(edit_map(ed)));
    edit_deinit(ed);
}
END_TEST

START_TEST(test_generate_undoable)
{
    Map m = water_map(64, 48);
    Editor *ed = editor(&m, 0);
    Err e;
    ck_assert_int_eq(edit_line(ed, 5, 5, 40, 30, EDIT_LAND, 7, &e), 0);
    ck_assert_int_eq(edit_set_wind(ed, 4, 2, &e), 0);
    Snap old = snap_take(edit_map(ed));
    EditChanges c;
    edit_take_changes(ed, &c);

    MapGenParams p;
    mapgen_defaults(&p);
    p.seed = 99;
    p.w = 300;
    p.h = 180;
    p.mirror = true;
    Map ref;
    ck_assert_int_eq(mapgen_generate(&ref, &p, &e), 0);
    Snap gen = snap_take(&ref);
    map_free(&ref);

    ck_assert_int_eq(edit_generate(ed, &p, &e), 0);
    ck_assert(snap_same(&gen, edit_map(ed)));
    ck_assert_int_eq(edit_undo_count(ed), 3);
    ck_assert(edit_take_changes(ed, &c));
    ck_assert(c.resized && c.meta);
    ck_assert(c.pixels.x == 0 && c.pixels.y == 0 && c.pixels.w == 300 && c.pixels.h == 180);

    ck_assert_int_eq(edit_undo(ed, &e), 1);
    ck_assert(snap_same(&old, edit_map(ed)));
    ck_assert(edit_take_changes(ed, &c));
    ck_assert(c.resized && c.pixels.w == 64 && c.pixels.h == 48);
    /* Painting on the restored size works, then redo is gone. */
    ck_assert_int_eq(edit_redo(ed, &e), 1);
    ck_assert(snap_same(&gen, edit_map(ed)));
    ck_assert_int_eq(edit_line(ed, 0, 0, 299, 179, EDIT_LAND, 64, &e), 0);
    ck_assert_int_eq(edit_undo(ed, &e), 1);
    ck_assert(snap_same(&gen, edit_map(ed)));
    ck_assert_int_eq(edit_undo(ed, &e), 1);
    ck_assert(snap_same(&old, edit_map(ed)));
    ck_assert_int_eq(edit_line(ed, 1, 1, 9, 9, EDIT_WATER, 3, &e), 0);
    ck_assert_int_eq(edit_redo_count(ed), 0);

    /* Bad parameters change nothing. */
    Snap now = snap_take(edit_map(ed));
    int steps = edit_undo_count(ed);
    p.w = 5;
    ck_assert_int_eq(edit_generate(ed, &p, &e), -1);
    ck_assert(strstr(e.msg, "size"));
    ck_assert(snap_same(&now, edit_map(ed)));
    ck_assert_int_eq(edit_undo_count(ed), steps);
    snap_free(&now);
    snap_free(&old);
    snap_free(&gen);
    edit_deinit(ed);
}
END_TEST

START_TEST(test_random_with_generates)
{
    /* Small budget so generate steps and evictions interleave. */
    rng_state = 4242;
    Map m = blob_map(90, 70, 5, 10);
    Editor *ed = editor(&m, EDIT_BUDGET_MIN);
    Err e;
    for (int it = 0; it < 400; it++) {
        MapGenParams p;
        mapgen_defaults(&p);
        int op = rnd(10);
        if (op == 0) {
            p.seed = (uint32_t)rng();
            p.w = 32 + rnd(200);
            p.h = 32 + rnd(150);
            ck_assert_int_eq(edit_generate(ed, &p, &e), 0);
        } else if (op < 4) {
            const Map *em = edit_map(ed);
            ck_assert_int_eq(edit_line(ed, rndf(0, em->w), rndf(0, em->h), rndf(0, em->w),
                                       rndf(0, em->h), rnd(2), 1 + rnd(64), &e),
                             0);
        } else if (op < 7) {
            ck_assert_int_ge(edit_undo(ed, &e), 0);
        } else {
            ck_assert_int_ge(edit_redo(ed, &e), 0);
        }
        ck_assert_uint_le(edit_history_bytes(ed), EDIT_BUDGET_MIN);
    }
    /* Whatever is left undoes and redoes to the same place. */
    Snap top = snap_take(edit_map(ed));
    int u = edit_undo_count(ed);
    while (edit_undo(ed, &e) == 1) {
    }
    for (int i = 0; i < u; i++) ck_assert_int_eq(edit_redo(ed, &e), 1);
    ck_assert(snap_same(&top, edit_map(ed)));
    snap_free(&top);
    edit_deinit(ed);
}
END_TEST

START_TEST(test_meta_edits)
{
    Map m = water_map(400, 300);
    m.meta.hex_size = 20;
    Editor *ed = editor(&m, 0);
    Err e;
    MapMeta start = edit_map(ed)->meta;

    ck_assert_int_eq(edit_set_wind(ed, 2, 5, &e), 0);
    ck_assert_int_eq(edit_map(ed)->meta.wind_dir, 2);
    ck_assert_int_eq(edit_map(ed)->meta.wind_strength, 5);
    ck_assert_int_eq(edit_set_wind(ed, 2, 5, &e), 0); /* same: no step */
    ck_assert_int_eq(edit_undo_count(ed), 1);
    ck_assert_int_eq(edit_set_wind(ed, 6, 1, &e), -1);
    ck_assert(strstr(e.msg, "wind 6"));
    ck_assert_int_eq(edit_set_wind(ed, 1, 6, &e), -1);
    ck_assert(strstr(e.msg, "wind_strength 6"));

    Hex a = hex_make(2, 3), b = hex_make(9, 4);
    ck_assert_int_eq(edit_toggle_spawn(ed, 0, a, &e), 0);
    ck_assert_int_eq(edit_toggle_spawn(ed, 1, b, &e), 0);
    ck_assert_int_eq(edit_map(ed)->meta.spawn_count[0], 1);
    ck_assert_int_eq(edit_map(ed)->meta.spawn_count[1], 1);
    /* Fleet 1's tool on fleet 2's hex takes it over: one step. */
    ck_assert_int_eq(edit_toggle_spawn(ed, 0, b, &e), 0);
    ck_assert_int_eq(edit_map(ed)->meta.spawn_count[0], 2);
    ck_assert_int_eq(edit_map(ed)->meta.spawn_count[1], 0);
    ck_assert_int_eq(edit_undo(ed, &e), 1);
    ck_assert_int_eq(edit_map(ed)->meta.spawn_count[0], 1);
    ck_assert(hex_equal(edit_map(ed)->meta.spawns[1][0], b));
    ck_assert_int_eq(edit_redo(ed, &e), 1);
    /* Clicking again removes. */
    ck_assert_int_eq(edit_toggle_spawn(ed, 0, a, &e), 0);
    ck_assert_int_eq(edit_map(ed)->meta.spawn_count[0], 1);
    ck_assert(hex_equal(edit_map(ed)->meta.spawns[0][0], b));
    /* Off the map: refused. */
    ck_assert_int_eq(edit_toggle_spawn(ed, 1, hex_make(-3, 0), &e), -1);
    ck_assert(strstr(e.msg, "outside"));
    ck_assert_int_eq(edit_toggle_spawn(ed, 2, a, &e), -1);
    /* A fleet holds at most MAP_MAX_SPAWNS. */
    for (int i = 0; i < MAP_MAX_SPAWNS; i++)
        ck_assert_int_eq(edit_toggle_spawn(ed, 1, hex_make(i % 8, 1 + i / 8), &e), 0);
    ck_assert_int_eq(edit_toggle_spawn(ed, 1, hex_make(3, 6), &e), -1);
    ck_assert(strstr(e.msg, "fleet2"));

    /* hex_size: range, and spawns that would leave the map. */
    ck_assert_int_eq(edit_set_hex_size(ed, 7, &e), -1);
    ck_assert(strstr(e.msg, "hex_size 7"));
    ck_assert_int_eq(edit_set_hex_size(ed, 129, &e), -1);
    ck_assert_int_eq(edit_set_hex_size(ed, 100, &e), -1);
    ck_assert(strstr(e.msg, "outside"));
    ck_assert_int_eq(edit_set_hex_size(ed, 16, &e), 0);
    ck_assert_int_eq(edit_map(ed)->meta.hex_size, 16);

    /* Whole meta: a name that would not survive the sidecar is refused. */
    MapMeta mm = edit_map(ed)->meta;
    strcpy(mm.name, "Reef ");
    ck_assert_int_eq(edit_set_meta(ed, &mm, &e), -1);
    ck_assert(strstr(e.msg, "name"));
    strcpy(mm.name, "");
    ck_assert_int_eq(edit_set_meta(ed, &mm, &e), -1);
    strcpy(mm.name, "Twin Reefs");
    mm.spawn_count[0] = MAP_MAX_SPAWNS + 1;
    ck_assert_int_eq(edit_set_meta(ed, &mm, &e), -1);
    mm.spawn_count[0] = 0;
    ck_assert_int_eq(edit_set_meta(ed, &mm, &e), 0);
    ck_assert_str_eq(edit_map(ed)->meta.name, "Twin Reefs");

    /* All the way back to the start. */
    while (edit_undo(ed, &e) == 1) {
    }
    ck_assert(map_meta_equal(&start, &edit_map(ed)->meta));
    ck_assert(!edit_dirty(ed));
    edit_deinit(ed);
}
END_TEST

START_TEST(test_dirty_and_save)
{
    char dir[64], path[128], rec[128];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/reef.png", dir);
    snprintf(rec, sizeof rec, "%s/reef.recover.png", dir);
    Map m = water_map(64, 64);
    Editor *ed = editor(&m, 0);
    Err e;
    ck_assert(!edit_dirty(ed));
    /* A no-op (water on water) stays clean. */
    ck_assert_int_eq(edit_line(ed, 3, 3, 9, 9, EDIT_WATER, 5, &e), 0);
    ck_assert(!edit_dirty(ed));
    ck_assert_int_eq(edit_line(ed, 3, 3, 9, 9, EDIT_LAND, 5, &e), 0);
    ck_assert(edit_dirty(ed));
    ck_assert_int_eq(edit_undo(ed, &e), 1);
    ck_assert(!edit_dirty(ed));
    ck_assert_int_eq(edit_redo(ed, &e), 1);
    ck_assert(edit_dirty(ed));

    /* Autosave writes a loadable copy but does not make it clean. */
    ck_assert_msg(edit_autosave(ed, rec, &e) == 0, "%s", e.msg);
    ck_assert(edit_dirty(ed));
    Map back;
    ck_assert_int_eq(map_load(&back, rec, &e), 0);
    ck_assert_int_eq(memcmp(back.land, edit_map(ed)->land, 64 * 64), 0);
    map_free(&back);

    ck_assert_int_eq(edit_toggle_spawn(ed, 0, hex_make(0, 0), &e), 0);
    ck_assert_msg(edit_save(ed, path, &e) == 0, "%s", e.msg);
    ck_assert(!edit_dirty(ed));
    ck_assert_int_eq(map_load(&back, path, &e), 0);
    Snap cur = snap_take(edit_map(ed));
    /* The file name gives the loaded name, the rest must match. */
    strcpy(back.meta.name, cur.meta.name);
    ck_assert(snap_same(&cur, &back));
    map_free(&back);
    snap_free(&cur);

    ck_assert_int_eq(edit_undo(ed, &e), 1);
    ck_assert(edit_dirty(ed));
    ck_assert_int_eq(edit_redo(ed, &e), 1);
    ck_assert(!edit_dirty(ed)); /* back at the saved revision */
    /* Undo, then a new edit: the saved state is gone from history, so no
     * sequence of undo/redo makes the map clean again. */
    ck_assert_int_eq(edit_undo(ed, &e), 1);
    ck_assert_int_eq(edit_fill(ed, 40, 40, EDIT_LAND, &e), 0);
    ck_assert(edit_dirty(ed));
    while (edit_undo(ed, &e) == 1) ck_assert(edit_dirty(ed));
    while (edit_redo(ed, &e) == 1) ck_assert(edit_dirty(ed));
    edit_mark_saved(ed);
    ck_assert(!edit_dirty(ed));
    /* Saving while a stroke is open records the stroke first. */
    ck_assert_int_eq(edit_stroke_begin(ed, 5, 60, EDIT_WATER, 9, &e), 0);
    int steps = edit_undo_count(ed);
    ck_assert_int_eq(edit_save(ed, path, &e), 0);
    ck_assert(!edit_stroke_open(ed));
    ck_assert_int_eq(edit_undo_count(ed), steps + 1);
    ck_assert(!edit_dirty(ed));
    edit_deinit(ed);

    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

START_TEST(test_change_rects)
{
    Map m = water_map(100, 80);
    Editor *ed = editor(&m, 0);
    Err e;
    EditChanges c;
    ck_assert(!edit_take_changes(ed, &c));
    ck_assert_int_eq(c.pixels.w, 0);
    /* A size-5 dab at pixel 40,30 covers 38..42 x 28..32. */
    ck_assert_int_eq(edit_line(ed, 40.5f, 30.5f, 40.5f, 30.5f, EDIT_LAND, 5, &e), 0);
    ck_assert(edit_take_changes(ed, &c));
    ck_assert(c.pixels.x == 38 && c.pixels.y == 28 && c.pixels.w == 5 && c.pixels.h == 5);
    ck_assert(!c.meta && !c.resized);
    ck_assert(!edit_take_changes(ed, &c));
    /* Undo reports the same rectangle; a meta edit only the flag. */
    ck_assert_int_eq(edit_undo(ed, &e), 1);
    ck_assert(edit_take_changes(ed, &c));
    ck_assert(c.pixels.x == 38 && c.pixels.y == 28 && c.pixels.w == 5 && c.pixels.h == 5);
    ck_assert_int_eq(edit_set_wind(ed, 3, 1, &e), 0);
    ck_assert(edit_take_changes(ed, &c));
    ck_assert(c.meta && c.pixels.w == 0);
    /* Each dab of an open stroke shows up before the stroke ends. */
    ck_assert_int_eq(edit_stroke_begin(ed, 10.5f, 10.5f, EDIT_LAND, 1, &e), 0);
    ck_assert(edit_take_changes(ed, &c));
    ck_assert(c.pixels.x == 10 && c.pixels.y == 10 && c.pixels.w == 1 && c.pixels.h == 1);
    ck_assert_int_eq(edit_stroke_to(ed, 20.5f, 10.5f, &e), 0);
    ck_assert(edit_take_changes(ed, &c));
    ck_assert(c.pixels.x == 11 && c.pixels.w == 10 && c.pixels.h == 1);
    /* With mirror on, a dab reports both places. */
    edit_stroke_end(ed, &e);
    edit_set_mirror(ed, true);
    ck_assert_int_eq(edit_line(ed, 2.5f, 3.5f, 2.5f, 3.5f, EDIT_LAND, 1, &e), 0);
    ck_assert(edit_take_changes(ed, &c));
    ck_assert(c.pixels.x == 2 && c.pixels.y == 3 && c.pixels.w == 100 - 2 - 2 &&
              c.pixels.h == 80 - 3 - 3);
    edit_deinit(ed);
}
END_TEST

static Suite *edit_suite(void)
{
    Suite *s = suite_create("edit");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_random_against_snapshots);
    tcase_add_test(tc, test_hundred_steps);
    tcase_add_test(tc, test_budget_flood);
    tcase_add_test(tc, test_big_edits_keep_hundred);
    tcase_add_test(tc, test_step_over_budget);
    tcase_add_test(tc, test_init_refusals);
    tcase_add_test(tc, test_fill_edges_and_lake);
    tcase_add_test(tc, test_fill_matches_reference);
    tcase_add_test(tc, test_fill_huge_maze);
    tcase_add_test(tc, test_brush_matches_reference);
    tcase_add_test(tc, test_brush_extremes);
    tcase_add_test(tc, test_stroke_gapless_one_step);
    tcase_add_test(tc, test_mirror_keeps_symmetry);
    tcase_add_test(tc, test_generate_undoable);
    tcase_add_test(tc, test_random_with_generates);
    tcase_add_test(tc, test_meta_edits);
    tcase_add_test(tc, test_dirty_and_save);
    tcase_add_test(tc, test_change_rects);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(edit_suite)
