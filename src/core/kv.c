/* kv: line reader for `key = value` text files, with strict number parsing. */
#include "kv.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t kv_bom_len(const char *text, size_t len)
{
    return len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

int kv_open(KvReader *r, const char *text, size_t len, const char *name, Err *e)
{
    assert(r && (text || len == 0) && name);
    memset(r, 0, sizeof *r);
    size_t bom = kv_bom_len(text, len);
    r->text = text + bom;
    r->end = text + len;
    r->name = name;
    if (memchr(text, '\0', len))
        return err_set(e, "%s: not a text file (it contains NUL bytes)", name);
    return 0;
}

bool kv_utf8_valid(const char *s)
{
    assert(s);
    for (int n; *s; s += n)
        if ((n = err_utf8_len(s)) == 0) return false;
    return true;
}

static char *trim(char *s)
{
    while (*s && isspace((unsigned char)*s)) s++;
    char *t = s + strlen(s);
    while (t > s && isspace((unsigned char)t[-1])) *--t = '\0';
    return s;
}

/* Remembers k for `unique`; -1 (e set) when this section had it before. */
static int note_key(KvReader *r, const char *k, Err *e)
{
    for (int i = 0; i < r->nseen; i++)
        if (strcmp(r->seen[i], k) == 0)
            return err_set(e, "%s:%d: '%.40s' is given twice (first on line %d)", r->name, r->line,
                           k, r->seen_line[i]);
    if (r->nseen < KV_TRACK_MAX && strlen(k) < KV_KEY_MAX) {
        strcpy(r->seen[r->nseen], k);
        r->seen_line[r->nseen++] = r->line;
    }
    return 0;
}

int kv_next(KvReader *r, const char **key, const char **value, Err *e)
{
    assert(r && key && value);
    while (r->text < r->end) {
        const char *nl = memchr(r->text, '\n', (size_t)(r->end - r->text));
        const char *stop = nl ? nl : r->end;
        size_t n = (size_t)(stop - r->text);
        r->line++;
        if (n >= sizeof r->buf)
            return err_set(e, "%s:%d: line longer than %d characters", r->name, r->line,
                           KV_LINE_MAX - 1);
        memcpy(r->buf, r->text, n);
        r->buf[n] = '\0';
        r->text = nl ? nl + 1 : r->end;
        /* Control characters (other than tabs and the CR of a CRLF) mean
         * this is not text, and quoting them would break the one-line
         * messages that name a bad value. */
        for (size_t i = 0; i < n; i++) {
            unsigned char c = (unsigned char)r->buf[i];
            if ((c < 0x20 && c != '\t' && !(c == '\r' && i + 1 == n)) || c == 0x7f)
                return err_set(e, "%s:%d: not a text file (control character 0x%02x)", r->name,
                               r->line, c);
        }

        char *s = trim(r->buf);
        if (*s == '\0' || *s == '#' || *s == ';') continue;
        if (*s == '[') {
            char *close = strchr(s, ']');
            if (!close || close[1] != '\0' || close - s - 1 >= (long)sizeof r->section)
                return err_set(e, "%s:%d: malformed section header", r->name, r->line);
            *close = '\0';
            if (r->flat)
                return err_set(e, "%s:%d: [%s]: this file has no sections (key = value lines only)",
                               r->name, r->line, trim(s + 1));
            strcpy(r->section, trim(s + 1));
            r->nseen = 0;
            continue;
        }
        /* An inline comment starts at a # or ; that follows whitespace, so
         * values may still hold those characters ("Reef #2" would not). */
        for (char *c = s + 1; *c; c++)
            if ((*c == '#' || *c == ';') && isspace((unsigned char)c[-1])) {
                *c = '\0';
                break;
            }
        char *eq = strchr(s, '=');
        if (!eq) return err_set(e, "%s:%d: expected 'key = value'", r->name, r->line);
        *eq = '\0';
        char *k = trim(s), *v = trim(eq + 1);
        if (*k == '\0') return err_set(e, "%s:%d: missing key before '='", r->name, r->line);
        for (const char *p = k; *p; p++)
            if (!isalnum((unsigned char)*p) && *p != '_' && *p != '.')
                return err_set(e, "%s:%d: invalid key '%.40s'", r->name, r->line, k);
        if (r->unique && note_key(r, k, e)) return -1;
        *key = k;
        *value = v;
        return 1;
    }
    return 0;
}

int kv_parse_int(const char *s, long lo, long hi, long *out)
{
    assert(s && out);
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end != '\0' || errno == ERANGE || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

int kv_parse_float(const char *s, double lo, double hi, double *out)
{
    assert(s && out);
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || errno == ERANGE || !isfinite(v) || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

bool kv_appendf(char *buf, size_t cap, size_t *len, const char *fmt, ...)
{
    assert(buf && len && fmt);
    if (*len >= cap) return false;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *len, cap - *len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= cap - *len) {
        *len = cap;
        return false;
    }
    *len += (size_t)n;
    return true;
}
