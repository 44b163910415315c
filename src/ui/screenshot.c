/* screenshot: renderer readback to PNG through SDL2_image, atomically. */
#include "screenshot.h"
#include "core/paths.h"
#include "core/stop.h"
#include "core/testev.h"

#include <SDL_image.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int shot_save_png(SDL_Renderer *r, const char *path, Err *e)
{
    int w, h;
    if (SDL_GetRendererOutputSize(r, &w, &h) != 0 || w <= 0 || h <= 0)
        return err_set(e, "%s: no picture to save: %s", path, SDL_GetError());
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 24, SDL_PIXELFORMAT_RGB24);
    if (!s) return err_set(e, "%s: out of memory for a %dx%d screenshot", path, w, h);
    if (SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_RGB24, s->pixels, s->pitch) != 0) {
        err_set(e, "%s: cannot read the picture back: %s", path, SDL_GetError());
        SDL_FreeSurface(s);
        return -1;
    }
    char tmp[PATHS_MAX];
    int n = snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
    if (n < 0 || (size_t)n >= sizeof tmp) {
        SDL_FreeSurface(s);
        return err_set(e, "%s: path too long", path);
    }
    stop_track(tmp); /* a signal mid-write leaves no half picture */
    int rc = IMG_SavePNG(s, tmp);
    SDL_FreeSurface(s);
    if (rc == 0 && rename(tmp, path) != 0) {
        err_set(e, "%s: cannot write: %s", path, strerror(errno));
        rc = -1;
    } else if (rc != 0) {
        err_set(e, "%s: cannot write: %s", path, IMG_GetError());
    }
    if (rc != 0) remove(tmp);
    stop_untrack(tmp);
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
