/* test_board: grappling, fouling, cutting loose, the melee, prizes and
 * recapture (fleet.h's "Grappling, boarding and prizes", the board order of
 * skirmish.h). Ships that must stay put lie at anchor. */
#include "testutil.h"

#include "core/skirmish.h"
#include "sktest.h"

static const SkirmishEvent *event_of(const Skirmish *sk, int kind, int ship)
{
    for (int k = 0; k < sk->nevents; k++)
        if (sk->events[k].kind == kind && sk->events[k].ship == ship) return &sk->events[k];
    return NULL;
}

/* Ship i's orders: hold fire, and the board order given. */
static void board_order(Skirmish *sk, int i, int board, int target)
{
    SkirmishOrders o;
    skirmish_default_orders(sk, i, &o);
    o.fire[0].target = o.fire[1].target = SKIRMISH_HOLD;
    o.board = board;
    o.board_target = target;
    Err e;
    ck_assert_msg(skirmish_order(sk, i, &o, &e) == 0, "%s", e.msg);
}

static void hold_fire(Skirmish *sk, int i)
{
    board_order(sk, i, SKIRMISH_BOARD_NONE, 0);
}

static void lash_pair(Skirmish *sk, int i, int j)
{
    sk->ships[i].lashed = j;
    sk->ships[j].lashed = i;
}

START_TEST(test_melee_table)
{
    /* Odds columns at their edges. */
    ck_assert_int_eq(fleet_melee_odds(3, 7), 0);
    ck_assert_int_eq(fleet_melee_odds(4, 8), 1);
    ck_assert_int_eq(fleet_melee_odds(7, 8), 1);
    ck_assert_int_eq(fleet_melee_odds(8, 8), 2);
    ck_assert_int_eq(fleet_melee_odds(11, 8), 2);
    ck_assert_int_eq(fleet_melee_odds(12, 8), 3);
    ck_assert_int_eq(fleet_melee_odds(16, 8), 4);
    ck_assert_int_eq(fleet_melee_odds(5, 0), 4);
    /* A frigate (12) at a sloop (8): 3:2, die 3-4 -> 20% and 35%, rounded up. */
    int al, dl;
    fleet_melee(12, 8, 3, &al, &dl);
    ck_assert_int_eq(al, 3);
    ck_assert_int_eq(dl, 3);
    /* Better dice, heavier losses for the defenders, lighter for the boarders. */
    for (int odds = 0; odds < FLEET_MELEE_ODDS; odds++)
        for (int r = 1; r < FLEET_MELEE_ROWS; r++) {
            ck_assert_int_le(fleet_melee_table[r][odds][0], fleet_melee_table[r - 1][odds][0]);
            ck_assert_int_ge(fleet_melee_table[r][odds][1], fleet_melee_table[r - 1][odds][1]);
        }
    /* Never more than the crew there is; die clamped. */
    fleet_melee(1, 1, 99, &al, &dl);
    ck_assert(al <= 1 && dl <= 1);
    ck_assert(fleet_melee_carried(9, 4));
    ck_assert(!fleet_melee_carried(8, 4));
    ck_assert_int_eq(fleet_prize_crew(FLEET_SLOOP), 2);
    ck_assert_int_eq(fleet_prize_crew(FLEET_FRIGATE), 3);
    ck_assert_int_eq(fleet_prize_crew(FLEET_LINE), 5);
}
END_TEST

/* Grapples thrown alongside hold on 30% + 40% x crew share; sure when both
 * want it; a mark not alongside is out of reach and nothing is lashed. */
START_TEST(test_grapple_chance)
{
    Map m = open_map(1000, 600);
    Skirmish sk;
    int held = 0, thin = 0, runs = tu_scale(300, 100);
    for (int seed = 1; seed <= runs; seed++) {
        sk_empty(&sk, &m, (uint64_t)seed);
        int a = add_ship(&sk, FLEET_FRIGATE, 0, 8, 8, 1);
        int b = add_ship(&sk, FLEET_FRIGATE, 1, 9, 8, 1); /* east of a: alongside */
        int c = add_ship(&sk, FLEET_FRIGATE, 0, 8, 14, 1);
        int d = add_ship(&sk, FLEET_FRIGATE, 1, 9, 14, 1);
        int f = add_ship(&sk, FLEET_FRIGATE, 0, 14, 4, 1);
        int g = add_ship(&sk, FLEET_FRIGATE, 1, 18, 4, 1); /* far off */
        for (int i = 0; i < sk.nships; i++) moor(&sk, i);
        sk.ships[c].crew = 6; /* half her crew: 50% */
        board_order(&sk, a, SKIRMISH_BOARD, b);
        hold_fire(&sk, b);
        board_order(&sk, c, SKIRMISH_BOARD, d);
        hold_fire(&sk, d);
        board_order(&sk, f, SKIRMISH_BOARD, g);
        hold_fire(&sk, g);
        resolve(&sk);
        const SkirmishEvent *ev = event_of(&sk, SKIRMISH_EV_GRAPPLED, a);
        ck_assert_ptr_nonnull(ev);
        ck_assert_int_eq(ev->other, b);
        held += ev->a == 1;
        ck_assert_int_eq(sk.ships[a].lashed, ev->a == 1 ? b : -1);
        ck_assert_int_eq(sk.ships[b].lashed, ev->a == 1 ? a : -1);
        thin += sk.ships[c].lashed == d;
        ev = event_of(&sk, SKIRMISH_EV_GRAPPLED, f);
        ck_assert_ptr_nonnull(ev);
        ck_assert_int_eq(ev->a, 3);
        ck_assert_int_eq(sk.ships[f].lashed, -1);
        skirmish_deinit(&sk);
    }
    ck_assert_msg(abs(held - runs * 70 / 100) <= runs / 10, "held %d of %d", held, runs);
    ck_assert_msg(abs(thin - runs * 50 / 100) <= runs / 10, "thin crew held %d of %d", thin, runs);
    /* Both wanting it: always. */
    for (int seed = 1; seed <= 20; seed++) {
        sk_empty(&sk, &m, (uint64_t)seed);
        int a = add_ship(&sk, FLEET_SLOOP, 0, 8, 8, 1);
        int b = add_ship(&sk, FLEET_SLOOP, 1, 9, 8, 1);
        moor(&sk, a);
        moor(&sk, b);
        sk.ships[a].crew = sk.ships[b].crew = 2;
        board_order(&sk, a, SKIRMISH_BOARD, b);
        board_order(&sk, b, SKIRMISH_BOARD, a);
        resolve(&sk);
        ck_assert_int_eq(count_events(&sk, SKIRMISH_EV_GRAPPLED, -1), 1);
        ck_assert_int_eq(sk.ships[a].lashed, b);
        skirmish_deinit(&sk);
    }
    map_free(&m);
}
END_TEST

/* Lashed ships may not sail or anchor, board only each other, and never
 * drift; a ship free of lashings can't cut loose. */
START_TEST(test_lashed_orders)
{
    Map m = open_map(1000, 600);
    Skirmish sk;
    sk_empty(&sk, &m, 5);
    int a = add_ship(&sk, FLEET_FRIGATE, 0, 8, 8, 1);
    int b = add_ship(&sk, FLEET_FRIGATE, 1, 9, 8, 1);
    int c = add_ship(&sk, FLEET_FRIGATE, 1, 8, 9, 1);
    SkirmishOrders o;
    Err e;
    skirmish_default_orders(&sk, a, &o);
    o.board = SKIRMISH_BOARD_CUT;
    ck_assert_int_eq(skirmish_check_orders(&sk, a, &o, &e), -1);
    ck_assert(strstr(e.msg, "lashed to no ship"));
    o.board = SKIRMISH_BOARD;
    o.board_target = a;
    ck_assert_int_eq(skirmish_check_orders(&sk, b, &o, &e), 0);
    ck_assert_int_eq(skirmish_check_orders(&sk, c, &o, &e), 0);
    o.board_target = c;
    ck_assert_int_eq(skirmish_check_orders(&sk, b, &o, &e), -1);
    ck_assert(strstr(e.msg, "own side"));
    lash_pair(&sk, a, b);
    ck_assert(!fleet_ship_can_sail(&sk.ships[a]));
    ck_assert_int_eq(skirmish_allowance(&sk, a), 0);
    o.board_target = c;
    ck_assert_int_eq(skirmish_check_orders(&sk, a, &o, &e), -1);
    ck_assert(strstr(e.msg, "can board only her"));
    /* Plotting to board a ship lashed to another is allowed: she may be
     * free by the time the path ends (else the grapple is out of reach). */
    o.board_target = a;
    ck_assert_int_eq(skirmish_check_orders(&sk, c, &o, &e), 0);
    skirmish_default_orders(&sk, a, &o);
    o.nsteps = 1;
    o.steps[0] = HEX_STEP_FORWARD;
    ck_assert_int_eq(skirmish_check_orders(&sk, a, &o, &e), -1);
    ck_assert(strstr(e.msg, "cannot sail"));
    o.nsteps = 0;
    o.anchor = true;
    ck_assert_int_eq(skirmish_check_orders(&sk, a, &o, &e), -1);
    ck_assert(strstr(e.msg, "cannot anchor"));
    /* With no way on in a gale they stay: lashed ships never drift. */
    sk.wind_strength = 5;
    for (int t = 0; t < 6; t++) {
        hold_fire(&sk, a);
        hold_fire(&sk, b);
        moor(&sk, c);
        sk.orders[c].fire[0].target = sk.orders[c].fire[1].target = SKIRMISH_HOLD;
        /* A pair of which neither boards clears on FLEET_CLEAR_PCT: keep it by boarding. */
        board_order(&sk, a, SKIRMISH_BOARD, b);
        sk.ships[a].crew = sk.ships[b].crew = 1; /* too few to carry anyone */
        resolve(&sk);
        ck_assert_int_eq(count_events(&sk, SKIRMISH_EV_DRIFTED, -1), 0);
        ck_assert(hex_equal(sk.ships[a].pose.hex, hex_make(8, 8)));
        if (sk.over) break;
    }
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* A line of battle ship boards a sloop she is lashed to: melee after melee
 * the sloop's crew falls until she is carried, strikes and is taken as a
 * prize: she changes side, sails with the prize crew the taker spared, and
 * counts for the taker. The sloop was B's last ship: A wins. */
START_TEST(test_board_and_take_prize)
{
    Map m = open_map(1000, 600);
    Skirmish sk;
    sk_empty(&sk, &m, 11);
    int a = add_ship(&sk, FLEET_LINE, 0, 8, 8, 1);
    int b = add_ship(&sk, FLEET_SLOOP, 1, 9, 8, 1);
    moor(&sk, a);
    moor(&sk, b);
    lash_pair(&sk, a, b);
    int turns = 0, melees = 0;
    while (sk.ships[b].side == 1 && turns < 10) {
        board_order(&sk, a, SKIRMISH_BOARD, b);
        hold_fire(&sk, b);
        int crew_a = sk.ships[a].crew, crew_b = sk.ships[b].crew;
        resolve(&sk);
        turns++;
        const SkirmishEvent *ev = event_of(&sk, SKIRMISH_EV_BOARDED, a);
        ck_assert_ptr_nonnull(ev);
        melees++;
        ck_assert_int_eq(ev->other, b);
        ck_assert_int_eq(ev->guns, fleet_melee_odds(crew_a, crew_b));
        ck_assert(ev->hits >= 1 && ev->hits <= 6);
        int al, dl;
        fleet_melee(crew_a, crew_b, ev->hits, &al, &dl);
        ck_assert_int_eq(ev->a, al);
        ck_assert_int_eq(ev->b, dl);
        if (sk.ships[b].side == 1) {
            ck_assert_int_eq(sk.ships[b].crew, crew_b - dl);
            ck_assert_int_eq(sk.ships[a].crew, crew_a - al);
        }
    }
    ck_assert_int_eq(sk.ships[b].side, 0);
    ck_assert_int_eq(sk.ships[b].prize, FLEET_PRIZE_TAKEN);
    ck_assert_int_eq(sk.ships[b].status, FLEET_AFLOAT);
    /* She sails for A, and fights no more. */
    ck_assert(fleet_ship_manned(&sk.ships[b]));
    ck_assert(!fleet_ship_active(&sk.ships[b]));
    ck_assert_int_eq(skirmish_active(&sk, 0), 1);
    ck_assert_int_eq(sk.ships[b].crew, fleet_prize_crew(FLEET_SLOOP));
    ck_assert_int_eq(sk.ships[a].lashed, -1);
    ck_assert_int_eq(sk.ships[b].lashed, -1);
    ck_assert_int_eq(fleet_ship_born(&sk.ships[b]), 1);
    const SkirmishEvent *pv = event_of(&sk, SKIRMISH_EV_PRIZE, b);
    ck_assert_ptr_nonnull(pv);
    ck_assert_int_eq(pv->other, a);
    ck_assert_int_eq(pv->a, 0);
    char line[256];
    skirmish_event_text(&sk, pv, line, sizeof line);
    ck_assert_msg(strstr(line, "B1 sloop is taken as a prize by A1 line (a prize crew of 2)"), "%s",
                  line);
    skirmish_event_text(&sk, event_of(&sk, SKIRMISH_EV_BOARDED, a), line, sizeof line);
    ck_assert_msg(strstr(line, "A1 line boards B1 sloop") && strstr(line, "she is carried"), "%s",
                  line);
    ck_assert_int_eq(sk.stats[0].prizes, 1);
    ck_assert_int_eq(sk.stats[0].boardings, melees);
    ck_assert_int_eq(sk.stats[1].struck, 1);
    ck_assert(sk.over);
    ck_assert_int_eq(sk.winner, 0);
    ck_assert_int_ge(sk.stats[0].points, fleet_classes[FLEET_SLOOP].value);
    SkirmishOutcome out;
    skirmish_outcome(&sk, &out);
    ck_assert_int_eq(out.ships[0], 1);
    ck_assert_int_eq(out.ships[1], 1);
    ck_assert_int_eq(out.prizes[0], 1);
    char js[SKIRMISH_OUTCOME_JSON_MAX];
    ck_assert_int_gt(skirmish_outcome_json(&out, js, sizeof js), 0);
    ck_assert_ptr_nonnull(strstr(js, "\"prizes\":[1,0]"));
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* A struck wreck is grappled surely and taken at the turn's end; a prize
 * struck again is recaptured by her first side. A taker who can't spare a
 * prize crew leaves her be. */
START_TEST(test_wreck_prize_and_recapture)
{
    Map m = open_map(1000, 600);
    Skirmish sk;
    sk_empty(&sk, &m, 3);
    sk.wind_strength = 0; /* a calm: the wreck does not drift off */
    int a = add_ship(&sk, FLEET_FRIGATE, 0, 8, 8, 1);
    int b = add_ship(&sk, FLEET_FRIGATE, 1, 9, 8, 1);
    int c = add_ship(&sk, FLEET_FRIGATE, 1, 4, 14, 1);
    moor(&sk, a);
    moor(&sk, c);
    sk.ships[b].status = FLEET_STRUCK;
    sk.ships[b].crew = 2;
    board_order(&sk, a, SKIRMISH_BOARD, b);
    hold_fire(&sk, c);
    resolve(&sk);
    const SkirmishEvent *ev = event_of(&sk, SKIRMISH_EV_GRAPPLED, a);
    ck_assert(ev && ev->a == 1);
    ck_assert_int_eq(sk.ships[b].side, 0);
    ck_assert_int_eq(sk.ships[b].prize, FLEET_PRIZE_TAKEN);
    ck_assert_int_eq(sk.ships[a].crew, 12 - 3);
    /* Her prize crew lost, she strikes again: the statistics count her
     * once, struck for B (who lost her), not for A. */
    int struck_a = sk.stats[0].struck, struck_b = sk.stats[1].struck;
    sk.ships[b].crew = 0;
    moor(&sk, a);
    hold_fire(&sk, a);
    hold_fire(&sk, b);
    hold_fire(&sk, c);
    resolve(&sk);
    ck_assert_int_eq(sk.ships[b].status, FLEET_STRUCK);
    ck_assert_int_eq(count_events(&sk, SKIRMISH_EV_STRUCK, b), 1);
    ck_assert_int_eq(sk.stats[0].struck, struck_a);
    ck_assert_int_eq(sk.stats[1].struck, struck_b);
    /* B's other frigate, alongside, takes her back. */
    sk.ships[c].pose.hex = hex_make(10, 8);
    moor(&sk, a);
    hold_fire(&sk, a);
    board_order(&sk, c, SKIRMISH_BOARD, b);
    resolve(&sk);
    ck_assert_int_eq(sk.ships[b].side, 1);
    ck_assert_int_eq(sk.ships[b].prize, FLEET_PRIZE_RETAKEN);
    ck_assert(!fleet_ship_active(&sk.ships[b]));
    ev = event_of(&sk, SKIRMISH_EV_PRIZE, b);
    ck_assert(ev && ev->a == 1 && ev->other == c);
    ck_assert_int_eq(sk.stats[1].prizes, 1);
    skirmish_deinit(&sk);

    /* A thin crew can't spare the prize crew: the wreck stays a wreck. */
    sk_empty(&sk, &m, 4);
    sk.wind_strength = 0;
    a = add_ship(&sk, FLEET_FRIGATE, 0, 8, 8, 1);
    b = add_ship(&sk, FLEET_FRIGATE, 1, 9, 8, 1);
    c = add_ship(&sk, FLEET_SLOOP, 1, 4, 14, 1);
    moor(&sk, a);
    moor(&sk, c);
    sk.ships[a].crew = 5; /* 5 - 3 = 2 is under a quarter of 12 */
    sk.ships[b].status = FLEET_STRUCK;
    board_order(&sk, a, SKIRMISH_BOARD, b);
    hold_fire(&sk, c);
    resolve(&sk);
    ck_assert_int_eq(sk.ships[b].side, 1);
    ck_assert_int_eq(sk.ships[b].status, FLEET_STRUCK);
    ck_assert_int_eq(sk.ships[a].crew, 5);
    ck_assert_int_eq(count_events(&sk, SKIRMISH_EV_PRIZE, -1), 0);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* Cutting loose: sure when the other does not board her, FLEET_CUT_PCT when
 * she does; fouled friends clear on FLEET_CLEAR_PCT. */
START_TEST(test_cut_loose_and_clear)
{
    Map m = open_map(1000, 600);
    Skirmish sk;
    int cut = 0, cleared = 0, runs = tu_scale(300, 100);
    for (int seed = 1; seed <= runs; seed++) {
        sk_empty(&sk, &m, (uint64_t)seed);
        int a = add_ship(&sk, FLEET_FRIGATE, 0, 8, 8, 1);
        int b = add_ship(&sk, FLEET_FRIGATE, 1, 9, 8, 1);
        int c = add_ship(&sk, FLEET_FRIGATE, 0, 8, 14, 1);
        int d = add_ship(&sk, FLEET_FRIGATE, 1, 9, 14, 1);
        int f = add_ship(&sk, FLEET_SLOOP, 0, 14, 4, 1);
        int g = add_ship(&sk, FLEET_SLOOP, 0, 15, 4, 1);
        lash_pair(&sk, a, b);
        lash_pair(&sk, c, d);
        lash_pair(&sk, f, g);
        board_order(&sk, a, SKIRMISH_BOARD_CUT, 0);
        hold_fire(&sk, b);
        board_order(&sk, c, SKIRMISH_BOARD_CUT, 0);
        board_order(&sk, d, SKIRMISH_BOARD, c);
        hold_fire(&sk, f);
        hold_fire(&sk, g);
        resolve(&sk);
        ck_assert_int_eq(sk.ships[a].lashed, -1);
        ck_assert_int_eq(sk.ships[b].lashed, -1);
        const SkirmishEvent *ev = event_of(&sk, SKIRMISH_EV_CUT, c);
        ck_assert_ptr_nonnull(ev);
        cut += ev->a == 1;
        /* Failed axes: the boarders come on. */
        ck_assert_int_eq(count_events(&sk, SKIRMISH_EV_BOARDED, d), ev->a == 1 ? 0 : 1);
        cleared += sk.ships[f].lashed < 0;
        skirmish_deinit(&sk);
    }
    ck_assert_msg(abs(cut - runs * FLEET_CUT_PCT / 100) <= runs / 10, "cut %d of %d", cut, runs);
    ck_assert_msg(abs(cleared - runs * FLEET_CLEAR_PCT / 100) <= runs / 10, "cleared %d of %d",
                  cleared, runs);
    map_free(&m);
}
END_TEST

/* Ships that collide foul on FLEET_FOUL_PCT and are held for the rest of
 * the turn; a ship that sinks casts off whoever she was lashed to. */
START_TEST(test_fouling_and_sinking)
{
    Map m = open_map(1000, 600);
    Skirmish sk;
    int fouled = 0, runs = tu_scale(300, 100);
    for (int seed = 1; seed <= runs; seed++) {
        sk_empty(&sk, &m, (uint64_t)seed);
        int a = add_ship(&sk, FLEET_FRIGATE, 0, 8, 8, 0); /* sails east into b */
        int b = add_ship(&sk, FLEET_FRIGATE, 1, 9, 8, 1);
        moor(&sk, b);
        order(&sk, a, "F", SKIRMISH_HOLD, SKIRMISH_HOLD, FLEET_ROUND);
        hold_fire(&sk, b);
        resolve(&sk);
        ck_assert_int_eq(count_events(&sk, SKIRMISH_EV_BLOCKED, a), 1);
        const SkirmishEvent *ev = event_of(&sk, SKIRMISH_EV_GRAPPLED, a);
        if (ev) {
            fouled++;
            ck_assert_int_eq(ev->a, 2);
            ck_assert_int_eq(sk.ships[a].lashed, b);
        } else {
            ck_assert_int_eq(sk.ships[a].lashed, -1);
        }
        skirmish_deinit(&sk);
    }
    ck_assert_msg(abs(fouled - runs * FLEET_FOUL_PCT / 100) <= runs / 10, "fouled %d of %d", fouled,
                  runs);
    sk_empty(&sk, &m, 9);
    int a = add_ship(&sk, FLEET_FRIGATE, 0, 8, 8, 1);
    int b = add_ship(&sk, FLEET_FRIGATE, 1, 9, 8, 1);
    int c = add_ship(&sk, FLEET_FRIGATE, 1, 4, 14, 1);
    moor(&sk, c);
    lash_pair(&sk, a, b);
    sk.ships[b].hull = 0; /* she goes down at the turn's end */
    board_order(&sk, a, SKIRMISH_BOARD, b);
    hold_fire(&sk, b);
    hold_fire(&sk, c);
    resolve(&sk);
    ck_assert_int_eq(sk.ships[b].status, FLEET_SUNK);
    ck_assert_int_eq(sk.ships[a].lashed, -1);
    ck_assert_int_eq(sk.ships[b].lashed, -1);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* A prize under sail: she takes a path, but her broadsides stay silent
 * with an enemy in her arc, she may not board, and her first side carries
 * her back by boarding her thin prize crew. */
START_TEST(test_prize_sails_but_does_not_fight)
{
    Map m = open_map(1000, 600);
    Skirmish sk;
    sk_empty(&sk, &m, 21);
    sk.wind_strength = 0;
    int p = add_ship(&sk, FLEET_FRIGATE, 0, 8, 8, 1); /* B1, A's prize */
    int c = add_ship(&sk, FLEET_FRIGATE, 1, 9, 8, 1);
    int a = add_ship(&sk, FLEET_LINE, 0, 3, 14, 1);
    sk.ships[p].prize = FLEET_PRIZE_TAKEN;
    sk.ships[p].crew = fleet_prize_crew(FLEET_FRIGATE);
    ck_assert_int_eq(fleet_ship_born(&sk.ships[p]), 1);
    char lab[16];
    skirmish_ship_label(&sk, p, lab, sizeof lab);
    ck_assert_str_eq(lab, "B1"); /* she keeps her name: B's first ship */
    ck_assert(fleet_ship_can_sail(&sk.ships[p]));
    skirmish_default_orders(&sk, p, &sk.orders[p]);
    ck_assert_int_eq(sk.orders[p].fire[0].target, SKIRMISH_HOLD);
    SkirmishOrders o;
    Err e;
    skirmish_default_orders(&sk, p, &o);
    o.board = SKIRMISH_BOARD;
    o.board_target = c;
    ck_assert_int_eq(skirmish_check_orders(&sk, p, &o, &e), -1);
    ck_assert(strstr(e.msg, "prize crew"));
    /* Ordered to fire at the frigate alongside, she still holds. */
    moor(&sk, a);
    hold_fire(&sk, a);
    sk.orders[p].fire[0].target = sk.orders[p].fire[1].target = SKIRMISH_ANY;
    lash_pair(&sk, p, c);
    board_order(&sk, c, SKIRMISH_BOARD, p);
    resolve(&sk);
    const SkirmishEvent *fired = event_of(&sk, SKIRMISH_EV_FIRED, p);
    ck_assert_ptr_null(fired);
    const SkirmishEvent *ev = event_of(&sk, SKIRMISH_EV_BOARDED, c);
    ck_assert_ptr_nonnull(ev);
    ck_assert(ev->raked); /* 12 against 3: carried */
    ck_assert_int_eq(sk.ships[p].side, 1);
    ck_assert_int_eq(sk.ships[p].prize, FLEET_PRIZE_RETAKEN);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

static Suite *board_suite(void)
{
    Suite *s = suite_create("board");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_melee_table);
    tcase_add_test(tc, test_grapple_chance);
    tcase_add_test(tc, test_lashed_orders);
    tcase_add_test(tc, test_board_and_take_prize);
    tcase_add_test(tc, test_wreck_prize_and_recapture);
    tcase_add_test(tc, test_prize_sails_but_does_not_fight);
    tcase_add_test(tc, test_cut_loose_and_clear);
    tcase_add_test(tc, test_fouling_and_sinking);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(board_suite)
