/* test_labels: the ships' name labels — a crowded fleet at overview zoom
 * gets every label, none over another or over any marker, all in view,
 * the same way every time; an open sea keeps each label just above her
 * ship. */
#include "testutil.h"

#include "game/battle_labels.h"

/* Two fleets of 8 in a tight wedge, as at whole-map zoom: markers 12 px
 * across, 14 px apart, labels ("A1") 18 x 14. */
static int crowded(BattleLabelItem *it)
{
    int n = 0;
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < 8; k++) {
            float x = 300.0f + (float)(k % 4) * 14.0f + (float)side * 40.0f;
            float y = 200.0f + (float)(k / 4) * 14.0f + (float)(k % 2) * 5.0f;
            it[n++] = (BattleLabelItem){{x - 6, y - 6, 12, 12}, 18, 14};
        }
    return n;
}

START_TEST(test_crowded_fleet_labels_never_overlap)
{
    BattleLabelItem it[BATTLE_LABELS_MAX];
    int n = crowded(it);
    BattleLabelPlace p[BATTLE_LABELS_MAX];
    int shown = battle_labels_layout(it, n, 1280, 800, 6.0f, 12, p);
    ck_assert_int_eq(shown, n);
    for (int i = 0; i < n; i++) {
        ck_assert(p[i].shown);
        ck_assert(p[i].r.x >= 0 && p[i].r.y >= 0 && p[i].r.x + p[i].r.w <= 1280 &&
                  p[i].r.y + p[i].r.h <= 800);
        for (int j = 0; j < n; j++) {
            ck_assert_msg(!battle_labels_overlap(&p[i].r, &it[j].marker),
                          "label %d covers marker %d", i, j);
            if (j != i)
                ck_assert_msg(!battle_labels_overlap(&p[i].r, &p[j].r), "labels %d and %d overlap",
                              i, j);
        }
    }
}
END_TEST

START_TEST(test_layout_is_deterministic)
{
    BattleLabelItem it[BATTLE_LABELS_MAX];
    int n = crowded(it);
    BattleLabelPlace a[BATTLE_LABELS_MAX], b[BATTLE_LABELS_MAX];
    battle_labels_layout(it, n, 1280, 800, 6.0f, 12, a);
    battle_labels_layout(it, n, 1280, 800, 6.0f, 12, b);
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(a[i].shown, b[i].shown);
        ck_assert_int_eq(a[i].far, b[i].far);
        ck_assert_mem_eq(&a[i].r, &b[i].r, sizeof a[i].r);
    }
}
END_TEST

START_TEST(test_open_sea_label_sits_above_her)
{
    BattleLabelItem it[2] = {{{100, 100, 12, 12}, 18, 14}, {{400, 300, 12, 12}, 18, 14}};
    BattleLabelPlace p[2];
    ck_assert_int_eq(battle_labels_layout(it, 2, 1280, 800, 6.0f, 12, p), 2);
    for (int i = 0; i < 2; i++) {
        ck_assert(!p[i].far);
        ck_assert_float_lt(p[i].r.y + p[i].r.h, it[i].marker.y + 0.01f);
        ck_assert_float_eq_tol(p[i].r.x + p[i].r.w / 2, it[i].marker.x + 6, 0.01f);
    }
    /* At the top edge there is no room above: below instead, in view. */
    BattleLabelItem top = {{100, 2, 12, 12}, 18, 14};
    ck_assert_int_eq(battle_labels_layout(&top, 1, 1280, 800, 6.0f, 12, p), 1);
    ck_assert_float_ge(p[0].r.y, top.marker.y + top.marker.h);
}
END_TEST

START_TEST(test_no_room_leaves_a_label_out)
{
    /* A view no bigger than the marker: nowhere to put the label. */
    BattleLabelItem it = {{0, 0, 20, 20}, 18, 14};
    BattleLabelPlace p;
    ck_assert_int_eq(battle_labels_layout(&it, 1, 20, 20, 6.0f, 4, &p), 0);
    ck_assert(!p.shown);
}
END_TEST

static Suite *labels_suite(void)
{
    Suite *s = suite_create("labels");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_crowded_fleet_labels_never_overlap);
    tcase_add_test(tc, test_layout_is_deterministic);
    tcase_add_test(tc, test_open_sea_label_sits_above_her);
    tcase_add_test(tc, test_no_room_leaves_a_label_out);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(labels_suite)
