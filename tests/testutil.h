/* testutil: shared helpers for the Check suites (temp files, a main). */
#ifndef SHOAL_TESTUTIL_H
#define SHOAL_TESTUTIL_H

#include <check.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Check places a crash "after" the last assertion that passed: every
 * passing ck_assert sends its file and line to the runner through a file,
 * which the runner then unpacks in quadratic time. With millions of passing
 * assertions in our loops that bookkeeping was most of the run time
 * (test_jobs: 4 of 4.2 s; under TSan 19 of 20 s), so passing assertions
 * skip it unless SHOAL_TEST_MARKS is set. A failing assertion still names
 * its own line; a sanitizer report names the crash's. */
static inline void tu_mark_point(const char *file, int line)
{
    /* Atomic: a test may assert from a worker thread. */
    static atomic_int marks = -1;
    int m = atomic_load_explicit(&marks, memory_order_relaxed);
    if (m < 0) {
        m = getenv("SHOAL_TEST_MARKS") != NULL;
        atomic_store_explicit(&marks, m, memory_order_relaxed);
    }
    if (m) (_mark_point)(file, line);
}
#define _mark_point(file, line) tu_mark_point(file, line)

/* Each suite file ends with SHOAL_CHECK_MAIN(make_suite): runs the suite,
 * prints Check's summary, exits non-zero on any failure. */
#define SHOAL_CHECK_MAIN(suite_fn)                                                                 \
    int main(void)                                                                                 \
    {                                                                                              \
        SRunner *sr = srunner_create(suite_fn());                                                  \
        srunner_run_all(sr, CK_ENV);                                                               \
        int failed = srunner_ntests_failed(sr);                                                    \
        srunner_free(sr);                                                                          \
        return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;                                          \
    }

/* The light profile: SHOAL_TEST_LIGHT set and not "0" (`make asan` and
 * `make tsan` set it). Sanitizers run our code 5 to 30 times slower, and
 * what they look for (a bad access, a race) shows in the first steps of a
 * loop as well as in the thousandth, so there the long loops shrink. */
static inline int tu_light(void)
{
    const char *v = getenv("SHOAL_TEST_LIGHT");
    return v && *v && strcmp(v, "0") != 0;
}

/* A loop size: `full` normally, `light` under the light profile. The test
 * asserts the same properties either way; the plain `make test` run keeps
 * the full sizes. */
static inline int tu_scale(int full, int light)
{
    return tu_light() ? light : full;
}

/* A fresh temp directory for a test; path written into buf. */
static inline void tu_tempdir(char *buf, size_t cap)
{
    snprintf(buf, cap, "/tmp/shoal-test-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(buf));
}

/* The source tree's data folder (tests run from the build tree, where
 * the game's own lookup finds none), from where this header sits. */
static inline void tu_data_dir(char *buf, size_t cap)
{
    const char *file = __FILE__, *slash = strrchr(file, '/');
    snprintf(buf, cap, "%.*s../data", slash ? (int)(slash - file + 1) : 0, file);
}

/* Write len bytes to path (test fixture files). */
static inline void tu_write(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    if (len) ck_assert_uint_eq(fwrite(data, 1, len, f), len);
    fclose(f);
}

#endif
