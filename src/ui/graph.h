/* graph: a rolling bar graph of recent samples (frame times) for the HUD. */
#ifndef SHOAL_GRAPH_H
#define SHOAL_GRAPH_H

#include <SDL.h>

#define GRAPH_MAX 600

typedef struct Graph {
    float v[GRAPH_MAX];
    int cap;   /* samples kept, 1..GRAPH_MAX */
    int head;  /* where the next sample goes */
    int count; /* samples held, <= cap */
} Graph;

/* Keep the last `cap` samples (clamped to 1..GRAPH_MAX). */
void graph_init(Graph *g, int cap);
void graph_push(Graph *g, float v);
/* The sample `age` pushes ago (0 = newest); requires age < count. */
float graph_get(const Graph *g, int age);
/* Largest sample held (0 when empty). */
float graph_max(const Graph *g);

/* Bars for the samples, newest at the right, over a translucent box at
 * area; values from 0 (bottom) to vmax (top, taller bars are cut); a
 * faint line at each of the nmarks values in marks (e.g. 16.7 ms). Bars
 * above warn are drawn in the warning colour. One call for the box, one
 * per bar colour and one per mark line. */
void graph_draw(const Graph *g, SDL_Renderer *r, SDL_FRect area, float vmax, float warn,
                const float *marks, int nmarks);

#endif
