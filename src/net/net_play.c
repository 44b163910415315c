/* net_play: a headless battle in lockstep between two processes (net_play.h). */
#include "net_play.h"

#include <stdarg.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/ai.h"
#include "core/mapgen.h"
#include "core/paths.h"
#include "core/save.h"
#include "net.h"

typedef struct Play {
    NetLink *link;
    const NetPlayOptions *o;
    const Map *map;
    bool host;
    int side; /* ours */
    int sync; /* desyncs repaired so far: messages of an older one are stale */
    /* Tests' hooks: SHOAL_NET_TEST_DESYNC=T changes the joiner's battle at
     * turn T, once, to see the desync found and repaired;
     * SHOAL_NET_TEST_STALL=T stops this process (SIGSTOP) as turn T is
     * plotted, a peer fallen silent at a known moment, to see the other
     * side give up or to kill it mid-battle. */
    int spoil_turn, stall_turn;
    /* Our battle's hash as this turn is plotted (net_battle_hash). */
    uint64_t ours;
    /* The peer's message for this turn, once in. */
    bool have_hash, have_orders;
    uint64_t peer_hash;
    NetMsg peer_orders;
    NetMsg in; /* the message last received */
} Play;

static int rejoin(Play *p, Skirmish *sk, Err *e);

/* -1 bad input from the peer, -2 the network: what the callers return. */
enum { BAD_PEER = -1, NET_FAILED = -2 };

/* Say what went wrong into e and return code (BAD_PEER or NET_FAILED). */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int
failed(int code, Err *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err_vset(e, fmt, ap);
    va_end(ap);
    return code;
}

/* A test hook's turn from the environment (0: off). */
static int test_hook(const char *name)
{
    const char *v = getenv(name);
    return v ? atoi(v) : 0;
}

static int wait_ms(const Play *p)
{
    return p->o->wait_s * 1000;
}

/* The peer's next message into p->in: 0, or the code to return with e
 * set: a silent or dropped peer NET_FAILED, a bad packet BAD_PEER. */
static int receive(Play *p, Err *e)
{
    int got = net_recv(p->link, &p->in, wait_ms(p), e);
    if (got == 0)
        return failed(NET_FAILED, e, "peer %s: no word for %d s", net_peer_name(p->link),
                      p->o->wait_s);
    return got > 0 ? 0 : got == NET_RECV_BAD ? BAD_PEER : NET_FAILED;
}

/* "peer ADDRESS's battle": how the peer's save text is named in messages. */
static void battle_name(const NetLink *l, char *buf, size_t cap)
{
    snprintf(buf, cap, "peer %s's battle", net_peer_name(l));
}

/* The battle as save text to the peer: a WELCOME (the joiner's side and
 * the sync count) or a STATE (after a desync). */
static int send_battle(Play *p, int kind, const Skirmish *sk, Err *e)
{
    char *text = malloc(SAVE_MAX_BYTES);
    if (!text) return failed(NET_FAILED, e, "network: out of memory");
    int n = save_format(sk, text, SAVE_MAX_BYTES, e);
    NetMsg m = {.kind = kind,
                .version = kind == NET_WELCOME ? NET_PROTO_VERSION : 0,
                .side = kind == NET_WELCOME ? 1 : 0,
                .turn = kind == NET_STATE ? sk->turn : 0,
                .sync = p->sync,
                .blob = text,
                .blob_len = n > 0 ? (size_t)n : 0};
    int rc = n > 0 && net_send(p->link, &m, e) == 0 ? 0 : NET_FAILED;
    free(text);
    return rc;
}

/* Send the battle's hash and our side's orders for this turn. */
static int send_turn(Play *p, const Skirmish *sk, Err *e)
{
    NetMsg h = {.kind = NET_HASH, .turn = sk->turn, .sync = p->sync, .hash = p->ours};
    NetMsg *m = calloc(1, sizeof *m);
    if (!m) return failed(NET_FAILED, e, "network: out of memory");
    m->kind = NET_ORDERS;
    m->turn = sk->turn;
    m->sync = p->sync;
    m->side = p->side;
    for (int i = 0; i < sk->nships && m->nships < SKIRMISH_SIDE_SHIPS; i++)
        if (sk->ships[i].side == p->side && fleet_ship_manned(&sk->ships[i])) {
            m->ships[m->nships] = i;
            m->orders[m->nships++] = sk->orders[i];
        }
    int rc = net_send(p->link, &h, e) == 0 && net_send(p->link, m, e) == 0 ? 0 : NET_FAILED;
    free(m);
    return rc;
}

/* The host's battle, as the joiner replaces its own with it. */
static int take_state(Play *p, Skirmish *sk, const NetMsg *m, Err *e)
{
    Skirmish *fresh = malloc(sizeof *fresh);
    if (!fresh) return failed(NET_FAILED, e, "network: out of memory");
    char name[96];
    battle_name(p->link, name, sizeof name);
    if (save_parse(m->blob, m->blob_len, name, p->map, fresh, e) != 0) {
        free(fresh);
        return BAD_PEER;
    }
    if (fresh->turn != m->turn) {
        err_set(e, "peer %s: a battle at turn %d for turn %d", net_peer_name(p->link), fresh->turn,
                m->turn);
        skirmish_deinit(fresh);
        free(fresh);
        return BAD_PEER;
    }
    skirmish_deinit(sk);
    *sk = *fresh;
    free(fresh);
    p->sync = m->sync;
    return net_battle_hash(sk, &p->ours, e) == 0 ? 0 : NET_FAILED;
}

/* One message from the peer while this turn's are awaited. */
static int on_message(Play *p, Skirmish *sk, const NetMsg *m, Err *e)
{
    const char *who = net_peer_name(p->link);
    switch (m->kind) {
    case NET_CHAT:
        fprintf(p->o->log, "shoal: %s says: %s\n", who, m->text);
        return 0;
    case NET_BYE:
        return failed(NET_FAILED, e, "peer %s left: %s", who, m->text);
    case NET_HASH:
    case NET_ORDERS:
        if (m->sync < p->sync) return 0; /* from before a repair: stale */
        if (m->sync > p->sync || m->turn != sk->turn)
            return failed(BAD_PEER, e,
                          "peer %s: a %s for turn %d (sync %d) while turn %d (sync %d) is plotted",
                          who, net_msg_name(m->kind), m->turn, m->sync, sk->turn, p->sync);
        if (m->kind == NET_HASH) {
            p->have_hash = true;
            p->peer_hash = m->hash;
            return 0;
        }
        if (m->side != 1 - p->side)
            return failed(BAD_PEER, e, "peer %s: orders for side %c, which is ours", who,
                          "AB"[m->side]);
        p->have_orders = true;
        p->peer_orders = *m;
        return 0;
    case NET_STATE:
        if (p->host || m->sync != p->sync + 1)
            return failed(BAD_PEER, e, "peer %s: a battle sent unasked", who);
        int taken = take_state(p, sk, m, e);
        if (taken != 0) return taken;
        fprintf(p->o->log, "shoal: took the host's battle at turn %d (repair %d)\n", sk->turn,
                p->sync);
        p->have_hash = p->have_orders = false;
        /* Plot again on the battle as it really stands. */
        if (ai_plan_player(sk, p->side, p->o->player, e) != 0) return NET_FAILED;
        return send_turn(p, sk, e);
    default:
        return failed(BAD_PEER, e, "peer %s: a %s message in the battle", who,
                      net_msg_name(m->kind));
    }
}

/* The peer's orders go to its ships, each checked by the rules. */
static int apply_orders(Play *p, Skirmish *sk, Err *e)
{
    const NetMsg *m = &p->peer_orders;
    const char *who = net_peer_name(p->link);
    for (int k = 0; k < m->nships; k++) {
        int i = m->ships[k];
        if (i >= sk->nships || sk->ships[i].side != m->side || !fleet_ship_manned(&sk->ships[i]))
            return failed(BAD_PEER, e, "peer %s: orders for ship %d, not one of side %c's", who, i,
                          "AB"[m->side]);
        Err why;
        if (skirmish_order(sk, i, &m->orders[k], &why) != 0)
            return failed(BAD_PEER, e, "peer %s: orders the rules refuse: %s", who, why.msg);
    }
    return 0;
}

/* ai_autoplay_battle's planner: our orders out, the peer's in, both
 * submitted. */
static int net_plan(Skirmish *sk, void *ctx, Err *e)
{
    Play *p = ctx;
    if (sk->turn == p->stall_turn) raise(SIGSTOP);
    if (!p->host && sk->turn == p->spoil_turn) {
        /* The test hook: a crew lost on one side only. */
        p->spoil_turn = 0;
        for (int i = 0; i < sk->nships; i++)
            if (fleet_ship_active(&sk->ships[i]) && sk->ships[i].crew > 1) {
                sk->ships[i].crew--;
                break;
            }
    }
    if (net_battle_hash(sk, &p->ours, e) != 0) return NET_FAILED;
    if (ai_plan_player(sk, p->side, p->o->player, e) != 0) return NET_FAILED;
    int rc = send_turn(p, sk, e), repairs = 0;
    p->have_hash = p->have_orders = false;
    while (rc == 0 && !(p->have_hash && p->have_orders)) {
        rc = receive(p, e);
        if (rc == 0) rc = on_message(p, sk, &p->in, e);
        /* A joiner gone (dropped, silent, or left) may come back. */
        if (rc == NET_FAILED && p->host) rc = rejoin(p, sk, e);
        if (rc != 0 || !p->have_hash || p->peer_hash == p->ours) continue;
        fprintf(p->o->log,
                "shoal: desync at turn %d: our battle hashes %016llx, peer %s's %016llx%s\n",
                sk->turn, (unsigned long long)p->ours, net_peer_name(p->link),
                (unsigned long long)p->peer_hash,
                p->host ? "; sending ours" : "; waiting for the host's");
        p->have_hash = p->have_orders = false;
        /* A repair that did not take is a fault of ours, not the peer's. */
        if (++repairs > 1)
            return failed(NET_FAILED, e, "desync at turn %d not repaired by the host's battle",
                          sk->turn);
        if (p->host) {
            p->sync++;
            rc = send_battle(p, NET_STATE, sk, e);
            if (rc == 0) rc = send_turn(p, sk, e);
        }
    }
    if (rc != 0) return rc;
    rc = apply_orders(p, sk, e);
    if (rc != 0) return rc;
    for (int side = 0; side < SKIRMISH_SIDES; side++)
        if (skirmish_submit(sk, side, e) != 0) return NET_FAILED;
    return 0;
}

/* After the last turn both hold the same battle, or a desync is said. */
static int final_check(Play *p, const Skirmish *sk, Err *e)
{
    NetMsg h = {.kind = NET_HASH, .turn = sk->turn, .sync = p->sync};
    if (net_battle_hash(sk, &h.hash, e) != 0 || net_send(p->link, &h, e) != 0) return NET_FAILED;
    for (;;) {
        int rc = receive(p, e);
        if (rc != 0) return rc;
        if (p->in.kind != NET_HASH || p->in.sync < p->sync) continue;
        if (p->in.hash == h.hash) return 0;
        return failed(NET_FAILED, e,
                      "desync at the battle's end: our battle hashes %016llx, peer %s's %016llx",
                      (unsigned long long)h.hash, net_peer_name(p->link),
                      (unsigned long long)p->in.hash);
    }
}

static int play(Play *p, Skirmish *sk, SkirmishOutcome *out, Err *e)
{
    if (p->o->say && p->o->say[0]) {
        NetMsg c = {.kind = NET_CHAT};
        snprintf(c.text, sizeof c.text, "%s", p->o->say);
        if (net_send(p->link, &c, e) != 0) return NET_FAILED;
    }
    int rc = ai_autoplay_battle(sk, net_plan, p, out, e);
    /* ai_autoplay_battle passes the planner's code through. */
    if (rc == 0) rc = final_check(p, sk, e);
    return rc == BAD_PEER ? BAD_PEER : rc != 0 ? NET_FAILED : 0;
}

/* A joiner's hello answered: refused (with why, BAD_PEER), or welcomed
 * with the battle as it stands and the sync count. */
static int greet(Play *p, const Skirmish *sk, Err *e)
{
    NetLink *l = p->link;
    const NetMsg *m = &p->in;
    int rc = receive(p, e);
    if (rc == 0 && m->kind != NET_HELLO) {
        rc = failed(BAD_PEER, e, "peer %s: a %s before its hello", net_peer_name(l),
                    net_msg_name(m->kind));
    }
    char why[NET_TEXT_MAX + 1] = "";
    if (rc == 0 && m->version != NET_PROTO_VERSION)
        snprintf(why, sizeof why, "protocol version %d; this host speaks version %d", m->version,
                 NET_PROTO_VERSION);
    else if (rc == 0 && strcmp(m->text, p->o->pass ? p->o->pass : "") != 0)
        snprintf(why, sizeof why, "wrong passphrase");
    else if (rc == 0 && m->role != NET_ROLE_PLAYER)
        snprintf(why, sizeof why, "this host takes no watchers");
    if (why[0]) {
        NetMsg r = {.kind = NET_REFUSE, .version = NET_PROTO_VERSION};
        snprintf(r.text, sizeof r.text, "%s", why);
        Err ignored;
        net_send(l, &r, &ignored);
        rc = failed(BAD_PEER, e, "peer %s refused: %s", net_peer_name(l), why);
    }
    return rc == 0 ? send_battle(p, NET_WELCOME, sk, e) : rc;
}

/* The joiner dropped or fell silent mid-battle: the host waits for a
 * commander to join again (a joiner refused, say for a wrong passphrase,
 * does not end the battle: the host waits on, a few times), welcomes it
 * with the battle as it stands and plays on from this turn. */
#define REJOIN_TRIES 5
static int rejoin(Play *p, Skirmish *sk, Err *e)
{
    fprintf(p->o->log, "shoal: %s; waiting up to %d s for side B to rejoin at turn %d\n", e->msg,
            p->o->wait_s, sk->turn);
    for (int k = 0; k < REJOIN_TRIES; k++) {
        if (net_reaccept(p->link, wait_ms(p), e) != 0) return NET_FAILED;
        /* Whatever the old peer still had in flight is stale now. */
        p->sync++;
        int rc = greet(p, sk, e);
        if (rc == NET_FAILED) return rc;
        if (rc == 0) {
            fprintf(p->o->log, "shoal: %s rejoined as side B at turn %d\n", net_peer_name(p->link),
                    sk->turn);
            p->have_hash = p->have_orders = false;
            return send_turn(p, sk, e);
        }
        fprintf(p->o->log, "shoal: %s\n", e->msg);
    }
    return failed(NET_FAILED, e, "side B did not rejoin (%d refused)", REJOIN_TRIES);
}

int net_play_host(const Map *map, const SkirmishSetup *setup, const NetPlayOptions *o,
                  SkirmishOutcome *out, Err *e)
{
    Skirmish *sk = malloc(sizeof *sk);
    if (!sk) return failed(NET_FAILED, e, "network: out of memory");
    int rc = skirmish_init(sk, map, setup, e) == 0 ? 0 : BAD_PEER;
    bool made = rc == 0;
    NetLink *l = rc == 0 ? net_listen(o->port, e) : NULL;
    if (rc == 0 && !l) rc = NET_FAILED;
    Play p = {.link = l,
              .o = o,
              .map = map,
              .host = true,
              .side = 0,
              .stall_turn = test_hook("SHOAL_NET_TEST_STALL")};
    if (rc == 0) {
        fprintf(o->log,
                "shoal: hosting on UDP port %d; waiting up to %d s for a commander to join\n",
                o->port, o->wait_s);
        rc = net_accept(l, o->wait_s * 1000, e) == 0 ? 0 : NET_FAILED;
    }
    if (rc == 0) rc = greet(&p, sk, e);
    if (rc == 0) {
        fprintf(o->log, "shoal: %s joined as side B\n", net_peer_name(l));
        rc = play(&p, sk, out, e);
    }
    net_close(l, rc == 0 ? NULL : e->msg);
    if (made) skirmish_deinit(sk);
    free(sk);
    return rc;
}

/* The map a host's battle is fought on: its generated sea, or a shipped
 * map by its file name (never a path the peer gives). */
static int peer_map(const char *text, size_t len, const NetLink *l, Map *map, Err *e)
{
    SaveSummary *s = malloc(sizeof *s);
    if (!s) return failed(NET_FAILED, e, "network: out of memory");
    const char *who = net_peer_name(l);
    char name[96];
    battle_name(l, name, sizeof name);
    int rc = save_summary_text(text, len, name, s, e) == 0 ? 0 : BAD_PEER;
    if (rc == 0 && s->generated) {
        rc = mapgen_generate(map, &s->gen, e) == 0 ? 0 : BAD_PEER;
    } else if (rc == 0) {
        char rel[SKIRMISH_PATH_MAX + 8], path[PATHS_MAX];
        snprintf(rel, sizeof rel, "maps/%s", paths_base_name(s->map_path));
        if (paths_data_file(rel, path, sizeof path) != 0 || map_load(map, path, e) != 0)
            rc = failed(BAD_PEER, e, "peer %s: its map %s is not among ours", who,
                        paths_base_name(s->map_path));
    }
    free(s);
    return rc;
}

int net_play_join(const char *host, const NetPlayOptions *o, SkirmishOutcome *out, Err *e)
{
    NetLink *l = net_connect(host, o->port, o->wait_s * 1000, e);
    if (!l) return NET_FAILED;
    Play *p = calloc(1, sizeof *p);
    Skirmish *sk = malloc(sizeof *sk);
    Map map;
    memset(&map, 0, sizeof map);
    int rc = p && sk ? 0 : failed(NET_FAILED, e, "network: out of memory");
    if (rc == 0) {
        *p = (Play){.link = l,
                    .o = o,
                    .map = &map,
                    .host = false,
                    .side = 1,
                    .spoil_turn = test_hook("SHOAL_NET_TEST_DESYNC"),
                    .stall_turn = test_hook("SHOAL_NET_TEST_STALL")};
        NetMsg hi = {.kind = NET_HELLO, .version = NET_PROTO_VERSION, .role = NET_ROLE_PLAYER};
        snprintf(hi.text, sizeof hi.text, "%s", o->pass ? o->pass : "");
        rc = net_send(l, &hi, e) == 0 ? 0 : NET_FAILED;
    }
    const NetMsg *m = p ? &p->in : NULL;
    if (rc == 0) rc = receive(p, e);
    if (rc == 0 && m->kind == NET_REFUSE)
        rc = failed(BAD_PEER, e, "host %s refused us: %s", net_peer_name(l), m->text);
    else if (rc == 0 && m->kind != NET_WELCOME)
        rc = failed(BAD_PEER, e, "host %s: a %s instead of a welcome", net_peer_name(l),
                    net_msg_name(m->kind));
    else if (rc == 0 && (m->version != NET_PROTO_VERSION || m->side != 1))
        rc = failed(BAD_PEER, e,
                    "host %s: protocol version %d, side %d; we speak version %d as side B",
                    net_peer_name(l), m->version, m->side, NET_PROTO_VERSION);
    bool made = false;
    if (rc == 0) rc = peer_map(m->blob, m->blob_len, l, &map, e);
    if (rc == 0) {
        char name[96];
        battle_name(l, name, sizeof name);
        rc = save_parse(m->blob, m->blob_len, name, &map, sk, e) == 0 ? 0 : BAD_PEER;
        made = rc == 0;
    }
    if (rc == 0) {
        p->sync = m->sync;
        fprintf(o->log, "shoal: joined %s as side B at turn %d\n", net_peer_name(l), sk->turn);
        rc = play(p, sk, out, e);
    }
    net_close(l, rc == 0 ? NULL : e->msg);
    if (made) skirmish_deinit(sk);
    free(sk);
    free(p);
    map_free(&map);
    return rc;
}
