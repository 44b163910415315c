/* ai_internal: what the admiral's files share: ai_play.c's levels plan
 * through ai.c's ai_plan_guess, and ai.c borrows from ai_goal.c the
 * admiral's sense of a scenario's goals (skirmish.h): runners sail for
 * their exits, the other side heads them off, holders and contesters make
 * for the bay, and flagship hunters steer for her. */
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

/* Per (cell, facing) times to the places a side's goals care about, built
 * once per side and turn (-1: never), NULL where no goal wants one. */
typedef struct AiGoal {
    int side;
    int *exits; /* to an exit of its own escort or blockade */
    int *guard; /* to an exit of the enemy's escort or blockade */
    int *area;  /* to a hex of either side's hold area */
    int *hunt;  /* to short range of the enemy flagship or escorted ship */
} AiGoal;

/* Build the fields for side's goals and its enemy's. -1: out of memory. */
int ai_goal_init(AiGoal *g, const Skirmish *sk, int side);
void ai_goal_deinit(AiGoal *g);
/* What ending at pose is worth to ship i for the goals (0 with none), in
 * score_pose's units: expected damage points. */
double ai_goal_score(const AiGoal *g, const Skirmish *sk, int i, HexPose pose);

#endif
