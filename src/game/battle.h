/* battle: one skirmish being played in the window — who plots, the
 * selected ship and her plotting aids (reachable hexes, arcs), the turn
 * handed over in hot-seat play, the computer's turns, the resolved turn
 * replayed as an animation, the log, saving and loading. The rules are
 * core/skirmish.h; drawing is battle_view.h. */
#ifndef SHOAL_BATTLE_H
#define SHOAL_BATTLE_H

#include <stdbool.h>
#include <stdint.h>

#include "battle_anim.h"
#include "battle_fx.h"
#include "core/err.h"
#include "core/map.h"
#include "core/mapgen.h"
#include "core/route.h"
#include "core/save.h"
#include "core/sea.h"
#include "core/skirmish.h"
#include "net/net_session.h"

/* Who plays: side A is always a person except when watching. Over the
 * network this window commands side `own` and the other commander's
 * orders come from the peer (game_net.c). */
enum { BATTLE_VS_AI = 0, BATTLE_HOTSEAT = 1, BATTLE_WATCH = 2, BATTLE_NET = 3, BATTLE_MODES = 4 };

/* What the battle is doing. */
enum {
    BATTLE_PLOT,    /* side `side` gives orders */
    BATTLE_CURTAIN, /* hot-seat: the screen goes to side `side`, orders hidden */
    BATTLE_ANIMATE, /* the resolved turn plays */
    BATTLE_OVER,    /* the battle is decided: the end screen */
    BATTLE_WAIT,    /* network: our orders are in, the other commander's awaited */
};

#define BATTLE_REACH_MAX 4096
#define BATTLE_ARC_MAX   256
#define BATTLE_LOG_MAX   256
#define BATTLE_LOG_TEXT  192
#define BATTLE_NOTE_S    4.0f

/* A line of the battle log. */
typedef struct BattleLogLine {
    char text[BATTLE_LOG_TEXT];
    int kind; /* SKIRMISH_EV_*, or -1 for a turn header or a note */
    int side; /* the side it is about (colours the line), -1 none */
} BattleLogLine;

/* A route a ship keeps across turns (battle_plot): planned again each time
 * her side comes to plot, as the wind and the ships have moved, until she
 * is there or it is cancelled. Saves hold its goal ([route.N]), not the plan. */
typedef struct BattleRoute {
    bool on;
    Hex goal;
    int goal_facing; /* -1: any */
    int first_turns; /* turns it took when first plotted (arrival is told past 1) */
    RoutePlan plan;  /* from her pose when planned; its first turn is her orders */
} BattleRoute;

/* How a new battle starts. */
typedef struct BattleSetup {
    int mode;                  /* BATTLE_VS_AI / BATTLE_HOTSEAT / BATTLE_WATCH */
    const char *map_path;      /* a map file, or NULL for a generated sea */
    uint64_t seed;             /* the dice */
    int ships[SKIRMISH_SIDES]; /* 1..SKIRMISH_SIDE_SHIPS */
    int turn_limit;            /* 1..SKIRMISH_MAX_TURNS */
    uint32_t map_seed;         /* the generated sea: skirmish_sea(map_seed) */
    SkirmishPick pick;         /* classes and wind (all zero: the usual mix, the map's wind) */
    int ai_level;              /* SKIRMISH_AI_* of side B (side A, when watched, is normal) */
    /* A scenario's (scenario.h): its ships' poses and names, each side's
     * goal and the limit's winner. All zero: a skirmish. */
    SkirmishPlacing place;
    SkirmishGoal goal[SKIRMISH_SIDES];
    int limit_win;
} BattleSetup;

/* The setup of scenario `name` (data/scenarios/NAME.ini) against the
 * computer, side A the player's: its map (map_path points into path, cap
 * bytes), fleets, wind, limit and goals. -1 with e set when it can't be
 * read. (A ship off the open sea is skirmish_init's to refuse.) */
int battle_setup_scenario(BattleSetup *st, const char *name, char *path, size_t cap, Err *e);

/* What the replay did that is heard (battle_take_cues): each as it shows. */
enum {
    BATTLE_CUE_FIRE,    /* a broadside fired: ship, guns, shot */
    BATTLE_CUE_IMPACT,  /* its shot landed round the target (at x, y): guns, hits, shot */
    BATTLE_CUE_STRUCK,  /* ship struck her colours */
    BATTLE_CUE_SANK,    /* ship began to go down */
    BATTLE_CUE_CREAK,   /* ship's timbers worked as she sailed or turned */
    BATTLE_CUE_AGROUND, /* ship struck the shore or pounded on it */
    BATTLE_CUE_ANCHOR,  /* ship let go or weighed her anchor, or kedged off */
    BATTLE_CUE_OVER,    /* the battle was decided: winner */
};
#define BATTLE_CUES 96 /* a turn of 16 ships firing both broadsides, with room */

typedef struct BattleCue {
    int kind;
    float x, y; /* map px */
    int ship;   /* the firer for FIRE, the target for IMPACT, -1 for OVER */
    int guns, hits, shot;
    int event;  /* its SkirmishEvent in the turn's log, -1 none */
    int winner; /* OVER: the side that won, -1 a draw */
    int burst;  /* FIRE: guns that burst (double shot) */
} BattleCue;

/* Where and how ship i is drawn now. */
typedef struct BattleShipLook {
    bool visible;
    float x, y, heading;   /* map px, radians (0 east, clockwise on screen) */
    float vx, vy;          /* map px/s */
    float sink;            /* 0 afloat .. 1 gone: progress of her sinking */
    const FleetShip *ship; /* the state shown (lags the rules while a turn plays) */
} BattleShipLook;

typedef struct Battle {
    Map map; /* owned; sk borrows it */
    Skirmish sk;
    /* A map a network host sent, kept on this machine (battle_net.c):
     * saves name it instead of the host's path. "" none. */
    char map_kept[SKIRMISH_PATH_MAX];
    int mode;
    int own; /* BATTLE_NET: the side this window commands */
    int phase;
    int side;     /* plotting or about to plot */
    int selected; /* ship index, -1 none */
    float speed;  /* animation speed */
    /* Plotting aids for the selected ship (battle_refresh). */
    bool aids_dirty;
    int nreach;
    ChartReachNode reach[BATTLE_REACH_MAX];
    int nreach_hex; /* the distinct hexes of reach */
    Hex reach_hex[BATTLE_REACH_MAX];
    uint8_t *mark;    /* one byte per chart cell, for de-duplicating hexes */
    HexPose end_pose; /* where her plotted path ends */
    int narc[FLEET_BROADSIDES];
    Hex arc[FLEET_BROADSIDES][BATTLE_ARC_MAX];
    int aim[FLEET_BROADSIDES]; /* the ship each broadside would fire at from
                                  end_pose as things stand, -1 none */
    /* For boarding (her own side plotting): the fewest hexes between each
     * ship and the hexes she can reach this turn (-1 unknown), and the
     * node of reach alongside each at the least cost (-1 none). */
    int board_gap[SKIRMISH_MAX_SHIPS];
    int board_node[SKIRMISH_MAX_SHIPS];
    /* Routes over several turns, and the planner's memory. */
    RouteSearch rs;
    BattleRoute route[SKIRMISH_MAX_SHIPS];
    RoutePlan route_scratch; /* a plan being made (too big for the stack) */
    /* The turn being replayed. */
    FleetShip before[SKIRMISH_MAX_SHIPS]; /* the ships as the turn began */
    FleetShip shown[SKIRMISH_MAX_SHIPS];  /* ... with what has happened so far */
    BattleAnim anim;
    float anim_t;
    /* The last resolved turn, to be watched again (battle_replay.c): the
     * ships as it began (its events stay in sk until the next turn
     * resolves). Not kept in saves, so none right after a load. */
    FleetShip replay_from[SKIRMISH_MAX_SHIPS];
    bool replay_kept;
    bool rewatching;      /* the turn playing is a re-watch: the rules are past it */
    int rewatch_selected; /* the selection to come back to */
    BattleFx fx;
    float foam_t;               /* seconds until the next wake puff */
    BattleCue cue[BATTLE_CUES]; /* heard since the last battle_take_cues */
    int ncue;
    /* The log: a ring of the latest lines. */
    BattleLogLine log[BATTLE_LOG_MAX];
    int log_head, log_n;
    /* A passing message ("saved ...", "she can't get there"). */
    char note[256];
    float note_left;
    int note_bad; /* the note reports a failure */
} Battle;

/* Start a battle: load the map file (or generate the sea of
 * skirmish_sea(map_seed)), place the fleets, and begin with the
 * first side to plot (hot-seat: behind the curtain; watching: the first
 * turn already playing). NULL with e set on failure. */
Battle *battle_new(const BattleSetup *st, float speed, Err *e);
/* Load a save (save_load) and carry on in `mode`: a side that had already
 * submitted keeps its orders; against the computer, the computer plans if
 * it still has to. NULL with e ("file:line: ...") on failure. */
Battle *battle_load(const char *path, int mode, float speed, Err *e);
/* The battle a host sent (save text and the map file pm, from peer),
 * commanded from this window as side `own` over the network, or watched
 * (own SKIRMISH_SIDES): net_peer_battle. NULL with e set. */
Battle *battle_from_peer(const char *text, size_t len, const NetPeerMap *pm, const char *peer,
                         int own, float speed, Err *e);
void battle_free(Battle *b);
/* battle_net.c: keep the map file a host sent (pm) on this machine
 * (map_kept); a failure is told in the log. */
void battle_keep_map(Battle *b, const NetPeerMap *pm);

/* Save the battle as it stands (save_write: atomic). Orders plotted but
 * not submitted are saved too. */
int battle_save(const Battle *b, const char *path, Err *e);

/* Advance time by dt seconds: the turn's animation and its effects, the
 * computer's turns when watching, the note. */
void battle_update(Battle *b, float dt);
/* Recompute the selected ship's reachable hexes and arcs if her orders or
 * the selection changed. */
void battle_refresh(Battle *b);

/* The side whose orders are on screen (the plotting side), or -1 when no
 * side plots (curtain, animation, end). */
int battle_plotter(const Battle *b);
/* The side this screen plays for (its win is a victory): side A against
 * the computer, ours over the network; -1 hot-seat or watching. */
int battle_our_side(const Battle *b);
/* True when ship i belongs to the side plotting now and can take orders. */
bool battle_can_order(const Battle *b, int i);

/* Select ship i (-1: none). Any ship may be selected to look at her. */
void battle_select(Battle *b, int i);
/* Select the n-th (from 0) ship of the plotting side still fighting. */
void battle_select_nth(Battle *b, int n);
/* True when ship i can take orders (battle_can_order) and has been given
 * none this turn: no path and no route, and her fire, anchor and board
 * orders as skirmish_default_orders gives them. */
bool battle_ship_unordered(const Battle *b, int i);
/* Select the ship after the selected one (dir > 0; dir < 0: before it),
 * round the plotting side's fleet, that battle_ship_unordered (the
 * selected ship herself when she is the only one). Returns her index; -1
 * when there is none (the selection stays; while a side plots, a note
 * says every ship has her orders). */
int battle_select_unordered(Battle *b, int dir);

/* Plot the selected ship's route to hex h: as many turns as beating
 * there takes (core/route.h); this turn's part becomes her orders, and
 * the rest is planned again each turn until she is there. Clicking where
 * the route ends again cycles the heading she ends on (without taking
 * longer); clicking her own hex turns her in place. Returns 0, or -1 with
 * a note saying why she can't get there (her old orders stand). */
int battle_plot(Battle *b, Hex h);
/* A new turn for side (battle_route.c; called as her side begins to plot): every
 * route of hers planned again from where her ships are now, under the wind
 * now, and its first turn made her orders. A route she has reached, or
 * that has no way left (the note says why), is dropped. */
void battle_replan_routes(Battle *b, int side);
/* The routes as a save holds them, and back (battle_route.c); a loaded
 * route is planned afresh as her side comes to plot. */
void battle_routes_to_save(const Battle *b, SaveExtras *x);
void battle_routes_from_save(Battle *b, const SaveExtras *x);
/* Clear the selected ship's path and route (her fire orders stay). */
void battle_clear_path(Battle *b);
/* True when ship i has a route beyond this turn's orders to keep. */
bool battle_has_route(const Battle *b, int i);
/* Aim the broadside of the selected ship that will bear on ship t (from
 * the end of her path) at t. -1 with a note when none bears or t is no
 * enemy. */
int battle_aim_at(Battle *b, int t);
/* Cycle broadside bs's target: at will -> hold -> each enemy -> at will. */
void battle_cycle_target(Battle *b, int i, int bs);
/* Cycle broadside bs's shot: round -> chain -> grape -> double (only
 * while the broadside has its first fire) -> round. */
void battle_cycle_shot(Battle *b, int i, int bs);
/* Ship i's anchor order: let go at her path's end, or (at anchor) weigh,
 * which takes this turn; a note says which. Not aground. */
void battle_toggle_anchor(Battle *b, int i);
/* Ship i's board order, the next of: none, then each enemy ship or wreck
 * she can get alongside this turn (battle_board_can), in ship order; for
 * a ship lashed to another: none, board her (an enemy), cut loose. A mark
 * her path's end is not alongside re-plots her path to the hex beside
 * the mark she reaches at the least cost (her route is dropped), since
 * the rules grapple only where the path ends. With no one to board, a
 * note says why of the nearest enemy. */
void battle_cycle_board(Battle *b, int i);
/* True when ship i has a board order or a choice of one (the panel shows
 * its button only then). Brings the aids up to date (battle_refresh). */
bool battle_board_offered(Battle *b, int i);
/* True when ship i can board ship t this turn: t is an enemy ship or
 * wreck afloat, not lashed to another ship, and i can end the turn
 * alongside her (a hex next to hers), as the rules grapple — at her
 * path's end or, for the selected ship with fresh aids (battle_refresh),
 * at any hex she can reach; a ship lashed to t boards her where she is.
 * Else false, with why (may be NULL) saying so in a line ("too far for
 * A1 to board this turn: she gets no nearer than 2 hexes"). */
bool battle_board_can(const Battle *b, int i, int t, char *why, size_t cap);
/* After ship i's path changed: a board order whose mark her path no
 * longer ends alongside is dropped, with a note, so that no order stands
 * that the rules would find out of reach. */
void battle_board_after_path(Battle *b, int i);

/* The plotting side is done: hand over (hot-seat), let the computer plan
 * (against the computer), resolve and start the animation. */
int battle_end_turn(Battle *b, Err *e);
/* Hot-seat: the next commander has the screen. */
void battle_lift_curtain(Battle *b);
/* Network (BATTLE_WAIT): the other side's orders are in sk (given by the
 * session); submit them and resolve the turn. -1 with e set. */
int battle_net_resolve(Battle *b, Err *e);
/* Network: sk was replaced by the host's battle (a desync repaired, or a
 * rejoin): show it as it stands and plot this turn again. */
void battle_net_replot(Battle *b);
/* The computer plays every side until `turns` turns have been resolved
 * (or the battle is decided), the last one left playing out; what the
 * --advance flag does. */
int battle_advance(Battle *b, int turns, Err *e);
/* Jump to the end of the turn being played. */
void battle_skip_animation(Battle *b);

/* battle_play.c: what the replay shows in (t0, t1] of b->anim: cues (when
 * effects), the shown ships' state, and the log told (not in a re-watch). */
void battle_play_span(Battle *b, float t0, float t1, bool effects);
/* A new cue to fill in, or NULL when the turn has more than can be heard. */
BattleCue *battle_cue(Battle *b, int kind, int ship, float x, float y, int event);

/* battle_replay.c: watching the last resolved turn again, and the replay's
 * speed. Only while a side plots (so in hot-seat it shows what both sides
 * saw, never the orders being plotted); the rules, the orders and the
 * selection are left as they are, and the plotting picks up after it. */
bool battle_can_rewatch(const Battle *b);
/* Start the re-watch; -1 with a note saying why when there is nothing to
 * watch (no turn played yet, or none since the battle was loaded). */
int battle_rewatch(Battle *b);
/* A re-watch has played to its end (battle.c calls it from its turn's end). */
void battle_rewatch_done(Battle *b);
/* Set the animation speed (> 0); a replay playing goes on at the new
 * speed from where it is. */
void battle_set_speed(Battle *b, float speed);
/* The replay speeds the Battle panel offers and the keys step through,
 * slowest first. */
#define BATTLE_SPEEDS 4
extern const float battle_speeds[BATTLE_SPEEDS]; /* 0.5, 1, 2, 4 */
/* The next of battle_speeds above (dir > 0) or below speed; speed itself
 * at either end. */
float battle_speed_step(float speed, int dir);

/* Copy out (at most cap, oldest first) and forget the cues heard since
 * the last call; returns how many. A skipped replay has none; a re-watch
 * is heard again. */
int battle_take_cues(Battle *b, BattleCue *out, int cap);

/* How ship i looks now (see BattleShipLook). */
void battle_ship_look(const Battle *b, int i, BattleShipLook *out);
/* Ship (not sunk, or sinking now) drawn nearest map point (x, y) within
 * r, or -1. */
int battle_ship_near(const Battle *b, float x, float y, float r);

/* The hull of every ship afloat as a flee source for the fish, at her
 * drawn position and velocity; returns how many (at most cap). */
int battle_hulls(const Battle *b, SeaCircle *out, int cap);
/* Hand the fish the hulls and the splashes since the last call. */
void battle_feed_sea(Battle *b, Sea *sea);
/* Where the sea life should live (sea_set_focus): the hex of every ship
 * afloat as the rules have her (x, y pairs into xy, at most cap ships;
 * these move a turn at a time, not every frame) and the reach round them
 * (*radius, map px). Returns how many ships. */
int battle_sea_focus(const Battle *b, float *xy, int cap, float *radius);

/* Length in map px a ship of class cls is drawn at on this map. */
float battle_ship_length(const Battle *b, int cls);
/* The pose ship i ends on if her plotted steps are sailed unopposed. */
HexPose battle_path_end(const Battle *b, int i);

/* The i-th newest log line (0 = newest), or NULL. */
const BattleLogLine *battle_log_line(const Battle *b, int i);
/* Add a line to the log. */
void battle_log_add(Battle *b, const char *text, int kind, int side);
/* The log of battle `from` (a battle this one replaces on screen: a
 * quick load) runs on in b's: from's lines, then b's own (at most the
 * newest 8: a load's turn header and "loaded ..."). */
void battle_log_carry(Battle *b, const Battle *from);
/* Add the line saying what decided the battle (skirmish_end_text, the end
 * screen's words), under the GAME_OVER line or atop a finished one loaded. */
void battle_log_verdict(Battle *b);
/* Show a passing message (bad: it reports a failure). */
void battle_note(Battle *b, int bad, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The hex map point (x, y) lies in, for hexes of the given size. */
Hex battle_hex_at(float x, float y, float hex_size);
/* "A" or "B" ("?" for anything else). */
const char *battle_side_name(int side);
/* "sloop", "frigate", "ship of the line". */
const char *battle_class_name(int cls);
/* The turn on screen: the one being played while a turn plays out, else
 * the one being plotted (or the last one, once the battle is over). */
int battle_turn_shown(const Battle *b);

#endif
