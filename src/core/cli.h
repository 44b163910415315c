/* cli: strict parsing of command-line values, shared by every binary, so a
 * bad flag always gets the same kind of one-line message. */
#ifndef SHOAL_CLI_H
#define SHOAL_CLI_H

#include "err.h"

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

#endif
