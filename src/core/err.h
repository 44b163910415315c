/* err: a short, user-facing error message carried up to main. */
#ifndef SHOAL_ERR_H
#define SHOAL_ERR_H

#include <stdarg.h>
#include <stddef.h>

/* Every recoverable failure in core fills one of these with a single line
 * naming the file (or flag) and what is wrong, e.g.
 * "maps/x.png: 0x0 image; a map needs at least 16x16 pixels". */
typedef struct Err {
    char msg[512];
} Err;

/* The length (1-4) of the well-formed UTF-8 sequence at s, or 0 when the
 * bytes there are none: a stray continuation byte, a sequence cut short
 * (by the NUL too), an overlong form, a UTF-16 surrogate or a code point
 * past U+10FFFF. s[0] is not NUL. Messages show such bytes as \xNN; kv
 * refuses them where a value is shown as text. */
int err_utf8_len(const char *s);

/* Format a message into e (printf-style). e may be NULL. Always returns -1
 * so callers can write `return err_set(e, ...);`. Control characters that
 * reach the message (a newline inside a quoted flag value or file name) are
 * shown as '?', so the message is always one line, and bytes that are not
 * UTF-8 as \xNN, so it is always text a terminal shows as it is. */
int err_set(Err *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
int err_vset(Err *e, const char *fmt, va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 0)))
#endif
    ;

#endif
