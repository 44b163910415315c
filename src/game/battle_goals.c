/* battle_goals: each side's objective hexes on the water, under the ships
 * — the exits of an escort or a blockade (tinted, outlined, their edges
 * that face off the board drawn heavy, an arrow out in each) and the bay
 * of a hold (a tinted, outlined region), in the owning side's colour. */
#include <math.h>

#include "battle_view.h"
#include "ui/theme.h"

/* How the goals' hexes are drawn, in the owning side's colour: each
 * part's opacity (0..255) and line width (design px). The tint is light
 * so the sea's texture and the fish read through it; the rim follows the
 * outside of the whole group (the bay, the row of exits) and the door,
 * the edges of the exits that face off the board, and the arrows ride on
 * a dark shadow (THEME_GOAL_SHADOW, SHADOW_PX wider each side) so they
 * read over pale shallows as well as deep water. */
enum { GOAL_TINT, GOAL_RIM, GOAL_DOOR, GOAL_ARROW, GOAL_PARTS };
static const struct {
    Uint8 alpha;
    float width;
} goal_look[GOAL_PARTS] = {
    [GOAL_TINT] = {42, 0.0f},
    [GOAL_RIM] = {210, 2.5f},
    [GOAL_DOOR] = {250, 4.0f},
    [GOAL_ARROW] = {240, 0.0f},
};
#define SHADOW_PX 1.5f
/* An edge is a door when its outward normal is within 60 degrees of the
 * way off the board (cos 60 = 0.5, less a little for rounding): on the
 * east edge of pointy-top hexes, the E, NE and SE edges. */
#define DOOR_COS 0.45f
/* An arrow's length: this share of a hex's size on screen, and never
 * under ARROW_MIN_PX design px (a hex is ~19 px at whole-map zoom). */
#define ARROW_HEX    0.9f
#define ARROW_MIN_PX 10.0f

/* The way off the board at each map edge (SKIRMISH_EDGE_*), on screen. */
static const float edge_out[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};

static SDL_Color side_ink(int side)
{
    return side ? THEME_SIDE_B : THEME_SIDE_A;
}

/* An arrow centred on (x, y) pointing along (ox, oy), len px long (a
 * head and a shaft: a bare triangle reads as a play button): its shadow
 * first, then in the side's colour. */
static void goal_arrow(BattleView *v, float x, float y, float ox, float oy, float len,
                       SDL_Color ink)
{
    float nx = -oy, ny = ox;
    for (int pass = 0; pass < 2; pass++) {
        float m = pass ? 0.0f : SHADOW_PX * v->ui; /* the shadow's margin */
        float tip = 0.5f * len + m, neck = 0.02f * len - m, tail = -0.5f * len - m;
        float head = 0.32f * len + m, shaft = 0.1f * len + m;
        SDL_Color col = pass ? ink : THEME_GOAL_SHADOW;
        float hx[3] = {x + ox * tip, x + ox * neck + nx * head, x + ox * neck - nx * head};
        float hy[3] = {y + oy * tip, y + oy * neck + ny * head, y + oy * neck - ny * head};
        float neck_in = neck + (pass ? 0.0f : 2.0f * m); /* the shaft stops short of the tip */
        float sx[4] = {x + ox * tail + nx * shaft, x + ox * neck_in + nx * shaft,
                       x + ox * neck_in - nx * shaft, x + ox * tail - nx * shaft};
        float sy[4] = {y + oy * tail + ny * shaft, y + oy * neck_in + ny * shaft,
                       y + oy * neck_in - ny * shaft, y + oy * tail - ny * shaft};
        geo_poly(&v->geo, sx, sy, 4, col);
        geo_poly(&v->geo, hx, hy, 3, col);
    }
}

/* The outside edges of side's goal hexes (those whose neighbour across
 * is none of them): rim or door, in pass 0 their shadows, in pass 1 the
 * lines, so no shadow crosses a line. */
static void goal_edges(BattleView *v, const Battle *b, const Camera *c, int side, int edge,
                       int pass)
{
    const Skirmish *sk = &b->sk;
    const SkirmishGoal *g = &sk->goal[side];
    float size = (float)b->map.meta.hex_size, u = v->ui;
    SDL_Color ink = side_ink(side);
    for (int k = 0; k < g->nhexes; k++) {
        Hex h = g->hexes[k];
        float wx[6], wy[6], cx, cy;
        hex_to_pixel(h, size, &cx, &cy);
        for (int e = 0; e < 6; e++) hex_corner(h, size, e, &wx[e], &wy[e]);
        for (int e = 0; e < 6; e++) {
            /* The neighbour across edge e: its centre mirrors hers in
             * the edge's midpoint. */
            float mx = (wx[e] + wx[(e + 1) % 6]) / 2 - cx, my = (wy[e] + wy[(e + 1) % 6]) / 2 - cy;
            if (skirmish_goal_has(sk, side, hex_from_pixel(cx + 2 * mx, cy + 2 * my, size)))
                continue;
            float ml = sqrtf(mx * mx + my * my);
            bool door = edge >= 0 && ml > 0.0f &&
                        (mx * edge_out[edge][0] + my * edge_out[edge][1]) / ml >= DOOR_COS;
            int part = door ? GOAL_DOOR : GOAL_RIM;
            float w = goal_look[part].width * u;
            SDL_Color col = theme_alpha(ink, goal_look[part].alpha);
            if (pass == 0) {
                w += 2.0f * SHADOW_PX * u;
                col = THEME_GOAL_SHADOW;
            }
            float x0, y0, x1, y1;
            cam_world_to_screenf(c, wx[e], wy[e], &x0, &y0);
            cam_world_to_screenf(c, wx[(e + 1) % 6], wy[(e + 1) % 6], &x1, &y1);
            geo_line(&v->geo, x0, y0, x1, y1, w, col);
        }
    }
}

void battle_goals_geo(BattleView *v, const Camera *c)
{
    const Battle *b = v->battle;
    const Skirmish *sk = &b->sk;
    float size = (float)b->map.meta.hex_size;
    for (int side = 0; side < SKIRMISH_SIDES; side++) {
        const SkirmishGoal *g = &sk->goal[side];
        bool exits = g->kind == SKIRMISH_GOAL_ESCORT || g->kind == SKIRMISH_GOAL_BLOCKADE;
        if (!exits && g->kind != SKIRMISH_GOAL_HOLD) continue;
        SDL_Color ink = side_ink(side);
        int edge = exits ? skirmish_goal_edge(sk, side) : -1;
        for (int k = 0; k < g->nhexes; k++)
            geo_hex_fill(&v->geo, c, g->hexes[k], size,
                         theme_alpha(ink, goal_look[GOAL_TINT].alpha));
        for (int pass = 0; pass < 2; pass++) goal_edges(v, b, c, side, edge, pass);
        if (edge < 0) continue; /* a bay, or exits inland: no way off the board to point */
        float len = fmaxf(size * (float)c->zoom * ARROW_HEX, ARROW_MIN_PX * v->ui);
        for (int k = 0; k < g->nhexes; k++) {
            float cx, cy;
            hex_to_pixel(g->hexes[k], size, &cx, &cy);
            cam_world_to_screenf(c, cx, cy, &cx, &cy);
            goal_arrow(v, cx, cy, edge_out[edge][0], edge_out[edge][1], len,
                       theme_alpha(ink, goal_look[GOAL_ARROW].alpha));
        }
    }
}
