/* battle_marks: what is drawn over each ship — her marker, her bars, a
 * flagship's pennant, the lashings between ships, the rings round the
 * selected ship and the one under the cursor, and every ship's name label
 * laid out round them all (battle_labels). */
#include <math.h>
#include <string.h>

#include "battle_labels.h"
#include "battle_view.h"
#include "core/mathx.h"
#include "ui/geo.h"
#include "ui/theme.h"

/* Segments of a ring round a ship. */
#define RING_SEGS 36
/* Every ship's bars only when her hull is this many output px long:
 * further out they would cover each other. */
#define BARS_HULL_PX 26.0f

/* Side colours: the paint of the ships (tools/sprites/ships.py). */
static SDL_Color side_ink(int side)
{
    return side ? THEME_SIDE_B : THEME_SIDE_A;
}

/* Three thin bars over a ship: hull, rigging, crew, each its share left. */
static void draw_bars(BattleView *v, const Battle *b, const Camera *c, const BattleShipLook *l)
{
    const FleetShip *s = l->ship;
    const FleetClass *k = &fleet_classes[s->cls];
    float len = battle_ship_length(b, s->cls) * (float)c->zoom;
    float x, y;
    cam_world_to_screenf(c, l->x, l->y, &x, &y);
    float u = v->ui;
    float w = fminf(fmaxf(len * 0.8f, 26.0f * u), 60.0f * u), bh = 3.0f * u, gap = 1.0f * u;
    float top = y - fmaxf(len * 0.36f, 12.0f * u) - 3.0f * (bh + gap);
    float left = x - w / 2;
    float frac[3] = {(float)s->hull / (float)k->hull, (float)s->rigging / (float)k->rigging,
                     (float)s->crew / (float)k->crew};
    geo_rect(&v->geo, left - gap, top - gap, w + 2 * gap, 3 * (bh + gap) + gap, THEME_BARS_BG);
    for (int r = 0; r < 3; r++) {
        float f = fminf(fmaxf(frac[r], 0.0f), 1.0f);
        SDL_Color col;
        if (r == 0) /* hull: green, through amber, to red */
            col = f > 0.5f ? (SDL_Color){(Uint8)(90 + 330 * (1 - f)), 210, 90, 255}
                           : (SDL_Color){240, (Uint8)(60 + 300 * f), 60, 255};
        else if (r == 1)
            col = THEME_RIGGING;
        else
            col = THEME_CREW;
        float y0 = top + (float)r * (bh + gap);
        geo_rect(&v->geo, left, y0, w, bh, THEME_BAR_TRACK);
        geo_rect(&v->geo, left, y0, w * f, bh, col);
    }
}

/* Ship i's marker: at whole-map zoom (her hull smaller than the marker)
 * a disc in her side's colour with a dark rim, which is what the eye
 * finds; closer in, a ring of that colour round her hull. */
static void draw_marker(BattleView *v, const Battle *b, const Camera *c, const BattleShipLook *l,
                        int i)
{
    float x, y;
    cam_world_to_screenf(c, l->x, l->y, &x, &y);
    float r = battle_view_marker_px(v, c, i), u = v->ui;
    float len = battle_ship_length(b, l->ship->cls) * (float)c->zoom;
    SDL_Color ink = l->ship->status == FLEET_STRUCK ? THEME_STRUCK : side_ink(l->ship->side & 1);
    /* A ship going down takes her marker with her. */
    float fade = 1.0f - fminf(fmaxf(l->sink, 0.0f), 1.0f);
    ink = theme_fade(ink, fade);
    if (len * 0.5f < r) {
        float px[RING_SEGS], py[RING_SEGS];
        for (int k = 0; k < RING_SEGS; k++) {
            float a = 2.0f * MATHX_PI_F * (float)k / RING_SEGS;
            px[k] = x + cosf(a) * r * 0.8f;
            py[k] = y + sinf(a) * r * 0.8f;
        }
        geo_poly(&v->geo, px, py, RING_SEGS, theme_fade(ink, 0.92f));
        geo_ring(&v->geo, x, y, r * 0.8f, 1.5f * u, RING_SEGS, theme_fade(THEME_SHADOW, fade));
    } else {
        geo_ring(&v->geo, x, y, r + 1.0f * u, 3.5f * u, RING_SEGS,
                 theme_fade(theme_alpha(THEME_SHADOW, 90), fade));
        geo_ring(&v->geo, x, y, r, 2.0f * u, RING_SEGS, theme_fade(ink, 0.67f));
    }
}

/* Bars crowd a fleet at whole-map zoom: there only the ship selected or
 * under the cursor has them. */
static bool wants_bars(const BattleView *v, const Battle *b, const Camera *c, int i)
{
    float len = battle_ship_length(b, b->sk.ships[i].cls) * (float)c->zoom;
    return len >= BARS_HULL_PX * v->ui || i == b->selected || i == v->hover.ship;
}

/* A flagship's broad pennant, in design px whatever the zoom (so it reads
 * at whole-map zoom, where her marker is a 6 px disc): a staff of at
 * least PENNANT_STAFF_PX rising off her marker's upper right, its head
 * above her bars, and a swallow-tailed flag PENNANT_LEN_PX by
 * PENNANT_H_PX flying from it. No taller without bars: a line ahead at
 * whole-map zoom has its next ship some 18 px off. */
#define PENNANT_STAFF_PX 12.0f
#define PENNANT_LEN_PX   18.0f
#define PENNANT_H_PX     10.0f

/* True when ship i flies a pennant now: her side's flagship
 * (skirmish_flagship; a plain skirmish has none) with her colours up. */
static bool flies_pennant(const Battle *b, const BattleShipLook *l, int i)
{
    const FleetShip *s = l->ship;
    return l->visible && s->status == FLEET_AFLOAT && !s->prize &&
           skirmish_flagship(&b->sk, s->side & 1) == i;
}

/* The foot and the head of ship i's pennant staff (output px): on her
 * marker's rim up and to the right, or beside her bars when they are
 * wider, and tall enough that the flag flies above them: a flag level
 * with the bars read as a fourth bar. */
static void pennant_staff(const BattleView *v, const Battle *b, const Camera *c,
                          const BattleShipLook *l, int i, float foot[2], float head[2])
{
    float x, y;
    cam_world_to_screenf(c, l->x, l->y, &x, &y);
    float r = battle_view_marker_px(v, c, i), u = v->ui;
    float dx = r * 0.7f, top = y;
    if (wants_bars(v, b, c, i)) {
        /* As draw_bars lays them out. */
        float len = battle_ship_length(b, l->ship->cls) * (float)c->zoom;
        dx = fmaxf(dx, fminf(fmaxf(len * 0.8f, 26.0f * u), 60.0f * u) * 0.5f + 3.0f * u);
        top = y - fmaxf(len * 0.36f, 12.0f * u) - 12.0f * u;
    }
    foot[0] = x + dx;
    foot[1] = y - (dx < r ? sqrtf(r * r - dx * dx) : 0.0f);
    head[0] = foot[0];
    head[1] = fminf(foot[1] - PENNANT_STAFF_PX * u, top - (PENNANT_H_PX + 3.0f) * u);
}

/* The staff, then the flag in her side's colour over a dark edge that
 * keeps it apart from sea, land and her own marker alike. */
static void draw_pennant(BattleView *v, const Battle *b, const Camera *c, const BattleShipLook *l,
                         int i)
{
    float foot[2], head[2], u = v->ui;
    pennant_staff(v, b, c, l, i, foot, head);
    float fade = 1.0f - fminf(fmaxf(l->sink, 0.0f), 1.0f);
    SDL_Color edge = theme_fade(theme_alpha(THEME_SHADOW, 220), fade);
    SDL_Color ink = theme_fade(side_ink(l->ship->side & 1), fade);
    float len = PENNANT_LEN_PX * u, h = PENNANT_H_PX * u, o = 1.5f * u;
    float x0 = head[0], y0 = head[1], x1 = x0 + len, xm = x0 + len * 0.66f;
    float ym = y0 + h * 0.5f, y1 = y0 + h;
    geo_line(&v->geo, foot[0], foot[1], head[0], head[1] - o, 1.5f * u + 2.0f * o, edge);
    float back[2][8] = {{x0 - o, y0 - o, x1 + 2.0f * o, y0 - o, xm - o, ym, x0 - o, ym},
                        {x0 - o, ym, xm - o, ym, x1 + 2.0f * o, y1 + o, x0 - o, y1 + o}};
    float flag[2][8] = {{x0, y0, x1, y0, xm, ym, x0, ym}, {x0, ym, xm, ym, x1, y1, x0, y1}};
    for (int k = 0; k < 2; k++) geo_quad(&v->geo, back[k], edge, 0, 0, 0, 0);
    geo_line(&v->geo, foot[0], foot[1], head[0], head[1], 1.5f * u,
             theme_fade(THEME_RIGGING, fade));
    for (int k = 0; k < 2; k++) geo_quad(&v->geo, flag[k], ink, 0, 0, 0, 0);
}

/* The rectangle of ship i's marker and bars (and pennant), which no label
 * may cover. */
static BattleLabelRect marker_box(const BattleView *v, const Battle *b, const Camera *c,
                                  const BattleShipLook *l, int i)
{
    float x, y;
    cam_world_to_screenf(c, l->x, l->y, &x, &y);
    float r = battle_view_marker_px(v, c, i), u = v->ui;
    BattleLabelRect m = {x - r, y - r, 2 * r, 2 * r};
    if (l->sink <= 0.0f && wants_bars(v, b, c, i)) {
        /* As draw_bars lays them out. */
        float len = battle_ship_length(b, l->ship->cls) * (float)c->zoom;
        float w = fminf(fmaxf(len * 0.8f, 26.0f * u), 60.0f * u) + 2 * u;
        float top = y - fmaxf(len * 0.36f, 12.0f * u) - 12.0f * u - 1.0f * u;
        float x0 = fminf(m.x, x - w / 2), x1 = fmaxf(m.x + m.w, x + w / 2);
        m = (BattleLabelRect){x0, fminf(m.y, top), x1 - x0,
                              fmaxf(m.y + m.h, y + r) - fminf(m.y, top)};
    }
    if (flies_pennant(b, l, i)) {
        float foot[2], head[2], o = 1.5f * u;
        pennant_staff(v, b, c, l, i, foot, head);
        float x0 = fminf(m.x, head[0] - o), y0 = fminf(m.y, head[1] - o);
        float x1 = fmaxf(m.x + m.w, head[0] + (PENNANT_LEN_PX + 2.0f) * u + 2.0f * o);
        float y1 = fmaxf(m.y + m.h, foot[1]);
        m = (BattleLabelRect){x0, y0, x1 - x0, y1 - y0};
    }
    return m;
}

/* Every ship's name ("A1", "B2 struck", "A3 at anchor") in her side's colour on a dark
 * tab, laid out so no label covers another or any ship (battle_labels):
 * the selected ship and the one under the cursor are placed first. */
static void draw_labels(BattleView *v, const Battle *b, const Camera *c,
                        const BattleShipLook *looks)
{
    BattleLabelItem items[BATTLE_LABELS_MAX];
    BattleLabelPlace place[BATTLE_LABELS_MAX];
    int ship[BATTLE_LABELS_MAX], n = 0;
    char text[BATTLE_LABELS_MAX][40];
    float u = v->ui, pad = 3.0f * u;
    int first[3] = {b->selected, v->hover.ship, -1};
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < b->sk.nships && n < BATTLE_LABELS_MAX; i++) {
            bool lead = i == first[0] || i == first[1];
            if (pass < 2 ? i != first[pass] : lead) continue;
            if (pass == 1 && i == first[0]) continue;
            const BattleShipLook *l = &looks[i];
            if (!l->visible || l->sink > 0.0f) continue;
            skirmish_ship_label(&b->sk, i, text[n], sizeof text[n]);
            if (l->ship->status == FLEET_STRUCK)
                strncat(text[n], " struck", sizeof text[n] - strlen(text[n]) - 1);
            if (l->ship->prize) strncat(text[n], " prize", sizeof text[n] - strlen(text[n]) - 1);
            if (l->ship->lashed >= 0)
                strncat(text[n], " lashed", sizeof text[n] - strlen(text[n]) - 1);
            if (l->ship->aground)
                strncat(text[n], " aground", sizeof text[n] - strlen(text[n]) - 1);
            else if (l->ship->anchored)
                strncat(text[n], " at anchor", sizeof text[n] - strlen(text[n]) - 1);
            int tw, th;
            text_measure(v->text, text[n], &tw, &th);
            items[n] = (BattleLabelItem){marker_box(v, b, c, l, i), (float)tw + 2 * pad, (float)th};
            ship[n++] = i;
        }
    battle_labels_layout(items, n, (float)c->view_w, (float)c->view_h, 5.0f * u, 10, place);
    geo_reset(&v->geo);
    for (int k = 0; k < n; k++) {
        const BattleLabelRect *r = &place[k].r;
        if (!place[k].shown) continue;
        if (place[k].far) {
            /* A leader from her marker to a label pushed further out. */
            const BattleLabelRect *m = &items[k].marker;
            geo_line(&v->geo, m->x + m->w / 2, m->y + m->h / 2, r->x + r->w / 2, r->y + r->h / 2,
                     1.0f * u, theme_alpha(side_ink(b->sk.ships[ship[k]].side & 1), 150));
        }
        geo_rect(&v->geo, r->x, r->y, r->w, r->h, THEME_BARS_BG);
    }
    geo_flush(&v->geo, v->r, NULL);
    for (int k = 0; k < n; k++) {
        if (!place[k].shown) continue;
        const FleetShip *s = looks[ship[k]].ship;
        SDL_Color ink = s->status == FLEET_STRUCK ? THEME_STRUCK : side_ink(s->side & 1);
        text_draw(v->text, text[k], (int)(place[k].r.x + pad), (int)place[k].r.y, ink);
    }
}

/* The radius of the ring round the selected ship or the one under the
 * cursor: just outside her marker. */
static float outer_ring(const BattleView *v, const Battle *b, const Camera *c, int i)
{
    float len = battle_ship_length(b, b->sk.ships[i].cls) * (float)c->zoom;
    return fmaxf(len * 0.55f, battle_view_marker_px(v, c, i) + 3.0f * v->ui);
}

/* Ships lashed together: three grapple lines across the gap between them. */
static void draw_lashings(BattleView *v, const Battle *b, const Camera *c,
                          const BattleShipLook *looks)
{
    for (int i = 0; i < b->sk.nships; i++) {
        int j = looks[i].ship->lashed;
        if (j <= i || j >= b->sk.nships || !looks[i].visible || !looks[j].visible) continue;
        float x0, y0, x1, y1;
        cam_world_to_screenf(c, looks[i].x, looks[i].y, &x0, &y0);
        cam_world_to_screenf(c, looks[j].x, looks[j].y, &x1, &y1);
        float dx = x1 - x0, dy = y1 - y0, l = sqrtf(dx * dx + dy * dy);
        if (l < 1.0f) continue;
        float nx = -dy / l * 5.0f * v->ui, ny = dx / l * 5.0f * v->ui;
        for (int k = -1; k <= 1; k++)
            geo_line(&v->geo, x0 + dx * 0.2f + nx * (float)k, y0 + dy * 0.2f + ny * (float)k,
                     x0 + dx * 0.8f + nx * (float)k, y0 + dy * 0.8f + ny * (float)k, 2.0f * v->ui,
                     THEME_ROPE);
    }
}

void battle_marks_draw(BattleView *v, const Camera *c)
{
    const Battle *b = v->battle;
    /* Markers and bars, then the rings and labels over them. */
    BattleShipLook looks[SKIRMISH_MAX_SHIPS];
    bool curtain = b->phase == BATTLE_CURTAIN;
    for (int i = 0; i < b->sk.nships; i++) battle_ship_look(b, i, &looks[i]);
    if (!curtain) draw_lashings(v, b, c, looks);
    for (int i = 0; i < b->sk.nships; i++) {
        if (!looks[i].visible || curtain) continue;
        draw_marker(v, b, c, &looks[i], i);
        if (looks[i].sink <= 0.0f && wants_bars(v, b, c, i)) draw_bars(v, b, c, &looks[i]);
        if (flies_pennant(b, &looks[i], i)) draw_pennant(v, b, c, &looks[i], i);
    }
    int sel = b->selected;
    if (sel >= 0 && looks[sel].visible && !curtain) {
        float x, y;
        cam_world_to_screenf(c, looks[sel].x, looks[sel].y, &x, &y);
        geo_ring(&v->geo, x, y, outer_ring(v, b, c, sel), 2.0f * v->ui, RING_SEGS,
                 theme_alpha(THEME_GOLD, 235));
    }
    int hv = v->hover.ship;
    if (hv >= 0 && hv != sel && looks[hv].visible && !curtain &&
        v->hover.kind == BATTLE_HOVER_SELECT) {
        float x, y;
        cam_world_to_screenf(c, looks[hv].x, looks[hv].y, &x, &y);
        geo_ring(&v->geo, x, y, outer_ring(v, b, c, hv), 2.0f * v->ui, RING_SEGS,
                 theme_alpha(THEME_WHITE, 220));
    }
    geo_flush(&v->geo, v->r, NULL);
    if (!curtain) draw_labels(v, b, c, looks);
}
