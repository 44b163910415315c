/* edoverlay: map overlays built as triangle lists and drawn with one
 * SDL_RenderGeometry call per layer; only hexes in view are visited. */
#include "edoverlay.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>

#include "core/hex.h"
#include "mapview.h"
#include "ui/theme.h"

/* Grid lines vanish below this hex radius on screen (they would be a
 * solid wash), and no layer visits more hexes than this in one frame. */
#define GRID_MIN_PX 5.0
#define HEX_LIMIT   200000
#define SQRT3       1.7320508f
#define CIRCLE_SEGS 48

/* Fleet f's colour (0 or 1). */
static SDL_Color fleet_col(int f)
{
    assert(f == 0 || f == 1);
    return f ? THEME_FLEET2 : THEME_FLEET1;
}

void edoverlay_init(EdOverlay *o)
{
    geo_init(&o->geo);
}

void edoverlay_deinit(EdOverlay *o)
{
    geo_free(&o->geo);
}

/* Draw what g holds, blended, and empty it. */
static void flush(GeoList *g, SDL_Renderer *r)
{
    if (g->ni > 0) SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    geo_flush(g, r, NULL);
}

static void to_screen(const EdOverlayFrame *f, float wx, float wy, float *sx, float *sy)
{
    double x, y;
    cam_world_to_screen(f->cam, wx, wy, &x, &y);
    *sx = (float)x;
    *sy = (float)y;
}

typedef void (*HexFn)(GeoList *g, const EdOverlayFrame *f, Hex h, float size, const void *ctx);

/* Call fn for each hex whose centre is on the map and near the view.
 * Returns how many, or -1 (nothing called) when more than limit would be. */
static long each_visible_hex(GeoList *g, const EdOverlayFrame *f, HexFn fn, const void *ctx,
                             long limit)
{
    const Map *m = f->map;
    float size = (float)m->meta.hex_size;
    double wx0, wy0, wx1, wy1;
    cam_screen_to_world(f->cam, 0, 0, &wx0, &wy0);
    cam_screen_to_world(f->cam, f->view_w, f->view_h, &wx1, &wy1);
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
            fn(g, f, h, size, ctx);
            n++;
        }
    }
    return n;
}

static void sail_hex(GeoList *g, const EdOverlayFrame *f, Hex h, float size, const void *ctx)
{
    (void)ctx;
    float x[6], y[6];
    geo_hex_corners(f->cam, h, size, x, y);
    bool ok = chart_sailable(f->sail, h);
    geo_poly(g, x, y, 6, ok ? THEME_SAILABLE : THEME_UNSAILABLE);
}

static void grid_hex(GeoList *g, const EdOverlayFrame *f, Hex h, float size, const void *ctx)
{
    const float *w = ctx;
    float x[6], y[6];
    geo_hex_corners(f->cam, h, size, x, y);
    /* The W, NW and NE sides: neighbours draw the other three. */
    SDL_Color c = f->heat ? THEME_GRID_ON_HEAT : THEME_GRID_LINE;
    geo_line(g, x[4], y[4], x[5], y[5], *w, c);
    geo_line(g, x[5], y[5], x[0], y[0], *w, c);
    geo_line(g, x[0], y[0], x[1], y[1], *w, c);
}

static void draw_spawns(GeoList *g, const EdOverlayFrame *fr)
{
    const Map *m = fr->map;
    float size = (float)m->meta.hex_size;
    float rad = size * (float)fr->cam->zoom;
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < m->meta.spawn_count[f]; i++) {
            float x[6], y[6];
            geo_hex_corners(fr->cam, m->meta.spawns[f][i], size, x, y);
            SDL_Color fill = fleet_col(f);
            fill.a = 120;
            geo_poly(g, x, y, 6, fill);
            geo_hex_outline(g, fr->cam, m->meta.spawns[f][i], size, 2.0f * fr->px_ratio,
                            fleet_col(f));
        }
    flush(g, fr->r);
    if (rad < 9.0f) return;
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < m->meta.spawn_count[f]; i++) {
            float cx, cy, sx, sy;
            hex_to_pixel(m->meta.spawns[f][i], size, &cx, &cy);
            to_screen(fr, cx, cy, &sx, &sy);
            /* Fleet 1 or 2. */
            const char s[2] = {(char)('1' + f), '\0'};
            int tw, th;
            text_measure(fr->text, s, &tw, &th);
            text_draw(fr->text, s, (int)(sx - (float)tw / 2), (int)(sy - (float)th / 2),
                      THEME_SPAWN_LABEL);
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

static void brush_ring(GeoList *g, const EdOverlayFrame *fr, float wx, float wy, SDL_Color c)
{
    float cx, cy, sx, sy;
    snap(fr->brush, wx, wy, &cx, &cy);
    to_screen(fr, cx, cy, &sx, &sy);
    float r = (float)fr->brush * 0.5f * (float)fr->cam->zoom, k = fr->px_ratio;
    if (r < 3.0f * k) {
        geo_line(g, sx - 6 * k, sy, sx + 6 * k, sy, 1.5f * k, c);
        geo_line(g, sx, sy - 6 * k, sx, sy + 6 * k, 1.5f * k, c);
        return;
    }
    geo_ring(g, sx, sy, r + k, 1.5f * k, CIRCLE_SEGS, THEME_SHADOW);
    geo_ring(g, sx, sy, r, 1.5f * k, CIRCLE_SEGS, c);
}

/* The line from the anchor to the pointer (wx, wy), and its mirror. */
static void line_preview(GeoList *g, const EdOverlayFrame *fr, float wx, float wy, SDL_Color col,
                         SDL_Color ghost)
{
    const Map *m = fr->map;
    float k = fr->px_ratio;
    for (int pass = 0; pass < (fr->mirror ? 2 : 1); pass++) {
        float x0 = fr->line_x, y0 = fr->line_y, x1 = wx, y1 = wy;
        if (pass) {
            x0 = (float)m->w - x0;
            y0 = (float)m->h - y0;
            x1 = (float)m->w - x1;
            y1 = (float)m->h - y1;
        }
        float s0x, s0y, s1x, s1y;
        to_screen(fr, x0, y0, &s0x, &s0y);
        to_screen(fr, x1, y1, &s1x, &s1y);
        SDL_Color band = col;
        band.a = pass ? 40 : 70;
        float bw = (float)fr->brush * (float)fr->cam->zoom;
        if (bw > 2.0f) geo_line(g, s0x, s0y, s1x, s1y, bw, band);
        geo_line(g, s0x, s0y, s1x, s1y, 1.0f * k, pass ? ghost : col);
    }
}

static void draw_cursor(GeoList *g, const EdOverlayFrame *fr)
{
    if (fr->cursor == EDOVERLAY_CURSOR_NONE) return;
    const Map *m = fr->map;
    double wxd, wyd;
    cam_screen_to_world(fr->cam, fr->mx, fr->my, &wxd, &wyd);
    float wx = (float)wxd, wy = (float)wyd, k = fr->px_ratio;
    SDL_Color col = fr->land ? THEME_SAND : THEME_SKY;
    SDL_Color ghost = col;
    ghost.a = 110;
    if (fr->cursor == EDOVERLAY_CURSOR_SPAWN) {
        assert(fr->fleet == 0 || fr->fleet == 1);
        Hex h = hex_from_pixel(wx, wy, (float)m->meta.hex_size);
        SDL_Color c = fleet_col(fr->fleet);
        c.a = 200;
        geo_hex_outline(g, fr->cam, h, (float)m->meta.hex_size, 2.0f * k, c);
        flush(g, fr->r);
        return;
    }
    if (fr->cursor == EDOVERLAY_CURSOR_FILL) {
        /* A crosshair with a swatch of what the fill pours. */
        float sx = fr->mx, sy = fr->my;
        geo_line(g, sx - 9 * k, sy, sx + 9 * k, sy, 1.5f * k, col);
        geo_line(g, sx, sy - 9 * k, sx, sy + 9 * k, 1.5f * k, col);
        float bx[4] = {sx + 6 * k, sx + 16 * k, sx + 16 * k, sx + 6 * k};
        float by[4] = {sy + 6 * k, sy + 6 * k, sy + 16 * k, sy + 16 * k};
        geo_poly(g, bx, by, 4, col);
        flush(g, fr->r);
        return;
    }
    if (fr->line) line_preview(g, fr, wx, wy, col, ghost);
    brush_ring(g, fr, wx, wy, col);
    if (fr->mirror) brush_ring(g, fr, (float)m->w - wx, (float)m->h - wy, ghost);
    flush(g, fr->r);
}

static void draw_mirror_centre(GeoList *g, const EdOverlayFrame *fr)
{
    if (!fr->mirror) return;
    const Map *m = fr->map;
    float sx, sy, k = fr->px_ratio;
    to_screen(fr, (float)m->w / 2, (float)m->h / 2, &sx, &sy);
    SDL_Color c = THEME_MIRROR;
    geo_ring(g, sx, sy, 7 * k, 1.5f * k, CIRCLE_SEGS, c);
    geo_line(g, sx - 13 * k, sy, sx + 13 * k, sy, 1.5f * k, c);
    geo_line(g, sx, sy - 13 * k, sx, sy + 13 * k, 1.5f * k, c);
    flush(g, fr->r);
}

static void draw_pick(GeoList *g, const EdOverlayFrame *fr)
{
    const ValidateFinding *f = fr->pick;
    if (!f) return;
    SDL_Color c = f->severity == VALIDATE_ERROR ? THEME_PICK_ERROR : THEME_PICK_WARNING;
    float k = fr->px_ratio;
    /* Pulse for a few seconds, then stay lit. */
    float t = (float)fr->pick_time;
    float pulse = t < 3.0f ? 0.5f + 0.5f * cosf(t * 6.2831853f * 1.2f) : 0.0f;
    if (f->x < 0) {
        const Map *m = fr->map;
        float x0, y0, x1, y1;
        to_screen(fr, 0, 0, &x0, &y0);
        to_screen(fr, (float)m->w, (float)m->h, &x1, &y1);
        float w = (3.0f + 3.0f * pulse) * k;
        geo_line(g, x0, y0, x1, y0, w, c);
        geo_line(g, x1, y0, x1, y1, w, c);
        geo_line(g, x1, y1, x0, y1, w, c);
        geo_line(g, x0, y1, x0, y0, w, c);
        flush(g, fr->r);
        return;
    }
    float size = (float)fr->map->meta.hex_size;
    Hex h = f->has_hex ? f->hex : hex_from_pixel((float)f->x, (float)f->y, size);
    geo_hex_outline(g, fr->cam, h, size, (3.0f + 2.0f * pulse) * k, c);
    float sx, sy;
    to_screen(fr, (float)f->x, (float)f->y, &sx, &sy);
    float rad = size * (float)fr->cam->zoom;
    if (t < 3.0f) {
        SDL_Color ring = c;
        ring.a = (Uint8)(200 * (1.0f - t / 3.0f));
        geo_ring(g, sx, sy, rad * (1.4f + 1.6f * pulse), 2.0f * k, CIRCLE_SEGS, ring);
    }
    flush(g, fr->r);
}
static void draw_wind(GeoList *g, const EdOverlayFrame *fr)
{
    const Map *m = fr->map;
    float k = fr->px_ratio, r = 30 * k;
    /* Bottom right, left of the Generate panel when that reaches down. */
    float right = fr->wind_right;
    float cx = right - 52 * k;
    float cy = (float)(fr->view_h - fr->status_bar_h) - 62 * k;
    float bx[16], by[16];
    for (int i = 0; i < 16; i++) {
        float t = 6.2831853f * (float)i / 16;
        bx[i] = cx + (r + 8 * k) * cosf(t);
        by[i] = cy + (r + 8 * k) * sinf(t);
    }
    geo_poly(g, bx, by, 16, theme_alpha(THEME_PANEL, 190));
    geo_ring(g, cx, cy, r, 1.0f * k, CIRCLE_SEGS, theme_alpha(THEME_ROSE, 120));
    for (int d = 0; d < 6; d++) {
        float t = (float)d * 1.0471976f;
        float ux = cosf(t), uy = -sinf(t);
        geo_line(g, cx + ux * (r - 4 * k), cy + uy * (r - 4 * k), cx + ux * r, cy + uy * r,
                 1.5f * k, THEME_ROSE);
    }
    int s = m->meta.wind_strength;
    if (s > 0) {
        /* The wind blows FROM wind_dir: the arrow flies the other way. */
        float t = (float)m->meta.wind_dir * 1.0471976f;
        float ux = -cosf(t), uy = sinf(t);
        float len = r * (0.45f + 0.11f * (float)s);
        float tx = cx + ux * len, ty = cy + uy * len, fx = cx - ux * len, fy = cy - uy * len;
        SDL_Color c = THEME_SKY;
        geo_line(g, fx, fy, tx, ty, (1.5f + 0.5f * (float)s) * k, c);
        float px = -uy, py = ux, hl = 9 * k;
        float hx[3] = {tx + ux * 3 * k, tx - ux * hl + px * hl * 0.6f,
                       tx - ux * hl - px * hl * 0.6f};
        float hy[3] = {ty + uy * 3 * k, ty - uy * hl + py * hl * 0.6f,
                       ty - uy * hl - py * hl * 0.6f};
        geo_poly(g, hx, hy, 3, c);
    }
    flush(g, fr->r);
    char txt[48];
    if (s > 0)
        snprintf(txt, sizeof txt, "wind %s %d", hex_dir_names[m->meta.wind_dir], s);
    else
        snprintf(txt, sizeof txt, "calm");
    int tw, th;
    text_measure(fr->text, txt, &tw, &th);
    text_draw(fr->text, txt, (int)(cx - (float)tw / 2), (int)(cy + r + 10 * k), THEME_ROSE_TEXT);
}

/* The heat map's key: the ramp from the coast out to MAPVIEW_HEAT_SPAN. */
static void draw_heat_legend(GeoList *g, const EdOverlayFrame *fr)
{
    float k = fr->px_ratio;
    int lh = text_line_height(fr->text);
    float w = 220 * k, h = 10 * k;
    float x = 14 * k, y = (float)(fr->view_h - fr->status_bar_h) - 2.0f * (float)lh - h - 18 * k;
    float bx[4] = {x - 8 * k, x + w + 8 * k, x + w + 8 * k, x - 8 * k};
    float by[4] = {y - 8 * k - (float)lh, y - 8 * k - (float)lh, y + h + (float)lh + 10 * k,
                   y + h + (float)lh + 10 * k};
    geo_poly(g, bx, by, 4, theme_alpha(THEME_PANEL, 200));
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
        uint16_t code = shore_encode(d);
        one.dist = &code;
        uint32_t c = mapview_pixel(&px, &one, 0, 0, MAPVIEW_HEAT, 0.0f);
        SDL_Color col = {(Uint8)(c >> 16), (Uint8)(c >> 8), (Uint8)c, 255};
        float x0 = x + w * (float)i / STEPS, x1 = x + w * (float)(i + 1) / STEPS;
        float qx[4] = {x0, x1, x1, x0}, qy[4] = {y, y, y + h, y + h};
        geo_poly(g, qx, qy, 4, col);
    }
    /* The fish margin's place on the (square-root) scale. */
    float mx = x + w * sqrtf(fr->fish_margin / MAPVIEW_HEAT_SPAN);
    geo_line(g, mx, y - 3 * k, mx, y + h + 3 * k, 2.0f * k, THEME_WHITE);
    flush(g, fr->r);
    SDL_Color ink = THEME_LEGEND_INK;
    text_draw(fr->text, "Shore distance (px)", (int)x, (int)(y - 4 * k) - lh, ink);
    char s[48];
    text_draw(fr->text, "0", (int)x, (int)(y + h + 3 * k), ink);
    snprintf(s, sizeof s, "%.0f+", (double)MAPVIEW_HEAT_SPAN);
    int tw, th;
    text_measure(fr->text, s, &tw, &th);
    text_draw(fr->text, s, (int)(x + w) - tw, (int)(y + h + 3 * k), ink);
    snprintf(s, sizeof s, "fish margin %.0f", (double)fr->fish_margin);
    text_draw(fr->text, s, (int)(mx - 10 * k), (int)(y + h + 3 * k), THEME_WHITE);
}

void edoverlay_draw(EdOverlay *o, const EdOverlayFrame *fr)
{
    assert(o && fr && fr->map && fr->cam);
    GeoList *g = &o->geo;
    float k = fr->px_ratio;
    float rad = (float)fr->map->meta.hex_size * (float)fr->cam->zoom;
    if (fr->sail) {
        if (each_visible_hex(g, fr, sail_hex, NULL, HEX_LIMIT) >= 0) flush(g, fr->r);
        geo_reset(g);
    }
    if (fr->grid && rad >= GRID_MIN_PX * k) {
        float w = 1.0f * k;
        if (each_visible_hex(g, fr, grid_hex, &w, HEX_LIMIT) >= 0) flush(g, fr->r);
        geo_reset(g);
    }
    seaprev_draw(fr->sea, fr->r, fr->cam);
    draw_spawns(g, fr);
    draw_mirror_centre(g, fr);
    draw_pick(g, fr);
    draw_wind(g, fr);
    if (fr->heat) draw_heat_legend(g, fr);
    draw_cursor(g, fr);
}
