/* test_ui_text: TTF loading errors, drawing, and the texture cache. */
#include <SDL.h>
#include <string.h>

#include "testutil.h"
#include "ui/text.h"

#define FONT "data/fonts/DejaVuSans.ttf"

typedef struct Canvas {
    SDL_Surface *surf;
    SDL_Renderer *r;
} Canvas;

static void canvas_init(Canvas *c)
{
    c->surf = SDL_CreateRGBSurfaceWithFormat(0, 320, 80, 32, SDL_PIXELFORMAT_RGBA32);
    ck_assert_ptr_nonnull(c->surf);
    c->r = SDL_CreateSoftwareRenderer(c->surf);
    ck_assert_ptr_nonnull(c->r);
    SDL_SetRenderDrawColor(c->r, 0, 0, 0, 255);
    SDL_RenderClear(c->r);
}

static void canvas_free(Canvas *c)
{
    SDL_DestroyRenderer(c->r);
    SDL_FreeSurface(c->surf);
}

/* Pixels in [x0, x1) x [y0, y1) that are not black. */
static int lit(const Canvas *c, int x0, int y0, int x1, int y1)
{
    int n = 0;
    for (int y = y0; y < y1; y++) {
        const uint8_t *row = (const uint8_t *)c->surf->pixels + (size_t)y * c->surf->pitch;
        for (int x = x0; x < x1; x++)
            if (row[4 * x] || row[4 * x + 1] || row[4 * x + 2]) n++;
    }
    return n;
}

START_TEST(missing_font_names_file)
{
    Canvas c;
    canvas_init(&c);
    Text *t = (Text *)&c; /* must be reset to NULL on failure */
    Err e = {{0}};
    ck_assert_int_eq(text_init(&t, c.r, "/nonexistent/shoal/font.ttf", 14, &e), -1);
    ck_assert_ptr_null(t);
    ck_assert_ptr_nonnull(strstr(e.msg, "/nonexistent/shoal/font.ttf"));
    /* Not a font at all. */
    char dir[64], path[128];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/fake.ttf", dir);
    tu_write(path, "not a font", 10);
    ck_assert_int_eq(text_init(&t, c.r, path, 14, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, path));
    remove(path);
    rmdir(dir);
    canvas_free(&c);
}
END_TEST

START_TEST(draws_where_asked)
{
    Canvas c;
    canvas_init(&c);
    Text *t;
    Err e = {{0}};
    ck_assert_int_eq(text_init(&t, c.r, FONT, 16, &e), 0);
    int w, h;
    text_measure(t, "Shoal 42", &w, &h);
    ck_assert_int_gt(w, 30);
    ck_assert_int_gt(h, 8);
    ck_assert_int_ge(text_line_height(t), h - 2);
    SDL_Color white = {255, 255, 255, 255};
    ck_assert_int_eq(text_draw(t, "Shoal 42", 100, 20, white), w);
    ck_assert_int_gt(lit(&c, 100, 20, 100 + w, 20 + h), 40);
    /* Nothing outside the string's box. */
    ck_assert_int_eq(lit(&c, 0, 0, 320, 20) + lit(&c, 0, 20 + h, 320, 80), 0);
    ck_assert_int_eq(lit(&c, 0, 0, 100, 80) + lit(&c, 100 + w, 0, 320, 80), 0);
    /* Empty strings draw nothing. */
    ck_assert_int_eq(text_draw(t, "", 0, 0, white), 0);
    text_measure(t, "", &w, &h);
    ck_assert_int_eq(w, 0);
    ck_assert_int_eq(lit(&c, 0, 0, 100, 80), 0);
    /* A bigger size makes wider text. */
    int w16 = w;
    text_measure(t, "Shoal 42", &w16, &h);
    ck_assert_int_eq(text_set_size(t, 32, &e), 0);
    int w32;
    text_measure(t, "Shoal 42", &w32, &h);
    ck_assert_int_gt(w32, w16 + w16 / 2);
    text_deinit(t);
    canvas_free(&c);
}
END_TEST

START_TEST(cache_reuses_and_evicts)
{
    Canvas c;
    canvas_init(&c);
    Text *t;
    Err e = {{0}};
    ck_assert_int_eq(text_init(&t, c.r, FONT, 14, &e), 0);
    SDL_Color a = {255, 255, 255, 255}, b = {255, 200, 0, 255};
    unsigned long hits, misses;
    for (int frame = 0; frame < 10; frame++) {
        text_draw(t, "static label", 0, 0, a);
        text_frame_end(t);
    }
    text_stats(t, &hits, &misses);
    ck_assert_uint_eq(misses, 1);
    ck_assert_uint_eq(hits, 9);
    /* Same string, other colour: another entry. */
    text_draw(t, "static label", 0, 0, b);
    text_stats(t, &hits, &misses);
    ck_assert_uint_eq(misses, 2);
    /* Unused for longer than TEXT_CACHE_FRAMES: dropped and re-rendered. */
    for (int i = 0; i < TEXT_CACHE_FRAMES + 2; i++) text_frame_end(t);
    text_draw(t, "static label", 0, 0, a);
    text_stats(t, &hits, &misses);
    ck_assert_uint_eq(misses, 3);
    /* More distinct strings than the cache holds still all draw. */
    char s[32];
    for (int i = 0; i < TEXT_CACHE_SIZE + 20; i++) {
        snprintf(s, sizeof s, "label %d", i);
        ck_assert_int_gt(text_draw(t, s, 0, 40, a), 0);
    }
    text_frame_end(t);
    text_deinit(t);
    canvas_free(&c);
}
END_TEST

/* Every line the wrapper gives, joined back with one space (or the '\n'
 * it broke at), into out; each line checked to be no wider than w. */
static int wrap_all(Text *t, const char *s, float w, char lines[][64], int max)
{
    int n = 0;
    size_t used;
    for (const char *p = s; n < max && (used = text_wrap_line(t, p, w, lines[n], 64)); p += used) {
        int tw, th;
        text_measure(t, lines[n], &tw, &th);
        if (strlen(lines[n]) > 1)
            ck_assert_msg((float)tw <= w, "'%s' is %d px > %g", lines[n], tw, (double)w);
        n++;
    }
    return n;
}

START_TEST(wraps_at_words_breaks_and_long_words)
{
    Canvas c;
    canvas_init(&c);
    Text *t;
    Err e = {{0}};
    ck_assert_int_eq(text_init(&t, c.r, FONT, 16, &e), 0);
    int w1, h;
    text_measure(t, "broad reach", &w1, &h);
    char lines[16][64];
    /* Words: as many as fit on each line, the spaces between lines gone. */
    int n = wrap_all(t, "broad reach broad reach broad", (float)w1 + 4, lines, 16);
    ck_assert_int_eq(n, 3);
    ck_assert_str_eq(lines[0], "broad reach");
    ck_assert_str_eq(lines[1], "broad reach");
    ck_assert_str_eq(lines[2], "broad");
    /* A '\n' always breaks, an empty line kept. */
    n = wrap_all(t, "in irons\n\nrunning", 1000, lines, 16);
    ck_assert_int_eq(n, 3);
    ck_assert_str_eq(lines[0], "in irons");
    ck_assert_str_eq(lines[1], "");
    ck_assert_str_eq(lines[2], "running");
    /* One word too long for the width is cut, never inside a UTF-8
     * character (a path, a name with accents), and nothing is lost. */
    const char *word = "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9";
    int ww;
    text_measure(t, "\xC3\xA9\xC3\xA9\xC3\xA9", &ww, &h);
    n = wrap_all(t, word, (float)ww + 1, lines, 16);
    ck_assert_int_ge(n, 2);
    char joined[64] = "";
    for (int k = 0; k < n; k++) {
        ck_assert_int_eq(strlen(lines[k]) % 2, 0);
        strcat(joined, lines[k]);
    }
    ck_assert_str_eq(joined, word);
    /* Even a width no character fits in ends: one character a line. */
    n = wrap_all(t, "abc", 0.5f, lines, 16);
    ck_assert_int_eq(n, 3);
    ck_assert_int_eq(text_wrap_line(t, "", 100, lines[0], 64), 0);
    text_deinit(t);
    canvas_free(&c);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("ui_text");
    TCase *tc = tcase_create("text");
    tcase_add_test(tc, missing_font_names_file);
    tcase_add_test(tc, draws_where_asked);
    tcase_add_test(tc, cache_reuses_and_evicts);
    tcase_add_test(tc, wraps_at_words_breaks_and_long_words);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
