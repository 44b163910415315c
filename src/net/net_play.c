/* net_play: a headless battle in lockstep between two processes
 * (net_play.h), driven through a net_session polled in a loop. */
#include "net_play.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "core/afile.h"
#include "core/ai.h"
#include "net_msg.h"
#include "net_session.h"

/* How long one poll may sleep waiting for the peer (ms). */
#define SLICE_MS 20

typedef struct Play {
    NetSession *s;
    const NetPlayOptions *o;
    int side;
    /* Tests' hooks: SHOAL_NET_TEST_DESYNC=T changes the joiner's battle at
     * turn T, once, to see the desync found and repaired;
     * SHOAL_NET_TEST_STALL=T stops this process (SIGSTOP) as turn T is
     * plotted, a peer fallen silent at a known moment, to see the other
     * side give up or to kill it mid-battle. */
    int spoil_turn, stall_turn;
} Play;

/* A test hook's turn from the environment (0: off). */
static int test_hook(const char *name)
{
    const char *v = getenv(name);
    return v ? atoi(v) : 0;
}

static void tell_log(void *ctx, const char *line)
{
    fprintf(ctx, "shoal: %s\n", line);
}

/* The session's next event that asks something of us: a chat line is
 * printed, a joiner away is already told and waited for. */
static int next_event(Play *p, Skirmish *sk, Err *e)
{
    for (;;) {
        int ev = net_session_poll(p->s, sk, SLICE_MS, e);
        const char *from = "";
        if (ev == NET_SE_CHAT) {
            const char *said = net_session_chat(p->s, &from);
            fprintf(p->o->log, "shoal: %s says: %s\n", from, said);
        } else if (ev != NET_SE_NONE && ev != NET_SE_AWAY)
            return ev;
    }
}

/* ai_autoplay_battle's planner: our orders out, the peer's in, both
 * submitted. */
static int net_plan(Skirmish *sk, void *ctx, Err *e)
{
    Play *p = ctx;
    if (sk->turn == p->stall_turn) raise(SIGSTOP);
    if (p->side == 1 && sk->turn == p->spoil_turn) {
        /* The test hook: a crew lost on one side only. */
        p->spoil_turn = 0;
        for (int i = 0; i < sk->nships; i++)
            if (fleet_ship_active(&sk->ships[i]) && sk->ships[i].crew > 1) {
                sk->ships[i].crew--;
                break;
            }
    }
    bool watching = p->side == SKIRMISH_SIDES;
    for (bool plot = !watching;;) {
        if (plot && (ai_plan_player(sk, p->side, p->o->player, e) != 0 ||
                     net_session_send_turn(p->s, sk, e) != 0))
            return NET_FAILED;
        int ev = next_event(p, sk, e);
        if (ev == NET_SE_FAILED) return net_session_code(p->s);
        if (ev == NET_SE_TURN) break;
        /* The host's battle replaced ours: plot again on it as it stands. */
        plot = ev == NET_SE_STATE;
    }
    for (int side = 0; side < SKIRMISH_SIDES; side++)
        if (skirmish_submit(sk, side, e) != 0) return NET_FAILED;
    return 0;
}

/* The battle to its end, then both ends' last hashes compared. */
static int play(Play *p, Skirmish *sk, SkirmishOutcome *out, Err *e)
{
    if (p->o->say && p->o->say[0] && net_session_say(p->s, p->o->say, e) != 0) return NET_FAILED;
    /* A watcher's census counts the turns it saw, as a rejoiner's does. */
    int rc = ai_autoplay_battle(sk, net_plan, p, out, e);
    /* ai_autoplay_battle passes the planner's code through. */
    if (rc != 0) return rc == NET_BAD_PEER ? NET_BAD_PEER : NET_FAILED;
    if (net_session_send_final(p->s, sk, e) != 0) return NET_FAILED;
    int ev = next_event(p, sk, e);
    return ev == NET_SE_OVER ? 0 : net_session_code(p->s);
}

static NetSessionOptions session_options(const NetPlayOptions *o, const char *host, bool watch)
{
    return (NetSessionOptions){.host = host == NULL,
                               .watch = watch,
                               .address = host,
                               .port = o->port,
                               .wait_s = o->wait_s,
                               .silence_s = o->wait_s,
                               .pass = o->pass,
                               .tell = tell_log,
                               .tell_ctx = o->log};
}

int net_play_host(const Map *map, const SkirmishSetup *setup, const NetPlayOptions *o,
                  SkirmishOutcome *out, Err *e)
{
    /* A map no joiner would take: said now, not when one comes. */
    if (net_map_fits(map->w, map->h, setup->map_path ? setup->map_path : "the map", e) != 0)
        return NET_BAD_PEER;
    Skirmish *sk = malloc(sizeof *sk);
    if (!sk) return err_set(e, "network: out of memory"), NET_FAILED;
    if (skirmish_init(sk, map, setup, e) != 0) {
        free(sk);
        return NET_BAD_PEER;
    }
    NetSessionOptions so = session_options(o, NULL, false);
    Play p = {.s = net_session_open(&so, e),
              .o = o,
              .side = 0,
              .stall_turn = test_hook("SHOAL_NET_TEST_STALL")};
    int rc = p.s ? 0 : NET_FAILED;
    if (rc == 0 && next_event(&p, sk, e) != NET_SE_JOINED) rc = net_session_code(p.s);
    if (rc == 0) rc = play(&p, sk, out, e);
    net_session_close(p.s, rc == 0 ? NULL : e->msg);
    skirmish_deinit(sk);
    free(sk);
    return rc;
}

int net_play_map_file_fits(const char *path, Err *e)
{
    char *png = NULL;
    size_t len = 0;
    if (afile_read(path, NET_MAP_MAX_BYTES, &png, &len, e) != 0) return -1;
    int rc = net_map_check((const uint8_t *)png, len, path, e);
    free(png);
    return rc;
}

int net_play_join(const char *host, bool watch, const NetPlayOptions *o, SkirmishOutcome *out,
                  Err *e)
{
    NetSessionOptions so = session_options(o, host, watch);
    Play p = {.s = net_session_open(&so, e),
              .o = o,
              .side = watch ? SKIRMISH_SIDES : 1,
              .spoil_turn = test_hook("SHOAL_NET_TEST_DESYNC"),
              .stall_turn = test_hook("SHOAL_NET_TEST_STALL")};
    if (!p.s) return NET_FAILED;
    Skirmish *sk = malloc(sizeof *sk);
    Map map;
    memset(&map, 0, sizeof map);
    int rc = sk ? 0 : (err_set(e, "network: out of memory"), NET_FAILED);
    if (rc == 0 && next_event(&p, NULL, e) != NET_SE_BATTLE) rc = net_session_code(p.s);
    bool made = false;
    if (rc == 0) rc = net_session_take_battle(p.s, &map, sk, e);
    if (rc == 0) {
        made = true;
        if (watch)
            fprintf(o->log, "shoal: watching %s's battle at turn %d\n", net_session_peer(p.s),
                    sk->turn);
        else
            fprintf(o->log, "shoal: joined %s as side B at turn %d\n", net_session_peer(p.s),
                    sk->turn);
        rc = play(&p, sk, out, e);
    }
    net_session_close(p.s, rc == 0 ? NULL : e->msg);
    if (made) skirmish_deinit(sk);
    free(sk);
    map_free(&map);
    return rc;
}
