/* test_ui_screenshot: renderer readback saved as PNG, atomically. */
#include <SDL.h>
#include <SDL_image.h>
#include <dirent.h>

#include "testutil.h"
#include "ui/screenshot.h"

static int count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL)
        if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..")) n++;
    closedir(d);
    return n;
}

static SDL_Renderer *draw_pattern(SDL_Surface **surf)
{
    *surf = SDL_CreateRGBSurfaceWithFormat(0, 64, 40, 32, SDL_PIXELFORMAT_ARGB8888);
    ck_assert_ptr_nonnull(*surf);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(*surf);
    ck_assert_ptr_nonnull(r);
    SDL_SetRenderDrawColor(r, 200, 30, 10, 255);
    SDL_RenderClear(r);
    SDL_SetRenderDrawColor(r, 10, 40, 220, 255);
    SDL_Rect right = {32, 0, 32, 40};
    SDL_RenderFillRect(r, &right);
    SDL_SetRenderDrawColor(r, 250, 250, 250, 255);
    SDL_RenderDrawPoint(r, 3, 37);
    return r;
}

static void pixel(SDL_Surface *s, int x, int y, uint8_t *r, uint8_t *g, uint8_t *b)
{
    uint32_t v = 0;
    const uint8_t *p = (const uint8_t *)s->pixels + (size_t)y * s->pitch + (size_t)x * 4;
    memcpy(&v, p, 4);
    SDL_GetRGB(v, s->format, r, g, b);
}

START_TEST(saves_what_was_drawn)
{
    char dir[64], path[128];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/shot.png", dir);
    SDL_Surface *surf;
    SDL_Renderer *r = draw_pattern(&surf);
    Err e = {{0}};
    /* An old file at the path is replaced. */
    tu_write(path, "old", 3);
    ck_assert_int_eq(shot_save_png(r, path, &e), 0);
    ck_assert_int_eq(count_entries(dir), 1);
    SDL_Surface *raw = IMG_Load(path);
    ck_assert_msg(raw != NULL, "%s", IMG_GetError());
    SDL_Surface *back = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(raw);
    ck_assert_int_eq(back->w, 64);
    ck_assert_int_eq(back->h, 40);
    uint8_t cr, cg, cb;
    pixel(back, 5, 5, &cr, &cg, &cb);
    ck_assert(cr == 200 && cg == 30 && cb == 10);
    pixel(back, 50, 20, &cr, &cg, &cb);
    ck_assert(cr == 10 && cg == 40 && cb == 220);
    pixel(back, 3, 37, &cr, &cg, &cb);
    ck_assert(cr == 250 && cg == 250 && cb == 250);
    SDL_FreeSurface(back);
    remove(path);
    rmdir(dir);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
}
END_TEST

START_TEST(unwritable_path_names_file)
{
    char dir[64], path[160];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/no/such/dir/shot.png", dir);
    SDL_Surface *surf;
    SDL_Renderer *r = draw_pattern(&surf);
    Err e = {{0}};
    ck_assert_int_eq(shot_save_png(r, path, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, path));
    ck_assert_int_eq(count_entries(dir), 0);
    rmdir(dir);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("ui_screenshot");
    TCase *tc = tcase_create("screenshot");
    tcase_add_test(tc, saves_what_was_drawn);
    tcase_add_test(tc, unwritable_path_names_file);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
