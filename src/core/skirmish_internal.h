/* skirmish_internal: what the skirmish's files share (skirmish.c: state,
 * queries, orders and search; skirmish_setup.c: setup, the sea and placement;
 * skirmish_turn.c: the turn's resolution; skirmish_end.c: what decided it).
 * Calls point from setup and turn into skirmish.c, never back. */
#ifndef SHOAL_SKIRMISH_INTERNAL_H
#define SHOAL_SKIRMISH_INTERNAL_H

#include "skirmish.h"

/* skirmish_turn.c's dice, log and losses, shared with skirmish_board.c:
 * every die of a battle is skirmish_roll's, in the turn's fixed order. */
uint32_t skirmish_roll(Skirmish *sk);
int skirmish_roll_pct(Skirmish *sk);
SkirmishEvent *skirmish_event_add(Skirmish *sk, int kind, int ship);
/* Take up to *dmg points off *field (no further than zero), count them in
 * *total and leave in *dmg what was actually taken. */
void skirmish_take_points(int *field, int *dmg, int *total);
/* Ship i strikes or sinks (status), logged; morale: a morale roll did it. */
void skirmish_take_ship(Skirmish *sk, int i, int status, bool morale);

/* skirmish_board.c, in the turn's order: a ship stopped by other in the
 * movement may foul her; grapples after the movement and drift; cutting
 * loose and the melee after gunnery; prizes after the fates. */
void skirmish_board_foul(Skirmish *sk, int i, int other);
void skirmish_board_grapple(Skirmish *sk);
void skirmish_board_melee(Skirmish *sk);
void skirmish_board_prizes(Skirmish *sk);
/* Cast off ship i's lashing (both ends). */
void skirmish_unlash(Skirmish *sk, int i);

/* skirmish_goal.c: where side s's goal stands at a turn's end (1 met,
 * -1 failed: it can no longer be met, 0 neither yet; HOLD's turn end
 * already counted); who the turn limit gives the battle when no goal
 * decided it (-2: the points; *hold_won set when it is a side holding
 * its area); ship i as the goals name her ("A1 Indiaman Ceres", or "A1"
 * unnamed); and the line of a GOAL event. */
int skirmish_goal_status(const Skirmish *sk, int s);
int skirmish_goal_limit(const Skirmish *sk, bool *hold_won);
void skirmish_goal_ship(const Skirmish *sk, int i, char *buf, size_t cap);
void skirmish_goal_text(const Skirmish *sk, const SkirmishEvent *ev, char *buf, size_t cap);

/* skirmish_end.c: what ends the battle now, from its state at a turn's
 * end after skirmish_goal_check (by NONE: it goes on). resolve_victory
 * ends the battle by it; skirmish_end tells it afterwards the same way. */
void skirmish_end_decide(const Skirmish *sk, SkirmishEnd *out);

/* The letter of side s in labels and messages: 'A' or 'B'. */
#define SKIRMISH_SIDE_LETTER(s) ("AB"[(s)&1])

#endif
