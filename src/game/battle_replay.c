/* battle_replay: the last resolved turn watched again while plotting the
 * next, and the speed replays play at. */
#include <string.h>

#include "battle.h"

const float battle_speeds[BATTLE_SPEEDS] = {0.5f, 1.0f, 2.0f, 4.0f};

bool battle_can_rewatch(const Battle *b)
{
    return b->phase == BATTLE_PLOT && b->replay_kept;
}

/* The timeline of the turn in b->before's poses, at b->speed. */
static void build(Battle *b)
{
    HexPose start[SKIRMISH_MAX_SHIPS];
    for (int i = 0; i < b->sk.nships; i++) start[i] = b->before[i].pose;
    battle_anim_build(&b->anim, start, b->sk.nships, b->sk.events, b->sk.nevents,
                      (float)b->map.meta.hex_size, b->speed);
}

int battle_rewatch(Battle *b)
{
    if (b->phase != BATTLE_PLOT) return -1;
    if (!b->replay_kept) {
        battle_note(b, 0, "no turn to watch again yet: %s",
                    b->sk.turn > 1 ? "replays are not kept in saves" : "none has been played");
        return -1;
    }
    /* The rules stay where they are: only what is drawn goes back. */
    memcpy(b->before, b->replay_from, sizeof b->before);
    memcpy(b->shown, b->replay_from, sizeof b->shown);
    build(b);
    b->anim_t = -1e-4f;
    b->rewatch_selected = b->selected;
    b->rewatching = true;
    b->phase = BATTLE_ANIMATE;
    b->aids_dirty = true;
    return 0;
}

void battle_rewatch_done(Battle *b)
{
    b->rewatching = false;
    b->phase = BATTLE_PLOT;
    b->selected = b->rewatch_selected;
    b->aids_dirty = true;
}

void battle_set_speed(Battle *b, float speed)
{
    if (!(speed > 0.0f)) return;
    float old = b->speed;
    b->speed = speed;
    if (b->phase != BATTLE_ANIMATE || old == speed) return;
    /* Every time in the timeline scales with 1 / speed: the same moment
     * of the turn sits at anim_t * old / new. */
    build(b);
    b->anim_t *= old / speed;
}

float battle_speed_step(float speed, int dir)
{
    if (dir > 0) {
        for (int i = 0; i < BATTLE_SPEEDS; i++)
            if (battle_speeds[i] > speed + 1e-3f) return battle_speeds[i];
    } else {
        for (int i = BATTLE_SPEEDS - 1; i >= 0; i--)
            if (battle_speeds[i] < speed - 1e-3f) return battle_speeds[i];
    }
    return speed;
}
