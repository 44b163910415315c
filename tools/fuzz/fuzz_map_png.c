/* fuzz_map_png: the PNG map decoder with its size limits
 * (map_load_png_memory) on arbitrary bytes. */
#include <stddef.h>
#include <stdint.h>

#include "core/map.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Map m;
    Err e;
    e.msg[0] = '\0';
    if (map_load_png_memory(&m, data, size, "fuzz.png", &e) != 0) {
        FUZZ_CHECK(m.land == NULL && m.w == 0 && m.h == 0, "a refused map is not left empty");
        fuzz_check_err(&e, "fuzz.png: ");
        return 0;
    }
    FUZZ_CHECK(m.w >= MAP_MIN_SIDE && m.w <= MAP_MAX_SIDE && m.h >= MAP_MIN_SIDE &&
                   m.h <= MAP_MAX_SIDE,
               "accepted a %dx%d map", m.w, m.h);
    size_t n = (size_t)m.w * (size_t)m.h, land = 0;
    for (size_t i = 0; i < n; i++) {
        FUZZ_CHECK(m.land[i] <= 1, "mask byte %u at %zu", m.land[i], i);
        land += m.land[i];
    }
    /* Statistics walk every pixel again: only on maps small enough to keep
     * the fuzzer fast. */
    if (n <= 256 * 256) {
        MapStats st;
        map_stats(&m, &st);
        FUZZ_CHECK(st.water_fraction >= 0.0 && st.water_fraction <= 1.0, "water %f",
                   st.water_fraction);
        FUZZ_CHECK((land == n) == (st.water_bodies == 0), "water bodies %d with %zu/%zu land",
                   st.water_bodies, land, n);
        FUZZ_CHECK((land == 0) == (st.islands == 0), "islands %d with %zu land", st.islands, land);
    }
    map_free(&m);
    return 0;
}
