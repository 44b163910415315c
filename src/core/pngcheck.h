/* pngcheck: a PNG file's own checksums verified before it is decoded. */
#ifndef SHOAL_PNGCHECK_H
#define SHOAL_PNGCHECK_H

#include <stddef.h>

#include "err.h"

/* Checks that data (len bytes, read from the file name) is a whole,
 * undamaged PNG: the signature; every chunk inside the file with a
 * matching CRC; IHDR first and well formed; the IDAT chunks one run; IEND
 * last with nothing after it; and the image data a zlib stream whose
 * Adler-32 matches and that inflates to exactly the size IHDR implies;
 * and in a palette image, every pixel's index inside PLTE. stb_image
 * checks none of these, so a flipped bit could load as a different map,
 * and a pixel past the palette as colours from memory stb never set
 * (a different map in each build). Returns 0, or -1 with e naming the
 * file and the fault. */
int pngcheck_verify(const unsigned char *data, size_t len, const char *name, Err *e);

#endif
