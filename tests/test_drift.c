/* test_drift: drift, grounding, kedging, pounding, wrecks that drift and go
 * to pieces, and anchoring (fleet.h's "Drift and the shore", the anchor
 * order of skirmish.h). The open map's wind blows from the west, so a
 * drifting ship goes east. */
#include "testutil.h"

#include "core/skirmish.h"
#include "sktest.h"

/* The event of kind for ship (the first), or NULL. */
static const SkirmishEvent *event_of(const Skirmish *sk, int kind, int ship)
{
    for (int k = 0; k < sk->nevents; k++)
        if (sk->events[k].kind == kind && sk->events[k].ship == ship) return &sk->events[k];
    return NULL;
}

/* A ship with no way on drifts a hex downwind on the table's chance, her
 * heading kept; one that sails, one at anchor, one that turns (unless into
 * irons) and any in a calm never do. */
START_TEST(test_no_way_on_drifts_downwind)
{
    Map m = open_map(1000, 600);
    Skirmish sk;
    int drifted = 0, irons = 0, runs = tu_scale(200, 60);
    for (int seed = 1; seed <= runs; seed++) {
        sk_empty(&sk, &m, (uint64_t)seed);
        int a = add_ship(&sk, FLEET_FRIGATE, 0, 8, 8, 1);  /* no path */
        int b = add_ship(&sk, FLEET_FRIGATE, 1, 14, 8, 1); /* sails one hex NE */
        int c = add_ship(&sk, FLEET_SLOOP, 1, 8, 12, 2);
        moor(&sk, c);
        int d = add_ship(&sk, FLEET_SLOOP, 0, 14, 14, 1); /* NE -> NW: close-hauled */
        int f = add_ship(&sk, FLEET_SLOOP, 0, 3, 4, 2);   /* NW -> W: into irons */
        order(&sk, b, "F", SKIRMISH_HOLD, SKIRMISH_HOLD, FLEET_ROUND);
        order(&sk, d, "P", SKIRMISH_HOLD, SKIRMISH_HOLD, FLEET_ROUND);
        order(&sk, f, "P", SKIRMISH_HOLD, SKIRMISH_HOLD, FLEET_ROUND);
        resolve(&sk);
        ck_assert_int_eq(count_events(&sk, SKIRMISH_EV_DRIFTED, d), 0);
        irons += count_events(&sk, SKIRMISH_EV_DRIFTED, f);
        const SkirmishEvent *ev = event_of(&sk, SKIRMISH_EV_DRIFTED, a);
        if (ev) {
            drifted++;
            ck_assert(hex_equal(ev->from, hex_make(8, 8)));
            ck_assert(hex_equal(ev->to, hex_make(9, 8))); /* east: downwind of a west wind */
            ck_assert_int_eq(ev->a, 0);
            ck_assert(hex_equal(sk.ships[a].pose.hex, hex_make(9, 8)));
        } else {
            ck_assert(hex_equal(sk.ships[a].pose.hex, hex_make(8, 8)));
        }
        ck_assert_int_eq(sk.ships[a].pose.facing, 1);
        ck_assert_int_eq(count_events(&sk, SKIRMISH_EV_DRIFTED, b), 0);
        ck_assert_int_eq(count_events(&sk, SKIRMISH_EV_DRIFTED, c), 0);
        ck_assert(hex_equal(sk.ships[c].pose.hex, hex_make(8, 12)));
        skirmish_deinit(&sk);
    }
    /* Strength 3: half the time. */
    int want = runs * fleet_drift_pct[3] / 100;
    ck_assert_msg(abs(drifted - want) <= runs / 6, "drifted %d of %d", drifted, runs);
    ck_assert_msg(abs(irons - want) <= runs / 6, "in irons drifted %d of %d", irons, runs);
    /* A calm: never. */
    sk_empty(&sk, &m, 5);
    int a = add_ship(&sk, FLEET_FRIGATE, 0, 8, 8, 1);
    moor(&sk, add_ship(&sk, FLEET_SLOOP, 1, 3, 14, 0));
    sk.wind_strength = 0;
    for (int t = 0; t < 20; t++) {
        resolve(&sk);
        sk.wind_strength = 0;
    }
    ck_assert(hex_equal(sk.ships[a].pose.hex, hex_make(8, 8)));
    skirmish_deinit(&sk);
    /* The table rises with the wind, from nothing to nearly sure. */
    ck_assert_int_eq(fleet_drift_chance(0), 0);
    for (int w = 1; w <= 5; w++) ck_assert_int_gt(fleet_drift_chance(w), fleet_drift_chance(w - 1));
    ck_assert_int_eq(fleet_drift_chance(9), fleet_drift_chance(5));
    map_free(&m);
}
END_TEST

/* Driven onto land she runs aground: hull lost, no sailing, no drift; she
 * floats free when the wind stops setting her on the shore. */
START_TEST(test_aground_on_a_lee_shore)
{
    Map m = open_map(1000, 600);
    add_land(&m, hex_make(9, 8));
    Skirmish sk;
    bool seen = false;
    for (int seed = 1; seed <= 40 && !seen; seed++) {
        sk_empty(&sk, &m, (uint64_t)seed);
        sk.wind_strength = 5; /* a gale: she drifts, and pounds */
        ck_assert_int_eq(skirmish_shore(&sk, hex_make(9, 8)), SKIRMISH_LAND);
        int a = add_ship(&sk, FLEET_FRIGATE, 0, 8, 8, 1);
        moor(&sk, add_ship(&sk, FLEET_SLOOP, 1, 3, 3, 0));
        int hull = sk.ships[a].hull;
        resolve(&sk);
        const SkirmishEvent *ev = event_of(&sk, SKIRMISH_EV_AGROUND, a);
        if (!ev) {
            skirmish_deinit(&sk);
            continue;
        }
        seen = true;
        ck_assert_int_eq(ev->a, 0);
        ck_assert(hex_equal(ev->from, hex_make(8, 8)));
        ck_assert(hex_equal(ev->to, hex_make(9, 8)));
        /* 1 + a roll below 2, and one more in a gale; no pounding and no
         * kedge in the turn she grounds. */
        ck_assert_int_eq(count_events(&sk, SKIRMISH_EV_AGROUND, a), 1);
        ck_assert_int_ge(ev->damage.hull, FLEET_GROUND_HULL + 1);
        ck_assert_int_le(ev->damage.hull, FLEET_GROUND_HULL + FLEET_GROUND_HULL_ROLL);
        ck_assert_int_eq(sk.ships[a].hull, hull - ev->damage.hull);
        ck_assert(hex_equal(sk.ships[a].pose.hex, hex_make(8, 8)));
        const SkirmishEvent *off = event_of(&sk, SKIRMISH_EV_REFLOATED, a);
        if (off) {
            /* Only the wind, veering at the turn's end, frees her so soon. */
            ck_assert_int_eq(off->a, 0);
            ck_assert(!sk.ships[a].aground);
            break;
        }
        ck_assert(sk.ships[a].aground);
        /* Aground: no movement, no anchor, and no drift however long. */
        ck_assert_int_eq(skirmish_allowance(&sk, a), 0);
        SkirmishOrders o;
        Err e;
        skirmish_default_orders(&sk, a, &o);
        o.nsteps = 1;
        o.steps[0] = HEX_STEP_PORT;
        ck_assert_int_eq(skirmish_check_orders(&sk, a, &o, &e), -1);
        o.nsteps = 0;
        o.anchor = true;
        ck_assert_int_eq(skirmish_check_orders(&sk, a, &o, &e), -1);
        ck_assert_ptr_nonnull(strstr(e.msg, "aground"));
        /* The wind backs to the south-east: the land is no longer to lee. */
        sk.wind_dir = 5;
        resolve(&sk);
        ev = event_of(&sk, SKIRMISH_EV_REFLOATED, a);
        ck_assert_ptr_nonnull(ev);
        ck_assert(!sk.ships[a].aground);
    }
    ck_assert(seen);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* Aground in a lee she cannot leave: a strong wind pounds a hull point a
 * turn, and she kedges off on about FLEET_KEDGE_PCT of her turns. */
START_TEST(test_pounding_and_kedging)
{
    Map m = open_map(1000, 600);
    add_land(&m, hex_make(9, 8));
    Skirmish sk;
    int turns = 0, kedged = 0, runs = tu_scale(120, 40);
    for (int seed = 1; seed <= runs; seed++) {
        sk_empty(&sk, &m, (uint64_t)seed);
        int a = add_ship(&sk, FLEET_LINE, 0, 8, 8, 0);
        moor(&sk, add_ship(&sk, FLEET_SLOOP, 1, 3, 3, 0));
        sk.ships[a].aground = true;
        sk.wind_strength = FLEET_POUND_WIND;
        int hull = sk.ships[a].hull;
        resolve(&sk);
        const SkirmishEvent *ev = event_of(&sk, SKIRMISH_EV_AGROUND, a);
        ck_assert_ptr_nonnull(ev);
        ck_assert_int_eq(ev->a, 1);
        ck_assert_int_eq(ev->damage.hull, 1);
        ck_assert_int_eq(sk.ships[a].hull, hull - 1);
        turns++;
        /* Kedged off (a = 1); a veering wind may also float her free
         * after it (a = 0), which is not a kedge. */
        ev = event_of(&sk, SKIRMISH_EV_REFLOATED, a);
        if (ev && ev->a == 1) {
            ck_assert(!sk.ships[a].aground);
            ck_assert_int_eq(count_events(&sk, SKIRMISH_EV_REFLOATED, a), 1);
            kedged++;
        }
        skirmish_deinit(&sk);
    }
    int want = turns * FLEET_KEDGE_PCT / 100;
    ck_assert_msg(abs(kedged - want) <= turns / 7, "kedged %d of %d", kedged, turns);
    /* Pounded to nothing she sinks, and leaves the shore with the board
     * (a save of her must load: sunk and aground is refused). */
    sk_empty(&sk, &m, 8);
    int p = add_ship(&sk, FLEET_SLOOP, 0, 8, 8, 0);
    moor(&sk, add_ship(&sk, FLEET_SLOOP, 1, 3, 3, 0));
    moor(&sk, add_ship(&sk, FLEET_SLOOP, 0, 3, 14, 0));
    sk.ships[p].aground = true;
    sk.ships[p].hull = 1;
    sk.wind_strength = FLEET_POUND_WIND;
    resolve(&sk);
    ck_assert_int_eq(sk.ships[p].status, FLEET_SUNK);
    ck_assert(!sk.ships[p].aground);
    skirmish_deinit(&sk);
    /* A light wind does not pound. */
    sk_empty(&sk, &m, 3);
    int a = add_ship(&sk, FLEET_LINE, 0, 8, 8, 0);
    sk.ships[a].aground = true;
    sk.wind_strength = FLEET_POUND_WIND - 1;
    resolve(&sk);
    ck_assert_int_eq(sk.ships[a].hull, fleet_classes[FLEET_LINE].hull);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* A struck wreck drifts with the wind, and ashore she goes to pieces in a
 * few turns: no wreck walls a lane for good. Her side's count of struck
 * ships stands. */
START_TEST(test_wrecks_drift_and_break_up)
{
    Map m = open_map(1000, 600);
    add_land(&m, hex_make(12, 8));
    Skirmish sk;
    sk_empty(&sk, &m, 11);
    sk.turn_limit = 200;
    int w = add_ship(&sk, FLEET_FRIGATE, 1, 8, 8, 3);
    moor(&sk, add_ship(&sk, FLEET_SLOOP, 0, 3, 14, 0));
    moor(&sk, add_ship(&sk, FLEET_SLOOP, 1, 3, 3, 0));
    sk.ships[w].status = FLEET_STRUCK;
    sk.stats[1].struck = 1;
    int drifts = 0, turn = 0;
    while (sk.ships[w].status == FLEET_STRUCK && turn < 150) {
        sk.wind_dir = 3;
        sk.wind_strength = 4;
        resolve(&sk);
        drifts += count_events(&sk, SKIRMISH_EV_DRIFTED, w);
        turn++;
    }
    ck_assert_int_eq(drifts, 3); /* 8,8 -> 11,8, next to the land */
    ck_assert_int_eq(sk.ships[w].status, FLEET_SUNK);
    const SkirmishEvent *ev = event_of(&sk, SKIRMISH_EV_SANK, w);
    ck_assert_ptr_nonnull(ev);
    ck_assert_int_eq(ev->a, 2);
    ck_assert_int_eq(skirmish_ship_at(&sk, hex_make(11, 8)), -1);
    ck_assert_int_eq(sk.stats[1].struck, 1);
    ck_assert_int_eq(sk.stats[1].sunk, 0);
    char text[160];
    skirmish_event_text(&sk, ev, text, sizeof text);
    ck_assert_ptr_nonnull(strstr(text, "goes to pieces"));
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* The anchor: let go at the path's end, she holds; no path while at
 * anchor; weighing takes the turn; striking parts the cable. */
START_TEST(test_anchor_order)
{
    Map m = open_map(1000, 600);
    Skirmish sk;
    sk_empty(&sk, &m, 4);
    sk.wind_strength = 5;
    int a = add_ship(&sk, FLEET_FRIGATE, 0, 8, 8, 1);
    moor(&sk, add_ship(&sk, FLEET_SLOOP, 1, 3, 14, 0));
    SkirmishOrders o;
    Err e;
    skirmish_default_orders(&sk, a, &o);
    ck_assert(!o.anchor);
    o.nsteps = 1;
    o.steps[0] = HEX_STEP_FORWARD;
    o.anchor = true;
    ck_assert_msg(skirmish_order(&sk, a, &o, &e) == 0, "%s", e.msg);
    resolve(&sk);
    Hex at = hex_neighbor(hex_make(8, 8), 1);
    ck_assert(hex_equal(sk.ships[a].pose.hex, at));
    ck_assert(sk.ships[a].anchored);
    const SkirmishEvent *ev = event_of(&sk, SKIRMISH_EV_ANCHORED, a);
    ck_assert_ptr_nonnull(ev);
    ck_assert_int_eq(ev->a, 1);
    /* At anchor in a gale, turn after turn: she holds. */
    for (int t = 0; t < 10; t++) {
        skirmish_default_orders(&sk, a, &o);
        ck_assert(o.anchor);
        o.nsteps = 1;
        ck_assert_int_eq(skirmish_check_orders(&sk, a, &o, &e), -1);
        ck_assert_ptr_nonnull(strstr(e.msg, "at anchor"));
        sk.wind_strength = 5;
        resolve(&sk);
        ck_assert(hex_equal(sk.ships[a].pose.hex, at));
        ck_assert_int_eq(skirmish_allowance(&sk, a), 0);
    }
    /* Weighing: no path this turn, under way at its end. */
    skirmish_default_orders(&sk, a, &o);
    o.anchor = false;
    ck_assert_msg(skirmish_order(&sk, a, &o, &e) == 0, "%s", e.msg);
    resolve(&sk);
    ck_assert(!sk.ships[a].anchored);
    ev = event_of(&sk, SKIRMISH_EV_ANCHORED, a);
    ck_assert_ptr_nonnull(ev);
    ck_assert_int_eq(ev->a, 0);
    ck_assert(hex_equal(sk.ships[a].pose.hex, at)); /* the weighing turn has no drift */
    ck_assert_int_gt(skirmish_allowance(&sk, a), 0);
    /* Striking at anchor parts the cable: the wreck drifts. */
    sk.ships[a].anchored = true;
    sk.ships[a].crew = 1;
    skirmish_default_orders(&sk, a, &sk.orders[a]);
    resolve(&sk);
    ck_assert_int_eq(sk.ships[a].status, FLEET_STRUCK);
    ck_assert(!sk.ships[a].anchored);
    skirmish_default_orders(&sk, a, &o);
    ck_assert(!o.anchor);
    o.anchor = true;
    ck_assert_int_eq(skirmish_check_orders(&sk, a, &o, &e), -1);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* Two drifting ships bound for one hex: one gets it, the other holds; a
 * ship in the way stops a drift; a ship stopped by another does not drift
 * (her way was on). */
START_TEST(test_drift_makes_way_as_sailing_does)
{
    Map m = open_map(1000, 600);
    Skirmish sk;
    int runs = tu_scale(60, 20);
    for (int seed = 1; seed <= runs; seed++) {
        sk_empty(&sk, &m, (uint64_t)seed);
        sk.wind_strength = 5;
        int a = add_ship(&sk, FLEET_FRIGATE, 0, 8, 8, 1);
        int b = add_ship(&sk, FLEET_FRIGATE, 1, 9, 8, 1); /* right downwind of a */
        resolve(&sk);
        bool ad = event_of(&sk, SKIRMISH_EV_DRIFTED, a), bd = event_of(&sk, SKIRMISH_EV_DRIFTED, b);
        /* a drifts only into the hex b leaves in the same drift. */
        if (ad) ck_assert(bd);
        ck_assert(!hex_equal(sk.ships[a].pose.hex, sk.ships[b].pose.hex));
        skirmish_deinit(&sk);
    }
    map_free(&m);
}
END_TEST

static Suite *drift_suite(void)
{
    Suite *s = suite_create("drift");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_no_way_on_drifts_downwind);
    tcase_add_test(tc, test_aground_on_a_lee_shore);
    tcase_add_test(tc, test_pounding_and_kedging);
    tcase_add_test(tc, test_wrecks_drift_and_break_up);
    tcase_add_test(tc, test_anchor_order);
    tcase_add_test(tc, test_drift_makes_way_as_sailing_does);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(drift_suite)
