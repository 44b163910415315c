/* skirmish_internal: what the skirmish's files share (skirmish.c: state,
 * queries, orders and search; skirmish_setup.c: setup, the sea and placement;
 * skirmish_turn.c: the turn's resolution). Calls point from setup and turn
 * into skirmish.c, never back. */
#ifndef SHOAL_SKIRMISH_INTERNAL_H
#define SHOAL_SKIRMISH_INTERNAL_H

#include "skirmish.h"

/* The letter of side s in labels and messages: 'A' or 'B'. */
#define SKIRMISH_SIDE_LETTER(s) ("AB"[(s)&1])

#endif
