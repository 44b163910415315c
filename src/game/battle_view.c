/* battle_view: drawing a battle — hex layer, ships, effects (what is
 * drawn over the ships is battle_marks.c's). Each layer is a batch of
 * coloured or textured triangles sent in one SDL_RenderGeometry call
 * (through the draw counter). */
#include "battle_view.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui/draw.h"
#include "ui/geo.h"
#include "ui/theme.h"

#define FX_TEX_CELL 32
/* Design px: the smallest a muzzle flash is drawn. */
#define FLASH_MIN_PX 7.0f
/* Seconds of a ball's flight its trail shows. */
#define SHOT_TRAIL_S  0.08f
#define SHOT_ROUND_PX 2.6f /* a round shot's ball (battle_fx_ball): full-length trails */
/* Segments of a ring round a route's turn or an aimed-at target. */
#define RING_SEGS 36

/* Arcs are tinted lightly and outlined, so the reach shows through. */
static SDL_Color arc_fill(int broadside)
{
    return broadside ? THEME_ARC_STBD_FILL : THEME_ARC_PORT_FILL;
}

static SDL_Color arc_line(int broadside)
{
    return broadside ? THEME_ARC_STBD : THEME_ARC_PORT;
}

/* Route turn numbers only when hexes are at least this many output px
 * (centre to corner): further out they would cover each other. */
#define LABEL_HEX_PX 26.0f

/* ------------------------------------------------------------- resources */

/* A white soft puff and a white ring, side by side, for the particles. */
static SDL_Texture *make_fx_texture(SDL_Renderer *r, Err *e)
{
    const int n = FX_TEX_CELL;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 2 * n, n, 32, SDL_PIXELFORMAT_RGBA32);
    if (!s) {
        err_set(e, "battle effects: %s", SDL_GetError());
        return NULL;
    }
    for (int y = 0; y < n; y++) {
        Uint8 *row = (Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch;
        for (int x = 0; x < 2 * n; x++) {
            float cx = (float)(x % n) + 0.5f - n / 2.0f, cy = (float)y + 0.5f - n / 2.0f;
            float d = sqrtf(cx * cx + cy * cy) / (n / 2.0f); /* 0 centre .. 1 edge */
            float a;
            if (x < n) {
                a = d >= 1.0f ? 0.0f : expf(-3.2f * d * d) * (1.0f - d * d);
            } else {
                float ring = fabsf(d - 0.78f) / 0.16f;
                a = ring >= 1.0f ? 0.0f : (1.0f - ring * ring) * (1.0f - ring * ring);
            }
            Uint8 *p = row + 4 * x;
            p[0] = p[1] = p[2] = 255;
            p[3] = (Uint8)lroundf(fminf(fmaxf(a, 0.0f), 1.0f) * 255.0f);
        }
    }
    SDL_Texture *t = SDL_CreateTextureFromSurface(r, s);
    SDL_FreeSurface(s);
    if (!t) {
        err_set(e, "battle effects: %s", SDL_GetError());
        return NULL;
    }
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    return t;
}

int battle_view_init(BattleView *v, SDL_Renderer *r, Text *text, Err *e)
{
    memset(v, 0, sizeof *v);
    v->r = r;
    v->text = text;
    v->ui = 1.0f;
    v->show_grid = 1;
    v->follow_ship = -1;
    if (atlas_load(&v->ships, r, "ships", e) != 0) return -1;
    v->fx_tex = make_fx_texture(r, e);
    if (!v->fx_tex) {
        atlas_free(&v->ships);
        return -1;
    }
    return 0;
}

void battle_view_deinit(BattleView *v)
{
    atlas_free(&v->ships);
    if (v->fx_tex) SDL_DestroyTexture(v->fx_tex);
    geo_free(&v->geo);
    memset(v, 0, sizeof *v);
}

/* ------------------------------------------------------------- geometry */

/* ------------------------------------------------------------ hex layer */

/* Edge k of a hex (corner k to corner k+1, corner 0 the top one, going
 * clockwise) faces this direction. */
static const int edge_dir[6] = {1, 0, 5, 4, 3, 2};

static void draw_grid(BattleView *v, const Battle *b, const Camera *c)
{
    const Chart *ch = &b->sk.chart;
    float size = ch->size, w = 1.0f * v->ui;
    SDL_Color col = THEME_BATTLE_GRID;
    /* Only hexes in view: the camera's world rectangle, a hex of margin. */
    double x0, y0, x1, y1;
    cam_screen_to_world(c, 0, 0, &x0, &y0);
    cam_screen_to_world(c, c->view_w, c->view_h, &x1, &y1);
    /* Rows in view, and in each row the columns in view (hex_to_pixel
     * solved for r and q), so a big map costs what the view shows. */
    const double root3 = 1.7320508075688772;
    int r0 = (int)floor((y0 - 2 * size - size) / (1.5 * size)) - ch->r0;
    int r1 = (int)ceil((y1 + 2 * size - size) / (1.5 * size)) - ch->r0;
    if (r0 < 0) r0 = 0;
    if (r1 > ch->rn - 1) r1 = ch->rn - 1;
    for (int r = r0; r <= r1; r++) {
        double half = (r + ch->r0) / 2.0;
        int q0 = (int)floor((x0 - 2 * size) / (root3 * size) - 0.5 - half) - ch->q0;
        int q1 = (int)ceil((x1 + 2 * size) / (root3 * size) - 0.5 - half) - ch->q0;
        if (q0 < 0) q0 = 0;
        if (q1 > ch->qn - 1) q1 = ch->qn - 1;
        for (int q = q0; q <= q1; q++) {
            if (!ch->sail[(size_t)r * (size_t)ch->qn + (size_t)q]) continue;
            Hex h = hex_make(q + ch->q0, r + ch->r0);
            float px[6], py[6];
            geo_hex_corners(c, h, size, px, py);
            /* A shared edge is drawn once: by the hex whose neighbour
             * across it comes later in the chart, or by either when the
             * neighbour is not sea. */
            for (int k = 0; k < 6; k++) {
                Hex n = hex_neighbor(h, edge_dir[k]);
                bool other = chart_sailable(ch, n);
                bool later = n.r > h.r || (n.r == h.r && n.q > h.q);
                if (other && !later) continue;
                geo_line(&v->geo, px[k], py[k], px[(k + 1) % 6], py[(k + 1) % 6], w, col);
            }
        }
    }
}

/* The hex centres a ship's plotted path passes, from her hex on. */
static int path_points(const Battle *b, int i, float *xs, float *ys, int cap)
{
    float size = (float)b->map.meta.hex_size;
    HexPose p = b->sk.ships[i].pose;
    int n = 0;
    hex_to_pixel(p.hex, size, &xs[n], &ys[n]);
    n++;
    const SkirmishOrders *o = &b->sk.orders[i];
    for (int k = 0; k < o->nsteps && n < cap; k++) {
        HexPose q = hex_pose_step(p, o->steps[k]);
        if (!hex_equal(q.hex, p.hex)) {
            hex_to_pixel(q.hex, size, &xs[n], &ys[n]);
            n++;
        }
        p = q;
    }
    return n;
}

static void draw_path(BattleView *v, const Battle *b, const Camera *c, int i, bool selected)
{
    float xs[SKIRMISH_MAX_STEPS + 1], ys[SKIRMISH_MAX_STEPS + 1];
    int n = path_points(b, i, xs, ys, SKIRMISH_MAX_STEPS + 1);
    float w = (selected ? 3.0f : 2.0f) * v->ui;
    SDL_Color col = selected ? THEME_PATH : theme_fade(THEME_PATH, 0.55f);
    float sx[SKIRMISH_MAX_STEPS + 1], sy[SKIRMISH_MAX_STEPS + 1];
    for (int k = 0; k < n; k++) cam_world_to_screenf(c, xs[k], ys[k], &sx[k], &sy[k]);
    for (int k = 0; k + 1 < n; k++) geo_line(&v->geo, sx[k], sy[k], sx[k + 1], sy[k + 1], w, col);
    for (int k = 1; k < n; k++) {
        float d = (k == n - 1 ? 3.5f : 2.2f) * v->ui;
        float xy[8] = {sx[k] - d, sy[k], sx[k], sy[k] - d, sx[k] + d, sy[k], sx[k], sy[k] + d};
        geo_quad(&v->geo, xy, col, 0, 0, 0, 0);
    }
    /* The heading she ends on: a short arrow from the last hex. */
    HexPose end = battle_path_end(b, i);
    if (b->sk.orders[i].nsteps > 0) {
        float a = battle_dir_angle(end.facing), r = (float)b->map.meta.hex_size * 0.8f;
        float ex, ey;
        hex_to_pixel(end.hex, (float)b->map.meta.hex_size, &ex, &ey);
        float tx, ty, bx, by;
        cam_world_to_screenf(c, ex + cosf(a) * r, ey + sinf(a) * r, &tx, &ty);
        cam_world_to_screenf(c, ex, ey, &bx, &by);
        geo_line(&v->geo, bx, by, tx, ty, w, col);
        float hx = cosf(a + 2.6f) * 7.0f * v->ui, hy = sinf(a + 2.6f) * 7.0f * v->ui;
        float gx = cosf(a - 2.6f) * 7.0f * v->ui, gy = sinf(a - 2.6f) * 7.0f * v->ui;
        geo_line(&v->geo, tx, ty, tx + hx, ty + hy, w, col);
        geo_line(&v->geo, tx, ty, tx + gx, ty + gy, w, col);
    }
}

/* Where a turn of a route ends, numbered when hexes are big enough to
 * read: a ring, filled for this turn's end. */
#define ROUTE_MARKS_MAX ROUTE_MAX_TURNS

typedef struct RouteMark {
    float x, y;
    int turn, last; /* turns first .. last end here (turning in place) */
} RouteMark;

/* A ship's route beyond this turn (her orders draw this turn's part):
 * dashes through the hexes of the later turns, and a mark where each turn
 * ends. The marks go to marks (labels come after the flush); returns how
 * many. */
static int draw_route(BattleView *v, const Battle *b, const Camera *c, int i, bool selected,
                      RouteMark *marks)
{
    const BattleRoute *r = &b->route[i];
    if (!battle_has_route(b, i)) return 0;
    const RoutePlan *pl = &r->plan;
    float size = (float)b->map.meta.hex_size;
    SDL_Color col = selected ? THEME_ROUTE : theme_fade(THEME_ROUTE, 0.5f);
    float w = (selected ? 2.5f : 1.5f) * v->ui, dash = 6.0f * v->ui;
    HexPose p = b->sk.ships[i].pose;
    int nm = 0;
    for (int t = 0; t < pl->nturns; t++) {
        for (int k = 0; k < pl->count[t]; k++) {
            HexPose q = hex_pose_step(p, pl->steps[pl->first[t] + k]);
            if (t > 0 && !hex_equal(q.hex, p.hex)) {
                float x0, y0, x1, y1, sx0, sy0, sx1, sy1;
                hex_to_pixel(p.hex, size, &x0, &y0);
                hex_to_pixel(q.hex, size, &x1, &y1);
                cam_world_to_screenf(c, x0, y0, &sx0, &sy0);
                cam_world_to_screenf(c, x1, y1, &sx1, &sy1);
                float dx = sx1 - sx0, dy = sy1 - sy0, l = sqrtf(dx * dx + dy * dy);
                for (float s = 0.0f; s < l; s += 2.0f * dash) {
                    float e = fminf(s + dash, l);
                    geo_line(&v->geo, sx0 + dx * s / l, sy0 + dy * s / l, sx0 + dx * e / l,
                             sy0 + dy * e / l, w, col);
                }
            }
            p = q;
        }
        float x, y, sx, sy;
        hex_to_pixel(p.hex, size, &x, &y);
        cam_world_to_screenf(c, x, y, &sx, &sy);
        float rr = fmaxf(size * 0.32f * (float)c->zoom, 5.0f * v->ui);
        if (t == 0) {
            float d = rr * 0.6f;
            float xy[8] = {sx - d, sy, sx, sy - d, sx + d, sy, sx, sy + d};
            geo_quad(&v->geo, xy, theme_fade(THEME_PATH, 0.8f), 0, 0, 0, 0);
        }
        geo_ring(&v->geo, sx, sy, rr, (t == pl->nturns - 1 ? 2.5f : 1.5f) * v->ui, RING_SEGS,
                 t == 0 ? THEME_PATH : col);
        if (!selected) continue;
        if (nm > 0 && marks[nm - 1].x == sx + rr && marks[nm - 1].y == sy - rr)
            marks[nm - 1].last = t + 1;
        else if (nm < ROUTE_MARKS_MAX)
            marks[nm++] = (RouteMark){sx + rr, sy - rr, t + 1, t + 1};
    }
    return nm;
}

/* The turn numbers beside a route's marks, when hexes are big enough. */
static void draw_route_labels(BattleView *v, const Battle *b, const Camera *c,
                              const RouteMark *marks, int n)
{
    if ((float)(b->map.meta.hex_size * c->zoom) < LABEL_HEX_PX * 0.7f * v->ui) return;
    for (int k = 0; k < n; k++) {
        char t[24];
        if (marks[k].last > marks[k].turn)
            snprintf(t, sizeof t, "%d-%d", marks[k].turn, marks[k].last);
        else
            snprintf(t, sizeof t, "%d", marks[k].turn);
        text_draw(v->text, t, (int)marks[k].x, (int)(marks[k].y - 6.0f * v->ui),
                  marks[k].turn == 1 ? THEME_PATH : THEME_ROUTE);
    }
}

/* Dashes from the end of her path to the ship a broadside will fire at. */
static void draw_aim(BattleView *v, const Battle *b, const Camera *c, int bs)
{
    int t = b->aim[bs];
    if (t < 0) return;
    float size = (float)b->map.meta.hex_size;
    float x0, y0, x1, y1, sx0, sy0, sx1, sy1;
    hex_to_pixel(b->end_pose.hex, size, &x0, &y0);
    hex_to_pixel(b->sk.ships[t].pose.hex, size, &x1, &y1);
    cam_world_to_screenf(c, x0, y0, &sx0, &sy0);
    cam_world_to_screenf(c, x1, y1, &sx1, &sy1);
    float dx = sx1 - sx0, dy = sy1 - sy0, l = sqrtf(dx * dx + dy * dy);
    if (l < 1.0f) return;
    float dash = 9.0f * v->ui;
    SDL_Color col = arc_line(bs);
    col.a = 230;
    for (float s = 0.0f; s < l; s += 2.0f * dash) {
        float e = fminf(s + dash, l);
        geo_line(&v->geo, sx0 + dx * s / l, sy0 + dy * s / l, sx0 + dx * e / l, sy0 + dy * e / l,
                 2.0f * v->ui, col);
    }
    geo_ring(&v->geo, sx1, sy1, size * 0.75f * (float)c->zoom, 2.0f * v->ui, RING_SEGS, col);
}

/* Wakes, splash rings and bubbles lie on the water, under the ships. */
static bool on_water(int kind)
{
    return kind == BATTLE_FX_FOAM || kind == BATTLE_FX_SPLASH || kind == BATTLE_FX_BUBBLE;
}

static void draw_particles(BattleView *v, const Battle *b, const Camera *c, bool water)
{
    float hw = 0.5f / 2.0f; /* half a texture cell in u: the texture is two cells wide */
    for (int k = 0; k < b->fx.n; k++) {
        const BattleParticle *p = &b->fx.p[k];
        if (on_water(p->kind) != water) continue;
        float s = battle_fx_size(p) * 0.5f * (float)c->zoom;
        if (p->kind == BATTLE_FX_BALL && s < 1.2f * v->ui) s = 1.2f * v->ui;
        /* A muzzle flash must read at whole-map zoom too. */
        if (p->kind == BATTLE_FX_FLASH && s < FLASH_MIN_PX * v->ui) s = FLASH_MIN_PX * v->ui;
        float a = battle_fx_alpha(p);
        if (a <= 0.004f || s <= 0.05f) continue;
        float x, y;
        cam_world_to_screenf(c, p->x, p->y, &x, &y);
        if (x + s < 0 || y + s < 0 || x - s > c->view_w || y - s > c->view_h) continue;
        float u0 = p->kind == BATTLE_FX_SPLASH ? 0.5f : 0.0f;
        SDL_Color col = {p->r, p->g, p->b, (Uint8)lroundf(fminf(a, 1.0f) * 255.0f)};
        float xy[8] = {x - s, y - s, x + s, y - s, x + s, y + s, x - s, y + s};
        geo_quad(&v->geo, xy, col, u0, 0.0f, u0 + 2.0f * hw, 1.0f);
    }
    geo_flush(&v->geo, v->r, v->fx_tex);
}

/* Shot in flight: a pale streak behind each ball (the ball alone is a
 * dark dot on a dark sea), as long as the last SHOT_TRAIL_S of its flight
 * and never shorter than a few px, so a replay at whole-map zoom shows
 * where each broadside went; the small balls of grape draw shorter, finer
 * streaks, so their spray reads as pellets. */
static void draw_shot_trails(BattleView *v, const Battle *b, const Camera *c)
{
    for (int k = 0; k < b->fx.n; k++) {
        const BattleParticle *p = &b->fx.p[k];
        if (p->kind != BATTLE_FX_BALL) continue;
        float x, y, tx, ty;
        cam_world_to_screenf(c, p->x, p->y, &x, &y);
        float t = fminf(p->age, SHOT_TRAIL_S * fminf(p->size0 / SHOT_ROUND_PX, 1.0f));
        cam_world_to_screenf(c, p->x - p->vx * t, p->y - p->vy * t, &tx, &ty);
        float dx = x - tx, dy = y - ty, l = sqrtf(dx * dx + dy * dy);
        float min = 8.0f * v->ui * fminf(p->size0 / SHOT_ROUND_PX, 1.0f);
        if (l < min && l > 0.01f) {
            tx = x - dx / l * min;
            ty = y - dy / l * min;
        }
        float w = fmaxf(p->size0 * 0.6f * (float)c->zoom, 1.5f * v->ui);
        geo_line(&v->geo, tx, ty, x, y, w, THEME_SHOT_TRAIL);
    }
}

/* Ship t's raking water: the hexes in broadside range of her bow and
 * stern wedges (fleet_rakes: where a path's end counts) tinted, and the
 * lines straight ahead and astern of her drawn through them. */
static void draw_rake_lines(BattleView *v, const Battle *b, const Camera *c, int t)
{
    if (t < 0 || t >= b->sk.nships || !fleet_ship_active(&b->sk.ships[t])) return;
    HexPose p = b->sk.ships[t].pose;
    float size = (float)b->map.meta.hex_size;
    SDL_Color fill = THEME_GOLD, line = THEME_GOLD;
    fill.a = 40;
    line.a = 220;
    for (int dq = -FLEET_RANGE_LONG; dq <= FLEET_RANGE_LONG; dq++)
        for (int dr = -FLEET_RANGE_LONG; dr <= FLEET_RANGE_LONG; dr++) {
            Hex h = {p.hex.q + dq, p.hex.r + dr};
            int d = hex_distance(p.hex, h);
            if (d < 1 || d > FLEET_RANGE_LONG || !chart_sailable(&b->sk.chart, h) ||
                !fleet_rakes(p, h))
                continue;
            geo_hex_fill(&v->geo, c, h, size, fill);
        }
    /* Ahead (her facing) and astern, out to the first land. */
    for (int end = 0; end < 2; end++) {
        int dir = end ? (p.facing + 3) % HEX_DIRS : p.facing;
        Hex h = p.hex, last = p.hex;
        for (int k = 1; k <= FLEET_RANGE_LONG; k++) {
            h = hex_neighbor(h, dir);
            if (!chart_sailable(&b->sk.chart, h)) break;
            geo_hex_inset(&v->geo, c, h, size, 0.9f, 1.5f * v->ui, line);
            last = h;
        }
        if (hex_equal(last, p.hex)) continue;
        float x0, y0, x1, y1;
        hex_to_pixel(p.hex, size, &x0, &y0);
        hex_to_pixel(last, size, &x1, &y1);
        cam_world_to_screenf(c, x0, y0, &x0, &y0);
        cam_world_to_screenf(c, x1, y1, &x1, &y1);
        geo_line(&v->geo, x0, y0, x1, y1, 2.0f * v->ui, line);
    }
}

void battle_view_hex(void *ctx, SDL_Renderer *r, const Camera *c)
{
    BattleView *v = ctx;
    Battle *b = v->battle;
    (void)r;
    if (!b) return;
    battle_refresh(b);
    geo_reset(&v->geo);
    float size = (float)b->map.meta.hex_size;
    if (v->show_grid) draw_grid(v, b, c);
    battle_goals_geo(v, c);
    /* What a click would do, for the highlight, the hint and the labels. */
    if (v->mouse_seen && !v->over_panel)
        battle_view_hover(v, c, v->mouse_x, v->mouse_y, &v->hover);
    else
        v->hover = (BattleHover){BATTLE_HOVER_NONE, -1, {0, 0}, -1, "", 0, ""};
    int i = b->selected;
    bool plotting = b->phase == BATTLE_PLOT;
    battle_rose_geo(v, c);
    if (i >= 0 && b->phase != BATTLE_CURTAIN) {
        bool mine = battle_can_order(b, i);
        for (int k = 0; k < b->nreach_hex; k++)
            geo_hex_fill(&v->geo, c, b->reach_hex[k], size, mine ? THEME_REACH : THEME_ENEMY_REACH);
        for (int bs = 0; bs < FLEET_BROADSIDES; bs++) {
            const FleetShip *s = &b->sk.ships[i];
            if (s->reload[bs] > 0 && mine) continue;
            for (int k = 0; k < b->narc[bs]; k++) {
                Hex h = b->arc[bs][k];
                int t = skirmish_ship_at(&b->sk, h);
                bool foe =
                    t >= 0 && b->sk.ships[t].side != s->side && fleet_ship_active(&b->sk.ships[t]);
                SDL_Color col = arc_fill(bs);
                if (foe) col.a = 90;
                geo_hex_fill(&v->geo, c, h, size, col);
                SDL_Color ln = arc_line(bs);
                if (foe) ln.a = 235;
                geo_hex_inset(&v->geo, c, h, size, 0.92f, (foe ? 2.5f : 1.0f) * v->ui, ln);
            }
        }
    }
    if (v->rake_on && plotting) draw_rake_lines(v, b, c, v->rake_ship);
    /* The plotting side's orders and routes; nobody else's are ever shown. */
    RouteMark marks[ROUTE_MARKS_MAX];
    int nmarks = 0;
    if (plotting) {
        for (int k = 0; k < b->sk.nships; k++) {
            if (!battle_can_order(b, k) || k == i) continue;
            if (b->sk.orders[k].nsteps > 0) draw_path(v, b, c, k, false);
            draw_route(v, b, c, k, false, marks);
        }
        if (i >= 0 && battle_can_order(b, i)) {
            draw_path(v, b, c, i, true);
            nmarks = draw_route(v, b, c, i, true, marks);
            for (int bs = 0; bs < FLEET_BROADSIDES; bs++) draw_aim(v, b, c, bs);
        }
    }
    int hk = v->hover.kind;
    if (hk == BATTLE_HOVER_PLOT || hk == BATTLE_HOVER_TURN || hk == BATTLE_HOVER_LAND)
        geo_hex_inset(&v->geo, c, v->hover.hex, size, 0.96f, 2.0f * v->ui,
                      hk == BATTLE_HOVER_LAND ? THEME_BAD : THEME_PATH);
    geo_flush(&v->geo, v->r, NULL);
    battle_rose_labels(v, c);
    draw_route_labels(v, b, c, marks, nmarks);
    v->nplot = 0;
    if (plotting && i >= 0 && battle_can_order(b, i)) {
        float ex, ey;
        hex_to_pixel(battle_path_end(b, i).hex, size, &ex, &ey);
        cam_world_to_screenf(c, ex, ey, &v->plot_x[0], &v->plot_y[0]);
        v->nplot = 1;
        for (int k = 0; k < nmarks && v->nplot < ROUTE_MAX_TURNS + 1; k++, v->nplot++) {
            v->plot_x[v->nplot] = marks[k].x;
            v->plot_y[v->nplot] = marks[k].y;
        }
    }
    draw_particles(v, b, c, true);
}

/* ---------------------------------------------------------------- ships */

static void ship_quad(BattleView *v, const Camera *c, const Battle *b, int cls, int frame, float x,
                      float y, float heading, float scale, SDL_Color tint)
{
    float len = battle_ship_length(b, cls) * scale * (float)c->zoom;
    float sx, sy;
    cam_world_to_screenf(c, x, y, &sx, &sy);
    if (sx + len < 0 || sy + len < 0 || sx - len > c->view_w || sy - len > c->view_h) return;
    float fx = cosf(heading) * len * 0.5f, fy = sinf(heading) * len * 0.5f;
    /* The cell's top edge is the ship's port side. */
    float nx = -sinf(heading) * len * 0.25f, ny = cosf(heading) * len * 0.25f;
    float xy[8] = {sx - fx - nx, sy - fy - ny, sx + fx - nx, sy + fy - ny,
                   sx + fx + nx, sy + fy + ny, sx - fx + nx, sy - fy + ny};
    float u0, v0, u1, v1;
    atlas_cell_uv(&v->ships.layout, cls, frame, &u0, &v0, &u1, &v1);
    geo_quad(&v->geo, xy, tint, u0, v0, u1, v1);
}

void battle_view_ships(void *ctx, SDL_Renderer *r, const Camera *c)
{
    BattleView *v = ctx;
    const Battle *b = v->battle;
    (void)r;
    if (!b) return;
    geo_reset(&v->geo);
    SDL_Color white = THEME_WHITE;
    for (int i = 0; i < b->sk.nships; i++) {
        BattleShipLook l;
        battle_ship_look(b, i, &l);
        if (!l.visible) continue;
        const FleetShip *s = l.ship;
        int frame = (s->side & 1) + (s->status == FLEET_STRUCK ? 2 : 0);
        SDL_Color tint = white;
        float scale = 1.0f, heading = l.heading;
        if (l.sink > 0.0f) {
            /* Settling by the head: she darkens, lists and shrinks as
             * the water takes her. */
            float k = l.sink;
            tint = (SDL_Color){(Uint8)(255 - 120 * k), (Uint8)(255 - 100 * k),
                               (Uint8)(255 - 60 * k), (Uint8)(255 * (1.0f - k * k))};
            scale = 1.0f - 0.3f * k;
            heading += 0.35f * k * k;
        }
        ship_quad(v, c, b, s->cls, frame, l.x, l.y, heading, scale, tint);
    }
    /* Where the selected ship's orders take her: a ghost. */
    int i = b->selected;
    if (i >= 0 && battle_can_order(b, i) && b->sk.orders[i].nsteps > 0) {
        const FleetShip *s = &b->sk.ships[i];
        HexPose e = battle_path_end(b, i);
        float x, y;
        hex_to_pixel(e.hex, (float)b->map.meta.hex_size, &x, &y);
        ship_quad(v, c, b, s->cls, s->side & 1, x, y, battle_dir_angle(e.facing), 1.0f,
                  THEME_GHOST);
    }
    float longest = battle_ship_length(b, FLEET_LINE) * (float)c->zoom;
    geo_flush(&v->geo, v->r, atlas_pick(&v->ships, longest));
}

void battle_view_effects(void *ctx, SDL_Renderer *r, const Camera *c)
{
    BattleView *v = ctx;
    const Battle *b = v->battle;
    (void)r;
    if (!b) return;
    geo_reset(&v->geo);
    draw_particles(v, b, c, false);
    draw_shot_trails(v, b, c);
    battle_marks_draw(v, c);
}

/* --------------------------------------------------------------- camera */

/* Design px kept between a followed ship and the edge of the view (and
 * the top bar). */
#define FOLLOW_MARGIN 90.0f

void battle_view_follow(BattleView *v, Camera *c, bool centre)
{
    const Battle *b = v->battle;
    BattleShipLook l = {0};
    int i = b ? b->selected : -1;
    if (i >= 0) battle_ship_look(b, i, &l);
    if (i < 0 || !l.visible || b->phase == BATTLE_CURTAIN) {
        v->follow_ship = -1;
        return;
    }
    bool moved = i == v->follow_ship && (l.x != v->follow_x || l.y != v->follow_y);
    double sx, sy;
    cam_world_to_screen(c, l.x, l.y, &sx, &sy);
    double x1 = c->view_w - v->right_inset, y1 = c->view_h;
    bool off = sx < 0.0 || sy < 0.0 || sx > x1 || sy > y1;
    if (centre) {
        c->cx = l.x;
        c->cy = l.y;
        cam_clamp(c);
    } else if (moved || (i != v->follow_ship && off)) {
        /* Sailing, she is kept a margin inside the view; newly selected
         * off screen (a new turn selects the first ship), she is brought
         * that far in. */
        double m = FOLLOW_MARGIN * v->ui;
        x1 -= m;
        y1 -= m;
        double dx = sx < m ? sx - m : sx > x1 ? sx - x1 : 0.0;
        double dy = sy < m ? sy - m : sy > y1 ? sy - y1 : 0.0;
        if (x1 <= m) dx = 0.0; /* a view too small to keep margins in */
        if (y1 <= m) dy = 0.0;
        if (dx != 0.0 || dy != 0.0) {
            c->cx += dx / c->zoom;
            c->cy += dy / c->zoom;
            cam_clamp(c);
        }
    }
    v->follow_ship = i;
    v->follow_x = l.x;
    v->follow_y = l.y;
}

/* What the panels would cover with the camera at c: every ship afloat a
 * mark (the plotting side's counting double), the panels at the sizes
 * battle_layout takes for a selected ship of the line; and 100 more when
 * the fleet's box (x0..y1, world px) is not wholly in view. */
static int opening_cost(const Battle *b, const Camera *c, double scale, int side,
                        const double box[4])
{
    float u = (float)scale;
    BattleLayoutIn in = {.view_w = (float)c->view_w,
                         .view_h = (float)c->view_h,
                         .scale = u,
                         .ship = true,
                         .log = true};
    for (int i = 0; i < b->sk.nships; i++) {
        BattleShipLook l;
        battle_ship_look(b, i, &l);
        if (!l.visible || b->sk.ships[i].status == FLEET_SUNK) continue;
        float sx, sy;
        cam_world_to_screenf(c, l.x, l.y, &sx, &sy);
        battle_layout_mark(&in, sx, sy, battle_marker_px(b, c, i, u),
                           side < 0 || b->sk.ships[i].side == side ? 2 : 1);
    }
    BattleLayout o;
    battle_layout(&in, &o);
    double ax, ay, bx, by;
    cam_world_to_screen(c, box[0], box[1], &ax, &ay);
    cam_world_to_screen(c, box[2], box[3], &bx, &by);
    bool seen = ax >= 0 && ay >= 0 && bx <= c->view_w && by <= c->view_h;
    return o.covered + (seen ? 0 : 100);
}

void battle_view_open(const Battle *b, Camera *cam, double scale)
{
    int side = battle_plotter(b) >= 0 ? b->side : b->phase == BATTLE_CURTAIN ? b->side : -1;
    double hex = (double)b->map.meta.hex_size;
    double x0 = 1e30, y0 = 1e30, x1 = -1e30, y1 = -1e30, mx = 0, my = 0;
    int n = 0;
    for (int i = 0; i < b->sk.nships; i++) {
        const FleetShip *s = &b->sk.ships[i];
        if (s->status == FLEET_SUNK || (side >= 0 && s->side != side)) continue;
        float x, y;
        hex_to_pixel(s->pose.hex, (float)hex, &x, &y);
        x0 = fmin(x0, x);
        y0 = fmin(y0, y);
        x1 = fmax(x1, x);
        y1 = fmax(y1, y);
        mx += x;
        my += y;
        n++;
    }
    cam->zoom = BATTLE_HEX_PT * scale / hex;
    if (n == 0) {
        cam_clamp(cam);
        return;
    }
    /* First the fleet centred at the battle's zoom; then framed in each
     * part of the view a way of laying out the panels leaves (design px
     * from the left, top, right and bottom edges), zoomed out where a map
     * edge stops the view short. The one whose panels cover the fewest
     * ships wins, then the closest, then the first (a hex and a half round
     * each hull, for her wake, label and arcs). */
    enum {
        M = (int)BATTLE_LAYOUT_MARGIN,
        SHIP = (int)BATTLE_LAYOUT_SHIP_W + 2 * M,      /* the ship panel's column */
        BAT = (int)BATTLE_LAYOUT_BATTLE_W + 2 * M,     /* the Battle panel's */
        TOP = (int)BATTLE_LAYOUT_LEFT_Y,               /* below the status line and bar */
        UNDER = TOP + (int)BATTLE_LAYOUT_BATTLE_H + M, /* below a Battle panel */
        LOG = (int)BATTLE_LAYOUT_LOG_H + 2 * M,        /* above a short log */
        LOGS = LOG + 60,                               /* ... or one of a few lines */
    };
    static const float parts[][4] = {
        {M, TOP, SHIP, LOGS},  /* the right column holds both panels */
        {BAT, TOP, SHIP, LOG}, /* the Battle panel at the left, the ship panel right */
        {M, UNDER, SHIP, LOG}, /* ... and under the Battle panel */
        {SHIP, TOP, BAT, LOG}, /* the ship panel at the left, the Battle panel right */
        {SHIP, UNDER, M, LOG}, /* ... and under a Battle panel at the right */
        {M, TOP, M, LOGS},     /* a view wide enough for all */
    };
    double pad = 1.5 * hex, u = scale;
    /* Within the map: the view stops at its edges (cam_clamp). */
    double box[4] = {fmax(x0 - pad, 0), fmax(y0 - pad, 0), fmin(x1 + pad, b->map.w),
                     fmin(y1 + pad, b->map.h)};
    cam->cx = mx / n;
    cam->cy = my / n;
    cam_clamp(cam);
    Camera best = *cam;
    int best_cost = opening_cost(b, cam, scale, side, box);
    for (size_t k = 0; k < sizeof parts / sizeof parts[0] && best_cost > 0; k++) {
        Camera c = *cam;
        double fx0 = parts[k][0] * u, fy0 = parts[k][1] * u;
        double fx1 = c.view_w - parts[k][2] * u, fy1 = c.view_h - parts[k][3] * u;
        for (double cap = c.zoom;; cap *= 0.9) {
            cam_frame(&c, box[0], box[1], box[2], box[3], fx0, fy0, fx1, fy1, cap);
            double ax, ay, bx, by;
            cam_world_to_screen(&c, box[0], box[1], &ax, &ay);
            cam_world_to_screen(&c, box[2], box[3], &bx, &by);
            /* A side at the map's edge is as far as it can go. */
            bool in = (ax >= fx0 || box[0] <= 0) && (ay >= fy0 || box[1] <= 0) &&
                      (bx <= fx1 || box[2] >= b->map.w) && (by <= fy1 || box[3] >= b->map.h);
            if (in || c.zoom <= c.zoom_min) break;
        }
        int cost = opening_cost(b, &c, scale, side, box);
        if (cost < best_cost || (cost == best_cost && c.zoom > best.zoom + 1e-9)) {
            best = c;
            best_cost = cost;
        }
    }
    *cam = best;
}

/* A translucent box in the panels' colour with a faint edge: the top
 * bar, the hover hint, the hidden-panels tab. */
void battle_view_box(SDL_Renderer *r, float x, float y, float w, float h, Uint8 alpha)
{
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    theme_draw_color(r, theme_alpha(THEME_PANEL, alpha));
    SDL_Rect rc = {(int)x, (int)y, (int)w, (int)h};
    draw_fill_rect(r, &rc);
    theme_draw_color(r, theme_alpha(THEME_EDGE, (Uint8)(alpha / 3)));
    draw_rect(r, &rc);
}
