/* tutorial: the guided first battle — a fixed small fight (a frigate
 * against a sloop lying at anchor on Open Waters, the wind and the dice
 * fixed) and the steps that walk a newcomer through it: select her, her
 * reach, plot, turn, the wind, aim, rake, end the turn, the replay, then
 * fight on to the end. Each step says what to do and why it matters and is
 * done only when the battle shows it done (tutorial_update, once a frame);
 * the panel that shows it is drawn with the ui widgets (tutorial_draw). */
#ifndef SHOAL_TUTORIAL_H
#define SHOAL_TUTORIAL_H

#include <stdbool.h>

#include "battle.h"
#include "battle_view.h"
#include "ui/widgets.h"

/* The steps, in the order they come. */
enum {
    TUTORIAL_SELECT,   /* select your ship */
    TUTORIAL_REACH,    /* point at a hex of her reach */
    TUTORIAL_PLOT,     /* click one: her path */
    TUTORIAL_TURN,     /* click the path's end: the heading she ends on */
    TUTORIAL_WIND,     /* read the wind in the top bar */
    TUTORIAL_AIM,      /* right-click the enemy inside an arc */
    TUTORIAL_RAKE,     /* end her path across the enemy's bow or stern */
    TUTORIAL_END_TURN, /* Enter / End turn */
    TUTORIAL_REPLAY,   /* watch the turn play (Space skips) */
    TUTORIAL_FIGHT,    /* turn after turn until the battle is decided */
    TUTORIAL_DONE,     /* the battle is over: won or not */
    TUTORIAL_STEPS
};

/* The tutorial's battle is a scenario, data/scenarios/first-battle.ini:
 * the shipped map, the dice, the turn limit, where the two ships lie and
 * the wind, so every run is the same: open water in the middle of the
 * map, the sloop three hexes off, and three hexes east of the player's
 * ship dead astern of her (a rake within the first turn's reach). */
#define TUTORIAL_SCENARIO "first-battle"

/* What the game saw this frame besides the battle: what a left click at
 * the pointer would do (BattleHover) and whether the panel's button was
 * clicked (tutorial_draw returns that). */
typedef struct TutorialSeen {
    int hover_kind; /* BATTLE_HOVER_* */
    Hex hover_hex;
    bool next; /* the step's button ("Next") was clicked */
} TutorialSeen;

typedef struct Tutorial {
    bool on;
    int step;              /* TUTORIAL_* */
    int ship, enemy;       /* the player's ship and the sloop (ship indices) */
    int mark_facing;       /* TURN: the heading her path ended on as the step began */
    int mark_turn;         /* END_TURN, FIGHT: the turn being plotted as the step began */
    int already;           /* the step passed the moment it came (it was done already), -1 none */
    const Battle *dressed; /* the battle made the tutorial's (tutorial_dress) */
    /* The panel (immediate mode keeps its size) and its wrapped lines. */
    UiPanel panel;
    char title[96], hint[256];
} Tutorial;

/* The setup of the tutorial's battle, read from its scenario (map_path
 * points into path, cap bytes: the shipped map's full path). -1 with e
 * set when the scenario can't be read. */
int tutorial_setup(BattleSetup *st, char *path, size_t cap, Err *e);
/* Make battle b (fresh from tutorial_setup) the tutorial's: the sloop
 * at anchor where the scenario put her, nothing selected; then
 * start t on its first step. */
void tutorial_begin(Tutorial *t, Battle *b);
/* Off: the panel goes, nothing is checked. */
void tutorial_end(Tutorial *t);

/* Once a frame, with b the battle on screen: the sloop's orders for the
 * turn (she lies at anchor, firing at will), then the current step checked
 * against b and s; a step done gives way to the next at once (several in
 * one frame when they are already done). The battle over ends every step
 * in TUTORIAL_DONE. */
void tutorial_update(Tutorial *t, Battle *b, const TutorialSeen *s);

/* Is step (TUTORIAL_*) done in b as t stands? (the step table's check) */
bool tutorial_step_done(const Tutorial *t, const Battle *b, const TutorialSeen *s, int step);
/* The step's name ("Select your ship"), what it asks, why it matters,
 * and its button (NULL: the battle shows it done), from the step table. */
const char *tutorial_step_name(int step);
const char *tutorial_step_todo(int step);
const char *tutorial_step_why(int step);
const char *tutorial_step_button(int step);
/* The fight's hint for the turn being plotted (TUTORIAL_FIGHT) into buf:
 * what her broadsides can do from her path's end as things stand. */
void tutorial_hint(const Tutorial *t, const Battle *b, char *buf, size_t cap);
/* The wind as it bears on her (TUTORIAL_WIND) into buf: where it blows
 * from, and the point of sail of the heading her path ends on. */
void tutorial_wind(const Tutorial *t, const Battle *b, char *buf, size_t cap);

/* What the panel's buttons ask of the game. */
enum {
    TUTORIAL_ACT_NONE = 0,
    TUTORIAL_ACT_NEXT = 1 << 0,     /* the step's own button: feed TutorialSeen.next */
    TUTORIAL_ACT_LEAVE = 1 << 1,    /* skip / leave the tutorial: back to the menu */
    TUTORIAL_ACT_SKIRMISH = 1 << 2, /* done: set up a real skirmish */
    TUTORIAL_ACT_AGAIN = 1 << 3,    /* done: the guided battle once more */
};

/* The panel (between ui_begin and ui_end, after the battle's HUD so it
 * keeps clear of its panels): the step, what to do, why it matters, and
 * the buttons. Placed where it covers the fewest ships. Returns
 * TUTORIAL_ACT_*. */
int tutorial_draw(Tutorial *t, const BattleView *v, Ui *ui, const Camera *c, int view_w,
                  int view_h);

#endif
