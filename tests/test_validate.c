/* test_validate: spawn checks, sea reachability between fleets, and the
 * map-wide warnings, each with a location a UI can jump to. */
#include "testutil.h"

#include <dirent.h>

#include "core/chart.h"
#include "core/map.h"
#include "core/validate.h"

enum { W = 400, H = 300, HS = 16 };

static Map water(void)
{
    Map m;
    Err e;
    ck_assert_int_eq(map_init(&m, W, H, &e), 0);
    m.meta.hex_size = HS;
    return m;
}

static void fill_rect(Map *m, int x0, int y0, int x1, int y1, uint8_t v)
{
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) m->land[(size_t)y * m->w + x] = v;
}

static void spawn(Map *m, int fleet, int q, int r)
{
    m->meta.spawns[fleet][m->meta.spawn_count[fleet]++] = hex_make(q, r);
}

/* Sea on both sides of a central island; three spawns each side. */
static Map good_map(void)
{
    Map m = water();
    fill_rect(&m, 150, 100, 250, 200, 1);
    spawn(&m, 0, 1, 2);
    spawn(&m, 0, 1, 3);
    spawn(&m, 0, 0, 5);
    spawn(&m, 1, 11, 2);
    spawn(&m, 1, 10, 4);
    spawn(&m, 1, 9, 6);
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < m.meta.spawn_count[f]; i++)
            ck_assert(chart_hex_sailable(&m, m.meta.spawns[f][i], HS));
    return m;
}

static void run(const Map *m, ValidateReport *r)
{
    Err e = {{0}};
    ck_assert_msg(validate_map(m, r, &e) == 0, "%s", e.msg);
    ck_assert_int_eq(r->count, r->errors + r->warnings);
    bool warned = false;
    for (int i = 0; i < r->count; i++) {
        const ValidateFinding *f = &r->items[i];
        ck_assert(f->msg[0] != '\0');
        ck_assert_ptr_null(strchr(f->msg, '\n'));
        /* Errors come first. */
        if (f->severity == VALIDATE_WARNING) warned = true;
        ck_assert(!(warned && f->severity == VALIDATE_ERROR));
        if (f->has_hex) {
            float x, y;
            hex_to_pixel(f->hex, (float)m->meta.hex_size, &x, &y);
            ck_assert_int_eq(f->x, (int)x);
            ck_assert_int_eq(f->y, (int)y);
            ck_assert(hex_equal(f->hex, m->meta.spawns[f->fleet][f->spawn]));
        } else {
            ck_assert(f->x == -1 && f->y == -1);
        }
    }
}

/* The finding whose message contains needle, or NULL. */
static const ValidateFinding *find(const ValidateReport *r, const char *needle)
{
    for (int i = 0; i < r->count; i++)
        if (strstr(r->items[i].msg, needle)) return &r->items[i];
    return NULL;
}

START_TEST(test_good_map_passes)
{
    Map m = good_map();
    ValidateReport r;
    run(&m, &r);
    ck_assert_msg(r.count == 0, "unexpected: %s", r.count ? r.items[0].msg : "");
    map_free(&m);
}
END_TEST

START_TEST(test_separated_lakes)
{
    /* Land everywhere but two lakes, one per fleet. */
    Map m = good_map();
    fill_rect(&m, 0, 0, W, H, 1);
    fill_rect(&m, 0, 0, 150, H, 0);
    fill_rect(&m, 250, 0, W, H, 0);
    ValidateReport r;
    run(&m, &r);
    ck_assert_int_eq(r.errors, 1);
    const ValidateFinding *f = find(&r, "cannot reach");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(f->severity, VALIDATE_ERROR);
    ck_assert(f->has_hex && f->fleet == 0 && f->spawn == 0);

    /* A channel only a few pixels wide joins the water but no hex can sail
     * it: still cut off. */
    fill_rect(&m, 150, 145, 250, 155, 0);
    run(&m, &r);
    ck_assert_ptr_nonnull(find(&r, "cannot reach"));

    /* A channel a hex row can sail through: fine. */
    fill_rect(&m, 150, 110, 250, 190, 0);
    run(&m, &r);
    ck_assert_int_eq(r.errors, 0);
    ck_assert_int_eq(r.count, 0);
    map_free(&m);
}
END_TEST

START_TEST(test_lane_only_warns)
{
    /* Two lakes joined by a channel one hex row high (row 5 spans y
     * 120..152 at hex size 16; rows 4 and 6 overlap the banks): ships
     * meeting there lie bow to stern, so the map warns. */
    Map m = good_map();
    fill_rect(&m, 0, 0, W, H, 1);
    fill_rect(&m, 0, 0, 150, H, 0);
    fill_rect(&m, 250, 0, W, H, 0);
    fill_rect(&m, 150, 118, 250, 154, 0);
    ValidateReport r;
    run(&m, &r);
    ck_assert_int_eq(r.errors, 0);
    ck_assert(r.lanes_only);
    const ValidateFinding *f = find(&r, "one-hex lanes");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(f->severity, VALIDATE_WARNING);
    ck_assert(!f->has_hex && f->fleet == -1);

    /* Two rows high (5 and 6): ships can lie abeam of each other. */
    fill_rect(&m, 150, 118, 250, 178, 0);
    run(&m, &r);
    ck_assert(!r.lanes_only);
    ck_assert_int_eq(r.count, 0);

    /* The open sea of good_map never warns. */
    map_free(&m);
    m = good_map();
    run(&m, &r);
    ck_assert(!r.lanes_only);
    map_free(&m);
}
END_TEST

START_TEST(test_cut_off_spawn_warns)
{
    /* One fleet 1 spawn sits in a walled lake; the rest connect. */
    Map m = good_map();
    fill_rect(&m, 20, 200, 130, 290, 1);
    fill_rect(&m, 30, 210, 120, 280, 0);
    Hex lake = hex_from_pixel(75, 245, HS);
    ck_assert(chart_hex_sailable(&m, lake, HS));
    spawn(&m, 0, lake.q, lake.r);
    ValidateReport r;
    run(&m, &r);
    ck_assert_int_eq(r.errors, 0);
    ck_assert_int_eq(r.warnings, 1);
    const ValidateFinding *f = find(&r, "cut off");
    ck_assert_ptr_nonnull(f);
    ck_assert(f->fleet == 0 && f->spawn == 3 && hex_equal(f->hex, lake));
    map_free(&m);
}
END_TEST

START_TEST(test_spawn_on_land)
{
    Map m = good_map();
    Hex island = hex_from_pixel(200, 150, HS);
    spawn(&m, 1, island.q, island.r);
    ValidateReport r;
    run(&m, &r);
    ck_assert_int_eq(r.errors, 1);
    const ValidateFinding *f = find(&r, "not sailable");
    ck_assert_ptr_nonnull(f);
    ck_assert(f->fleet == 1 && f->spawn == 3 && hex_equal(f->hex, island));
    /* A hex half over the coast is not sailable either. */
    m.meta.spawn_count[1] = 3;
    Hex coast = hex_from_pixel(140, 136, HS);
    float cx, cy;
    hex_to_pixel(coast, HS, &cx, &cy);
    ck_assert(cx < 150.0f && !chart_hex_sailable(&m, coast, HS)); /* centre in water */
    spawn(&m, 1, coast.q, coast.r);
    run(&m, &r);
    ck_assert_ptr_nonnull(find(&r, "not sailable"));
    /* Off the map. */
    m.meta.spawn_count[1] = 3;
    spawn(&m, 1, 40, 0);
    run(&m, &r);
    f = find(&r, "outside the map");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(f->spawn, 3);
    map_free(&m);
}
END_TEST

START_TEST(test_duplicates)
{
    Map m = good_map();
    spawn(&m, 0, 1, 3); /* twice in fleet 1 */
    spawn(&m, 1, 1, 2); /* fleet 1's hex in fleet 2 */
    ValidateReport r;
    run(&m, &r);
    ck_assert_int_eq(r.errors, 2);
    const ValidateFinding *f = find(&r, "listed twice");
    ck_assert_ptr_nonnull(f);
    ck_assert(f->fleet == 0 && f->spawn == 3);
    f = find(&r, "also a fleet 1 spawn");
    ck_assert_ptr_nonnull(f);
    ck_assert(f->fleet == 1 && f->spawn == 3);
    map_free(&m);
}
END_TEST

START_TEST(test_warnings)
{
    Map m = good_map();
    ValidateReport r;
    /* A fleet without spawns: the game places it; no reach check. */
    m.meta.spawn_count[1] = 0;
    run(&m, &r);
    ck_assert_int_eq(r.errors, 0);
    ck_assert_int_eq(r.warnings, 1);
    const ValidateFinding *f = find(&r, "fleet 2 has no spawn");
    ck_assert_ptr_nonnull(f);
    ck_assert(!f->has_hex && f->fleet == 1);

    /* All water, becalmed. */
    m.meta.spawn_count[0] = m.meta.spawn_count[1] = 0;
    fill_rect(&m, 0, 0, W, H, 0);
    m.meta.wind_strength = 0;
    run(&m, &r);
    ck_assert_int_eq(r.errors, 0);
    ck_assert_ptr_nonnull(find(&r, "all water"));
    ck_assert_ptr_nonnull(find(&r, "becalmed"));
    ck_assert_int_eq(r.warnings, 4);

    /* All land: a warning, and every spawn on it an error. */
    fill_rect(&m, 0, 0, W, H, 1);
    m.meta.wind_strength = 2;
    spawn(&m, 0, 1, 2);
    spawn(&m, 1, 11, 2);
    run(&m, &r);
    ck_assert_ptr_nonnull(find(&r, "all land"));
    ck_assert_int_eq(r.errors, 2);
    ck_assert_int_eq(r.items[0].severity, VALIDATE_ERROR);
    ck_assert_int_eq(r.items[r.count - 1].severity, VALIDATE_WARNING);
    map_free(&m);
}
END_TEST

START_TEST(test_bad_meta)
{
    /* Maps built in code can carry values no sidecar could. */
    Map m = good_map();
    m.meta.hex_size = 3;
    m.meta.wind_strength = 9;
    ValidateReport r;
    run(&m, &r);
    ck_assert_ptr_nonnull(find(&r, "hex size 3"));
    ck_assert_ptr_nonnull(find(&r, "wind strength 9"));
    ck_assert_int_eq(r.errors, 2); /* spawns are not judged with a bad size */
    m.meta.hex_size = HS;
    m.meta.wind_strength = 1;
    m.meta.spawn_count[0] = MAP_MAX_SPAWNS + 5;
    for (int i = 3; i < MAP_MAX_SPAWNS; i++) m.meta.spawns[0][i] = hex_make(i % 3, 8 + i / 3);
    run(&m, &r);
    ck_assert_ptr_nonnull(find(&r, "21 spawn hexes"));
    map_free(&m);
}
END_TEST

START_TEST(test_many_findings_fit)
{
    /* The worst case: every spawn of both full fleets bad. */
    Map m = water();
    fill_rect(&m, 0, 0, W, H, 1);
    m.meta.wind_strength = 0;
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < MAP_MAX_SPAWNS; i++) spawn(&m, f, i % 8, i / 8 + 2 * f);
    ValidateReport r;
    run(&m, &r);
    ck_assert_int_eq(r.errors, 2 * MAP_MAX_SPAWNS);
    ck_assert_int_eq(r.warnings, 2);
    ck_assert_int_le(r.count, VALIDATE_MAX_FINDINGS);
    map_free(&m);
}
END_TEST

/* Every shipped map passes validation, and their fleets can meet without
 * the single row of hexes along the top or bottom edge: Channel Isles and
 * Crescent Reef once joined their halves only there, so every battle
 * filed through one hex nose to tail, a wreck plugged it, and 15 of 20
 * AI-vs-AI battles on Channel Isles ran to the turn limit. */
START_TEST(test_shipped_maps_open)
{
    char data[240], dir[256];
    tu_data_dir(data, sizeof data);
    snprintf(dir, sizeof dir, "%s/maps", data);
    DIR *d = opendir(dir);
    ck_assert_msg(d != NULL, "%s", dir);
    int maps = 0;
    for (struct dirent *de; (de = readdir(d)) != NULL;) {
        size_t len = strlen(de->d_name);
        if (len < 5 || strcmp(de->d_name + len - 4, ".png") != 0) continue;
        const char *name = de->d_name;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, name);
        maps++;
        Map m;
        Err e;
        ck_assert_msg(map_load(&m, path, &e) == 0, "%s", e.msg);
        ValidateReport *r = malloc(sizeof *r);
        ck_assert_ptr_nonnull(r);
        ck_assert_int_eq(validate_map(&m, r, &e), 0);
        ck_assert_msg(r->errors == 0 && r->warnings == 0, "%s: %s", name, r->items[0].msg);
        free(r);
        Chart c;
        ck_assert_int_eq(chart_init(&c, &m, (float)m.meta.hex_size, &e), 0);
        int cells = c.qn * c.rn, top = -1, bottom = -1;
        for (int i = 0; i < cells; i++) {
            if (!c.sail[i]) continue;
            int row = chart_hex(&c, i).r;
            if (top < 0 || row < top) top = row;
            if (row > bottom) bottom = row;
        }
        for (int i = 0; i < cells; i++) {
            int row = chart_hex(&c, i).r;
            if (row == top || row == bottom) c.sail[i] = 0;
        }
        int *comp = malloc((size_t)cells * sizeof *comp),
            *queue = malloc((size_t)cells * sizeof *queue);
        ck_assert(comp && queue);
        chart_waters(&c, comp, queue);
        int body = -1;
        for (int f = 0; f < 2; f++)
            for (int i = 0; i < m.meta.spawn_count[f]; i++) {
                int cell = chart_cell(&c, m.meta.spawns[f][i]);
                ck_assert_int_ge(cell, 0);
                if (body < 0) body = comp[cell];
                ck_assert_msg(comp[cell] == body,
                              "%s: fleet %d spawn %d meets the other fleet only "
                              "along the map's edge row",
                              name, f + 1, i);
            }
        free(comp);
        free(queue);
        chart_deinit(&c);
        map_free(&m);
    }
    closedir(d);
    ck_assert_int_ge(maps, 3);
}
END_TEST

static Suite *validate_suite(void)
{
    Suite *s = suite_create("validate");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_good_map_passes);
    tcase_add_test(tc, test_separated_lakes);
    tcase_add_test(tc, test_lane_only_warns);
    tcase_add_test(tc, test_cut_off_spawn_warns);
    tcase_add_test(tc, test_spawn_on_land);
    tcase_add_test(tc, test_duplicates);
    tcase_add_test(tc, test_warnings);
    tcase_add_test(tc, test_bad_meta);
    tcase_add_test(tc, test_many_findings_fit);
    tcase_add_test(tc, test_shipped_maps_open);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(validate_suite)
