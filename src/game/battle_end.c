/* battle_end: the end screen — who won, how, and the numbers of both
 * sides (skirmish_outcome), with the ways on from there. */
#include <math.h>
#include <stdio.h>

#include "battle_view.h"
#include "ui/draw.h"

static const SDL_Color ink = {236, 244, 248, 255};
static const SDL_Color dim = {160, 190, 205, 255};
static const SDL_Color gold = {245, 214, 140, 255};
static const SDL_Color side_ink[SKIRMISH_SIDES] = {{135, 180, 255, 255}, {255, 135, 120, 255}};

#define END_WHY_W     560.0f /* design px: the verdict wraps past this */
#define END_WHY_LINES 3      /* the longest verdicts (~130 characters) take two */

/* Who won, as the player sees it, over what decided it: the sentence is
 * the core's (skirmish_end_text), the same the log and autoplay give. */
static void verdict(const Battle *b, const SkirmishOutcome *o, char *title, size_t tcap, char *why,
                    size_t wcap)
{
    snprintf(why, wcap, "%s", o->verdict);
    if (o->winner < 0) {
        snprintf(title, tcap, "A drawn battle");
        return;
    }
    const char *w = battle_side_name(o->winner);
    if (b->mode == BATTLE_VS_AI)
        snprintf(title, tcap, o->winner == 0 ? "Victory! Side A wins" : "Defeat: side B wins");
    else if (b->mode == BATTLE_NET && b->own < SKIRMISH_SIDES)
        snprintf(title, tcap,
                 o->winner == b->own ? "Victory! Side %s wins" : "Defeat: side %s wins", w);
    else
        snprintf(title, tcap, "Side %s wins", w);
}

int battle_end_screen(BattleView *v, Ui *ui, int view_w, int view_h)
{
    Battle *b = v->battle;
    SkirmishOutcome o;
    skirmish_outcome(&b->sk, &o);
    char title[96], why[SKIRMISH_END_TEXT_MAX];
    verdict(b, &o, title, sizeof title, why, sizeof why);

    /* The table: one row per figure, a column per side. */
    struct {
        const char *name;
        int a, b;
    } rows[] = {
        {"ships", o.ships[0], o.ships[1]},
        {"sunk", o.sunk[0], o.sunk[1]},
        {"struck", o.struck[0], o.struck[1]},
        {"broadsides fired", o.broadsides[0], o.broadsides[1]},
        {"guns fired", o.shots[0], o.shots[1]},
        {"hits", o.hits[0], o.hits[1]},
        {"damage dealt", o.damage[0], o.damage[1]},
        {"points", o.points[0], o.points[1]},
    };
    const int nrows = (int)(sizeof rows / sizeof rows[0]);
    float u = v->ui;
    int lh = text_line_height(v->text);
    float pad = 16 * u, col = 110 * u, label_w = 190 * u;
    int tw, th;
    text_measure(v->text, title, &tw, &th);
    /* The verdict names ships and objectives (up to ~130 characters): past
     * END_WHY_W it wraps, so the box stays inside an 800 px window. */
    char lines[END_WHY_LINES][SKIRMISH_END_TEXT_MAX];
    int lw[END_WHY_LINES], nlines = 0, widest = 0;
    size_t used;
    for (const char *p = why;
         nlines < END_WHY_LINES &&
         (used = text_wrap_line(v->text, p, END_WHY_W * u, lines[nlines], sizeof lines[0])) > 0;
         p += used) {
        int lhh;
        text_measure(v->text, lines[nlines], &lw[nlines], &lhh);
        if (lw[nlines] > widest) widest = lw[nlines];
        nlines++;
    }
    float w = fmaxf(label_w + 2 * col, (float)widest) + 2 * pad;
    float h = (float)(lh * (nrows + 3 + nlines)) + 2 * pad;
    float x = ((float)view_w - w) / 2, y = ((float)view_h - h) / 2 - 60 * u;
    if (y < 90 * u) y = 90 * u;
    SDL_SetRenderDrawBlendMode(v->r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(v->r, 6, 20, 36, 235);
    SDL_Rect rc = {(int)x, (int)y, (int)w, (int)h};
    draw_fill_rect(v->r, &rc);
    SDL_SetRenderDrawColor(v->r, 245, 214, 140, 120);
    draw_rect(v->r, &rc);
    float cy = y + pad;
    text_draw(v->text, title, (int)(x + (w - (float)tw) / 2), (int)cy, gold);
    cy += (float)lh * 1.3f;
    for (int k = 0; k < nlines; k++) {
        text_draw(v->text, lines[k], (int)(x + (w - (float)lw[k]) / 2), (int)cy, dim);
        cy += (float)lh;
    }
    cy += (float)lh * 0.6f;
    float cx = x + pad;
    text_draw(v->text, "side A (blue)", (int)(cx + label_w), (int)cy, side_ink[0]);
    text_draw(v->text, "side B (red)", (int)(cx + label_w + col), (int)cy, side_ink[1]);
    cy += (float)lh;
    char num[32];
    for (int r = 0; r < nrows; r++) {
        text_draw(v->text, rows[r].name, (int)cx, (int)cy, dim);
        snprintf(num, sizeof num, "%d", rows[r].a);
        text_draw(v->text, num, (int)(cx + label_w), (int)cy, ink);
        snprintf(num, sizeof num, "%d", rows[r].b);
        text_draw(v->text, num, (int)(cx + label_w + col), (int)cy, ink);
        cy += (float)lh;
    }
    char acc[64];
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        int pct = o.shots[s] > 0 ? (100 * o.hits[s] + o.shots[s] / 2) / o.shots[s] : 0;
        snprintf(acc, sizeof acc, "%d%%", pct);
        if (s == 0) text_draw(v->text, "gunnery (hits per gun)", (int)cx, (int)cy, dim);
        text_draw(v->text, acc, (int)(cx + label_w + (float)s * col), (int)cy, ink);
    }

    UiPanel *p = &v->p_end;
    p->title = NULL;
    p->w = w;
    p->x = x;
    p->y = y + h + 8 * u;
    int act = 0;
    ui_panel_begin(ui, p);
    /* Over the network another battle is hosted and joined afresh. */
    if (b->mode != BATTLE_NET && ui_button(ui, "Another battle like this one"))
        act |= BATTLE_ACT_AGAIN;
    if (ui_button(ui, "Look at the battlefield")) v->end_hidden = 1;
    if (ui_button(ui, "Main menu")) act |= BATTLE_ACT_MENU;
    if (ui_button(ui, "Quit shoal")) act |= BATTLE_ACT_QUIT;
    ui_panel_end(ui);
    return act;
}
