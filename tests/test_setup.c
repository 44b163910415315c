/* test_setup: the New skirmish choices beyond fleet sizes — each side's
 * ship classes, the opening wind, the computer's level — reach the battle,
 * survive a save (old saves load as normal), are refused when bad, and
 * each of the computer's levels plays its own way, the same way every
 * time, and beats the one below it. */
#include "testutil.h"

#include "core/ai.h"
#include "core/save.h"
#include "game/settings.h"

static Map map;
static MapGenParams gen;

/* The generated sea of seed 5, once for the suite. */
static void sea(void)
{
    Err e;
    SkirmishSetup st;
    skirmish_setup_default(&st);
    ck_assert_msg(skirmish_map_load(NULL, 5, &map, &gen, &st, &e) == 0, "%s", e.msg);
}

static void sea_free(void)
{
    map_free(&map);
}

/* A setup on that sea: A = line, sloop; B = frigate, line, sloop; wind
 * from NW at 4; side B easy. */
static void chosen(SkirmishSetup *st)
{
    skirmish_setup_default(st);
    st->seed = 9;
    st->gen = &gen;
    st->ships[0] = 2;
    st->ships[1] = 3;
    st->pick.classes_set[0] = st->pick.classes_set[1] = true;
    st->pick.classes[0][0] = FLEET_LINE;
    st->pick.classes[0][1] = FLEET_SLOOP;
    st->pick.classes[1][0] = FLEET_FRIGATE;
    st->pick.classes[1][1] = FLEET_LINE;
    st->pick.classes[1][2] = FLEET_SLOOP;
    st->pick.wind_set = true;
    st->pick.wind_dir = hex_dir_from_name("NW");
    st->pick.wind_strength = 4;
    st->ai_level[1] = SKIRMISH_AI_EASY;
}

static void side_classes(const Skirmish *sk, int side, int *out, int *n)
{
    *n = 0;
    for (int i = 0; i < sk->nships; i++)
        if (sk->ships[i].side == side) out[(*n)++] = sk->ships[i].cls;
}

START_TEST(test_chosen_classes_wind_and_level_reach_the_battle)
{
    SkirmishSetup st;
    chosen(&st);
    Skirmish sk;
    Err e;
    ck_assert_msg(skirmish_init(&sk, &map, &st, &e) == 0, "%s", e.msg);
    int cls[SKIRMISH_MAX_SHIPS], n;
    side_classes(&sk, 0, cls, &n);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(cls[0], FLEET_LINE);
    ck_assert_int_eq(cls[1], FLEET_SLOOP);
    side_classes(&sk, 1, cls, &n);
    ck_assert_int_eq(n, 3);
    ck_assert_int_eq(cls[0], FLEET_FRIGATE);
    ck_assert_int_eq(cls[1], FLEET_LINE);
    ck_assert_int_eq(cls[2], FLEET_SLOOP);
    ck_assert_int_eq(sk.wind_dir, hex_dir_from_name("NW"));
    ck_assert_int_eq(sk.wind_strength, 4);
    ck_assert_int_eq(sk.ai_level[0], SKIRMISH_AI_NORMAL);
    ck_assert_int_eq(sk.ai_level[1], SKIRMISH_AI_EASY);
    /* Nobody starts in irons under the chosen wind. */
    for (int i = 0; i < sk.nships; i++)
        ck_assert_int_ne(fleet_point_of_sail(sk.ships[i].pose.facing, sk.wind_dir), FLEET_IN_IRONS);
    skirmish_deinit(&sk);
}
END_TEST

START_TEST(test_unchosen_means_the_mix_and_the_maps_wind)
{
    SkirmishSetup st;
    skirmish_setup_default(&st);
    st.gen = &gen;
    st.ships[0] = st.ships[1] = 5;
    Skirmish sk;
    Err e;
    ck_assert_msg(skirmish_init(&sk, &map, &st, &e) == 0, "%s", e.msg);
    int cls[SKIRMISH_MAX_SHIPS], n;
    for (int side = 0; side < 2; side++) {
        side_classes(&sk, side, cls, &n);
        for (int k = 0; k < n; k++) ck_assert_int_eq(cls[k], skirmish_fleet_class(5, k));
    }
    ck_assert_int_eq(sk.wind_dir, map.meta.wind_dir);
    ck_assert_int_eq(sk.wind_strength, map.meta.wind_strength);
    skirmish_deinit(&sk);
}
END_TEST

START_TEST(test_bad_choices_are_refused)
{
    static const struct {
        int what, value;
        const char *needle;
    } rows[] = {{0, 7, "class 7"}, {1, 6, "wind 6"}, {2, 9, "strength 9"}, {3, 3, "level 3"}};
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        SkirmishSetup st;
        chosen(&st);
        if (rows[r].what == 0) st.pick.classes[1][2] = rows[r].value;
        if (rows[r].what == 1) st.pick.wind_dir = rows[r].value;
        if (rows[r].what == 2) st.pick.wind_strength = rows[r].value;
        if (rows[r].what == 3) st.ai_level[1] = rows[r].value;
        Skirmish sk;
        Err e = {{0}};
        ck_assert_int_ne(skirmish_init(&sk, &map, &st, &e), 0);
        ck_assert_msg(strstr(e.msg, rows[r].needle) != NULL, "%s", e.msg);
    }
}
END_TEST

START_TEST(test_class_lists_parse_and_format)
{
    int cls[SKIRMISH_SIDE_SHIPS];
    ck_assert_int_eq(skirmish_classes_parse("line,Frigate,sloop", cls), 3);
    ck_assert_int_eq(cls[0], FLEET_LINE);
    ck_assert_int_eq(cls[1], FLEET_FRIGATE);
    ck_assert_int_eq(cls[2], FLEET_SLOOP);
    char buf[64];
    ck_assert_int_gt(skirmish_classes_format(cls, 3, buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "line,frigate,sloop");
    const char *bad[] = {"",      "line,",
                         ",line", "line,,sloop",
                         "junk",  "sloop,sloop,sloop,sloop,sloop,sloop,sloop,sloop,sloop"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        ck_assert_msg(skirmish_classes_parse(bad[k], cls) == -1, "'%s' parsed", bad[k]);
}
END_TEST

/* sk's save text (malloc'd). */
static char *save_text(const Skirmish *sk, int *len)
{
    char *buf = malloc(SAVE_MAX_BYTES);
    ck_assert_ptr_nonnull(buf);
    Err e;
    *len = save_format(sk, buf, SAVE_MAX_BYTES, &e);
    ck_assert_msg(*len > 0, "%s", e.msg);
    return buf;
}

START_TEST(test_a_save_keeps_classes_wind_and_the_computer)
{
    SkirmishSetup st;
    chosen(&st);
    Skirmish sk, back;
    Err e;
    ck_assert_msg(skirmish_init(&sk, &map, &st, &e) == 0, "%s", e.msg);
    int len;
    char *text = save_text(&sk, &len);
    ck_assert_ptr_nonnull(strstr(text, "computer = easy"));
    ck_assert_msg(save_parse(text, (size_t)len, "t.sav", &map, &back, &e) == 0, "%s", e.msg);
    ck_assert_int_eq(back.ai_level[0], SKIRMISH_AI_NORMAL);
    ck_assert_int_eq(back.ai_level[1], SKIRMISH_AI_EASY);
    ck_assert_int_eq(back.wind_dir, sk.wind_dir);
    ck_assert_int_eq(back.wind_strength, 4);
    ck_assert_int_eq(back.nships, 5);
    for (int i = 0; i < sk.nships; i++) ck_assert_int_eq(back.ships[i].cls, sk.ships[i].cls);
    skirmish_deinit(&back);
    /* Saves from before the three levels said green for easy. */
    char *old = strstr(text, "computer = easy");
    ck_assert_ptr_nonnull(old);
    char *was = malloc((size_t)len + 8);
    ck_assert_ptr_nonnull(was);
    snprintf(was, (size_t)len + 8, "%.*scomputer = green%s", (int)(old - text), text,
             old + strlen("computer = easy"));
    ck_assert_msg(save_parse(was, strlen(was), "was.sav", &map, &back, &e) == 0, "%s", e.msg);
    ck_assert_int_eq(back.ai_level[1], SKIRMISH_AI_EASY);
    skirmish_deinit(&back);
    free(was);
    /* A save from before the choice: no computer lines, normal both. */
    for (char *p; (p = strstr(text, "computer = ")) != NULL;) {
        char *nl = strchr(p, '\n');
        memmove(p, nl + 1, strlen(nl + 1) + 1);
    }
    ck_assert_msg(save_parse(text, strlen(text), "old.sav", &map, &back, &e) == 0, "%s", e.msg);
    ck_assert_int_eq(back.ai_level[1], SKIRMISH_AI_NORMAL);
    skirmish_deinit(&back);
    free(text);
    skirmish_deinit(&sk);
}
END_TEST

START_TEST(test_a_bad_computer_in_a_save_names_its_line)
{
    SkirmishSetup st;
    chosen(&st);
    Skirmish sk, back;
    Err e = {{0}};
    ck_assert_msg(skirmish_init(&sk, &map, &st, &e) == 0, "%s", e.msg);
    int len;
    char *text = save_text(&sk, &len);
    char *p = strstr(text, "computer = easy");
    ck_assert_ptr_nonnull(p);
    int line = 1;
    for (char *q = text; q < p; q++) line += *q == '\n';
    memcpy(p, "computer = bold", 15);
    ck_assert_int_ne(save_parse(text, (size_t)len, "bad.sav", &map, &back, &e), 0);
    char want[128];
    snprintf(want, sizeof want,
             "bad.sav:%d: side B: computer 'bold' is not easy, normal, hard or none (a person's "
             "side)",
             line);
    ck_assert_str_eq(e.msg, want);
    free(text);
    skirmish_deinit(&sk);
}
END_TEST

/* Plan side B for `turns` turns at level (side A normal) and
 * hash every order side B gave. */
static uint64_t orders_hash(int level, int turns)
{
    SkirmishSetup st;
    chosen(&st);
    Skirmish *sk = malloc(sizeof *sk);
    ck_assert_ptr_nonnull(sk);
    Err e;
    ck_assert_msg(skirmish_init(sk, &map, &st, &e) == 0, "%s", e.msg);
    uint64_t h = 1469598103934665603ull;
    for (int t = 0; t < turns && !sk->over; t++) {
        ck_assert_msg(ai_plan_level(sk, 0, SKIRMISH_AI_NORMAL, &e) == 0, "%s", e.msg);
        ck_assert_msg(ai_plan_level(sk, 1, level, &e) == 0, "%s", e.msg);
        for (int i = 0; i < sk->nships; i++) {
            if (sk->ships[i].side != 1) continue;
            const unsigned char *p = (const unsigned char *)&sk->orders[i];
            for (size_t k = 0; k < sizeof sk->orders[i]; k++) h = (h ^ p[k]) * 1099511628211ull;
        }
        ck_assert(skirmish_submit(sk, 0, &e) == 0 && skirmish_submit(sk, 1, &e) == 0);
        ck_assert_msg(skirmish_resolve(sk, &e) == 0, "%s", e.msg);
    }
    skirmish_deinit(sk);
    free(sk);
    return h;
}

START_TEST(test_each_level_plays_its_own_way_and_the_same_each_time)
{
    uint64_t h[SKIRMISH_AI_LEVELS];
    for (int l = 0; l < SKIRMISH_AI_LEVELS; l++) h[l] = orders_hash(l, 6);
    ck_assert_uint_ne(h[SKIRMISH_AI_NORMAL], h[SKIRMISH_AI_EASY]);
    ck_assert_uint_ne(h[SKIRMISH_AI_NORMAL], h[SKIRMISH_AI_HARD]);
    ck_assert_uint_ne(h[SKIRMISH_AI_EASY], h[SKIRMISH_AI_HARD]);
    for (int l = 0; l < SKIRMISH_AI_LEVELS; l++) ck_assert_uint_eq(h[l], orders_hash(l, 6));
}
END_TEST

/* The orders side A's admiral at level gives on turn `turn` of the
 * chosen battle, when side B has already plotted (and, with b_random,
 * plotted at random instead of as the admiral) and submitted. */
static void orders_against(int level, int turn, bool b_random,
                           SkirmishOrders out[SKIRMISH_MAX_SHIPS])
{
    SkirmishSetup st;
    chosen(&st);
    Skirmish *sk = malloc(sizeof *sk);
    ck_assert_ptr_nonnull(sk);
    Err e;
    ck_assert_msg(skirmish_init(sk, &map, &st, &e) == 0, "%s", e.msg);
    const int players[2] = {AI_PLAYER_NORMAL, AI_PLAYER_NORMAL};
    for (int t = 1; t < turn; t++) ck_assert_msg(ai_play_turn(sk, players, &e) == 0, "%s", e.msg);
    ck_assert(!sk->over);
    int rc =
        b_random ? ai_plan_random(sk, 1, 99, &e) : ai_plan_level(sk, 1, SKIRMISH_AI_NORMAL, &e);
    ck_assert_msg(rc == 0 && skirmish_submit(sk, 1, &e) == 0, "%s", e.msg);
    SkirmishOrders b[SKIRMISH_MAX_SHIPS];
    memcpy(b, sk->orders, sizeof b);
    ck_assert_msg(ai_plan_level(sk, 0, level, &e) == 0, "%s", e.msg);
    /* Side B's orders are as B left them: the guesses are on copies. */
    for (int i = 0; i < sk->nships; i++)
        if (sk->ships[i].side == 1) ck_assert_int_eq(memcmp(&b[i], &sk->orders[i], sizeof b[i]), 0);
    memcpy(out, sk->orders, sizeof sk->orders);
    skirmish_deinit(sk);
    free(sk);
}

/* The levels guess the enemy's reply; none reads it: side A plots the
 * same whatever side B has plotted and submitted. */
START_TEST(test_no_level_reads_the_enemys_orders)
{
    for (int l = 0; l < SKIRMISH_AI_LEVELS; l++)
        for (int turn = 2; turn <= 8; turn += 2) {
            SkirmishOrders a[SKIRMISH_MAX_SHIPS], b[SKIRMISH_MAX_SHIPS];
            orders_against(l, turn, false, a);
            orders_against(l, turn, true, b);
            for (int i = 0; i < 2; i++) /* side A: ships 0 and 1 */
                ck_assert_msg(memcmp(&a[i], &b[i], sizeof a[i]) == 0, "level %s, turn %d, ship %d",
                              skirmish_ai_names[l], turn, i);
        }
}
END_TEST

/* Wins of player `a` and of `b` over seeds 1..seeds in both seatings. */
static void rung(int a, int b, int seeds, int *won, int *lost)
{
    *won = *lost = 0;
    for (int s = 1; s <= seeds; s++)
        for (int seat = 0; seat < 2; seat++) {
            SkirmishSetup st;
            skirmish_setup_default(&st);
            st.seed = (uint64_t)s;
            int players[2];
            players[seat] = a;
            players[1 - seat] = b;
            SkirmishOutcome out;
            Err e;
            ck_assert_msg(ai_autoplay_map(NULL, &st, players, &out, &e) == 0, "%s", e.msg);
            *won += out.winner == seat;
            *lost += out.winner == 1 - seat;
        }
    printf("%s vs %s: won %d, lost %d of %d\n", ai_player_name(a), ai_player_name(b), *won, *lost,
           2 * seeds);
}

/* Over a few seeds and both seatings, each level beats the one below it
 * more often than it loses (the full ladder, 100 seeds, is in the README:
 * tools/bench/battles.sh). */
START_TEST(test_each_level_beats_the_one_below)
{
    int seeds = tu_scale(12, 4), won, lost;
    rung(AI_PLAYER_HARD, AI_PLAYER_NORMAL, seeds, &won, &lost);
    ck_assert_int_gt(won, lost);
    rung(AI_PLAYER_NORMAL, AI_PLAYER_EASY, seeds, &won, &lost);
    ck_assert_int_gt(won, lost);
    rung(AI_PLAYER_EASY, AI_PLAYER_RANDOM, seeds, &won, &lost);
    ck_assert_int_gt(won, 3 * lost);
}
END_TEST

START_TEST(test_settings_keep_the_choices_and_refuse_bad_ones)
{
    Settings s;
    settings_default(&s);
    const char *ok = "fleet_a = 2\nclasses_a = line,sloop\nclasses_b = mix\nwind = SW\n"
                     "wind_strength = 5\ncomputer = easy\n";
    Err e = {{0}};
    ck_assert_msg(settings_parse(&s, ok, strlen(ok), "s.ini", &e) == 0, "%s", e.msg);
    ck_assert(s.pick.classes_set[0] && !s.pick.classes_set[1]);
    ck_assert_int_eq(s.pick.classes[0][0], FLEET_LINE);
    ck_assert_int_eq(s.pick.classes[0][1], FLEET_SLOOP);
    ck_assert(s.pick.wind_set);
    ck_assert_int_eq(s.pick.wind_dir, hex_dir_from_name("SW"));
    ck_assert_int_eq(s.ai_level, SKIRMISH_AI_EASY);
    char buf[SETTINGS_MAX_BYTES];
    int n = settings_format(&s, buf, sizeof buf);
    ck_assert_int_gt(n, 0);
    Settings t;
    settings_default(&t);
    ck_assert_msg(settings_parse(&t, buf, (size_t)n, "t.ini", &e) == 0, "%s", e.msg);
    ck_assert_mem_eq(t.pick.classes[0], s.pick.classes[0], 2 * sizeof(int));
    ck_assert(t.pick.wind_set && t.pick.wind_dir == s.pick.wind_dir && t.pick.wind_strength == 5 &&
              t.ai_level == 1);
    static const struct {
        const char *text, *msg;
    } bad[] = {
        {"classes_b = line,boat\n",
         "b.ini:1: classes_b 'line,boat' is not mix or 1 to 8 of sloop, frigate, line with commas"},
        {"\nwind = up\n", "b.ini:2: wind 'up' is not map or one of E NE NW W SW SE"},
        {"wind_strength = 6\n", "b.ini:1: wind_strength '6' is not a whole number in 0..5"},
        {"computer = brave\n", "b.ini:1: computer 'brave' is not easy, normal or hard"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        ck_assert_int_ne(settings_parse(&s, bad[k].text, strlen(bad[k].text), "b.ini", &e), 0);
        ck_assert_str_eq(e.msg, bad[k].msg);
    }
}
END_TEST

static Suite *setup_suite(void)
{
    Suite *s = suite_create("setup");
    TCase *tc = tcase_create("core");
    tcase_add_unchecked_fixture(tc, sea, sea_free);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_chosen_classes_wind_and_level_reach_the_battle);
    tcase_add_test(tc, test_unchosen_means_the_mix_and_the_maps_wind);
    tcase_add_test(tc, test_bad_choices_are_refused);
    tcase_add_test(tc, test_class_lists_parse_and_format);
    tcase_add_test(tc, test_a_save_keeps_classes_wind_and_the_computer);
    tcase_add_test(tc, test_a_bad_computer_in_a_save_names_its_line);
    tcase_add_test(tc, test_each_level_plays_its_own_way_and_the_same_each_time);
    tcase_add_test(tc, test_each_level_beats_the_one_below);
    tcase_add_test(tc, test_no_level_reads_the_enemys_orders);
    tcase_add_test(tc, test_settings_keep_the_choices_and_refuse_bad_ones);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(setup_suite)
