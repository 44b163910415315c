/* words: singular or plural by count. */
#include "words.h"

const char *words_plural(long n, const char *one, const char *many)
{
    return n == 1 || n == -1 ? one : many;
}
