/* ai_play: the admiral's levels (easy, normal, hard), the random-orders
 * player to measure them against, and headless autoplay of whole battles. */
#include "ai.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ai_internal.h"

_Static_assert(FLEET_DOUBLE == FLEET_SHOTS - 1,
               "ai_plan_random leaves double shot out as the last");

static const char *const player_names[AI_PLAYERS] = {"normal", "random", "easy", "hard"};
/* Each player's level (the random one has none). */
static const int player_levels[AI_PLAYERS] = {SKIRMISH_AI_NORMAL, -1, SKIRMISH_AI_EASY,
                                              SKIRMISH_AI_HARD};

const char *ai_player_name(int player)
{
    return player >= 0 && player < AI_PLAYERS ? player_names[player] : "?";
}

int ai_player_from_name(const char *name)
{
    for (int p = 0; name && p < AI_PLAYERS; p++)
        if (strcmp(name, player_names[p]) == 0) return p;
    /* Before the three levels, the admiral was "ai" and the weak one
     * "green": scripts that say so still run. */
    if (name && !strcmp(name, "ai")) return AI_PLAYER_NORMAL;
    int l = skirmish_ai_from_name(name);
    for (int p = 0; l >= 0 && p < AI_PLAYERS; p++)
        if (player_levels[p] == l) return p;
    return -1;
}

int ai_plan_random(Skirmish *sk, int side, uint64_t seed, Err *e)
{
    assert(side >= 0 && side < SKIRMISH_SIDES);
    ChartReachNode nodes[AI_REACH_MAX];
    /* A stream of its own, apart from the battle's dice. */
    uint64_t stream = seed ^ (0x9E3779B97F4A7C15ull * (uint64_t)(2 * sk->turn + side + 1));
    uint64_t k = 0;
    int enemies[SKIRMISH_MAX_SHIPS], ne = 0;
    for (int t = 0; t < sk->nships; t++)
        if (sk->ships[t].side != side && fleet_ship_active(&sk->ships[t])) enemies[ne++] = t;
    for (int i = 0; i < sk->nships; i++) {
        const FleetShip *s = &sk->ships[i];
        if (s->side != side || !fleet_ship_manned(s)) continue;
        SkirmishOrders o;
        skirmish_default_orders(sk, i, &o);
        int n = skirmish_reach(sk, i, nodes, AI_REACH_MAX);
        if (n < 0) return err_set(e, "ai: out of memory planning moves");
        if (n > 0) {
            int pick = fleet_rand_below(fleet_rand(stream, k++), n);
            int len = chart_reach_steps(nodes, pick, o.steps, SKIRMISH_MAX_STEPS);
            o.nsteps = len <= SKIRMISH_MAX_STEPS ? len : 0;
        }
        for (int b = 0; b < FLEET_BROADSIDES; b++) {
            int r = fleet_rand_below(fleet_rand(stream, k++), 4);
            /* Double shot (the last kind) only while it is allowed. */
            int shots = fleet_shot_allowed(s, b, FLEET_DOUBLE) ? FLEET_SHOTS : FLEET_DOUBLE;
            o.fire[b].shot = fleet_rand_below(fleet_rand(stream, k++), shots);
            if (r == 0 || ne == 0)
                o.fire[b].target = SKIRMISH_HOLD;
            else if (r == 1)
                o.fire[b].target = SKIRMISH_ANY;
            else
                o.fire[b].target = enemies[fleet_rand_below(fleet_rand(stream, k++), ne)];
        }
        if (skirmish_order(sk, i, &o, e) != 0) return -1;
    }
    return 0;
}

/* Ship i of an easy commander loses her head: a random end pose of her
 * reach, every loaded broadside at will with round shot. */
static int easy_blunder(Skirmish *sk, int i, uint32_t bits, ChartReachNode *nodes, Err *e)
{
    SkirmishOrders o;
    skirmish_default_orders(sk, i, &o);
    int n = skirmish_reach(sk, i, nodes, AI_REACH_MAX);
    if (n < 0) return err_set(e, "ai: out of memory planning moves");
    if (n > 0) {
        int len = chart_reach_steps(nodes, fleet_rand_below(bits, n), o.steps, SKIRMISH_MAX_STEPS);
        o.nsteps = len <= SKIRMISH_MAX_STEPS ? len : 0;
    }
    return skirmish_order(sk, i, &o, e);
}

static int plan_depth(Skirmish *sk, int side, int depth, Skirmish *alt, Err *e);

/* A copy of sk (sharing its map and chart) in which foe's ships lie where
 * an admiral depth levels deep would sail them this turn, from where the
 * ships lie now (never their real orders, which are hidden); NULL with e
 * set when memory runs out. Free with free(). */
static Skirmish *guess_enemy(Skirmish *sk, int foe, int depth, Err *e)
{
    /* Every copy shares the one search memory, made before the first: a
     * copy that grew its own while another lived would leak it. */
    Skirmish *g = chart_scratch_ready(&sk->chart) == 0 ? malloc(sizeof *g) : NULL;
    if (!g) {
        err_set(e, "ai: out of memory planning moves");
        return NULL;
    }
    *g = *sk;
    g->submitted[foe] = false;
    if (plan_depth(g, foe, depth, NULL, e) != 0) {
        free(g);
        return NULL;
    }
    for (int i = 0; i < g->nships; i++) {
        FleetShip *s = &g->ships[i];
        if (s->side != foe || !fleet_ship_manned(s)) continue;
        HexPose p = s->pose;
        for (int k = 0; k < g->orders[i].nsteps; k++) p = hex_pose_step(p, g->orders[i].steps[k]);
        s->pose = p;
    }
    return g;
}

/* Plan side as an admiral depth levels deep: 0 is ai_plan (the enemy lies
 * where it is); k plans against the enemy where one k-1 deep would sail
 * it, and, given alt, in that guess and alt's equally. */
static int plan_depth(Skirmish *sk, int side, int depth, Skirmish *alt, Err *e)
{
    if (depth == 0) return ai_plan_guess(sk, side, alt, e);
    Skirmish *g = guess_enemy(sk, 1 - side, depth - 1, e);
    if (!g) return -1;
    int rc = ai_plan_guess(g, side, alt, e);
    for (int i = 0; i < sk->nships && rc == 0; i++)
        if (sk->ships[i].side == side && fleet_ship_manned(&sk->ships[i]))
            rc = skirmish_order(sk, i, &g->orders[i], e);
    free(g);
    return rc;
}

/* Hard: the enemy may be an admiral who looks ahead (depth 1) or not
 * (depth 0); each pose is weighed in both guesses. */
static int plan_hard(Skirmish *sk, int side, Err *e)
{
    Skirmish *b = guess_enemy(sk, 1 - side, 1, e);
    if (!b) return -1;
    int rc = plan_depth(sk, side, 1, b, e);
    free(b);
    return rc;
}

int ai_plan_level(Skirmish *sk, int side, int level, Err *e)
{
    assert(side >= 0 && side < SKIRMISH_SIDES);
    if (level == SKIRMISH_AI_HARD) return plan_hard(sk, side, e);
    if (level == SKIRMISH_AI_NORMAL) return plan_depth(sk, side, 1, NULL, e);
    if (ai_plan(sk, side, e) != 0) return -1;
    ChartReachNode *nodes = malloc(AI_REACH_MAX * sizeof *nodes);
    if (!nodes) return err_set(e, "ai: out of memory planning moves");
    /* A stream apart from the dice and from ai_plan_random's. */
    uint64_t stream = sk->seed ^ (0xC2B2AE3D27D4EB4Full * (uint64_t)(2 * sk->turn + side + 1));
    int rc = 0;
    for (int i = 0; i < sk->nships && rc == 0; i++) {
        if (sk->ships[i].side != side || !fleet_ship_active(&sk->ships[i])) continue;
        if (fleet_rand_below(fleet_rand(stream, 2 * (uint64_t)i), 100) >= AI_EASY_PCT) continue;
        rc = easy_blunder(sk, i, fleet_rand(stream, 2 * (uint64_t)i + 1), nodes, e);
    }
    free(nodes);
    return rc;
}

int ai_plan_player(Skirmish *sk, int side, int player, Err *e)
{
    assert(player >= 0 && player < AI_PLAYERS);
    return player == AI_PLAYER_RANDOM ? ai_plan_random(sk, side, sk->seed, e)
                                      : ai_plan_level(sk, side, player_levels[player], e);
}

/* Both sides plot and submit their orders. */
static int plan_sides(Skirmish *sk, void *ctx, Err *e)
{
    const int *players = ctx;
    for (int side = 0; side < SKIRMISH_SIDES; side++)
        if (ai_plan_player(sk, side, players[side], e) != 0 || skirmish_submit(sk, side, e) != 0)
            return -1;
    return 0;
}

int ai_play_turn(Skirmish *sk, const int players[SKIRMISH_SIDES], Err *e)
{
    int pl[SKIRMISH_SIDES] = {players[0], players[1]};
    return plan_sides(sk, pl, e) == 0 ? skirmish_resolve(sk, e) : -1;
}

int ai_autoplay_battle(Skirmish *sk, AiPlanFn plan, void *ctx, SkirmishOutcome *out, Err *e)
{
    /* The battle as each turn's orders stand, for the census. */
    Skirmish *before = malloc(sizeof *before);
    SkirmishCensus census;
    memset(&census, 0, sizeof census);
    int rc = before ? 0 : err_set(e, "autoplay: out of memory");
    while (!sk->over && rc == 0) {
        rc = plan(sk, ctx, e);
        if (rc != 0) break;
        /* The copy searches in the battle's own search memory (made
         * first: one the copy grew alone would leak). */
        if (chart_scratch_ready(&sk->chart) != 0) {
            rc = err_set(e, "autoplay: out of memory");
            break;
        }
        *before = *sk;
        rc = skirmish_resolve(sk, e);
        if (rc == 0) skirmish_census_turn(before, sk, &census);
    }
    if (rc == 0) {
        skirmish_outcome(sk, out);
        out->census = census;
    }
    free(before);
    return rc;
}

int ai_autoplay(const Map *map, const SkirmishSetup *setup, const int players[SKIRMISH_SIDES],
                SkirmishOutcome *out, Err *e)
{
    for (int side = 0; side < SKIRMISH_SIDES; side++)
        assert(players[side] >= 0 && players[side] < AI_PLAYERS);
    Skirmish *sk = malloc(sizeof *sk);
    if (!sk) return err_set(e, "autoplay: out of memory");
    if (skirmish_init(sk, map, setup, e) != 0) {
        free(sk);
        return -1;
    }
    int pl[SKIRMISH_SIDES] = {players[0], players[1]};
    int rc = ai_autoplay_battle(sk, plan_sides, pl, out, e);
    skirmish_deinit(sk);
    free(sk);
    return rc;
}

int ai_autoplay_map(const char *map_path, const SkirmishSetup *setup,
                    const int players[SKIRMISH_SIDES], SkirmishOutcome *out, Err *e)
{
    Map m;
    MapGenParams gen;
    SkirmishSetup st = *setup;
    if (skirmish_map_load(map_path, setup->seed, &m, &gen, &st, e) != 0) return -1;
    int rc = ai_autoplay(&m, &st, players, out, e);
    map_free(&m);
    return rc;
}
