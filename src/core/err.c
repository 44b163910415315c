/* err: formatting of user-facing, one-line error messages. */
#include "err.h"

#include <stdio.h>
#include <string.h>

int err_utf8_len(const char *str)
{
    const unsigned char *s = (const unsigned char *)str;
    unsigned char c = s[0];
    if (c < 0x80) return 1;
    int n = c >= 0xc2 && c <= 0xdf   ? 2
            : c >= 0xe0 && c <= 0xef ? 3
            : c >= 0xf0 && c <= 0xf4 ? 4
                                     : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    if (n == 3 && ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] >= 0xa0))) return 0;
    if (n == 4 && ((c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] >= 0x90))) return 0;
    return n;
}

int err_vset(Err *e, const char *fmt, va_list ap)
{
    if (!e) return -1;
    char raw[sizeof e->msg];
    vsnprintf(raw, sizeof raw, fmt, ap);
    /* One line of readable text whatever a file name or value held:
     * control characters become '?', and bytes that are not UTF-8 (a
     * Latin-1 file name) are written as \xNN, so a terminal shows them
     * and never takes them for escape sequences. */
    const unsigned char *s = (const unsigned char *)raw;
    size_t o = 0, cap = sizeof e->msg;
    while (*s && o + 1 < cap) {
        int n = err_utf8_len((const char *)s);
        if (n == 1 && (*s < 0x20 || *s == 0x7f)) {
            e->msg[o++] = '?';
            s++;
        } else if (n == 0) {
            if (o + 4 >= cap) break;
            snprintf(e->msg + o, cap - o, "\\x%02x", *s);
            o += 4;
            s++;
        } else {
            if (o + (size_t)n >= cap) break;
            memcpy(e->msg + o, s, (size_t)n);
            o += (size_t)n;
            s += n;
        }
    }
    e->msg[o] = '\0';
    return -1;
}

int err_set(Err *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err_vset(e, fmt, ap);
    va_end(ap);
    return -1;
}
