/* pngenc: pixels to PNG bytes in memory, for writers that commit files
 * whole (core/afile): a map's mask, a screenshot. */
#ifndef SHOAL_PNGENC_H
#define SHOAL_PNGENC_H

#include <stddef.h>

/* The w x h RGB image at rgb (rows `stride` bytes apart) as a PNG into
 * *png (malloc'd, *len bytes; free it). 0, or -1 when out of memory. */
int pngenc_rgb(const unsigned char *rgb, int w, int h, int stride, unsigned char **png,
               size_t *len);

#endif
