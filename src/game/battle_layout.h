/* battle_layout: where the battle's panels go, as pure arithmetic (no
 * drawing, so a test can lay out any view): the Battle panel at the top
 * right or left, the ship panel at the bottom right or left, the log in
 * the bottom corner left over (narrowed to the gap beside the ship panel,
 * never further: a narrower log wraps its lines and grows taller),
 * and the top bar centred in the width the Battle panel leaves. Of the
 * four ways, the one that overlaps nothing and covers the fewest ships
 * wins; on a tie the last one is kept, so panels do not hop about. */
#ifndef SHOAL_BATTLE_LAYOUT_H
#define SHOAL_BATTLE_LAYOUT_H

#include <SDL.h>
#include <stdbool.h>

/* What the panels keep clear of: ship markers and the selected ship's
 * plotted ends, a circle each (output px), weighted. */
#define BATTLE_LAYOUT_MARKS 48

/* Design px, times the scale: the panels' widths, the margin and the
 * narrowest log. */
#define BATTLE_LAYOUT_BATTLE_W 230.0f
#define BATTLE_LAYOUT_SHIP_W   372.0f
#define BATTLE_LAYOUT_LOG_W    640.0f
#define BATTLE_LAYOUT_LOG_MIN  200.0f
#define BATTLE_LAYOUT_MARGIN   10.0f
#define BATTLE_LAYOUT_BAR_Y    44.0f /* the top bar's top edge */
/* What a size left 0 in BattleLayoutIn is taken as (design px): the
 * panels as a selected ship of the line and her orders draw them, a short
 * log, and a turn bar of a usual line. */
#define BATTLE_LAYOUT_BATTLE_H 310.0f
#define BATTLE_LAYOUT_SHIP_H   410.0f
#define BATTLE_LAYOUT_LOG_H    60.0f
#define BATTLE_LAYOUT_BAR_W    560.0f
#define BATTLE_LAYOUT_BAR_H    26.0f
#define BATTLE_LAYOUT_LEFT_Y   80.0f /* a top-left panel: below the status line */

typedef struct BattleLayoutIn {
    float view_w, view_h, scale;
    float right_inset, bottom_inset; /* taken by other panels (tuning, performance) */
    float bar_w, bar_h;              /* the top bar, with the goal bar under it; 0: guessed */
    float battle_h, ship_h, log_h;   /* as last drawn; 0: not drawn yet (guessed) */
    bool ship, log;                  /* shown this frame */
    int nmarks;
    float mx[BATTLE_LAYOUT_MARKS], my[BATTLE_LAYOUT_MARKS], mr[BATTLE_LAYOUT_MARKS];
    int mw[BATTLE_LAYOUT_MARKS]; /* weight: the selected ship counts more */
    int last;                    /* the way chosen last frame (BattleLayout.way) */
} BattleLayoutIn;

typedef struct BattleLayout {
    SDL_FRect bar, battle, ship, log; /* ship, log: zero size when not shown */
    float log_room;                   /* the most height the log may grow to there */
    int way;                          /* bit 0: Battle panel at the left; bit 1: ship panel left */
    int covered;                      /* weight of the marks under a panel */
    int overlaps;                     /* pairs of panels (or a panel and the bar) that overlap */
} BattleLayout;

/* Add a mark (ignored past BATTLE_LAYOUT_MARKS). */
void battle_layout_mark(BattleLayoutIn *in, float x, float y, float r, int weight);
/* The layout for in. */
void battle_layout(const BattleLayoutIn *in, BattleLayout *out);
/* True when two rectangles share any area. */
bool battle_layout_overlap(const SDL_FRect *a, const SDL_FRect *b);

#endif
