/* screenshot: renderer readback to PNG, written atomically by core/afile. */
#include "screenshot.h"
#include "core/afile.h"
#include "core/paths.h"
#include "core/pngenc.h"
#include "core/testev.h"

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The picture is encoded in memory (core/pngenc, as map saves are) and
 * written by afile: every write checked, the old picture kept whole on a
 * full disk, special files refused, symlinks written through
 * (IMG_SavePNG's own file checks none of it). */
int shot_save_png(SDL_Renderer *r, const char *path, Err *e)
{
    int w, h;
    if (SDL_GetRendererOutputSize(r, &w, &h) != 0 || w <= 0 || h <= 0)
        return err_set(e, "%s: no picture to save: %s", path, SDL_GetError());
    unsigned char *rgb = malloc((size_t)w * (size_t)h * 3);
    if (!rgb) return err_set(e, "%s: out of memory for a %dx%d screenshot", path, w, h);
    if (SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_RGB24, rgb, w * 3) != 0) {
        err_set(e, "%s: cannot read the picture back: %s", path, SDL_GetError());
        free(rgb);
        return -1;
    }
    unsigned char *png;
    size_t len;
    int rc = pngenc_rgb(rgb, w, h, w * 3, &png, &len);
    free(rgb);
    if (rc != 0) return err_set(e, "%s: out of memory encoding the screenshot", path);
    rc = afile_write(path, png, len, e);
    free(png);
    return rc;
}

int shot_save_dated(SDL_Renderer *r, const char *prefix, char *path, size_t cap, Err *e)
{
    char dir[PATHS_MAX], when[32];
    if (paths_pictures_dir("shoal", dir, sizeof dir) != 0)
        return err_set(e, "screenshot: no pictures folder (HOME is not set)");
    if (paths_mkdirs(dir, e) != 0) return -1;
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(when, sizeof when, "%Y%m%d-%H%M%S", &tm);
    /* Two pictures in one second keep both. */
    for (int k = 1; k < 100; k++) {
        char nth[16] = "";
        if (k > 1) snprintf(nth, sizeof nth, "-%d", k);
        int n = snprintf(path, cap, "%s/%s-%s%s.png", dir, prefix, when, nth);
        if (n < 0 || (size_t)n >= cap) return err_set(e, "%s: screenshot path too long", dir);
        if (paths_exists(path)) continue;
        if (shot_save_png(r, path, e) != 0) return -1;
        testev_say("shot %s", path);
        return 0;
    }
    return err_set(e, "%s: 99 screenshots in one second already", dir);
}
