/* cli: strict command-line value parsing with uniform messages. */
#include "cli.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
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

/* ------------------------------------------------------------ the scanner */

/* CLI_STRICT whole number: digits only, within lo..hi. */
static int strict_long(const char *s, long lo, long hi, long *out)
{
    if (!isdigit((unsigned char)s[0])) return -1;
    errno = 0;
    char *end;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || v < lo || v > hi) return -1;
    *out = (long)v;
    return 0;
}

/* CLI_STRICT fraction ("1", "2.5"): digits and '.', within lo..hi. */
static int strict_double(const char *s, double lo, double hi, double *out)
{
    if (!isdigit((unsigned char)s[0])) return -1;
    for (const char *p = s; *p; p++)
        if (!isdigit((unsigned char)*p) && *p != '.') return -1;
    errno = 0;
    char *end;
    double v = strtod(s, &end);
    if (errno || *end || !(v >= lo && v <= hi)) return -1;
    *out = v;
    return 0;
}

/* One whole number of a value, in the spec's strictness; no message. */
static int whole(const CliSpec *s, const char *v, long lo, long hi, long *out)
{
    if (s->opts & CLI_STRICT) return strict_long(v, lo, hi, out);
    return cli_long("", v, lo, hi, out, NULL);
}

static int real(const CliSpec *s, const char *v, double lo, double hi, double *out)
{
    if (s->opts & CLI_STRICT) return strict_double(v, lo, hi, out);
    return cli_double("", v, lo, hi, out, NULL);
}

/* v split at the first `sep` into a left part (copied into left, at most
 * cap - 1 bytes and never empty) and the rest; -1 when that cannot be. */
static int split(const char *v, char sep, char *left, size_t cap, const char **right)
{
    const char *at = strchr(v, sep);
    if (!at || at == v || (size_t)(at - v) >= cap) return -1;
    memcpy(left, v, (size_t)(at - v));
    left[at - v] = '\0';
    *right = at + 1;
    return 0;
}

/* The word of CLI_CHOICE's message: "a or b", "one of a, b, c" (strict),
 * "a, b or c" (else). */
static void choice_words(const CliSpec *s, const CliFlag *f, char *out, size_t cap)
{
    size_t n = 0, len = 0;
    while (f->names[n]) n++;
    out[0] = '\0';
    int strict = (s->opts & CLI_STRICT) != 0;
    if (strict && n > 2) len += (size_t)snprintf(out, cap, "one of ");
    for (size_t k = 0; k < n && len < cap; k++) {
        const char *glue = k == 0 ? "" : k + 1 < n || (strict && n > 2) ? ", " : " or ";
        len += (size_t)snprintf(out + len, cap - len, "%s%s", glue, f->names[k]);
    }
}

/* "what a bad value should have been", in the kind's own words. */
static void expected(const CliSpec *s, const CliFlag *f, char *out, size_t cap)
{
    int strict = (s->opts & CLI_STRICT) != 0;
    if (f->expect) {
        snprintf(out, cap, "%s", f->expect);
        return;
    }
    switch (f->kind) {
    case CLI_INT:
    case CLI_U32:
        if (strict)
            snprintf(out, cap, "a whole number in %ld..%ld", f->lo, f->hi);
        else
            snprintf(out, cap, "a whole number from %ld to %ld", f->lo, f->hi);
        break;
    case CLI_REAL:
        if (strict)
            snprintf(out, cap, "a number in %g..%g", f->dlo, f->dhi);
        else
            snprintf(out, cap, "a number from %g to %g", f->dlo, f->dhi);
        break;
    case CLI_SIZE:
        if (strict)
            snprintf(out, cap, "WxH with each side in %ld..%ld", f->lo, f->hi);
        else
            snprintf(out, cap, "WIDTHxHEIGHT, each from %ld to %ld", f->lo, f->hi);
        break;
    case CLI_PAIR:
        if (strict)
            snprintf(out, cap, "N or N,M with each in %ld..%ld", f->lo, f->hi);
        else
            snprintf(out, cap, "N or N,M, each from %ld to %ld", f->lo, f->hi);
        break;
    case CLI_POINT:
        if (strict)
            snprintf(out, cap, "X,Y with each in %g..%g", f->dlo, f->dhi);
        else
            snprintf(out, cap, "X,Y, each from %g to %g", f->dlo, f->dhi);
        break;
    case CLI_CHOICE:
        choice_words(s, f, out, cap);
        break;
    default:
        snprintf(out, cap, "a value");
        break;
    }
}

/* The bad-value message, in the spec's wording. */
static int bad_value(const CliSpec *s, const CliFlag *f, const char *name, const char *v, Err *e)
{
    char want[160];
    expected(s, f, want, sizeof want);
    if (s->opts & CLI_STRICT) return err_set(e, "%s: '%s' is not %s", name, v, want);
    char q[48];
    return err_set(e, "%s '%s': expected %s", name, shown(v, q, sizeof q), want);
}

/* Check v and store it; 0, or -1 with e filled. Nothing is stored on
 * failure. */
static int store(const CliSpec *s, const CliFlag *f, const char *name, const char *v, Err *e)
{
    long a, b;
    double x, y;
    char left[32];
    const char *right;
    switch (f->kind) {
    case CLI_TEXT:
        *(const char **)f->to = v;
        return 0;
    case CLI_FILE:
        if (!v[0]) return err_set(e, "%s: empty file name", name);
        *(const char **)f->to = v;
        return 0;
    case CLI_INT:
    case CLI_U32:
        if (whole(s, v, f->lo, f->hi, &a)) break;
        if (f->kind == CLI_INT)
            *(int *)f->to = (int)a;
        else
            *(uint32_t *)f->to = (uint32_t)a;
        return 0;
    case CLI_REAL:
        if (real(s, v, f->dlo, f->dhi, &x)) break;
        *(double *)f->to = x;
        return 0;
    case CLI_SIZE:
        if (!(s->opts & CLI_STRICT)) {
            int w, h;
            if (cli_size("", v, (int)f->lo, (int)f->hi, &w, &h, NULL)) break;
            *(int *)f->to = w;
            *(int *)f->to2 = h;
            return 0;
        }
        if (split(v, 'x', left, 16, &right) || whole(s, left, f->lo, f->hi, &a) ||
            whole(s, right, f->lo, f->hi, &b))
            break;
        *(int *)f->to = (int)a;
        *(int *)f->to2 = (int)b;
        return 0;
    case CLI_PAIR:
        if (!strchr(v, ',')) {
            if (whole(s, v, f->lo, f->hi, &a)) break;
            b = a;
        } else if (split(v, ',', left, 16, &right) || whole(s, left, f->lo, f->hi, &a) ||
                   whole(s, right, f->lo, f->hi, &b)) {
            break;
        }
        ((int *)f->to)[0] = (int)a;
        ((int *)f->to)[1] = (int)b;
        return 0;
    case CLI_POINT:
        if (split(v, ',', left, sizeof left, &right) || real(s, left, f->dlo, f->dhi, &x) ||
            real(s, right, f->dlo, f->dhi, &y))
            break;
        *(double *)f->to = x;
        *(double *)f->to2 = y;
        return 0;
    case CLI_CHOICE:
        for (int k = 0; f->names[k]; k++)
            if (!strcmp(v, f->names[k])) {
                *(int *)f->to = f->values ? f->values[k] : k;
                return 0;
            }
        break;
    case CLI_CALL:
        assert(f->parse);
        return f->parse(f, v, e);
    default:
        assert(!"a switch has no value to store");
        return -1;
    }
    return bad_value(s, f, name, v, e);
}

/* The row of the flag typed as name[0..n), and the spelling it matched. */
static const CliFlag *lookup(const CliSpec *s, const char *name, size_t n, const char **as)
{
    for (size_t k = 0; k < s->count; k++) {
        const CliFlag *f = &s->flags[k];
        *as = f->name;
        if (strlen(f->name) == n && !strncmp(f->name, name, n)) return f;
        *as = f->alias;
        if (f->alias && strlen(f->alias) == n && !strncmp(f->alias, name, n)) return f;
    }
    return NULL;
}

/* A word that is not a flag of the table. */
static int stray(const CliSpec *s, const char *word, int is_flag, Err *e)
{
    if (!is_flag && s->positional) return s->positional(s->ctx, word, e);
    if (is_flag && s->unknown) return s->unknown(s->ctx, word, e);
    if (is_flag || s->clip <= 0) {
        /* Room for the words after the argument, so a very long one still
         * ends in what is wrong with it. */
        int clip = s->clip > 0 ? s->clip : (int)sizeof e->msg - 40;
        return err_set(e, "%.*s: %s (see --help)", clip, word,
                       is_flag ? "unknown flag" : "unexpected argument");
    }
    return err_set(e, "'%.*s': unexpected argument (see --help)", s->clip, word);
}

int cli_scan(const CliSpec *s, int argc, char **argv, Err *e)
{
    assert(s && s->flags && argv && argc >= 1);
    int help = 0, version = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        /* A lone "-" names a file where the binary takes file names. */
        int is_flag = arg[0] == '-' && (arg[1] != '\0' || !s->positional);
        if (!is_flag) {
            if (stray(s, arg, 0, e)) return CLI_SCAN_FAIL;
            continue;
        }
        const char *eq = s->opts & CLI_EQUALS && !strncmp(arg, "--", 2) ? strchr(arg, '=') : NULL;
        size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
        const char *value = eq ? eq + 1 : NULL;
        const char *as;
        const CliFlag *f = lookup(s, arg, n, &as);
        if (!f) return stray(s, arg, 1, e), CLI_SCAN_FAIL;
        if (f->given) *f->given = i;
        if (f->kind == CLI_SWITCH || f->kind == CLI_HELP || f->kind == CLI_VERSION) {
            if (value) return err_set(e, "%s: takes no value (got '%s')", as, value);
            if (f->kind == CLI_SWITCH) *(int *)f->to = 1;
            if (f->kind == CLI_HELP && s->opts & CLI_HELP_FIRST) return CLI_SCAN_HELP;
            help |= f->kind == CLI_HELP;
            version |= f->kind == CLI_VERSION;
            continue;
        }
        if (!value) {
            if (i + 1 >= argc) return err_set(e, "%s: missing value", as);
            value = argv[++i];
        }
        if (store(s, f, as, value, e)) return CLI_SCAN_FAIL;
    }
    return help ? CLI_SCAN_HELP : version ? CLI_SCAN_VERSION : CLI_SCAN_OK;
}

void cli_help(FILE *f, const CliSpec *s)
{
    assert(f && s);
    fputs(s->usage, f);
    for (size_t k = 0; k < s->count; k++) {
        const CliFlag *fl = &s->flags[k];
        if (!fl->help) continue;
        int w = fprintf(f, "  %s%s%s", fl->name, fl->arg ? " " : "", fl->arg ? fl->arg : "");
        /* A row too wide for its column starts its text on the next line. */
        if (w >= s->column - 1) {
            fputc('\n', f);
            w = 0;
        }
        for (const char *p = fl->help; *p;) {
            const char *nl = strchr(p, '\n');
            int len = nl ? (int)(nl - p) : (int)strlen(p);
            fprintf(f, "%*s%.*s\n", s->column - w, "", len, p);
            w = 0;
            p += len + (nl != NULL);
        }
    }
    if (s->footer) fputs(s->footer, f);
}

void cli_version(FILE *f, const CliSpec *s)
{
    assert(f && s && s->version);
    fprintf(f, "%s %s\n", s->prog, s->version);
}
