/* test_ui_batch: the school's sprite batch — quads facing the heading and
 * mirrored when swimming left, texture coordinates, constants baked once,
 * double buffering, one draw call, and the bake run by the sea's chain. */
#include <SDL.h>
#include <math.h>

#include "core/jobs.h"
#include "core/map.h"
#include "core/sea.h"
#include "core/shore.h"
#include "testutil.h"
#include "ui/atlas.h"
#include "ui/batch.h"
#include "ui/draw.h"

#define EPS 1e-4

static const SpriteLayout layout = {4, 3, 0.875f};

/* Every sprite 7 px long, so its quad is 7 / 0.875 = 8 px long (half 4)
 * and 4 px high (half 2); one tint, no shading, no tail beat. */
static void style_fixed(BatchStyle *st)
{
    *st = (BatchStyle){.len_min = 7.0f,
                       .len_max = 7.0f,
                       .palette = {{200, 150, 100, 255}},
                       .palette_n = 1,
                       .shade = 0.0f,
                       .beats_per_px = 0.0f};
}

static void batch_fixed(SpriteBatch *b, int n)
{
    BatchStyle st;
    style_fixed(&st);
    Err e = {{0}};
    ck_assert_int_eq(batch_init(b, &layout, &st, 42, &e), 0);
    ck_assert_int_eq(batch_resize(b, n, &e), 0);
}

static void assert_pos(const SDL_Vertex *v, double x, double y)
{
    ck_assert_double_eq_tol(v->position.x, x, EPS);
    ck_assert_double_eq_tol(v->position.y, y, EPS);
}

/* The texture coordinates of sprite i in the front buffer are its cell:
 * (shape, frame) with vertices tail-back, head-back, head-belly,
 * tail-belly on the cell's left-top, right-top, right-bottom, left-bottom. */
static void assert_cell(const SpriteBatch *b, int i, int frame)
{
    float u0, v0, u1, v1;
    atlas_cell_uv(&b->layout, b->spr[i].shape, frame, &u0, &v0, &u1, &v1);
    const SDL_Vertex *q = batch_front(b) + 4 * i;
    const float want[4][2] = {{u0, v0}, {u1, v0}, {u1, v1}, {u0, v1}};
    for (int k = 0; k < 4; k++) {
        ck_assert_double_eq_tol(q[k].tex_coord.x, want[k][0], EPS);
        ck_assert_double_eq_tol(q[k].tex_coord.y, want[k][1], EPS);
    }
}

static int frame_of(const SpriteBatch *b, int i)
{
    return (int)(b->spr[i].phase * (float)b->layout.frames);
}

START_TEST(quads_face_heading_and_mirror_left)
{
    SpriteBatch b;
    batch_fixed(&b, 4);
    /* Right, up the screen, left, and at rest; all at (100, 50). */
    const float x[4] = {100, 100, 100, 100}, y[4] = {50, 50, 50, 50};
    const float vx[4] = {60, 0, -60, 0}, vy[4] = {0, -60, 0, 0};
    /* Screen = world * 2 + (10, 20): the centre lands on (210, 120) and the
     * quad doubles to 16 x 8 px. */
    batch_set_next(&b, (BatchXform){2.0f, 10.0f, 20.0f}, 0.0f);
    batch_bake(&b, x, y, vx, vy, NULL, 0, 4);
    batch_flip(&b);
    const SDL_Vertex *q = batch_front(&b);

    /* Right: head at +x, back (top of the cell) up the screen. */
    assert_pos(&q[0], 202, 116);
    assert_pos(&q[1], 218, 116);
    assert_pos(&q[2], 218, 124);
    assert_pos(&q[3], 202, 124);
    /* Up: head at -y, back to the left, belly to the right. */
    assert_pos(&q[4], 206, 128);
    assert_pos(&q[5], 206, 112);
    assert_pos(&q[6], 214, 112);
    assert_pos(&q[7], 214, 128);
    /* Left: head at -x, and mirrored, so the back is still up the screen
     * (unmirrored, the back vertices would be at y 124: belly-up). */
    assert_pos(&q[8], 218, 116);
    assert_pos(&q[9], 202, 116);
    assert_pos(&q[10], 202, 124);
    assert_pos(&q[11], 218, 124);
    ck_assert_float_lt(q[8].position.y, q[11].position.y);
    /* At rest: facing +x like the first. */
    for (int k = 0; k < 4; k++) assert_pos(&q[12 + k], q[k].position.x, q[k].position.y);
    for (int i = 0; i < 4; i++) {
        assert_cell(&b, i, frame_of(&b, i));
        for (int k = 0; k < 4; k++) {
            SDL_Color c = q[4 * i + k].color;
            ck_assert(c.r == 200 && c.g == 150 && c.b == 100 && c.a == 255);
        }
    }
    batch_deinit(&b);
}
END_TEST

START_TEST(diagonal_heading_keeps_size)
{
    SpriteBatch b;
    batch_fixed(&b, 1);
    const float x = 0, y = 0, vx = 30, vy = 40; /* heading (0.6, 0.8) */
    batch_set_next(&b, (BatchXform){1.0f, 0.0f, 0.0f}, 0.0f);
    batch_bake(&b, &x, &y, &vx, &vy, NULL, 0, 1);
    batch_flip(&b);
    const SDL_Vertex *q = batch_front(&b);
    /* Tail-back to head-back is the length along the heading; head-back
     * to head-belly the height across it, to the right of the heading. */
    double lx = q[1].position.x - q[0].position.x, ly = q[1].position.y - q[0].position.y;
    double hx = q[2].position.x - q[1].position.x, hy = q[2].position.y - q[1].position.y;
    ck_assert_double_eq_tol(lx, 8 * 0.6, EPS);
    ck_assert_double_eq_tol(ly, 8 * 0.8, EPS);
    ck_assert_double_eq_tol(hx, -4 * 0.8, EPS);
    ck_assert_double_eq_tol(hy, 4 * 0.6, EPS);
    /* Centred on the fish. */
    double cx = 0, cy = 0;
    for (int k = 0; k < 4; k++) {
        cx += q[k].position.x / 4;
        cy += q[k].position.y / 4;
    }
    ck_assert_double_eq_tol(cx, 0, EPS);
    ck_assert_double_eq_tol(cy, 0, EPS);
    batch_deinit(&b);
}
END_TEST

START_TEST(tail_beat_moves_along_the_row)
{
    SpriteBatch b;
    BatchStyle st;
    style_fixed(&st);
    st.beats_per_px = 0.01f; /* one beat per 100 px swum */
    Err e = {{0}};
    ck_assert_int_eq(batch_init(&b, &layout, &st, 7, &e), 0);
    ck_assert_int_eq(batch_resize(&b, 1, &e), 0);
    const float x = 5, y = 5, vx = 0, vy = 60;
    /* Each bake covers 1/4 s at 60 px/s: 15 px, 0.15 beats. */
    int changes = 0, prev = frame_of(&b, 0);
    for (int k = 0; k < 20; k++) {
        float before = b.spr[0].phase;
        batch_set_next(&b, (BatchXform){1.0f, 0.0f, 0.0f}, 0.25f);
        batch_bake(&b, &x, &y, &vx, &vy, NULL, 0, 1);
        batch_flip(&b);
        float want = before + 0.15f;
        want -= floorf(want);
        ck_assert_double_eq_tol(b.spr[0].phase, want, 1e-5);
        int f = frame_of(&b, 0);
        assert_cell(&b, 0, f);
        changes += f != prev;
        prev = f;
    }
    /* Three beats of four frames. */
    ck_assert_int_ge(changes, 10);
    batch_deinit(&b);
}
END_TEST

START_TEST(bake_writes_back_buffer_only)
{
    SpriteBatch b;
    batch_fixed(&b, 2);
    const float x[2] = {10, 20}, y[2] = {10, 20}, vx[2] = {1, 1}, vy[2] = {0, 0};
    batch_set_next(&b, (BatchXform){1.0f, 0.0f, 0.0f}, 0.0f);
    batch_bake(&b, x, y, vx, vy, NULL, 0, 2);
    batch_flip(&b);
    SDL_Vertex front[8];
    memcpy(front, batch_front(&b), sizeof front);
    const float x2[2] = {300, 400};
    batch_bake(&b, x2, y, vx, vy, NULL, 0, 2);
    /* Drawing reads the front while the workers write the back. */
    ck_assert_int_eq(memcmp(front, batch_front(&b), sizeof front), 0);
    batch_flip(&b);
    ck_assert_double_eq_tol(batch_front(&b)[0].position.x, 296, EPS);
    batch_deinit(&b);
}
END_TEST

typedef struct Canvas {
    SDL_Surface *surf;
    SDL_Renderer *r;
    SDL_Texture *tex;
} Canvas;

static void canvas_init(Canvas *c)
{
    c->surf = SDL_CreateRGBSurfaceWithFormat(0, 256, 128, 32, SDL_PIXELFORMAT_RGBA32);
    ck_assert_ptr_nonnull(c->surf);
    c->r = SDL_CreateSoftwareRenderer(c->surf);
    ck_assert_ptr_nonnull(c->r);
    c->tex = SDL_CreateTexture(c->r, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, 32, 24);
    ck_assert_ptr_nonnull(c->tex);
}

static void canvas_free(Canvas *c)
{
    SDL_DestroyTexture(c->tex);
    SDL_DestroyRenderer(c->r);
    SDL_FreeSurface(c->surf);
}

/* Fish spread over the canvas, heading every way. */
static void school(int n, float *x, float *y, float *vx, float *vy)
{
    for (int i = 0; i < n; i++) {
        x[i] = (float)(i % 251);
        y[i] = (float)((i * 7) % 127);
        vx[i] = (float)cos(i * 0.37) * 50;
        vy[i] = (float)sin(i * 0.37) * 50;
    }
}

START_TEST(one_draw_call_and_constants_baked_once)
{
    const int counts[2] = {1000, 100000};
    for (int c = 0; c < 2; c++) {
        int n = counts[c];
        Canvas cv;
        canvas_init(&cv);
        SpriteBatch b;
        BatchStyle st;
        style_fixed(&st);
        st.palette_n = 3;
        st.palette[1] = (SDL_Color){50, 220, 90, 255};
        st.palette[2] = (SDL_Color){240, 240, 250, 255};
        st.shade = 0.2f;
        st.beats_per_px = 0.05f;
        Err e = {{0}};
        ck_assert_int_eq(batch_init(&b, &layout, &st, 3, &e), 0);
        ck_assert_int_eq(batch_resize(&b, n, &e), 0);
        float *x = malloc(4 * (size_t)n * sizeof *x);
        ck_assert_ptr_nonnull(x);
        float *y = x + n, *vx = y + n, *vy = vx + n;
        school(n, x, y, vx, vy);
        const int *idx = batch_indices(&b);
        int *idx0 = malloc(6 * (size_t)n * sizeof *idx0);
        SDL_Color *col0 = malloc((size_t)n * sizeof *col0);
        ck_assert_ptr_nonnull(idx0);
        ck_assert_ptr_nonnull(col0);
        memcpy(idx0, idx, 6 * (size_t)n * sizeof *idx0);
        for (int i = 0; i < n; i++) col0[i] = b.spr[i].color;
        for (int frame = 0; frame < 4; frame++) {
            for (int i = 0; i < n; i++) x[i] += 0.5f;
            batch_set_next(&b, (BatchXform){1.0f, 0.0f, 0.0f}, 1.0f / 60.0f);
            batch_bake(&b, x, y, vx, vy, NULL, 0, n);
            batch_flip(&b);
            draw_counts_reset();
            ck_assert_int_eq(batch_draw(&b, cv.r, cv.tex, (BatchXform){1.0f, 0.0f, 0.0f}), 0);
            DrawCounts dc = draw_counts();
            ck_assert_int_eq(dc.geometry, 1);
            ck_assert_int_eq(draw_counts_total(&dc), 1);
            /* The indices are the same memory with the same contents; each
             * quad wears its sprite's tint, made once. */
            ck_assert_ptr_eq(batch_indices(&b), idx);
            ck_assert_int_eq(memcmp(idx, idx0, 6 * (size_t)n * sizeof *idx0), 0);
            for (int i = 0; i < n; i++) {
                const SDL_Vertex *q = batch_front(&b) + 4 * i;
                for (int k = 0; k < 4; k++)
                    ck_assert(q[k].color.r == col0[i].r && q[k].color.g == col0[i].g &&
                              q[k].color.b == col0[i].b);
            }
        }
        for (int i = 0; i < n; i++) {
            const int want[6] = {4 * i, 4 * i + 1, 4 * i + 2, 4 * i, 4 * i + 2, 4 * i + 3};
            for (int k = 0; k < 6; k++) ck_assert_int_eq(idx[6 * i + k], want[k]);
        }
        /* Each fish its own tint: the palette and the shading spread them. */
        int distinct = 0;
        for (int i = 1; i < 200 && i < n; i++)
            distinct += col0[i].r != col0[0].r || col0[i].g != col0[0].g;
        ck_assert_int_gt(distinct, 100);
        free(x);
        free(idx0);
        free(col0);
        batch_deinit(&b);
        canvas_free(&cv);
    }
}
END_TEST

START_TEST(empty_school_draws_nothing)
{
    Canvas cv;
    canvas_init(&cv);
    SpriteBatch b;
    batch_fixed(&b, 0);
    draw_counts_reset();
    batch_draw(&b, cv.r, cv.tex, (BatchXform){1.0f, 0.0f, 0.0f});
    ck_assert_int_eq(draw_counts().geometry, 0);
    batch_deinit(&b);
    canvas_free(&cv);
}
END_TEST

START_TEST(view_change_moves_front_like_a_rebake)
{
    Canvas cv;
    canvas_init(&cv);
    const int n = 50;
    float x[50], y[50], vx[50], vy[50];
    school(n, x, y, vx, vy);
    SpriteBatch b, ref;
    batch_fixed(&b, n);
    batch_fixed(&ref, n);
    batch_set_next(&b, (BatchXform){1.0f, 0.0f, 0.0f}, 0.0f);
    batch_bake(&b, x, y, vx, vy, NULL, 0, n);
    batch_flip(&b);
    /* The camera zoomed and panned after the bake. */
    BatchXform now = {2.5f, -40.0f, 17.0f};
    batch_draw(&b, cv.r, cv.tex, now);
    batch_set_next(&ref, now, 0.0f);
    batch_bake(&ref, x, y, vx, vy, NULL, 0, n);
    batch_flip(&ref);
    for (int i = 0; i < 4 * n; i++) {
        ck_assert_double_eq_tol(batch_front(&b)[i].position.x, batch_front(&ref)[i].position.x,
                                1e-3);
        ck_assert_double_eq_tol(batch_front(&b)[i].position.y, batch_front(&ref)[i].position.y,
                                1e-3);
    }
    batch_deinit(&b);
    batch_deinit(&ref);
    canvas_free(&cv);
}
END_TEST

/* Entries in a sea view's order (id[k] is the sprite of entry k): quad k
 * is sprite id[k] exactly as a bake in sprite order draws it, tail beat
 * included; an id past the batch (a missed resize) gets an empty quad. */
START_TEST(bake_by_id_matches_bake_in_order)
{
    const int n = 50;
    float x[50], y[50], vx[50], vy[50];
    school(n, x, y, vx, vy);
    float px[50], py[50], pvx[50], pvy[50];
    int id[50];
    for (int k = 0; k < n; k++) {
        int f = (k * 17 + 5) % n; /* 17 and 50 are coprime: a permutation */
        id[k] = f;
        px[k] = x[f];
        py[k] = y[f];
        pvx[k] = vx[f];
        pvy[k] = vy[f];
    }
    /* Sprites of different lengths whose tails beat: a sprite baked from
     * another's entry would show. */
    BatchStyle st;
    style_fixed(&st);
    st.len_max = 12.0f;
    st.beats_per_px = 0.05f;
    SpriteBatch b, ref;
    Err e = {{0}};
    ck_assert_int_eq(batch_init(&b, &layout, &st, 5, &e), 0);
    ck_assert_int_eq(batch_init(&ref, &layout, &st, 5, &e), 0);
    ck_assert_int_eq(batch_resize(&b, n, &e), 0);
    ck_assert_int_eq(batch_resize(&ref, n, &e), 0);
    BatchXform xf = {1.5f, 3.0f, -2.0f};
    for (int round = 0; round < 3; round++) {
        batch_set_next(&ref, xf, 0.3f);
        batch_bake(&ref, x, y, vx, vy, NULL, 0, n);
        batch_flip(&ref);
        batch_set_next(&b, xf, 0.3f);
        batch_bake(&b, px, py, pvx, pvy, id, 0, 20);
        id[19] = n; /* a sprite the batch does not have */
        batch_bake(&b, px, py, pvx, pvy, id, 19, n);
        id[19] = (19 * 17 + 5) % n;
        batch_flip(&b);
        for (int k = 0; k < n; k++) {
            const SDL_Vertex *q = batch_front(&b) + 4 * k;
            if (k == 19) {
                for (int c = 0; c < 4; c++) assert_pos(&q[c], 0.0, 0.0);
                continue;
            }
            ck_assert_int_eq(memcmp(q, batch_front(&ref) + 4 * id[k], 4 * sizeof(SDL_Vertex)), 0);
        }
        for (int i = 0; i < n; i++) ck_assert(b.spr[i].phase == ref.spr[i].phase);
    }
    batch_deinit(&b);
    batch_deinit(&ref);
}
END_TEST

START_TEST(resize_keeps_old_sprites)
{
    SpriteBatch b;
    BatchStyle st;
    style_fixed(&st);
    st.len_max = 12.0f;
    st.shade = 0.3f;
    Err e = {{0}};
    ck_assert_int_eq(batch_init(&b, &layout, &st, 9, &e), 0);
    ck_assert_int_eq(batch_resize(&b, 10, &e), 0);
    float len[10];
    SDL_Color col[10];
    for (int i = 0; i < 10; i++) {
        len[i] = b.spr[i].half_len;
        col[i] = b.spr[i].color;
    }
    ck_assert_int_eq(batch_resize(&b, 5000, &e), 0);
    ck_assert_int_eq(batch_resize(&b, 3, &e), 0);
    ck_assert_int_eq(batch_resize(&b, 10, &e), 0);
    /* Survivors and the re-grown keep their looks (from their index). */
    for (int i = 0; i < 10; i++) {
        ck_assert_float_eq(b.spr[i].half_len, len[i]);
        ck_assert_int_eq(b.spr[i].color.g, col[i].g);
        ck_assert_int_eq(batch_indices(&b)[6 * i + 5], 4 * i + 3);
        /* Not baked yet: nothing to see. */
        for (int k = 0; k < 4; k++) assert_pos(&batch_front(&b)[4 * i + k], 0.0, 0.0);
    }
    ck_assert_int_lt(batch_resize(&b, -1, &e), 0);
    ck_assert(strstr(e.msg, "-1") != NULL);
    batch_deinit(&b);
}
END_TEST

START_TEST(bad_style_is_refused)
{
    SpriteBatch b;
    BatchStyle st;
    style_fixed(&st);
    Err e = {{0}};
    st.palette_n = 0;
    ck_assert_int_lt(batch_init(&b, &layout, &st, 1, &e), 0);
    ck_assert(strstr(e.msg, "palette") != NULL);
    style_fixed(&st);
    st.len_min = 0.0f;
    ck_assert_int_lt(batch_init(&b, &layout, &st, 1, &e), 0);
    ck_assert(strstr(e.msg, "length") != NULL);
    SpriteLayout bad = {0, 3, 0.9f};
    style_fixed(&st);
    ck_assert_int_lt(batch_init(&b, &bad, &st, 1, &e), 0);
    ck_assert(strstr(e.msg, "layout") != NULL);
}
END_TEST

/* The bake as the sea's last stage, on worker threads, writes what a bake
 * of the new state on this thread writes. */
START_TEST(sea_chain_bakes_the_new_state)
{
    Err e = {{0}};
    Map m;
    ck_assert_int_eq(map_init(&m, 320, 240, &e), 0);
    for (int y = 100; y < 140; y++)
        for (int x = 140; x < 180; x++) m.land[y * 320 + x] = 1;
    ShoreField sh;
    ck_assert_int_eq(shore_bake(&sh, m.land, m.w, m.h, &e), 0);
    JobPool *pool;
    ck_assert_int_eq(jobs_init(&pool, 3, &e), 0);
    SeaParams p;
    sea_params_default(&p);
    Sea *sea;
    const int n = 3000;
    ck_assert_int_eq(sea_init(&sea, &sh, &p, 11, n, 2, pool, &e), 0);
    SpriteBatch b, ref;
    BatchStyle st;
    style_fixed(&st);
    st.len_max = 12.0f;
    st.beats_per_px = 0.05f;
    ck_assert_int_eq(batch_init(&b, &layout, &st, 5, &e), 0);
    ck_assert_int_eq(batch_init(&ref, &layout, &st, 5, &e), 0);
    ck_assert_int_eq(batch_resize(&b, n, &e), 0);
    ck_assert_int_eq(batch_resize(&ref, n, &e), 0);
    sea_set_bake(sea, batch_sea_bake, &b);
    BatchXform xf = {1.5f, 3.0f, -2.0f};
    for (int step = 0; step < 3; step++) {
        batch_set_next(&b, xf, p.dt);
        batch_span_reset(&b);
        sea_schedule(sea);
        sea_complete(sea);
        batch_flip(&b);
        uint64_t t0, t1;
        ck_assert_int_eq(batch_span(&b, &t0, &t1), 0);
        ck_assert(t1 >= t0);
        SeaView v;
        sea_view(sea, &v);
        batch_set_next(&ref, xf, p.dt);
        batch_bake(&ref, v.x, v.y, v.vx, v.vy, v.id, 0, v.fish);
        batch_flip(&ref);
        ck_assert_int_eq(
            memcmp(batch_front(&b), batch_front(&ref), 4 * (size_t)n * sizeof(SDL_Vertex)), 0);
    }
    /* No bake ran since this reset: no span. */
    batch_span_reset(&b);
    uint64_t t0, t1;
    ck_assert_int_lt(batch_span(&b, &t0, &t1), 0);
    batch_deinit(&b);
    batch_deinit(&ref);
    sea_deinit(sea);
    jobs_deinit(pool);
    shore_free(&sh);
    map_free(&m);
}
END_TEST

/* Sprites next to land shrink into the clear water (a summary made apart
 * and adopted alike); far ones keep their size. Checked against the mask itself: no corner of a
 * quad may come closer to a land pixel than the fish is to it, less the pixel's reach. */
START_TEST(sprites_stay_off_land)
{
    Err e = {{0}};
    Map m;
    ck_assert_int_eq(map_init(&m, 200, 200, &e), 0);
    for (int y = 100; y < 140; y++)
        for (int x = 100; x < 140; x++) m.land[y * 200 + x] = 1;
    ShoreField sh;
    ck_assert_int_eq(shore_bake(&sh, m.land, m.w, m.h, &e), 0);
    enum { N = 48 };
    float x[N], y[N], vx[N], vy[N];
    for (int i = 0; i < N; i++) {
        /* Walking away from the west face of the block, 0.3 .. 30 px off
         * it, heading every which way. */
        x[i] = 99.7f - 0.63f * (float)i;
        y[i] = 103.0f + 0.7f * (float)i;
        vx[i] = (float)cos(i * 1.1) * 50;
        vy[i] = (float)sin(i * 1.1) * 50;
    }
    SpriteBatch b, free_b;
    batch_fixed(&b, N);
    batch_fixed(&free_b, N);
    ck_assert_int_eq(batch_set_clearance(&b, &sh, &e), 0);
    BatchXform xf = {1.0f, 0.0f, 0.0f};
    batch_set_next(&b, xf, 0.0f);
    batch_set_next(&free_b, xf, 0.0f);
    batch_bake(&b, x, y, vx, vy, NULL, 0, N);
    batch_bake(&free_b, x, y, vx, vy, NULL, 0, N);
    batch_flip(&b);
    batch_flip(&free_b);
    /* A summary made apart (as a loader makes it), copied and adopted,
     * shrinks the very same sprites. */
    BatchClearance made, copy;
    ck_assert_int_eq(batch_clearance_make(&made, &sh, &e), 0);
    ck_assert_int_eq(batch_clearance_copy(&copy, &made, &e), 0);
    batch_clearance_free(&made);
    ck_assert_ptr_null(made.map);
    SpriteBatch adopted;
    batch_fixed(&adopted, N);
    batch_adopt_clearance(&adopted, &copy);
    ck_assert_ptr_null(copy.map);
    batch_set_next(&adopted, xf, 0.0f);
    batch_bake(&adopted, x, y, vx, vy, NULL, 0, N);
    batch_flip(&adopted);
    ck_assert_int_eq(memcmp(batch_front(&adopted), batch_front(&b), 4 * N * sizeof(SDL_Vertex)), 0);
    batch_deinit(&adopted);
    double prev = 0.0;
    int shrunk = 0;
    for (int i = 0; i < N; i++) {
        /* Exact distance from the fish to the nearest land pixel square. */
        double best = 1e9;
        for (int ly = 100; ly < 140; ly++)
            for (int lx = 100; lx < 140; lx++) {
                double dx = fmax(fmax(lx - x[i], 0.0), x[i] - (lx + 1));
                double dy = fmax(fmax(ly - y[i], 0.0), y[i] - (ly + 1));
                best = fmin(best, hypot(dx, dy));
            }
        const SDL_Vertex *q = batch_front(&b) + 4 * i;
        double reach = 0.0;
        for (int k = 0; k < 4; k++)
            reach = fmax(reach, hypot(q[k].position.x - x[i], q[k].position.y - y[i]));
        /* The drawn art spans body x 3/4 of the quad: its radius is the
         * quad's scaled by hypot(body, 3/8) / hypot(1, 1/2). */
        double art = reach * hypot(0.875, 0.375) / hypot(1.0, 0.5);
        ck_assert_msg(art <= fmax(best - 1.0, 0.0) + 1e-4,
                      "fish %d at %.2f px from land draws %.2f px around it", i, best, art);
        /* Size never falls as the fish gets farther from land. */
        ck_assert_double_ge(reach, prev - 1e-4);
        prev = reach;
        const SDL_Vertex *f = batch_front(&free_b) + 4 * i;
        double full = hypot(f[0].position.x - x[i], f[0].position.y - y[i]);
        if (reach < full - 1e-4) shrunk++;
        if (best > 12.0) ck_assert_double_eq_tol(reach, full, 1e-4);
    }
    ck_assert_int_gt(shrunk, 3);
    /* Off again: full size everywhere. */
    ck_assert_int_eq(batch_set_clearance(&b, NULL, &e), 0);
    batch_set_next(&b, xf, 0.0f);
    batch_bake(&b, x, y, vx, vy, NULL, 0, N);
    batch_flip(&b);
    ck_assert_int_eq(memcmp(batch_front(&b), batch_front(&free_b), 4 * N * sizeof(SDL_Vertex)), 0);
    batch_deinit(&b);
    batch_deinit(&free_b);
    shore_free(&sh);
    map_free(&m);
}
END_TEST

START_TEST(atlas_layout_and_cells)
{
    Atlas a;
    Err e = {{0}};
    /* The shipped fish sheet (tests run from the source tree). */
    setenv("SHOAL_DATA", "data", 1);
    ck_assert_int_eq(atlas_read(&a, "fish", &e), 0);
    ck_assert_int_ge(a.layout.frames, 2);
    ck_assert_int_ge(a.layout.shapes, 1);
    ck_assert_int_ge(a.levels, 1);
    for (int i = 1; i < a.levels; i++) ck_assert_int_gt(a.level_w[i], a.level_w[i - 1]);
    ck_assert_int_lt(atlas_read(&a, "no-such-sprite", &e), 0);
    ck_assert(strstr(e.msg, "no-such-sprite.ini") != NULL);
    float u0, v0, u1, v1;
    atlas_cell_uv(&layout, 2, 3, &u0, &v0, &u1, &v1);
    ck_assert_double_eq_tol(u0, 0.75, EPS);
    ck_assert_double_eq_tol(u1, 1.0, EPS);
    ck_assert_double_eq_tol(v0, 2.0 / 3.0, EPS);
    ck_assert_double_eq_tol(v1, 1.0, EPS);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("ui_batch");
    TCase *tc = tcase_create("batch");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, quads_face_heading_and_mirror_left);
    tcase_add_test(tc, diagonal_heading_keeps_size);
    tcase_add_test(tc, tail_beat_moves_along_the_row);
    tcase_add_test(tc, bake_writes_back_buffer_only);
    tcase_add_test(tc, one_draw_call_and_constants_baked_once);
    tcase_add_test(tc, empty_school_draws_nothing);
    tcase_add_test(tc, view_change_moves_front_like_a_rebake);
    tcase_add_test(tc, bake_by_id_matches_bake_in_order);
    tcase_add_test(tc, resize_keeps_old_sprites);
    tcase_add_test(tc, bad_style_is_refused);
    tcase_add_test(tc, sea_chain_bakes_the_new_state);
    tcase_add_test(tc, sprites_stay_off_land);
    tcase_add_test(tc, atlas_layout_and_cells);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
