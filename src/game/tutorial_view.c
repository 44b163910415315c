/* tutorial_view: the guided battle's panel — the step, what to do (gold),
 * why it matters, its buttons — wrapped to its width and put where it
 * covers the fewest ships and panels. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tutorial.h"
#include "ui/theme.h"

/* Design px: the panel's width, and its height before it was measured. */
#define TUTORIAL_PANEL_W 390.0f
#define TUTORIAL_PANEL_H 230.0f
/* Where the panel may go: the left or the right edge, below the top bar
 * or below the panels there. */
#define TUTORIAL_PLACES 4

/* One wrapped line of text in colour ink, as a row of the panel. */
static void row(Ui *ui, const char *line, SDL_Color ink)
{
    ui_label(ui, "");
    text_draw(ui->text, line, (int)ui->last.x, (int)ui->last.y, ink);
}

/* text wrapped at spaces to width output px, a row a line. */
static void wrapped(Ui *ui, const char *text, float width, SDL_Color ink)
{
    char line[256];
    size_t used;
    for (const char *p = text; (used = text_wrap_line(ui->text, p, width, line, sizeof line));
         p += used)
        row(ui, line, ink);
}

static bool overlaps(float x, float y, float w, float h, const SDL_FRect *r)
{
    return x < r->x + r->w && r->x < x + w && y < r->y + r->h && r->y < y + h;
}

/* What the panel at (x, y, w, h) would hide: a ship 4, the end of her
 * path 2, a panel already drawn this frame 10. */
static int covered(const BattleView *v, const Ui *ui, const Camera *c, float x, float y, float w,
                   float h)
{
    const Battle *b = v->battle;
    int n = 0;
    for (int i = 0; i < b->sk.nships; i++) {
        float sx, sy, r;
        if (!battle_view_marker_at(v, c, i, &sx, &sy, &r)) continue;
        SDL_FRect m = {sx - r, sy - r, 2 * r, 2 * r};
        if (overlaps(x, y, w, h, &m)) n += 4;
    }
    for (int k = 0; k < v->nplot; k++) {
        SDL_FRect p = {v->plot_x[k] - 4, v->plot_y[k] - 4, 8, 8};
        if (overlaps(x, y, w, h, &p)) n += 2;
    }
    for (int k = 0; k < ui->nrects; k++)
        if (overlaps(x, y, w, h, &ui->rects[k])) n += 10;
    return n;
}

/* The lowest bottom edge of the panels already drawn this frame that
 * reach into the column x..x+w above y_max, or top if none does. */
static float below_panels(const Ui *ui, float x, float w, float top, float y_max)
{
    float y = top;
    for (int k = 0; k < ui->nrects; k++) {
        const SDL_FRect *r = &ui->rects[k];
        if (r->x < x + w && x < r->x + r->w && r->y < y_max && r->y + r->h > y) y = r->y + r->h;
    }
    return y;
}

/* The place for the panel: at the left or right edge, below the top bar
 * or below the panels there, the one hiding least; the last one is kept
 * on a tie so it does not hop about as ships move. */
static void place(Tutorial *t, const BattleView *v, const Ui *ui, const Camera *c, int view_w,
                  int view_h)
{
    UiPanel *p = &t->panel;
    float u = ui->scale, h = p->h > 0 ? p->h : TUTORIAL_PANEL_H * u, top = 90 * u;
    p->w = TUTORIAL_PANEL_W * u;
    float xs[TUTORIAL_PLACES], ys[TUTORIAL_PLACES];
    for (int k = 0; k < TUTORIAL_PLACES; k++) {
        xs[k] = k % 2 ? (float)view_w - p->w - 10 * u - v->right_inset : 10 * u;
        ys[k] = k < 2 ? top : below_panels(ui, xs[k], p->w, top, (float)view_h / 2) + 10 * u;
    }
    int keep = -1, best = -1, best_n = 0;
    for (int k = 0; k < TUTORIAL_PLACES; k++) {
        int n = covered(v, ui, c, xs[k], ys[k], p->w, h);
        if (fabsf(xs[k] - p->x) < 1 && fabsf(ys[k] - p->y) < 1) keep = k;
        if (best < 0 || n < best_n) {
            best = k;
            best_n = n;
        }
    }
    if (keep >= 0 && covered(v, ui, c, xs[keep], ys[keep], p->w, h) <= best_n) best = keep;
    p->x = xs[best];
    p->y = ys[best];
}

/* The end: what came of it and the ways on. */
static int done_rows(Tutorial *t, const Battle *b, Ui *ui, float width)
{
    int act = TUTORIAL_ACT_NONE;
    if (b->sk.winner == 0) {
        wrapped(ui, "Well sailed: the sloop is taken.", width, THEME_GOLD);
        wrapped(ui,
                "You plotted by the wind, brought a broadside to bear and raked her. A real "
                "skirmish is the same with whole fleets, and an admiral across the table.",
                width, THEME_DIM);
    } else {
        wrapped(ui, "The sloop got away this time.", width, THEME_GOLD);
        wrapped(ui, "Sail again: keep a loaded broadside on her and get across her bow or stern.",
                width, THEME_DIM);
    }
    if (ui_button(ui, "A real skirmish  \xE2\x80\xBA")) act |= TUTORIAL_ACT_SKIRMISH;
    if (ui_button(ui, "The guided battle again")) act |= TUTORIAL_ACT_AGAIN;
    if (ui_button(ui, "Main menu")) act |= TUTORIAL_ACT_LEAVE;
    (void)t;
    return act;
}

int tutorial_draw(Tutorial *t, const BattleView *v, Ui *ui, const Camera *c, int view_w, int view_h)
{
    const Battle *b = v->battle;
    if (!t->on || !b || b != t->dressed || b->phase == BATTLE_CURTAIN) return TUTORIAL_ACT_NONE;
    place(t, v, ui, c, view_w, view_h);
    if (t->step == TUTORIAL_DONE)
        snprintf(t->title, sizeof t->title, "Guided battle  \xC2\xB7  %s",
                 tutorial_step_name(t->step));
    else
        snprintf(t->title, sizeof t->title, "Guided battle  \xC2\xB7  %d of %d: %s", t->step + 1,
                 TUTORIAL_DONE, tutorial_step_name(t->step));
    t->panel.title = t->title;
    float width = t->panel.w - 2 * THEME_PAD * ui->scale;
    int act = TUTORIAL_ACT_NONE;
    ui_panel_begin(ui, &t->panel);
    if (t->step == TUTORIAL_DONE) {
        act |= done_rows(t, b, ui, width);
    } else {
        if (t->step == TUTORIAL_FIGHT && b->phase == BATTLE_PLOT) {
            tutorial_hint(t, b, t->hint, sizeof t->hint);
            wrapped(ui, t->hint, width, THEME_GOLD);
        } else {
            wrapped(ui, tutorial_step_todo(t->step), width, THEME_GOLD);
        }
        if (t->step == TUTORIAL_WIND) {
            tutorial_wind(t, b, t->hint, sizeof t->hint);
            wrapped(ui, t->hint, width, THEME_GOLD);
        }
        if (t->already >= 0) {
            char done[400];
            snprintf(done, sizeof done, "Done already \xE2\x80\x94 %s: %s",
                     tutorial_step_name(t->already), tutorial_step_why(t->already));
            wrapped(ui, done, width, THEME_DIM);
        }
        char why[400];
        snprintf(why, sizeof why, "Why: %s", tutorial_step_why(t->step));
        wrapped(ui, why, width, THEME_INK);
        const char *next = tutorial_step_button(t->step);
        if (next && ui_button(ui, next)) act |= TUTORIAL_ACT_NEXT;
        if (ui_button(ui, "Leave the guided battle")) act |= TUTORIAL_ACT_LEAVE;
    }
    ui_panel_end(ui);
    return act;
}
