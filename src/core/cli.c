/* cli: strict command-line value parsing with uniform messages. */
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value as the message quotes it: at most 40 bytes, control characters
 * shown as '?', so a value holding a newline still gives one line. */
static const char *shown(const char *value, char *out, size_t cap)
{
    size_t n = 0;
    for (; value[n] && n < 40 && n + 1 < cap; n++) {
        unsigned char c = (unsigned char)value[n];
        out[n] = c < 0x20 || c == 0x7f ? '?' : (char)c;
    }
    out[n] = '\0';
    return out;
}

int cli_need(const char *flag, const char *value, Err *e)
{
    if (!value) return err_set(e, "%s: missing value", flag);
    return 0;
}

int cli_long(const char *flag, const char *value, long lo, long hi, long *out, Err *e)
{
    if (cli_need(flag, value, e)) return -1;
    char *end;
    errno = 0;
    long v = strtol(value, &end, 10);
    if (end == value || *end != '\0' || errno == ERANGE || v < lo || v > hi) {
        char q[48];
        return err_set(e, "%s '%s': expected a whole number from %ld to %ld", flag,
                       shown(value, q, sizeof q), lo, hi);
    }
    *out = v;
    return 0;
}

int cli_int(const char *flag, const char *value, int lo, int hi, int *out, Err *e)
{
    long v;
    if (cli_long(flag, value, lo, hi, &v, e)) return -1;
    *out = (int)v;
    return 0;
}

int cli_double(const char *flag, const char *value, double lo, double hi, double *out, Err *e)
{
    if (cli_need(flag, value, e)) return -1;
    char *end;
    errno = 0;
    double v = strtod(value, &end);
    if (end == value || *end != '\0' || errno == ERANGE || !isfinite(v) || v < lo || v > hi) {
        char q[48];
        return err_set(e, "%s '%s': expected a number from %g to %g", flag,
                       shown(value, q, sizeof q), lo, hi);
    }
    *out = v;
    return 0;
}

int cli_size(const char *flag, const char *value, int lo, int hi, int *w, int *h, Err *e)
{
    if (cli_need(flag, value, e)) return -1;
    char buf[64], q[48];
    const char *x = strchr(value, 'x');
    size_t n = x ? (size_t)(x - value) : 0;
    if (!x || n == 0 || n >= sizeof buf) goto bad;
    memcpy(buf, value, n);
    buf[n] = '\0';
    char *end;
    errno = 0;
    long a = strtol(buf, &end, 10);
    if (*end || errno) goto bad;
    long b = strtol(x + 1, &end, 10);
    if (end == x + 1 || *end || errno) goto bad;
    if (a < lo || a > hi || b < lo || b > hi) goto bad;
    *w = (int)a;
    *h = (int)b;
    return 0;
bad:
    return err_set(e, "%s '%s': expected WIDTHxHEIGHT, each from %d to %d", flag,
                   shown(value, q, sizeof q), lo, hi);
}

int cli_fail(const char *prog, const char *what, const char *fmt, ...)
{
    Err e, w;
    va_list ap;
    va_start(ap, fmt);
    err_vset(&e, fmt, ap);
    va_end(ap);
    /* `what` is often the user's own argument: through err_set, a newline
     * or escape in it shows as '?' and the message stays one line. */
    err_set(&w, "%s", what);
    fprintf(stderr, "%s: %s: %s\n", prog, w.msg, e.msg);
    return 2;
}
