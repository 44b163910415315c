/* options: shoal's command line into GameOptions. GameOptions lives here,
 * not in app.h, so that game.h and headless.h can read it without
 * including app (which includes them): the arrows point app -> game ->
 * options, never back. */
#ifndef SHOAL_OPTIONS_H
#define SHOAL_OPTIONS_H

#include <stdint.h>

struct Battle;

#define OPTIONS_DEFAULT_W      1280
#define OPTIONS_DEFAULT_H      720
#define OPTIONS_DEFAULT_FRAMES 3
/* Frames per half of --compare-sea-life unless --frames says. */
#define OPTIONS_COMPARE_FRAMES 120
/* --bench-batch: fish baked and runs timed unless --fish, --frames say. */
#define OPTIONS_BATCH_FISH     100000
#define OPTIONS_BATCH_RUNS     200
#define OPTIONS_DEFAULT_FISH   2000
#define OPTIONS_DEFAULT_SHARKS 3
/* --wind DIR without a strength: a moderate breeze. */
#define OPTIONS_DEFAULT_WIND 3

/* Which overlays show at start (--ui). */
typedef enum UiShow {
    UI_SHOW_NONE,   /* only the world: map, fish, sharks */
    UI_SHOW_STATUS, /* plus the status line (the default) */
    UI_SHOW_ALL,    /* plus the performance overlay and the controls panel */
} UiShow;

/* What the command line asked for (options_parse fills it). */
typedef struct GameOptions {
    const char *map_path; /* --map, or NULL */
    int has_seed;         /* --seed given */
    uint32_t seed;
    const char *screenshot; /* --screenshot OUT.png, or NULL: interactive */
    int compare;            /* --compare-sea-life */
    int bench_batch;        /* --bench-batch */
    int frames;             /* frames rendered before the screenshot / per half */
    int width, height;      /* window / screenshot size in pixels */
    int fish, sharks;       /* --fish, --sharks */
    int sea_on;             /* --sea-life on|off */
    int threads;            /* --threads; 0: SHOAL_THREADS or the core count */
    double zoom;            /* --zoom; 0: the whole map */
    int has_center;         /* --center X,Y given */
    double center_x, center_y;
    UiShow ui;
    int fish_given, sharks_given, sea_given; /* these flags beat settings.ini */
    int size_given;                          /* --size beats settings.ini's window_size */
    int menu;                                /* --menu: open on the main menu (also headless) */
    int mute;                                /* --mute: start with the sound off */
    const char *sound_log;                   /* --sound-log FILE, or NULL */
    int skirmish;                            /* --skirmish: straight into a battle */
    int tutorial;                            /* --tutorial: straight into the guided battle */
    const char *scenario;                    /* --scenario NAME: straight into it, or NULL */
    int opponent;                            /* --opponent: BATTLE_VS_AI / _HOTSEAT / _WATCH */
    int ships[2];                            /* --ships A[,B] */
    int turns;                               /* --turns: the battle's turn limit */
    int advance;                             /* --advance K: the computer plays K turns first */
    /* --classes LIST[/LIST]: each side's ship classes (FLEET_*), n of them. */
    int classes_set;
    int class_count[2];
    int classes[2][8];
    /* --wind DIR[,STRENGTH]: the wind the battle opens with. */
    int wind_set, wind_dir, wind_strength;
    int ai_level;          /* --ai easy|normal|hard: SKIRMISH_AI_* of side B */
    struct Battle *battle; /* the battle --skirmish starts in (main makes it,
                              the game owns it from app_run on) */
    /* Network play in the window (game_net.c): --host this battle (the
     * --skirmish or --scenario one) on --port (0: settings.ini's), or
     * --join / --watch the one at net_join:net_join_port; --pass. */
    int net_host;
    int net_port;
    char net_join[256];
    int net_join_port;
    int net_watch;
    char net_pass[201];
} GameOptions;

/* Fill o from argv. Returns -1 to go on, else the exit code: 0 after
 * --help or --version (printed to stdout), 2 after one line on stderr
 * naming a bad flag. */
int options_parse(int argc, char **argv, GameOptions *o);

#endif
