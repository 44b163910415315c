/* err: formatting of user-facing, one-line error messages. */
#include "err.h"

#include <stdio.h>

int err_vset(Err *e, const char *fmt, va_list ap)
{
    if (!e) return -1;
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    for (char *c = e->msg; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f) *c = '?';
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
