/* err: formatting of user-facing error messages. */
#include "err.h"

#include <stdarg.h>
#include <stdio.h>

int err_set(Err *e, const char *fmt, ...)
{
    if (e) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(e->msg, sizeof e->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}
