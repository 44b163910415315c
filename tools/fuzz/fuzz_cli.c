/* fuzz_cli: the flag-value parsers every binary uses (cli_long, cli_int,
 * cli_double, cli_size) on arbitrary strings and ranges. The contract: on
 * success the value is within [lo, hi]; on failure the message is one line
 * naming the flag; a refused value never touches the output. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "core/cli.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const long long_ranges[][2] = {{0, 2000000},         {1, 64}, {-1, 1}, {0, 4294967295L},
                                      {LONG_MIN, LONG_MAX}, {5, 5},  {0, 0}};
static const int int_ranges[][2] = {{0, 2000000}, {1, 64}, {16, 16384}, {INT_MIN, INT_MAX}, {0, 0}};
static const double double_ranges[][2] = {
    {0.0, 1.0}, {0.05, 64.0}, {-DBL_MAX, DBL_MAX}, {0.0, 0.9}, {1e-300, 1e300}};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    int which = data[0] % 5, range = data[1];
    /* An argv string: the rest of the input up to its first NUL. The fifth
     * case passes NULL, as for a flag last on the command line. */
    char *value = NULL;
    if (which != 4) {
        size_t n = strnlen((const char *)data + 2, size - 2);
        value = malloc(n + 1);
        FUZZ_CHECK(value, "out of memory");
        memcpy(value, data + 2, n);
        value[n] = '\0';
    }
    Err e;
    e.msg[0] = '\0';
    int rc;
    switch (which) {
    case 0: {
        long lo = long_ranges[range % COUNT(long_ranges)][0];
        long hi = long_ranges[range % COUNT(long_ranges)][1];
        long out = 12345;
        rc = cli_long("--num", value, lo, hi, &out, &e);
        if (rc == 0)
            FUZZ_CHECK(out >= lo && out <= hi, "%ld outside %ld..%ld", out, lo, hi);
        else
            FUZZ_CHECK(out == 12345, "a refused value changed the output");
        break;
    }
    case 1: {
        int lo = int_ranges[range % COUNT(int_ranges)][0];
        int hi = int_ranges[range % COUNT(int_ranges)][1];
        int out = 12345;
        rc = cli_int("--num", value, lo, hi, &out, &e);
        if (rc == 0)
            FUZZ_CHECK(out >= lo && out <= hi, "%d outside %d..%d", out, lo, hi);
        else
            FUZZ_CHECK(out == 12345, "a refused value changed the output");
        break;
    }
    case 2: {
        double lo = double_ranges[range % COUNT(double_ranges)][0];
        double hi = double_ranges[range % COUNT(double_ranges)][1];
        double out = 12345.0;
        rc = cli_double("--num", value, lo, hi, &out, &e);
        if (rc == 0)
            FUZZ_CHECK(isfinite(out) && out >= lo && out <= hi, "%g outside %g..%g", out, lo, hi);
        else
            FUZZ_CHECK(out == 12345.0, "a refused value changed the output");
        break;
    }
    default: {
        int lo = int_ranges[range % COUNT(int_ranges)][0];
        int hi = int_ranges[range % COUNT(int_ranges)][1];
        int w = 12345, h = 12345;
        rc = cli_size("--num", value, lo, hi, &w, &h, &e);
        if (rc == 0)
            FUZZ_CHECK(w >= lo && w <= hi && h >= lo && h <= hi, "%dx%d outside %d..%d", w, h, lo,
                       hi);
        else
            FUZZ_CHECK(w == 12345 && h == 12345, "a refused size changed the output");
        break;
    }
    }
    if (rc != 0) fuzz_check_err(&e, "--num");
    if (which == 4) FUZZ_CHECK(rc != 0, "a missing value was accepted");
    free(value);
    return 0;
}
