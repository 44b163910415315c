/* ai: the computer admiral. For each ship it scores every end pose the
 * movement rules allow this turn (one ply: damage it can deal from there,
 * damage it is exposed to, lee shores, formation, retreat when battered)
 * and picks targets and shot; three levels of it, which guess the enemy's
 * reply; a random-orders player to measure them against, and headless
 * autoplay of whole battles. Deterministic. */
#ifndef SHOAL_AI_H
#define SHOAL_AI_H

#include <stdint.h>

#include "err.h"
#include "map.h"
#include "skirmish.h"

/* Who plots a side's orders in autoplay: the admiral at a level, or the
 * random-orders player. */
enum {
    AI_PLAYER_NORMAL = 0,
    AI_PLAYER_RANDOM = 1,
    AI_PLAYER_EASY = 2,
    AI_PLAYER_HARD = 3,
    AI_PLAYERS
};

/* Names "normal", "random", "easy" and "hard", and back (-1 for an
 * unknown name; the words older scripts used, "ai", "steady" and "green",
 * still read as normal, normal and easy). */
const char *ai_player_name(int player);
int ai_player_from_name(const char *name);

/* Plot orders (skirmish_order) for every ship of side still fighting; does
 * not submit. The same state always gives the same orders. This is the
 * one-ply admiral: it scores each pose against the enemy where it lies now. */
int ai_plan(Skirmish *sk, int side, Err *e);

/* Plot side's orders as the admiral of level (SKIRMISH_AI_*) would. Each
 * looks a step further into the enemy's mind, never at its orders:
 * - easy is ai_plan, after which each ship, on AI_EASY_PCT in a hundred of
 *   her turns, loses her head: she sails to a reachable end pose picked at
 *   random and fires at will with round shot. The die is her own stream of
 *   sk->seed, the turn and the ship (never the battle's dice).
 * - normal guesses the enemy's reply as ai_plan would plot it from where
 *   the ships lie now, sails the enemy there, and plans against that.
 * - hard weighs every pose equally against two guesses of the reply: the
 *   one-ply enemy's (what normal expects) and the one a normal admiral
 *   would make, looking ahead at hers.
 * The same battle is always planned the same way. */
#define AI_EASY_PCT 25
int ai_plan_level(Skirmish *sk, int side, int level, Err *e);

/* Plot random legal orders for side: each ship picks one of its reachable
 * end poses uniformly, and each broadside holds, fires at will or aims at a
 * random enemy with a random shot. The choices come from seed and the
 * turn, so the same seed plays the same way. */
int ai_plan_random(Skirmish *sk, int side, uint64_t seed, Err *e);

/* Plot side's orders as player (AI_PLAYER_*) would: the admiral at its
 * level, or random orders. Does not submit. */
int ai_plan_player(Skirmish *sk, int side, int player, Err *e);

/* Plan both sides with the given players (AI_PLAYER_*), submit, resolve. */
int ai_play_turn(Skirmish *sk, const int players[SKIRMISH_SIDES], Err *e);

/* Play a whole battle on map from setup until one side is beaten or the
 * turn limit ends it, and fill out. Same map and setup, same outcome. */
int ai_autoplay(const Map *map, const SkirmishSetup *setup, const int players[SKIRMISH_SIDES],
                SkirmishOutcome *out, Err *e);

/* Who gives both sides' orders each turn of ai_autoplay_battle: it plots
 * and submits them (0), or fails (-1, e set). */
typedef int (*AiPlanFn)(Skirmish *sk, void *ctx, Err *e);

/* Play the battle sk (set up, not over) to its end, plan giving each
 * turn's orders, and fill out with the outcome and the census. The
 * loop of ai_autoplay, and of a network battle whose orders come from
 * two processes. */
int ai_autoplay_battle(Skirmish *sk, AiPlanFn plan, void *ctx, SkirmishOutcome *out, Err *e);

/* ai_autoplay on skirmish_map_load(map_path, setup->seed): the map file at
 * map_path (PNG + sidecar), or the sea of skirmish_sea(setup->seed) when
 * map_path is NULL. Returns -1 on any failure; e names the map file when
 * it can't be loaded. */
int ai_autoplay_map(const char *map_path, const SkirmishSetup *setup,
                    const int players[SKIRMISH_SIDES], SkirmishOutcome *out, Err *e);

#endif
