/* battle_rose: the points-of-sail rose round the selected ship while
 * orders are given — a petal on each of the six headings as long as the
 * hexes her allowance buys on it under the wind now (the rules' own cost
 * table, skirmish_move_cost), labelled with that count and the point of
 * sail, and the wind's arrow in the gap where she would be in irons. */
#include <math.h>
#include <stdio.h>

#include "battle_view.h"
#include "ui/theme.h"

/* Design px (times the UI scale): a petal's length per hex (a third of a
 * hex on screen, kept within these bounds), its widest half-width, the
 * gap between the selection ring and the petals. Hexes to scale would
 * throw the petals far off the ship zoomed in (a sloop's 6 hexes are 500
 * px at zoom 2) and shrink them to nothing at whole-map zoom (a hex is
 * ~10 px there); between 12 and 22 px a hex the longest petal (6-7 hexes
 * in a fresh breeze) stays within ~150 px of her and a 1-hex petal still
 * reads as a petal. */
#define ROSE_HEX_MIN 12.0f
#define ROSE_HEX_MAX 22.0f
#define ROSE_HEX_OF  0.33f /* of a hex's width on screen */
#define ROSE_HALF_W  11.0f
#define ROSE_GAP_PX  5.0f
#define ROSE_MIN_R0  16.0f /* the petals' base never closer than this */
#define ROSE_LABEL_S 6.0f  /* between a petal's tip and its label */
/* Steps of 8 design px a count may move out to clear another ship. */
#define ROSE_LABEL_TRIES 6

bool battle_rose_measure(const Skirmish *sk, int i, BattleRose *out)
{
    *out = (BattleRose){.ship = -1};
    if (i < 0 || i >= sk->nships || !fleet_ship_manned(&sk->ships[i])) return false;
    ChartMoveCost cost;
    skirmish_move_cost(sk, i, &cost);
    out->ship = i;
    out->facing = ((sk->ships[i].pose.facing % HEX_DIRS) + HEX_DIRS) % HEX_DIRS;
    out->wind_from = ((sk->wind_dir % HEX_DIRS) + HEX_DIRS) % HEX_DIRS;
    for (int d = 0; d < HEX_DIRS; d++) {
        out->sail[d] = fleet_point_of_sail(d, sk->wind_dir);
        out->points[d] = cost.limit[d] > 0 ? cost.limit[d] : 0;
        out->hexes[d] = out->points[d] / FLEET_HEX_COST;
    }
    return true;
}

/* Where the rose goes: the selected ship's rose and her centre and the
 * petals' base radius on screen, when one is shown now. */
static bool rose_place(const BattleView *v, const Camera *c, BattleRose *rose, float *cx, float *cy,
                       float *r0)
{
    const Battle *b = v->battle;
    if (!b || b->phase != BATTLE_PLOT || b->selected < 0) return false;
    if (!battle_rose_measure(&b->sk, b->selected, rose)) return false;
    BattleShipLook l;
    battle_ship_look(b, b->selected, &l);
    if (!l.visible) return false;
    double x, y;
    cam_world_to_screen(c, l.x, l.y, &x, &y);
    *cx = (float)x;
    *cy = (float)y;
    /* Just outside the gold selection ring (battle_view_effects). */
    float len = battle_ship_length(b, l.ship->cls) * (float)c->zoom;
    float ring = fmaxf(len * 0.55f, battle_view_marker_px(v, c, b->selected) + 3.0f * v->ui);
    *r0 = fmaxf(ring + ROSE_GAP_PX * v->ui, ROSE_MIN_R0 * v->ui);
    return true;
}

/* Output px a hex of the rose takes under camera c. */
static float rose_unit(const BattleView *v, const Camera *c)
{
    float hex = (float)v->battle->map.meta.hex_size * 1.7320508f * (float)c->zoom;
    return fminf(fmaxf(hex * ROSE_HEX_OF, ROSE_HEX_MIN * v->ui), ROSE_HEX_MAX * v->ui);
}

static int longest(const BattleRose *rose)
{
    int m = 1;
    for (int d = 0; d < HEX_DIRS; d++)
        if (rose->hexes[d] > m) m = rose->hexes[d];
    return m;
}

static void petal(GeoList *g, float cx, float cy, float a, float r0, float len, float hw, bool now)
{
    float ux = cosf(a), uy = sinf(a), nx = -uy, ny = ux;
    float bw = hw * 0.3f, sr = r0 + len * 0.5f, tr = r0 + len;
    float x[5] = {cx + ux * r0 + nx * bw, cx + ux * sr + nx * hw, cx + ux * tr,
                  cx + ux * sr - nx * hw, cx + ux * r0 - nx * bw};
    float y[5] = {cy + uy * r0 + ny * bw, cy + uy * sr + ny * hw, cy + uy * tr,
                  cy + uy * sr - ny * hw, cy + uy * r0 - ny * bw};
    geo_poly(g, x, y, 5, now ? THEME_SAIL_NOW_FILL : THEME_SAIL_FILL);
    SDL_Color edge = now ? THEME_GOLD : THEME_SAIL_EDGE;
    float w = now ? 2.0f : 1.5f;
    /* The base stays open against the ring. */
    for (int k = 0; k < 4; k++)
        geo_line(g, x[k], y[k], x[k + 1], y[k + 1], w * hw / ROSE_HALF_W, edge);
}

void battle_rose_geo(BattleView *v, const Camera *c)
{
    BattleRose rose;
    float cx, cy, r0;
    if (!rose_place(v, c, &rose, &cx, &cy, &r0)) return;
    float u = v->ui, unit = rose_unit(v, c), hw = ROSE_HALF_W * u;
    int most = longest(&rose);
    /* Faint rings a hex apart, so petals can be compared at a glance. */
    for (int k = 1; k <= most; k++)
        geo_ring(&v->geo, cx, cy, r0 + (float)k * unit, 1.0f * u, 48, THEME_SAIL_RING);
    for (int d = 0; d < HEX_DIRS; d++) {
        if (rose.hexes[d] <= 0) continue;
        float a = battle_dir_angle(d), len = (float)rose.hexes[d] * unit;
        petal(&v->geo, cx, cy, a, r0, len, hw, d == rose.facing);
    }
    /* The wind blows from wind_from towards her: its arrow fills the
     * in-irons gap, from beyond the longest petal to the ring. */
    float a = battle_dir_angle(rose.wind_from), ux = cosf(a), uy = sinf(a);
    float tail = r0 + ((float)most + 0.6f) * unit, head = r0 + 2.0f * u, hl = 9.0f * u;
    float hx = cx + ux * head, hy = cy + uy * head;
    geo_line(&v->geo, cx + ux * tail, cy + uy * tail, hx, hy, 2.5f * u, THEME_WIND);
    for (int s = -1; s <= 1; s += 2) {
        float b = a + (float)s * 0.5f;
        geo_line(&v->geo, hx, hy, hx + cosf(b) * hl, hy + sinf(b) * hl, 2.5f * u, THEME_WIND);
    }
}

/* True when the box at (x, y, w, h) covers another ship's marker. */
static bool covers_ship(const BattleView *v, const Camera *c, float x, float y, float w, float h)
{
    const Battle *b = v->battle;
    for (int i = 0; i < b->sk.nships; i++) {
        float sx, sy, r;
        if (i == b->selected || !battle_view_marker_at(v, c, i, &sx, &sy, &r)) continue;
        float nx = fminf(fmaxf(sx, x), x + w), ny = fminf(fmaxf(sy, y), y + h);
        float dx = sx - nx, dy = sy - ny;
        if (dx * dx + dy * dy < r * r) return true;
    }
    return false;
}

/* A label: the count, then the point of sail's name unless that would
 * cover another ship (the count alone then, moved out along the heading
 * until it clears her), its box centred on the heading beyond the tip at
 * `tip` px from the centre and kept on screen. */
typedef struct RoseLabel {
    char num[8];
    const char *name; /* NULL: the count alone */
    float x, y, w, h, num_w;
} RoseLabel;

static void place_label(const BattleView *v, const Camera *c, RoseLabel *l, float cx, float cy,
                        int d, float tip)
{
    float pad = 4 * v->ui, a = battle_dir_angle(d), ux = cosf(a), uy = sinf(a);
    int vw = 0, vh = 0;
    if (SDL_GetRendererOutputSize(v->r, &vw, &vh) != 0) vw = vh = 0;
    /* First with the name, then the count alone, then further out. */
    for (int pass = 0; pass < 2 + ROSE_LABEL_TRIES; pass++) {
        if (pass >= 2) tip += 8.0f * v->ui;
        int w1, w2 = 0, h;
        text_measure(v->text, l->num, &w1, &h);
        if (l->name) text_measure(v->text, l->name, &w2, &h);
        l->num_w = (float)w1;
        l->w = (float)(w1 + w2) + (l->name ? 3 : 2) * pad;
        l->h = (float)h;
        /* The box's centre pushed out by its own half-extent on the heading. */
        float push = fabsf(ux) * l->w / 2 + fabsf(uy) * l->h / 2;
        l->x = fminf(fmaxf(cx + ux * (tip + push) - l->w / 2, 0.0f), (float)vw - l->w);
        l->y = fminf(fmaxf(cy + uy * (tip + push) - l->h / 2, 0.0f), (float)vh - l->h);
        if (!covers_ship(v, c, l->x, l->y, l->w, l->h)) return;
        l->name = NULL;
    }
}

void battle_rose_labels(BattleView *v, const Camera *c)
{
    BattleRose rose;
    float cx, cy, r0;
    if (!rose_place(v, c, &rose, &cx, &cy, &r0)) return;
    float u = v->ui, unit = rose_unit(v, c), pad = 4 * u;
    int most = longest(&rose);
    RoseLabel lab[HEX_DIRS];
    for (int d = 0; d < HEX_DIRS; d++) {
        snprintf(lab[d].num, sizeof lab[d].num, "%d", rose.hexes[d]);
        lab[d].name = fleet_sail_name(rose.sail[d]);
        /* Beyond the tip; in irons beyond the wind arrow's tail. */
        float tip = rose.hexes[d] > 0 ? (float)rose.hexes[d] * unit : ((float)most + 0.6f) * unit;
        place_label(v, c, &lab[d], cx, cy, d, r0 + tip + ROSE_LABEL_S * u);
        geo_rect(&v->geo, lab[d].x, lab[d].y, lab[d].w, lab[d].h, THEME_SAIL_LABEL_BG);
    }
    geo_flush(&v->geo, v->r, NULL);
    for (int d = 0; d < HEX_DIRS; d++) {
        text_draw(v->text, lab[d].num, (int)(lab[d].x + pad), (int)lab[d].y, THEME_GOLD);
        if (lab[d].name)
            text_draw(v->text, lab[d].name, (int)(lab[d].x + 2 * pad + lab[d].num_w), (int)lab[d].y,
                      d == rose.facing ? THEME_GOLD : THEME_ROSE_TEXT);
    }
}
