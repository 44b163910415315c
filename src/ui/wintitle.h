/* wintitle: window titles that reach the window manager whole, whatever
 * characters they hold (an em dash, a map called "Île Ronde"). */
#ifndef SHOAL_WINTITLE_H
#define SHOAL_WINTITLE_H

/* Call once, before SDL makes a window. Xlib encodes a title (WM_NAME,
 * _NET_WM_NAME) through the C library's locale, and a program that never
 * sets one runs in "C": there SDL_SetWindowTitle with any non-ASCII byte
 * writes mojibake to WM_NAME and leaves _NET_WM_NAME as it was. This sets
 * LC_CTYPE from the environment, or to C.UTF-8 when that is not UTF-8;
 * LC_NUMERIC (how numbers are written to files) stays "C". */
void wintitle_init(void);

#endif
