/* pngenc: stb_image_write's PNG encoder into a growing buffer (pngenc.h). */
#include "pngenc.h"

#include <stdlib.h>
#include <string.h>

#include <stb_image_write.h>

typedef struct Buf {
    unsigned char *p;
    size_t len, cap;
    int failed;
} Buf;

static void put(void *ctx, void *data, int size)
{
    Buf *b = ctx;
    if (b->failed || size <= 0) return;
    if (b->len + (size_t)size > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 65536;
        while (cap < b->len + (size_t)size) cap *= 2;
        unsigned char *p = realloc(b->p, cap);
        if (!p) {
            b->failed = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, data, (size_t)size);
    b->len += (size_t)size;
}

int pngenc_rgb(const unsigned char *rgb, int w, int h, int stride, unsigned char **png, size_t *len)
{
    Buf b = {0};
    int ok = stbi_write_png_to_func(put, &b, w, h, 3, rgb, stride);
    if (!ok || b.failed) {
        free(b.p);
        *png = NULL;
        *len = 0;
        return -1;
    }
    *png = b.p;
    *len = b.len;
    return 0;
}
