/* fuzz_bench_args: shoal-bench's command line (parse, private to
 * tools/bench/main.c, which is compiled in here with its main renamed) on
 * arbitrary argv arrays, the input split on NUL bytes. Accepted, every
 * value is within the range --help documents and the modes agree;
 * refused, one line naming the flag, and the parser printed nothing
 * (main prints "shoal-bench: " and the line, exit 2). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fuzz_argv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* shoal-bench's main, renamed so libFuzzer's main is the one that runs. */
int shoal_bench_main(int argc, char **argv);
#define main shoal_bench_main
#include "../bench/main.c"
#undef main

static void check_value(const FuzzArgv *a, const char *p, const char *what)
{
    if (!p) return;
    FUZZ_CHECK(fuzz_argv_owns(a, p), "%s does not point into argv", what);
}

static void check_accepted(const FuzzArgv *a, const Opts *o)
{
    check_value(a, o->map, "--map");
    check_value(a, o->csv, "--csv");
    check_value(a, o->svg, "--svg");
    check_value(a, o->compare, "--compare");
    FUZZ_CHECK(!(o->map && o->seed_set), "both --map and --seed");
    FUZZ_CHECK(o->fish >= 1 && o->fish <= SEA_MAX_FISH, "fish %d", o->fish);
    FUZZ_CHECK(o->sharks >= 0 && o->sharks <= SEA_MAX_SHARKS, "sharks %d", o->sharks);
    FUZZ_CHECK(o->ships >= 0 && o->ships <= SEA_MAX_HULLS, "ships %d", o->ships);
    if (o->steps_set || o->soak)
        FUZZ_CHECK(o->steps >= 1 && o->steps <= (o->soak ? BENCH_SOAK_MAX_STEPS : BENCH_MAX_STEPS),
                   "steps %d (soak %d)", o->steps, o->soak);
    else
        FUZZ_CHECK(o->steps == 0, "steps %d without --steps", o->steps);
    FUZZ_CHECK(o->warmup >= 0 && o->warmup <= 100000, "warmup %d", o->warmup);
    if (o->threads_set)
        FUZZ_CHECK(o->threads >= 1 && o->threads <= JOBS_MAX_THREADS, "threads %d", o->threads);
    if (o->compare)
        FUZZ_CHECK(!strcmp(o->compare, "brute") || !strcmp(o->compare, "threads") ||
                       !strcmp(o->compare, "scale"),
                   "--compare '%s'", o->compare);
    FUZZ_CHECK(!o->sweep + !o->compare + !o->soak >= 2, "two modes at once");
    FUZZ_CHECK(!((o->csv || o->svg) && !o->sweep), "--csv or --svg without --sweep");
    FUZZ_CHECK(!(o->brute && (o->soak || o->sweep || o->compare)), "--brute with a mode");
    FUZZ_CHECK(!(o->bpf && (o->brute || o->soak || o->sweep || o->compare || o->probe_set)),
               "--bytes-per-fish beside --brute or a mode");
    if (o->compare && !strcmp(o->compare, "scale"))
        FUZZ_CHECK(o->fish <= SEA_MAX_FISH / 10, "--compare scale at %d fish", o->fish);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzArgv a;
    fuzz_argv_make(&a, data, size, "shoal-bench");
    Opts o;
    Err e;
    e.msg[0] = '\0';
    FuzzCapture c;
    fuzz_capture_begin(&c);
    int rc = parse(a.argc, a.argv, &o, &e);
    fuzz_capture_end(&c);
    FUZZ_CHECK(c.out_len == 0 && c.err_len == 0, "the parser printed '%s%s'", c.out_text,
               c.err_text);
    if (rc == 0) {
        check_accepted(&a, &o);
    } else if (rc == 1) {
        FUZZ_CHECK(fuzz_argv_has(&a, "--help") || fuzz_argv_has(&a, "-h"), "help without --help");
    } else {
        FUZZ_CHECK(rc == -1, "parse returned %d", rc);
        fuzz_check_err(&e, "");
    }
    fuzz_capture_free(&c);
    fuzz_argv_free(&a);
    return 0;
}
