/* edit: the map editor's model — painting, fill, mirror, undo history with
 * a byte budget, generate, meta edits and change tracking (see edit.h). */
#include "edit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Undo records what an operation changed tile by tile: before a tile's
 * first change in an operation its old pixels are packed as bits, and at
 * the end old XOR new is stored per changed tile, run-length coded or as
 * raw bits, whichever is smaller. XOR makes one record serve both undo
 * and redo, and a map's bytes are only ever 0 or 1 so bits lose nothing. */
#define TILE            64
#define TILE_PIXELS     (TILE * TILE)
#define TILE_BITS_BYTES (TILE_PIXELS / 8)

enum { REC_RLE = 0, REC_RAW = 1 };

typedef enum StepKind { STEP_PIXELS, STEP_META, STEP_MAP } StepKind;

typedef struct EditStep {
    StepKind kind;
    uint64_t rev;  /* revision of the state after this step */
    size_t bytes;  /* what the step is charged against the budget */
    EditRect rect; /* PIXELS: bounding box of the changed pixels */
    uint8_t *data; /* PIXELS: tile records; MAP: old map, then new map */
    size_t len, split;
    int w[2], h[2]; /* MAP: old and new size */
    MapMeta *meta;  /* META and MAP: [0] before, [1] after */
} EditStep;

typedef struct Buf {
    uint8_t *p;
    size_t len, cap;
    int failed;
} Buf;

/* Inclusive pixel box; empty while x0 > x1. */
typedef struct Box {
    int x0, y0, x1, y1;
} Box;

/* A run of a scanline fill: columns x1..x2 of row y, reached moving dy. */
typedef struct Span {
    int x1, x2, y, dy;
} Span;

/* Per-tile capture state of the open operation, sized by the map. */
typedef struct Tiles {
    int nx, ny;
    uint8_t *old;  /* nx*ny * TILE_BITS_BYTES: pixels before the operation */
    uint8_t *mark; /* 1 when the tile is captured */
    int *list;     /* captured tile indices, in capture order */
    int n;
} Tiles;

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
    Tiles tiles;

    Span *stack;
    size_t stack_cap;
    Buf enc;
    uint8_t scratch[TILE_PIXELS];

    Box chg;
    bool chg_meta, chg_resized;
};

/* ------------------------------------------------------------- helpers */

static Box box_empty(void)
{
    Box b = {1, 1, 0, 0};
    return b;
}

static void box_add(Box *b, int x0, int y0, int x1, int y1)
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

static EditRect box_rect(Box b)
{
    EditRect r = {0, 0, 0, 0};
    if (b.x0 > b.x1) return r;
    r.x = b.x0;
    r.y = b.y0;
    r.w = b.x1 - b.x0 + 1;
    r.h = b.y1 - b.y0 + 1;
    return r;
}

static long floor_div2(long a)
{
    return a >= 0 ? a / 2 : -((-a + 1) / 2);
}

static long ceil_div2(long a)
{
    return -floor_div2(-a);
}

static void buf_reserve(Buf *b, size_t extra)
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

static void buf_byte(Buf *b, uint8_t v)
{
    buf_reserve(b, 1);
    if (!b->failed) b->p[b->len++] = v;
}

static void buf_varint(Buf *b, size_t v)
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

/* ---------------------------------------------------- tile records */

typedef struct TileGeo {
    int x0, y0, tw, th;
} TileGeo;

static TileGeo tile_geo(size_t t, int w, int h)
{
    int nx = (w + TILE - 1) / TILE;
    TileGeo g;
    g.x0 = (int)(t % (size_t)nx) * TILE;
    g.y0 = (int)(t / (size_t)nx) * TILE;
    g.tw = w - g.x0 < TILE ? w - g.x0 : TILE;
    g.th = h - g.y0 < TILE ? h - g.y0 : TILE;
    return g;
}

/* Append tile t's record for the n bits v[0..n) (bytes 0/1, tile rows
 * back to back): index, mode, then alternating runs starting with 0s, or
 * the packed bits when runs would not be smaller. */
static void rec_put(Buf *b, size_t t, const uint8_t *v, int n)
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
static void map_encode(Buf *b, const uint8_t *land, int w, int h, uint8_t *v)
{
    size_t nt = (size_t)((w + TILE - 1) / TILE) * (size_t)((h + TILE - 1) / TILE);
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
static void map_decode(const uint8_t *p, size_t len, int w, int h, uint8_t *land, uint8_t *v)
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
static void map_xor(Map *m, const uint8_t *p, size_t len, uint8_t *v)
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

/* ------------------------------------------------------------- tiles */

static int tiles_alloc(Tiles *t, int w, int h)
{
    memset(t, 0, sizeof *t);
    t->nx = (w + TILE - 1) / TILE;
    t->ny = (h + TILE - 1) / TILE;
    size_t n = (size_t)t->nx * (size_t)t->ny;
    /* calloc: pages of the capture area are only touched by big edits. */
    t->old = calloc(n, TILE_BITS_BYTES);
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

static void tiles_free(Tiles *t)
{
    free(t->old);
    free(t->mark);
    free(t->list);
    memset(t, 0, sizeof *t);
}

static void tile_capture(Editor *ed, int t)
{
    TileGeo g = tile_geo((size_t)t, ed->map.w, ed->map.h);
    uint8_t *bits = ed->tiles.old + (size_t)t * TILE_BITS_BYTES;
    memset(bits, 0, TILE_BITS_BYTES);
    for (int y = 0; y < g.th; y++) {
        const uint8_t *row = ed->map.land + (size_t)(g.y0 + y) * (size_t)ed->map.w + (size_t)g.x0;
        for (int x = 0; x < g.tw; x++)
            bits[y * (TILE / 8) + (x >> 3)] |= (uint8_t)(row[x] << (x & 7));
    }
    ed->tiles.mark[t] = 1;
    ed->tiles.list[ed->tiles.n++] = t;
}

/* Write v to pixels x0..x1 (clipped) of row y, capturing each tile before
 * its first change and widening the change boxes by what really changed. */
static void set_span(Editor *ed, int y, int x0, int x1, uint8_t v)
{
    uint8_t *row = ed->map.land + (size_t)y * (size_t)ed->map.w;
    int ty = y / TILE;
    for (int x = x0; x <= x1;) {
        int tx = x / TILE;
        int end = tx * TILE + TILE - 1 < x1 ? tx * TILE + TILE - 1 : x1;
        int first = -1, last = -1;
        for (int i = x; i <= end; i++)
            if (row[i] != v) {
                if (first < 0) first = i;
                last = i;
            }
        if (first >= 0) {
            int t = ty * ed->tiles.nx + tx;
            if (!ed->tiles.mark[t]) tile_capture(ed, t);
            memset(row + first, v, (size_t)(last - first + 1));
            box_add(&ed->chg, first, y, last, y);
            ed->group_changed = true;
        }
        x = end + 1;
    }
}

/* ----------------------------------------------------------- history */

static void step_free(EditStep *s)
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
        step_free(ed->steps[i]);
    }
    ed->nsteps = ed->cur;
}

static void history_clear(Editor *ed)
{
    for (int i = 0; i < ed->nsteps; i++) step_free(ed->steps[i]);
    ed->nsteps = ed->cur = 0;
    ed->bytes = 0;
}

/* Room in the step array for one more step after the redo steps go. */
static int reserve_slot(Editor *ed)
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
    history_clear(ed);
    ed->base_rev = ed->next_rev++;
    return err_set(e, "editor: out of memory recording the %s; the undo history was cleared", what);
}

/* Make s the newest step (a slot must be reserved), then drop the oldest
 * steps while over budget. A step bigger than the whole budget cannot be
 * kept at all: the history is cleared and the state rebased on it. */
static void push_step(Editor *ed, EditStep *s)
{
    drop_redo(ed);
    s->rev = ed->next_rev++;
    if (s->bytes > ed->budget) {
        history_clear(ed);
        ed->base_rev = s->rev;
        step_free(s);
        return;
    }
    ed->steps[ed->nsteps++] = s;
    ed->cur = ed->nsteps;
    ed->bytes += s->bytes;
    int drop = 0;
    while (ed->bytes > ed->budget) {
        ed->bytes -= ed->steps[drop]->bytes;
        ed->base_rev = ed->steps[drop]->rev;
        step_free(ed->steps[drop]);
        drop++;
    }
    if (drop) {
        memmove(ed->steps, ed->steps + drop, (size_t)(ed->nsteps - drop) * sizeof *ed->steps);
        ed->nsteps -= drop;
        ed->cur -= drop;
    }
}

static EditStep *step_new(StepKind kind, bool with_meta)
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

static void group_begin(Editor *ed)
{
    ed->group_open = true;
    ed->stroke = false;
    ed->group_changed = false;
    ed->tiles.n = 0;
}

/* Close the open operation into one PIXELS step of old XOR new per
 * changed tile. Without an open operation, or when its changes cancelled
 * out, nothing is recorded. */
static int group_end(Editor *ed, Err *e)
{
    if (!ed->group_open) return 0;
    ed->group_open = false;
    ed->stroke = false;
    Buf *b = &ed->enc;
    b->len = 0;
    b->failed = 0;
    Box box = box_empty();
    uint8_t *v = ed->scratch;
    for (int k = 0; k < ed->tiles.n; k++) {
        int t = ed->tiles.list[k];
        ed->tiles.mark[t] = 0;
        TileGeo g = tile_geo((size_t)t, ed->map.w, ed->map.h);
        const uint8_t *bits = ed->tiles.old + (size_t)t * TILE_BITS_BYTES;
        uint8_t any = 0;
        for (int y = 0; y < g.th; y++) {
            const uint8_t *row =
                ed->map.land + (size_t)(g.y0 + y) * (size_t)ed->map.w + (size_t)g.x0;
            const uint8_t *ob = bits + y * (TILE / 8);
            uint8_t *dst = v + y * g.tw;
            for (int x = 0; x < g.tw; x++) {
                dst[x] = row[x] ^ ((ob[x >> 3] >> (x & 7)) & 1);
                if (dst[x]) {
                    any = 1;
                    box_add(&box, g.x0 + x, g.y0 + y, g.x0 + x, g.y0 + y);
                }
            }
        }
        if (any) rec_put(b, (size_t)t, v, g.tw * g.th);
    }
    ed->tiles.n = 0;
    ed->group_changed = false;
    if (b->len == 0 && !b->failed) return 0;

    int rc = 0;
    EditStep *s = b->failed ? NULL : step_new(STEP_PIXELS, false);
    if (s) s->data = malloc(b->len);
    if (!s || !s->data || reserve_slot(ed)) {
        step_free(s);
        rc = history_lost(ed, e, "last edit");
    } else {
        memcpy(s->data, b->p, b->len);
        s->len = b->len;
        s->bytes += b->len;
        s->rect = box_rect(box);
        push_step(ed, s);
    }
    /* A one-off giant edit should not pin its encoding buffer for good. */
    if (b->cap > ((size_t)1 << 20)) {
        free(b->p);
        memset(b, 0, sizeof *b);
    }
    return rc;
}

/* One dab of diameter d centred at doubled coordinates (cx2, cy2): a
 * pixel is covered when its doubled centre (2i+1, 2j+1) lies within d. */
static void dab2(Editor *ed, long cx2, long cy2, int d, uint8_t v)
{
    const int w = ed->map.w, h = ed->map.h;
    long jlo = ceil_div2(cy2 - d - 1), jhi = floor_div2(cy2 + d - 1);
    if (jlo < 0) jlo = 0;
    if (jhi > h - 1) jhi = h - 1;
    for (long j = jlo; j <= jhi; j++) {
        long dy = 2 * j + 1 - cy2;
        long rem = (long)d * d - dy * dy;
        if (rem < 0) continue;
        long m = (long)sqrt((double)rem);
        while (m * m > rem) m--;
        while ((m + 1) * (m + 1) <= rem) m++;
        long ilo = ceil_div2(cx2 - m - 1), ihi = floor_div2(cx2 + m - 1);
        if (ilo < 0) ilo = 0;
        if (ihi > w - 1) ihi = w - 1;
        if (ilo > ihi) continue;
        set_span(ed, (int)j, (int)ilo, (int)ihi, v);
        /* Mirroring the clipped span itself keeps the result exact. */
        if (ed->mirror) set_span(ed, h - 1 - (int)j, w - 1 - (int)ihi, w - 1 - (int)ilo, v);
    }
}

/* A dab at pixel position (x, y), which the caller keeps within a brush
 * of the map so the conversion to integers is safe. */
static void dab(Editor *ed, double x, double y, int d, uint8_t v)
{
    long cx2, cy2;
    if (d & 1) {
        cx2 = 2 * (long)floor(x) + 1;
        cy2 = 2 * (long)floor(y) + 1;
    } else {
        cx2 = 2 * (long)floor(x + 0.5);
        cy2 = 2 * (long)floor(y + 0.5);
    }
    dab2(ed, cx2, cy2, d, v);
}

/* Liang-Barsky: clip the segment to the box; false when none of it is in.
 * A clipped end is set exactly on the box edge that clipped it: with huge
 * coordinates, start + t * delta would lose every digit that matters. */
static bool clip_segment(double *x0, double *y0, double *x1, double *y1, double lo_x, double lo_y,
                         double hi_x, double hi_y)
{
    double t0 = 0.0, t1 = 1.0, dx = *x1 - *x0, dy = *y1 - *y0;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {*x0 - lo_x, hi_x - *x0, *y0 - lo_y, hi_y - *y0};
    const double edge[4] = {lo_x, hi_x, lo_y, hi_y};
    int e0 = -1, e1 = -1;
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0) return false;
            continue;
        }
        double t = q[i] / p[i];
        if (p[i] < 0.0) {
            if (t > t1) return false;
            if (t > t0) t0 = t, e0 = i;
        } else {
            if (t < t0) return false;
            if (t < t1) t1 = t, e1 = i;
        }
    }
    double ox = *x0, oy = *y0;
    if (e0 >= 0) {
        *x0 = e0 < 2 ? edge[e0] : ox + t0 * dx;
        *y0 = e0 < 2 ? oy + t0 * dy : edge[e0];
    }
    if (e1 >= 0) {
        *x1 = e1 < 2 ? edge[e1] : ox + t1 * dx;
        *y1 = e1 < 2 ? oy + t1 * dy : edge[e1];
    }
    *x0 = fmin(fmax(*x0, lo_x), hi_x);
    *y0 = fmin(fmax(*y0, lo_y), hi_y);
    *x1 = fmin(fmax(*x1, lo_x), hi_x);
    *y1 = fmin(fmax(*y1, lo_y), hi_y);
    return true;
}

/* Dabs from (x0, y0) to (x1, y1), both ends included. Consecutive dabs
 * are at most max(0.5, d/8) px apart on each axis: under one pixel even
 * after rounding, so size-1 lines are 8-connected, and close enough that
 * big brushes leave smooth edges. */
static void paint_segment(Editor *ed, double x0, double y0, double x1, double y1, int d, uint8_t v)
{
    double margin = (double)d + 2.0;
    if (!clip_segment(&x0, &y0, &x1, &y1, -margin, -margin, ed->map.w + margin, ed->map.h + margin))
        return;
    double step = d / 8.0 < 0.5 ? 0.5 : d / 8.0;
    double len = fmax(fabs(x1 - x0), fabs(y1 - y0));
    long n = (long)ceil(len / step);
    for (long k = 0; k <= n; k++) {
        double t = n ? (double)k / (double)n : 0.0;
        dab(ed, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, d, v);
    }
}

static int push_span(Editor *ed, size_t *n, int x1, int x2, int y, int dy)
{
    if (*n == ed->stack_cap) {
        size_t cap = ed->stack_cap ? ed->stack_cap * 2 : 1024;
        Span *p = realloc(ed->stack, cap * sizeof *p);
        if (!p) return -1;
        ed->stack = p;
        ed->stack_cap = cap;
    }
    Span s = {x1, x2, y, dy};
    ed->stack[(*n)++] = s;
    return 0;
}

/* Span flood fill (Smith's / Heckbert's scanline fill as given on
 * Wikipedia's "Flood fill" page): an explicit stack of row runs, so
 * memory grows with the region's outline, never with recursion depth. */
static int fill_at(Editor *ed, int x, int y, uint8_t v, Err *e)
{
    const int w = ed->map.w, h = ed->map.h;
    const uint8_t *land = ed->map.land;
    if (x < 0 || y < 0 || x >= w || y >= h) return 0;
    const uint8_t target = land[(size_t)y * (size_t)w + (size_t)x];
    if (target == v) return 0;
#define INSIDE(xx, yy)                                                                             \
    ((xx) >= 0 && (xx) < w && land[(size_t)(yy) * (size_t)w + (size_t)(xx)] == target)
    size_t n = 0;
    if (push_span(ed, &n, x, x, y, 1) || push_span(ed, &n, x, x, y - 1, -1)) goto oom;
    while (n) {
        Span s = ed->stack[--n];
        int x1 = s.x1, x2 = s.x2, yy = s.y, dy = s.dy;
        if (yy < 0 || yy >= h) continue;
        int xx = x1;
        if (INSIDE(xx, yy)) {
            int l = xx;
            while (INSIDE(l - 1, yy)) l--;
            if (l < xx) {
                set_span(ed, yy, l, xx - 1, v);
                if (push_span(ed, &n, l, xx - 1, yy - dy, -dy)) goto oom;
            }
            xx = l;
        }
        while (x1 <= x2) {
            int r = x1;
            while (INSIDE(r, yy)) r++;
            if (r > x1) set_span(ed, yy, x1, r - 1, v);
            if (r > xx && push_span(ed, &n, xx, r - 1, yy + dy, dy)) goto oom;
            if (r - 1 > x2 && push_span(ed, &n, x2 + 1, r - 1, yy - dy, -dy)) goto oom;
            x1 = r + 1;
            while (x1 < x2 && !INSIDE(x1, yy)) x1++;
            xx = x1;
        }
    }
#undef INSIDE
    return 0;
oom:
    return err_set(e, "fill: out of memory for the fill queue (%dx%d map)", w, h);
}

/* ---------------------------------------------------------- checking */

static int check_brush(int value, int size, Err *e)
{
    if (value != EDIT_WATER && value != EDIT_LAND)
        return err_set(e, "brush value %d: must be %d (water) or %d (land)", value, EDIT_WATER,
                       EDIT_LAND);
    if (size < EDIT_BRUSH_MIN || size > EDIT_BRUSH_MAX)
        return err_set(e, "brush size %d: must be %d to %d pixels", size, EDIT_BRUSH_MIN,
                       EDIT_BRUSH_MAX);
    return 0;
}

static int check_value(int value, Err *e)
{
    if (value != EDIT_WATER && value != EDIT_LAND)
        return err_set(e, "fill value %d: must be %d (water) or %d (land)", value, EDIT_WATER,
                       EDIT_LAND);
    return 0;
}

static int check_point(float x, float y, Err *e)
{
    if (!isfinite(x) || !isfinite(y))
        return err_set(e, "brush position (%g, %g): not a finite point", (double)x, (double)y);
    return 0;
}

/* ------------------------------------------------------------ public */

int edit_init(Editor **out, Map *map, size_t budget, Err *e)
{
    *out = NULL;
    if (!map || !map->land) return err_set(e, "editor: no map to edit");
    if (map->w < MAP_MIN_SIDE || map->h < MAP_MIN_SIDE || map->w > MAP_MAX_SIDE ||
        map->h > MAP_MAX_SIDE)
        return err_set(e, "editor: %dx%d map; sides must be %d to %d pixels", map->w, map->h,
                       MAP_MIN_SIDE, MAP_MAX_SIDE);
    if (budget == 0) budget = EDIT_BUDGET_DEFAULT;
    if (budget < EDIT_BUDGET_MIN)
        return err_set(e, "editor: undo budget of %zu bytes is below the minimum of %zu", budget,
                       EDIT_BUDGET_MIN);
    Editor *ed = calloc(1, sizeof *ed);
    if (!ed) return err_set(e, "editor: out of memory");
    if (tiles_alloc(&ed->tiles, map->w, map->h)) {
        free(ed);
        return err_set(e, "editor: out of memory for a %dx%d map", map->w, map->h);
    }
    ed->map = *map;
    memset(map, 0, sizeof *map);
    size_t n = (size_t)ed->map.w * (size_t)ed->map.h;
    for (size_t i = 0; i < n; i++) ed->map.land[i] = ed->map.land[i] != 0;
    ed->budget = budget;
    ed->next_rev = 1;
    ed->chg = box_empty();
    *out = ed;
    return 0;
}

void edit_deinit(Editor *ed)
{
    if (!ed) return;
    history_clear(ed);
    free(ed->steps);
    tiles_free(&ed->tiles);
    free(ed->stack);
    free(ed->enc.p);
    map_free(&ed->map);
    free(ed);
}

const Map *edit_map(const Editor *ed)
{
    return &ed->map;
}

void edit_set_mirror(Editor *ed, bool on)
{
    ed->mirror = on;
}

bool edit_mirror(const Editor *ed)
{
    return ed->mirror;
}

int edit_stroke_begin(Editor *ed, float x, float y, int value, int size, Err *e)
{
    if (check_brush(value, size, e) || check_point(x, y, e)) return -1;
    if (group_end(ed, e)) return -1;
    group_begin(ed);
    ed->stroke = true;
    ed->value = value;
    ed->size = size;
    ed->last_x = x;
    ed->last_y = y;
    paint_segment(ed, x, y, x, y, size, (uint8_t)value);
    return 0;
}

int edit_stroke_to(Editor *ed, float x, float y, Err *e)
{
    if (!ed->stroke) return err_set(e, "editor: no stroke is open (call edit_stroke_begin)");
    if (check_point(x, y, e)) return -1;
    paint_segment(ed, ed->last_x, ed->last_y, x, y, ed->size, (uint8_t)ed->value);
    ed->last_x = x;
    ed->last_y = y;
    return 0;
}

int edit_stroke_end(Editor *ed, Err *e)
{
    return group_end(ed, e);
}

bool edit_stroke_open(const Editor *ed)
{
    return ed->stroke;
}

int edit_line(Editor *ed, float x0, float y0, float x1, float y1, int value, int size, Err *e)
{
    if (check_brush(value, size, e) || check_point(x0, y0, e) || check_point(x1, y1, e)) return -1;
    bool own = !ed->group_open;
    if (own) group_begin(ed);
    paint_segment(ed, x0, y0, x1, y1, size, (uint8_t)value);
    return own ? group_end(ed, e) : 0;
}

int edit_fill(Editor *ed, float x, float y, int value, Err *e)
{
    if (check_value(value, e) || check_point(x, y, e)) return -1;
    double fx = floor(x), fy = floor(y);
    if (fx < 0.0 || fy < 0.0 || fx >= ed->map.w || fy >= ed->map.h) return 0;
    int px = (int)fx, py = (int)fy;
    bool own = !ed->group_open;
    if (own) group_begin(ed);
    int rc = fill_at(ed, px, py, (uint8_t)value, e);
    if (rc == 0 && ed->mirror)
        rc = fill_at(ed, ed->map.w - 1 - px, ed->map.h - 1 - py, (uint8_t)value, e);
    if (own) {
        Err e2;
        if (group_end(ed, rc ? &e2 : e)) rc = -1;
    }
    return rc;
}

int edit_generate(Editor *ed, const MapGenParams *p, Err *e)
{
    if (group_end(ed, e)) return -1;
    Map nm;
    if (mapgen_generate(&nm, p, e)) return -1;
    Tiles nt;
    EditStep *s = step_new(STEP_MAP, true);
    Buf b = {0};
    if (s && tiles_alloc(&nt, nm.w, nm.h) == 0) {
        map_encode(&b, ed->map.land, ed->map.w, ed->map.h, ed->scratch);
        s->split = b.len;
        map_encode(&b, nm.land, nm.w, nm.h, ed->scratch);
        if (!b.failed && reserve_slot(ed) == 0) {
            s->data = b.p;
            s->len = b.len;
            s->bytes += b.len;
            s->w[0] = ed->map.w;
            s->h[0] = ed->map.h;
            s->w[1] = nm.w;
            s->h[1] = nm.h;
            s->meta[0] = ed->map.meta;
            s->meta[1] = nm.meta;
            if (nm.w != ed->map.w || nm.h != ed->map.h) ed->chg_resized = true;
            tiles_free(&ed->tiles);
            ed->tiles = nt;
            map_free(&ed->map);
            ed->map = nm;
            box_add(&ed->chg, 0, 0, nm.w - 1, nm.h - 1);
            ed->chg_meta = true;
            push_step(ed, s);
            return 0;
        }
        tiles_free(&nt);
    }
    free(b.p);
    step_free(s);
    map_free(&nm);
    return err_set(e, "editor: out of memory recording the generated %dx%d map", p->w, p->h);
}

/* Record a change of meta from the current one to *m (already checked). */
static int meta_step(Editor *ed, const MapMeta *m, Err *e)
{
    if (group_end(ed, e)) return -1;
    if (map_meta_equal(m, &ed->map.meta)) return 0;
    EditStep *s = step_new(STEP_META, true);
    if (!s || reserve_slot(ed)) {
        step_free(s);
        return err_set(e, "editor: out of memory recording the settings change");
    }
    s->meta[0] = ed->map.meta;
    s->meta[1] = *m;
    ed->map.meta = *m;
    ed->chg_meta = true;
    push_step(ed, s);
    return 0;
}

int edit_set_meta(Editor *ed, const MapMeta *meta, Err *e)
{
    if (map_meta_check(meta, ed->map.w, ed->map.h, e)) return -1;
    /* Copy field by field: bytes after the name's NUL are not compared,
     * and a clean copy keeps stale ones out of the history. */
    MapMeta m;
    memset(&m, 0, sizeof m);
    strcpy(m.name, meta->name);
    m.hex_size = meta->hex_size;
    m.wind_dir = meta->wind_dir;
    m.wind_strength = meta->wind_strength;
    for (int f = 0; f < 2; f++) {
        m.spawn_count[f] = meta->spawn_count[f];
        for (int i = 0; i < meta->spawn_count[f]; i++) m.spawns[f][i] = meta->spawns[f][i];
    }
    return meta_step(ed, &m, e);
}

int edit_set_wind(Editor *ed, int dir, int strength, Err *e)
{
    if (dir < 0 || dir >= HEX_DIRS)
        return err_set(e, "wind %d: direction must be 0 to %d", dir, HEX_DIRS - 1);
    if (strength < 0 || strength > MAP_WIND_MAX)
        return err_set(e, "wind_strength %d: must be 0 to %d", strength, MAP_WIND_MAX);
    MapMeta m = ed->map.meta;
    m.wind_dir = dir;
    m.wind_strength = strength;
    return meta_step(ed, &m, e);
}

int edit_set_hex_size(Editor *ed, int hex_size, Err *e)
{
    MapMeta m = ed->map.meta;
    m.hex_size = hex_size;
    if (map_meta_check(&m, ed->map.w, ed->map.h, e)) return -1;
    return meta_step(ed, &m, e);
}

static int spawn_find(const MapMeta *m, int fleet, Hex h)
{
    for (int i = 0; i < m->spawn_count[fleet]; i++)
        if (hex_equal(m->spawns[fleet][i], h)) return i;
    return -1;
}

static void spawn_remove(MapMeta *m, int fleet, int i)
{
    for (int k = i + 1; k < m->spawn_count[fleet]; k++)
        m->spawns[fleet][k - 1] = m->spawns[fleet][k];
    m->spawn_count[fleet]--;
}

int edit_toggle_spawn(Editor *ed, int fleet, Hex h, Err *e)
{
    if (fleet != 0 && fleet != 1) return err_set(e, "spawn: fleet %d must be 0 or 1", fleet);
    MapMeta m = ed->map.meta;
    int i = spawn_find(&m, fleet, h);
    if (i >= 0) {
        spawn_remove(&m, fleet, i);
        return meta_step(ed, &m, e);
    }
    if (!map_hex_inside(h, m.hex_size, ed->map.w, ed->map.h))
        return err_set(e, "spawn hex %d,%d: its centre lies outside the map", h.q, h.r);
    if (m.spawn_count[fleet] >= MAP_MAX_SPAWNS)
        return err_set(e, "fleet%d: already has %d spawn hexes, the most a map can hold", fleet + 1,
                       MAP_MAX_SPAWNS);
    int other = spawn_find(&m, 1 - fleet, h);
    if (other >= 0) spawn_remove(&m, 1 - fleet, other);
    m.spawns[fleet][m.spawn_count[fleet]++] = h;
    return meta_step(ed, &m, e);
}

/* Apply step s backwards (side 0: restore the state before it) or
 * forwards (side 1). Only a MAP step can fail, before changing anything. */
static int step_apply(Editor *ed, const EditStep *s, int side, Err *e)
{
    switch (s->kind) {
    case STEP_PIXELS:
        map_xor(&ed->map, s->data, s->len, ed->scratch);
        box_add(&ed->chg, s->rect.x, s->rect.y, s->rect.x + s->rect.w - 1,
                s->rect.y + s->rect.h - 1);
        return 0;
    case STEP_META:
        ed->map.meta = s->meta[side];
        ed->chg_meta = true;
        return 0;
    case STEP_MAP: {
        int w = s->w[side], h = s->h[side];
        uint8_t *land = calloc((size_t)w * (size_t)h, 1);
        Tiles nt;
        if (!land || tiles_alloc(&nt, w, h)) {
            free(land);
            return err_set(e, "editor: out of memory restoring the %dx%d map", w, h);
        }
        const uint8_t *p = side ? s->data + s->split : s->data;
        size_t len = side ? s->len - s->split : s->split;
        map_decode(p, len, w, h, land, ed->scratch);
        if (w != ed->map.w || h != ed->map.h) ed->chg_resized = true;
        free(ed->map.land);
        ed->map.land = land;
        ed->map.w = w;
        ed->map.h = h;
        ed->map.meta = s->meta[side];
        tiles_free(&ed->tiles);
        ed->tiles = nt;
        box_add(&ed->chg, 0, 0, w - 1, h - 1);
        ed->chg_meta = true;
        return 0;
    }
    }
    return 0;
}

int edit_undo(Editor *ed, Err *e)
{
    if (group_end(ed, e)) return -1;
    if (ed->cur == 0) return 0;
    if (step_apply(ed, ed->steps[ed->cur - 1], 0, e)) return -1;
    ed->cur--;
    return 1;
}

int edit_redo(Editor *ed, Err *e)
{
    if (group_end(ed, e)) return -1;
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
    group_end(ed, &ignored);
    ed->saved_rev = edit_revision(ed);
}

int edit_save(Editor *ed, const char *path, Err *e)
{
    if (map_meta_check(&ed->map.meta, ed->map.w, ed->map.h, e)) return -1;
    /* As in edit_mark_saved, a failure to record the open stroke leaves a
     * consistent state, and that state is what gets written. */
    Err ignored;
    group_end(ed, &ignored);
    if (map_save(&ed->map, path, e)) return -1;
    ed->saved_rev = edit_revision(ed);
    return 0;
}

int edit_autosave(const Editor *ed, const char *path, Err *e)
{
    if (map_meta_check(&ed->map.meta, ed->map.w, ed->map.h, e)) return -1;
    return map_save(&ed->map, path, e);
}

bool edit_take_changes(Editor *ed, EditChanges *out)
{
    out->pixels = box_rect(ed->chg);
    out->meta = ed->chg_meta;
    out->resized = ed->chg_resized;
    ed->chg = box_empty();
    ed->chg_meta = ed->chg_resized = false;
    return out->pixels.w > 0 || out->meta || out->resized;
}
