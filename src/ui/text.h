/* text: SDL2_ttf strings drawn from a cache of rendered textures. */
#ifndef SHOAL_TEXT_H
#define SHOAL_TEXT_H

#include <SDL.h>

#include "core/err.h"

/* Entries the cache holds; a frame drawing more distinct strings than
 * this still works, it just re-renders the excess each frame. */
#define TEXT_CACHE_SIZE 256
/* A cached string not drawn for this many frames is dropped. */
#define TEXT_CACHE_FRAMES 120

typedef struct Text Text;

/* Open the TTF at font_path at pt_size points for drawing on r. Calls
 * TTF_Init itself (reference-counted by SDL_ttf). e names the file on
 * failure. */
int text_init(Text **out, SDL_Renderer *r, const char *font_path, int pt_size, Err *e);
/* Frees the cache's textures, closes the font and balances TTF_Init. */
void text_deinit(Text *t);

/* Change the size (e.g. when the output's pixel density changes); empties
 * the cache. Returns 0 or -1 with e set. */
int text_set_size(Text *t, int pt_size, Err *e);
/* Height of a line of text in pixels (font's line skip). */
int text_line_height(const Text *t);

/* Size in pixels of s when drawn (0 x line height for ""). */
void text_measure(Text *t, const char *s, int *w, int *h);
/* The next line of s wrapped to w px: broken at '\n', else after the
 * last word that fits, else (one long word, a path) after the last
 * character that fits. The line goes to out (cap bytes, a line longer than
 * cap - 1 is cut there); returns how many bytes of s it used, spaces and
 * the '\n' after it included, so s + that is the next line (0 at the end
 * of s). */
size_t text_wrap_line(Text *t, const char *s, float w, char *out, size_t cap);
/* Draw UTF-8 s with its top-left at (x, y) in colour c; returns its width
 * (0 when s is empty or could not be rendered). A string drawn again in the
 * same colour reuses its texture. */
int text_draw(Text *t, const char *s, int x, int y, SDL_Color c);

/* Call once per frame after drawing: ages the cache and evicts strings
 * not drawn recently. */
void text_frame_end(Text *t);

/* Cache hits and misses since text_init (for tests and profiling). */
void text_stats(const Text *t, unsigned long *hits, unsigned long *misses);

#endif
