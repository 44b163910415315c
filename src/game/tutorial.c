/* tutorial: the guided first battle's scenario and its steps — one table
 * of what each step asks, why it matters and what in the battle shows it
 * done. The panel is tutorial_view.c. */
#include "tutorial.h"

#include <stdio.h>
#include <string.h>

#include "core/paths.h"

/* ------------------------------------------------------------- checks */

/* The player's ship is selected and can take orders. */
static bool selected(const Tutorial *t, const Battle *b)
{
    return b->phase == BATTLE_PLOT && b->selected == t->ship && battle_can_order(b, t->ship);
}

static bool done_select(const Tutorial *t, const Battle *b, const TutorialSeen *s)
{
    (void)s;
    return selected(t, b);
}

/* The pointer rests on one of the highlighted hexes of her reach. */
static bool done_reach(const Tutorial *t, const Battle *b, const TutorialSeen *s)
{
    if (!selected(t, b) || s->hover_kind != BATTLE_HOVER_PLOT) return false;
    for (int k = 0; k < b->nreach_hex; k++)
        if (hex_equal(b->reach_hex[k], s->hover_hex)) return true;
    return false;
}

static bool done_plot(const Tutorial *t, const Battle *b, const TutorialSeen *s)
{
    (void)s;
    return b->phase == BATTLE_PLOT && b->sk.orders[t->ship].nsteps > 0;
}

/* The heading her path ends on is not the one it had as the step began. */
static bool done_turn(const Tutorial *t, const Battle *b, const TutorialSeen *s)
{
    (void)s;
    return b->phase == BATTLE_PLOT && battle_path_end(b, t->ship).facing != t->mark_facing;
}

static bool done_next(const Tutorial *t, const Battle *b, const TutorialSeen *s)
{
    (void)t;
    (void)b;
    return s->next;
}

/* A broadside of hers is aimed at the sloop. */
static bool done_aim(const Tutorial *t, const Battle *b, const TutorialSeen *s)
{
    (void)s;
    for (int bs = 0; bs < FLEET_BROADSIDES; bs++)
        if (b->sk.orders[t->ship].fire[bs].target == t->enemy) return true;
    return false;
}

/* Her path ends in the sloop's bow or stern wedge with a loaded broadside
 * bearing on her (as the plotting aids see it from the path's end). */
static bool done_rake(const Tutorial *t, const Battle *b, const TutorialSeen *s)
{
    (void)s;
    if (b->phase != BATTLE_PLOT || b->selected != t->ship || b->aids_dirty) return false;
    HexPose end = battle_path_end(b, t->ship);
    if (!fleet_rakes(b->sk.ships[t->enemy].pose, end.hex)) return false;
    for (int bs = 0; bs < FLEET_BROADSIDES; bs++)
        if (b->aim[bs] == t->enemy && b->sk.ships[t->ship].reload[bs] == 0) return true;
    return false;
}

/* The turn was handed over: it plays, or has played. */
static bool done_end_turn(const Tutorial *t, const Battle *b, const TutorialSeen *s)
{
    (void)s;
    return b->phase == BATTLE_ANIMATE || b->sk.turn > t->mark_turn;
}

/* The replay is over: the next turn is being plotted. */
static bool done_replay(const Tutorial *t, const Battle *b, const TutorialSeen *s)
{
    (void)t;
    (void)s;
    return b->phase == BATTLE_PLOT;
}

static bool done_never(const Tutorial *t, const Battle *b, const TutorialSeen *s)
{
    (void)t;
    (void)b;
    (void)s;
    return false;
}

/* -------------------------------------------------------------- steps */

typedef struct TutorialStep {
    const char *name;   /* the panel's title */
    const char *todo;   /* what to do */
    const char *why;    /* why it matters */
    const char *button; /* a step the player completes by reading: its button, else NULL */
    bool (*done)(const Tutorial *t, const Battle *b, const TutorialSeen *s);
} TutorialStep;

static const TutorialStep steps[TUTORIAL_STEPS] = {
    [TUTORIAL_SELECT] = {"Select your ship", "Click your blue frigate, A1 (or press 1).",
                         "Orders go to the selected ship: her panel shows her state, and the sea "
                         "around her shows what she can do this turn.",
                         NULL, done_select},
    [TUTORIAL_REACH] = {"Her reach", "Point at one of the highlighted hexes around her.",
                        "They are how far she can sail this turn under this wind: hexes ahead "
                        "cost points, every turn of her bow costs more, and the wind decides "
                        "how many points she has.",
                        NULL, done_reach},
    [TUTORIAL_PLOT] = {"Plot a move", "Click a highlighted hex: her path for this turn.",
                       "Ships move all at once when the turn ends. A hex beyond her reach makes "
                       "a route over several turns instead.",
                       NULL, done_plot},
    [TUTORIAL_TURN] = {"Turn her",
                       "Click her path's end again to change the heading she ends on (with no "
                       "points left there to turn, plot a nearer hex first).",
                       "Her heading decides two things: which of her broadsides bears where, and "
                       "how fast she sails next turn.",
                       NULL, done_turn},
    [TUTORIAL_WIND] = {"Read the wind",
                       "The top bar says where the wind blows from; its arrow shows where it "
                       "blows to. The ship panel names her point of sail.",
                       "Sailing close to the wind (close-hauled) is slow and into it (in irons) "
                       "she cannot sail at all; with the wind on her quarter (a broad reach) or "
                       "astern (running) she is fastest.",
                       "I see the wind  \xE2\x80\xBA", done_next},
    [TUTORIAL_AIM] = {"Aim a broadside",
                      "Right-click the red sloop while she is inside one of the arcs either side "
                      "of your path's end (plot another end if she is not).",
                      "A broadside only fires abeam, 1 to 8 hexes out: closer hits more often. "
                      "Aimed, it fires at her; left alone it fires at will.",
                      NULL, done_aim},
    [TUTORIAL_RAKE] = {"Rake her",
                       "End your path in the line straight behind or ahead of the sloop (her "
                       "stern or bow), with her still in your arc.",
                       "Fire along her length: +15% to hit and twice the crew lost, and her own "
                       "guns cannot bear on you there.",
                       NULL, done_rake},
    [TUTORIAL_END_TURN] = {"End the turn", "Press Enter, or End turn in the Battle panel.",
                           "Your orders are given; the sloop's are hidden until both sides have "
                           "moved and fired.",
                           NULL, done_end_turn},
    [TUTORIAL_REPLAY] = {"Watch the replay",
                         "The turn plays out: ships sail, then every broadside fires. Space "
                         "skips to its end.",
                         "The log (bottom corner) lists every shot and hit; broadsides that "
                         "fired reload for a turn.",
                         NULL, done_replay},
    [TUTORIAL_FIGHT] = {"Fight on", "Plot, aim and end the turn until she strikes or sinks.",
                        "A broadside that fired is silent the next turn: turn her so the other "
                        "one bears. A ship strikes her colours when her crew or hull runs low.",
                        NULL, done_never},
    [TUTORIAL_DONE] = {"The battle is over", "", "", NULL, done_never},
};

const char *tutorial_step_name(int step)
{
    return step >= 0 && step < TUTORIAL_STEPS ? steps[step].name : "?";
}

const char *tutorial_step_todo(int step)
{
    return step >= 0 && step < TUTORIAL_STEPS ? steps[step].todo : "";
}

const char *tutorial_step_why(int step)
{
    return step >= 0 && step < TUTORIAL_STEPS ? steps[step].why : "";
}

const char *tutorial_step_button(int step)
{
    return step >= 0 && step < TUTORIAL_STEPS ? steps[step].button : NULL;
}

bool tutorial_step_done(const Tutorial *t, const Battle *b, const TutorialSeen *s, int step)
{
    if (step < 0 || step >= TUTORIAL_STEPS) return false;
    return steps[step].done(t, b, s);
}

/* ------------------------------------------------------------ the run */

int tutorial_setup(BattleSetup *st, char *path, size_t cap, Err *e)
{
    return battle_setup_scenario(st, TUTORIAL_SCENARIO, path, cap, e);
}

/* What a step notes about the battle as it begins (its check compares). */
static void enter(Tutorial *t, const Battle *b, int step)
{
    if (step != t->step) {
        t->already = -1;
        /* One line a step on stdout: what a player's bug report (or a
         * window test) can quote. */
        printf("shoal: tutorial step %d: %s\n", step + 1, tutorial_step_name(step));
        fflush(stdout);
    }
    t->step = step;
    if (step == TUTORIAL_TURN) t->mark_facing = battle_path_end(b, t->ship).facing;
    if (step == TUTORIAL_END_TURN || step == TUTORIAL_FIGHT) t->mark_turn = b->sk.turn;
}

void tutorial_begin(Tutorial *t, Battle *b)
{
    memset(t, 0, sizeof *t);
    t->on = true;
    t->step = -1;
    t->ship = 0;
    t->enemy = 1;
    Skirmish *sk = &b->sk;
    for (int i = 0; i < sk->nships; i++) {
        if (sk->ships[i].side == 0) t->ship = i;
        if (sk->ships[i].side == 1) t->enemy = i;
    }
    /* She lies at anchor (the scenario says so), so she holds her place
     * for the lesson. */
    for (int i = 0; i < sk->nships; i++) skirmish_default_orders(sk, i, &sk->orders[i]);
    /* What the view draws and replays from. */
    memcpy(b->shown, sk->ships, sizeof b->shown);
    memcpy(b->before, sk->ships, sizeof b->before);
    battle_select(b, -1);
    t->dressed = b;
    enter(t, b, TUTORIAL_SELECT);
}

void tutorial_end(Tutorial *t)
{
    t->on = false;
    t->dressed = NULL;
}

/* The sloop lies at anchor: no path, her guns at will; given as soon as the
 * player starts plotting, so the computer's admiral never moves her. */
static void sloop_orders(const Tutorial *t, Battle *b)
{
    if (b->phase != BATTLE_PLOT || b->side != 0 || b->sk.submitted[1] || b->sk.over) return;
    skirmish_default_orders(&b->sk, t->enemy, &b->sk.orders[t->enemy]);
    Err e;
    skirmish_submit(&b->sk, 1, &e);
}

void tutorial_update(Tutorial *t, Battle *b, const TutorialSeen *s)
{
    if (!t->on || !b) return;
    sloop_orders(t, b);
    battle_refresh(b);
    if (b->phase == BATTLE_OVER) {
        if (t->step != TUTORIAL_DONE) enter(t, b, TUTORIAL_DONE);
        return;
    }
    /* A reading step's button counts for that step alone. */
    TutorialSeen seen = *s;
    int was = t->step;
    while (t->step < TUTORIAL_DONE && steps[t->step].done(t, b, &seen)) {
        int passed = t->step;
        enter(t, b, t->step + 1);
        /* Done the moment it came: the next panel says so, with its why. */
        if (passed != was) t->already = passed;
        seen.next = false;
    }
    /* Out of order: a turn played before the lesson got there (Enter
     * pressed early) moves the lesson on to the fight. */
    if (t->step < TUTORIAL_END_TURN && b->sk.turn > 1) enter(t, b, TUTORIAL_FIGHT);
}

void tutorial_hint(const Tutorial *t, const Battle *b, char *buf, size_t cap)
{
    const FleetShip *s = &b->sk.ships[t->ship], *e = &b->sk.ships[t->enemy];
    int ready = 0, bears = -1;
    for (int bs = 0; bs < FLEET_BROADSIDES; bs++) {
        if (s->reload[bs] > 0) continue;
        ready++;
        if (b->aim[bs] == t->enemy) bears = bs;
    }
    bool rakes = fleet_rakes(e->pose, battle_path_end(b, t->ship).hex);
    if (b->selected != t->ship)
        snprintf(buf, cap, "Turn %d: select A1 (click her, or press 1) to give her orders.",
                 b->sk.turn);
    else if (ready == 0)
        snprintf(buf, cap,
                 "Turn %d: both broadsides are reloading. Sail to where one will bear next turn, "
                 "across her bow or stern.",
                 b->sk.turn);
    else if (bears >= 0)
        snprintf(buf, cap, "Turn %d: your %s broadside bears on her%s. End the turn to fire.",
                 b->sk.turn, bears == FLEET_PORT ? "port" : "starboard",
                 rakes ? ", raking" : " (raking would hit harder: get astern or ahead of her)");
    else
        snprintf(buf, cap,
                 "Turn %d: no loaded broadside bears on her from your path's end. Click another "
                 "hex, or click her (or her path's end) to turn her, until one does.",
                 b->sk.turn);
}

void tutorial_wind(const Tutorial *t, const Battle *b, char *buf, size_t cap)
{
    /* Each point of sail (FLEET_*) in a sentence, and what it means. */
    static const char *const said[FLEET_SAILS][2] = {{"in irons", "she cannot sail"},
                                                     {"close-hauled", "slow"},
                                                     {"on a broad reach", "fastest"},
                                                     {"running", "fast"}};
    int facing = battle_path_end(b, t->ship).facing % HEX_DIRS;
    int sail = fleet_point_of_sail(facing, b->sk.wind_dir);
    snprintf(buf, cap,
             "Now: the wind blows from %s. Ending her path facing %s, she will be %s next turn "
             "(%s).",
             hex_dir_names[b->sk.wind_dir % HEX_DIRS], hex_dir_names[facing], said[sail][0],
             said[sail][1]);
}
