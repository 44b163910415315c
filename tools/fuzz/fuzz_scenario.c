/* fuzz_scenario: the scenario parser (scenario_parse) on arbitrary text,
 * then its map check on an open map with one island; whatever both accept
 * must start a battle that plays a turn. */
#include <stddef.h>
#include <stdint.h>

#include "core/ai.h"
#include "core/scenario.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_setup(const SkirmishSetup *st)
{
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        FUZZ_CHECK(st->ships[s] >= 1 && st->ships[s] <= SKIRMISH_SIDE_SHIPS, "%d ships",
                   st->ships[s]);
        for (int k = 0; k < st->ships[s]; k++) {
            FUZZ_CHECK(st->pick.classes[s][k] >= 0 && st->pick.classes[s][k] < FLEET_CLASSES,
                       "class %d", st->pick.classes[s][k]);
            int f = st->place.poses[s][k].facing;
            FUZZ_CHECK(f >= 0 && f < HEX_DIRS, "facing %d", f);
            FUZZ_CHECK(strnlen(st->place.names[s][k], SKIRMISH_NAME_MAX) < SKIRMISH_NAME_MAX,
                       "name unterminated");
        }
    }
    Err e = {{0}};
    FUZZ_CHECK(skirmish_goal_validate(st, &e) == 0, "accepted goals refused: %s", e.msg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Scenario sc;
    Err e = {{0}};
    if (scenario_parse(&sc, (const char *)data, size, "fuzz.ini", &e) != 0) {
        fuzz_check_err(&e, "fuzz.ini");
        return 0;
    }
    check_setup(&sc.setup);
    /* 1280x800, hexes of 24: the shipped maps' size, land round 10,10. */
    Map m;
    if (map_init(&m, 1280, 800, &e) != 0) return 0;
    m.meta.hex_size = 24;
    for (int y = 340; y < 420; y++)
        for (int x = 560; x < 640; x++) m.land[(size_t)y * 1280 + (size_t)x] = 1;
    if (scenario_check(&sc, &m, &e) != 0) {
        fuzz_check_err(&e, "fuzz.ini:");
        map_free(&m);
        return 0;
    }
    static Skirmish sk;
    FUZZ_CHECK(skirmish_init(&sk, &m, &sc.setup, &e) == 0, "checked scenario refused: %s", e.msg);
    int players[2] = {AI_PLAYER_NORMAL, AI_PLAYER_NORMAL};
    FUZZ_CHECK(ai_play_turn(&sk, players, &e) == 0, "a turn failed: %s", e.msg);
    skirmish_deinit(&sk);
    map_free(&m);
    return 0;
}
