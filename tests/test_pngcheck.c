/* test_pngcheck: a damaged PNG is refused before it is decoded (core/
 * pngcheck): every single-bit flip anywhere in a small map, every cut,
 * stray bytes, chunks out of order, image data whose zlib stream is
 * broken under a recomputed CRC, and palette pixels past the palette. */
#include <zlib.h>

#include "core/afile.h"
#include "core/pngcheck.h"
#include "testutil.h"

/* stb_image_write's encoder, defined in core's stb_impl.c (its header
 * declares it only inside the implementation). */
unsigned char *stbi_write_png_to_mem(const unsigned char *pixels, int stride, int x, int y, int n,
                                     int *out_len);

static unsigned char *make_png(int w, int h, int comp, int *len)
{
    unsigned char *px = malloc((size_t)w * h * comp);
    for (int i = 0; i < w * h * comp; i++) px[i] = (unsigned char)((i * 37) ^ (i >> 5));
    unsigned char *png = stbi_write_png_to_mem(px, w * comp, w, h, comp, len);
    free(px);
    ck_assert_ptr_nonnull(png);
    return png;
}

static void put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

START_TEST(whole_pngs_pass)
{
    static const int sizes[][3] = {{1, 1, 1}, {40, 30, 1}, {33, 17, 3}, {64, 64, 4}, {300, 2, 2}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int len;
        unsigned char *png = make_png(sizes[i][0], sizes[i][1], sizes[i][2], &len);
        Err e = {{0}};
        ck_assert_msg(pngcheck_verify(png, (size_t)len, "m.png", &e) == 0, "%s", e.msg);
        free(png);
    }
}
END_TEST

START_TEST(every_bit_flip_is_refused)
{
    int len;
    unsigned char *png = make_png(24, 16, 3, &len);
    int refused = 0, total = 0;
    for (int byte = 0; byte < len; byte++) {
        for (int bit = 0; bit < 8; bit++) {
            png[byte] ^= (unsigned char)(1 << bit);
            Err e = {{0}};
            int rc = pngcheck_verify(png, (size_t)len, "m.png", &e);
            png[byte] ^= (unsigned char)(1 << bit);
            total++;
            if (rc == -1) {
                refused++;
                ck_assert_msg(strncmp(e.msg, "m.png: ", 7) == 0, "message names the file: %s",
                              e.msg);
            }
        }
    }
    ck_assert_int_eq(refused, total);
    free(png);
}
END_TEST

START_TEST(every_cut_and_stray_bytes_are_refused)
{
    int len;
    unsigned char *png = make_png(20, 20, 1, &len);
    for (int n = 0; n < len; n++) {
        Err e = {{0}};
        ck_assert_msg(pngcheck_verify(png, (size_t)n, "m.png", &e) == -1, "cut at %d passed", n);
    }
    unsigned char *more = malloc((size_t)len + 3);
    memcpy(more, png, (size_t)len);
    memcpy(more + len, "abc", 3);
    Err e = {{0}};
    ck_assert_int_eq(pngcheck_verify(more, (size_t)len + 3, "m.png", &e), -1);
    ck_assert_msg(strstr(e.msg, "3 stray bytes after the IEND chunk"), "%s", e.msg);
    free(more);
    free(png);
}
END_TEST

/* The chunk starting at byte at: its CRC recomputed over type and data. */
static void fix_crc(unsigned char *png, size_t at)
{
    uint32_t n =
        (uint32_t)png[at] << 24 | (uint32_t)png[at + 1] << 16 | png[at + 2] << 8 | png[at + 3];
    uLong crc = crc32(crc32(0L, Z_NULL, 0), png + at + 4, n + 4);
    put32(png + at + 8 + n, (uint32_t)crc);
}

START_TEST(broken_stream_under_a_good_crc_is_refused)
{
    int len;
    unsigned char *png = make_png(32, 32, 1, &len);
    /* stb writes IHDR (8 + 25 bytes) then one IDAT at byte 33. */
    ck_assert_int_eq(memcmp(png + 37, "IDAT", 4), 0);
    uint32_t n = (uint32_t)png[33] << 24 | (uint32_t)png[34] << 16 | png[35] << 8 | png[36];
    /* The Adler-32 at the stream's end. */
    png[41 + n - 1] ^= 1;
    fix_crc(png, 33);
    Err e = {{0}};
    ck_assert_int_eq(pngcheck_verify(png, (size_t)len, "m.png", &e), -1);
    ck_assert_msg(strstr(e.msg, "image data is damaged"), "%s", e.msg);
    png[41 + n - 1] ^= 1;
    fix_crc(png, 33);
    /* A header that claims more rows than the data holds. */
    put32(png + 20, 33);
    fix_crc(png, 8);
    ck_assert_int_eq(pngcheck_verify(png, (size_t)len, "m.png", &e), -1);
    ck_assert_msg(strstr(e.msg, "header says"), "%s", e.msg);
    put32(png + 20, 32);
    fix_crc(png, 8);
    ck_assert_int_eq(pngcheck_verify(png, (size_t)len, "m.png", &e), 0);
    free(png);
}
END_TEST

/* Palette images written by hand (tools/fuzz/corpus/map_png; each row
 * takes the next of the five filters, and the bits that pad a row's last
 * byte are all set). stb_image read the colours past PLTE from memory it
 * never set: badpal-1bit.png read as 100.0% water in the plain build and
 * 99.6% under ASan, so two players could hold different maps. Each is
 * refused naming the first such pixel, its index and the palette's size;
 * short palettes whose pixels all stay inside them still pass. */
static const struct {
    const char *file;
    const char *fault; /* NULL: passes */
} PALETTES[] = {
    {"badpal-1bit.png",
     "the pixel at 9,5 uses palette entry 1, but the palette has only 1 colour)"},
    /* interlaced: the pixel is in Adam7's last pass */
    {"badpal-2bit.png",
     "the pixel at 3,7 uses palette entry 3, but the palette has only 2 colours)"},
    {"badpal-4bit.png",
     "the pixel at 14,12 uses palette entry 15, but the palette has only 5 colours)"},
    {"badpal-8bit.png",
     "the pixel at 0,15 uses palette entry 200, but the palette has only 16 colours)"},
    {"palette-short-4bit.png", NULL},       /* 3 colours, 19 px rows */
    {"palette-short-2bit-adam7.png", NULL}, /* 3 colours, interlaced */
    {"palette-20x17.png", NULL},            /* 2 colours, 8 bits */
};

START_TEST(pixels_past_the_palette_are_refused)
{
    for (size_t i = 0; i < sizeof PALETTES / sizeof PALETTES[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, "tools/fuzz/corpus/map_png/%s", PALETTES[i].file);
        char *png;
        size_t len;
        Err e = {{0}};
        ck_assert_msg(afile_read(path, 1 << 20, &png, &len, &e) == 0, "%s", e.msg);
        int rc = pngcheck_verify((const unsigned char *)png, len, "p.png", &e);
        if (!PALETTES[i].fault) {
            ck_assert_msg(rc == 0, "%s: %s", PALETTES[i].file, e.msg);
        } else {
            ck_assert_msg(rc == -1, "%s passed", PALETTES[i].file);
            ck_assert_msg(strncmp(e.msg, "p.png: damaged PNG (", 20) == 0 &&
                              strstr(e.msg, PALETTES[i].fault),
                          "%s: %s", PALETTES[i].file, e.msg);
        }
        free(png);
    }
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("pngcheck");
    TCase *tc = tcase_create("damage");
    tcase_add_test(tc, whole_pngs_pass);
    tcase_add_test(tc, every_bit_flip_is_refused);
    tcase_add_test(tc, every_cut_and_stray_bytes_are_refused);
    tcase_add_test(tc, broken_stream_under_a_good_crc_is_refused);
    tcase_add_test(tc, pixels_past_the_palette_are_refused);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
