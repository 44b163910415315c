/* battle_anim: the timeline of a resolved turn, rebuilt from the ships'
 * poses before it and the turn's event log — ships sailing hex to hex and
 * turning smoothly phase by phase, then the broadsides one after another
 * (shot flight, impact), then the shore (pounding, kedging, anchors) and
 * ships striking or sinking. Pure: no SDL, so
 * the interpolation is tested on its own. */
#ifndef SHOAL_BATTLE_ANIM_H
#define SHOAL_BATTLE_ANIM_H

#include <stdbool.h>

#include "core/fleet.h"
#include "core/hex.h"
#include "core/skirmish.h"

/* Seconds at animation speed 1. Issue #36 measured the turns of 30
 * watched battles (seeds 1-30): a turn with broadsides took 1.9-8.2 s, a
 * broadside was on screen 0.33 s before the next fired, and the end screen
 * came 1.45 s after the deciding shot landed; too quick to follow. Now a
 * broadside is on screen (fire, flight, splashes) until the next fires for
 * FLIGHT_S + RANGE_S + VOLLEY_S, 0.60 s at one hex. */
#define BATTLE_ANIM_PHASE_S  0.42f /* one movement phase: a hex sailed or a side turned */
#define BATTLE_ANIM_PAUSE_S  0.30f /* before the gunnery, whether or not anyone sailed */
#define BATTLE_ANIM_FLIGHT_S 0.24f /* a shot's flight: this, */
#define BATTLE_ANIM_RANGE_S  0.06f /* and this more a hex of range */
#define BATTLE_ANIM_VOLLEY_S 0.30f /* from one broadside's impact to the next firing */
#define BATTLE_ANIM_FATE_S   0.60f /* between the last impact and the fates */
#define BATTLE_ANIM_SINK_S   1.20f /* a sinking, from first list to gone: about a second */
#define BATTLE_ANIM_TAIL_S   0.50f /* after everything, before the next turn */
/* A turn with broadsides lasts at least this, held at its end with the
 * smoke drifting: a lone broadside at one hex is over in 1.7 s. Quiet
 * turns (sailing only) keep their own pace. */
#define BATTLE_ANIM_GUNNERY_S 2.50f
/* The turn that decides the battle holds this much longer on the board
 * before the end screen covers it. */
#define BATTLE_ANIM_OVER_S 1.00f
/* How far a blocked ship gets towards the hex it could not enter. */
#define BATTLE_ANIM_BUMP 0.28f

/* What a ship does in one movement phase. */
enum {
    BATTLE_MOVE_HOLD = 0,
    BATTLE_MOVE_TURN,
    BATTLE_MOVE_SAIL,
    BATTLE_MOVE_BLOCKED, /* also a ship driven onto the shore */
    BATTLE_MOVE_DRIFT    /* a hex downwind, her heading kept */
};
/* Movement slots: the phases, then the drift. */
#define BATTLE_ANIM_SLOTS (SKIRMISH_MAX_STEPS + 1)

typedef struct BattleMove {
    int kind;     /* BATTLE_MOVE_* */
    Hex from, to; /* to: the next hex (sail, blocked) */
    int facing0, facing1;
} BattleMove;

/* One broadside as it plays: when it fires, when its shot lands. */
typedef struct BattleVolley {
    int event;     /* index of its SKIRMISH_EV_FIRED in the log */
    int hit_event; /* its SKIRMISH_EV_HIT, or -1 when every shot missed */
    int ship, target, broadside, shot, guns, hits, range;
    float t_fire, t_impact;
} BattleVolley;

/* A ship striking her colours or sinking. */
typedef struct BattleFate {
    int event;
    int ship;
    int kind; /* SKIRMISH_EV_STRUCK or SKIRMISH_EV_SANK */
    float t;
} BattleFate;

typedef struct BattleAnim {
    float hex_size;
    float phase_s; /* seconds per movement phase at the speed built for */
    int nships;
    HexPose start[SKIRMISH_MAX_SHIPS];
    int nphases; /* movement phases that had any movement */
    BattleMove moves[BATTLE_ANIM_SLOTS][SKIRMISH_MAX_SHIPS];
    float move_end; /* movement done */
    int nvolleys;
    BattleVolley volleys[SKIRMISH_MAX_SHIPS * FLEET_BROADSIDES];
    int nfates;
    BattleFate fates[SKIRMISH_MAX_SHIPS];
    int nevents;
    float event_t[SKIRMISH_MAX_EVENTS]; /* when each logged event happens */
    float total;                        /* the whole turn, tail included */
} BattleAnim;

/* Build the timeline of one resolved turn: start holds each ship's pose
 * before it (nships of them), ev the turn's log; speed > 0 scales every
 * duration down (2 = twice as fast). Movement phases in which nobody
 * moved are left out. A turn with broadsides lasts at least
 * BATTLE_ANIM_GUNNERY_S (at speed 1), each broadside on screen 0.6 s or
 * more; a turn whose log ends the battle holds BATTLE_ANIM_OVER_S longer
 * at its end. */
void battle_anim_build(BattleAnim *a, const HexPose *start, int nships, const SkirmishEvent *ev,
                       int nev, float hex_size, float speed);

/* Where ship i is at time t (seconds from the start of the turn): map px
 * and heading in radians (screen angle: 0 = east, positive = clockwise on
 * screen, since y grows downwards). Before 0 the start pose, after the
 * movement the end pose. */
void battle_anim_pose(const BattleAnim *a, int i, float t, float *x, float *y, float *heading);
/* Its velocity at t in map px per second (a central difference). */
void battle_anim_velocity(const BattleAnim *a, int i, float t, float *vx, float *vy);

/* Seconds into its sinking of ship i at time t, or < 0 when she is not
 * sinking (yet) this turn. */
float battle_anim_sinking(const BattleAnim *a, int i, float t);

/* The screen angle (radians) of hex direction d: 0 E, -pi/3 NE, ... */
float battle_dir_angle(int d);
/* Shortest signed turn from angle a to angle b, in (-pi, pi]. */
float battle_angle_diff(float a, float b);
/* Cubic Hermite from 0 to 1 over s in [0, 1] with start and end slopes
 * m0, m1: (0, 0) eases in and out, (1, 1) is linear — so a ship sailing
 * several hexes in a row keeps her speed from one hex to the next. */
float battle_hermite(float s, float m0, float m1);

#endif
