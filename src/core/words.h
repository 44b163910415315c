/* words: the small grammar of the game's sentences — a count's noun in
 * the singular or the plural ("1 hex", "2 hexes"). */
#ifndef SHOAL_WORDS_H
#define SHOAL_WORDS_H

/* The noun for a count of n: one when n is 1 or -1, else many (0 takes the
 * plural in English: "0 hits"). Returns one of the two pointers as given,
 * for "%d %s": printf("%d %s", n, words_plural(n, "hex", "hexes")). */
const char *words_plural(long n, const char *one, const char *many);

#endif
