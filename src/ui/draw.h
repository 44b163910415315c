/* draw: the SDL draw calls the game issues, through a counter, so the HUD
 * and --compare-sea-life can show how many calls a frame costs. */
#ifndef SHOAL_DRAW_H
#define SHOAL_DRAW_H

#include <SDL.h>

/* Calls issued since the last draw_counts_reset, by kind. */
typedef struct DrawCounts {
    int geometry; /* SDL_RenderGeometry */
    int copy;     /* SDL_RenderCopy / SDL_RenderCopyF */
    int prim;     /* rectangles and lines */
} DrawCounts;

/* Each wrapper forwards to the SDL call of the same name and counts one
 * call, also when SDL refuses it. Returns what SDL returns. The counter is
 * process-wide: draw only from one thread (SDL requires it anyway). */
int draw_geometry(SDL_Renderer *r, SDL_Texture *tex, const SDL_Vertex *v, int nv, const int *idx,
                  int ni);
int draw_copy(SDL_Renderer *r, SDL_Texture *tex, const SDL_Rect *src, const SDL_Rect *dst);
int draw_copy_f(SDL_Renderer *r, SDL_Texture *tex, const SDL_Rect *src, const SDL_FRect *dst);
int draw_fill_rect(SDL_Renderer *r, const SDL_Rect *rc);
int draw_fill_rects_f(SDL_Renderer *r, const SDL_FRect *rc, int n);
int draw_rect(SDL_Renderer *r, const SDL_Rect *rc);
int draw_lines_f(SDL_Renderer *r, const SDL_FPoint *p, int n);

/* Start counting a new frame. */
void draw_counts_reset(void);
/* The counts so far. */
DrawCounts draw_counts(void);
/* All kinds together. */
int draw_counts_total(const DrawCounts *c);

#endif
