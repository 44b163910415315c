/* fuzz_save: the save-file parser (save_parse) on arbitrary text, against
 * one generated map; whatever it accepts must format and parse back to the
 * same text. */
#include <stddef.h>
#include <stdint.h>

#include "core/mapgen.h"
#include "core/save.h"
#include "fuzz_util.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Generated once and never written after: every input sees the same map. */
static Map map;
static char *text1, *text2;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    MapGenParams p;
    mapgen_defaults(&p);
    p.seed = FUZZ_SAVE_MAP_SEED;
    p.w = FUZZ_SAVE_MAP_W;
    p.h = FUZZ_SAVE_MAP_H;
    p.land = FUZZ_SAVE_MAP_LAND;
    p.islands = FUZZ_SAVE_MAP_ISLANDS;
    Err e;
    if (mapgen_generate(&map, &p, &e) != 0) {
        fprintf(stderr, "fuzz_save: %s\n", e.msg);
        exit(1);
    }
    /* Scratch buffers for the round trip, reused (fully rewritten) by every
     * input rather than allocated per input. */
    text1 = malloc(SAVE_MAX_BYTES);
    text2 = malloc(SAVE_MAX_BYTES);
    if (!text1 || !text2) exit(1);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Skirmish *sk = malloc(sizeof *sk), *back = malloc(sizeof *back);
    FUZZ_CHECK(sk && back, "out of memory");
    Err e;
    e.msg[0] = '\0';
    if (save_parse((const char *)data, size, "fuzz.save", &map, sk, &e) != 0) {
        fuzz_check_err(&e, "fuzz.save:");
        free(sk);
        free(back);
        return 0;
    }
    FUZZ_CHECK(sk->map == &map, "the skirmish does not borrow the map");
    FUZZ_CHECK(sk->nships >= 2 && sk->nships <= SKIRMISH_MAX_SHIPS, "%d ships", sk->nships);
    FUZZ_CHECK(sk->turn >= 1 && sk->turn <= sk->turn_limit, "turn %d of %d", sk->turn,
               sk->turn_limit);
    for (int i = 0; i < sk->nships; i++) {
        const FleetShip *s = &sk->ships[i];
        FUZZ_CHECK(s->side == 0 || s->side == 1, "ship %d side %d", i, s->side);
        if (s->status != FLEET_SUNK)
            FUZZ_CHECK(chart_sailable(&sk->chart, s->pose.hex), "ship %d aground", i);
    }
    int n1 = save_format(sk, text1, SAVE_MAX_BYTES, &e);
    FUZZ_CHECK(n1 > 0, "an accepted save does not format: %s", e.msg);
    FUZZ_CHECK(save_parse(text1, (size_t)n1, "again.save", &map, back, &e) == 0,
               "a formatted save is refused: %s", e.msg);
    int n2 = save_format(back, text2, SAVE_MAX_BYTES, &e);
    FUZZ_CHECK(n2 == n1 && memcmp(text1, text2, (size_t)n1) == 0,
               "save -> load -> save changed the text");
    skirmish_deinit(back);
    skirmish_deinit(sk);
    free(sk);
    free(back);
    return 0;
}
