/* test_ui_loader: a battle started or loaded on the loader's thread is
 * the one the synchronous calls make (save text, shore field and painted
 * terrain and stocked sea alike); a load on the map on screen makes none
 * of those again; its phases go forward and end in done; a cancel mid-load
 * ends it promptly with nothing left; a failed load names what failed. */
#include <time.h>

#include "core/map.h"
#include "core/save.h"
#include "core/shore.h"
#include "testutil.h"

#include "game/battle.h"
#include "game/loader.h"
#include "game/sealife.h"
#include "ui/camera.h"
#include "ui/terrain.h"

/* A 4096^2 map file reads in ~0.25 s and bakes in ~0.2 s here: slow
 * enough to be caught in each phase, quick enough for every run. The
 * sanitizer builds run 5 to 30 times slower: 2048^2 is as slow there. */
static int big_side(void)
{
    return tu_scale(4096, 2048);
}

/* The CPU time of the whole process (every thread): what the loader's
 * thread did, however long the machine made it wait. */
static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The save text of b (what "the same battle" means to the game). */
static char *save_text(const Battle *b)
{
    char *buf = malloc(SAVE_MAX_BYTES);
    ck_assert_ptr_nonnull(buf);
    Err e = {{0}};
    int n = save_format(&b->sk, buf, SAVE_MAX_BYTES, &e);
    if (n < 0) ck_abort_msg("save_format: %s", e.msg);
    return buf;
}

static void assert_same_battle(const Battle *a, const Battle *b)
{
    char *ta = save_text(a), *tb = save_text(b);
    ck_assert_str_eq(ta, tb);
    free(ta);
    free(tb);
    ck_assert_int_eq(a->phase, b->phase);
    ck_assert_int_eq(a->side, b->side);
    ck_assert_int_eq(a->map.w, b->map.w);
    ck_assert_int_eq(a->map.h, b->map.h);
    ck_assert_mem_eq(a->map.land, b->map.land, (size_t)a->map.w * (size_t)a->map.h);
}

/* The shore the loader baked is the one shore_bake makes of b's map. */
static void assert_shore_of(const ShoreField *f, const Battle *b)
{
    ShoreField want;
    Err e = {{0}};
    ck_assert_int_eq(shore_bake(&want, b->map.land, b->map.w, b->map.h, &e), 0);
    ck_assert_int_eq(f->w, want.w);
    ck_assert_int_eq(f->h, want.h);
    ck_assert_mem_eq(f->dist, want.dist, sizeof *want.dist * (size_t)want.w * (size_t)want.h);
    shore_free(&want);
}

/* A big map file in dir: open sea with a few rectangular islands. */
static void write_big_map(const char *dir, char *path, size_t cap)
{
    Map m;
    Err e = {{0}};
    int n = big_side();
    ck_assert_int_eq(map_init(&m, n, n, &e), 0);
    for (int k = 0; k < 6; k++) {
        int x0 = n / 14 + k * n / 7, y0 = n / 5 + (k % 3) * n / 5;
        for (int y = y0; y < y0 + n / 16; y++)
            memset(&m.land[(size_t)y * (size_t)n + (size_t)x0], 1, (size_t)n / 22);
    }
    snprintf(path, cap, "%s/big.png", dir);
    if (map_save(&m, path, &e) != 0) ck_abort_msg("map_save: %s", e.msg);
    map_free(&m);
}

static void remove_files(const char *dir, const char *const *names, int n)
{
    char p[256];
    for (int i = 0; i < n; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        unlink(p);
    }
    rmdir(dir);
}

static LoaderJob new_job(const char *map_path, uint64_t seed)
{
    LoaderJob j = {.kind = LOADER_NEW,
                   .setup = {BATTLE_VS_AI, map_path, seed, {3, 3}, 30, (uint32_t)seed},
                   .speed = 1.0f};
    return j;
}

/* A job that paints and stocks the sea too, as the game starts them (a
 * software renderer's tile side, two painting threads, the default sea). */
static LoaderJob painting_job(const char *map_path, uint64_t seed)
{
    LoaderJob j = new_job(map_path, seed);
    j.terrain_tile = TERRAIN_TILE_MAX;
    j.threads = 2;
    j.stock = true;
    j.fish = 2000;
    j.sharks = 3;
    sea_params_default(&j.sea_params);
    j.sea_seed = 11;
    return j;
}

/* A small map file in dir (600x400: a disc, a bar, a rock), named name. */
static void write_small_map(const char *dir, const char *name, char *path, size_t cap)
{
    Map m;
    Err e = {{0}};
    ck_assert_int_eq(map_init(&m, 600, 400, &e), 0);
    for (int y = 0; y < m.h; y++) {
        for (int x = 0; x < m.w; x++) {
            int disc = (x - 300) * (x - 300) + (y - 200) * (y - 200) <= 60 * 60;
            int bar = x >= 80 && x < 200 && y >= 60 && y < 72;
            int rock = x == 500 && y == 330;
            m.land[(size_t)y * (size_t)m.w + (size_t)x] = (uint8_t)(disc || bar || rock);
        }
    }
    snprintf(path, cap, "%s/%s", dir, name);
    if (map_save(&m, path, &e) != 0) ck_abort_msg("map_save: %s", e.msg);
    map_free(&m);
}

/* ------------------------------------------------------------ the same */

START_TEST(test_a_new_battle_is_the_one_battle_new_makes)
{
    for (int mode = 0; mode < BATTLE_MODES; mode++) {
        LoaderJob j = new_job(NULL, 21);
        j.setup.mode = mode;
        Err e = {{0}};
        Battle *want = battle_new(&j.setup, 1.0f, &e);
        if (!want) ck_abort_msg("battle_new: %s", e.msg);
        Battle *got = NULL;
        ShoreField shore = {0};
        if (loader_run(&j, &got, &shore, NULL, NULL, &e) != 0) ck_abort_msg("loader: %s", e.msg);
        ck_assert_ptr_nonnull(got);
        ck_assert_int_eq(got->mode, mode);
        assert_same_battle(got, want);
        assert_shore_of(&shore, got);
        shore_free(&shore);
        battle_free(got);
        battle_free(want);
    }
}
END_TEST

START_TEST(test_a_loaded_save_is_the_one_battle_load_makes)
{
    char dir[64], path[128];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/one.sav", dir);
    LoaderJob j = new_job(NULL, 5);
    Err e = {{0}};
    Battle *b = battle_new(&j.setup, 1.0f, &e);
    if (!b) ck_abort_msg("battle_new: %s", e.msg);
    /* A turn played, so the save holds more than a fresh start. */
    ck_assert_int_eq(battle_advance(b, 1, &e), 0);
    ck_assert_int_eq(battle_save(b, path, &e), 0);
    Battle *want = battle_load(path, BATTLE_HOTSEAT, 1.0f, &e);
    if (!want) ck_abort_msg("battle_load: %s", e.msg);
    LoaderJob l = {.kind = LOADER_LOAD, .path = path, .mode = BATTLE_HOTSEAT, .speed = 1.0f};
    Battle *got = NULL;
    ShoreField shore = {0};
    if (loader_run(&l, &got, &shore, NULL, NULL, &e) != 0) ck_abort_msg("loader: %s", e.msg);
    assert_same_battle(got, want);
    ck_assert_int_eq(got->mode, BATTLE_HOTSEAT);
    assert_shore_of(&shore, got);
    shore_free(&shore);
    battle_free(got);
    battle_free(want);
    battle_free(b);
    const char *names[] = {"one.sav"};
    remove_files(dir, names, 1);
}
END_TEST

/* The terrain the loader painted is terrain_init's: every tile (apron and
 * partial edge tiles included, in 128-texel tiles so there are many) is
 * what terrain_shade makes of the map, and uploaded and drawn it shows
 * the very pixels terrain_init's textures show. */
START_TEST(test_the_painted_terrain_is_the_one_terrain_init_makes)
{
    char dir[64], map[128];
    tu_tempdir(dir, sizeof dir);
    write_small_map(dir, "small.png", map, sizeof map);
    LoaderJob j = painting_job(map, 4);
    j.terrain_tile = 128;
    Err e = {{0}};
    Battle *b = NULL;
    ShoreField shore = {0};
    TerrainImage img;
    if (loader_run(&j, &b, &shore, &img, NULL, &e) != 0) ck_abort_msg("loader: %s", e.msg);
    const Map *m = &b->map;
    ck_assert_int_eq(img.map_w, m->w);
    ck_assert_int_eq(img.map_h, m->h);
    ck_assert(img.res == terrain_pick_res(m->w, m->h));
    ck_assert_int_eq(img.tile, 128);
    ck_assert_int_eq(img.cols, (img.tex_w + 127) / 128);
    ck_assert_int_eq(img.rows, (img.tex_h + 127) / 128);
    ck_assert_int_gt(img.cols * img.rows, 4);

    TerrainSource src;
    ck_assert_int_eq(terrain_source_init(&src, m, &shore, NULL, &e), 0);
    const int a = TERRAIN_APRON;
    for (int i = 0; i < img.cols * img.rows; i++) {
        int x0, y0, w, h;
        terrain_image_tile(&img, i, &x0, &y0, &w, &h);
        size_t pitch = (size_t)(w + 2 * a) * 4, bytes = pitch * (size_t)(h + 2 * a);
        uint8_t *want = malloc(bytes);
        ck_assert_ptr_nonnull(want);
        terrain_shade(&src, img.res, x0 - a, y0 - a, w + 2 * a, h + 2 * a, want, pitch);
        ck_assert_mem_eq(img.px[i], want, bytes);
        free(want);
    }
    terrain_source_free(&src);

    /* Drawn one texel per pixel: the same framebuffer, byte for byte. */
    SDL_Surface *got =
        SDL_CreateRGBSurfaceWithFormat(0, img.tex_w, img.tex_h, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_Surface *ref =
        SDL_CreateRGBSurfaceWithFormat(0, img.tex_w, img.tex_h, 32, SDL_PIXELFORMAT_RGBA32);
    ck_assert_ptr_nonnull(got);
    ck_assert_ptr_nonnull(ref);
    SDL_Renderer *rg = SDL_CreateSoftwareRenderer(got), *rr = SDL_CreateSoftwareRenderer(ref);
    ck_assert_ptr_nonnull(rg);
    ck_assert_ptr_nonnull(rr);
    Terrain tg, tr;
    int tex_w = img.tex_w, tex_h = img.tex_h;
    ck_assert_int_eq(terrain_upload(&tg, rg, &img, &e), 0);
    ck_assert_ptr_null(img.px); /* taken */
    ck_assert_int_eq(terrain_init(&tr, rr, m, &shore, NULL, &e), 0);
    Camera c;
    cam_init(&c, m->w, m->h, tex_w, tex_h);
    SDL_Renderer *rs[2] = {rg, rr};
    const Terrain *ts[2] = {&tg, &tr};
    for (int k = 0; k < 2; k++) {
        SDL_SetRenderDrawColor(rs[k], 255, 0, 255, 255);
        SDL_RenderClear(rs[k]);
        terrain_draw(ts[k], rs[k], &c);
    }
    for (int y = 0; y < tex_h; y++)
        ck_assert_mem_eq((const uint8_t *)got->pixels + (size_t)y * (size_t)got->pitch,
                         (const uint8_t *)ref->pixels + (size_t)y * (size_t)ref->pitch,
                         (size_t)tex_w * 4);
    terrain_deinit(&tg);
    terrain_deinit(&tr);
    SDL_DestroyRenderer(rg);
    SDL_DestroyRenderer(rr);
    SDL_FreeSurface(got);
    SDL_FreeSurface(ref);
    shore_free(&shore);
    battle_free(b);
    const char *names[] = {"small.png", "small.ini"};
    remove_files(dir, names, 2);
}
END_TEST

/* A job without painting hands over an empty image. */
START_TEST(test_a_job_that_paints_nothing_hands_over_an_empty_image)
{
    char dir[64], map[128];
    tu_tempdir(dir, sizeof dir);
    write_small_map(dir, "small.png", map, sizeof map);
    LoaderJob j = new_job(map, 4);
    Err e = {{0}};
    Battle *b = NULL;
    ShoreField shore = {0};
    TerrainImage img;
    if (loader_run(&j, &b, &shore, &img, NULL, &e) != 0) ck_abort_msg("loader: %s", e.msg);
    ck_assert_ptr_null(img.px);
    ck_assert_int_eq(img.cols * img.rows, 0);
    shore_free(&shore);
    battle_free(b);
    const char *names[] = {"small.png", "small.ini"};
    remove_files(dir, names, 2);
}
END_TEST

/* The sea the loader stocked, dressed on the main thread and stepped on
 * its pool, is the one sealife_init makes there of the same shore; a job
 * that stocks nothing hands over an empty stock. */
START_TEST(test_the_stocked_sea_is_the_one_sealife_init_makes)
{
    char dir[64], map[128];
    tu_tempdir(dir, sizeof dir);
    write_small_map(dir, "small.png", map, sizeof map);
    LoaderJob j = painting_job(map, 4);
    j.terrain_tile = 0; /* the stock only */
    j.fish = 1500;
    j.sea_params.ali_weight *= 0.5f;
    Err e = {{0}};
    Battle *b = NULL;
    ShoreField shore = {0};
    SeaLifeStock stock;
    if (loader_run(&j, &b, &shore, NULL, &stock, &e) != 0) ck_abort_msg("loader: %s", e.msg);
    ck_assert_ptr_nonnull(stock.sea);
    ck_assert_ptr_nonnull(stock.fish_clear.map);
    ck_assert_ptr_nonnull(stock.shark_clear.map);
    ck_assert_ptr_ne(stock.fish_clear.map, stock.shark_clear.map);
    /* The sprites come from the source tree. */
    char data[256];
    tu_data_dir(data, sizeof data);
    setenv("SHOAL_DATA", data, 1);
    /* The field moves again, as it does into the game. */
    ShoreField mine = shore;
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_RGBA32);
    ck_assert_ptr_nonnull(surf);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(surf);
    ck_assert_ptr_nonnull(r);
    JobPool *pool = NULL;
    ck_assert_int_eq(jobs_init(&pool, 2, &e), 0);
    SeaLife got, want;
    ck_assert_msg(sealife_init_stocked(&got, r, &mine, pool, &stock, &e) == 0, "%s", e.msg);
    ck_assert_ptr_null(stock.sea); /* taken */
    ck_assert_int_eq(sealife_fish(&got), 1500);
    ck_assert_int_eq(sealife_shark_count(&got), 3);
    ck_assert_msg(sealife_init(&want, r, &mine, pool, 11, 1500, 3, &e) == 0, "%s", e.msg);
    ck_assert_int_eq(sealife_set_weights(&want, &j.sea_params, &e), 0);
    /* The game's first frame focuses the sea on the fleets: the loader did
     * already, so there is nothing left to lay out. */
    float xy[2 * SKIRMISH_MAX_SHIPS], radius;
    int n = battle_sea_focus(b, xy, SKIRMISH_MAX_SHIPS, &radius);
    ck_assert_int_gt(n, 0);
    ck_assert_int_eq(sea_set_focus(got.sea, xy, n, radius), 0);
    ck_assert_int_eq(sea_set_focus(want.sea, xy, n, radius), 1);
    for (int t = 0; t < 40; t++) {
        sea_step(got.sea);
        sea_step(want.sea);
    }
    ck_assert(sea_hash(got.sea) == sea_hash(want.sea));
    ck_assert(got.params.ali_weight == j.sea_params.ali_weight);
    sealife_deinit(&got);
    sealife_deinit(&want);
    jobs_deinit(pool);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
    shore_free(&shore);
    battle_free(b);
    /* Without job.stock: nothing stocked. */
    j.stock = false;
    if (loader_run(&j, &b, &shore, NULL, &stock, &e) != 0) ck_abort_msg("loader: %s", e.msg);
    ck_assert_ptr_null(stock.sea);
    ck_assert_ptr_null(stock.fish_clear.map);
    shore_free(&shore);
    battle_free(b);
    const char *names[] = {"small.png", "small.ini"};
    remove_files(dir, names, 2);
}
END_TEST

/* Load job j to its end: its phases told (bit per phase) and what it
 * made; *kept says loader_kept_world. */
static unsigned load_phases(const LoaderJob *j, Battle **b, ShoreField *shore, TerrainImage *img,
                            SeaLifeStock *stock, bool *kept)
{
    Err e = {{0}};
    Loader *l = loader_start(j, &e);
    if (!l) ck_abort_msg("loader_start: %s", e.msg);
    unsigned seen = 0;
    LoaderProgress p;
    while (loader_poll(l, &p) < LOADER_DONE) {
        seen |= 1u << p.phase;
        loader_wait(l, 0.0005);
    }
    seen |= 1u << p.phase;
    ck_assert_int_eq(p.phase, LOADER_DONE);
    if (loader_take(l, b, shore, img, stock, &e) != 0) ck_abort_msg("loader_take: %s", e.msg);
    *kept = loader_kept_world(l);
    loader_free(l);
    return seen;
}

/* Issue #36: F9 on the map on screen painted its coast again (4 s on a
 * big map). A save on the map whose digest the job names keeps the world:
 * no bake, no painting, no stocking, and an empty shore, image and stock
 * handed over; the battle is the one battle_load makes. On another map
 * (the digest one byte away) all three are made as before. */
START_TEST(test_a_load_on_the_map_on_screen_bakes_nothing)
{
    char dir[64], map[128], path[128];
    tu_tempdir(dir, sizeof dir);
    write_small_map(dir, "small.png", map, sizeof map);
    snprintf(path, sizeof path, "%s/quick.sav", dir);
    LoaderJob j = painting_job(map, 6);
    Err e = {{0}};
    Battle *on_screen = battle_new(&j.setup, 1.0f, &e);
    if (!on_screen) ck_abort_msg("battle_new: %s", e.msg);
    ck_assert_int_eq(battle_save(on_screen, path, &e), 0);
    Battle *want = battle_load(path, BATTLE_VS_AI, 1.0f, &e);
    if (!want) ck_abort_msg("battle_load: %s", e.msg);
    uint64_t world = map_digest(&on_screen->map);
    ck_assert(world == map_digest(&want->map));
    LoaderJob l = j;
    l.kind = LOADER_LOAD;
    l.path = path;
    l.mode = BATTLE_VS_AI;
    for (int same = 1; same >= 0; same--) {
        l.world = same ? world : world ^ 1;
        Battle *got = NULL;
        ShoreField shore = {0};
        TerrainImage img;
        SeaLifeStock stock;
        bool kept;
        unsigned seen = load_phases(&l, &got, &shore, &img, &stock, &kept);
        assert_same_battle(got, want);
        unsigned made = 1u << LOADER_BAKING | 1u << LOADER_PAINTING | 1u << LOADER_STOCKING;
        if (same) {
            ck_assert(kept);
            ck_assert_uint_eq(seen & made, 0);
            ck_assert_ptr_null(shore.dist);
            ck_assert_ptr_null(img.px);
            ck_assert_ptr_null(stock.sea);
        } else {
            ck_assert(!kept);
            ck_assert_ptr_nonnull(shore.dist);
            ck_assert_ptr_nonnull(img.px);
            ck_assert_ptr_nonnull(stock.sea);
            assert_shore_of(&shore, got);
        }
        sealife_stock_free(&stock);
        terrain_image_free(&img);
        shore_free(&shore);
        battle_free(got);
    }
    battle_free(want);
    battle_free(on_screen);
    const char *names[] = {"small.png", "small.ini", "quick.sav"};
    remove_files(dir, names, 3);
}
END_TEST

/* ------------------------------------------------------------ progress */

START_TEST(test_phases_go_forward_and_end_in_done)
{
    char dir[64], map[128];
    tu_tempdir(dir, sizeof dir);
    write_big_map(dir, map, sizeof map);
    LoaderJob j = painting_job(map, 3);
    Err e = {{0}};
    Loader *l = loader_start(&j, &e);
    if (!l) ck_abort_msg("loader_start: %s", e.msg);
    /* The job is the loader's own copy: the caller's strings may go. */
    ck_assert_str_eq(loader_job(l)->setup.map_path, map);
    ck_assert_ptr_ne(loader_job(l)->setup.map_path, map);
    int last = -1, seen_baking = 0, seen_painting = 0, seen_stocking = 0;
    float last_f = 0.0f;
    LoaderProgress p;
    do {
        loader_poll(l, &p);
        ck_assert_int_ge(p.phase, last);
        ck_assert_float_ge(p.fraction, last_f);
        ck_assert_float_le(p.fraction, 1.0f);
        ck_assert_ptr_nonnull(p.what);
        ck_assert_double_ge(p.phase_s, 0.0);
        if (p.phase == LOADER_READING) ck_assert_str_eq(p.what, "Reading the map");
        if (p.phase == LOADER_BAKING) seen_baking = 1;
        if (p.phase == LOADER_PAINTING) {
            ck_assert_str_eq(p.what, "Painting the coast");
            seen_painting = 1;
        }
        if (p.phase == LOADER_STOCKING) {
            ck_assert_str_eq(p.what, "Filling the sea");
            seen_stocking = 1;
        }
        last = p.phase;
        last_f = p.fraction;
        if (p.phase < LOADER_DONE) loader_wait(l, 0.002);
    } while (p.phase < LOADER_DONE);
    ck_assert_int_eq(p.phase, LOADER_DONE);
    ck_assert_float_eq(p.fraction, 1.0f);
    ck_assert(seen_baking);
    ck_assert(seen_painting);
    ck_assert(seen_stocking);
    ck_assert(loader_wait(l, 0.0));
    Battle *b = NULL;
    ShoreField shore = {0};
    TerrainImage img;
    SeaLifeStock stock;
    ck_assert_int_eq(loader_take(l, &b, &shore, &img, &stock, &e), 0);
    ck_assert_ptr_nonnull(stock.sea);
    sealife_stock_free(&stock);
    ck_assert_ptr_nonnull(b);
    ck_assert_int_eq(b->map.w, big_side());
    ck_assert_int_eq(shore.w, big_side());
    ck_assert_ptr_nonnull(img.px);
    ck_assert_int_eq(img.map_w, big_side());
    terrain_image_free(&img);
    /* Once only. */
    Battle *again = NULL;
    ShoreField s2 = {0};
    ck_assert_int_ne(loader_take(l, &again, &s2, NULL, NULL, &e), 0);
    ck_assert_ptr_null(again);
    loader_free(l);
    shore_free(&shore);
    battle_free(b);
    const char *names[] = {"big.png", "big.ini"};
    remove_files(dir, names, 2);
}
END_TEST

/* -------------------------------------------------------------- cancel */

/* Cancel a load of the big map once it is `into` seconds in phase `at`:
 * it ends within the step's time, nothing to take, nothing leaked (the
 * ASan build). True when the cancel came in that phase. */
static bool cancel_at(int at, double into)
{
    char dir[64], map[128];
    tu_tempdir(dir, sizeof dir);
    write_big_map(dir, map, sizeof map);
    LoaderJob j = painting_job(map, 8);
    Err e = {{0}};
    Loader *l = loader_start(&j, &e);
    if (!l) ck_abort_msg("loader_start: %s", e.msg);
    /* Some way into the step, not before it begins. */
    LoaderProgress p;
    while (loader_poll(l, &p) < at || (p.phase == at && p.phase_s < into)) loader_wait(l, 0.001);
    int phase = p.phase;
    double t0 = cpu_s();
    loader_cancel(l);
    /* A step runs to its end and no further: a read or a bake of this map,
     * well under a second of work (the sanitizer builds run several times
     * slower). Judged by the work done, in CPU time, which a busy machine
     * does not stretch (the wall clock it did: 2 s passed under load); the
     * wait's own deadline only catches a load that never ends. */
    ck_assert(loader_wait(l, tu_scale(60, 300)));
    double took = cpu_s() - t0;
    ck_assert_double_lt(took, tu_light() ? 10.0 : 2.0);
    if (phase == at) {
        ck_assert_int_eq(loader_poll(l, NULL), LOADER_CANCELLED);
        loader_poll(l, &p);
        ck_assert_str_eq(p.what, "Cancelled");
        static Battle dummy;
        Battle *b = &dummy; /* must come back NULL */
        ShoreField shore = {0};
        TerrainImage img;
        SeaLifeStock stock;
        ck_assert_int_ne(loader_take(l, &b, &shore, &img, &stock, &e), 0);
        ck_assert_ptr_null(b);
        ck_assert_ptr_null(shore.dist);
        ck_assert_ptr_null(img.px);
        ck_assert_ptr_null(stock.sea);
        ck_assert_ptr_null(stock.fish_clear.map);
        ck_assert_str_eq(e.msg, "cancelled");
    }
    loader_free(l);
    const char *names[] = {"big.png", "big.ini"};
    remove_files(dir, names, 2);
    return phase == at;
}

START_TEST(test_a_cancel_while_reading_ends_it_with_nothing_left)
{
    cancel_at(LOADER_READING, 0.03);
}
END_TEST

START_TEST(test_a_cancel_while_baking_ends_it_with_nothing_left)
{
    cancel_at(LOADER_BAKING, 0.03);
}
END_TEST

START_TEST(test_a_cancel_while_painting_ends_it_with_nothing_left)
{
    cancel_at(LOADER_PAINTING, 0.03);
}
END_TEST

/* Stocking is the shortest step (30 ms at 4096^2): cancelled as soon as
 * it begins, and it must be caught in it, or this would prove nothing. */
START_TEST(test_a_cancel_while_stocking_ends_it_with_nothing_left)
{
    ck_assert_msg(cancel_at(LOADER_STOCKING, 0.0), "the load never was seen stocking");
}
END_TEST

START_TEST(test_letting_go_mid_load_never_blocks)
{
    char dir[64], map[128];
    tu_tempdir(dir, sizeof dir);
    write_big_map(dir, map, sizeof map);
    LoaderJob j = new_job(map, 2);
    Err e = {{0}};
    Loader *l = loader_start(&j, &e);
    if (!l) ck_abort_msg("loader_start: %s", e.msg);
    double t0 = now_s();
    loader_free(l); /* mid-read: the thread is let go, not waited for */
    ck_assert_double_lt(now_s() - t0, 0.1);
    /* The let-go thread frees what it made when its step ends; give it
     * that long, so the leak check at exit sees it all freed. */
    struct timespec nap = {tu_scale(2, 10), 0};
    nanosleep(&nap, NULL);
    const char *names[] = {"big.png", "big.ini"};
    remove_files(dir, names, 2);
}
END_TEST

/* ------------------------------------------------------------ failures */

START_TEST(test_a_failed_load_says_what_failed)
{
    Err e = {{0}};
    Battle *b = NULL;
    ShoreField shore = {0};
    LoaderJob j = new_job("/nonexistent/shoal-map.png", 1);
    ck_assert_int_ne(loader_run(&j, &b, &shore, NULL, NULL, &e), 0);
    ck_assert_ptr_null(b);
    ck_assert_ptr_null(shore.dist);
    ck_assert_ptr_nonnull(strstr(e.msg, "/nonexistent/shoal-map.png"));
    /* The same through poll: the phase says failed, take says why. */
    LoaderJob s = {
        .kind = LOADER_LOAD, .path = "/nonexistent/quick.sav", .mode = BATTLE_VS_AI, .speed = 1.0f};
    Loader *l = loader_start(&s, &e);
    ck_assert_ptr_nonnull(l);
    ck_assert(loader_wait(l, -1.0));
    ck_assert_int_eq(loader_poll(l, NULL), LOADER_FAILED);
    memset(&e, 0, sizeof e);
    ck_assert_int_ne(loader_take(l, &b, &shore, NULL, NULL, &e), 0);
    ck_assert_ptr_nonnull(strstr(e.msg, "/nonexistent/quick.sav"));
    loader_free(l);
}
END_TEST

static Suite *loader_suite(void)
{
    Suite *s = suite_create("ui_loader");
    TCase *tc = tcase_create("loader");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_a_new_battle_is_the_one_battle_new_makes);
    tcase_add_test(tc, test_a_loaded_save_is_the_one_battle_load_makes);
    tcase_add_test(tc, test_the_painted_terrain_is_the_one_terrain_init_makes);
    tcase_add_test(tc, test_a_job_that_paints_nothing_hands_over_an_empty_image);
    tcase_add_test(tc, test_the_stocked_sea_is_the_one_sealife_init_makes);
    tcase_add_test(tc, test_a_load_on_the_map_on_screen_bakes_nothing);
    tcase_add_test(tc, test_phases_go_forward_and_end_in_done);
    tcase_add_test(tc, test_a_cancel_while_reading_ends_it_with_nothing_left);
    tcase_add_test(tc, test_a_cancel_while_baking_ends_it_with_nothing_left);
    tcase_add_test(tc, test_a_cancel_while_painting_ends_it_with_nothing_left);
    tcase_add_test(tc, test_a_cancel_while_stocking_ends_it_with_nothing_left);
    tcase_add_test(tc, test_letting_go_mid_load_never_blocks);
    tcase_add_test(tc, test_a_failed_load_says_what_failed);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(loader_suite)
