/* map: water/land masks — PNG decode with limits, sidecar parse/format,
 * atomic save, and connectivity statistics. */
#include "map.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image.h>

#include "afile.h"
#include "kv.h"
#include "paths.h"
#include "pngcheck.h"
#include "pngenc.h"

/* A map PNG larger than this is refused before reading it whole. */
#define MAP_FILE_MAX_BYTES ((size_t)1 << 30)

/* Colours a saved mask uses: dark sea, light sand (any dark/light pair
 * obeys the rule in map_load_png_memory). */
static const unsigned char WATER_RGB[3] = {28, 70, 120};
static const unsigned char LAND_RGB[3] = {222, 204, 160};

/* Make a name read back unchanged from a sidecar "name = ..." line: no
 * control characters, no edge spaces, and no '#' or ';' where the reader
 * takes a comment to start (first, or after a space). Found by
 * fuzz_sidecar: a map file "#1.png" saved a sidecar it could not load.
 * Bytes that are not UTF-8 (a Latin-1 file name, or a character the
 * length limit cut in two) become '_' too: the reader refuses them. */
static void clean_name(char *s)
{
    for (char *c = s; *c; c++) {
        unsigned char u = (unsigned char)*c;
        if (u < 0x20 || u == 0x7f) *c = '_';
        if ((*c == '#' || *c == ';') && (c == s || isspace((unsigned char)c[-1]))) *c = '_';
        int n = err_utf8_len(c);
        if (n == 0)
            *c = '_';
        else
            c += n - 1;
    }
    size_t n = strlen(s), lead = strspn(s, " ");
    while (n > lead && s[n - 1] == ' ') n--;
    memmove(s, s + lead, n - lead);
    s[n - lead] = '\0';
}

void map_meta_default(MapMeta *meta, const char *path)
{
    assert(meta);
    memset(meta, 0, sizeof *meta);
    if (path) {
        const char *b = paths_base_name(path);
        size_t n = strcspn(b, ".");
        if (n == 0) n = strlen(b);
        if (n >= sizeof meta->name) n = sizeof meta->name - 1;
        memcpy(meta->name, b, n);
        meta->name[n] = '\0';
        clean_name(meta->name);
    }
    if (meta->name[0] == '\0') strcpy(meta->name, "Untitled");
    meta->hex_size = 24;
    meta->wind_dir = 0;
    meta->wind_strength = 3;
}

static int check_size(int w, int h, const char *name, Err *e)
{
    if (w < MAP_MIN_SIDE || h < MAP_MIN_SIDE)
        return err_set(e, "%s: %dx%d image; a map needs at least %dx%d pixels", name, w, h,
                       MAP_MIN_SIDE, MAP_MIN_SIDE);
    if (w > MAP_MAX_SIDE || h > MAP_MAX_SIDE)
        return err_set(e, "%s: %dx%d image is too large; the limit is %d pixels per side", name, w,
                       h, MAP_MAX_SIDE);
    return 0;
}

int map_init(Map *m, int w, int h, Err *e)
{
    assert(m);
    memset(m, 0, sizeof *m);
    if (check_size(w, h, "map", e)) return -1;
    m->land = calloc((size_t)w * (size_t)h, 1);
    if (!m->land) return err_set(e, "map: out of memory for %dx%d pixels", w, h);
    m->w = w;
    m->h = h;
    map_meta_default(&m->meta, NULL);
    return 0;
}

void map_free(Map *m)
{
    assert(m);
    free(m->land);
    memset(m, 0, sizeof *m);
}

static unsigned be32(const unsigned char *p)
{
    return (unsigned)p[0] << 24 | (unsigned)p[1] << 16 | (unsigned)p[2] << 8 | p[3];
}

/* The checks on a PNG's header, before stb_image sees the file: the
 * signature, the size from IHDR (so even absurd sizes get a precise
 * message before anything is allocated), and what decoding it would
 * cost. */
int map_png_size(const unsigned char *buf, size_t len, const char *name, int *w, int *h, Err *e)
{
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (len == 0) return err_set(e, "%s: empty file; expected a PNG map", name);
    if (len < 8 || memcmp(buf, sig, 8) != 0)
        return err_set(e, "%s: not a PNG image (a map is a PNG mask)", name);
    if (len < 24 || memcmp(buf + 12, "IHDR", 4) != 0)
        return err_set(e, "%s: truncated or damaged PNG (no image header)", name);
    unsigned uw = be32(buf + 16), uh = be32(buf + 20);
    if (uw > MAP_MAX_SIDE || uh > MAP_MAX_SIDE)
        return err_set(e, "%s: %ux%u image is too large; the limit is %d pixels per side", name, uw,
                       uh, MAP_MAX_SIDE);
    *w = (int)uw;
    *h = (int)uh;
    return check_size(*w, *h, name, e);
}

static int png_check_header(const unsigned char *buf, size_t len, const char *name, Err *e)
{
    int w, h;
    if (map_png_size(buf, len, name, &w, &h, e)) return -1;
    unsigned uw = (unsigned)w, uh = (unsigned)h;
    if (len > (size_t)0x7fffffff) return err_set(e, "%s: file too large", name);
    /* The image data the header promises (rows of filter byte + pixels).
     * stb_image sizes its inflate buffer from this in 32 bits (found by
     * fuzz_map_png: a 74-byte file asking for 16384x16384 RGBA16 made it
     * malloc ~2^64 bytes), and deflate expands at most ~1032:1, so a
     * file too small for its header is damaged, not a map. */
    static const int channels[7] = {1, 0, 3, 1, 2, 0, 4}; /* by colour type */
    int depth = len > 25 ? buf[24] : 1, ctype = len > 25 ? buf[25] : 0;
    int bits = (ctype <= 6 && channels[ctype] ? channels[ctype] : 1) * (depth ? depth : 1);
    unsigned long long raw = (unsigned long long)uh * (1 + ((unsigned long long)uw * bits + 7) / 8);
    if (raw > 0x7fffffffull)
        return err_set(e,
                       "%s: %ux%u image at %d bits per pixel is too large to decode (save it "
                       "as 8-bit greyscale)",
                       name, uw, uh, bits);
    if (raw > (unsigned long long)len * 1032 + 4096)
        return err_set(e, "%s: truncated or damaged PNG (%zu bytes can't hold a %ux%u image)", name,
                       len, uw, uh);
    return 0;
}

/* A failed decode as our one-line message: stb_image puts the raw name of
 * an unknown chunk in its reason, so control characters are replaced. */
static int png_decode_failed(const char *name, Err *e)
{
    char why[64];
    const char *r = stbi_failure_reason();
    size_t k = 0;
    for (; r && r[k] && k + 1 < sizeof why; k++)
        why[k] = (unsigned char)r[k] < 0x20 || r[k] == 0x7f ? '?' : r[k];
    why[k] = '\0';
    if (k == 0) snprintf(why, sizeof why, "unreadable image data");
    return err_set(e, "%s: truncated or damaged PNG (stb_image: %s)", name, why);
}

int map_load_png_memory(Map *m, const unsigned char *buf, size_t len, const char *name, Err *e)
{
    assert(m && (buf || len == 0) && name);
    memset(m, 0, sizeof *m);
    /* The header's sizes first (cheap, and the most precise message), then
     * every checksum: a flipped bit must not load as a different map.
     * pngcheck also keeps each chunk inside the file, which stb_image
     * needs (found by fuzz_map_png: a 123-byte file declaring a 4 GB IDAT
     * made it realloc gigabytes). */
    if (png_check_header(buf, len, name, e) || pngcheck_verify(buf, len, name, e)) return -1;
    int w, h, comp;
    /* Grey + alpha: stb converts colour with its luma weights, which is the
     * colour rule documented in the README. */
    unsigned char *px = stbi_load_from_memory(buf, (int)len, &w, &h, &comp, 2);
    if (!px) return png_decode_failed(name, e);
    if (check_size(w, h, name, e)) {
        stbi_image_free(px);
        return -1;
    }
    m->land = malloc((size_t)w * (size_t)h);
    if (!m->land) {
        stbi_image_free(px);
        return err_set(e, "%s: out of memory for %dx%d pixels", name, w, h);
    }
    size_t n = (size_t)w * (size_t)h;
    for (size_t i = 0; i < n; i++) {
        /* Land is light and opaque; dark or transparent pixels are water. */
        m->land[i] = px[2 * i] >= 128 && px[2 * i + 1] >= 128;
    }
    stbi_image_free(px);
    m->w = w;
    m->h = h;
    map_meta_default(&m->meta, name);
    return 0;
}

void map_sidecar_path(const char *png_path, char *out, size_t cap)
{
    assert(png_path && out && cap > 0);
    /* The pair is named by the file, not by a link to it: a save through
     * link.png -> target.png writes target.png, so its settings go to
     * target.ini, where every later read of either name looks. */
    char target[AFILE_TMP_MAX];
    Err ignored;
    const char *png = afile_target(png_path, target, &ignored) == 0 ? target : png_path;
    const char *b = paths_base_name(png);
    const char *dot = strrchr(b, '.');
    size_t stem = dot ? (size_t)(dot - png) : strlen(png);
    snprintf(out, cap, "%.*s.ini", (int)stem, png);
}

int map_load(Map *m, const char *path, Err *e)
{
    assert(m && path);
    char *data;
    size_t len;
    memset(m, 0, sizeof *m);
    char side[PATHS_MAX];
    map_sidecar_path(path, side, sizeof side);
    /* A save that a kill or an error cut short is settled first, so the
     * pair read is the old one or the new one, never half of each. */
    const char *pair[2] = {path, side};
    if (afile_group_recover(pair, 2, e) < 0) return -1;
    if (afile_read(path, MAP_FILE_MAX_BYTES, &data, &len, e)) return -1;
    int rc = map_load_png_memory(m, (const unsigned char *)data, len, path, e);
    free(data);
    if (rc) return -1;
    map_meta_default(&m->meta, path);

    int there = afile_probe(side, e);
    if (there < 0) {
        map_free(m);
        return -1;
    }
    if (there == 0) return 0; /* no sidecar: defaults */
    if (afile_read(side, MAP_SIDECAR_MAX_BYTES, &data, &len, e)) {
        map_free(m);
        return -1;
    }
    rc = map_meta_parse(&m->meta, data, len, side, m->w, m->h, e);
    free(data);
    if (rc) map_free(m);
    return rc;
}

/* "q,r q,r ..." into a fleet's spawn list, each hex centre on the map. */
static int parse_spawns(MapMeta *meta, int fleet, const char *v, const char *name, int line,
                        int map_w, int map_h, Err *e)
{
    meta->spawn_count[fleet] = 0;
    const char *p = v;
    while (*p) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        long q, r;
        char *end;
        q = strtol(p, &end, 10);
        if (end == p || *end != ',')
            return err_set(e, "%s:%d: fleet%d: expected hexes as 'q,r q,r ...'", name, line,
                           fleet + 1);
        p = end + 1;
        r = strtol(p, &end, 10);
        if (end == p || (*end && *end != ' ' && *end != '\t'))
            return err_set(e, "%s:%d: fleet%d: expected hexes as 'q,r q,r ...'", name, line,
                           fleet + 1);
        p = end;
        if (meta->spawn_count[fleet] >= MAP_MAX_SPAWNS)
            return err_set(e, "%s:%d: fleet%d: more than %d spawn hexes", name, line, fleet + 1,
                           MAP_MAX_SPAWNS);
        if (q < -100000 || q > 100000 || r < -100000 || r > 100000)
            return err_set(e, "%s:%d: fleet%d: hex %ld,%ld is out of range", name, line, fleet + 1,
                           q, r);
        Hex hx = hex_make((int)q, (int)r);
        float x, y;
        hex_to_pixel(hx, (float)meta->hex_size, &x, &y);
        if (x < 0 || y < 0 || x >= (float)map_w || y >= (float)map_h)
            return err_set(e, "%s:%d: fleet%d: hex %ld,%ld lies outside the %dx%d map", name, line,
                           fleet + 1, q, r, map_w, map_h);
        meta->spawns[fleet][meta->spawn_count[fleet]++] = hx;
    }
    return 0;
}

int map_meta_parse(MapMeta *meta, const char *text, size_t len, const char *name, int map_w,
                   int map_h, Err *e)
{
    KvReader r;
    if (kv_open(&r, text, len, name, e)) return -1;
    r.flat = r.unique = true;
    const char *k, *v;
    int rc;
    /* Spawn lines depend on hex_size, which may come later in the file. */
    const char *fleet_text[2] = {NULL, NULL};
    char fleet_buf[2][KV_LINE_MAX];
    int fleet_line[2] = {0, 0};
    while ((rc = kv_next(&r, &k, &v, e)) == 1) {
        long n;
        if (!strcmp(k, "name")) {
            if (strlen(v) >= sizeof meta->name || *v == '\0')
                return err_set(e, "%s:%d: name must be 1 to %d characters", name, r.line,
                               (int)sizeof meta->name - 1);
            /* "name =#x" would be written back as "name = #x", a comment. */
            if (*v == '#' || *v == ';')
                return err_set(e, "%s:%d: name '%.40s' must not start with '#' or ';'", name,
                               r.line, v);
            /* It is shown in menus and printed by shoal-map info as it is. */
            if (!kv_utf8_valid(v))
                return err_set(e, "%s:%d: name is not valid UTF-8", name, r.line);
            strcpy(meta->name, v);
        } else if (!strcmp(k, "hex_size")) {
            if (kv_parse_int(v, MAP_HEX_SIZE_MIN, MAP_HEX_SIZE_MAX, &n))
                return err_set(e, "%s:%d: hex_size '%.40s' must be a whole number from %d to %d",
                               name, r.line, v, MAP_HEX_SIZE_MIN, MAP_HEX_SIZE_MAX);
            meta->hex_size = (int)n;
        } else if (!strcmp(k, "wind")) {
            int d = hex_dir_from_name(v);
            if (d < 0 && kv_parse_int(v, 0, HEX_DIRS - 1, &n) == 0) d = (int)n;
            if (d < 0)
                return err_set(e, "%s:%d: wind '%.40s' must be one of E NE NW W SW SE (or 0-5)",
                               name, r.line, v);
            meta->wind_dir = d;
        } else if (!strcmp(k, "wind_strength")) {
            if (kv_parse_int(v, 0, MAP_WIND_MAX, &n))
                return err_set(e,
                               "%s:%d: wind_strength '%.40s' must be a whole number from 0 to %d",
                               name, r.line, v, MAP_WIND_MAX);
            meta->wind_strength = (int)n;
        } else if (!strcmp(k, "fleet1") || !strcmp(k, "fleet2")) {
            int f = k[5] - '1';
            snprintf(fleet_buf[f], sizeof fleet_buf[f], "%s", v);
            fleet_text[f] = fleet_buf[f];
            fleet_line[f] = r.line;
        } else {
            return err_set(e,
                           "%s:%d: unknown key '%.40s' (known: name, hex_size, wind, "
                           "wind_strength, fleet1, fleet2)",
                           name, r.line, k);
        }
    }
    if (rc < 0) return -1;
    for (int f = 0; f < 2; f++)
        if (fleet_text[f] &&
            parse_spawns(meta, f, fleet_text[f], name, fleet_line[f], map_w, map_h, e))
            return -1;
    return 0;
}

int map_meta_format(const MapMeta *meta, char *buf, size_t cap)
{
    assert(meta && buf);
    size_t used = 0;
    int n = snprintf(buf, cap,
                     "# shoal map sidecar: game settings for the PNG of the same name\n"
                     "name = %s\n"
                     "# hex centre-to-corner, in map pixels (%d..%d)\n"
                     "hex_size = %d\n"
                     "# the wind blows from: E NE NW W SW SE; strength 0 calm .. %d gale\n"
                     "wind = %s\n"
                     "wind_strength = %d\n"
                     "# spawn hexes of each fleet, axial 'q,r' pairs (see README)\n",
                     meta->name, MAP_HEX_SIZE_MIN, MAP_HEX_SIZE_MAX, meta->hex_size, MAP_WIND_MAX,
                     hex_dir_names[((meta->wind_dir % HEX_DIRS) + HEX_DIRS) % HEX_DIRS],
                     meta->wind_strength);
    if (n < 0 || (size_t)n >= cap) return -1;
    used = (size_t)n;
    for (int f = 0; f < 2; f++) {
        n = snprintf(buf + used, cap - used, "fleet%d =", f + 1);
        if (n < 0 || (size_t)n >= cap - used) return -1;
        used += (size_t)n;
        for (int i = 0; i < meta->spawn_count[f]; i++) {
            n = snprintf(buf + used, cap - used, " %d,%d", meta->spawns[f][i].q,
                         meta->spawns[f][i].r);
            if (n < 0 || (size_t)n >= cap - used) return -1;
            used += (size_t)n;
        }
        if (used + 1 >= cap) return -1;
        buf[used++] = '\n';
        buf[used] = '\0';
    }
    return (int)used;
}

bool map_meta_equal(const MapMeta *a, const MapMeta *b)
{
    assert(a && b);
    if (strcmp(a->name, b->name) || a->hex_size != b->hex_size || a->wind_dir != b->wind_dir ||
        a->wind_strength != b->wind_strength)
        return false;
    for (int f = 0; f < 2; f++) {
        if (a->spawn_count[f] != b->spawn_count[f]) return false;
        for (int i = 0; i < a->spawn_count[f]; i++)
            if (!hex_equal(a->spawns[f][i], b->spawns[f][i])) return false;
    }
    return true;
}

bool map_hex_inside(Hex hx, int hex_size, int w, int h)
{
    float x, y;
    hex_to_pixel(hx, (float)hex_size, &x, &y);
    return x >= 0.0f && y >= 0.0f && x < (float)w && y < (float)h;
}

/* The checks in the order of the sidecar's fields; finally a format/parse
 * round trip proves the file would load back as the same meta. */
int map_meta_check(const MapMeta *m, int w, int h, Err *e)
{
    assert(m);
    const char *end = memchr(m->name, '\0', sizeof m->name);
    if (!end || end == m->name)
        return err_set(e, "name: must be 1 to %d characters", MAP_NAME_MAX - 1);
    for (const char *p = m->name; p < end; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            return err_set(e, "name: control characters are not allowed");
    if (!kv_utf8_valid(m->name)) return err_set(e, "name: not valid UTF-8");
    if (m->name[0] == ' ' || end[-1] == ' ')
        return err_set(e, "name '%s': no leading or trailing spaces", m->name);
    if (m->hex_size < MAP_HEX_SIZE_MIN || m->hex_size > MAP_HEX_SIZE_MAX)
        return err_set(e, "hex_size %d: must be %d to %d", m->hex_size, MAP_HEX_SIZE_MIN,
                       MAP_HEX_SIZE_MAX);
    if (m->wind_dir < 0 || m->wind_dir >= HEX_DIRS)
        return err_set(e, "wind %d: direction must be 0 to %d", m->wind_dir, HEX_DIRS - 1);
    if (m->wind_strength < 0 || m->wind_strength > MAP_WIND_MAX)
        return err_set(e, "wind_strength %d: must be 0 to %d", m->wind_strength, MAP_WIND_MAX);
    for (int f = 0; f < 2; f++) {
        if (m->spawn_count[f] < 0 || m->spawn_count[f] > MAP_MAX_SPAWNS)
            return err_set(e, "fleet%d: %d spawn hexes; at most %d", f + 1, m->spawn_count[f],
                           MAP_MAX_SPAWNS);
        for (int i = 0; i < m->spawn_count[f]; i++) {
            Hex s = m->spawns[f][i];
            if (!map_hex_inside(s, m->hex_size, w, h))
                return err_set(e,
                               "fleet%d: spawn hex %d,%d lies outside the %dx%d map at hex_size %d",
                               f + 1, s.q, s.r, w, h, m->hex_size);
        }
    }
    char text[4096];
    int len = map_meta_format(m, text, sizeof text);
    if (len < 0) return err_set(e, "sidecar: settings too long to write");
    MapMeta back;
    map_meta_default(&back, NULL);
    if (map_meta_parse(&back, text, (size_t)len, "sidecar", w, h, e)) return -1;
    if (!map_meta_equal(&back, m))
        return err_set(e, "name '%s': would not read back the same from the sidecar", m->name);
    return 0;
}

int map_save(const Map *m, const char *path, Err *e)
{
    assert(m && m->land && path);
    size_t n = (size_t)m->w * (size_t)m->h;
    unsigned char *rgb = malloc(n * 3);
    if (!rgb) return err_set(e, "%s: out of memory encoding the map", path);
    for (size_t i = 0; i < n; i++) memcpy(rgb + 3 * i, m->land[i] ? LAND_RGB : WATER_RGB, 3);
    unsigned char *png;
    size_t png_len;
    int bad = pngenc_rgb(rgb, m->w, m->h, m->w * 3, &png, &png_len);
    free(rgb);
    if (bad) return err_set(e, "%s: out of memory encoding the PNG", path);
    char side[PATHS_MAX], text[4096];
    map_sidecar_path(path, side, sizeof side);
    int tl = map_meta_format(&m->meta, text, sizeof text);
    int rc = tl < 0 ? err_set(e, "%s: sidecar too large", side) : 0;
    /* Both files are replaced together or not at all (afile groups): a
     * new mask beside old settings could put spawns on land. */
    AfileGroup *g = rc == 0 ? malloc(sizeof *g) : NULL;
    if (rc == 0 && !g) rc = err_set(e, "%s: out of memory saving the map", path);
    if (rc == 0) rc = afile_group_begin(g, e);
    if (rc == 0) rc = afile_group_add(g, path, png, png_len, e);
    if (rc == 0) rc = afile_group_add(g, side, text, (size_t)tl, e);
    if (rc == 0)
        rc = afile_group_commit(g, e);
    else if (g)
        afile_group_abort(g);
    free(g);
    free(png);
    return rc;
}

/* Connected components of cells equal to `value`, 8- or 4-connected. Returns
 * the count and the largest component's size. */
static int components(const Map *m, int value, int eight, size_t *largest)
{
    size_t n = (size_t)m->w * (size_t)m->h;
    unsigned char *seen = calloc(n, 1);
    size_t *queue = malloc(n * sizeof *queue);
    int count = 0;
    *largest = 0;
    if (!seen || !queue) {
        free(seen);
        free(queue);
        return -1;
    }
    static const int dx[8] = {1, -1, 0, 0, 1, 1, -1, -1}, dy[8] = {0, 0, 1, -1, 1, -1, 1, -1};
    int dirs = eight ? 8 : 4;
    for (size_t s = 0; s < n; s++) {
        if (seen[s] || m->land[s] != value) continue;
        size_t head = 0, tail = 0;
        queue[tail++] = s;
        seen[s] = 1;
        while (head < tail) {
            size_t c = queue[head++];
            int x = (int)(c % (size_t)m->w), y = (int)(c / (size_t)m->w);
            for (int d = 0; d < dirs; d++) {
                int nx = x + dx[d], ny = y + dy[d];
                if (nx < 0 || ny < 0 || nx >= m->w || ny >= m->h) continue;
                size_t ni = (size_t)ny * (size_t)m->w + (size_t)nx;
                if (seen[ni] || m->land[ni] != value) continue;
                seen[ni] = 1;
                queue[tail++] = ni;
            }
        }
        count++;
        if (tail > *largest) *largest = tail;
    }
    free(seen);
    free(queue);
    return count;
}

void map_stats(const Map *m, MapStats *st)
{
    assert(m && m->land && st);
    size_t n = (size_t)m->w * (size_t)m->h, water = 0, largest_land, largest_water;
    for (size_t i = 0; i < n; i++) water += !m->land[i];
    st->water_fraction = n ? (double)water / (double)n : 0.0;
    st->islands = components(m, 1, 1, &largest_land);
    st->water_bodies = components(m, 0, 0, &largest_water);
    st->largest_water = water ? (double)largest_water / (double)water : 0.0;
}

/* A multiply-xorshift step per 8 bytes: fast over 64 MiB of 0s and 1s,
 * and every byte moves every bit of the digest. */
static uint64_t digest_mix(uint64_t h, uint64_t v)
{
    h = (h ^ v) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
}

uint64_t map_digest(const Map *m)
{
    assert(m);
    uint64_t h = digest_mix(0x243F6A8885A308D3ull, (uint64_t)(uint32_t)m->w << 32 | (uint32_t)m->h);
    for (size_t i = 0; i < sizeof m->meta.name && m->meta.name[i]; i++)
        h = digest_mix(h, (uint8_t)m->meta.name[i]);
    size_t n = m->land ? (size_t)m->w * (size_t)m->h : 0, i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t v;
        memcpy(&v, m->land + i, 8);
        h = digest_mix(h, v);
    }
    for (; i < n; i++) h = digest_mix(h, m->land[i] | (uint64_t)i << 8);
    return h;
}
