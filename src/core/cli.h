/* cli: strict parsing of command-line values, shared by every binary, so a
 * bad flag always gets the same kind of one-line message. */
#ifndef SHOAL_CLI_H
#define SHOAL_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "err.h"

/* A macro's value as a string literal, for help text in a flag table:
 * "fish, 0.." CLI_STR(SEA_MAX_FISH). The macro must be a plain literal. */
#define CLI_STR(x)  CLI_STR_(x)
#define CLI_STR_(x) #x

/* `flag` is the flag's name as typed ("--fish"); `value` may be NULL when
 * the flag was last on the line. Each returns 0, or -1 with a message such
 * as "--fish 'abc': expected a whole number from 0 to 2000000". */
int cli_long(const char *flag, const char *value, long lo, long hi, long *out, Err *e);
int cli_int(const char *flag, const char *value, int lo, int hi, int *out, Err *e);
int cli_double(const char *flag, const char *value, double lo, double hi, double *out, Err *e);
/* "WxH" with both sides in [lo, hi]. */
int cli_size(const char *flag, const char *value, int lo, int hi, int *w, int *h, Err *e);
/* A flag that needs a value: fails with "--map: missing value" if NULL. */
int cli_need(const char *flag, const char *value, Err *e);

/* Print "PROG: WHAT: message" as one line on stderr (through Err, so a
 * quoted value can never break the line) and return 2, the exit code for
 * bad usage: `return cli_fail("shoal", "--fish", "'%s' is ...", v);`. */
int cli_fail(const char *prog, const char *what, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* ------------------------------------------------------------ the scanner */

/* What a flag takes, and where it puts it (`to`, and `to2` for the second
 * half of a two-part value). */
typedef enum CliKind {
    CLI_SWITCH,  /* no value; *(int *)to = 1 */
    CLI_HELP,    /* no value; cli_scan returns CLI_SCAN_HELP */
    CLI_VERSION, /* no value; cli_scan returns CLI_SCAN_VERSION */
    CLI_TEXT,    /* any value, even "": *(const char **)to, pointing into argv */
    CLI_FILE,    /* a file name, not "": *(const char **)to, pointing into argv */
    CLI_INT,     /* a whole number in [lo, hi]: *(int *)to */
    CLI_U32,     /* a whole number in [lo, hi], 0 <= lo: *(uint32_t *)to */
    CLI_REAL,    /* a finite number in [dlo, dhi]: *(double *)to */
    CLI_SIZE,    /* "WxH", each in [lo, hi]: *(int *)to = W, *(int *)to2 = H */
    CLI_PAIR,    /* "A" or "A,B", each in [lo, hi]: ((int *)to)[0..1] (A,A for "A") */
    CLI_POINT,   /* "X,Y", each in [dlo, dhi]: *(double *)to = X, *(double *)to2 = Y */
    CLI_CHOICE,  /* one of names: *(int *)to = values[k], or k when values is NULL */
    CLI_CALL,    /* a value no kind above covers: parse(f, value, e) stores it */
} CliKind;

/* One row of a binary's flag table: the flag, how its value is checked,
 * and its lines in --help. The same rows parse and print, so the two
 * cannot disagree. */
typedef struct CliFlag CliFlag;
struct CliFlag {
    const char *name;  /* "--fish" */
    const char *alias; /* another spelling not shown in --help ("-h"), or NULL */
    CliKind kind;
    void *to, *to2;
    long lo, hi;              /* CLI_INT, CLI_U32, CLI_SIZE, CLI_PAIR */
    double dlo, dhi;          /* CLI_REAL, CLI_POINT */
    const char *const *names; /* CLI_CHOICE: the accepted words, NULL-terminated */
    const int *values;        /* CLI_CHOICE: what each word stores, or NULL */
    const char *expect;       /* what a bad value is told it should be, instead
                                 of the kind's own wording ("a number above 0") */
    int *given;               /* when set: the flag's argv index (>= 1) each time
                                 it is given, so the last of a group can be named */
    const char *arg;          /* the value's name in --help ("N", "WxH") */
    const char *help;         /* --help text, '\n' between lines; NULL: unlisted */
    /* CLI_CALL: check value and store it through f->to; 0, or -1 with a
     * message in e that names f->name. */
    int (*parse)(const CliFlag *f, const char *value, Err *e);
};

/* How a binary's command line reads (CliSpec.opts). With none: values
 * only as the next word, help once every flag is checked, numbers as
 * cli_long and cli_double read them, and their wording. */
enum {
    /* "--flag=value" as well as "--flag value". */
    CLI_EQUALS = 1u << 0,
    /* --help acts at once, before the flags after it are checked (else
     * every flag is checked first, and help wins over --version). */
    CLI_HELP_FIRST = 1u << 1,
    /* Whole numbers are plain digits (no sign, space or "0x"), fractions
     * digits and '.', and a bad value reads "--fish: 'x' is not a whole
     * number in 0..9" (shoal's own wording, which its tests pin) instead
     * of "--fish 'x': expected a whole number from 0 to 9". */
    CLI_STRICT = 1u << 2,
};

typedef struct CliSpec {
    const char *prog;    /* "shoal-editor" */
    const char *version; /* for CLI_VERSION: printed as "PROG VERSION" */
    const char *usage;   /* --help before the table; ends in "\n" */
    const char *footer;  /* --help after the table, or NULL */
    const CliFlag *flags;
    size_t count;
    int column; /* where the help text of a row starts */
    unsigned opts;
    /* 0: an unknown flag or stray word is shown as typed, as much as fits;
     * N > 0: cut at N bytes, and a stray word in quotes. */
    int clip;
    /* A word that is no flag (a lone "-" too, when this is set): 0 to go
     * on, or -1 with e filled. NULL: "WORD: unexpected argument". */
    int (*positional)(void *ctx, const char *word, Err *e);
    /* A flag not in the table: -1 with e filled. NULL: "FLAG: unknown flag
     * (see --help)". */
    int (*unknown)(void *ctx, const char *flag, Err *e);
    void *ctx;
} CliSpec;

enum { CLI_SCAN_FAIL = -1, CLI_SCAN_OK = 0, CLI_SCAN_HELP = 1, CLI_SCAN_VERSION = 2 };

/* Walk argv[1..argc-1] through s's table, storing every value. Returns
 * CLI_SCAN_OK, CLI_SCAN_HELP or CLI_SCAN_VERSION (nothing is printed), or
 * CLI_SCAN_FAIL with one line in e naming the flag as typed (an alias
 * too), e.g. "--fish: missing value", "--bogus: unknown flag (see
 * --help)". Values already stored stay stored on failure. The strings
 * stored point into argv. */
int cli_scan(const CliSpec *s, int argc, char **argv, Err *e);

/* --help: s->usage, one row per listed flag (name and value name, the
 * text from s->column on, each line of it indented alike), s->footer. */
void cli_help(FILE *f, const CliSpec *s);
/* --version: "PROG VERSION\n". */
void cli_version(FILE *f, const CliSpec *s);

#endif
