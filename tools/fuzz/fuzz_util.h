/* fuzz_util: checks shared by the libFuzzer harnesses: a failed check
 * aborts, which libFuzzer reports as a crash and saves the input. */
#ifndef SHOAL_FUZZ_UTIL_H
#define SHOAL_FUZZ_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"

#define FUZZ_CHECK(cond, ...)                                                                      \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz check failed: %s: ", #cond);                                     \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* The error contract of DESIGN.md: one non-empty line that starts with the
 * name of the file or flag it is about. */
static inline void fuzz_check_err(const Err *e, const char *prefix)
{
    size_t n = strnlen(e->msg, sizeof e->msg);
    FUZZ_CHECK(n > 0 && n < sizeof e->msg, "message is empty or unterminated");
    /* No line break and no other control character but a tab (a carriage
     * return or an escape sequence would garble the line on a terminal). */
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)e->msg[i];
        FUZZ_CHECK((c >= 0x20 || c == '\t') && c != 0x7f, "message is not one clean line: '%s'",
                   e->msg);
    }
    FUZZ_CHECK(strncmp(e->msg, prefix, strlen(prefix)) == 0, "message '%s' does not start '%s'",
               e->msg, prefix);
}

/* The generated map the save corpus was written on (fuzz_save parses
 * every input against it, so seeds must name the same parameters). */
#define FUZZ_SAVE_MAP_SEED    7u
#define FUZZ_SAVE_MAP_W       480
#define FUZZ_SAVE_MAP_H       320
#define FUZZ_SAVE_MAP_LAND    0.25f
#define FUZZ_SAVE_MAP_ISLANDS 4

#endif
