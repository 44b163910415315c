/* fuzz_sidecar: the .ini sidecar parser (map_meta_parse) on arbitrary text,
 * against a few map sizes; whatever it accepts must be within the limits
 * and survive map_meta_format + map_meta_parse unchanged. */
#include <stddef.h>
#include <stdint.h>

#include "core/map.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The first input byte picks the map the sidecar belongs to. */
static const int sizes[][2] = {{16, 16}, {40, 30}, {300, 200}, {1280, 720}, {MAP_MAX_SIDE, 16}};

static void check_meta(const MapMeta *m, int w, int h)
{
    size_t n = strnlen(m->name, sizeof m->name);
    FUZZ_CHECK(n > 0 && n < sizeof m->name, "name length %zu", n);
    FUZZ_CHECK(m->hex_size >= MAP_HEX_SIZE_MIN && m->hex_size <= MAP_HEX_SIZE_MAX, "hex_size %d",
               m->hex_size);
    FUZZ_CHECK(m->wind_dir >= 0 && m->wind_dir < HEX_DIRS, "wind %d", m->wind_dir);
    FUZZ_CHECK(m->wind_strength >= 0 && m->wind_strength <= MAP_WIND_MAX, "wind_strength %d",
               m->wind_strength);
    for (int f = 0; f < 2; f++) {
        FUZZ_CHECK(m->spawn_count[f] >= 0 && m->spawn_count[f] <= MAP_MAX_SPAWNS, "%d spawns",
                   m->spawn_count[f]);
        for (int i = 0; i < m->spawn_count[f]; i++) {
            float x, y;
            hex_to_pixel(m->spawns[f][i], (float)m->hex_size, &x, &y);
            FUZZ_CHECK(x >= 0 && y >= 0 && x < (float)w && y < (float)h,
                       "spawn %d,%d off the %dx%d map", m->spawns[f][i].q, m->spawns[f][i].r, w, h);
        }
    }
}

static int same_meta(const MapMeta *a, const MapMeta *b)
{
    if (strcmp(a->name, b->name) != 0 || a->hex_size != b->hex_size || a->wind_dir != b->wind_dir ||
        a->wind_strength != b->wind_strength)
        return 0;
    for (int f = 0; f < 2; f++) {
        if (a->spawn_count[f] != b->spawn_count[f]) return 0;
        for (int i = 0; i < a->spawn_count[f]; i++)
            if (!hex_equal(a->spawns[f][i], b->spawns[f][i])) return 0;
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    int w = sizes[data[0] % (sizeof sizes / sizeof sizes[0])][0];
    int h = sizes[data[0] % (sizeof sizes / sizeof sizes[0])][1];
    const char *text = (const char *)data + 1;
    size_t len = size - 1;

    MapMeta meta;
    Err e;
    e.msg[0] = '\0';
    map_meta_default(&meta, "maps/fuzz.png");
    if (map_meta_parse(&meta, text, len, "fuzz.ini", w, h, &e) != 0) {
        fuzz_check_err(&e, "fuzz.ini:");
        return 0;
    }
    check_meta(&meta, w, h);

    /* What was accepted is written back exactly and reads back the same. */
    char buf[8192];
    int n = map_meta_format(&meta, buf, sizeof buf);
    FUZZ_CHECK(n > 0, "an accepted sidecar does not format");
    MapMeta again;
    map_meta_default(&again, "maps/other.png");
    FUZZ_CHECK(map_meta_parse(&again, buf, (size_t)n, "again.ini", w, h, &e) == 0,
               "formatted sidecar refused: %s\n%s", e.msg, buf);
    FUZZ_CHECK(same_meta(&meta, &again), "round trip changed the sidecar:\n%s", buf);
    return 0;
}
