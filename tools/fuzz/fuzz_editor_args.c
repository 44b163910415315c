/* fuzz_editor_args: shoal-editor's command line (parse_args, private to
 * tools/editor/main.c, which is compiled in here with its main renamed)
 * on arbitrary argv arrays, the input split on NUL bytes. Accepted, every
 * value is within the range --help documents; refused, one clean line on
 * stderr and exit code 2. Nothing opens a window: only the parser runs. */
#include <SDL.h>
#include <stddef.h>
#include <stdint.h>

#include "fuzz_argv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* The editor's main, renamed so libFuzzer's main is the one that runs;
 * SDL.h comes first so the rename touches only main.c. */
int shoal_editor_main(int argc, char **argv);
#define main shoal_editor_main
#include "../editor/main.c"
#undef main

#define OVL_ALL (OVL_HEAT | OVL_GRID | OVL_SAIL | OVL_SEA)

static void check_value(const FuzzArgv *a, const char *p, const char *what)
{
    if (!p) return;
    FUZZ_CHECK(fuzz_argv_owns(a, p), "%s does not point into argv", what);
    FUZZ_CHECK(p[0] != '\0', "%s is empty", what);
}

static void check_accepted(const FuzzArgv *a, const EdOptions *o)
{
    check_value(a, o->map_path, "MAP.png");
    check_value(a, o->screenshot, "--screenshot");
    check_value(a, o->script, "--script");
    int starts = (o->map_path != NULL) + (o->new_w > 0) + (o->has_seed != 0);
    FUZZ_CHECK(starts <= 1, "%d starting maps", starts);
    FUZZ_CHECK(o->has_seed == 0 || o->has_seed == 1, "has_seed %d", o->has_seed);
    if (o->new_w > 0 || o->new_h > 0)
        FUZZ_CHECK(o->new_w >= MAP_MIN_SIDE && o->new_w <= MAP_MAX_SIDE &&
                       o->new_h >= MAP_MIN_SIDE && o->new_h <= MAP_MAX_SIDE,
                   "--new %dx%d", o->new_w, o->new_h);
    FUZZ_CHECK(o->width >= 64 && o->width <= 8192 && o->height >= 64 && o->height <= 8192,
               "--size %dx%d", o->width, o->height);
    FUZZ_CHECK(o->autosave_s >= 0 && o->autosave_s <= 86400, "--autosave %d", o->autosave_s);
    FUZZ_CHECK(o->frames >= 1 && o->frames <= FRAMES_MAX, "--frames %d", o->frames);
    /* --frames only with --screenshot: else it is the default. */
    if (!o->screenshot) FUZZ_CHECK(o->frames == FRAMES_DEFAULT, "--frames without --screenshot");
    FUZZ_CHECK((o->overlays & ~(unsigned)OVL_ALL) == 0, "--overlays %#x", o->overlays);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzArgv a;
    fuzz_argv_make(&a, data, size, "shoal-editor");
    EdOptions o;
    FuzzCapture c;
    fuzz_capture_begin(&c);
    int rc = parse_args(a.argc, a.argv, &o);
    fuzz_capture_end(&c);
    if (rc == -1) {
        FUZZ_CHECK(c.out_len == 0 && c.err_len == 0, "accepted, yet printed '%s%s'", c.out_text,
                   c.err_text);
        check_accepted(&a, &o);
    } else if (rc == 0) {
        FUZZ_CHECK(fuzz_argv_has(&a, "--help") || fuzz_argv_has(&a, "-h") ||
                       fuzz_argv_has(&a, "--version"),
                   "exit 0 without --help or --version");
        FUZZ_CHECK(c.err_len == 0, "help printed on stderr: '%s'", c.err_text);
        FUZZ_CHECK(c.out_len > 0 && c.out_text[c.out_len - 1] == '\n', "no help text on stdout");
    } else {
        FUZZ_CHECK(rc == 2, "parse_args returned %d", rc);
        fuzz_check_one_line(&c, "shoal-editor: ");
    }
    fuzz_capture_free(&c);
    fuzz_argv_free(&a);
    return 0;
}
