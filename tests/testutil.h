/* testutil: shared helpers for the Check suites (temp files, a main). */
#ifndef SHOAL_TESTUTIL_H
#define SHOAL_TESTUTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* A fresh temp directory for a test; path written into buf. */
static inline void tu_tempdir(char *buf, size_t cap)
{
    snprintf(buf, cap, "/tmp/shoal-test-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(buf));
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
