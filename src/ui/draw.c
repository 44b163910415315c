/* draw: counting wrappers around SDL's draw calls. */
#include "draw.h"

static DrawCounts counts;

int draw_geometry(SDL_Renderer *r, SDL_Texture *tex, const SDL_Vertex *v, int nv, const int *idx,
                  int ni)
{
    counts.geometry++;
    return SDL_RenderGeometry(r, tex, v, nv, idx, ni);
}

int draw_copy(SDL_Renderer *r, SDL_Texture *tex, const SDL_Rect *src, const SDL_Rect *dst)
{
    counts.copy++;
    return SDL_RenderCopy(r, tex, src, dst);
}

int draw_copy_f(SDL_Renderer *r, SDL_Texture *tex, const SDL_Rect *src, const SDL_FRect *dst)
{
    counts.copy++;
    return SDL_RenderCopyF(r, tex, src, dst);
}

int draw_fill_rect(SDL_Renderer *r, const SDL_Rect *rc)
{
    counts.prim++;
    return SDL_RenderFillRect(r, rc);
}

int draw_fill_rects_f(SDL_Renderer *r, const SDL_FRect *rc, int n)
{
    counts.prim++;
    return SDL_RenderFillRectsF(r, rc, n);
}

int draw_rect(SDL_Renderer *r, const SDL_Rect *rc)
{
    counts.prim++;
    return SDL_RenderDrawRect(r, rc);
}

int draw_lines_f(SDL_Renderer *r, const SDL_FPoint *p, int n)
{
    counts.prim++;
    return SDL_RenderDrawLinesF(r, p, n);
}

void draw_counts_reset(void)
{
    counts = (DrawCounts){0, 0, 0};
}

DrawCounts draw_counts(void)
{
    return counts;
}

int draw_counts_total(const DrawCounts *c)
{
    return c->geometry + c->copy + c->prim;
}
