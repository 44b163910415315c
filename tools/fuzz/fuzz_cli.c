/* fuzz_cli: the flag-value parsers every binary uses (cli_long, cli_int,
 * cli_double, cli_size) on arbitrary strings and ranges, and cli_scan on
 * arbitrary argv arrays through a table of every kind. The contract: on
 * success the value is within [lo, hi]; on failure the message is one line
 * naming the flag; a refused value never touches the output. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "core/cli.h"
#include "fuzz_argv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const long long_ranges[][2] = {{0, 2000000},         {1, 64}, {-1, 1}, {0, 4294967295L},
                                      {LONG_MIN, LONG_MAX}, {5, 5},  {0, 0}};
static const int int_ranges[][2] = {{0, 2000000}, {1, 64}, {16, 16384}, {INT_MIN, INT_MAX}, {0, 0}};
static const double double_ranges[][2] = {
    {0.0, 1.0}, {0.05, 64.0}, {-DBL_MAX, DBL_MAX}, {0.0, 0.9}, {1e-300, 1e300}};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Inputs whose first byte is at least this go to cli_scan (the byte
 * after picks the options); the rest to the value parsers, as before. */
#define FUZZ_SCAN_FIRST 0xf0

typedef struct Scanned {
    int n, on, pair[2], w, h, mode, n_at;
    unsigned bits;
    double x, y, r;
    const char *text, *file;
    uint32_t seed;
} Scanned;

static const char *const scan_modes[] = {"fast", "slow", "off", NULL};

static int scan_bits(const CliFlag *f, const char *v, Err *e)
{
    if (strspn(v, "01") != strlen(v) || !v[0] || strlen(v) > 8)
        return err_set(e, "%s: '%s' is not 1 to 8 binary digits", f->name, v);
    *(unsigned *)f->to = (unsigned)strtoul(v, NULL, 2);
    return 0;
}

static void scan_case(const uint8_t *data, size_t size)
{
    if (size < 1) return;
    unsigned opts = data[0] & (CLI_EQUALS | CLI_HELP_FIRST | CLI_STRICT);
    FuzzArgv a;
    fuzz_argv_make(&a, data + 1, size - 1, "toy");
    Scanned t;
    memset(&t, 0, sizeof t);
    const CliFlag flags[] = {
        {.name = "--n",
         .alias = "-n",
         .kind = CLI_INT,
         .to = &t.n,
         .lo = -5,
         .hi = 9,
         .given = &t.n_at},
        {.name = "--on", .kind = CLI_SWITCH, .to = &t.on},
        {.name = "--pair", .kind = CLI_PAIR, .to = t.pair, .lo = 1, .hi = 8},
        {.name = "--size", .kind = CLI_SIZE, .to = &t.w, .to2 = &t.h, .lo = 16, .hi = 64},
        {.name = "--at", .kind = CLI_POINT, .to = &t.x, .to2 = &t.y, .dlo = 0, .dhi = 10},
        {.name = "--r", .kind = CLI_REAL, .to = &t.r, .dlo = 0.5, .dhi = 2},
        {.name = "--mode", .kind = CLI_CHOICE, .to = &t.mode, .names = scan_modes},
        {.name = "--text", .kind = CLI_TEXT, .to = &t.text},
        {.name = "--file", .kind = CLI_FILE, .to = &t.file},
        {.name = "--seed", .kind = CLI_U32, .to = &t.seed, .lo = 7, .hi = 4294967295L},
        {.name = "--bits", .kind = CLI_CALL, .to = &t.bits, .parse = scan_bits},
        {.name = "--help", .alias = "-h", .kind = CLI_HELP},
        {.name = "--version", .kind = CLI_VERSION},
    };
    const CliSpec spec = {.prog = "toy",
                          .version = "1",
                          .usage = "usage: toy\n",
                          .flags = flags,
                          .count = COUNT(flags),
                          .column = 12,
                          .opts = opts,
                          .clip = data[0] & 8 ? 60 : 0};
    Err e;
    e.msg[0] = '\0';
    int rc = cli_scan(&spec, a.argc, a.argv, &e);
    FUZZ_CHECK(rc >= CLI_SCAN_FAIL && rc <= CLI_SCAN_VERSION, "cli_scan returned %d", rc);
    if (rc == CLI_SCAN_FAIL) fuzz_check_err(&e, "");
    if (rc == CLI_SCAN_OK) {
        FUZZ_CHECK(t.n >= -5 && t.n <= 9, "--n %d", t.n);
        FUZZ_CHECK(t.on == 0 || t.on == 1, "--on %d", t.on);
        FUZZ_CHECK((t.pair[0] == 0 && t.pair[1] == 0) ||
                       (t.pair[0] >= 1 && t.pair[0] <= 8 && t.pair[1] >= 1 && t.pair[1] <= 8),
                   "--pair %d,%d", t.pair[0], t.pair[1]);
        FUZZ_CHECK((t.w == 0 && t.h == 0) || (t.w >= 16 && t.w <= 64 && t.h >= 16 && t.h <= 64),
                   "--size %dx%d", t.w, t.h);
        FUZZ_CHECK(t.x >= 0 && t.x <= 10 && t.y >= 0 && t.y <= 10, "--at %g,%g", t.x, t.y);
        FUZZ_CHECK(t.r == 0 || (t.r >= 0.5 && t.r <= 2), "--r %g", t.r);
        FUZZ_CHECK(t.mode >= 0 && t.mode < 3, "--mode %d", t.mode);
        FUZZ_CHECK(!t.text || fuzz_argv_owns(&a, t.text), "--text not in argv");
        FUZZ_CHECK(!t.file || (fuzz_argv_owns(&a, t.file) && t.file[0]), "--file empty or lost");
        FUZZ_CHECK(t.seed == 0 || t.seed >= 7, "--seed %u", (unsigned)t.seed);
        FUZZ_CHECK(t.bits <= 0xff, "--bits %#x", t.bits);
        FUZZ_CHECK(t.n_at >= 0 && t.n_at < a.argc, "--n given at %d of %d", t.n_at, a.argc);
    }
    fuzz_argv_free(&a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size >= 1 && data[0] >= FUZZ_SCAN_FIRST) {
        scan_case(data + 1, size - 1);
        return 0;
    }
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
