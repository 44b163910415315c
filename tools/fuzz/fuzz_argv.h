/* fuzz_argv: what the command-line harnesses share: an input split on NUL
 * bytes into an argv, and the stdout and stderr of a parser captured, so
 * the "one line on stderr, exit 2" contract can be checked. */
#ifndef SHOAL_FUZZ_ARGV_H
#define SHOAL_FUZZ_ARGV_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"

/* More arguments than any real command line of ours; the rest of the
 * input is then one last argument. */
#define FUZZ_ARGV_MAX 64

typedef struct FuzzArgv {
    int argc;
    char **argv; /* argv[0] is the program, argv[argc] is NULL */
} FuzzArgv;

/* argv = prog, then data split on NUL bytes: n NULs give n + 1 arguments,
 * empty ones included (`shoal ""` is a real command line). Every string is
 * its own allocation and the array holds exactly argc + 1 pointers, so
 * AddressSanitizer catches a parser that reads past either. */
static inline void fuzz_argv_make(FuzzArgv *a, const uint8_t *data, size_t size, const char *prog)
{
    a->argv = calloc(FUZZ_ARGV_MAX + 2, sizeof *a->argv);
    FUZZ_CHECK(a->argv, "out of memory");
    a->argv[0] = strdup(prog);
    FUZZ_CHECK(a->argv[0], "out of memory");
    a->argc = 1;
    size_t at = 0;
    for (;;) {
        const uint8_t *nul = a->argc < FUZZ_ARGV_MAX ? memchr(data + at, '\0', size - at) : NULL;
        size_t n = nul ? (size_t)(nul - (data + at)) : size - at;
        char *s = malloc(n + 1);
        FUZZ_CHECK(s, "out of memory");
        memcpy(s, data + at, n);
        s[n] = '\0';
        a->argv[a->argc++] = s;
        if (!nul) break;
        at += n + 1;
    }
    /* Trim the array to argc + 1 entries for the over-read check. */
    char **exact = realloc(a->argv, (size_t)(a->argc + 1) * sizeof *exact);
    FUZZ_CHECK(exact, "out of memory");
    a->argv = exact;
    a->argv[a->argc] = NULL;
}

static inline void fuzz_argv_free(FuzzArgv *a)
{
    for (int i = 0; i < a->argc; i++) free(a->argv[i]);
    free(a->argv);
    a->argv = NULL;
    a->argc = 0;
}

/* Whether p points into one of the argument strings (a parser may keep a
 * pointer to a value, never to a copy it freed or to its own buffer). */
static inline int fuzz_argv_owns(const FuzzArgv *a, const char *p)
{
    for (int i = 1; i < a->argc; i++) {
        size_t n = strlen(a->argv[i]);
        if (p >= a->argv[i] && p <= a->argv[i] + n) return 1;
    }
    return 0;
}

/* Whether some argument (after the program) is exactly s. */
static inline int fuzz_argv_has(const FuzzArgv *a, const char *s)
{
    for (int i = 1; i < a->argc; i++)
        if (!strcmp(a->argv[i], s)) return 1;
    return 0;
}

/* Output of a parser: the stdio streams stdout and stderr swapped for
 * memory streams while it runs. glibc's stdout and stderr are plain
 * variables, so this needs no file descriptors, and the sanitizers, which
 * write to fd 2 directly, still report on the terminal. */
typedef struct FuzzCapture {
    FILE *saved_out, *saved_err;
    FILE *out, *err;
    char *out_text, *err_text;
    size_t out_len, err_len;
} FuzzCapture;

static inline void fuzz_capture_begin(FuzzCapture *c)
{
    memset(c, 0, sizeof *c);
    fflush(stdout);
    fflush(stderr);
    c->out = open_memstream(&c->out_text, &c->out_len);
    c->err = open_memstream(&c->err_text, &c->err_len);
    FUZZ_CHECK(c->out && c->err, "open_memstream failed");
    c->saved_out = stdout;
    c->saved_err = stderr;
    stdout = c->out;
    stderr = c->err;
}

/* Restores the streams; out_text and err_text then hold what was printed
 * (NUL-terminated, out_len and err_len bytes). */
static inline void fuzz_capture_end(FuzzCapture *c)
{
    stdout = c->saved_out;
    stderr = c->saved_err;
    fclose(c->out);
    fclose(c->err);
}

static inline void fuzz_capture_free(FuzzCapture *c)
{
    free(c->out_text);
    free(c->err_text);
}

/* The bad-usage contract of DESIGN.md for what a parser printed: nothing
 * on stdout and exactly one line on stderr that starts with prefix, ends
 * in its only newline and holds no other control character but a tab. */
static inline void fuzz_check_one_line(const FuzzCapture *c, const char *prefix)
{
    FUZZ_CHECK(c->out_len == 0, "refused, yet printed on stdout: '%s'", c->out_text);
    FUZZ_CHECK(c->err_len > 0, "refused without a message");
    FUZZ_CHECK(strlen(c->err_text) == c->err_len, "the message holds a NUL byte");
    FUZZ_CHECK(c->err_text[c->err_len - 1] == '\n', "the message does not end a line: '%s'",
               c->err_text);
    for (size_t i = 0; i + 1 < c->err_len; i++) {
        unsigned char ch = (unsigned char)c->err_text[i];
        FUZZ_CHECK((ch >= 0x20 || ch == '\t') && ch != 0x7f,
                   "the message is not one clean line (byte 0x%02x at %zu): '%s'", ch, i,
                   c->err_text);
    }
    FUZZ_CHECK(strncmp(c->err_text, prefix, strlen(prefix)) == 0,
               "the message '%s' does not start '%s'", c->err_text, prefix);
}

#endif
