/* pngcheck: chunk CRCs, chunk order, the zlib stream of a PNG and a palette
 * image's indices, checked with zlib (crc32, inflate) before stb_image
 * decodes the pixels. */
#include "pngcheck.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "words.h"

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

/* Adam7's seven passes: the first pixel's column and row, then the steps
 * between pixels across and down. */
static const int ADAM7[7][4] = {{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4},
                                {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}};

/* One sub-image the stream holds: the whole image, or an Adam7 pass. */
typedef struct Pass {
    uint32_t x0, y0, dx, dy; /* where its pixels sit in the image */
    uint64_t w, h;
} Pass;

/* Pass p (0..6) of an interlaced image; the image itself otherwise. */
static Pass pass_of(const Header *hd, int p)
{
    if (!hd->interlace) return (Pass){0, 0, 1, 1, hd->w, hd->h};
    Pass g = {(uint32_t)ADAM7[p][0],
              (uint32_t)ADAM7[p][1],
              (uint32_t)ADAM7[p][2],
              (uint32_t)ADAM7[p][3],
              0,
              0};
    g.w = hd->w > g.x0 ? (hd->w - g.x0 + g.dx - 1) / g.dx : 0;
    g.h = hd->h > g.y0 ? (hd->h - g.y0 + g.dy - 1) / g.dy : 0;
    return g;
}

/* What the zlib stream must inflate to: one image, or Adam7's seven. */
static uint64_t expected_bytes(const Header *hd)
{
    int bits = pixel_bits(hd->colour, hd->depth);
    uint64_t sum = 0;
    for (int p = 0; p < (hd->interlace ? 7 : 1); p++) {
        Pass g = pass_of(hd, p);
        sum += image_bytes(g.w, g.h, bits);
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

/* ----------------------------------------------------------- palette */

/* A palette image's rows, unfiltered one at a time as the stream inflates,
 * until a pixel's index reaches past the palette. */
typedef struct Scan {
    const Header *hd;
    int entries; /* in PLTE */
    int pass;    /* 0..6 with Adam7, else 0 */
    Pass g;
    uint64_t row;          /* of the pass */
    size_t fill, rowbytes; /* of the row: its filter byte, then the pixels */
    unsigned char filter;  /* the row's filter type */
    unsigned char *prev;   /* the pass's row above, [0] = 0 (left of the row) */
    unsigned char *cur;    /* this row, [0] = 0 */
    bool done;             /* every row seen, a bad index found, or a filter stb refuses */
    int bad;               /* the first index past the palette, or -1 */
    uint64_t bad_x, bad_y; /* its pixel in the image */
} Scan;

/* The next pass that has pixels, from pass p on; done when none has. */
static void scan_start_pass(Scan *s, int p)
{
    int last = s->hd->interlace ? 7 : 1;
    while (p < last && (s->g = pass_of(s->hd, p), s->g.w == 0 || s->g.h == 0)) p++;
    s->pass = p;
    s->done = p >= last;
    s->row = 0;
    s->fill = 0;
    s->rowbytes = 1 + (size_t)((s->g.w * (uint64_t)s->hd->depth + 7) / 8);
    memset(s->prev, 0, s->rowbytes);
}

/* PNG's Paeth predictor: of left, above and upper left, the byte nearest
 * left + above - upper left. */
static int paeth(int a, int b, int c)
{
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* The whole row s->cur is in: undo its filter (a palette pixel is at most
 * a byte, so each byte's left neighbour is the byte before it), then read
 * its indices; the bits that pad a row to whole bytes are no pixel. */
static void scan_row(Scan *s)
{
    unsigned char *x = s->cur, *b = s->prev;
    size_t n = s->rowbytes;
    switch (s->filter) {
    case 0:
        break;
    case 1:
        for (size_t i = 1; i < n; i++) x[i] = (unsigned char)(x[i] + x[i - 1]);
        break;
    case 2:
        for (size_t i = 1; i < n; i++) x[i] = (unsigned char)(x[i] + b[i]);
        break;
    case 3:
        for (size_t i = 1; i < n; i++) x[i] = (unsigned char)(x[i] + (x[i - 1] + b[i]) / 2);
        break;
    case 4:
        for (size_t i = 1; i < n; i++)
            x[i] = (unsigned char)(x[i] + paeth(x[i - 1], b[i], b[i - 1]));
        break;
    default:
        /* stb_image refuses the whole file ("invalid filter"): it reads no
         * pixel at all. */
        s->done = true;
        return;
    }
    int depth = s->hd->depth, mask = (1 << depth) - 1;
    for (uint64_t j = 0; j < s->g.w; j++) {
        uint64_t bit = j * (uint64_t)depth;
        int v = x[1 + bit / 8] >> (8 - depth - (int)(bit % 8)) & mask;
        if (v >= s->entries) {
            s->bad = v;
            s->bad_x = s->g.x0 + j * s->g.dx;
            s->bad_y = s->g.y0 + s->row * s->g.dy;
            s->done = true;
            return;
        }
    }
    s->cur = b;
    s->prev = x;
    if (++s->row == s->g.h) scan_start_pass(s, s->pass + 1);
}

/* n more bytes of the inflated stream. */
static void scan_feed(Scan *s, const unsigned char *p, size_t n)
{
    while (n > 0 && !s->done) {
        if (s->fill == 0) {
            s->filter = *p++;
            n--;
            s->fill = 1;
            continue;
        }
        size_t k = s->rowbytes - s->fill < n ? s->rowbytes - s->fill : n;
        memcpy(s->cur + s->fill, p, k);
        s->fill += k;
        p += k;
        n -= k;
        if (s->fill == s->rowbytes) {
            s->fill = 0;
            scan_row(s);
        }
    }
}

/* A palette of `entries` colours that 2^depth indices can outrun: stb_image
 * would read the colours past it from memory it never set (the same file
 * decoded as a different map in another build), so every pixel is read
 * here first. The stream is whole and checked (check_stream). */
static int check_indices(const unsigned char *png, size_t first, size_t end, const Header *hd,
                         int entries, const char *name, Err *e)
{
    size_t row = 1 + (size_t)(((uint64_t)hd->w * (uint64_t)hd->depth + 7) / 8);
    unsigned char *rows = calloc(2, row);
    z_stream z;
    memset(&z, 0, sizeof z);
    if (!rows || inflateInit(&z) != Z_OK) {
        free(rows);
        return err_set(e, "%s: cannot check the PNG: out of memory", name);
    }
    Scan s = {.hd = hd, .entries = entries, .prev = rows, .cur = rows + row, .bad = -1};
    scan_start_pass(&s, 0);
    unsigned char out[1 << 15];
    int rc = Z_OK;
    for (size_t at = first; at < end && rc == Z_OK && !s.done;) {
        uint32_t n = be32(png + at);
        z.next_in = (unsigned char *)(uintptr_t)(png + at + 8); /* zlib's API is not const */
        z.avail_in = n;
        /* On to the next chunk once this one is used and out has room
         * left (inflate holds nothing back then). */
        do {
            z.next_out = out;
            z.avail_out = sizeof out;
            rc = inflate(&z, Z_NO_FLUSH);
            scan_feed(&s, out, sizeof out - z.avail_out);
        } while (rc == Z_OK && !s.done && (z.avail_in > 0 || z.avail_out == 0));
        if (rc == Z_BUF_ERROR) rc = Z_OK; /* out was full and nothing more came */
        at += 12 + (size_t)n;
    }
    inflateEnd(&z);
    free(rows);
    if (s.bad < 0) return 0;
    return err_set(e,
                   "%s: damaged PNG (the pixel at %llu,%llu uses palette entry %d, but the "
                   "palette has only %d %s)",
                   name, (unsigned long long)s.bad_x, (unsigned long long)s.bad_y, s.bad, entries,
                   words_plural(entries, "colour", "colours"));
}

int pngcheck_verify(const unsigned char *data, size_t len, const char *name, Err *e)
{
    if (len < 8 || memcmp(data, SIGNATURE, 8) != 0)
        return err_set(e, "%s: not a PNG image (a map is a PNG mask)", name);
    Header hd = {0};
    size_t at = 8, idat_first = 0, idat_end = 0;
    int chunks = 0, palette = 0;
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
        /* The colours stb_image sets: the last PLTE's (it refuses a file
         * with a PLTE of another length, or a palette image with none). */
        if (strcmp(tname, "PLTE") == 0 && n % 3 == 0 && n >= 3 && n <= 768) palette = (int)n / 3;
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
    if (check_stream(data, idat_first, idat_end, &hd, name, e)) return -1;
    if (hd.colour == 3 && palette > 0 && palette < 1 << hd.depth)
        return check_indices(data, idat_first, idat_end, &hd, palette, name, e);
    return 0;
}
