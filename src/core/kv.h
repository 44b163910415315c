/* kv: a line reader for the small `key = value` text formats we use (map
 * sidecars, settings, saves): comments, sections and line numbers. */
#ifndef SHOAL_KV_H
#define SHOAL_KV_H

#include <stdbool.h>
#include <stddef.h>

#include "err.h"

#define KV_LINE_MAX  1024
#define KV_KEY_MAX   48 /* longest key `unique` tracks */
#define KV_TRACK_MAX 32 /* distinct keys per section that `unique` tracks */

typedef struct KvReader {
    const char *text, *end;
    const char *name; /* file name for messages */
    int line;         /* 1-based number of the last line returned */
    char buf[KV_LINE_MAX];
    char section[64]; /* last [section] seen, "" before any */
    /* Set by the caller after kv_open: flat refuses [section] headers (a
     * sidecar or settings file has none, and a header there would be
     * silently ignored); unique refuses a key given twice in one section,
     * at the second line, naming the first. */
    bool flat, unique;
    int nseen;
    char seen[KV_TRACK_MAX][KV_KEY_MAX];
    int seen_line[KV_TRACK_MAX];
} KvReader;

/* Read text[0..len). Refuses (returning -1) text that holds NUL bytes or
 * invalid line lengths, since a sidecar or save is never binary. A UTF-8
 * byte-order mark first (as some Windows editors write) is skipped. */
int kv_open(KvReader *r, const char *text, size_t len, const char *name, Err *e);

/* 3 when text starts with a UTF-8 byte-order mark (EF BB BF), else 0: what
 * kv_open skips, for a reader that looks at the first line itself. */
size_t kv_bom_len(const char *text, size_t len);

/* Whether s (NUL-terminated) is well-formed UTF-8: no stray continuation
 * byte, sequence cut short, overlong form, surrogate or code point past
 * U+10FFFF. For values that are shown as text (a map's name). */
bool kv_utf8_valid(const char *s);

/* Next `key = value` pair, skipping blanks and `#`/`;` comments (whole-line,
 * or inline after whitespace), recording
 * `[section]` headers. key and value are trimmed and point into r->buf
 * (valid until the next call). Returns 1 for a pair, 0 at the end, -1 on a
 * malformed line (e names file:line and what is wrong). */
int kv_next(KvReader *r, const char **key, const char **value, Err *e);

/* Append printf output to buf (capacity cap) at *len, for writing these
 * formats. Returns false once the text no longer fits (and then keeps
 * failing, so a writer can check once at the end). */
bool kv_appendf(char *buf, size_t cap, size_t *len, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Strict number parsing: the whole string must be a number in [lo, hi]. */
int kv_parse_int(const char *s, long lo, long hi, long *out);
int kv_parse_float(const char *s, double lo, double hi, double *out);

#endif
