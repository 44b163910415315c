/* battle_layout: the battle's panels placed by arithmetic alone (see the
 * header); battle_hud draws them where this puts them. */
#include "battle_layout.h"

#include <math.h>

/* Between the top bar and a panel put under it (design px). */
#define BAR_GAP 6.0f

void battle_layout_mark(BattleLayoutIn *in, float x, float y, float r, int weight)
{
    if (in->nmarks >= BATTLE_LAYOUT_MARKS) return;
    in->mx[in->nmarks] = x;
    in->my[in->nmarks] = y;
    in->mr[in->nmarks] = r;
    in->mw[in->nmarks] = weight;
    in->nmarks++;
}

bool battle_layout_overlap(const SDL_FRect *a, const SDL_FRect *b)
{
    return a->w > 0 && a->h > 0 && b->w > 0 && b->h > 0 && a->x < b->x + b->w &&
           b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

/* The marks' weight under r (a circle touching it counts). */
static int under(const BattleLayoutIn *in, const SDL_FRect *r)
{
    if (r->w <= 0 || r->h <= 0) return 0;
    int n = 0;
    for (int k = 0; k < in->nmarks; k++)
        if (in->mx[k] + in->mr[k] > r->x && in->mx[k] - in->mr[k] < r->x + r->w &&
            in->my[k] + in->mr[k] > r->y && in->my[k] - in->mr[k] < r->y + r->h)
            n += in->mw[k];
    return n;
}

/* Way `way` laid out into *o. */
static void lay(const BattleLayoutIn *in, int way, BattleLayout *o)
{
    float u = in->scale, m = BATTLE_LAYOUT_MARGIN * u, w = in->view_w, h = in->view_h;
    bool battle_left = way & 1, ship_left = way & 2;
    float bw = BATTLE_LAYOUT_BATTLE_W * u;
    float bh = in->battle_h > 0 ? in->battle_h : BATTLE_LAYOUT_BATTLE_H * u;
    float bar_w = in->bar_w > 0 ? in->bar_w : BATTLE_LAYOUT_BAR_W * u;
    float bar_h = in->bar_h > 0 ? in->bar_h : BATTLE_LAYOUT_BAR_H * u;
    float bar_y = BATTLE_LAYOUT_BAR_Y * u;
    *o = (BattleLayout){.way = way};
    /* The Battle panel, and the top bar centred in the width it leaves:
     * where the bar does not fit beside it, the panel goes below the bar. */
    o->battle = (SDL_FRect){battle_left ? m : w - bw - m - in->right_inset,
                            battle_left ? BATTLE_LAYOUT_LEFT_Y * u : bar_y, bw, bh};
    float lo = battle_left ? o->battle.x + bw + m : 0, hi = battle_left ? w : o->battle.x - m;
    float bx = lo + (hi - lo - bar_w) / 2;
    if (bx < lo) bx = (w - bar_w) / 2;
    o->bar = (SDL_FRect){bx, bar_y, bar_w, bar_h};
    if (battle_layout_overlap(&o->bar, &o->battle)) o->battle.y = bar_y + bar_h + BAR_GAP * u;
    /* The ship panel at a bottom corner; the log in the other, narrowed to
     * the gap beside her panel. */
    float sw = BATTLE_LAYOUT_SHIP_W * u,
          sh = in->ship_h > 0 ? in->ship_h : BATTLE_LAYOUT_SHIP_H * u;
    if (in->ship)
        o->ship = (SDL_FRect){ship_left ? m : w - sw - m - in->right_inset,
                              h - sh - m - (ship_left ? in->bottom_inset : 0), sw, sh};
    if (in->log) {
        float lh = in->log_h > 0 ? in->log_h : BATTLE_LAYOUT_LOG_H * u;
        /* The corner the ship panel leaves; without her panel, bit 1
         * puts the log at the right. */
        bool log_right = ship_left;
        float lw = fminf(w * 0.52f, BATTLE_LAYOUT_LOG_W * u);
        if (in->ship) {
            float gap =
                ship_left ? w - (o->ship.x + sw) - 2 * m - in->right_inset : o->ship.x - 2 * m;
            lw = fminf(lw, fmaxf(gap, BATTLE_LAYOUT_LOG_MIN * u));
        }
        /* Under a panel at the top of its side, the log is cut to the
         * height left (it shows its newest lines: log_box). */
        float bottom = h - m - (log_right ? 0 : in->bottom_inset);
        float top = (battle_left != log_right ? o->battle.y + bh : o->bar.y + o->bar.h) + m;
        o->log_room = fmaxf(bottom - top, 0);
        if (lh > o->log_room) lh = o->log_room;
        o->log = (SDL_FRect){log_right ? w - lw - m - in->right_inset : m, bottom - lh, lw, lh};
    }
    const SDL_FRect *panels[3] = {&o->battle, &o->ship, &o->log};
    for (int a = 0; a < 3; a++) {
        o->overlaps += battle_layout_overlap(panels[a], &o->bar);
        for (int b = a + 1; b < 3; b++) o->overlaps += battle_layout_overlap(panels[a], panels[b]);
        o->covered += under(in, panels[a]);
    }
}

void battle_layout(const BattleLayoutIn *in, BattleLayout *out)
{
    /* Overlaps first, then ships covered, then the last way kept, then
     * the usual corners (way 0: Battle top right, ship bottom right). */
    double best = INFINITY;
    for (int way = 0; way < 4; way++) {
        BattleLayout o;
        lay(in, way, &o);
        double cost = 1000.0 * o.overlaps + o.covered + (way == in->last ? 0.0 : 0.5) + 0.01 * way;
        if (cost < best) {
            best = cost;
            *out = o;
        }
    }
}
