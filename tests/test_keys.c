/* test_keys: the bindable keys' table — defaults, binding with swaps and
 * refusals, key.ACTION lines of settings.ini read back as written, and a
 * bad name reported in one line naming the file and key, its default
 * kept and the rest of the file still read; the menu's Keys screen. */
#include <SDL.h>
#include <string.h>

#include "testutil.h"

#include "game/keys.h"
#include "game/menu.h"
#include "game/settings.h"

START_TEST(test_defaults_are_distinct_and_named)
{
    Keys k;
    keys_default(&k);
    for (int a = 0; a < KEYS_COUNT; a++) {
        ck_assert_int_eq(k.key[a], keys_table[a].def);
        ck_assert_int_eq(keys_action_of(&k, keys_table[a].def), a);
        /* Every default reads back from its own name. */
        ck_assert_int_eq(SDL_GetKeyFromName(keys_name(k.key[a])), k.key[a]);
        for (int b = 0; b < a; b++) ck_assert_int_ne(k.key[a], k.key[b]);
    }
    ck_assert_int_eq(keys_action_of(&k, SDLK_x), -1);
}
END_TEST

START_TEST(test_bind_swaps_on_conflict_and_refuses_fixed_keys)
{
    Keys k;
    keys_default(&k);
    /* End turn onto G, the grid's key: the grid takes Return. */
    ck_assert_int_eq(keys_bind(&k, KEYS_END_TURN, SDLK_g), KEYS_GRID);
    ck_assert_int_eq(k.key[KEYS_END_TURN], SDLK_g);
    ck_assert_int_eq(k.key[KEYS_GRID], SDLK_RETURN);
    /* A free key: no swap. */
    ck_assert_int_eq(keys_bind(&k, KEYS_SKIP, SDLK_x), -1);
    ck_assert_int_eq(k.key[KEYS_SKIP], SDLK_x);
    /* Keys the game keeps are refused and bind nothing. */
    /* The game's own keys, and the view's (W A S D pan it, Tab the sea's
     * panel): bound to an action they would do two things at once. */
    static const SDL_Keycode fixed[] = {SDLK_ESCAPE, SDLK_F12, SDLK_F11, SDLK_1,  SDLK_q,
                                        SDLK_a,      SDLK_w,   SDLK_TAB, SDLK_F3, SDLK_UNKNOWN};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        ck_assert_int_eq(keys_bind(&k, KEYS_QUICKSAVE, fixed[i]), -2);
        ck_assert_int_eq(k.key[KEYS_QUICKSAVE], SDLK_F5);
    }
    /* What the battle sees: a bound key as its action's default, an
     * action's old default as nothing, the rest as they are. */
    ck_assert_int_eq(keys_to_default(&k, SDLK_g), SDLK_RETURN);
    ck_assert_int_eq(keys_to_default(&k, SDLK_RETURN), SDLK_g);
    ck_assert_int_eq(keys_to_default(&k, SDLK_SPACE), SDLK_UNKNOWN);
    ck_assert_int_eq(keys_to_default(&k, SDLK_x), SDLK_SPACE);
    ck_assert_int_eq(keys_to_default(&k, SDLK_3), SDLK_3);
}
END_TEST

START_TEST(test_keys_round_trip_through_settings_ini)
{
    Settings s, t;
    settings_default(&s);
    keys_bind(&s.keys, KEYS_END_TURN, SDLK_g); /* a swap: grid gets Return */
    keys_bind(&s.keys, KEYS_QUICKSAVE, SDLK_F6);
    keys_bind(&s.keys, KEYS_SKIP, SDLK_KP_5);
    char buf[SETTINGS_MAX_BYTES];
    int n = settings_format(&s, buf, sizeof buf);
    ck_assert_int_gt(n, 0);
    ck_assert_ptr_nonnull(strstr(buf, "key.end_turn = G\n"));
    ck_assert_ptr_nonnull(strstr(buf, "key.grid = Return\n"));
    ck_assert_ptr_nonnull(strstr(buf, "key.skip_replay = Keypad 5\n"));
    settings_default(&t);
    Err e = {{0}};
    ck_assert_int_eq(settings_parse(&t, buf, (size_t)n, "x.ini", &e), 0);
    ck_assert_str_eq(t.note, "");
    for (int a = 0; a < KEYS_COUNT; a++) ck_assert_int_eq(t.keys.key[a], s.keys.key[a]);
    /* A key line written by hand onto another action's default swaps too. */
    const char *hand = "key.quick_load = F5\n";
    settings_default(&t);
    ck_assert_int_eq(settings_parse(&t, hand, strlen(hand), "x.ini", &e), 0);
    ck_assert_int_eq(t.keys.key[KEYS_QUICKLOAD], SDLK_F5);
    ck_assert_int_eq(t.keys.key[KEYS_QUICKSAVE], SDLK_F9);
}
END_TEST

START_TEST(test_bad_key_lines_are_told_and_keep_the_default)
{
    static const struct {
        const char *text, *note;
    } cases[] = {
        {"fish = 10\nkey.end_turn = Nonsense\n",
         "my.ini:2: key.end_turn 'Nonsense' is not a key name; using Return"},
        {"key.fire = X\n", "my.ini:1: key.fire is not a key shoal binds (ignored)"},
        {"key.grid = Escape\n",
         "my.ini:1: key.grid 'Escape' is a key shoal keeps for itself; using G"},
        {"key.grid = X\nkey.skip_replay = X\n",
         "my.ini:2: key.skip_replay 'X' is key.grid's already; using Space"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Settings s;
        settings_default(&s);
        Err e = {{0}};
        ck_assert_int_eq(settings_parse(&s, cases[i].text, strlen(cases[i].text), "my.ini", &e), 0);
        ck_assert_str_eq(s.note, cases[i].note);
        ck_assert_int_eq(s.keys.key[KEYS_END_TURN], SDLK_RETURN);
        ck_assert_int_eq(s.keys.key[KEYS_SKIP], SDLK_SPACE);
    }
    /* The rest of the file counts. */
    Settings s;
    settings_default(&s);
    Err e = {{0}};
    settings_parse(&s, cases[0].text, strlen(cases[0].text), "my.ini", &e);
    ck_assert_int_eq(s.fish, 10);
}
END_TEST

START_TEST(test_keys_screen_takes_a_key_swaps_and_cancels)
{
    Settings s;
    settings_default(&s);
    Menu *m = calloc(1, sizeof *m);
    ck_assert_ptr_nonnull(m);
    menu_init(m, &s);
    ck_assert_int_eq(menu_key(m, SDLK_g), 0); /* not on the Keys screen */
    menu_show(m, MENU_KEYS);
    ck_assert_int_eq(menu_key(m, SDLK_g), 0); /* no action clicked */
    m->key_wait = KEYS_END_TURN;
    ck_assert_int_eq(menu_key(m, SDLK_ESCAPE), 1);
    ck_assert_int_eq(m->edit.keys.key[KEYS_END_TURN], SDLK_RETURN);
    ck_assert(!m->keys_bound); /* cancelled: nothing to take */
    m->key_wait = KEYS_END_TURN;
    ck_assert_int_eq(menu_key(m, SDLK_g), 1);
    /* Bound: the screen's next frame hands it on, taken at once (no Apply). */
    ck_assert(m->keys_bound);
    m->keys_bound = false;
    ck_assert_int_eq(m->edit.keys.key[KEYS_END_TURN], SDLK_g);
    ck_assert_int_eq(m->edit.keys.key[KEYS_GRID], SDLK_RETURN);
    ck_assert_str_eq(m->note, "G was the key of Hex grid on / off, which now has Return");
    m->key_wait = KEYS_GRID;
    ck_assert_int_eq(menu_key(m, SDLK_F12), 1);
    ck_assert_int_eq(m->edit.keys.key[KEYS_GRID], SDLK_RETURN);
    ck_assert_ptr_nonnull(strstr(m->note, "F12 stays as it is"));
    ck_assert(!m->keys_bound); /* refused: nothing changed */
    ck_assert_int_eq(m->key_wait, -1);
    free(m);
}
END_TEST

static Suite *keys_suite(void)
{
    Suite *s = suite_create("keys");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_defaults_are_distinct_and_named);
    tcase_add_test(tc, test_bind_swaps_on_conflict_and_refuses_fixed_keys);
    tcase_add_test(tc, test_keys_round_trip_through_settings_ini);
    tcase_add_test(tc, test_bad_key_lines_are_told_and_keep_the_default);
    tcase_add_test(tc, test_keys_screen_takes_a_key_swaps_and_cancels);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(keys_suite)
