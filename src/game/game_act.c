/* game_act: what the menu, the battle's buttons and the questions chose
 * last frame, acted on at the start of the next (no sea step in flight):
 * battles started, loaded, hosted or joined, saves, turns ended. */
#include <assert.h>
#include <stdio.h>
#include <time.h>

#include "game.h"

static void save_battle(Game *g, const char *name)
{
    char path[PATHS_MAX + 128], msg[700];
    Err e = {{0}};
    if (game_save_battle(g, name, path, sizeof path, &e) != 0) {
        snprintf(msg, sizeof msg, "not saved: %s", e.msg);
        fprintf(stderr, "shoal: %s\n", msg);
        game_tell(g, 1, msg);
        return;
    }
    snprintf(msg, sizeof msg, "saved %.600s", path);
    game_tell(g, 0, msg);
    game_mark_saved(g);
}

/* The menu's Start: the battle it set up (hosted, when side B is a
 * friend over the network), its choices kept for next time. */
static void start_from_menu(Game *g)
{
    BattleSetup st;
    menu_setup(&g->menu, &st);
    settings_take_skirmish(&g->settings, &g->menu.edit);
    game_settings_store(g);
    if (st.mode == BATTLE_NET)
        game_net_host(g, &st);
    else
        game_new_battle(g, &st);
}

/* The load screen's choice, in its mode (hosted: over the network). */
static void load_from_menu(Game *g)
{
    if (g->menu.load_mode == BATTLE_NET)
        game_net_host_load(g, g->menu.load_path);
    else
        game_load_battle(g, g->menu.load_path, g->menu.load_mode);
}

/* What the menu chose last frame (a MENU_ACT_*). */
static void apply_menu_action(Game *g, int m)
{
    switch (m) {
    case MENU_ACT_START:
        if (!game_ask_discard(g, GAME_ASK_NEW)) start_from_menu(g);
        break;
    case MENU_ACT_LOAD:
        if (!game_ask_discard(g, GAME_ASK_LOAD)) load_from_menu(g);
        break;
    case MENU_ACT_JOIN:
        game_net_join(g, g->menu.join_addr, false);
        break;
    case MENU_ACT_ASK_JOIN:
        game_net_ask(g, GAME_ASK_NET_JOIN);
        break;
    case MENU_ACT_ASK_PASS:
        game_net_ask(g, GAME_ASK_NET_PASS);
        break;
    case MENU_ACT_ASK_PORT:
        game_net_ask(g, GAME_ASK_NET_PORT);
        break;
    case MENU_ACT_RESUME:
    case MENU_ACT_EXPLORE:
        g->menu_open = 0;
        break;
    case MENU_ACT_SETTINGS:
        game_settings_apply(g, &g->menu.edit);
        break;
    case MENU_ACT_SOUND:
        game_sound_take(g, &g->menu.edit);
        break;
    case MENU_ACT_QUIT:
        g->quit = 1;
        break;
    case MENU_ACT_TUTORIAL:
        if (!game_ask_discard(g, GAME_ASK_TUTORIAL)) game_tutorial_start(g);
        break;
    case MENU_ACT_SCENARIO:
        if (!game_ask_discard(g, GAME_ASK_SCENARIO)) game_scenario_start(g);
        break;
    default:
        break;
    }
}

/* Save: saves/turnN-DATE-TIME.sav. */
static void save_dated(Game *g)
{
    assert(g->battle);
    time_t t = time(NULL);
    struct tm tm;
    char when[32], name[96];
    localtime_r(&t, &tm);
    strftime(when, sizeof when, "%Y%m%d-%H%M%S", &tm);
    snprintf(name, sizeof name, "turn%d-%s", g->battle->sk.turn, when);
    save_battle(g, name);
}

static void end_turn(Game *g)
{
    Err e = {{0}};
    if (g->battle && battle_end_turn(g->battle, &e) != 0) battle_note(g->battle, 1, "%s", e.msg);
}

/* The player's answer to last frame's question: do what was asked. */
static void apply_answer(Game *g)
{
    int kind = 0, ans = game_ask_take(g, &kind);
    if (ans == GAME_ANSWER_NONE || game_net_answer(g, kind, ans - 1)) return;
    if (ans == GAME_ANSWER_SAVE_AND_GO && g->battle) {
        save_dated(g);
        /* Not saved (a full disk): the battle stays, and the reason shows. */
        if (game_unsaved(g)) return;
    }
    switch (kind) {
    case GAME_ASK_END_TURN:
        if (ans == GAME_ANSWER_GO_NEVER_ASK) {
            g->settings.ask_end_turn = 0;
            g->menu.edit.ask_end_turn = 0;
            game_settings_store(g);
        }
        end_turn(g);
        break;
    case GAME_ASK_QUICKLOAD:
        game_quickload(g);
        break;
    case GAME_ASK_LOAD:
        load_from_menu(g);
        break;
    case GAME_ASK_NEW:
        start_from_menu(g);
        break;
    case GAME_ASK_SCENARIO:
        game_scenario_start(g);
        break;
    default:
        game_tutorial_answer(g, kind);
        break;
    }
}

void game_apply_actions(Game *g)
{
    int m = g->menu_act, a = g->battle_act;
    g->menu_act = MENU_ACT_NONE;
    g->battle_act = 0;
    apply_answer(g);
    apply_menu_action(g, m);
    if (a & BATTLE_ACT_MENU) {
        g->menu_open = 1;
        g->menu.edit = g->settings;
        menu_show(&g->menu, MENU_MAIN);
    }
    if ((a & BATTLE_ACT_QUICKSAVE) && g->battle) save_battle(g, GAME_QUICKSAVE);
    if ((a & BATTLE_ACT_SAVE) && g->battle) save_dated(g);
    if ((a & BATTLE_ACT_END_TURN) && !game_ask_end_turn(g)) end_turn(g);
    if ((a & BATTLE_ACT_QUICKLOAD) && !game_ask_discard(g, GAME_ASK_QUICKLOAD)) game_quickload(g);
    if ((a & BATTLE_ACT_AGAIN) && g->battle) game_play_again(g);
    game_settings_take(g, a);
    if (a & BATTLE_ACT_QUIT) g->quit = 1;
    if ((a & BATTLE_ACT_CENTRE) && g->battle) {
        sealife_unfollow(&g->sea);
        battle_view_follow(&g->bview, &g->cam, true);
    }
}
