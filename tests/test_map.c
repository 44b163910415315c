/* test_map: PNG masks, the colour rule, sidecars, saving and every bad file,
 * and the digest of what is drawn. */
#include "testutil.h"

#include <stb_image_write.h>

#include "core/afile.h"
#include "core/kv.h"
#include "core/map.h"

static char dir[64];

static void setup(void)
{
    tu_tempdir(dir, sizeof dir);
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}

static const char *at(const char *name)
{
    static char buf[4][256];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
    return buf[k];
}

/* A w x h RGB PNG whose pixel (x, y) is colour f(x, y). */
static void write_png(const char *path, int w, int h, void (*f)(int, int, unsigned char *))
{
    unsigned char *px = malloc((size_t)w * h * 3);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) f(x, y, px + 3 * ((size_t)y * w + x));
    ck_assert(stbi_write_png(path, w, h, 3, px, w * 3));
    free(px);
}

/* Left half light sand, right half dark navy. */
static void halves(int x, int y, unsigned char *c)
{
    (void)y;
    unsigned char v = x < 20 ? 230 : 20;
    c[0] = c[1] = v;
    c[2] = x < 20 ? 180 : 120;
}

/* Loading `path` fails with a one-line message naming `named` (the PNG or
 * its sidecar) and containing `needle`. */
static void load_fails(const char *path, const char *named, const char *needle)
{
    Map m;
    Err e = {{0}};
    ck_assert_int_eq(map_load(&m, path, &e), -1);
    ck_assert_ptr_null(m.land);
    ck_assert_msg(strstr(e.msg, named) != NULL, "message '%s' does not name the file", e.msg);
    ck_assert_msg(strstr(e.msg, needle) != NULL, "message '%s' lacks '%s'", e.msg, needle);
    ck_assert_ptr_null(strchr(e.msg, '\n'));
}

static void load_expect_error(const char *path, const char *needle)
{
    load_fails(path, path, needle);
}

START_TEST(colour_rule)
{
    write_png(at("h.png"), 40, 24, halves);
    Map m;
    Err e;
    ck_assert_int_eq(map_load(&m, at("h.png"), &e), 0);
    ck_assert_int_eq(m.w, 40);
    ck_assert_int_eq(m.h, 24);
    for (int y = 0; y < m.h; y++)
        for (int x = 0; x < m.w; x++) ck_assert_int_eq(map_is_land(&m, x, y), x < 20);
    /* Defaults when there is no sidecar: the name is the file stem. */
    ck_assert_str_eq(m.meta.name, "h");
    ck_assert_int_eq(m.meta.hex_size, 24);
    ck_assert_int_eq(m.meta.spawn_count[0], 0);
    map_free(&m);
}
END_TEST

START_TEST(transparent_is_water)
{
    unsigned char px[16 * 16 * 4];
    for (int i = 0; i < 16 * 16; i++) {
        px[4 * i] = px[4 * i + 1] = px[4 * i + 2] = 255;
        px[4 * i + 3] = i < 128 ? 0 : 255; /* top half transparent white */
    }
    ck_assert(stbi_write_png(at("a.png"), 16, 16, 4, px, 64));
    Map m;
    Err e;
    ck_assert_int_eq(map_load(&m, at("a.png"), &e), 0);
    ck_assert_int_eq(map_is_land(&m, 3, 2), 0);
    ck_assert_int_eq(map_is_land(&m, 3, 12), 1);
    map_free(&m);
}
END_TEST

START_TEST(save_round_trip)
{
    Map m;
    Err e;
    ck_assert_int_eq(map_init(&m, 33, 47, &e), 0);
    for (int i = 0; i < 33 * 47; i++) m.land[i] = (i * 7919) % 5 == 0;
    strcpy(m.meta.name, "Round Trip");
    m.meta.hex_size = 10;
    m.meta.wind_dir = 2;
    m.meta.wind_strength = 4;
    m.meta.spawn_count[0] = 2;
    m.meta.spawns[0][0] = hex_make(0, 0);
    m.meta.spawns[0][1] = hex_make(1, 0);
    m.meta.spawn_count[1] = 1;
    m.meta.spawns[1][0] = hex_make(0, 1);
    ck_assert_int_eq(map_save(&m, at("rt.png"), &e), 0);
    Map b;
    ck_assert_int_eq(map_load(&b, at("rt.png"), &e), 0);
    ck_assert_int_eq(b.w, 33);
    ck_assert_int_eq(memcmp(m.land, b.land, 33 * 47), 0);
    ck_assert_str_eq(b.meta.name, "Round Trip");
    ck_assert_int_eq(b.meta.hex_size, 10);
    ck_assert_int_eq(b.meta.wind_dir, 2);
    ck_assert_int_eq(b.meta.wind_strength, 4);
    ck_assert_int_eq(b.meta.spawn_count[0], 2);
    ck_assert(hex_equal(b.meta.spawns[0][1], hex_make(1, 0)));
    ck_assert_int_eq(b.meta.spawn_count[1], 1);
    /* No temp files left behind. */
    char cmd[256];
    snprintf(cmd, sizeof cmd, "ls %s | grep -q tmp", dir);
    ck_assert_int_ne(system(cmd), 0);
    map_free(&m);
    map_free(&b);
}
END_TEST

START_TEST(missing_and_empty)
{
    load_expect_error(at("nope.png"), "No such file");
    tu_write(at("empty.png"), "", 0);
    load_expect_error(at("empty.png"), "empty file");
    load_expect_error(dir, "directory");
}
END_TEST

START_TEST(not_a_png)
{
    const char *jpeg = "\xff\xd8\xff\xe0 this is not a png at all";
    tu_write(at("x.png"), jpeg, strlen(jpeg));
    load_expect_error(at("x.png"), "not a PNG");
    tu_write(at("short.png"), "\x89PNG", 4);
    load_expect_error(at("short.png"), "not a PNG");
}
END_TEST

static unsigned char *slurp(const char *path, size_t *len)
{
    char *d;
    Err e;
    ck_assert_int_eq(afile_read(path, 1 << 24, &d, len, &e), 0);
    return (unsigned char *)d;
}

START_TEST(truncated_png)
{
    write_png(at("full.png"), 64, 64, halves);
    size_t len;
    unsigned char *d = slurp(at("full.png"), &len);
    /* Cut inside the image data and also right after the header. */
    tu_write(at("cut.png"), d, len / 2);
    load_expect_error(at("cut.png"), "truncated or damaged");
    tu_write(at("hdr.png"), d, 20);
    load_expect_error(at("hdr.png"), "truncated or damaged");
    free(d);
}
END_TEST

/* Found by fuzz_map_png: stb_image names an unknown critical chunk by its
 * raw bytes, which went into our message as they were (a newline there
 * made two lines). */
START_TEST(unknown_chunk_name)
{
    write_png(at("base.png"), 32, 32, halves);
    size_t len;
    unsigned char *d = slurp(at("base.png"), &len);
    /* An empty chunk named "\nA\x1bZ" right after IHDR (8 + 25 bytes). */
    static const unsigned char chunk[12] = {0, 0, 0, 0, '\n', 'A', 0x1b, 'Z', 0, 0, 0, 0};
    unsigned char *out = malloc(len + sizeof chunk);
    ck_assert_ptr_nonnull(out);
    memcpy(out, d, 33);
    memcpy(out + 33, chunk, sizeof chunk);
    memcpy(out + 33 + sizeof chunk, d + 33, len - 33);
    tu_write(at("chunk.png"), out, len + sizeof chunk);
    free(out);
    free(d);
    Map m;
    Err e;
    ck_assert_int_eq(map_load(&m, at("chunk.png"), &e), -1);
    ck_assert_msg(strstr(e.msg, "truncated or damaged PNG") != NULL, "%s", e.msg);
    for (const char *c = e.msg; *c; c++)
        ck_assert_msg((unsigned char)*c >= 0x20 && *c != 0x7f, "control byte in '%s'", e.msg);
}
END_TEST

/* Found by fuzz_map_png: a 74-byte PNG whose header asks for 16384x16384
 * RGBA at 16 bits made stb_image's 32-bit size overflow into a ~2^64-byte
 * malloc. Headers that promise more data than the file can hold (deflate
 * expands at most ~1032:1) or than stb can size are refused first. */
START_TEST(header_promises_too_much)
{
    unsigned char png[80] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0,    0, 13, 'I',
                             'H',  'D', 'R', 0,   0,    0x40, 0,    0,    0, 0x40, 0, 16, 6};
    tu_write(at("bomb.png"), png, sizeof png);
    load_expect_error(at("bomb.png"),
                      "16384x16384 image at 64 bits per pixel is too large to decode");
    png[24] = 8;
    png[25] = 0;
    tu_write(at("thin.png"), png, sizeof png);
    load_expect_error(at("thin.png"),
                      "truncated or damaged PNG (80 bytes can't hold a 16384x16384");
    /* A chunk longer than the file (fuzz_map_png: stb_image grew its buffer
     * to the declared 4 GB first). */
    write_png(at("base.png"), 32, 32, halves);
    size_t len;
    unsigned char *d = slurp(at("base.png"), &len);
    ck_assert_int_eq(memcmp(d + 37, "IDAT", 4), 0);
    d[33] = 0xfe;
    tu_write(at("idat.png"), d, len);
    free(d);
    load_expect_error(at("idat.png"),
                      "truncated or damaged PNG (the IDAT chunk runs past the end)");
    /* A big map that really compresses that well still loads. */
    Map m;
    Err e;
    ck_assert_int_eq(map_init(&m, 1024, 1024, &e), 0);
    ck_assert_int_eq(map_save(&m, at("calm.png"), &e), 0);
    map_free(&m);
    ck_assert_msg(map_load(&m, at("calm.png"), &e) == 0, "%s", e.msg);
    ck_assert_int_eq(m.w, 1024);
    map_free(&m);
}
END_TEST

/* Palette images from tools/fuzz/corpus/map_png (test_pngcheck has their
 * pixels): a pixel past the palette took its colour from memory stb_image
 * never set, so the map came out different in another build. Each is
 * refused naming the file; a short palette whose pixels stay inside it
 * loads as its colours say (sand = land). */
START_TEST(pixel_past_the_palette)
{
    static const char *const bad[] = {"badpal-1bit.png", "badpal-2bit.png", "badpal-4bit.png",
                                      "badpal-8bit.png"};
    char path[256];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(path, sizeof path, "tools/fuzz/corpus/map_png/%s", bad[i]);
        load_expect_error(path, "damaged PNG (the pixel at ");
    }
    Map m;
    Err e;
    ck_assert_msg(map_load(&m, "tools/fuzz/corpus/map_png/palette-short-4bit.png", &e) == 0, "%s",
                  e.msg);
    ck_assert_int_eq(m.w, 19);
    ck_assert_int_eq(m.h, 16);
    for (int y = 0; y < m.h; y++)
        for (int x = 0; x < m.w; x++) ck_assert_int_eq(map_is_land(&m, x, y), (x + 2 * y) % 3 == 1);
    map_free(&m);
}
END_TEST

static void patch_size(const char *src, const char *dst, unsigned w, unsigned h)
{
    size_t len;
    unsigned char *d = slurp(src, &len);
    for (int i = 0; i < 4; i++) {
        d[16 + i] = (unsigned char)(w >> (24 - 8 * i));
        d[20 + i] = (unsigned char)(h >> (24 - 8 * i));
    }
    tu_write(dst, d, len);
    free(d);
}

START_TEST(bad_sizes)
{
    write_png(at("one.png"), 1, 1, halves);
    load_expect_error(at("one.png"), "1x1 image; a map needs at least 16x16");
    write_png(at("thin.png"), 200, 8, halves);
    load_expect_error(at("thin.png"), "200x8");
    write_png(at("base.png"), 32, 32, halves);
    patch_size(at("base.png"), at("zero.png"), 0, 0);
    load_expect_error(at("zero.png"), "0x0 image");
    patch_size(at("base.png"), at("huge.png"), 100000, 100000);
    load_expect_error(at("huge.png"), "too large; the limit is 16384");
    patch_size(at("base.png"), at("wide.png"), 16385, 16);
    load_expect_error(at("wide.png"), "16385x16");
    patch_size(at("base.png"), at("neg.png"), 0x80000000u, 32);
    load_expect_error(at("neg.png"), "too large");
}
END_TEST

static void sidecar_expect_error(const char *text, const char *needle)
{
    write_png(at("s.png"), 40, 40, halves);
    tu_write(at("s.ini"), text, strlen(text));
    load_fails(at("s.png"), at("s.ini"), needle);
}

START_TEST(sidecar_values)
{
    write_png(at("s.png"), 200, 200, halves);
    const char *ini = "# comment\nname = Narrows  # the strait\nhex_size=16 ; px\nwind = sw\n"
                      "wind_strength = 5\nfleet1 = 1,1 2,1\nfleet2 = 5,3\n";
    tu_write(at("s.ini"), ini, strlen(ini));
    Map m;
    Err e;
    ck_assert_int_eq(map_load(&m, at("s.png"), &e), 0);
    ck_assert_str_eq(m.meta.name, "Narrows");
    ck_assert_int_eq(m.meta.hex_size, 16);
    ck_assert_int_eq(m.meta.wind_dir, hex_dir_from_name("SW"));
    ck_assert_int_eq(m.meta.wind_strength, 5);
    ck_assert_int_eq(m.meta.spawn_count[0], 2);
    ck_assert_int_eq(m.meta.spawns[0][1].q, 2);
    ck_assert_int_eq(m.meta.spawn_count[1], 1);
    map_free(&m);
}
END_TEST

START_TEST(sidecar_garbage)
{
    sidecar_expect_error("hex_size = 500\n", "hex_size '500' must be a whole number from 8");
    sidecar_expect_error("hex_size = 12abc\n", "hex_size");
    sidecar_expect_error("wind = up\n", "wind 'up'");
    sidecar_expect_error("wind_strength = -1\n", "wind_strength");
    sidecar_expect_error("name = ok\nthis line has no equals sign\n", ":2: expected 'key = value'");
    sidecar_expect_error("colour = red\n", "unknown key 'colour'");
    sidecar_expect_error("fleet1 = 1;2\n", "fleet1");
    sidecar_expect_error("fleet1 = 900,900\n", "outside the 40x40 map");
    sidecar_expect_error("[broken\n", "malformed section");
    /* A section header would be ignored, so it is refused at its line; a
     * key given twice is blamed on the second line, naming the first. */
    sidecar_expect_error("name = a\n[map]\nhex_size = 16\n",
                         ":2: [map]: this file has no sections");
    sidecar_expect_error("hex_size = 16\nfleet1 = 1,1\nhex_size = 20\n",
                         ":3: 'hex_size' is given twice (first on line 1)");
    sidecar_expect_error("name = \n", "name must be");
    const char bin[] = "name = a\0\x01\x02";
    write_png(at("s.png"), 40, 40, halves);
    tu_write(at("s.ini"), bin, sizeof bin);
    load_fails(at("s.png"), at("s.ini"), "not a text file");
}
END_TEST

/* Found by fuzz_sidecar: a control character inside a line (a lone CR, an
 * escape) was quoted into the message, which then was not one line. Such
 * text is refused as not text; a CRLF file still reads. */
START_TEST(sidecar_control_chars)
{
    static const char *const texts[] = {"hex_size = 1\r2\n", "name = a\x1b[2Jb\n", "wind\x0b = E\n",
                                        "fleet1 = 1,1\r\x7f\n"};
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
        sidecar_expect_error(texts[k], "not a text file (control character");
        MapMeta meta;
        Err e;
        map_meta_default(&meta, NULL);
        ck_assert_int_eq(map_meta_parse(&meta, texts[k], strlen(texts[k]), "c.ini", 400, 400, &e),
                         -1);
        for (const char *c = e.msg; *c; c++)
            ck_assert_msg((unsigned char)*c >= 0x20 && *c != 0x7f, "control byte in '%s'", e.msg);
    }
    const char *crlf = "name = Windows\r\nhex_size = 16\r\n\r\n";
    write_png(at("s.png"), 40, 40, halves);
    tu_write(at("s.ini"), crlf, strlen(crlf));
    Map m;
    Err e;
    ck_assert_msg(map_load(&m, at("s.png"), &e) == 0, "%s", e.msg);
    ck_assert_str_eq(m.meta.name, "Windows");
    ck_assert_int_eq(m.meta.hex_size, 16);
    map_free(&m);
}
END_TEST

/* A sidecar over MAP_SIDECAR_MAX_BYTES is refused before it is read. */
/* Found by fuzz_sidecar: "name =#x" was accepted, but written back as
 * "name = #x", a comment, so the map could not be loaded again; and a map
 * file named "#1.png" got the name "#1" and the same fate. */
START_TEST(names_read_back)
{
    sidecar_expect_error("name =#nae\n", "name '#nae' must not start with '#' or ';'");
    sidecar_expect_error("name =;x\n", "must not start");
    static const char *const files[][2] = {{"#1.png", "_1"},
                                           {"Reef #2 ;b.png", "Reef _2 _b"},
                                           {"  spaced .png", "spaced"},
                                           {"a#b.png", "a#b"}};
    for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
        write_png(at(files[k][0]), 40, 40, halves);
        Map m, again;
        Err e;
        ck_assert_msg(map_load(&m, at(files[k][0]), &e) == 0, "%s", e.msg);
        ck_assert_str_eq(m.meta.name, files[k][1]);
        ck_assert_msg(map_save(&m, at(files[k][0]), &e) == 0, "%s", e.msg);
        ck_assert_msg(map_load(&again, at(files[k][0]), &e) == 0, "%s", e.msg);
        ck_assert_str_eq(again.meta.name, files[k][1]);
        map_free(&again);
        map_free(&m);
    }
}
END_TEST

START_TEST(sidecar_too_large)
{
    size_t n = MAP_SIDECAR_MAX_BYTES + 1;
    char *big = malloc(n);
    ck_assert_ptr_nonnull(big);
    for (size_t i = 0; i < n; i++) big[i] = i % 64 == 63 ? '\n' : '#';
    write_png(at("s.png"), 40, 40, halves);
    tu_write(at("s.ini"), big, n);
    free(big);
    load_fails(at("s.png"), at("s.ini"), "file too large");
}
END_TEST

START_TEST(sidecar_format_parses_back)
{
    MapMeta a, b;
    map_meta_default(&a, "x/y/Some Map.png");
    ck_assert_str_eq(a.name, "Some Map");
    a.spawn_count[1] = 3;
    for (int i = 0; i < 3; i++) a.spawns[1][i] = hex_make(i, 2);
    a.wind_dir = 5;
    char text[4096];
    int n = map_meta_format(&a, text, sizeof text);
    ck_assert_int_gt(n, 0);
    Err e;
    map_meta_default(&b, NULL);
    ck_assert_int_eq(map_meta_parse(&b, text, (size_t)n, "t.ini", 400, 400, &e), 0);
    ck_assert_int_eq(memcmp(&a, &b, sizeof a), 0);
    ck_assert_int_eq(map_meta_format(&a, text, 20), -1);
}
END_TEST

/* The sidecar rules the editor applies before it saves: each bad field is
 * named, and a good meta passes and equals itself. */
START_TEST(meta_check_names_the_field)
{
    static const struct {
        int field; /* which field the case spoils */
        const char *msg;
    } cases[] = {
        {0, "name: must be"},
        {1, "name: control"},
        {2, "no leading or trailing"},
        {3, "hex_size 7"},
        {4, "wind 6"},
        {5, "wind_strength 9"},
        {6, "fleet1: 17 spawn"},
        {7, "fleet2: spawn hex 99,0 lies outside"},
    };
    MapMeta good;
    map_meta_default(&good, "good.png");
    good.spawn_count[0] = 1;
    good.spawns[0][0] = hex_make(1, 1);
    Err e;
    ck_assert_int_eq(map_meta_check(&good, 400, 300, &e), 0);
    ck_assert(map_meta_equal(&good, &good));
    ck_assert(map_hex_inside(hex_make(1, 1), 24, 400, 300));
    ck_assert(!map_hex_inside(hex_make(99, 0), 24, 400, 300));
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        MapMeta m = good;
        switch (cases[i].field) {
        case 0:
            m.name[0] = '\0';
            break;
        case 1:
            m.name[1] = '\t';
            break;
        case 2:
            strcpy(m.name, "edge ");
            break;
        case 3:
            m.hex_size = 7;
            break;
        case 4:
            m.wind_dir = 6;
            break;
        case 5:
            m.wind_strength = 9;
            break;
        case 6:
            m.spawn_count[0] = MAP_MAX_SPAWNS + 1;
            break;
        default:
            m.spawn_count[1] = 1;
            m.spawns[1][0] = hex_make(99, 0);
            break;
        }
        ck_assert_int_eq(map_meta_check(&m, 400, 300, &e), -1);
        ck_assert_msg(strstr(e.msg, cases[i].msg), "case %zu: %s", i, e.msg);
        ck_assert(!map_meta_equal(&m, &good));
    }
}
END_TEST

/* Found with `shoal-map gen -o link.png` (link.png -> target.png): the PNG
 * went to target.png and the sidecar to link.ini, so target.png loaded
 * beside its old target.ini. The pair goes to the target's name, and a
 * load through either name reads that pair. */
START_TEST(save_through_a_symlink_keeps_the_pair)
{
    Map m;
    Err e;
    ck_assert_int_eq(map_init(&m, 40, 40, &e), 0);
    strcpy(m.meta.name, "Old");
    ck_assert_int_eq(map_save(&m, at("target.png"), &e), 0);
    ck_assert_int_eq(symlink("target.png", at("link.png")), 0);
    strcpy(m.meta.name, "New");
    m.meta.hex_size = 30;
    m.land[0] = 1;
    ck_assert_msg(map_save(&m, at("link.png"), &e) == 0, "%s", e.msg);
    map_free(&m);
    ck_assert_msg(access(at("link.ini"), F_OK) != 0, "the sidecar went to the link's name");
    static const char *const names[] = {"target.png", "link.png"};
    for (int k = 0; k < 2; k++) {
        ck_assert_msg(map_load(&m, at(names[k]), &e) == 0, "%s", e.msg);
        ck_assert_msg(strcmp(m.meta.name, "New") == 0 && m.meta.hex_size == 30 && m.land[0] == 1,
                      "%s loads %s, hex_size %d", names[k], m.meta.name, m.meta.hex_size);
        map_free(&m);
    }
    char side[256];
    map_sidecar_path(at("link.png"), side, sizeof side);
    ck_assert_str_eq(side, at("target.ini"));
}
END_TEST

/* Windows editors may start a text file with a UTF-8 byte-order mark; it
 * read as part of the first key ("invalid key"). It is skipped (by kv, for
 * every reader of these files), and the line numbers stay right. */
START_TEST(sidecar_bom_is_skipped)
{
    const char *ini = "\xEF\xBB\xBFname = Bom\nhex_size = 30\n";
    write_png(at("s.png"), 40, 40, halves);
    tu_write(at("s.ini"), ini, strlen(ini));
    Map m;
    Err e;
    ck_assert_msg(map_load(&m, at("s.png"), &e) == 0, "%s", e.msg);
    ck_assert_str_eq(m.meta.name, "Bom");
    ck_assert_int_eq(m.meta.hex_size, 30);
    map_free(&m);
    sidecar_expect_error("\xEF\xBB\xBFname = Bom\nno pair here\n",
                         "s.ini:2: expected 'key = value'");
    /* Only first: elsewhere it is a character like others, here in a key. */
    sidecar_expect_error("name = Bom\n\xEF\xBB\xBFhex_size = 30\n", "s.ini:2: invalid key");
}
END_TEST

/* Found with a sidecar "name = \xff\xfeBad": the name was accepted and
 * shoal-map info printed its bytes raw. Such a name is refused in one
 * line; a file name that is not UTF-8 gives a default name that is. */
START_TEST(name_not_utf8_refused)
{
    static const char *const bad[] = {"name = caf\xe9\n", "name = \377\376Bad\n",
                                      "name = \xc0\xafslash\n", "name = cut \xe2\x98\n",
                                      "name = \xed\xa0\x80surrogate\n"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        sidecar_expect_error(bad[k], "s.ini:1: name is not valid UTF-8");
    MapMeta meta;
    Err e;
    map_meta_default(&meta, NULL);
    const char *good = "name = Caf\xc3\xa9 \xe2\x98\x82 \xf0\x9f\x90\x9f\n";
    ck_assert_msg(map_meta_parse(&meta, good, strlen(good), "g.ini", 40, 40, &e) == 0, "%s", e.msg);
    ck_assert_str_eq(meta.name, "Caf\xc3\xa9 \xe2\x98\x82 \xf0\x9f\x90\x9f");
    /* The editor's check says the same before it saves. */
    strcpy(meta.name, "caf\xe9");
    ck_assert_int_eq(map_meta_check(&meta, 40, 40, &e), -1);
    ck_assert_msg(strstr(e.msg, "name: not valid UTF-8"), "%s", e.msg);
    /* A Latin-1 file name, and a character cut by the length limit. */
    map_meta_default(&meta, "maps/caf\xe9.png");
    ck_assert_str_eq(meta.name, "caf_");
    char longname[MAP_NAME_MAX + 16];
    memset(longname, 'a', MAP_NAME_MAX - 2);
    strcpy(longname + MAP_NAME_MAX - 2, "\xc3\xa9.png");
    map_meta_default(&meta, longname);
    ck_assert_msg(kv_utf8_valid(meta.name), "default name '%s' is not UTF-8", meta.name);
    ck_assert_int_eq(map_meta_check(&meta, 40, 40, &e), 0);
}
END_TEST

START_TEST(stats)
{
    Map m;
    Err e;
    ck_assert_int_eq(map_init(&m, 20, 20, &e), 0);
    /* Two islands, one of them diagonal pixels (8-connected = one island),
     * and a land wall splitting the sea into two bodies. */
    m.land[2 * 20 + 2] = m.land[3 * 20 + 3] = 1;
    for (int y = 0; y < 20; y++) m.land[y * 20 + 10] = 1;
    MapStats st;
    map_stats(&m, &st);
    ck_assert_int_eq(st.islands, 2);
    ck_assert_int_eq(st.water_bodies, 2);
    ck_assert(st.largest_water > 0.5 && st.largest_water < 0.6);
    ck_assert(st.water_fraction > 0.94 && st.water_fraction < 0.95);
    map_free(&m);
}
END_TEST

/* What map_digest tells apart: the land and the name (the coast's noise
 * seed), not the rest of the sidecar. */
START_TEST(digest_names_what_is_drawn)
{
    Map a, b;
    Err e = {{0}};
    ck_assert_int_eq(map_init(&a, 333, 200, &e), 0);
    ck_assert_int_eq(map_init(&b, 333, 200, &e), 0);
    a.land[5000] = b.land[5000] = 1;
    ck_assert(map_digest(&a) == map_digest(&b));
    b.meta.hex_size = a.meta.hex_size + 4;
    b.meta.wind_dir = (a.meta.wind_dir + 1) % 6;
    ck_assert(map_digest(&a) == map_digest(&b));
    /* One byte anywhere, the last (past a multiple of 8) too. */
    static const size_t at[] = {0, 4999, 333 * 200 - 1};
    for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
        b.land[at[k]] ^= 1;
        ck_assert(map_digest(&a) != map_digest(&b));
        b.land[at[k]] ^= 1;
    }
    ck_assert_int_gt((int)strlen(b.meta.name), 0);
    b.meta.name[0] ^= 0x20; /* "Untitled": "untitled" */
    ck_assert(map_digest(&a) != map_digest(&b));
    map_free(&b);
    /* The same land a row narrower is another map. */
    ck_assert_int_eq(map_init(&b, 200, 333, &e), 0);
    ck_assert(map_digest(&a) != map_digest(&b));
    map_free(&a);
    map_free(&b);
}
END_TEST

static Suite *map_suite(void)
{
    Suite *s = suite_create("map");
    TCase *t = tcase_create("map");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, colour_rule);
    tcase_add_test(t, transparent_is_water);
    tcase_add_test(t, save_round_trip);
    tcase_add_test(t, missing_and_empty);
    tcase_add_test(t, not_a_png);
    tcase_add_test(t, truncated_png);
    tcase_add_test(t, unknown_chunk_name);
    tcase_add_test(t, header_promises_too_much);
    tcase_add_test(t, pixel_past_the_palette);
    tcase_add_test(t, bad_sizes);
    tcase_add_test(t, sidecar_values);
    tcase_add_test(t, sidecar_garbage);
    tcase_add_test(t, sidecar_control_chars);
    tcase_add_test(t, sidecar_too_large);
    tcase_add_test(t, names_read_back);
    tcase_add_test(t, sidecar_format_parses_back);
    tcase_add_test(t, meta_check_names_the_field);
    tcase_add_test(t, save_through_a_symlink_keeps_the_pair);
    tcase_add_test(t, sidecar_bom_is_skipped);
    tcase_add_test(t, name_not_utf8_refused);
    tcase_add_test(t, stats);
    tcase_add_test(t, digest_names_what_is_drawn);
    suite_add_tcase(s, t);
    return s;
}

SHOAL_CHECK_MAIN(map_suite)
