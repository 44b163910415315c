/* atlas: reading a sprite sheet's description and its levels. */
#include "atlas.h"

#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/afile.h"
#include "core/kv.h"
#include "core/paths.h"

#define INI_MAX_BYTES 4096

/* "16 32 64": ascending cell lengths, each a multiple of 2. */
static int parse_levels(Atlas *a, const char *v, const char *file, int line, Err *e)
{
    a->levels = 0;
    const char *p = v;
    while (*p) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        char *end;
        long w = strtol(p, &end, 10);
        if (end == p || w < 2 || w > 4096 || (w & 1) || a->levels == ATLAS_MAX_LEVELS ||
            (a->levels > 0 && w <= a->level_w[a->levels - 1]))
            return err_set(e,
                           "%s:%d: levels '%s'; want 1 to %d ascending even cell lengths "
                           "(2..4096)",
                           file, line, v, ATLAS_MAX_LEVELS);
        a->level_w[a->levels++] = (int)w;
        p = end;
    }
    if (a->levels == 0) return err_set(e, "%s:%d: levels is empty", file, line);
    return 0;
}

static int read_ini(Atlas *a, const char *path, Err *e)
{
    char *text;
    size_t len;
    if (afile_read(path, INI_MAX_BYTES, &text, &len, e) != 0) return -1;
    KvReader kr;
    int rc = kv_open(&kr, text, len, path, e);
    const char *k, *v;
    int seen = 0, got;
    while (rc == 0 && (got = kv_next(&kr, &k, &v, e)) != 0) {
        if (got < 0) {
            rc = -1;
            break;
        }
        long n;
        double d;
        if (!strcmp(k, "frames") && kv_parse_int(v, 1, ATLAS_MAX_FRAMES, &n) == 0) {
            a->layout.frames = (int)n;
            seen |= 1;
        } else if (!strcmp(k, "shapes") && kv_parse_int(v, 1, ATLAS_MAX_SHAPES, &n) == 0) {
            a->layout.shapes = (int)n;
            seen |= 2;
        } else if (!strcmp(k, "levels")) {
            rc = parse_levels(a, v, path, kr.line, e);
            seen |= 4;
        } else if (!strcmp(k, "body") && kv_parse_float(v, 0.1, 1.0, &d) == 0) {
            a->layout.body = (float)d;
            seen |= 8;
        } else {
            rc = err_set(e, "%s:%d: unknown key or bad value '%s = %s'", path, kr.line, k, v);
        }
    }
    free(text);
    if (rc == 0 && seen != 15) rc = err_set(e, "%s: needs frames, shapes, levels and body", path);
    return rc;
}

int atlas_read(Atlas *a, const char *name, Err *e)
{
    memset(a, 0, sizeof *a);
    char rel[256], path[PATHS_MAX];
    snprintf(rel, sizeof rel, "sprites/%s.ini", name);
    if (paths_data_file(rel, path, sizeof path) != 0)
        return err_set(e, "%s: data directory path too long", rel);
    return read_ini(a, path, e);
}

int atlas_load(Atlas *a, SDL_Renderer *r, const char *name, Err *e)
{
    char rel[256], path[PATHS_MAX];
    if (atlas_read(a, name, e) != 0) return -1;
    for (int i = 0; i < a->levels; i++) {
        int cw = a->level_w[i];
        snprintf(rel, sizeof rel, "sprites/%s-%d.png", name, cw);
        if (paths_data_file(rel, path, sizeof path) != 0) {
            atlas_free(a);
            return err_set(e, "%s: data directory path too long", rel);
        }
        SDL_Texture *t = IMG_LoadTexture(r, path);
        if (!t) {
            err_set(e, "%s: cannot load: %s", path, IMG_GetError());
            atlas_free(a);
            return -1;
        }
        a->tex[i] = t;
        int w, h, ww = a->layout.frames * cw, wh = a->layout.shapes * cw / 2;
        SDL_QueryTexture(t, NULL, NULL, &w, &h);
        if (w != ww || h != wh) {
            atlas_free(a);
            return err_set(e, "%s: %dx%d pixels; %d frames x %d shapes of %d px cells need %dx%d",
                           path, w, h, a->layout.frames, a->layout.shapes, cw, ww, wh);
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
    }
    return 0;
}

void atlas_free(Atlas *a)
{
    for (int i = 0; i < ATLAS_MAX_LEVELS; i++)
        if (a->tex[i]) SDL_DestroyTexture(a->tex[i]);
    memset(a, 0, sizeof *a);
}

SDL_Texture *atlas_pick(const Atlas *a, float cell_px)
{
    if (a->levels == 0) return NULL;
    for (int i = 0; i < a->levels; i++)
        if ((float)a->level_w[i] >= cell_px) return a->tex[i];
    return a->tex[a->levels - 1];
}

void atlas_cell_uv(const SpriteLayout *l, int shape, int frame, float *u0, float *v0, float *u1,
                   float *v1)
{
    float fw = 1.0f / (float)l->frames, sh = 1.0f / (float)l->shapes;
    *u0 = (float)frame * fw;
    *u1 = (float)(frame + 1) * fw;
    *v0 = (float)shape * sh;
    *v1 = (float)(shape + 1) * sh;
}
