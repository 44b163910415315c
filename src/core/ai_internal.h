/* ai_internal: what the admiral's files (ai.c, ai_play.c) share. */
#ifndef SHOAL_AI_INTERNAL_H
#define SHOAL_AI_INTERNAL_H

#include "skirmish.h"

/* End poses looked at per ship; the fastest ship in a fresh breeze reaches
 * a few hundred, and chart_reach keeps the cheapest ones if there are more. */
#define AI_REACH_MAX 2048

/* ai_plan, given where the enemy lies in sk (ai_play.c's guesses move it
 * to where it may sail) and, when alt is not NULL, weighing each pose
 * equally in sk and in alt (the same battle, the enemy elsewhere). The
 * orders go to sk. */
int ai_plan_guess(Skirmish *sk, int side, Skirmish *alt, Err *e);

#endif
