/* edit_paint: the editor's brushes — round dabs, stroked and straight
 * lines, scanline flood fill, the 180-degree mirror and the checks on
 * brush arguments (see edit.h). */
#include "edit_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static long floor_div2(long a)
{
    return a >= 0 ? a / 2 : -((-a + 1) / 2);
}

static long ceil_div2(long a)
{
    return -floor_div2(-a);
}

/* Write v to pixels x0..x1 (clipped) of row y, capturing each tile before
 * its first change and widening the change boxes by what really changed. */
static void set_span(Editor *ed, int y, int x0, int x1, uint8_t v)
{
    uint8_t *row = ed->map.land + (size_t)y * (size_t)ed->map.w;
    int ty = y / EDIT_TILE;
    for (int x = x0; x <= x1;) {
        int tx = x / EDIT_TILE;
        int end = tx * EDIT_TILE + EDIT_TILE - 1 < x1 ? tx * EDIT_TILE + EDIT_TILE - 1 : x1;
        int first = -1, last = -1;
        for (int i = x; i <= end; i++)
            if (row[i] != v) {
                if (first < 0) first = i;
                last = i;
            }
        if (first >= 0) {
            int t = ty * ed->tiles.nx + tx;
            if (!ed->tiles.mark[t]) edit_tile_capture(ed, t);
            memset(row + first, v, (size_t)(last - first + 1));
            edit_box_add(&ed->chg, first, y, last, y);
            ed->group_changed = true;
        }
        x = end + 1;
    }
}

/* ------------------------------------------------------------- brushes */

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

/* ---------------------------------------------------------------- fill */

static int push_span(Editor *ed, size_t *n, int x1, int x2, int y, int dy)
{
    if (*n == ed->stack_cap) {
        size_t cap = ed->stack_cap ? ed->stack_cap * 2 : 1024;
        EditSpan *p = realloc(ed->stack, cap * sizeof *p);
        if (!p) return -1;
        ed->stack = p;
        ed->stack_cap = cap;
    }
    EditSpan s = {x1, x2, y, dy};
    ed->stack[(*n)++] = s;
    return 0;
}

/* EditSpan flood fill (Smith's / Heckbert's scanline fill as given on
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
        EditSpan s = ed->stack[--n];
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

/* ------------------------------------------------------------ checking */

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

/* -------------------------------------------------------------- public */

int edit_stroke_begin(Editor *ed, float x, float y, int value, int size, Err *e)
{
    if (check_brush(value, size, e) || check_point(x, y, e)) return -1;
    if (edit_group_end(ed, e)) return -1;
    edit_group_begin(ed);
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
    return edit_group_end(ed, e);
}

bool edit_stroke_open(const Editor *ed)
{
    return ed->stroke;
}

int edit_line(Editor *ed, float x0, float y0, float x1, float y1, int value, int size, Err *e)
{
    if (check_brush(value, size, e) || check_point(x0, y0, e) || check_point(x1, y1, e)) return -1;
    bool own = !ed->group_open;
    if (own) edit_group_begin(ed);
    paint_segment(ed, x0, y0, x1, y1, size, (uint8_t)value);
    return own ? edit_group_end(ed, e) : 0;
}

int edit_fill(Editor *ed, float x, float y, int value, Err *e)
{
    if (check_value(value, e) || check_point(x, y, e)) return -1;
    double fx = floor(x), fy = floor(y);
    if (fx < 0.0 || fy < 0.0 || fx >= ed->map.w || fy >= ed->map.h) return 0;
    int px = (int)fx, py = (int)fy;
    bool own = !ed->group_open;
    if (own) edit_group_begin(ed);
    int rc = fill_at(ed, px, py, (uint8_t)value, e);
    if (rc == 0 && ed->mirror)
        rc = fill_at(ed, ed->map.w - 1 - px, ed->map.h - 1 - py, (uint8_t)value, e);
    if (own) {
        Err e2;
        if (edit_group_end(ed, rc ? &e2 : e)) rc = -1;
    }
    return rc;
}
