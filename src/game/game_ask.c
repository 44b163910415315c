/* game_ask: questions put before acting — the end-turn check (ships left
 * without orders) and the confirmations before a load or a new battle
 * would throw away a battle's unsaved progress. The questions are ui/
 * dialog boxes; the answers are acted on by game.c at the next frame. */
#include "game.h"

#include <stdio.h>
#include <string.h>

#include "core/words.h"

/* FNV-1a, 64 bits: a mark to compare, not a digest to trust. */
#define FNV_OFFSET 14695981039346656037ull
#define FNV_PRIME  1099511628211ull

static uint64_t mix(uint64_t h, int64_t v)
{
    for (int k = 0; k < 8; k++) {
        h ^= (uint64_t)(v >> (8 * k)) & 0xffu;
        h *= FNV_PRIME;
    }
    return h;
}

uint64_t game_progress(const Battle *b)
{
    /* Field by field: struct padding would make equal orders differ. */
    uint64_t h = FNV_OFFSET;
    h = mix(h, b->sk.turn);
    h = mix(h, b->sk.over);
    for (int s = 0; s < SKIRMISH_SIDES; s++) h = mix(h, b->sk.submitted[s]);
    for (int i = 0; i < b->sk.nships; i++) {
        const SkirmishOrders *o = &b->sk.orders[i];
        h = mix(h, o->nsteps);
        for (int k = 0; k < o->nsteps && k < SKIRMISH_MAX_STEPS; k++) h = mix(h, o->steps[k]);
        for (int bs = 0; bs < FLEET_BROADSIDES; bs++) {
            h = mix(h, o->fire[bs].target);
            h = mix(h, o->fire[bs].shot);
        }
    }
    return h;
}

void game_mark_saved(Game *g)
{
    g->saved_progress = g->battle ? game_progress(g->battle) : 0;
}

bool game_unsaved(const Game *g)
{
    /* A decided battle has nothing left to lose: its end screen is all. */
    const Battle *b = g->battle;
    return b && b->phase != BATTLE_OVER && game_progress(b) != g->saved_progress;
}

bool game_ask_end_turn(Game *g)
{
    const Battle *b = g->battle;
    if (!b || b->phase != BATTLE_PLOT || !g->settings.ask_end_turn) return false;
    /* Once a turn and side: asked and sent back, the next end-turn goes. */
    int key = b->sk.turn * SKIRMISH_SIDES + b->side;
    if (g->asked_end_turn == key) return false;
    int n = 0;
    char names[160] = "";
    for (int i = 0; i < b->sk.nships; i++) {
        /* Without orders as the next-ship key finds them (battle.h). */
        if (!battle_ship_unordered(b, i)) continue;
        char lab[16];
        skirmish_ship_label(&b->sk, i, lab, sizeof lab);
        size_t len = strlen(names);
        snprintf(names + len, sizeof names - len, "%s%s", n ? ", " : "", lab);
        n++;
    }
    if (n == 0) return false;
    g->asked_end_turn = key;
    char msg[320];
    snprintf(msg, sizeof msg, "%d %s no orders: end the turn anyway?\nWithout orders: %s.", n,
             words_plural(n, "ship has", "ships have"), names);
    static const char *const buttons[] = {"End turn", "Keep plotting", "Don't ask again"};
    dialog_open(&g->ask, GAME_ASK_END_TURN, "End the turn?", msg, buttons, 3, 0, 1);
    return true;
}

bool game_ask_discard(Game *g, int kind)
{
    if (!game_unsaved(g)) return false;
    const Battle *b = g->battle;
    char msg[320];
    const char *what = kind == GAME_ASK_QUICKLOAD  ? "Load the quick save"
                       : kind == GAME_ASK_LOAD     ? "Load this saved battle"
                       : kind == GAME_ASK_TUTORIAL ? "Start the guided first battle"
                                                   : "Start a new battle";
    snprintf(msg, sizeof msg,
             "%s? The battle under way (turn %d) has orders or turns played since it was last "
             "saved; they will be lost.",
             what, b->sk.turn);
    if (kind == GAME_ASK_NEW || kind == GAME_ASK_TUTORIAL || kind == GAME_ASK_SCENARIO) {
        static const char *const buttons[] = {"Save, then start", "Don't save", "Cancel"};
        dialog_open(&g->ask, kind, "Unsaved battle", msg, buttons, 3, 0, 2);
    } else {
        static const char *const buttons[] = {"Save, then load", "Don't save", "Cancel"};
        dialog_open(&g->ask, kind, "Unsaved battle", msg, buttons, 3, 0, 2);
    }
    return true;
}

int game_ask_take(Game *g, int *kind)
{
    int k = 0, b = dialog_take(&g->ask, &k);
    if (b < 0) return GAME_ANSWER_NONE;
    game_sound_click(g, b == g->ask.cancel);
    *kind = k;
    if (k >= GAME_ASK_NET_JOIN && k <= GAME_ASK_NET_DOWN) return 1 + b;
    if (k == GAME_ASK_TUTORIAL_OFFER) return b == 0 ? GAME_ANSWER_GO : GAME_ANSWER_NONE;
    if (k == GAME_ASK_END_TURN)
        return b == 0 ? GAME_ANSWER_GO : b == 2 ? GAME_ANSWER_GO_NEVER_ASK : GAME_ANSWER_NONE;
    return b == 0 ? GAME_ANSWER_SAVE_AND_GO : b == 1 ? GAME_ANSWER_GO : GAME_ANSWER_NONE;
}
