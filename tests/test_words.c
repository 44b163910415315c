/* test_words: counts read as English (core/words), and every count in the
 * battle log goes through it: "1 hex", "2 hexes", "1 gun". */
#include "testutil.h"

#include "core/skirmish.h"
#include "core/words.h"

START_TEST(one_takes_the_singular_and_the_rest_the_plural)
{
    ck_assert_str_eq(words_plural(1, "hex", "hexes"), "hex");
    ck_assert_str_eq(words_plural(-1, "hex", "hexes"), "hex");
    ck_assert_str_eq(words_plural(0, "hex", "hexes"), "hexes");
    ck_assert_str_eq(words_plural(2, "hex", "hexes"), "hexes");
    ck_assert_str_eq(words_plural(11, "ship", "ships"), "ships");
}
END_TEST

/* A skirmish of two frigates on open water, for the log's sentences. */
static void two_ships(Skirmish *sk, Map *m)
{
    Err e;
    ck_assert_int_eq(map_init(m, 600, 400, &e), 0);
    m->meta.hex_size = 24;
    ck_assert_int_eq(skirmish_init_empty(sk, m, &e), 0);
    sk->turn_limit = 10;
    HexPose a = {{3, 3}, 0}, b = {{5, 3}, 3};
    fleet_ship_init(&sk->ships[0], FLEET_FRIGATE, 0, a);
    fleet_ship_init(&sk->ships[1], FLEET_FRIGATE, 1, b);
    sk->nships = 2;
}

/* The log's counts by row: the event, the count, what the line must say
 * and what it must never say. */
START_TEST(the_log_counts_in_singular_and_plural)
{
    Map m;
    Skirmish sk;
    two_ships(&sk, &m);
    const struct {
        int kind, range, guns, hits, lost_guns;
        const char *says, *never;
    } rows[] = {
        {SKIRMISH_EV_FIRED, 1, 6, 2, 0, "(round shot, 1 hex): 2 of 6 guns hit", "1 hexes"},
        {SKIRMISH_EV_FIRED, 2, 1, 1, 0, "(round shot, 2 hexes): 1 of 1 gun hit", "1 guns"},
        {SKIRMISH_EV_HIT, 0, 0, 0, 1, "1 crew, 1 gun", "1 guns"},
        {SKIRMISH_EV_HIT, 0, 0, 0, 2, "1 crew, 2 guns", "2 gun,"},
    };
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        SkirmishEvent ev;
        memset(&ev, 0, sizeof ev);
        ev.kind = rows[k].kind;
        ev.ship = 0;
        ev.other = 1;
        ev.range = rows[k].range;
        ev.guns = rows[k].guns;
        ev.hits = rows[k].hits;
        ev.shot = FLEET_ROUND;
        ev.damage.hull = ev.damage.rigging = ev.damage.crew = 1;
        ev.damage.guns[0] = rows[k].lost_guns;
        char text[256];
        skirmish_event_text(&sk, &ev, text, sizeof text);
        ck_assert_msg(strstr(text, rows[k].says) != NULL, "row %zu: '%s' lacks '%s'", k, text,
                      rows[k].says);
        ck_assert_msg(strstr(text, rows[k].never) == NULL, "row %zu: '%s' says '%s'", k, text,
                      rows[k].never);
    }
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("words");
    TCase *tc = tcase_create("plurals");
    tcase_add_test(tc, one_takes_the_singular_and_the_rest_the_plural);
    tcase_add_test(tc, the_log_counts_in_singular_and_plural);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
