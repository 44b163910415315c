/* wintitle: a UTF-8 character locale for Xlib's title encoding. */
#include "wintitle.h"

#include <langinfo.h>
#include <locale.h>
#include <string.h>

static int utf8_ctype(void)
{
    const char *cs = nl_langinfo(CODESET);
    return cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8"));
}

void wintitle_init(void)
{
    if (setlocale(LC_CTYPE, "") && utf8_ctype()) return;
    /* "C" or a legacy charset: titles are UTF-8, so the locale must be. */
    if (setlocale(LC_CTYPE, "C.UTF-8") && utf8_ctype()) return;
    setlocale(LC_CTYPE, "C");
}
