/* autoplay: `shoal --autoplay --ai-vs-ai --seed N [--map FILE] [--turns T]
 * [--ships A[,B]] [--players P,Q] [--scenario NAME] [--json]` — a whole skirmish played by
 * the computer without a window, and its outcome printed; with --host or
 * --join HOST[:PORT], the two sides in two processes over the network. */
#ifndef SHOAL_AUTOPLAY_H
#define SHOAL_AUTOPLAY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/err.h"
#include "core/skirmish.h"

typedef struct AutoplayOptions {
    uint64_t seed;               /* --seed: the dice and, without --map, the sea (default 1) */
    const char *map_path;        /* --map, or NULL for the sea generated from the seed */
    int turns;                   /* --turns: the turn limit (default 60) */
    int ships[SKIRMISH_SIDES];   /* --ships: per side (default 3 and 3) */
    int players[SKIRMISH_SIDES]; /* AI_PLAYER_* (default both normal) */
    int json;                    /* --json: one JSON object instead of a table */
    const char *scenario;        /* --scenario NAME of data/scenarios, or NULL */
    bool seed_set;               /* --seed was given (a scenario's own seed gives way) */
    /* Network play (net_play.h): --host plays side A here and waits for a
     * joiner; --join HOST[:PORT] plays side B of the host's battle;
     * --watch HOST[:PORT] watches it. */
    int net;          /* AUTOPLAY_LOCAL, AUTOPLAY_HOST, AUTOPLAY_JOIN or AUTOPLAY_WATCH */
    char join[256];   /* --join's or --watch's host */
    int port;         /* --port, or --join's :PORT (default NET_PORT_DEFAULT) */
    int wait_s;       /* --wait: how long to wait for the peer (default 60) */
    const char *pass; /* --pass: the passphrase ("" none) */
    const char *say;  /* --say: a line to the other commander ("" none) */
} AutoplayOptions;

enum { AUTOPLAY_LOCAL = 0, AUTOPLAY_HOST = 1, AUTOPLAY_JOIN = 2, AUTOPLAY_WATCH = 3 };

/* True when argv asks for autoplay (holds "--autoplay"): main hands the
 * whole command line over to autoplay_main then. */
int autoplay_wanted(int argc, char **argv);

/* Parse argv (argv[0] is the program). Returns 0, 1 for --help (usage
 * printed to stdout), or -1 with one line in e naming the bad flag. */
int autoplay_parse(int argc, char **argv, AutoplayOptions *o, Err *e);

/* Play the battle o describes and write the outcome to out: with o->json
 * one line of JSON (skirmish_outcome_json), else a short table. Returns 0,
 * -1 when the input is bad (a map that won't load or has too little sea;
 * exit 2) or -2 on a runtime failure (exit 1); e says why. */
int autoplay_run(const AutoplayOptions *o, FILE *out, Err *e);

/* The whole command: parse, run, print any error as one line on stderr.
 * Returns the process exit code (0, 1 or 2). */
int autoplay_main(int argc, char **argv);

#endif
