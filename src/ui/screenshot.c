/* screenshot: renderer readback to PNG through SDL2_image, written
 * atomically by core/afile. */
#include "screenshot.h"
#include "core/afile.h"
#include "core/paths.h"
#include "core/testev.h"

#include <SDL_image.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A PNG encoded in memory, so afile writes the file: every write checked,
 * the old picture kept whole on a full disk, special files refused,
 * symlinks written through (IMG_SavePNG's own file checks none of it). */
typedef struct ShotBuf {
    unsigned char *p;
    size_t len, cap, at;
    bool failed; /* out of memory: the picture is incomplete */
} ShotBuf;

static ShotBuf *shotbuf_of(SDL_RWops *rw)
{
    return rw->hidden.unknown.data1;
}

static Sint64 SDLCALL shotbuf_size(SDL_RWops *rw)
{
    return (Sint64)shotbuf_of(rw)->len;
}

static Sint64 SDLCALL shotbuf_seek(SDL_RWops *rw, Sint64 offset, int whence)
{
    ShotBuf *b = shotbuf_of(rw);
    Sint64 base = whence == RW_SEEK_SET   ? 0
                  : whence == RW_SEEK_CUR ? (Sint64)b->at
                                          : (Sint64)b->len;
    if (base + offset < 0 || base + offset > (Sint64)b->len)
        return SDL_SetError("seek out of range");
    b->at = (size_t)(base + offset);
    return (Sint64)b->at;
}

static size_t SDLCALL shotbuf_read(SDL_RWops *rw, void *ptr, size_t size, size_t n)
{
    (void)rw;
    (void)ptr;
    (void)size;
    (void)n;
    SDL_SetError("a picture being encoded is not read back");
    return 0;
}

static size_t SDLCALL shotbuf_write(SDL_RWops *rw, const void *ptr, size_t size, size_t n)
{
    ShotBuf *b = shotbuf_of(rw);
    if (b->failed || size == 0 || n == 0) return 0;
    if (n > (SIZE_MAX - b->at) / size) {
        b->failed = true;
        return 0;
    }
    size_t bytes = size * n, end = b->at + bytes;
    if (end > b->cap) {
        size_t cap = b->cap ? b->cap : 256 * 1024;
        while (cap < end) cap = cap > SIZE_MAX / 2 ? end : cap * 2;
        unsigned char *p = realloc(b->p, cap);
        if (!p) {
            b->failed = true;
            SDL_OutOfMemory();
            return 0;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->at, ptr, bytes);
    b->at = end;
    if (end > b->len) b->len = end;
    return n;
}

static int SDLCALL shotbuf_close(SDL_RWops *rw)
{
    SDL_FreeRW(rw); /* the buffer is the caller's */
    return 0;
}

/* s as PNG bytes into b. 0, or -1 with e naming path. */
static int encode_png(SDL_Surface *s, ShotBuf *b, const char *path, Err *e)
{
    SDL_RWops *rw = SDL_AllocRW();
    if (!rw) return err_set(e, "%s: out of memory encoding the screenshot", path);
    rw->type = SDL_RWOPS_UNKNOWN;
    rw->hidden.unknown.data1 = b;
    rw->size = shotbuf_size;
    rw->seek = shotbuf_seek;
    rw->read = shotbuf_read;
    rw->write = shotbuf_write;
    rw->close = shotbuf_close;
    int rc = IMG_SavePNG_RW(s, rw, 1);
    if (b->failed) return err_set(e, "%s: out of memory encoding the screenshot", path);
    if (rc != 0 || b->len == 0)
        return err_set(e, "%s: could not encode the screenshot: %s", path, IMG_GetError());
    return 0;
}

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
    ShotBuf b = {0};
    int rc = encode_png(s, &b, path, e);
    SDL_FreeSurface(s);
    if (rc == 0) rc = afile_write(path, b.p, b.len, e);
    free(b.p);
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
