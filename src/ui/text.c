/* text: TTF rendering with a small LRU of textures keyed by string+colour,
 * so static labels cost one texture copy per frame. */
#include "text.h"

#include <SDL_ttf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"

/* Longer strings are drawn but never cached (they are rare: help pages). */
#define KEY_MAX 192

typedef struct Entry {
    char key[KEY_MAX];
    uint32_t colour;
    uint32_t hash;
    SDL_Texture *tex; /* NULL: the slot is free */
    int w, h;
    unsigned long last; /* frame it was last drawn in */
} Entry;

struct Text {
    SDL_Renderer *r;
    TTF_Font *font;
    char path[1024];
    unsigned long frame;
    unsigned long hits, misses;
    Entry entries[TEXT_CACHE_SIZE];
};

static uint32_t pack(SDL_Color c)
{
    return (uint32_t)c.r << 24 | (uint32_t)c.g << 16 | (uint32_t)c.b << 8 | c.a;
}

static uint32_t hash_str(const char *s, uint32_t colour)
{
    uint32_t h = 2166136261u ^ colour;
    for (; *s; s++) h = (h ^ (uint8_t)*s) * 16777619u;
    return h;
}

static void clear(Text *t)
{
    for (int i = 0; i < TEXT_CACHE_SIZE; i++) {
        if (t->entries[i].tex) SDL_DestroyTexture(t->entries[i].tex);
        t->entries[i].tex = NULL;
    }
}

int text_init(Text **out, SDL_Renderer *r, const char *font_path, int pt_size, Err *e)
{
    *out = NULL;
    if (TTF_Init() != 0) return err_set(e, "text: cannot start SDL_ttf: %s", TTF_GetError());
    Text *t = calloc(1, sizeof *t);
    if (!t) {
        TTF_Quit();
        return err_set(e, "text: out of memory");
    }
    t->r = r;
    snprintf(t->path, sizeof t->path, "%s", font_path);
    t->font = TTF_OpenFont(font_path, pt_size);
    if (!t->font) {
        err_set(e, "%s: cannot open font: %s", font_path, TTF_GetError());
        free(t);
        TTF_Quit();
        return -1;
    }
    TTF_SetFontHinting(t->font, TTF_HINTING_LIGHT);
    *out = t;
    return 0;
}

void text_deinit(Text *t)
{
    if (!t) return;
    clear(t);
    TTF_CloseFont(t->font);
    free(t);
    TTF_Quit();
}

int text_set_size(Text *t, int pt_size, Err *e)
{
    if (TTF_SetFontSize(t->font, pt_size) != 0)
        return err_set(e, "%s: cannot set size %d: %s", t->path, pt_size, TTF_GetError());
    clear(t);
    return 0;
}

int text_line_height(const Text *t)
{
    return TTF_FontLineSkip(t->font);
}

void text_measure(Text *t, const char *s, int *w, int *h)
{
    *w = 0;
    *h = TTF_FontHeight(t->font);
    if (s[0]) TTF_SizeUTF8(t->font, s, w, h);
}

size_t text_wrap_line(Text *t, const char *s, float w, char *out, size_t cap)
{
    if (cap == 0) return 0;
    out[0] = '\0';
    if (!*s) return 0;
    const char *nl = strchr(s, '\n');
    size_t len = nl ? (size_t)(nl - s) : strlen(s);
    if (len > cap - 1) len = cap - 1;
    memcpy(out, s, len);
    out[len] = '\0';
    int tw, th;
    text_measure(t, out, &tw, &th);
    size_t cut = len;
    if ((float)tw > w) {
        /* The most words that fit; one word too long alone is cut after
         * the last character that fits. */
        cut = 0;
        for (size_t k = 0; k < len;) {
            size_t e = k;
            while (e < len && out[e] != ' ') e++;
            char c = out[e];
            out[e] = '\0';
            text_measure(t, out, &tw, &th);
            out[e] = c;
            if ((float)tw > w) break;
            cut = e;
            k = e + 1;
        }
        size_t fit = 0;
        for (size_t i = 1; cut == 0 && i <= len; i++) {
            if (i < len && (out[i] & 0xC0) == 0x80) continue; /* inside a UTF-8 character */
            char c = out[i];
            out[i] = '\0';
            text_measure(t, out, &tw, &th);
            out[i] = c;
            if ((float)tw > w) break;
            fit = i;
        }
        if (cut == 0) cut = fit;
        /* Not even one character fits: take one anyway, or nothing ends. */
        if (cut == 0)
            for (cut = 1; cut < len && (out[cut] & 0xC0) == 0x80;) cut++;
        out[cut] = '\0';
    }
    size_t used = cut;
    while (s[used] == ' ') used++;
    if (s[used] == '\n') used++;
    return used;
}

static SDL_Texture *render(Text *t, const char *s, SDL_Color c, int *w, int *h)
{
    SDL_Surface *surf = TTF_RenderUTF8_Blended(t->font, s, c);
    if (!surf) return NULL;
    SDL_Texture *tex = SDL_CreateTextureFromSurface(t->r, surf);
    *w = surf->w;
    *h = surf->h;
    SDL_FreeSurface(surf);
    return tex;
}

/* The slot for a new entry: a free one, else the least recently drawn. */
static Entry *victim(Text *t)
{
    Entry *best = &t->entries[0];
    for (int i = 0; i < TEXT_CACHE_SIZE; i++) {
        Entry *en = &t->entries[i];
        if (!en->tex) return en;
        if (en->last < best->last) best = en;
    }
    return best;
}

int text_draw(Text *t, const char *s, int x, int y, SDL_Color c)
{
    if (!s[0]) return 0;
    uint32_t colour = pack(c);
    uint32_t hash = hash_str(s, colour);
    size_t len = strlen(s);
    if (len < KEY_MAX) {
        for (int i = 0; i < TEXT_CACHE_SIZE; i++) {
            Entry *en = &t->entries[i];
            if (en->tex && en->hash == hash && en->colour == colour && strcmp(en->key, s) == 0) {
                en->last = t->frame;
                t->hits++;
                SDL_Rect dst = {x, y, en->w, en->h};
                draw_copy(t->r, en->tex, NULL, &dst);
                return en->w;
            }
        }
    }
    t->misses++;
    int w = 0, h = 0;
    SDL_Texture *tex = render(t, s, c, &w, &h);
    if (!tex) return 0;
    SDL_Rect dst = {x, y, w, h};
    draw_copy(t->r, tex, NULL, &dst);
    if (len >= KEY_MAX) {
        SDL_DestroyTexture(tex);
        return w;
    }
    Entry *en = victim(t);
    if (en->tex) SDL_DestroyTexture(en->tex);
    memcpy(en->key, s, len + 1);
    en->colour = colour;
    en->hash = hash;
    en->tex = tex;
    en->w = w;
    en->h = h;
    en->last = t->frame;
    return w;
}

void text_frame_end(Text *t)
{
    t->frame++;
    for (int i = 0; i < TEXT_CACHE_SIZE; i++) {
        Entry *en = &t->entries[i];
        if (en->tex && t->frame - en->last > TEXT_CACHE_FRAMES) {
            SDL_DestroyTexture(en->tex);
            en->tex = NULL;
        }
    }
}

void text_stats(const Text *t, unsigned long *hits, unsigned long *misses)
{
    *hits = t->hits;
    *misses = t->misses;
}
