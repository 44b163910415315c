/* fuzz_settings: the game's settings.ini parser (settings_parse) on
 * arbitrary text. Accepted, every value is within its documented range and
 * settings_format + settings_parse gives the same settings back; refused,
 * the settings are the defaults again (never half applied) and the message
 * is one line naming the file and a line that exists. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "core/skirmish.h"
#include "fuzz_util.h"
#include "game/settings.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NAME "fuzz.ini"

/* What the settings held before the file: the first input byte picks the
 * defaults or a state far from them, so a file that is refused after it
 * changed a few values shows up as anything but the defaults. */
static void start_state(Settings *s, int far)
{
    settings_default(s);
    if (!far) return;
    s->sea_life = 0;
    s->fish = SETTINGS_FISH_MAX;
    s->sharks = 0;
    s->anim_speed = SETTINGS_SPEED_MAX;
    s->show_grid = 0;
    s->fleet[0] = 1;
    s->fleet[1] = SKIRMISH_SIDE_SHIPS;
    s->opponent = SETTINGS_WATCH;
    s->turn_limit = SKIRMISH_MAX_TURNS;
    s->map[0] = '\0';
    s->map_seed = 4294967295u;
}

/* A shipped map's file name ("" for a generated sea): NAME.png, no
 * folder, not hidden, and not starting like a comment. */
static int map_name_ok(const char *m)
{
    size_t n = strnlen(m, SETTINGS_MAP_MAX);
    if (n == 0) return 1;
    if (n >= SETTINGS_MAP_MAX || n < 5 || strcmp(m + n - 4, ".png") != 0) return 0;
    if (m[0] == '.' || m[0] == '#' || m[0] == ';') return 0;
    return !strchr(m, '/') && !strchr(m, '\\');
}

static void check_ranges(const Settings *s)
{
    FUZZ_CHECK(s->sea_life == 0 || s->sea_life == 1, "sea_life %d", s->sea_life);
    FUZZ_CHECK(s->show_grid == 0 || s->show_grid == 1, "show_grid %d", s->show_grid);
    FUZZ_CHECK(s->fish >= 0 && s->fish <= SETTINGS_FISH_MAX, "fish %d", s->fish);
    FUZZ_CHECK(s->sharks >= 0 && s->sharks <= SETTINGS_SHARKS_MAX, "sharks %d", s->sharks);
    FUZZ_CHECK(isfinite(s->anim_speed) && s->anim_speed >= SETTINGS_SPEED_MIN &&
                   s->anim_speed <= SETTINGS_SPEED_MAX,
               "anim_speed %g", (double)s->anim_speed);
    for (int f = 0; f < 2; f++)
        FUZZ_CHECK(s->fleet[f] >= 1 && s->fleet[f] <= SKIRMISH_SIDE_SHIPS, "fleet %d", s->fleet[f]);
    FUZZ_CHECK(s->opponent >= 0 && s->opponent < SETTINGS_OPPONENTS, "opponent %d", s->opponent);
    FUZZ_CHECK(s->turn_limit >= 1 && s->turn_limit <= SKIRMISH_MAX_TURNS, "turn_limit %d",
               s->turn_limit);
    FUZZ_CHECK(map_name_ok(s->map), "map '%s'", s->map);
}

/* The file keeps anim_speed to two decimals (settings_format's "%.2f"),
 * so only that field may move, and by at most half a hundredth. */
static int same_settings(const Settings *a, const Settings *b)
{
    return a->sea_life == b->sea_life && a->show_grid == b->show_grid && a->fish == b->fish &&
           a->sharks == b->sharks && fabsf(a->anim_speed - b->anim_speed) <= 0.00501f &&
           a->fleet[0] == b->fleet[0] && a->fleet[1] == b->fleet[1] && a->opponent == b->opponent &&
           a->turn_limit == b->turn_limit && strcmp(a->map, b->map) == 0 &&
           a->map_seed == b->map_seed;
}

/* "fuzz.ini:N: ..." must name a line of the input (1 past the last when
 * the text does not end in a newline is still a line). */
static void check_line_number(const Err *e, const char *text, size_t len)
{
    const char *p = e->msg + strlen(NAME ":");
    if (*p < '0' || *p > '9') return;
    long line = strtol(p, NULL, 10);
    long lines = 1;
    for (size_t i = 0; i < len; i++) lines += text[i] == '\n';
    FUZZ_CHECK(line >= 1 && line <= lines, "'%s' names line %ld of %ld", e->msg, line, lines);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    Settings s, defaults;
    settings_default(&defaults);
    start_state(&s, data[0] & 1);
    Err e;
    e.msg[0] = '\0';
    if (settings_parse(&s, text, len, NAME, &e) != 0) {
        fuzz_check_err(&e, NAME ":");
        check_line_number(&e, text, len);
        FUZZ_CHECK(memcmp(&s, &defaults, sizeof s) == 0, "refused settings are not the defaults");
        return 0;
    }
    check_ranges(&s);

    /* What was accepted is written back and reads back the same, and the
     * written text is a fixed point. */
    char buf[SETTINGS_MAX_BYTES], again_buf[SETTINGS_MAX_BYTES];
    int n = settings_format(&s, buf, sizeof buf);
    FUZZ_CHECK(n > 0, "accepted settings do not format");
    Settings again;
    settings_default(&again);
    FUZZ_CHECK(settings_parse(&again, buf, (size_t)n, "again.ini", &e) == 0,
               "formatted settings refused: %s\n%s", e.msg, buf);
    FUZZ_CHECK(same_settings(&s, &again), "round trip changed the settings:\n%s", buf);
    int m = settings_format(&again, again_buf, sizeof again_buf);
    FUZZ_CHECK(m == n && memcmp(buf, again_buf, (size_t)n) == 0,
               "the written settings are not a fixed point:\n%s\n---\n%s", buf, again_buf);
    return 0;
}
