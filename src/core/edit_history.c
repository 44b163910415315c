/* edit_history: the editor's undo history — old pixels captured per tile,
 * steps stored as run-length or raw XOR records, revisions, and the byte
 * budget that drops the oldest steps (see edit_internal.h). */
#include "edit_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

enum { REC_RLE = 0, REC_RAW = 1 };

/* ------------------------------------------------------------ buffers */

static void buf_reserve(EditBuf *b, size_t extra)
{
    if (b->failed || b->len + extra <= b->cap) return;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + extra) cap *= 2;
    uint8_t *p = realloc(b->p, cap);
    if (!p) {
        b->failed = 1;
        return;
    }
    b->p = p;
    b->cap = cap;
}

static void buf_byte(EditBuf *b, uint8_t v)
{
    buf_reserve(b, 1);
    if (!b->failed) b->p[b->len++] = v;
}

static void buf_varint(EditBuf *b, size_t v)
{
    do {
        uint8_t byte = (uint8_t)(v & 0x7f);
        v >>= 7;
        buf_byte(b, (uint8_t)(byte | (v ? 0x80 : 0)));
    } while (v);
}

static size_t get_varint(const uint8_t *p, size_t *pos)
{
    size_t v = 0;
    int shift = 0;
    uint8_t b;
    do {
        b = p[(*pos)++];
        v |= (size_t)(b & 0x7f) << shift;
        shift += 7;
    } while (b & 0x80);
    return v;
}

/* ------------------------------------------------------- tile records */

typedef struct TileGeo {
    int x0, y0, tw, th;
} TileGeo;

static TileGeo tile_geo(size_t t, int w, int h)
{
    int nx = (w + EDIT_TILE - 1) / EDIT_TILE;
    TileGeo g;
    g.x0 = (int)(t % (size_t)nx) * EDIT_TILE;
    g.y0 = (int)(t / (size_t)nx) * EDIT_TILE;
    g.tw = w - g.x0 < EDIT_TILE ? w - g.x0 : EDIT_TILE;
    g.th = h - g.y0 < EDIT_TILE ? h - g.y0 : EDIT_TILE;
    return g;
}

/* Append tile t's record for the n bits v[0..n) (bytes 0/1, tile rows
 * back to back): index, mode, then alternating runs starting with 0s, or
 * the packed bits when runs would not be smaller. */
static void rec_put(EditBuf *b, size_t t, const uint8_t *v, int n)
{
    buf_varint(b, t);
    size_t mode_at = b->len;
    buf_byte(b, REC_RLE);
    size_t start = b->len, raw = (size_t)(n + 7) / 8;
    bool rle = true;
    uint8_t cur = 0;
    for (int i = 0; i < n; cur ^= 1) {
        int j = i;
        while (j < n && v[j] == cur) j++;
        buf_varint(b, (size_t)(j - i));
        i = j;
        if (b->len - start >= raw) {
            rle = false;
            break;
        }
    }
    if (b->failed || rle) return;
    b->len = start;
    b->p[mode_at] = REC_RAW;
    for (int i = 0; i < n; i += 8) {
        uint8_t byte = 0;
        for (int k = 0; k < 8 && i + k < n; k++) byte |= (uint8_t)(v[i + k] << k);
        buf_byte(b, byte);
    }
}

/* Decode the record at *pos of a w x h map into v (tile rows back to
 * back); returns the tile index and its geometry. */
static size_t rec_get(const uint8_t *p, size_t *pos, int w, int h, TileGeo *g, uint8_t *v)
{
    size_t t = get_varint(p, pos);
    *g = tile_geo(t, w, h);
    int n = g->tw * g->th;
    uint8_t mode = p[(*pos)++];
    if (mode == REC_RAW) {
        for (int i = 0; i < n; i++) v[i] = (uint8_t)((p[*pos + (size_t)(i >> 3)] >> (i & 7)) & 1);
        *pos += (size_t)(n + 7) / 8;
        return t;
    }
    uint8_t cur = 0;
    for (int i = 0; i < n; cur ^= 1) {
        size_t run = get_varint(p, pos);
        memset(v + i, cur, run);
        i += (int)run;
    }
    return t;
}

/* Records for every tile of a w x h mask that holds any land. */
void edit_mask_encode(EditBuf *b, const uint8_t *land, int w, int h, uint8_t *v)
{
    size_t nt =
        (size_t)((w + EDIT_TILE - 1) / EDIT_TILE) * (size_t)((h + EDIT_TILE - 1) / EDIT_TILE);
    for (size_t t = 0; t < nt; t++) {
        TileGeo g = tile_geo(t, w, h);
        uint8_t any = 0;
        for (int y = 0; y < g.th; y++) {
            const uint8_t *row = land + (size_t)(g.y0 + y) * (size_t)w + (size_t)g.x0;
            memcpy(v + y * g.tw, row, (size_t)g.tw);
            for (int x = 0; x < g.tw; x++) any |= row[x];
        }
        if (any) rec_put(b, t, v, g.tw * g.th);
    }
}

/* The w x h mask of records p[0..len) into land (zeroed by the caller). */
static void mask_decode(const uint8_t *p, size_t len, int w, int h, uint8_t *land, uint8_t *v)
{
    size_t pos = 0;
    while (pos < len) {
        TileGeo g;
        rec_get(p, &pos, w, h, &g, v);
        for (int y = 0; y < g.th; y++)
            memcpy(land + (size_t)(g.y0 + y) * (size_t)w + (size_t)g.x0, v + y * g.tw,
                   (size_t)g.tw);
    }
}

/* Flip every pixel the XOR records p[0..len) mark. */
static void mask_xor(Map *m, const uint8_t *p, size_t len, uint8_t *v)
{
    size_t pos = 0;
    while (pos < len) {
        TileGeo g;
        rec_get(p, &pos, m->w, m->h, &g, v);
        for (int y = 0; y < g.th; y++) {
            uint8_t *row = m->land + (size_t)(g.y0 + y) * (size_t)m->w + (size_t)g.x0;
            const uint8_t *src = v + y * g.tw;
            for (int x = 0; x < g.tw; x++) row[x] ^= src[x];
        }
    }
}

/* -------------------------------------------------------------- tiles */

int edit_tiles_alloc(EditTiles *t, int w, int h)
{
    memset(t, 0, sizeof *t);
    t->nx = (w + EDIT_TILE - 1) / EDIT_TILE;
    t->ny = (h + EDIT_TILE - 1) / EDIT_TILE;
    size_t n = (size_t)t->nx * (size_t)t->ny;
    /* calloc: pages of the capture area are only touched by big edits. */
    t->old = calloc(n, EDIT_TILE_BITS_BYTES);
    t->mark = calloc(n, 1);
    t->list = malloc(n * sizeof *t->list);
    if (!t->old || !t->mark || !t->list) {
        free(t->old);
        free(t->mark);
        free(t->list);
        memset(t, 0, sizeof *t);
        return -1;
    }
    return 0;
}

void edit_tiles_free(EditTiles *t)
{
    free(t->old);
    free(t->mark);
    free(t->list);
    memset(t, 0, sizeof *t);
}

void edit_tile_capture(Editor *ed, int t)
{
    assert(t >= 0 && t < ed->tiles.nx * ed->tiles.ny && !ed->tiles.mark[t]);
    TileGeo g = tile_geo((size_t)t, ed->map.w, ed->map.h);
    uint8_t *bits = ed->tiles.old + (size_t)t * EDIT_TILE_BITS_BYTES;
    memset(bits, 0, EDIT_TILE_BITS_BYTES);
    for (int y = 0; y < g.th; y++) {
        const uint8_t *row = ed->map.land + (size_t)(g.y0 + y) * (size_t)ed->map.w + (size_t)g.x0;
        for (int x = 0; x < g.tw; x++)
            bits[y * (EDIT_TILE / 8) + (x >> 3)] |= (uint8_t)(row[x] << (x & 7));
    }
    ed->tiles.mark[t] = 1;
    ed->tiles.list[ed->tiles.n++] = t;
}

/* ------------------------------------------------------------- steps */

void edit_step_free(EditStep *s)
{
    if (!s) return;
    free(s->data);
    free(s->meta);
    free(s);
}

static void drop_redo(Editor *ed)
{
    for (int i = ed->cur; i < ed->nsteps; i++) {
        ed->bytes -= ed->steps[i]->bytes;
        edit_step_free(ed->steps[i]);
    }
    ed->nsteps = ed->cur;
}

void edit_history_clear(Editor *ed)
{
    for (int i = 0; i < ed->nsteps; i++) edit_step_free(ed->steps[i]);
    ed->nsteps = ed->cur = 0;
    ed->bytes = 0;
}

/* Room in the step array for one more step after the redo steps go. */
int edit_reserve_slot(Editor *ed)
{
    if (ed->cur < ed->cap_steps) return 0;
    int cap = ed->cap_steps ? ed->cap_steps * 2 : 256;
    EditStep **p = realloc(ed->steps, (size_t)cap * sizeof *p);
    if (!p) return -1;
    ed->steps = p;
    ed->cap_steps = cap;
    return 0;
}

/* The edit already happened but cannot be recorded: the older steps no
 * longer lead to the current map, so they go, and the state gets a fresh
 * revision (so it counts as unsaved). */
static int history_lost(Editor *ed, Err *e, const char *what)
{
    edit_history_clear(ed);
    ed->base_rev = ed->next_rev++;
    return err_set(e, "editor: out of memory recording the %s; the undo history was cleared", what);
}

/* Make s the newest step (a slot must be reserved), then drop the oldest
 * steps while over budget. A step bigger than the whole budget cannot be
 * kept at all: the history is cleared and the state rebased on it. */
void edit_push_step(Editor *ed, EditStep *s)
{
    assert(s && ed->cur < ed->cap_steps); /* edit_reserve_slot came first */
    drop_redo(ed);
    s->rev = ed->next_rev++;
    if (s->bytes > ed->budget) {
        edit_history_clear(ed);
        ed->base_rev = s->rev;
        edit_step_free(s);
        return;
    }
    ed->steps[ed->nsteps++] = s;
    ed->cur = ed->nsteps;
    ed->bytes += s->bytes;
    int drop = 0;
    while (ed->bytes > ed->budget) {
        ed->bytes -= ed->steps[drop]->bytes;
        ed->base_rev = ed->steps[drop]->rev;
        edit_step_free(ed->steps[drop]);
        drop++;
    }
    if (drop) {
        memmove(ed->steps, ed->steps + drop, (size_t)(ed->nsteps - drop) * sizeof *ed->steps);
        ed->nsteps -= drop;
        ed->cur -= drop;
    }
}

EditStep *edit_step_new(EditStepKind kind, bool with_meta)
{
    EditStep *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->kind = kind;
    s->bytes = sizeof *s;
    if (with_meta) {
        s->meta = malloc(2 * sizeof *s->meta);
        if (!s->meta) {
            free(s);
            return NULL;
        }
        s->bytes += 2 * sizeof *s->meta;
    }
    return s;
}

/* --------------------------------------------------------- operations */

void edit_group_begin(Editor *ed)
{
    assert(!ed->group_open); /* callers end an open one first */
    ed->group_open = true;
    ed->stroke = false;
    ed->group_changed = false;
    ed->tiles.n = 0;
}

/* Close the open operation into one PIXELS step of old XOR new per
 * changed tile. Without an open operation, or when its changes cancelled
 * out, nothing is recorded. */
int edit_group_end(Editor *ed, Err *e)
{
    if (!ed->group_open) return 0;
    ed->group_open = false;
    ed->stroke = false;
    EditBuf *b = &ed->enc;
    b->len = 0;
    b->failed = 0;
    EditBox box = edit_box_empty();
    uint8_t *v = ed->scratch;
    for (int k = 0; k < ed->tiles.n; k++) {
        int t = ed->tiles.list[k];
        ed->tiles.mark[t] = 0;
        TileGeo g = tile_geo((size_t)t, ed->map.w, ed->map.h);
        const uint8_t *bits = ed->tiles.old + (size_t)t * EDIT_TILE_BITS_BYTES;
        uint8_t any = 0;
        for (int y = 0; y < g.th; y++) {
            const uint8_t *row =
                ed->map.land + (size_t)(g.y0 + y) * (size_t)ed->map.w + (size_t)g.x0;
            const uint8_t *ob = bits + y * (EDIT_TILE / 8);
            uint8_t *dst = v + y * g.tw;
            for (int x = 0; x < g.tw; x++) {
                dst[x] = row[x] ^ ((ob[x >> 3] >> (x & 7)) & 1);
                if (dst[x]) {
                    any = 1;
                    edit_box_add(&box, g.x0 + x, g.y0 + y, g.x0 + x, g.y0 + y);
                }
            }
        }
        if (any) rec_put(b, (size_t)t, v, g.tw * g.th);
    }
    ed->tiles.n = 0;
    ed->group_changed = false;
    if (b->len == 0 && !b->failed) return 0;

    int rc = 0;
    EditStep *s = b->failed ? NULL : edit_step_new(EDIT_STEP_PIXELS, false);
    if (s) s->data = malloc(b->len);
    if (!s || !s->data || edit_reserve_slot(ed)) {
        edit_step_free(s);
        rc = history_lost(ed, e, "last edit");
    } else {
        memcpy(s->data, b->p, b->len);
        s->len = b->len;
        s->bytes += b->len;
        s->rect = edit_box_rect(box);
        edit_push_step(ed, s);
    }
    /* A one-off giant edit should not pin its encoding buffer for good. */
    if (b->cap > ((size_t)1 << 20)) {
        free(b->p);
        memset(b, 0, sizeof *b);
    }
    return rc;
}

/* ------------------------------------------------------- undo and redo */

/* Apply step s backwards (side 0: restore the state before it) or
 * forwards (side 1). Only a MAP step can fail, before changing anything. */
static int step_apply(Editor *ed, const EditStep *s, int side, Err *e)
{
    assert(s && (side == 0 || side == 1));
    switch (s->kind) {
    case EDIT_STEP_PIXELS:
        mask_xor(&ed->map, s->data, s->len, ed->scratch);
        edit_box_add(&ed->chg, s->rect.x, s->rect.y, s->rect.x + s->rect.w - 1,
                     s->rect.y + s->rect.h - 1);
        return 0;
    case EDIT_STEP_META:
        ed->map.meta = s->meta[side];
        ed->chg_meta = true;
        return 0;
    case EDIT_STEP_MAP: {
        int w = s->w[side], h = s->h[side];
        uint8_t *land = calloc((size_t)w * (size_t)h, 1);
        EditTiles nt;
        if (!land || edit_tiles_alloc(&nt, w, h)) {
            free(land);
            return err_set(e, "editor: out of memory restoring the %dx%d map", w, h);
        }
        const uint8_t *p = side ? s->data + s->split : s->data;
        size_t len = side ? s->len - s->split : s->split;
        mask_decode(p, len, w, h, land, ed->scratch);
        if (w != ed->map.w || h != ed->map.h) ed->chg_resized = true;
        free(ed->map.land);
        ed->map.land = land;
        ed->map.w = w;
        ed->map.h = h;
        ed->map.meta = s->meta[side];
        edit_tiles_free(&ed->tiles);
        ed->tiles = nt;
        edit_box_add(&ed->chg, 0, 0, w - 1, h - 1);
        ed->chg_meta = true;
        return 0;
    }
    }
    return 0;
}

int edit_undo(Editor *ed, Err *e)
{
    if (edit_group_end(ed, e)) return -1;
    if (ed->cur == 0) return 0;
    if (step_apply(ed, ed->steps[ed->cur - 1], 0, e)) return -1;
    ed->cur--;
    return 1;
}

int edit_redo(Editor *ed, Err *e)
{
    if (edit_group_end(ed, e)) return -1;
    if (ed->cur == ed->nsteps) return 0;
    if (step_apply(ed, ed->steps[ed->cur], 1, e)) return -1;
    ed->cur++;
    return 1;
}

int edit_undo_count(const Editor *ed)
{
    return ed->cur;
}

int edit_redo_count(const Editor *ed)
{
    return ed->nsteps - ed->cur;
}

size_t edit_history_bytes(const Editor *ed)
{
    return ed->bytes;
}

size_t edit_budget(const Editor *ed)
{
    return ed->budget;
}

uint64_t edit_revision(const Editor *ed)
{
    return ed->cur ? ed->steps[ed->cur - 1]->rev : ed->base_rev;
}

bool edit_dirty(const Editor *ed)
{
    return edit_revision(ed) != ed->saved_rev || (ed->group_open && ed->group_changed);
}

void edit_mark_saved(Editor *ed)
{
    /* A failure to record still leaves a consistent (if shorter) history
     * and a fresh revision for the current state, which is what is saved. */
    Err ignored;
    edit_group_end(ed, &ignored);
    ed->saved_rev = edit_revision(ed);
}
