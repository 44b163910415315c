/* edit_internal: the Editor's fields and the calls between edit.c (the
 * session: map, generate, meta, save), edit_history.c (tile records, undo
 * steps, the budget) and edit_paint.c (brushes, lines, fill). Calls point
 * one way: edit.c and edit_paint.c use edit_history.c, never the reverse.
 * Nothing outside the editor's model includes this. */
#ifndef SHOAL_EDIT_INTERNAL_H
#define SHOAL_EDIT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "edit.h"

/* Undo records what an operation changed tile by tile: before a tile's
 * first change in an operation its old pixels are packed as bits, and at
 * the end old XOR new is stored per changed tile, run-length coded or as
 * raw bits, whichever is smaller. XOR makes one record serve both undo
 * and redo, and a map's bytes are only ever 0 or 1 so bits lose nothing. */
#define EDIT_TILE            64
#define EDIT_TILE_PIXELS     (EDIT_TILE * EDIT_TILE)
#define EDIT_TILE_BITS_BYTES (EDIT_TILE_PIXELS / 8)

typedef enum EditStepKind { EDIT_STEP_PIXELS, EDIT_STEP_META, EDIT_STEP_MAP } EditStepKind;

typedef struct EditStep {
    EditStepKind kind;
    uint64_t rev;  /* revision of the state after this step */
    size_t bytes;  /* what the step is charged against the budget */
    EditRect rect; /* PIXELS: bounding box of the changed pixels */
    uint8_t *data; /* PIXELS: tile records; MAP: old map, then new map */
    size_t len, split;
    int w[2], h[2]; /* MAP: old and new size */
    MapMeta *meta;  /* META and MAP: [0] before, [1] after */
} EditStep;

typedef struct EditBuf {
    uint8_t *p;
    size_t len, cap;
    int failed;
} EditBuf;

/* Inclusive pixel box; empty while x0 > x1. */
typedef struct EditBox {
    int x0, y0, x1, y1;
} EditBox;

/* A run of a scanline fill: columns x1..x2 of row y, reached moving dy. */
typedef struct EditSpan {
    int x1, x2, y, dy;
} EditSpan;

/* Per-tile capture state of the open operation, sized by the map. */
typedef struct EditTiles {
    int nx, ny;
    uint8_t *old;  /* nx*ny * EDIT_TILE_BITS_BYTES: pixels before the operation */
    uint8_t *mark; /* 1 when the tile is captured */
    int *list;     /* captured tile indices, in capture order */
    int n;
} EditTiles;

struct Editor {
    Map map;
    bool mirror;
    size_t budget;

    /* History: steps[0..cur) can be undone, steps[cur..nsteps) redone. */
    EditStep **steps;
    int nsteps, cur, cap_steps;
    size_t bytes;
    uint64_t next_rev, base_rev, saved_rev;

    /* The open pixel operation (a stroke, or a single line or fill). */
    bool group_open, stroke, group_changed;
    double last_x, last_y;
    int value, size;
    EditTiles tiles;

    EditSpan *stack;
    size_t stack_cap;
    EditBuf enc;
    uint8_t scratch[EDIT_TILE_PIXELS];

    EditBox chg;
    bool chg_meta, chg_resized;
};

/* ------------------------------------------------------- change boxes */

static inline EditBox edit_box_empty(void)
{
    EditBox b = {1, 1, 0, 0};
    return b;
}

static inline void edit_box_add(EditBox *b, int x0, int y0, int x1, int y1)
{
    if (b->x0 > b->x1) {
        b->x0 = x0;
        b->y0 = y0;
        b->x1 = x1;
        b->y1 = y1;
        return;
    }
    if (x0 < b->x0) b->x0 = x0;
    if (y0 < b->y0) b->y0 = y0;
    if (x1 > b->x1) b->x1 = x1;
    if (y1 > b->y1) b->y1 = y1;
}

static inline EditRect edit_box_rect(EditBox b)
{
    EditRect r = {0, 0, 0, 0};
    if (b.x0 > b.x1) return r;
    r.x = b.x0;
    r.y = b.y0;
    r.w = b.x1 - b.x0 + 1;
    r.h = b.y1 - b.y0 + 1;
    return r;
}

/* ------------------------------------------- edit_history.c: capture */

/* Size t's capture state for a w x h map (everything clear); -1 when out
 * of memory, t then empty. edit_tiles_free empties it again. */
int edit_tiles_alloc(EditTiles *t, int w, int h);
void edit_tiles_free(EditTiles *t);
/* Keep tile t's pixels as they are before the open operation's first
 * change to it (a tile not yet captured in this operation). */
void edit_tile_capture(Editor *ed, int t);
/* Append records for every tile of the w x h mask land that holds any
 * land to b (v: scratch of EDIT_TILE_PIXELS bytes). */
void edit_mask_encode(EditBuf *b, const uint8_t *land, int w, int h, uint8_t *v);

/* ------------------------------------------- edit_history.c: history */

/* Drop every step, undo and redo alike. */
void edit_history_clear(Editor *ed);
/* A new step of kind charged its own size (and room for the meta before
 * and after when with_meta); NULL when out of memory. */
EditStep *edit_step_new(EditStepKind kind, bool with_meta);
void edit_step_free(EditStep *s);
/* Room in the step array for one more step; -1 when out of memory. */
int edit_reserve_slot(Editor *ed);
/* Make s (a slot reserved) the newest step, dropping the redo steps and
 * then the oldest while over budget; takes s over. */
void edit_push_step(Editor *ed, EditStep *s);

/* Open a pixel operation (a stroke, or a single line or fill). */
void edit_group_begin(Editor *ed);
/* Close the open pixel operation into one undo step (see edit.h's
 * edit_stroke_end for the failure); 0 without one. */
int edit_group_end(Editor *ed, Err *e);

#endif
