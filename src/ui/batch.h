/* batch: a whole school of sprites as ONE streamed vertex buffer drawn by
 * ONE SDL_RenderGeometry call. Per-sprite constants (size, tint, texture
 * row) and the index buffer are made once, when the count changes; each
 * step writes the quads afresh, in parallel ranges on the worker pool, in
 * the order the sea lists its fish, into the back of two vertex buffers
 * while the main thread draws the front one. */
#ifndef SHOAL_BATCH_H
#define SHOAL_BATCH_H

#include <SDL.h>
#include <stdatomic.h>
#include <stdint.h>

#include "core/err.h"
#include "core/sea.h"
#include "core/shore.h"
#include "ui/atlas.h"
#include "ui/camera.h"

#define BATCH_MAX_PALETTE 16
/* Side, in map px, of the blocks that summarise the distance to land:
 * small enough to shrink only sprites right at the coast, coarse enough
 * (a byte per 4 px) to stay in cache while fish read it. */
#define BATCH_CLEAR_SHIFT 1
#define BATCH_CLEAR_BLOCK (1 << BATCH_CLEAR_SHIFT)

/* How a batch dresses its sprites; every value is picked per sprite from a
 * hash of (seed, index), so a sprite keeps its look for life. */
typedef struct BatchStyle {
    float len_min, len_max; /* nose-to-tail length, world px */
    SDL_Color palette[BATCH_MAX_PALETTE];
    int palette_n;      /* 1..BATCH_MAX_PALETTE tints */
    float shade;        /* brightness varies down by up to this fraction */
    float beats_per_px; /* tail-beat cycles per world px swum */
    /* With kinds (batch_set_kinds), kind k's tint and size instead: one
     * school reads as one colour. kind_n 0: the style has no kinds. */
    SDL_Color kind_color[SEA_KINDS_MAX];
    int kind_n;
} BatchStyle;

/* World (map px) to output px: screen = world * scale + offset. */
typedef struct BatchXform {
    float scale, ox, oy;
} BatchXform;

/* The looks the game gives its sea life (the editor's preview too): fish
 * 6-12 map px, mostly silver with some colour; sharks about 30 px in their
 * own greys, with a slower, longer beat. */
extern const BatchStyle batch_fish_style, batch_shark_style;

/* The transform that draws world px through camera c. */
BatchXform batch_xform_camera(const Camera *c);

/* What a sprite keeps from bake to bake: one 16-byte record, so a bake
 * that meets sprites in the sea's (changing) order reads one cache line
 * per sprite, and writes the quads themselves in its own order. */
typedef struct BatchSprite {
    float half_len; /* quad half-length, world px; half-width is half of it
                       (atlas cells are 2:1) */
    float phase;    /* tail-beat phase, [0, 1) */
    SDL_Color color;
    int shape; /* its row of the atlas */
} BatchSprite;

typedef struct SpriteBatch {
    SpriteLayout layout;
    BatchStyle style;
    uint64_t seed;
    int kinds; /* sprite i is of kind i & (kinds - 1); 1: no kinds */
    int n, cap;
    /* 4 vertices per baked entry (entry i of the last bake; drawn in that
     * order): tail-back, head-back, head-belly, tail-belly. */
    SDL_Vertex *vert[2];
    int front;
    BatchXform xf[2]; /* the transform each buffer's positions are in */
    int *index;       /* 6 per sprite, two triangles */
    BatchSprite *spr; /* by sprite */
    /* Optional clear water around each sprite (batch_set_clearance): the
     * least distance to land over each block of BATCH_CLEAR_BLOCK px
     * square, in whole px (at most 255), NULL when off. */
    uint8_t *clear;
    int clear_w, clear_h, clear_bw;
    float reach_k; /* drawn radius of a sprite / its half_len */
    /* Set before a bake: its transform and the sim time it covers. */
    BatchXform next_xf;
    float next_dt;
    /* Performance-counter ticks of the first bake range to start and the
     * last to end since batch_span_reset (written by the workers). */
    atomic_uint_least64_t span_begin, span_end;
} SpriteBatch;

/* An empty batch of sprites laid out as l, dressed by style (palette_n
 * 1..BATCH_MAX_PALETTE, 0 < len_min <= len_max), looks seeded by seed. */
int batch_init(SpriteBatch *b, const SpriteLayout *l, const BatchStyle *style, uint64_t seed,
               Err *e);
void batch_deinit(SpriteBatch *b);

/* Make it n sprites. Sprites [old n, n) get their constants (size, shape,
 * tint, phase) and indices; their quads are empty (zero size) until the
 * next bake. Allocates only beyond the largest count so far; the index
 * buffer is untouched for sprites that already had one. */
int batch_resize(SpriteBatch *b, int n, Err *e);

/* Dress sprite i as a fish of kind i & (kinds - 1) (sea_kind: kinds 1, 2
 * or 4), in its kind's tint and at its kind's size (faster kinds are
 * bigger, as sea_kind_speed says); 1 (the start) dresses every sprite from
 * the palette. Redresses the sprites there are; a style without kinds
 * ignores it. */
void batch_set_kinds(SpriteBatch *b, int kinds);

/* Keep sprites off land: from now on each bake shrinks a sprite that
 * would reach over a land pixel of f (the map's distance to land, kept by
 * pointer) until it fits the clear water around its position, so fish
 * hugging the coast never lie on the beach. NULL turns it off. Keeps a
 * summary of f (f itself may go); call before baking, not during. */
int batch_set_clearance(SpriteBatch *b, const ShoreField *f, Err *e);

/* That summary on its own, made off the main thread: at 8192^2 it reads a
 * 256 MB field, 55 ms, so a loader makes it with the sea. */
typedef struct BatchClearance {
    uint8_t *map; /* bw * ceil(h / BATCH_CLEAR_BLOCK) bytes; NULL: none */
    int w, h, bw; /* the field's size in px, the summary's row length */
} BatchClearance;

/* The summary of f (batch_set_clearance's), for batch_adopt_clearance.
 * Touches no SDL state: any thread. On failure (an empty field, out of
 * memory) *c is empty. */
int batch_clearance_make(BatchClearance *c, const ShoreField *f, Err *e);
/* *dst becomes a copy of src (empty when src is). */
int batch_clearance_copy(BatchClearance *dst, const BatchClearance *src, Err *e);
void batch_clearance_free(BatchClearance *c);
/* batch_set_clearance with a summary made earlier: b takes c's (c is left
 * empty); an empty c turns it off. */
void batch_adopt_clearance(SpriteBatch *b, BatchClearance *c);

/* The transform and the sim seconds (for the tail beat) of the next bake.
 * Call while no bake runs. */
void batch_set_next(SpriteBatch *b, BatchXform xf, float dt);

/* Write the back buffer's quads for entries [begin, end) at positions
 * (x, y) heading along (vx, vy): entry i is sprite id[i] (a sea view's
 * order), or sprite i when id is NULL; each sprite at most once per bake.
 * Quad i of the buffer is entry i, with sprite id[i]'s size, tint and
 * shape, so the buffer is drawn in entry order (for a sea: row after row
 * of grid cells). A quad is centred on the position, faces the heading, is mirrored
 * across its length when vx < 0 so the belly stays down, and shrunk near
 * land when a clearance is set; the texture column follows the tail-beat
 * phase, advanced by the distance swum. Ranges may run in parallel on any
 * threads. */
void batch_bake(SpriteBatch *b, const float *x, const float *y, const float *vx, const float *vy,
                const int *id, int begin, int end);
/* batch_bake of the fish of a sea step, for sea_set_bake (ctx = batch);
 * also records the span of the bake ranges (batch_span). */
void batch_sea_bake(void *ctx, const SeaView *v, int begin, int end);

/* The back buffer becomes the front one (after the bake completed). */
void batch_flip(SpriteBatch *b);

/* Forget the recorded bake span; batch_span then reports none. */
void batch_span_reset(SpriteBatch *b);
/* Ticks (SDL_GetPerformanceCounter) when the first bake range since the
 * reset started and the last ended; returns 0, or -1 when none ran. */
int batch_span(SpriteBatch *b, uint64_t *begin, uint64_t *end);

/* Draw the front buffer with tex in one SDL_RenderGeometry call (through
 * the draw counter), first moving its positions into xf when the view
 * changed since they were baked. Nothing is drawn for 0 sprites. Returns
 * SDL's result (0 when nothing was drawn). */
int batch_draw(SpriteBatch *b, SDL_Renderer *r, SDL_Texture *tex, BatchXform xf);

/* The front buffer (4 * n vertices) and the index buffer (6 * n). */
const SDL_Vertex *batch_front(const SpriteBatch *b);
const int *batch_indices(const SpriteBatch *b);

/* Output px of a cell's length at scale 1 for the longest sprite, to pick
 * an atlas level: multiply by the view's scale. */
float batch_cell_len(const SpriteBatch *b);

#endif
