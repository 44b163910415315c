/* test_ui_terrain: the terrain pixel function (palette contract, depth
 * ramp, surf, determinism) and its tiled textures on a software renderer. */
#include <SDL.h>
#include <math.h>

#include "core/map.h"
#include "core/shore.h"
#include "testutil.h"
#include "ui/terrain.h"

#define MW 256
#define MH 192

typedef struct Fixture {
    Map m;
    ShoreField sea;
    TerrainSource src;
} Fixture;

/* An island disc, a bar and a single-pixel rock in the top-left quarter;
 * the rest is open water up to ~250 px from any land. */
static void fixture_init(Fixture *f, const char *name)
{
    Err e = {{0}};
    ck_assert_int_eq(map_init(&f->m, MW, MH, &e), 0);
    snprintf(f->m.meta.name, sizeof f->m.meta.name, "%s", name);
    for (int y = 0; y < MH; y++) {
        for (int x = 0; x < MW; x++) {
            int disc = (x - 40) * (x - 40) + (y - 40) * (y - 40) <= 18 * 18;
            int bar = x >= 70 && x < 100 && y >= 20 && y < 24;
            int rock = x == 20 && y == 80;
            f->m.land[y * MW + x] = (uint8_t)(disc || bar || rock);
        }
    }
    ck_assert_int_eq(shore_bake(&f->sea, f->m.land, MW, MH, &e), 0);
    ck_assert_int_eq(terrain_source_init(&f->src, &f->m, &f->sea, NULL, &e), 0);
}

static void fixture_free(Fixture *f)
{
    terrain_source_free(&f->src);
    shore_free(&f->sea);
    map_free(&f->m);
}

static uint8_t *shade_all(const TerrainSource *s, float res, int *tw, int *th)
{
    *tw = (int)(s->w * res);
    *th = (int)(s->h * res);
    uint8_t *buf = malloc((size_t)*tw * (size_t)*th * 4);
    ck_assert_ptr_nonnull(buf);
    terrain_shade(s, res, 0, 0, *tw, *th, buf, (size_t)*tw * 4);
    return buf;
}

static double luma(const uint8_t *p)
{
    return 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2];
}

START_TEST(land_is_not_water_coloured)
{
    Fixture f;
    fixture_init(&f, "palette");
    int tw, th;
    uint8_t *img = shade_all(&f.src, 1.0f, &tw, &th);
    int land = 0, water = 0;
    for (int i = 0; i < MW * MH; i++) {
        const uint8_t *p = img + 4 * i;
        ck_assert_uint_eq(p[3], 255);
        if (f.m.land[i]) {
            ck_assert_msg(p[0] > p[2], "land pixel %d is blue-dominant", i);
            land++;
        } else {
            ck_assert_msg(p[2] > p[0], "water pixel %d is red-dominant", i);
            water++;
        }
    }
    ck_assert_int_gt(land, 1000);
    ck_assert_int_gt(water, 40000);
    /* The single-pixel rock stays land even though smoothing rounds it. */
    ck_assert(img[4 * (80 * MW + 20)] > img[4 * (80 * MW + 20) + 2]);
    free(img);

    /* At 2 texels per pixel, texels inside a pixel whose whole 3x3
     * neighbourhood shares its kind keep that kind's colours. */
    img = shade_all(&f.src, 2.0f, &tw, &th);
    for (int y = 1; y < MH - 1; y++) {
        for (int x = 1; x < MW - 1; x++) {
            int kind = f.m.land[y * MW + x], same = 1;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++)
                    if (f.m.land[(y + dy) * MW + x + dx] != kind) same = 0;
            if (!same) continue;
            for (int k = 0; k < 4; k++) {
                const uint8_t *p = img + 4 * ((size_t)(2 * y + k / 2) * (size_t)tw + 2 * x + k % 2);
                ck_assert(kind ? p[0] > p[2] : p[2] > p[0]);
            }
        }
    }
    free(img);
    fixture_free(&f);
}
END_TEST

/* Mean luma of water pixels whose distance to land is in [lo, hi). */
static double band_luma(const Fixture *f, const uint8_t *img, float lo, float hi)
{
    double sum = 0;
    int n = 0;
    for (int i = 0; i < MW * MH; i++) {
        float d = shore_px(&f->sea, (size_t)i);
        if (!f->m.land[i] && d >= lo && d < hi) {
            sum += luma(img + 4 * i);
            n++;
        }
    }
    ck_assert_int_gt(n, 20);
    return sum / n;
}

START_TEST(deep_water_is_darker)
{
    Fixture f;
    fixture_init(&f, "depth");
    int tw, th;
    uint8_t *img = shade_all(&f.src, 1.0f, &tw, &th);
    double shallow = band_luma(&f, img, 3, 6);
    double reef = band_luma(&f, img, 12, 20);
    double mid = band_luma(&f, img, 40, 60);
    double deep = band_luma(&f, img, 150, 400);
    ck_assert_msg(shallow > reef && reef > mid && mid > deep,
                  "luma by depth not decreasing: %.1f %.1f %.1f %.1f", shallow, reef, mid, deep);
    /* Clearly so, not by a rounding margin. */
    ck_assert_double_gt(shallow - deep, 60.0);
    /* The deepest water is navy: blue well above red and green. */
    for (int i = 0; i < MW * MH; i++) {
        if (shore_px(&f.sea, (size_t)i) < 200) continue;
        const uint8_t *p = img + 4 * i;
        ck_assert(p[2] > p[1] + 20 && p[2] > p[0] + 40);
    }
    free(img);
    fixture_free(&f);
}
END_TEST

START_TEST(coast_water_is_surf)
{
    Fixture f;
    fixture_init(&f, "surf");
    int tw, th;
    uint8_t *img = shade_all(&f.src, 1.0f, &tw, &th);
    double shallow = band_luma(&f, img, 3, 6);
    int coast = 0;
    for (int y = 1; y < MH - 1; y++) {
        for (int x = 1; x < MW - 1; x++) {
            int i = y * MW + x;
            if (f.m.land[i]) continue;
            if (!(f.m.land[i - 1] || f.m.land[i + 1] || f.m.land[i - MW] || f.m.land[i + MW]))
                continue;
            const uint8_t *p = img + 4 * i;
            /* Foam-white: bright, and barely tinted. */
            ck_assert_msg(luma(p) > 200 && luma(p) > shallow + 25, "coast pixel %d,%d luma %.0f", x,
                          y, luma(p));
            ck_assert(p[0] > 180 && p[1] > 200 && p[2] > 200);
            coast++;
        }
    }
    ck_assert_int_gt(coast, 100);
    free(img);
    fixture_free(&f);
}
END_TEST

START_TEST(deterministic_and_tile_independent)
{
    Fixture f;
    fixture_init(&f, "tiles");
    const float res[] = {2.0f, 1.0f, 0.5f};
    for (size_t r = 0; r < sizeof res / sizeof res[0]; r++) {
        int tw, th;
        uint8_t *a = shade_all(&f.src, res[r], &tw, &th);
        uint8_t *b = shade_all(&f.src, res[r], &tw, &th);
        ck_assert(memcmp(a, b, (size_t)tw * th * 4) == 0);
        /* Shade the same image in odd-sized pieces, as tiles would. */
        memset(b, 0, (size_t)tw * th * 4);
        for (int y0 = 0; y0 < th; y0 += 37) {
            for (int x0 = 0; x0 < tw; x0 += 53) {
                int w = tw - x0 < 53 ? tw - x0 : 53, h = th - y0 < 37 ? th - y0 : 37;
                terrain_shade(&f.src, res[r], x0, y0, w, h, b + ((size_t)y0 * tw + x0) * 4,
                              (size_t)tw * 4);
            }
        }
        ck_assert(memcmp(a, b, (size_t)tw * th * 4) == 0);
        free(a);
        free(b);
    }
    /* Another map name (so another noise seed) gives another image. */
    Fixture g;
    fixture_init(&g, "other");
    int tw, th;
    uint8_t *a = shade_all(&f.src, 1.0f, &tw, &th);
    uint8_t *b = shade_all(&g.src, 1.0f, &tw, &th);
    ck_assert(memcmp(a, b, (size_t)tw * th * 4) != 0);
    free(a);
    free(b);
    fixture_free(&g);
    fixture_free(&f);
}
END_TEST

START_TEST(no_land_is_all_open_sea)
{
    Err e = {{0}};
    Map m;
    ck_assert_int_eq(map_init(&m, 64, 48, &e), 0);
    ShoreField sea;
    TerrainSource src;
    ck_assert_int_eq(shore_bake(&sea, m.land, 64, 48, &e), 0);
    ck_assert_int_eq(terrain_source_init(&src, &m, &sea, NULL, &e), 0);
    int tw, th;
    uint8_t *img = shade_all(&src, 1.0f, &tw, &th);
    for (int i = 0; i < 64 * 48; i++) {
        const uint8_t *p = img + 4 * i;
        ck_assert(p[2] > p[0] + 40 && luma(p) < 90);
    }
    free(img);
    terrain_source_free(&src);
    shore_free(&sea);
    map_free(&m);
}
END_TEST

START_TEST(resolution_fits_budget)
{
    ck_assert(terrain_pick_res(1024, 768) == TERRAIN_RES_MAX);
    const int sides[][2] = {{4096, 4096}, {16384, 16384}, {16384, 16}, {9000, 7000}};
    for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++) {
        double px = (double)sides[i][0] * sides[i][1];
        float r = terrain_pick_res(sides[i][0], sides[i][1]);
        ck_assert(px * r * r <= (double)TERRAIN_TEXEL_BUDGET);
        /* ...and it is the largest power of two that fits. */
        ck_assert(r == TERRAIN_RES_MAX || px * 4 * r * r > (double)TERRAIN_TEXEL_BUDGET);
    }
}
END_TEST

/* The textures show what the pixel function made: at one texel per screen
 * pixel the output equals terrain_shade's image. */
START_TEST(textures_match_pixels)
{
    Fixture f;
    fixture_init(&f, "draw");
    Err e = {{0}};
    float res = terrain_pick_res(MW, MH);
    int tw = (int)(MW * res), th = (int)(MH * res);
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, tw, th, 32, SDL_PIXELFORMAT_RGBA32);
    ck_assert_ptr_nonnull(surf);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(surf);
    ck_assert_ptr_nonnull(r);
    Terrain t;
    ck_assert_int_eq(terrain_init(&t, r, &f.m, &f.sea, NULL, &e), 0);
    ck_assert(t.res == res);
    ck_assert_int_eq(t.tex_w, tw);
    ck_assert_int_eq(t.cols * t.rows, 1);
    Camera c;
    cam_init(&c, MW, MH, tw, th);
    ck_assert_double_eq_tol(c.zoom, res, 1e-12);
    SDL_SetRenderDrawColor(r, 255, 0, 255, 255);
    SDL_RenderClear(r);
    terrain_draw(&t, r, &c);
    uint8_t *want = shade_all(&f.src, res, &tw, &th);
    int off = 0;
    for (int y = 0; y < th; y++) {
        const uint8_t *row = (const uint8_t *)surf->pixels + (size_t)y * surf->pitch;
        for (int x = 0; x < tw; x++)
            for (int k = 0; k < 3; k++)
                if (abs(row[4 * x + k] - want[4 * ((size_t)y * tw + x) + k]) > 2) off++;
    }
    ck_assert_int_eq(off, 0);
    free(want);
    terrain_deinit(&t);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
    fixture_free(&f);
}
END_TEST

/* A cancel already given stops the shading before it starts, and the
 * source's too: nothing comes back, nothing is left allocated. */
START_TEST(a_cancel_leaves_nothing)
{
    Fixture f;
    fixture_init(&f, "cancel");
    Err e = {{0}};
    atomic_bool stop;
    atomic_init(&stop, true);
    TerrainImage img;
    ck_assert_int_eq(terrain_image_shade(&img, &f.m, &f.sea, 64, NULL, &stop, &e),
                     TERRAIN_CANCELLED);
    ck_assert_ptr_null(img.px);
    TerrainSource src;
    ck_assert_int_eq(terrain_source_init(&src, &f.m, &f.sea, &stop, &e), TERRAIN_CANCELLED);
    ck_assert_ptr_null(src.coast);
    ck_assert_ptr_null(src.inland.dist);
    /* Not cancelled: the tiles cover the image. */
    atomic_store(&stop, false);
    ck_assert_int_eq(terrain_image_shade(&img, &f.m, &f.sea, 64, NULL, &stop, &e), 0);
    ck_assert_int_eq(img.cols, (img.tex_w + 63) / 64);
    ck_assert_int_eq(img.rows, (img.tex_h + 63) / 64);
    for (int i = 0; i < img.cols * img.rows; i++) ck_assert_ptr_nonnull(img.px[i]);
    terrain_image_free(&img);
    fixture_free(&f);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("ui_terrain");
    TCase *tc = tcase_create("terrain");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, land_is_not_water_coloured);
    tcase_add_test(tc, deep_water_is_darker);
    tcase_add_test(tc, coast_water_is_surf);
    tcase_add_test(tc, deterministic_and_tile_independent);
    tcase_add_test(tc, no_land_is_all_open_sea);
    tcase_add_test(tc, resolution_fits_budget);
    tcase_add_test(tc, textures_match_pixels);
    tcase_add_test(tc, a_cancel_leaves_nothing);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
