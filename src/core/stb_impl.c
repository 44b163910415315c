/* stb_impl: the one translation unit holding the stb implementations we use
 * (built from libstb-dev's headers so sanitizers and our limits apply). */
#include "map.h" /* MAP_MAX_SIDE */

/* stb_image refuses anything larger on its own too; map.c checks first. */
#define STBI_MAX_DIMENSIONS MAP_MAX_SIDE
#define STBI_ONLY_PNG
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>

/* PNGs are deflated by zlib (linked for pngcheck already), not by
 * stb_image_write's own deflate: a 1280x720 screenshot came out a third
 * larger (1.09 MB against 0.82 MB from libpng) in the same time. */
#include <stdlib.h>
#include <zlib.h>

static unsigned char *stb_zlib_deflate(unsigned char *data, int len, int *out_len, int quality)
{
    (void)quality;
    uLongf cap = compressBound((uLong)len);
    unsigned char *out = malloc(cap);
    if (!out || compress2(out, &cap, data, (uLong)len, Z_DEFAULT_COMPRESSION) != Z_OK) {
        free(out);
        return NULL;
    }
    *out_len = (int)cap;
    return out;
}

#define STBIW_ZLIB_COMPRESS stb_zlib_deflate
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>

#define STB_PERLIN_IMPLEMENTATION
#include <stb_perlin.h>
