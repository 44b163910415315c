/* edoverlay: map overlays built as triangle lists and drawn with one
 * SDL_RenderGeometry call per layer; only hexes in view are visited. */
#include "edoverlay.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/chart.h"
#include "ui/draw.h"

/* Grid lines vanish below this hex radius on screen (they would be a
 * solid wash), and no layer visits more hexes than this in one frame. */
#define GRID_MIN_PX 5.0
#define HEX_LIMIT   200000
#define SQRT3       1.7320508f
#define CIRCLE_SEGS 48

static const SDL_Color fleet_col[2] = {{236, 92, 72, 255}, {250, 206, 72, 255}};

/* A growable triangle list, kept between frames so drawing allocates only
 * when a frame needs more than any before. */
typedef struct Geo {
    SDL_Vertex *v;
    int nv, cv;
    int *idx;
    int ni, ci;
} Geo;

static Geo geo;

void edoverlay_free(void)
{
    free(geo.v);
    free(geo.idx);
    geo = (Geo){0};
}

static int reserve(int nv, int ni)
{
    if (geo.nv + nv > geo.cv) {
        int c = geo.cv ? geo.cv : 4096;
        while (c < geo.nv + nv) c *= 2;
        SDL_Vertex *p = realloc(geo.v, (size_t)c * sizeof *p);
        if (!p) return -1;
        geo.v = p;
        geo.cv = c;
    }
    if (geo.ni + ni > geo.ci) {
        int c = geo.ci ? geo.ci : 8192;
        while (c < geo.ni + ni) c *= 2;
        int *p = realloc(geo.idx, (size_t)c * sizeof *p);
        if (!p) return -1;
        geo.idx = p;
        geo.ci = c;
    }
    return 0;
}

static void vert(float x, float y, SDL_Color c)
{
    geo.v[geo.nv++] = (SDL_Vertex){{x, y}, c, {0, 0}};
}

static void tri(int a, int b, int c)
{
    geo.idx[geo.ni++] = a;
    geo.idx[geo.ni++] = b;
    geo.idx[geo.ni++] = c;
}

/* A line of width w px as a quad. */
static void seg(float x0, float y0, float x1, float y1, float w, SDL_Color c)
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    if (len < 1e-3f || reserve(4, 6) != 0) return;
    float nx = -dy / len * w * 0.5f, ny = dx / len * w * 0.5f;
    int b = geo.nv;
    vert(x0 + nx, y0 + ny, c);
    vert(x1 + nx, y1 + ny, c);
    vert(x1 - nx, y1 - ny, c);
    vert(x0 - nx, y0 - ny, c);
    tri(b, b + 1, b + 2);
    tri(b, b + 2, b + 3);
}

static void poly_fill(const float *x, const float *y, int n, SDL_Color c)
{
    if (reserve(n, 3 * (n - 2)) != 0) return;
    int b = geo.nv;
    for (int i = 0; i < n; i++) vert(x[i], y[i], c);
    for (int i = 1; i + 1 < n; i++) tri(b, b + i, b + i + 1);
}

static void circle(float cx, float cy, float r, float w, SDL_Color c)
{
    float px = cx + r, py = cy;
    for (int i = 1; i <= CIRCLE_SEGS; i++) {
        float t = 6.2831853f * (float)i / CIRCLE_SEGS;
        float x = cx + r * cosf(t), y = cy + r * sinf(t);
        seg(px, py, x, y, w, c);
        px = x;
        py = y;
    }
}

static void flush(SDL_Renderer *r)
{
    if (geo.ni > 0) {
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
        draw_geometry(r, NULL, geo.v, geo.nv, geo.idx, geo.ni);
    }
    geo.nv = geo.ni = 0;
}

static void to_screen(const EdApp *a, float wx, float wy, float *sx, float *sy)
{
    double x, y;
    cam_world_to_screen(&a->cam, wx, wy, &x, &y);
    *sx = (float)x;
    *sy = (float)y;
}

/* Screen corners of hex h. */
static void hex_shape(const EdApp *a, Hex h, float size, float *x, float *y)
{
    for (int i = 0; i < 6; i++) {
        float wx, wy;
        hex_corner(h, size, i, &wx, &wy);
        to_screen(a, wx, wy, &x[i], &y[i]);
    }
}

static void hex_outline(const EdApp *a, Hex h, float size, float w, SDL_Color c)
{
    float x[6], y[6];
    hex_shape(a, h, size, x, y);
    for (int i = 0; i < 6; i++) seg(x[i], y[i], x[(i + 1) % 6], y[(i + 1) % 6], w, c);
}

typedef void (*HexFn)(EdApp *a, Hex h, float size, void *ctx);

/* Call fn for each hex whose centre is on the map and near the view.
 * Returns how many, or -1 (nothing called) when more than limit would be. */
static long each_visible_hex(EdApp *a, HexFn fn, void *ctx, long limit)
{
    const Map *m = edit_map(a->ed);
    float size = (float)m->meta.hex_size;
    double wx0, wy0, wx1, wy1;
    cam_screen_to_world(&a->cam, 0, 0, &wx0, &wy0);
    cam_screen_to_world(&a->cam, a->view_w, a->view_h, &wx1, &wy1);
    wx0 = fmax(wx0 - size, 0.0);
    wy0 = fmax(wy0 - size, 0.0);
    wx1 = fmin(wx1 + size, m->w);
    wy1 = fmin(wy1 + size, m->h);
    int r0 = (int)floor((wy0 - size) / (1.5 * size)) - 1;
    int r1 = (int)ceil((wy1 - size) / (1.5 * size)) + 1;
    double hw = SQRT3 * size;
    long span = (long)((wx1 - wx0) / hw) + 4;
    if ((long)(r1 - r0 + 1) * span > limit) return -1;
    long n = 0;
    for (int r = r0; r <= r1; r++) {
        int q0 = (int)floor((wx0 - hw / 2) / hw - r / 2.0) - 1;
        int q1 = (int)ceil((wx1 - hw / 2) / hw - r / 2.0) + 1;
        for (int q = q0; q <= q1; q++) {
            Hex h = {q, r};
            float cx, cy;
            hex_to_pixel(h, size, &cx, &cy);
            if (cx < 0 || cy < 0 || cx >= (float)m->w || cy >= (float)m->h) continue;
            fn(a, h, size, ctx);
            n++;
        }
    }
    return n;
}

static void sail_hex(EdApp *a, Hex h, float size, void *ctx)
{
    (void)ctx;
    float x[6], y[6];
    hex_shape(a, h, size, x, y);
    bool ok = chart_sailable(&a->chart, h);
    poly_fill(x, y, 6, ok ? (SDL_Color){60, 235, 170, 58} : (SDL_Color){12, 4, 24, 120});
}

static void grid_hex(EdApp *a, Hex h, float size, void *ctx)
{
    const float *w = ctx;
    float x[6], y[6];
    hex_shape(a, h, size, x, y);
    /* The W, NW and NE sides: neighbours draw the other three. */
    SDL_Color c =
        a->overlays & OVL_HEAT ? (SDL_Color){0, 0, 0, 90} : (SDL_Color){235, 245, 255, 60};
    seg(x[4], y[4], x[5], y[5], *w, c);
    seg(x[5], y[5], x[0], y[0], *w, c);
    seg(x[0], y[0], x[1], y[1], *w, c);
}

static void draw_spawns(EdApp *a)
{
    const Map *m = edit_map(a->ed);
    float size = (float)m->meta.hex_size;
    float rad = size * (float)a->cam.zoom;
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < m->meta.spawn_count[f]; i++) {
            float x[6], y[6];
            hex_shape(a, m->meta.spawns[f][i], size, x, y);
            SDL_Color fill = fleet_col[f];
            fill.a = 120;
            poly_fill(x, y, 6, fill);
            for (int k = 0; k < 6; k++)
                seg(x[k], y[k], x[(k + 1) % 6], y[(k + 1) % 6], 2.0f * a->px_ratio, fleet_col[f]);
        }
    flush(a->r);
    if (rad < 9.0f) return;
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < m->meta.spawn_count[f]; i++) {
            float cx, cy, sx, sy;
            hex_to_pixel(m->meta.spawns[f][i], size, &cx, &cy);
            to_screen(a, cx, cy, &sx, &sy);
            /* Fleet 1 or 2. */
            const char s[2] = {(char)('1' + f), '\0'};
            int tw, th;
            text_measure(a->text, s, &tw, &th);
            text_draw(a->text, s, (int)(sx - (float)tw / 2), (int)(sy - (float)th / 2),
                      (SDL_Color){20, 16, 10, 255});
        }
}

/* The brush's disc centre as edit.h places it: a pixel centre for odd
 * sizes, a pixel corner for even ones. */
static void snap(int size, float x, float y, float *sx, float *sy)
{
    if (size & 1) {
        *sx = floorf(x) + 0.5f;
        *sy = floorf(y) + 0.5f;
    } else {
        *sx = roundf(x);
        *sy = roundf(y);
    }
}

static void brush_ring(EdApp *a, float wx, float wy, SDL_Color c)
{
    float cx, cy, sx, sy;
    snap(a->brush, wx, wy, &cx, &cy);
    to_screen(a, cx, cy, &sx, &sy);
    float r = (float)a->brush * 0.5f * (float)a->cam.zoom, k = a->px_ratio;
    if (r < 3.0f * k) {
        seg(sx - 6 * k, sy, sx + 6 * k, sy, 1.5f * k, c);
        seg(sx, sy - 6 * k, sx, sy + 6 * k, 1.5f * k, c);
        return;
    }
    circle(sx, sy, r + k, 1.5f * k, (SDL_Color){0, 0, 0, 150});
    circle(sx, sy, r, 1.5f * k, c);
}

static void draw_cursor(EdApp *a)
{
    if (!a->mouse_in || a->dlg.open || a->help || a->panning) return;
    if (a->panels && ui_wants_mouse(&a->ui) && !a->painting && !a->lining) return;
    if (a->my >= (float)(a->view_h - edapp_status_bar_h(a))) return;
    const Map *m = edit_map(a->ed);
    double wxd, wyd;
    cam_screen_to_world(&a->cam, a->mx, a->my, &wxd, &wyd);
    float wx = (float)wxd, wy = (float)wyd, k = a->px_ratio;
    bool mirror = edit_mirror(a->ed);
    SDL_Color col =
        a->value == EDIT_LAND ? (SDL_Color){250, 226, 160, 255} : (SDL_Color){140, 220, 255, 255};
    SDL_Color ghost = col;
    ghost.a = 110;
    if (a->tool == TOOL_SPAWN1 || a->tool == TOOL_SPAWN2) {
        int f = a->tool == TOOL_SPAWN1 ? 0 : 1;
        Hex h = hex_from_pixel(wx, wy, (float)m->meta.hex_size);
        SDL_Color c = fleet_col[f];
        c.a = 200;
        hex_outline(a, h, (float)m->meta.hex_size, 2.0f * k, c);
        flush(a->r);
        return;
    }
    if (a->tool == TOOL_FILL || (a->mod & KMOD_CTRL)) {
        /* A crosshair with a swatch of what the fill pours. */
        float sx = a->mx, sy = a->my;
        seg(sx - 9 * k, sy, sx + 9 * k, sy, 1.5f * k, col);
        seg(sx, sy - 9 * k, sx, sy + 9 * k, 1.5f * k, col);
        float bx[4] = {sx + 6 * k, sx + 16 * k, sx + 16 * k, sx + 6 * k};
        float by[4] = {sy + 6 * k, sy + 6 * k, sy + 16 * k, sy + 16 * k};
        poly_fill(bx, by, 4, col);
        flush(a->r);
        return;
    }
    bool line = a->lining || ((a->mod & KMOD_SHIFT) && a->has_last && !a->painting);
    if (line) {
        float ax = a->lining ? a->anchor_x : a->last_x, ay = a->lining ? a->anchor_y : a->last_y;
        for (int pass = 0; pass < (mirror ? 2 : 1); pass++) {
            float x0 = ax, y0 = ay, x1 = wx, y1 = wy;
            if (pass) {
                x0 = (float)m->w - x0;
                y0 = (float)m->h - y0;
                x1 = (float)m->w - x1;
                y1 = (float)m->h - y1;
            }
            float s0x, s0y, s1x, s1y;
            to_screen(a, x0, y0, &s0x, &s0y);
            to_screen(a, x1, y1, &s1x, &s1y);
            SDL_Color band = col;
            band.a = pass ? 40 : 70;
            float bw = (float)a->brush * (float)a->cam.zoom;
            if (bw > 2.0f) seg(s0x, s0y, s1x, s1y, bw, band);
            seg(s0x, s0y, s1x, s1y, 1.0f * k, pass ? ghost : col);
        }
    }
    brush_ring(a, wx, wy, col);
    if (mirror) brush_ring(a, (float)m->w - wx, (float)m->h - wy, ghost);
    flush(a->r);
}

static void draw_mirror_centre(EdApp *a)
{
    if (!edit_mirror(a->ed)) return;
    const Map *m = edit_map(a->ed);
    float sx, sy, k = a->px_ratio;
    to_screen(a, (float)m->w / 2, (float)m->h / 2, &sx, &sy);
    SDL_Color c = {236, 140, 255, 220};
    circle(sx, sy, 7 * k, 1.5f * k, c);
    seg(sx - 13 * k, sy, sx + 13 * k, sy, 1.5f * k, c);
    seg(sx, sy - 13 * k, sx, sy + 13 * k, 1.5f * k, c);
    flush(a->r);
}

static void draw_pick(EdApp *a)
{
    if (a->pick < 0 || !a->show_report || a->pick >= a->report.count) return;
    const ValidateFinding *f = &a->report.items[a->pick];
    SDL_Color c = f->severity == VALIDATE_ERROR ? (SDL_Color){255, 84, 84, 255}
                                                : (SDL_Color){255, 196, 64, 255};
    float k = a->px_ratio;
    /* Pulse for a few seconds, then stay lit. */
    float t = (float)a->pick_time;
    float pulse = t < 3.0f ? 0.5f + 0.5f * cosf(t * 6.2831853f * 1.2f) : 0.0f;
    if (f->x < 0) {
        const Map *m = edit_map(a->ed);
        float x0, y0, x1, y1;
        to_screen(a, 0, 0, &x0, &y0);
        to_screen(a, (float)m->w, (float)m->h, &x1, &y1);
        float w = (3.0f + 3.0f * pulse) * k;
        seg(x0, y0, x1, y0, w, c);
        seg(x1, y0, x1, y1, w, c);
        seg(x1, y1, x0, y1, w, c);
        seg(x0, y1, x0, y0, w, c);
        flush(a->r);
        return;
    }
    float size = (float)edit_map(a->ed)->meta.hex_size;
    Hex h = f->has_hex ? f->hex : hex_from_pixel((float)f->x, (float)f->y, size);
    hex_outline(a, h, size, (3.0f + 2.0f * pulse) * k, c);
    float sx, sy;
    to_screen(a, (float)f->x, (float)f->y, &sx, &sy);
    float rad = size * (float)a->cam.zoom;
    if (t < 3.0f) {
        SDL_Color ring = c;
        ring.a = (Uint8)(200 * (1.0f - t / 3.0f));
        circle(sx, sy, rad * (1.4f + 1.6f * pulse), 2.0f * k, ring);
    }
    flush(a->r);
}

static void draw_wind(EdApp *a)
{
    const Map *m = edit_map(a->ed);
    float k = a->px_ratio, r = 30 * k;
    /* Bottom right, left of the Generate panel when that reaches down. */
    float right = a->panels && a->gen_open ? a->p_gen.x : (float)a->view_w;
    float cx = right - 52 * k;
    float cy = (float)(a->view_h - edapp_status_bar_h(a)) - 62 * k;
    float bx[16], by[16];
    for (int i = 0; i < 16; i++) {
        float t = 6.2831853f * (float)i / 16;
        bx[i] = cx + (r + 8 * k) * cosf(t);
        by[i] = cy + (r + 8 * k) * sinf(t);
    }
    poly_fill(bx, by, 16, (SDL_Color){6, 20, 36, 190});
    circle(cx, cy, r, 1.0f * k, (SDL_Color){160, 200, 220, 120});
    for (int d = 0; d < 6; d++) {
        float t = (float)d * 1.0471976f;
        float ux = cosf(t), uy = -sinf(t);
        seg(cx + ux * (r - 4 * k), cy + uy * (r - 4 * k), cx + ux * r, cy + uy * r, 1.5f * k,
            (SDL_Color){160, 200, 220, 160});
    }
    int s = m->meta.wind_strength;
    if (s > 0) {
        /* The wind blows FROM wind_dir: the arrow flies the other way. */
        float t = (float)m->meta.wind_dir * 1.0471976f;
        float ux = -cosf(t), uy = sinf(t);
        float len = r * (0.45f + 0.11f * (float)s);
        float tx = cx + ux * len, ty = cy + uy * len, fx = cx - ux * len, fy = cy - uy * len;
        SDL_Color c = {140, 220, 255, 255};
        seg(fx, fy, tx, ty, (1.5f + 0.5f * (float)s) * k, c);
        float px = -uy, py = ux, hl = 9 * k;
        float hx[3] = {tx + ux * 3 * k, tx - ux * hl + px * hl * 0.6f,
                       tx - ux * hl - px * hl * 0.6f};
        float hy[3] = {ty + uy * 3 * k, ty - uy * hl + py * hl * 0.6f,
                       ty - uy * hl - py * hl * 0.6f};
        poly_fill(hx, hy, 3, c);
    }
    flush(a->r);
    char txt[48];
    if (s > 0)
        snprintf(txt, sizeof txt, "wind %s %d", hex_dir_names[m->meta.wind_dir], s);
    else
        snprintf(txt, sizeof txt, "calm");
    int tw, th;
    text_measure(a->text, txt, &tw, &th);
    text_draw(a->text, txt, (int)(cx - (float)tw / 2), (int)(cy + r + 10 * k),
              (SDL_Color){200, 225, 235, 255});
}

/* The heat map's key: the ramp from the coast out to MAPVIEW_HEAT_SPAN. */
static void draw_heat_legend(EdApp *a)
{
    float k = a->px_ratio;
    int lh = text_line_height(a->text);
    float w = 220 * k, h = 10 * k;
    float x = 14 * k,
          y = (float)(a->view_h - edapp_status_bar_h(a)) - 2.0f * (float)lh - h - 18 * k;
    float bx[4] = {x - 8 * k, x + w + 8 * k, x + w + 8 * k, x - 8 * k};
    float by[4] = {y - 8 * k - (float)lh, y - 8 * k - (float)lh, y + h + (float)lh + 10 * k,
                   y + h + (float)lh + 10 * k};
    poly_fill(bx, by, 4, (SDL_Color){6, 20, 36, 200});
    enum { STEPS = 44 };
    ShoreField one = {1, 1, NULL};
    Map px = {1, 1, NULL, {{0}, 0, 0, 0, {0, 0}, {{{0, 0}}}}};
    uint8_t water = 0;
    px.land = &water;
    for (int i = 0; i < STEPS; i++) {
        /* Sample the view's own colouring so the key can never drift. */
        float u = ((float)i + 0.5f) / STEPS;
        /* Mid-band, off the contour lines. */
        float d = floorf(u * u * MAPVIEW_HEAT_SPAN / MAPVIEW_HEAT_STEP) * MAPVIEW_HEAT_STEP +
                  MAPVIEW_HEAT_STEP * 0.5f;
        one.dist = &d;
        uint32_t c = mapview_pixel(&px, &one, 0, 0, MAPVIEW_HEAT, 0.0f);
        SDL_Color col = {(Uint8)(c >> 16), (Uint8)(c >> 8), (Uint8)c, 255};
        float x0 = x + w * (float)i / STEPS, x1 = x + w * (float)(i + 1) / STEPS;
        float qx[4] = {x0, x1, x1, x0}, qy[4] = {y, y, y + h, y + h};
        poly_fill(qx, qy, 4, col);
    }
    /* The fish margin's place on the (square-root) scale. */
    float mx = x + w * sqrtf(a->view.margin / MAPVIEW_HEAT_SPAN);
    seg(mx, y - 3 * k, mx, y + h + 3 * k, 2.0f * k, (SDL_Color){255, 255, 255, 255});
    flush(a->r);
    SDL_Color ink = {220, 235, 242, 255};
    text_draw(a->text, "Shore distance (px)", (int)x, (int)(y - 4 * k) - lh, ink);
    char s[48];
    text_draw(a->text, "0", (int)x, (int)(y + h + 3 * k), ink);
    snprintf(s, sizeof s, "%.0f+", (double)MAPVIEW_HEAT_SPAN);
    int tw, th;
    text_measure(a->text, s, &tw, &th);
    text_draw(a->text, s, (int)(x + w) - tw, (int)(y + h + 3 * k), ink);
    snprintf(s, sizeof s, "fish margin %.0f", (double)a->view.margin);
    text_draw(a->text, s, (int)(mx - 10 * k), (int)(y + h + 3 * k),
              (SDL_Color){255, 255, 255, 255});
}

void edoverlay_draw(EdApp *a)
{
    float k = a->px_ratio;
    const Map *m = edit_map(a->ed);
    float rad = (float)m->meta.hex_size * (float)a->cam.zoom;
    if ((a->overlays & OVL_SAIL) && a->chart_ok) {
        if (each_visible_hex(a, sail_hex, NULL, HEX_LIMIT) >= 0) flush(a->r);
        geo.nv = geo.ni = 0;
    }
    if ((a->overlays & OVL_GRID) && rad >= GRID_MIN_PX * k) {
        float w = 1.0f * k;
        if (each_visible_hex(a, grid_hex, &w, HEX_LIMIT) >= 0) flush(a->r);
        geo.nv = geo.ni = 0;
    }
    seaprev_draw(&a->sea, a->r, &a->cam);
    draw_spawns(a);
    draw_mirror_centre(a);
    draw_pick(a);
    draw_wind(a);
    if (a->overlays & OVL_HEAT) draw_heat_legend(a);
    draw_cursor(a);
}
