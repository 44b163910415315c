/* test_ui_screenshot: renderer readback saved as PNG, atomically: a full
 * disk keeps the old file, special files are refused, links followed. */
#include <SDL.h>
#include <SDL_image.h>
#include <dirent.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "core/afile.h"
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

/* A file-size limit stands in for a full disk: a write past it fails
 * (EFBIG, with SIGXFSZ ignored) as one on a full disk fails (ENOSPC).
 * Nothing is asserted while it holds: a passing check may write a file. */
static void limit_file_size(rlim_t bytes, struct rlimit *was)
{
    getrlimit(RLIMIT_FSIZE, was);
    struct rlimit lim = {bytes, was->rlim_max};
    signal(SIGXFSZ, SIG_IGN);
    setrlimit(RLIMIT_FSIZE, &lim);
}

static void unlimit_file_size(const struct rlimit *was)
{
    setrlimit(RLIMIT_FSIZE, was);
    signal(SIGXFSZ, SIG_DFL);
}

/* Found with `--screenshot` over a good picture on a full 1 MB tmpfs: the
 * failed writes went unnoticed and the empty temp file replaced the
 * picture, exit 0; F12 likewise, with no message. */
START_TEST(full_disk_keeps_the_old_picture)
{
    char dir[64], path[128], pics[160], shot[PATHS_MAX];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/shot.png", dir);
    snprintf(pics, sizeof pics, "%s/pictures", dir);
    static const char old[] = "the old picture, whole";
    tu_write(path, old, sizeof old);
    SDL_Surface *surf;
    SDL_Renderer *r = draw_pattern(&surf);
    Err e = {{0}}, dated = {{0}};
    setenv("XDG_PICTURES_DIR", pics, 1);
    ck_assert_int_eq(mkdir(pics, 0755), 0);
    struct rlimit was;
    limit_file_size(64, &was); /* any PNG of 64x40 is larger */
    int rc = shot_save_png(r, path, &e);
    int rc_dated = shot_save_dated(r, "shoal", shot, sizeof shot, &dated);
    unlimit_file_size(&was);
    ck_assert_int_eq(rc, -1);
    ck_assert_msg(strstr(e.msg, path) && strstr(e.msg, "write failed"), "%s", e.msg);
    char *data;
    size_t len;
    ck_assert_int_eq(afile_read(path, 1024, &data, &len, &e), 0);
    ck_assert_msg(len == sizeof old && memcmp(data, old, len) == 0, "the old picture was damaged");
    free(data);
    ck_assert_int_eq(count_entries(dir), 2); /* shot.png and pictures/: no temp file */
    /* F12's picture: the message says what failed, and nothing is left. */
    ck_assert_int_eq(rc_dated, -1);
    ck_assert_msg(strstr(dated.msg, "shoal/shoal-") && strstr(dated.msg, "write failed"), "%s",
                  dated.msg);
    snprintf(shot, sizeof shot, "%s/shoal", pics);
    ck_assert_int_eq(count_entries(shot), 0);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
}
END_TEST

/* The README's promise for every output: a FIFO, a device or a folder is
 * refused, never replaced; a symlink is written through to its target. */
START_TEST(special_files_refused_links_followed)
{
    char dir[64], fifo[128], link[128], target[128];
    tu_tempdir(dir, sizeof dir);
    snprintf(fifo, sizeof fifo, "%s/fifo.png", dir);
    snprintf(link, sizeof link, "%s/link.png", dir);
    snprintf(target, sizeof target, "%s/target.png", dir);
    ck_assert_int_eq(mkfifo(fifo, 0644), 0);
    tu_write(target, "old", 3);
    ck_assert_int_eq(symlink("target.png", link), 0);
    SDL_Surface *surf;
    SDL_Renderer *r = draw_pattern(&surf);
    Err e = {{0}};
    ck_assert_int_eq(shot_save_png(r, fifo, &e), -1);
    ck_assert_msg(strstr(e.msg, "fifo.png: is a FIFO") && strstr(e.msg, "refusing"), "%s", e.msg);
    ck_assert_int_eq(shot_save_png(r, "/dev/null", &e), -1);
    ck_assert_msg(strstr(e.msg, "character device"), "%s", e.msg);
    ck_assert_msg(shot_save_png(r, link, &e) == 0, "%s", e.msg);
    struct stat st;
    ck_assert_int_eq(lstat(fifo, &st), 0);
    ck_assert_msg(S_ISFIFO(st.st_mode), "the FIFO was replaced");
    ck_assert_int_eq(lstat(link, &st), 0);
    ck_assert_msg(S_ISLNK(st.st_mode), "the link was replaced");
    SDL_Surface *back = IMG_Load(target);
    ck_assert_msg(back && back->w == 64 && back->h == 40, "the link's target holds no picture");
    SDL_FreeSurface(back);
    ck_assert_int_eq(count_entries(dir), 3);
    unlink(fifo);
    unlink(link);
    unlink(target);
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
    tcase_add_test(tc, full_disk_keeps_the_old_picture);
    tcase_add_test(tc, special_files_refused_links_followed);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
