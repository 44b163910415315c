/* test_ui_sealife: the game's sea life — the camera's followed fish stays
 * the same fish while the sea lists its fish in a new order every step,
 * through count changes, and is let go when its fish is gone.
 */
#include <SDL.h>
#include <math.h>
#include <stdlib.h>

#include "core/jobs.h"
#include "core/shore.h"
#include "testutil.h"

#include "game/sealife.h"
#include "ui/camera.h"

enum { W = 320, H = 240 };

typedef struct World {
    unsigned char land[W * H];
    ShoreField shore;
    SDL_Surface *surf;
    SDL_Renderer *r;
    JobPool *pool;
    Camera cam;
} World;

static void world_init(World *w)
{
    /* The sprites come from the source tree. */
    char dir[256];
    tu_data_dir(dir, sizeof dir);
    setenv("SHOAL_DATA", dir, 1);
    /* Open water with one island in the middle. */
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int dx = x - W / 2, dy = y - H / 2;
            w->land[y * W + x] = dx * dx + dy * dy < 30 * 30;
        }
    Err e = {{0}};
    ck_assert_msg(shore_bake(&w->shore, w->land, W, H, &e) == 0, "%s", e.msg);
    w->surf = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_RGBA32);
    ck_assert_ptr_nonnull(w->surf);
    w->r = SDL_CreateSoftwareRenderer(w->surf);
    ck_assert_ptr_nonnull(w->r);
    ck_assert_int_eq(jobs_init(&w->pool, 2, &e), 0);
    cam_init(&w->cam, W, H, W, H);
}

static void world_free(World *w)
{
    jobs_deinit(w->pool);
    SDL_DestroyRenderer(w->r);
    SDL_FreeSurface(w->surf);
    shore_free(&w->shore);
}

/* One frame of the game's sea: step, draw, finish. */
static void frame(SeaLife *s, World *w)
{
    sealife_update(s, 1.0 / 60.0, &w->cam);
    sealife_draw_fish(s, w->r, &w->cam);
    sealife_draw_marker(s, w->r, &w->cam);
    sealife_finish(s);
}

/* Where fish `id` is, by a plain scan of the view. */
static int find_fish(const SeaLife *s, int id, float *x, float *y)
{
    SeaView v;
    sea_view(s->sea, &v);
    for (int i = 0; i < v.fish; i++)
        if (v.id[i] == id) {
            *x = v.x[i];
            *y = v.y[i];
            return 1;
        }
    return 0;
}

START_TEST(followed_fish_stays_the_same_fish)
{
    World w;
    world_init(&w);
    SeaLife s;
    Err e = {{0}};
    ck_assert_msg(sealife_init(&s, w.r, &w.shore, w.pool, 7, 800, 0, &e) == 0, "%s", e.msg);
    for (int t = 0; t < 30; t++) frame(&s, &w);
    /* Click on fish 5 (by id) and follow it. */
    float x0, y0;
    ck_assert(find_fish(&s, 5, &x0, &y0));
    ck_assert(sealife_follow_at(&s, x0, y0, 0.01f));
    ck_assert_int_eq(s.follow, 5);
    float fx, fy, sx = x0, sy = y0;
    int seen_slots = 0, last_slot = s.follow_slot;
    for (int t = 0; t < 240; t++) {
        float bx, by;
        ck_assert(find_fish(&s, 5, &bx, &by));
        /* In flight (the fish stage writes the fish) it is where it was
         * before the step, as the sprites on screen show it. */
        sealife_update(&s, 1.0 / 60.0, &w.cam);
        ck_assert(s.in_flight);
        ck_assert_msg(sealife_followed(&s, &fx, &fy) && fx == bx && fy == by,
                      "frame %d in flight: followed (%g, %g), fish 5 was at (%g, %g)", t,
                      (double)fx, (double)fy, (double)bx, (double)by);
        sealife_draw_fish(&s, w.r, &w.cam);
        sealife_draw_marker(&s, w.r, &w.cam);
        sealife_finish(&s);
        ck_assert_msg(sealife_followed(&s, &fx, &fy), "lost at frame %d", t);
        float tx, ty;
        ck_assert(find_fish(&s, 5, &tx, &ty));
        ck_assert_msg(fx == tx && fy == ty, "frame %d: followed (%g, %g), fish 5 at (%g, %g)", t,
                      (double)fx, (double)fy, (double)tx, (double)ty);
        seen_slots += s.follow_slot != last_slot;
        last_slot = s.follow_slot;
    }
    /* It swam, and the view moved it around: the test saw what it checks. */
    ck_assert(hypotf(fx - sx, fy - sy) > 20.0f);
    ck_assert_int_gt(seen_slots, 0);
    /* Fewer fish: fish 5 stays and is still followed... */
    ck_assert_int_eq(sealife_set_fish(&s, 100, &e), 0);
    frame(&s, &w);
    ck_assert(sealife_followed(&s, &fx, &fy));
    float tx, ty;
    ck_assert(find_fish(&s, 5, &tx, &ty));
    ck_assert(fx == tx && fy == ty);
    /* ...until it is gone. */
    ck_assert_int_eq(sealife_set_fish(&s, 5, &e), 0);
    frame(&s, &w);
    ck_assert(!sealife_followed(&s, &fx, &fy));
    sealife_deinit(&s);
    world_free(&w);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("ui_sealife");
    TCase *tc = tcase_create("follow");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, followed_fish_stays_the_same_fish);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
