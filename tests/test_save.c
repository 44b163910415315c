/* test_save: skirmish saves round-trip, a loaded battle plays on exactly as
 * the original, and broken saves are refused with file:line messages. */
#include "testutil.h"

#include <ctype.h>
#include <sys/stat.h>

#include "core/ai.h"
#include "core/mapgen.h"
#include "core/save.h"

static char dir[64];
static char map_path[128];

/* A 900x560 map with two islands, saved as PNG + sidecar. */
static void setup_map(void)
{
    tu_tempdir(dir, sizeof dir);
    snprintf(map_path, sizeof map_path, "%s/isles.png", dir);
    Map m;
    Err e;
    ck_assert_int_eq(map_init(&m, 900, 560, &e), 0);
    m.meta.wind_dir = 4;
    m.meta.wind_strength = 2;
    for (int y = 0; y < m.h; y++)
        for (int x = 0; x < m.w; x++) {
            int d1 = (x - 330) * (x - 330) + (y - 200) * (y - 200);
            int d2 = (x - 600) * (x - 600) + (y - 390) * (y - 390);
            if (d1 < 70 * 70 || d2 < 60 * 60) m.land[(size_t)y * 900 + (size_t)x] = 1;
        }
    ck_assert_msg(map_save(&m, map_path, &e) == 0, "%s", e.msg);
    map_free(&m);
}

static void start(Skirmish *sk, Map *m, uint64_t seed)
{
    Err e;
    ck_assert_msg(map_load(m, map_path, &e) == 0, "%s", e.msg);
    SkirmishSetup st;
    skirmish_setup_default(&st);
    st.seed = seed;
    st.map_path = map_path;
    st.turn_limit = 80;
    ck_assert_msg(skirmish_init(sk, m, &st, &e) == 0, "%s", e.msg);
}

static const int ai_vs_ai[2] = {AI_PLAYER_NORMAL, AI_PLAYER_NORMAL};

static void play(Skirmish *sk, int turns)
{
    Err e;
    for (int t = 0; t < turns && !sk->over; t++)
        ck_assert_msg(ai_play_turn(sk, ai_vs_ai, &e) == 0, "%s", e.msg);
}

static char *format(const Skirmish *sk)
{
    char *buf = malloc(SAVE_MAX_BYTES);
    ck_assert_ptr_nonnull(buf);
    Err e;
    int n = save_format(sk, buf, SAVE_MAX_BYTES, &e);
    ck_assert_msg(n > 0, "%s", e.msg);
    return buf;
}

START_TEST(test_round_trip)
{
    setup_map();
    Skirmish sk, back;
    Map m;
    start(&sk, &m, 17);
    play(&sk, 6);
    char *a = format(&sk);
    ck_assert(strncmp(a, "shoal-save 4\n", 13) == 0);
    Err e;
    ck_assert_msg(save_parse(a, strlen(a), "mem.save", &m, &back, &e) == 0, "%s", e.msg);
    char *b = format(&back);
    ck_assert_str_eq(a, b);
    ck_assert_int_eq(back.nships, sk.nships);
    ck_assert_int_eq(memcmp(back.ships, sk.ships, sizeof sk.ships), 0);
    ck_assert_int_eq(memcmp(back.stats, sk.stats, sizeof sk.stats), 0);
    ck_assert(back.rng == sk.rng && back.seed == sk.seed && back.turn == sk.turn);
    ck_assert_str_eq(back.map_path, map_path);
    free(a);
    free(b);
    skirmish_deinit(&back);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* Compare two battles: their save text and the last turn's event log. */
static void same_battle(const Skirmish *x, const Skirmish *y)
{
    char *a = format(x), *b = format(y);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    ck_assert_int_eq(x->nevents, y->nevents);
    ck_assert_int_eq(memcmp(x->events, y->events, (size_t)x->nevents * sizeof x->events[0]), 0);
}

START_TEST(test_load_and_play_on)
{
    setup_map();
    for (uint64_t seed = 1; seed <= 3; seed++) {
        Skirmish sk, back;
        Map m, m2;
        start(&sk, &m, seed);
        /* Early enough that turns follow the load: since grape and double
         * shot, a battle on this map may be decided by turn 10. */
        play(&sk, 2 + (int)seed);
        /* Saved mid-turn: side A has plotted and submitted, B has not. */
        Err e;
        ck_assert_int_eq(ai_plan(&sk, 0, &e), 0);
        ck_assert_int_eq(skirmish_submit(&sk, 0, &e), 0);
        char path[160];
        snprintf(path, sizeof path, "%s/battle.save", dir);
        ck_assert_msg(save_write(&sk, path, &e) == 0, "%s", e.msg);
        ck_assert_msg(save_load(path, &back, &m2, &e) == 0, "%s", e.msg);
        ck_assert(back.submitted[0] && !back.submitted[1]);
        ck_assert_int_eq(memcmp(back.orders, sk.orders, sizeof sk.orders), 0);
        /* Finish the turn and play on in both; they never differ. */
        for (Skirmish *s = &sk;; s = &back) {
            ck_assert_int_eq(ai_plan(s, 1, &e), 0);
            ck_assert_int_eq(skirmish_submit(s, 1, &e), 0);
            ck_assert_int_eq(skirmish_resolve(s, &e), 0);
            if (s == &back) break;
        }
        same_battle(&sk, &back);
        int turns = 0;
        while (!sk.over && turns < 40) {
            play(&sk, 1);
            play(&back, 1);
            same_battle(&sk, &back);
            turns++;
        }
        ck_assert_int_gt(turns, 3);
        ck_assert_int_eq(sk.over, back.over);
        skirmish_deinit(&back);
        skirmish_deinit(&sk);
        map_free(&m2);
        map_free(&m);
    }
}
END_TEST

START_TEST(test_generated_map_saves)
{
    tu_tempdir(dir, sizeof dir);
    MapGenParams p;
    mapgen_defaults(&p);
    p.seed = 12;
    p.w = 640;
    p.h = 400;
    p.land = 0.15f;
    p.islands = 3;
    Map m, m2;
    Err e;
    ck_assert_int_eq(mapgen_generate(&m, &p, &e), 0);
    SkirmishSetup st;
    skirmish_setup_default(&st);
    st.seed = 4;
    st.ships[0] = st.ships[1] = 2;
    st.gen = &p;
    Skirmish sk, back;
    ck_assert_msg(skirmish_init(&sk, &m, &st, &e) == 0, "%s", e.msg);
    play(&sk, 3);
    char path[160];
    snprintf(path, sizeof path, "%s/gen.save", dir);
    ck_assert_msg(save_write(&sk, path, &e) == 0, "%s", e.msg);
    ck_assert_msg(save_load(path, &back, &m2, &e) == 0, "%s", e.msg);
    ck_assert_int_eq(memcmp(m.land, m2.land, (size_t)m.w * (size_t)m.h), 0);
    play(&sk, 5);
    play(&back, 5);
    same_battle(&sk, &back);
    skirmish_deinit(&back);
    skirmish_deinit(&sk);
    map_free(&m2);
    map_free(&m);
}
END_TEST

/* A copy of text with the value of `key` in [section] replaced; *line gets
 * that line's number. */
static char *set_value(const char *text, const char *section, const char *key, const char *value,
                       int *line)
{
    char head[64];
    snprintf(head, sizeof head, "\n[%s]\n", section);
    const char *sec = strstr(text, head);
    ck_assert_ptr_nonnull(sec);
    char pat[64];
    snprintf(pat, sizeof pat, "\n%s = ", key);
    const char *at = strstr(sec + 1, pat);
    ck_assert_ptr_nonnull(at);
    at++;
    const char *eol = strchr(at, '\n');
    size_t n = strlen(text) + strlen(value) + 64;
    char *out = malloc(n);
    ck_assert_ptr_nonnull(out);
    snprintf(out, n, "%.*s%s = %s%s", (int)(at - text), text, key, value, eol);
    *line = 1;
    for (const char *p = text; p < at; p++) *line += *p == '\n';
    return out;
}

/* Text without the lines of one key (every section's). */
static void drop_key(char *text, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\n%s = ", key);
    for (char *at; (at = strstr(text, pat)) != NULL;) {
        char *eol = strchr(at + 1, '\n');
        memmove(at, eol, strlen(eol) + 1);
    }
}

/* The keys version 3 brought (boarding and prizes), and version 2's. */
static const char *const v3_keys[] = {"lashed", "prize",      "board", "boardings",
                                      "prizes", "groundings", "quiet", NULL};
static const char *const v2_keys[] = {"anchored", "aground", "anchor", NULL};

/* Version 3's keys out of text: the first fires, the guns by shot and
 * boarding's. */
static void drop_v3_keys(char *text)
{
    const char *keys[] = {"unfired_port", "unfired_starboard", "shots_round", "shots_chain",
                          "shots_grape",  "shots_double",      "burst"};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) drop_key(text, keys[k]);
    for (const char *const *k = v3_keys; *k; k++) drop_key(text, *k);
}

/* Parse must fail with "name:LINE: ..." on one line. */
static void refused(const char *text, size_t len, const Map *m, int line, const char *want)
{
    Skirmish sk;
    Err e;
    e.msg[0] = '\0';
    ck_assert_int_eq(save_parse(text, len, "bad.save", m, &sk, &e), -1);
    ck_assert_msg(strncmp(e.msg, "bad.save:", 9) == 0, "message names no file: %s", e.msg);
    ck_assert_msg(isdigit((unsigned char)e.msg[9]), "message names no line: %s", e.msg);
    ck_assert(strchr(e.msg, '\n') == NULL);
    if (line > 0) {
        char tag[32];
        snprintf(tag, sizeof tag, "bad.save:%d:", line);
        ck_assert_msg(strncmp(e.msg, tag, strlen(tag)) == 0, "wanted line %d: %s", line, e.msg);
    }
    if (want) ck_assert_msg(strstr(e.msg, want) != NULL, "wanted '%s' in: %s", want, e.msg);
}

START_TEST(test_corrupt_saves_refused)
{
    setup_map();
    Skirmish sk;
    Map m;
    start(&sk, &m, 23);
    play(&sk, 3);
    char *good = format(&sk);
    size_t len = strlen(good);
    Skirmish ok;
    Err e;
    ck_assert_int_eq(save_parse(good, len, "bad.save", &m, &ok, &e), 0);
    skirmish_deinit(&ok);

    /* Truncated anywhere: always refused. */
    for (size_t cut = 0; cut + 1 < len; cut += 1 + cut % 13) refused(good, cut, &m, -1, NULL);
    refused(good, len - 3, &m, -1, "end");

    struct {
        const char *section, *key, *value, *want;
    } bad[] = {
        {"ship.1", "hull", "abc", "hull"},
        {"ship.1", "hull", "99", "more than"},
        {"ship.1", "hull", "-1", "hull"},
        {"ship.0", "class", "brig", "class"},
        {"ship.0", "facing", "N", "facing"},
        {"ship.0", "hex", "3;4", "hex"},
        {"ship.0", "status", "sinking", "status"},
        {"ship.0", "reload_port", "5", "reload_port"},
        {"ship.2", "side", "C", "side"},
        {"battle", "wind", "9", "wind"},
        {"battle", "wind_strength", "9", "wind_strength"},
        {"battle", "turn", "0", "turn"},
        {"battle", "seed", "-4", "seed"},
        {"battle", "dice", "12x", "dice"},
        {"battle", "ships", "99", "ships"},
        {"battle", "winner", "A", "not over"},
        {"battle", "map_size", "800x560", "900x560"},
        {"side.A", "points", "lots", "points"},
        {"orders.0", "steps", "FFFFFFFFFFFFFFFF", "orders"},
        {"orders.0", "steps", "FXF", "steps"},
        {"orders.1", "port", "fire round", "port"},
        {"ship.0", "anchored", "yes", "anchored"},
        {"ship.1", "aground", "2", "aground"},
        {"orders.0", "anchor", "up", "anchor"},
        {"ship.0", "lashed", "-1", "lashed"},
        {"ship.0", "lashed", "1", "not lashed to her"},
        {"ship.0", "lashed", "0", "does not have"},
        {"ship.0", "lashed", "15", "does not have"},
        {"ship.1", "prize", "3", "prize"},
        {"orders.0", "board", "all", "board"},
        {"side.B", "prizes", "-2", "prizes"},
        {"ship.0", "unfired_port", "2", "unfired_port"},
        {"side.B", "shots_grape", "many", "shots_grape"},
        {"side.A", "burst", "-1", "burst"},
        {"orders.1", "port", "any grapeshot", "<round|chain|grape|double>"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        int line;
        char *t = set_value(good, bad[k].section, bad[k].key, bad[k].value, &line);
        /* Cross-checks name the line of the value they are about. */
        refused(t, strlen(t), &m, strcmp(bad[k].key, "map_size") == 0 ? -1 : line, bad[k].want);
        free(t);
    }

    /* A ship on land: move ship 0 onto the first island's middle. */
    Hex land = hex_from_pixel(330.0f, 200.0f, 24.0f);
    char hv[32];
    snprintf(hv, sizeof hv, "%d,%d", land.q, land.r);
    int line;
    char *t = set_value(good, "ship.0", "hex", hv, &line);
    refused(t, strlen(t), &m, line, "land");
    free(t);
    /* Off the map. */
    t = set_value(good, "ship.0", "hex", "-40,2", &line);
    refused(t, strlen(t), &m, line, "off the map");
    free(t);
    /* A sunk ship lies on water too: sunk on land or off the map is refused. */
    char *sunk = set_value(good, "ship.0", "status", "sunk", &line);
    t = set_value(sunk, "ship.0", "hex", "-40,2", &line);
    refused(t, strlen(t), &m, line, "off the map");
    free(t);
    t = set_value(sunk, "ship.0", "hex", hv, &line);
    refused(t, strlen(t), &m, line, "land");
    free(t);
    free(sunk);
    /* A generated sea larger than the game makes (a 3 KB save once asked
     * for 16384x16384: 50 s and 1.3 GB) is refused at its line. */
    const char *b = strstr(good, "\n[battle]\n");
    ck_assert_ptr_nonnull(b);
    size_t cut = (size_t)(b - good) + strlen("\n[battle]\n");
    char *huge = malloc(len + 64);
    snprintf(huge, len + 64, "%.*smap_gen_size = 16384x16384\n%s", (int)cut, good, good + cut);
    int hline = 1;
    for (size_t i = 0; i < cut; i++) hline += good[i] == '\n';
    refused(huge, strlen(huge), &m, hline, "larger than any sea the game generates (1280x800");
    free(huge);
    /* Two ships in one hex. */
    snprintf(hv, sizeof hv, "%d,%d", sk.ships[0].pose.hex.q, sk.ships[0].pose.hex.r);
    t = set_value(good, "ship.1", "hex", hv, &line);
    refused(t, strlen(t), &m, line, "shares hex");
    free(t);

    /* At anchor only under her own colours and off the shore; on the shore
     * never sunk; at anchor, no path (weighing takes the turn). */
    char *struck = set_value(good, "ship.0", "status", "struck", &line);
    t = set_value(struck, "ship.0", "anchored", "1", &line);
    refused(t, strlen(t), &m, line, "at anchor while out of the fight");
    free(t);
    free(struck);
    char *held = set_value(good, "ship.0", "anchored", "1", &line);
    t = set_value(held, "ship.0", "aground", "1", &line);
    refused(t, strlen(t), &m, -1, "at anchor while aground");
    free(t);
    t = set_value(held, "orders.0", "steps", "F", &line);
    refused(t, strlen(t), &m, -1, "at anchor");
    free(t);
    free(held);
    sunk = set_value(good, "ship.0", "status", "sunk", &line);
    t = set_value(sunk, "ship.0", "aground", "1", &line);
    refused(t, strlen(t), &m, line, "aground and sunk");
    free(t);
    free(sunk);
    /* Board orders the rules refuse (they name the orders' section). */
    t = set_value(good, "orders.0", "board", "cut", &line);
    refused(t, strlen(t), &m, -1, "lashed to no ship");
    free(t);
    t = set_value(good, "orders.0", "board", "0", &line);
    refused(t, strlen(t), &m, -1, "no ship");
    free(t);
    /* Two ships lashed to each other load; one of them sunk does not. */
    char *pair = set_value(good, "ship.0", "lashed", "1", &line);
    t = set_value(pair, "ship.1", "lashed", "0", &line);
    ck_assert_int_eq(save_parse(t, strlen(t), "bad.save", &m, &ok, &e), 0);
    ck_assert_int_eq(ok.ships[0].lashed, 1);
    ck_assert_int_eq(ok.ships[1].lashed, 0);
    ck_assert(!fleet_ship_can_sail(&ok.ships[0]));
    skirmish_deinit(&ok);
    char *lost = set_value(t, "ship.1", "status", "sunk", &line);
    refused(lost, strlen(lost), &m, -1, "one of them sunk");
    free(lost);
    free(t);
    free(pair);
    /* Version 3's keys: required in a version 3 save, unknown to version 2;
     * version 2's unknown to version 1. */
    char *nolash = strdup(good);
    drop_key(nolash, "lashed");
    refused(nolash, strlen(nolash), &m, -1, "no 'lashed'");
    free(nolash);
    char *v2 = strdup(good);
    v2[11] = '2';
    refused(v2, len, &m, -1, "a version 2 save has no such key");
    free(v2);
    char *miss = strdup(good);
    char *an = strstr(miss, "\nanchored = ");
    memmove(an, strchr(an + 1, '\n'), strlen(strchr(an + 1, '\n')) + 1);
    refused(miss, strlen(miss), &m, -1, "no 'anchored'");
    free(miss);
    char *v1 = strdup(good);
    v1[11] = '1';
    drop_v3_keys(v1);
    refused(v1, strlen(v1), &m, -1, "a version 1 save has no such key");
    free(v1);

    /* Header: other versions and other files. */
    char *v5 = strdup(good);
    v5[11] = '5';
    refused(v5, len, &m, 1, "version 5");
    free(v5);
    refused("hello = 1\n", 10, &m, 1, "not a shoal save");
    refused("", 0, &m, 1, NULL);
    /* Structure: unknown key and section, duplicates, text after the end,
     * a missing key, binary junk. */
    const char *ins[][2] = {{"[ship.0]\n", "[ship.0]\nspeed = 5\n"},
                            {"[side.A]\n", "[side.C]\n"},
                            {"[ship.0]\n", "[ship.0]\nhull = 3\n"},
                            {"end = shoal-save\n", "end = shoal-save\nturn = 3\n"},
                            {"[battle]\n", "[battle]\nmap = other.png\n"}};
    const char *want[] = {"unknown key", "unknown section", "twice", "after the end", "twice"};
    for (size_t k = 0; k < sizeof ins / sizeof ins[0]; k++) {
        const char *at = strstr(good, ins[k][0]);
        ck_assert_ptr_nonnull(at);
        size_t n = len + strlen(ins[k][1]) + 1;
        char *u = malloc(n);
        snprintf(u, n, "%.*s%s%s", (int)(at - good), good, ins[k][1], at + strlen(ins[k][0]));
        refused(u, strlen(u), &m, -1, want[k]);
        free(u);
    }
    char *gap = strdup(good);
    char *crew = strstr(gap, "\ncrew = ");
    memmove(crew, strchr(crew + 1, '\n'), strlen(strchr(crew + 1, '\n')) + 1);
    refused(gap, strlen(gap), &m, -1, "no 'crew'");
    free(gap);
    char *nul = strdup(good);
    nul[len / 2] = '\0';
    refused(nul, len, &m, -1, "NUL");
    free(nul);
    free(good);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* A version 2 save (before grape and double shot) loads with every
 * broadside counted as fired, since it can't say which never were: none
 * may double-shot after the load. Its guns fired by shot start at 0. It
 * knows no grape or double, nor the keys version 3 brought. */
START_TEST(test_version_2_still_loads)
{
    setup_map();
    Skirmish sk, back;
    Map m;
    start(&sk, &m, 37);
    play(&sk, 1);
    char *now = format(&sk);
    char *v2 = strdup(now);
    v2[11] = '2';
    drop_v3_keys(v2);
    ck_assert_ptr_null(strstr(v2, "unfired"));
    Err e;
    ck_assert_msg(save_parse(v2, strlen(v2), "old.save", &m, &back, &e) == 0, "%s", e.msg);
    for (int i = 0; i < back.nships; i++) {
        ck_assert(!back.ships[i].first_fire[0] && !back.ships[i].first_fire[1]);
        SkirmishOrders o = back.orders[i];
        o.fire[FLEET_PORT].shot = FLEET_DOUBLE;
        if (fleet_ship_active(&back.ships[i]))
            ck_assert_int_eq(skirmish_check_orders(&back, i, &o, &e), -1);
    }
    ck_assert_int_eq(back.stats[0].shots, sk.stats[0].shots);
    ck_assert_int_eq(back.stats[0].shots_by[FLEET_ROUND] + back.stats[0].burst, 0);
    /* Everything else as saved: the same ships but for the first fires. */
    for (int i = 0; i < sk.nships; i++)
        sk.ships[i].first_fire[0] = sk.ships[i].first_fire[1] = false;
    ck_assert_int_eq(memcmp(back.ships, sk.ships, sizeof sk.ships), 0);
    skirmish_deinit(&back);
    /* Grape and double are version 3's words; its keys unknown before. */
    int line;
    char *t = set_value(v2, "orders.0", "port", "any grape", &line);
    refused(t, strlen(t), &m, line, "<round|chain>");
    free(t);
    char *v2new = strdup(now);
    v2new[11] = '2';
    refused(v2new, strlen(v2new), &m, -1, "a version 2 save has no such key");
    free(v2new);
    /* A version 3 save needs them, and a first fire is never reloading. */
    char *miss = strdup(now);
    drop_key(miss, "unfired_starboard");
    refused(miss, strlen(miss), &m, -1, "no 'unfired_starboard'");
    free(miss);
    char *load = set_value(now, "ship.0", "reload_port", "1", &line);
    t = set_value(load, "ship.0", "unfired_port", "1", &line);
    refused(t, strlen(t), &m, line, "unfired_port while reloading");
    free(t);
    free(load);
    free(v2);
    free(now);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* First fires, double and grape orders and the guns fired by shot
 * round-trip. */
START_TEST(test_shot_round_trip)
{
    setup_map();
    Skirmish sk, back;
    Map m;
    start(&sk, &m, 41);
    sk.ships[0].first_fire[FLEET_STARBOARD] = false;
    sk.orders[0].fire[FLEET_PORT].shot = FLEET_DOUBLE;
    sk.orders[0].fire[FLEET_STARBOARD].shot = FLEET_GRAPE;
    sk.stats[1].shots_by[FLEET_GRAPE] = 7;
    sk.stats[1].shots_by[FLEET_DOUBLE] = 6;
    sk.stats[1].burst = 2;
    char *a = format(&sk);
    ck_assert_ptr_nonnull(strstr(a, "unfired_starboard = 0\n"));
    ck_assert_ptr_nonnull(strstr(a, "port = any double\nstarboard = any grape\n"));
    ck_assert_ptr_nonnull(strstr(a, "shots_grape = 7\nshots_double = 6\nburst = 2\n"));
    Err e;
    ck_assert_msg(save_parse(a, strlen(a), "mem.save", &m, &back, &e) == 0, "%s", e.msg);
    ck_assert_int_eq(memcmp(back.ships, sk.ships, sizeof sk.ships), 0);
    ck_assert_int_eq(memcmp(back.stats, sk.stats, sizeof sk.stats), 0);
    ck_assert_int_eq(memcmp(back.orders, sk.orders, sizeof sk.orders), 0);
    /* Double shot for a broadside that has fired: refused at its line. */
    int line;
    char *t = set_value(a, "orders.0", "starboard", "any double", &line);
    refused(t, strlen(t), &m, -1, "double shot only for a broadside's first fire");
    free(t);
    free(a);
    skirmish_deinit(&back);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* A version 1 save (before anchors and the shore) and a version 2 save
 * (before boarding) load, their ships free of what the version did not
 * know, and play on as the same battle saved today. */
START_TEST(test_old_versions_still_load)
{
    setup_map();
    Skirmish sk, back;
    Map m;
    start(&sk, &m, 23);
    play(&sk, 4);
    for (int i = 0; i < sk.nships; i++) {
        /* No older version knows a prize or a lashing: a battle with one
         * can't be written in their words. */
        ck_assert(sk.ships[i].prize == FLEET_PRIZE_NONE && sk.ships[i].lashed < 0);
        sk.ships[i].anchored = sk.ships[i].aground = false;
        sk.ships[i].prize = FLEET_PRIZE_NONE;
        sk.ships[i].lashed = -1;
        sk.orders[i].anchor = false;
        sk.orders[i].board = SKIRMISH_BOARD_NONE;
        /* Version 3's state (see test_version_2_still_loads). */
        sk.ships[i].first_fire[0] = sk.ships[i].first_fire[1] = false;
    }
    for (int side = 0; side < 2; side++) {
        memset(sk.stats[side].shots_by, 0, sizeof sk.stats[side].shots_by);
        sk.stats[side].burst = 0;
    }
    for (int s = 0; s < SKIRMISH_SIDES; s++)
        sk.stats[s].boardings = sk.stats[s].prizes = sk.stats[s].groundings = 0;
    sk.quiet = 0;
    char *now = format(&sk);
    Err e;
    char *v2 = strdup(now);
    v2[11] = '2';
    drop_v3_keys(v2);
    ck_assert_ptr_null(strstr(v2, "lashed"));
    ck_assert_msg(save_parse(v2, strlen(v2), "old.save", &m, &back, &e) == 0, "%s", e.msg);
    char *again2 = format(&back);
    ck_assert_str_eq(again2, now);
    free(again2);
    free(v2);
    skirmish_deinit(&back);
    char *v1 = strdup(now);
    v1[11] = '1';
    drop_v3_keys(v1);
    for (const char *const *k = v2_keys; *k; k++) drop_key(v1, *k);
    ck_assert_ptr_null(strstr(v1, "anchor"));
    ck_assert_msg(save_parse(v1, strlen(v1), "old.save", &m, &back, &e) == 0, "%s", e.msg);
    char *again = format(&back);
    ck_assert_str_eq(again, now);
    play(&sk, 3);
    play(&back, 3);
    same_battle(&sk, &back);
    free(again);
    free(v1);
    free(now);
    skirmish_deinit(&back);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* Anchors, the shore and the anchor order round-trip. */
START_TEST(test_anchor_and_shore_round_trip)
{
    setup_map();
    Skirmish sk, back;
    Map m;
    start(&sk, &m, 29);
    sk.ships[0].anchored = true;
    skirmish_default_orders(&sk, 0, &sk.orders[0]);
    sk.orders[0].anchor = false; /* she weighs this turn */
    sk.ships[1].aground = true;
    char *a = format(&sk);
    ck_assert_ptr_nonnull(strstr(a, "anchored = 1\n"));
    ck_assert_ptr_nonnull(strstr(a, "aground = 1\n"));
    Err e;
    ck_assert_msg(save_parse(a, strlen(a), "mem.save", &m, &back, &e) == 0, "%s", e.msg);
    ck_assert(back.ships[0].anchored && !back.orders[0].anchor && back.ships[1].aground);
    ck_assert_int_eq(memcmp(back.ships, sk.ships, sizeof sk.ships), 0);
    char *b = format(&back);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    skirmish_deinit(&back);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

START_TEST(test_random_damage_never_crashes)
{
    setup_map();
    Skirmish sk;
    Map m;
    start(&sk, &m, 31);
    play(&sk, 2);
    char *good = format(&sk);
    size_t len = strlen(good);
    char *buf = malloc(len + 64);
    uint32_t s = 12345;
    int accepted = 0;
    for (int k = 0; k < 400; k++) {
        memcpy(buf, good, len + 1);
        size_t n = len;
        for (int flips = 1 + k % 4; flips > 0; flips--) {
            s = s * 1664525u + 1013904223u;
            size_t at = (s >> 8) % n;
            int what = (int)(s >> 28) % 3;
            if (what == 0)
                buf[at] = (char)(32 + (s >> 16) % 95); /* any printable byte */
            else if (what == 1 && n > 1) {
                memmove(buf + at, buf + at + 1, n - at); /* delete one */
                n--;
            } else
                buf[at] = "0123456789-,x \n=#[]"[(s >> 12) % 19];
        }
        Skirmish out;
        Err e;
        if (save_parse(buf, n, "fuzz.save", &m, &out, &e) == 0) {
            /* Anything accepted is a real battle: it saves and reloads. */
            char *again = format(&out);
            Skirmish twice;
            ck_assert_int_eq(save_parse(again, strlen(again), "again", &m, &twice, &e), 0);
            skirmish_deinit(&twice);
            free(again);
            skirmish_deinit(&out);
            accepted++;
        } else {
            ck_assert(strncmp(e.msg, "fuzz.save:", 10) == 0);
        }
    }
    ck_assert_int_lt(accepted, 400);
    free(buf);
    free(good);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

START_TEST(test_files)
{
    setup_map();
    Skirmish sk, back;
    Map m, m2;
    start(&sk, &m, 3);
    Err e;
    char path[160];
    /* A folder that doesn't exist: refused, nothing written. */
    snprintf(path, sizeof path, "%s/nope/x.save", dir);
    ck_assert_int_eq(save_write(&sk, path, &e), -1);
    ck_assert(strstr(e.msg, "nope/x.save") != NULL);
    /* Overwriting replaces the whole file. */
    snprintf(path, sizeof path, "%s/x.save", dir);
    tu_write(path, "old contents that are longer than nothing\n", 43);
    ck_assert_int_eq(save_write(&sk, path, &e), 0);
    ck_assert_int_eq(save_load(path, &back, &m2, &e), 0);
    skirmish_deinit(&back);
    map_free(&m2);
    /* A save whose map has gone. */
    char moved[160];
    snprintf(moved, sizeof moved, "%s/gone.png", dir);
    ck_assert_int_eq(rename(map_path, moved), 0);
    ck_assert_int_eq(save_load(path, &back, &m2, &e), -1);
    ck_assert_msg(strstr(e.msg, "x.save:") != NULL && strstr(e.msg, "isles.png") != NULL, "%s",
                  e.msg);
    ck_assert_int_eq(rename(moved, map_path), 0);
    /* A missing save file. */
    snprintf(path, sizeof path, "%s/none.save", dir);
    ck_assert_int_eq(save_load(path, &back, &m2, &e), -1);
    ck_assert(strstr(e.msg, "none.save") != NULL);
    /* A battle without a map file to name can't be saved. */
    sk.map_path[0] = '\0';
    ck_assert_int_eq(save_write(&sk, path, &e), -1);
    ck_assert(strstr(e.msg, "map") != NULL);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* The same save text but for where the battle's map file is now. */
static void same_place(const Skirmish *x, Skirmish *moved)
{
    char now[SKIRMISH_PATH_MAX];
    strcpy(now, moved->map_path);
    strcpy(moved->map_path, x->map_path);
    char *a = format(x), *b = format(moved);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    strcpy(moved->map_path, now);
}

/* Moves the map's PNG and sidecar from dir to folder `to`. */
static void move_map(const char *to)
{
    char a[256], b[256];
    for (int k = 0; k < 2; k++) {
        const char *ext = k ? "ini" : "png";
        snprintf(a, sizeof a, "%s/isles.%s", dir, ext);
        snprintf(b, sizeof b, "%s/isles.%s", to, ext);
        ck_assert_msg(rename(a, b) == 0, "rename %s %s", a, b);
    }
}

/* A save whose map moved is still played: the map is looked for beside the
 * save, then among the shipped maps, and the next save records where it
 * is now. A map file that is there but broken, or a different map of the
 * same name, is still refused. */
START_TEST(test_moved_map_found)
{
    setup_map();
    Skirmish sk, back;
    Map m, m2;
    start(&sk, &m, 5);
    play(&sk, 2);
    Err e;
    char shared[128], save[192], data[128], maps[160], want[192];
    snprintf(shared, sizeof shared, "%s/shared", dir);
    ck_assert_int_eq(mkdir(shared, 0700), 0);
    snprintf(save, sizeof save, "%s/battle.save", shared);
    ck_assert_msg(save_write(&sk, save, &e) == 0, "%s", e.msg);

    /* Shared with its map beside it. */
    move_map(shared);
    ck_assert_msg(save_load(save, &back, &m2, &e) == 0, "%s", e.msg);
    snprintf(want, sizeof want, "%s/isles.png", shared);
    ck_assert_str_eq(back.map_path, want);
    char *text = format(&back);
    ck_assert_msg(strstr(text, want) != NULL, "the next save records %s", want);
    free(text);
    same_place(&sk, &back);
    skirmish_deinit(&back);
    map_free(&m2);

    /* Among the shipped maps (the game's data folder moved). */
    snprintf(data, sizeof data, "%s/data", dir);
    snprintf(maps, sizeof maps, "%s/data/maps", dir);
    ck_assert_int_eq(mkdir(data, 0700), 0);
    ck_assert_int_eq(mkdir(maps, 0700), 0);
    char a[256], b[256];
    for (int k = 0; k < 2; k++) {
        snprintf(a, sizeof a, "%s/isles.%s", shared, k ? "ini" : "png");
        snprintf(b, sizeof b, "%s/isles.%s", maps, k ? "ini" : "png");
        ck_assert_int_eq(rename(a, b), 0);
    }
    const char *old = getenv("SHOAL_DATA");
    char *keep = old ? strdup(old) : NULL;
    ck_assert_int_eq(setenv("SHOAL_DATA", data, 1), 0);
    ck_assert_msg(save_load(save, &back, &m2, &e) == 0, "%s", e.msg);
    snprintf(want, sizeof want, "%s/isles.png", maps);
    ck_assert_str_eq(back.map_path, want);
    same_place(&sk, &back);
    skirmish_deinit(&back);
    map_free(&m2);

    /* Nowhere: the message names the save, the map and where it looked. */
    snprintf(a, sizeof a, "%s/isles.png", maps);
    snprintf(b, sizeof b, "%s/elsewhere.png", maps);
    ck_assert_int_eq(rename(a, b), 0);
    ck_assert_int_eq(save_load(save, &back, &m2, &e), -1);
    ck_assert_msg(strstr(e.msg, "battle.save:") && strstr(e.msg, "isles.png") &&
                      strstr(e.msg, "beside the save"),
                  "%s", e.msg);
    ck_assert_ptr_null(strchr(e.msg, '\n'));

    /* A different map of the same name beside the save: its size differs. */
    Map other;
    ck_assert_int_eq(map_init(&other, 640, 480, &e), 0);
    snprintf(want, sizeof want, "%s/isles.png", shared);
    ck_assert_int_eq(map_save(&other, want, &e), 0);
    map_free(&other);
    ck_assert_int_eq(save_load(save, &back, &m2, &e), -1);
    ck_assert_msg(strstr(e.msg, "900x560") != NULL, "%s", e.msg);

    /* The recorded file is there but broken: that is the error, with no
     * search elsewhere (a good copy waits among the shipped maps). */
    ck_assert_int_eq(rename(b, a), 0);
    tu_write(map_path, "not a png", 9);
    ck_assert_int_eq(save_load(save, &back, &m2, &e), -1);
    ck_assert_msg(strstr(e.msg, map_path) != NULL && !strstr(e.msg, "beside the save"), "%s",
                  e.msg);

    if (keep) {
        setenv("SHOAL_DATA", keep, 1);
        free(keep);
    } else {
        unsetenv("SHOAL_DATA");
    }
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* Found by fuzz_save: a control character in the version or in a value
 * (a lone CR inside a line) was quoted into the message, which was then
 * not one line. Both are refused with a clean line; CRLF saves still load. */
START_TEST(test_control_chars)
{
    setup_map();
    Skirmish sk;
    Map m;
    start(&sk, &m, 5);
    char *good = format(&sk);
    refused("shoal-save e 0;s-sa\rve \x06\x06\x06\n\x06", 25, &m, 1, "unreadable save version");
    refused("shoal-save \x1b[2J\n", 15, &m, 1, "unreadable save version");
    int line;
    char *t = set_value(good, "battle", "wind", "E\rSW", &line);
    refused(t, strlen(t), &m, line, "control character 0x0d");
    free(t);
    t = set_value(good, "ship.0", "class", "sl\x7foop", &line);
    refused(t, strlen(t), &m, line, "control character 0x7f");
    free(t);
    /* The same save with CRLF line ends is the same battle. */
    size_t len = strlen(good), lines = 0;
    for (size_t i = 0; i < len; i++) lines += good[i] == '\n';
    char *crlf = malloc(len + lines + 1);
    ck_assert_ptr_nonnull(crlf);
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        if (good[i] == '\n') crlf[n++] = '\r';
        crlf[n++] = good[i];
    }
    Skirmish back;
    Err e;
    ck_assert_msg(save_parse(crlf, n, "crlf.save", &m, &back, &e) == 0, "%s", e.msg);
    char *again = format(&back);
    ck_assert_str_eq(again, good);
    free(again);
    skirmish_deinit(&back);
    free(crlf);
    free(good);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* A copy of text with ins put at byte `at`. */
static char *inserted(const char *text, size_t at, const char *ins)
{
    size_t n = strlen(text) + strlen(ins) + 1;
    char *out = malloc(n);
    ck_assert_ptr_nonnull(out);
    snprintf(out, n, "%.*s%s%s", (int)at, text, ins, text + at);
    return out;
}

/* The header read like every other line of ours: one spelling of the
 * version ("shoal-save 01" read as version 1), a byte-order mark skipped
 * as the sidecar and settings readers skip it, and a NUL byte refused
 * inside a comment as anywhere else. */
START_TEST(test_header_and_comments)
{
    setup_map();
    Skirmish sk, back;
    Map m;
    start(&sk, &m, 7);
    char *good = format(&sk);
    size_t len = strlen(good), hl = strcspn(good, "\n");
    static const char *const versions[] = {"04", "+4", " 4", "4 ", "0x4", "4.0", ""};
    for (size_t k = 0; k < sizeof versions / sizeof versions[0]; k++) {
        char *t = malloc(len + 16);
        ck_assert_ptr_nonnull(t);
        snprintf(t, len + 16, "shoal-save %s%s", versions[k], good + hl);
        refused(t, strlen(t), &m, 1, "unreadable save version");
        free(t);
    }
    Err e;
    char *bom = inserted(good, 0, "\xEF\xBB\xBF");
    ck_assert_msg(save_parse(bom, strlen(bom), "bom.save", &m, &back, &e) == 0, "%s", e.msg);
    char *again = format(&back);
    ck_assert_str_eq(again, good);
    free(again);
    skirmish_deinit(&back);
    free(bom);
    /* Only first: anywhere else it is no key. */
    const char *ship = strstr(good, "\n[ship.0]\n") + 10;
    bom = inserted(good, (size_t)(ship - good), "\xEF\xBB\xBF");
    refused(bom, strlen(bom), &m, -1, "invalid key");
    free(bom);
    /* A NUL in a comment line, in an inline comment, in the header's. */
    const size_t nuls[] = {hl + 3, (size_t)(strstr(good, "\nturn = ") - good) + 9};
    for (int k = 0; k < 2; k++) {
        char *t = inserted(good, nuls[k], k ? " # a" : "x");
        t[nuls[k] + (k ? 3 : 0)] = '\0';
        refused(t, len + (k ? 4 : 1), &m, -1, "NUL byte");
        free(t);
    }
    free(good);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* Found with a game killed mid-save: quicksave.sav.tmp-k1LLed stayed for
 * good. The next save to that folder removes it, and any other save's
 * (core/afile's sweep), but no file of another kind. */
START_TEST(test_killed_save_leftover_swept)
{
    setup_map();
    Skirmish sk, back;
    Map m, m2;
    start(&sk, &m, 3);
    Err e;
    char path[160], left[176], other[176], kept[176];
    snprintf(path, sizeof path, "%s/quicksave.sav", dir);
    snprintf(left, sizeof left, "%s.tmp-k1LLed", path);
    snprintf(other, sizeof other, "%s/battle 2.sav.tmp-Xy7Q0z", dir);
    snprintf(kept, sizeof kept, "%s/isles.png.tmp-Xy7Q0z", dir);
    tu_write(left, "shoal-save 4\n# cut short", 24);
    tu_write(other, "shoal-save 4\n", 13);
    tu_write(kept, "\x89PNG", 4);
    ck_assert_msg(save_write(&sk, path, &e) == 0, "%s", e.msg);
    ck_assert_msg(access(left, F_OK) != 0, "the killed save's temp file is still there");
    ck_assert_msg(access(other, F_OK) != 0, "another killed save's temp file is still there");
    ck_assert_msg(access(kept, F_OK) == 0, "a temp file of another kind of file went");
    ck_assert_msg(save_load(path, &back, &m2, &e) == 0, "%s", e.msg);
    skirmish_deinit(&back);
    map_free(&m2);
    skirmish_deinit(&sk);
    map_free(&m);
}
END_TEST

/* Save files that are not saves at all: each refused by save_load with
 * one line naming the file, and left as they were. */
START_TEST(test_bad_save_files)
{
    setup_map();
    struct {
        const char *name, *text;
        size_t len;
        const char *want;
    } bad[] = {
        {"empty.save", "", 0, "empty file"},
        {"binary.save", "\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16, "NUL byte"},
        {"garbage.save", "hello, world\n", 13, "not a shoal save"},
        {"v9.save", "shoal-save 9\n[battle]\n", 22, "version 9 is not supported"},
        {"cut.save", "shoal-save 1\n[battle]\nseed = 4\n", 31, "truncated"},
    };
    Skirmish sk;
    Map m;
    Err e;
    char path[160];
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        snprintf(path, sizeof path, "%s/%s", dir, bad[k].name);
        tu_write(path, bad[k].text, bad[k].len);
        ck_assert_int_eq(save_load(path, &sk, &m, &e), -1);
        ck_assert_ptr_null(m.land);
        ck_assert_msg(strncmp(e.msg, path, strlen(path)) == 0, "'%s' does not name the file",
                      e.msg);
        ck_assert_msg(strstr(e.msg, bad[k].want) != NULL, "wanted '%s' in: %s", bad[k].want, e.msg);
        ck_assert_ptr_null(strchr(e.msg, '\n'));
        struct stat st;
        ck_assert_int_eq(stat(path, &st), 0);
        ck_assert_int_eq((long)st.st_size, (long)bad[k].len);
    }
    /* A directory, and a file over SAVE_MAX_BYTES. */
    ck_assert_int_eq(save_load(dir, &sk, &m, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "is a directory"));
    snprintf(path, sizeof path, "%s/big.save", dir);
    char *big = malloc(SAVE_MAX_BYTES + 1);
    ck_assert_ptr_nonnull(big);
    memset(big, '#', SAVE_MAX_BYTES + 1);
    tu_write(path, big, SAVE_MAX_BYTES + 1);
    free(big);
    ck_assert_int_eq(save_load(path, &sk, &m, &e), -1);
    ck_assert_msg(strstr(e.msg, "big.save") && strstr(e.msg, "too large"), "%s", e.msg);
}
END_TEST

static Suite *save_suite(void)
{
    Suite *s = suite_create("save");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_round_trip);
    tcase_add_test(tc, test_old_versions_still_load);
    tcase_add_test(tc, test_version_2_still_loads);
    tcase_add_test(tc, test_shot_round_trip);
    tcase_add_test(tc, test_anchor_and_shore_round_trip);
    tcase_add_test(tc, test_load_and_play_on);
    tcase_add_test(tc, test_generated_map_saves);
    tcase_add_test(tc, test_corrupt_saves_refused);
    tcase_add_test(tc, test_random_damage_never_crashes);
    tcase_add_test(tc, test_files);
    tcase_add_test(tc, test_moved_map_found);
    tcase_add_test(tc, test_control_chars);
    tcase_add_test(tc, test_header_and_comments);
    tcase_add_test(tc, test_killed_save_leftover_swept);
    tcase_add_test(tc, test_bad_save_files);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(save_suite)
