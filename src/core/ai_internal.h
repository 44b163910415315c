/* ai_internal: what ai.c borrows from ai_goal.c, the admiral's sense of a
 * scenario's goals (skirmish.h): runners sail for their exits, the other
 * side heads them off, holders and contesters make for the bay, and
 * flagship hunters steer for her. Calls point from ai.c into ai_goal.c. */
#ifndef SHOAL_AI_INTERNAL_H
#define SHOAL_AI_INTERNAL_H

#include "skirmish.h"

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
