/* pngcheck: chunk CRCs, chunk order and the zlib stream of a PNG, checked
 * with zlib (crc32, inflate) before stb_image decodes the pixels. */
#include "pngcheck.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <zlib.h>

static const unsigned char SIGNATURE[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

typedef struct Header {
    uint32_t w, h;
    int depth, colour, interlace;
} Header;

/* Bits per pixel for a colour type and bit depth; 0 for a pair PNG forbids. */
static int pixel_bits(int colour, int depth)
{
    switch (colour) {
    case 0: /* grey */
        return depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16 ? depth : 0;
    case 3: /* palette */
        return depth == 1 || depth == 2 || depth == 4 || depth == 8 ? depth : 0;
    case 2: /* RGB */
        return depth == 8 || depth == 16 ? 3 * depth : 0;
    case 4: /* grey + alpha */
        return depth == 8 || depth == 16 ? 2 * depth : 0;
    case 6: /* RGBA */
        return depth == 8 || depth == 16 ? 4 * depth : 0;
    default:
        return 0;
    }
}

/* Filtered bytes of a w x h image: each row a filter byte and its pixels. */
static uint64_t image_bytes(uint64_t w, uint64_t h, int bits)
{
    if (w == 0 || h == 0) return 0;
    return h * (1 + (w * (uint64_t)bits + 7) / 8);
}

/* What the zlib stream must inflate to: one image, or Adam7's seven. */
static uint64_t expected_bytes(const Header *hd)
{
    int bits = pixel_bits(hd->colour, hd->depth);
    if (!hd->interlace) return image_bytes(hd->w, hd->h, bits);
    static const int x0[7] = {0, 4, 0, 2, 0, 1, 0}, dx[7] = {8, 8, 4, 4, 2, 2, 1};
    static const int y0[7] = {0, 0, 4, 0, 2, 0, 1}, dy[7] = {8, 8, 8, 4, 4, 2, 2};
    uint64_t sum = 0;
    for (int p = 0; p < 7; p++) {
        uint64_t pw = hd->w > (uint32_t)x0[p] ? (hd->w - x0[p] + dx[p] - 1) / dx[p] : 0;
        uint64_t ph = hd->h > (uint32_t)y0[p] ? (hd->h - y0[p] + dy[p] - 1) / dy[p] : 0;
        sum += image_bytes(pw, ph, bits);
    }
    return sum;
}

static int parse_header(const unsigned char *d, uint32_t n, Header *hd, const char *name, Err *e)
{
    if (n != 13)
        return err_set(e, "%s: truncated or damaged PNG (IHDR is %u bytes, not 13)", name, n);
    *hd = (Header){be32(d), be32(d + 4), d[8], d[9], d[12]};
    if (hd->w == 0 || hd->h == 0 || hd->w > 0x7fffffffu || hd->h > 0x7fffffffu)
        return err_set(e, "%s: truncated or damaged PNG (image size %ux%u)", name, hd->w, hd->h);
    if (!pixel_bits(hd->colour, hd->depth))
        return err_set(e, "%s: truncated or damaged PNG (colour type %d with bit depth %d)", name,
                       hd->colour, hd->depth);
    if (d[10] != 0 || d[11] != 0 || hd->interlace > 1)
        return err_set(
            e, "%s: truncated or damaged PNG (unknown compression, filter or interlace method)",
            name);
    return 0;
}

/* Inflates the IDAT run (the chunks from first to last, data parts only)
 * into a scratch buffer, which checks the stream's Adler-32, and counts
 * what comes out. */
static int check_stream(const unsigned char *png, size_t first, size_t end, const Header *hd,
                        const char *name, Err *e)
{
    uint64_t want = expected_bytes(hd);
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit(&z) != Z_OK) return err_set(e, "%s: cannot check the PNG: out of memory", name);
    unsigned char out[1 << 15];
    uint64_t got = 0;
    int rc = Z_OK;
    for (size_t at = first; at < end && rc != Z_STREAM_END;) {
        uint32_t n = be32(png + at);
        z.next_in = (unsigned char *)(uintptr_t)(png + at + 8); /* zlib's API is not const */
        z.avail_in = n;
        while (z.avail_in > 0 && rc != Z_STREAM_END) {
            z.next_out = out;
            z.avail_out = sizeof out;
            rc = inflate(&z, Z_NO_FLUSH);
            got += sizeof out - z.avail_out;
            if (rc != Z_OK && rc != Z_STREAM_END) break;
            if (got > want) break;
        }
        if (rc != Z_OK && rc != Z_STREAM_END) break;
        if (got > want) break;
        at += 12 + (size_t)n;
    }
    /* Output still held back by inflate at the end of the input. */
    while (rc == Z_OK && got <= want) {
        z.next_out = out;
        z.avail_out = sizeof out;
        rc = inflate(&z, Z_FINISH);
        got += sizeof out - z.avail_out;
        if (rc == Z_BUF_ERROR) break;
    }
    const char *why = z.msg;
    inflateEnd(&z);
    if (got > want)
        return err_set(
            e, "%s: truncated or damaged PNG (the image data holds more than a %ux%u image)", name,
            hd->w, hd->h);
    if (rc != Z_STREAM_END)
        return err_set(e, "%s: truncated or damaged PNG (the image data is damaged: %s)", name,
                       why ? why : "it ends too soon");
    if (got != want)
        return err_set(
            e, "%s: truncated or damaged PNG (the image data is %llu bytes, its header says %llu)",
            name, (unsigned long long)got, (unsigned long long)want);
    return 0;
}

int pngcheck_verify(const unsigned char *data, size_t len, const char *name, Err *e)
{
    if (len < 8 || memcmp(data, SIGNATURE, 8) != 0)
        return err_set(e, "%s: not a PNG image (a map is a PNG mask)", name);
    Header hd = {0};
    size_t at = 8, idat_first = 0, idat_end = 0;
    int chunks = 0;
    bool idat_done = false, ended = false;
    while (at < len && !ended) {
        if (len - at < 12)
            return err_set(e,
                           "%s: truncated or damaged PNG (cut short at byte %zu, inside a chunk)",
                           name, at);
        uint32_t n = be32(data + at);
        const unsigned char *type = data + at + 4;
        char tname[5];
        bool named = true;
        for (int i = 0; i < 4; i++) {
            unsigned char c = type[i];
            named = named && ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'));
            tname[i] = (char)c;
        }
        tname[4] = '\0';
        if (n > 0x7fffffffu || n > len - at - 12) {
            if (named)
                return err_set(e, "%s: truncated or damaged PNG (the %s chunk runs past the end)",
                               name, tname);
            return err_set(e,
                           "%s: truncated or damaged PNG (a chunk at byte %zu runs past the end)",
                           name, at);
        }
        if (!named)
            return err_set(e,
                           "%s: truncated or damaged PNG (a chunk at byte %zu has no valid type)",
                           name, at);
        uLong crc = crc32(crc32(0L, Z_NULL, 0), type, n + 4);
        if (crc != be32(data + at + 8 + n))
            return err_set(
                e, "%s: truncated or damaged PNG (chunk %s at byte %zu fails its CRC check)", name,
                tname, at);
        bool is_idat = strcmp(tname, "IDAT") == 0;
        if (chunks == 0 && strcmp(tname, "IHDR") != 0)
            return err_set(e, "%s: truncated or damaged PNG (the first chunk is %s, not IHDR)",
                           name, tname);
        if (chunks == 0 && parse_header(type + 4, n, &hd, name, e)) return -1;
        if (is_idat && idat_done)
            return err_set(e, "%s: truncated or damaged PNG (IDAT chunks split by other chunks)",
                           name);
        if (is_idat && !idat_end) idat_first = at;
        if (is_idat) idat_end = at + 12 + n;
        if (!is_idat && idat_end) idat_done = true;
        ended = strcmp(tname, "IEND") == 0;
        at += 12 + (size_t)n;
        chunks++;
    }
    if (!ended) return err_set(e, "%s: truncated or damaged PNG (cut short: no IEND chunk)", name);
    if (at != len)
        return err_set(e, "%s: truncated or damaged PNG (%zu stray bytes after the IEND chunk)",
                       name, len - at);
    if (!idat_end)
        return err_set(e, "%s: truncated or damaged PNG (no image data: no IDAT chunk)", name);
    return check_stream(data, idat_first, idat_end, &hd, name, e);
}
