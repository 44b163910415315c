/* graph: ring buffer of samples drawn as one call of bars. */
#include "graph.h"

#include "draw.h"
#include "ui/theme.h"

void graph_init(Graph *g, int cap)
{
    g->cap = cap < 1 ? 1 : cap > GRAPH_MAX ? GRAPH_MAX : cap;
    g->head = 0;
    g->count = 0;
}

void graph_push(Graph *g, float v)
{
    g->v[g->head] = v;
    g->head = (g->head + 1) % g->cap;
    if (g->count < g->cap) g->count++;
}

float graph_get(const Graph *g, int age)
{
    int i = (g->head - 1 - age) % g->cap;
    if (i < 0) i += g->cap;
    return g->v[i];
}

float graph_max(const Graph *g)
{
    float m = 0.0f;
    for (int i = 0; i < g->count; i++)
        if (graph_get(g, i) > m) m = graph_get(g, i);
    return m;
}

void graph_draw(const Graph *g, SDL_Renderer *r, SDL_FRect area, float vmax, float warn,
                const float *marks, int nmarks)
{
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    theme_draw_color(r, theme_alpha(THEME_PANEL, 190));
    SDL_Rect box = {(int)area.x, (int)area.y, (int)area.w, (int)area.h};
    draw_fill_rect(r, &box);
    if (!(vmax > 0.0f) || g->count == 0) return;
    /* One bar per output column at most: with more samples than columns
     * the newest that fit are shown. */
    int n = g->count < (int)area.w ? g->count : (int)area.w;
    float bw = area.w / (float)g->cap;
    if (bw < 1.0f) bw = 1.0f;
    SDL_FRect bars[GRAPH_MAX], hot[GRAPH_MAX];
    int nb = 0, nh = 0;
    for (int age = 0; age < n; age++) {
        float v = graph_get(g, age);
        float h = v / vmax;
        h = (h > 1.0f ? 1.0f : h < 0.0f ? 0.0f : h) * area.h;
        float x = area.x + area.w - (float)(age + 1) * bw;
        if (x < area.x) break;
        SDL_FRect b = {x, area.y + area.h - h, bw, h};
        if (v > warn)
            hot[nh++] = b;
        else
            bars[nb++] = b;
    }
    theme_draw_color(r, theme_alpha(THEME_ACCENT, 220));
    if (nb) draw_fill_rects_f(r, bars, nb);
    theme_draw_color(r, THEME_HOT);
    if (nh) draw_fill_rects_f(r, hot, nh);
    theme_draw_color(r, theme_alpha(THEME_GOLD, 120));
    for (int i = 0; i < nmarks; i++) {
        if (!(marks[i] < vmax)) continue;
        float y = area.y + area.h - marks[i] / vmax * area.h;
        SDL_FPoint line[2] = {{area.x, y}, {area.x + area.w, y}};
        draw_lines_f(r, line, 2);
    }
}
