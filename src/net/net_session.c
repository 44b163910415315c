/* net_session: lockstep by turns over one link, without blocking
 * (net_session.h). */
#include "net_session.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/mapgen.h"
#include "core/paths.h"
#include "core/save.h"
#include "net.h"

/* How long a commander who connected has to say hello (ms). */
#define HELLO_MS 10000
/* Joiners refused once a battle has begun before the host gives up on
 * side B coming back (a wrong passphrase does not end the battle). */
#define REJOIN_TRIES 5

struct NetSession {
    NetSessionOptions o;
    char pass[NET_TEXT_MAX + 1];
    char address[256];
    NetLink *link;
    int state, code;
    int side;        /* ours */
    int sync;        /* desyncs repaired and rejoins so far: older messages are stale */
    bool had_peer;   /* host: side B was welcomed once; the next is a rejoin */
    int refused;     /* host: joiners refused */
    double deadline; /* clock_now_ms() when the wait under way ends, < 0 none */
    double hello_by; /* host: when a connected joiner must have said hello */
    double heard;    /* when the peer was last heard, or we began waiting on it */
    bool sent;       /* this turn's orders are out */
    bool final_sent; /* the battle's end: our last hash is out */
    uint64_t ours;   /* our battle's hash as the turn's orders went out */
    bool have_hash, have_orders;
    int peer_turn; /* the turn of the peer's hash */
    uint64_t peer_hash;
    int repairs; /* desyncs this turn */
    NetMsg peer_orders;
    NetMsg in;
    char *text; /* joiner: the host's battle as it came (save text) */
    size_t text_len;
    char *buf; /* SAVE_MAX_BYTES for the battle as we send it */
    char chat[NET_TEXT_MAX + 1];
    Err why; /* the failure, said again to every poll after it */
};

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
tell(NetSession *s, const char *fmt, ...)
{
    if (!s->o.tell) return;
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    s->o.tell(s->o.tell_ctx, line);
}

static double now_ms(void)
{
    return clock_now_ms();
}

/* The session fails: e (already set) is kept for later polls. */
static int fail(NetSession *s, int code, Err *e)
{
    s->state = NET_S_FAILED;
    s->code = code;
    s->why = *e;
    s->deadline = -1.0;
    return NET_SE_FAILED;
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static int
failf(NetSession *s, int code, Err *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err_vset(e, fmt, ap);
    va_end(ap);
    return fail(s, code, e);
}

static const char *peer(const NetSession *s)
{
    return net_peer_name(s->link);
}

/* Wait for side B (again): for wait_s, or as long as it takes before
 * the first one when wait_s is 0. */
static int wait_for(const NetSession *s)
{
    return s->had_peer && s->o.rejoin_s > 0 ? s->o.rejoin_s : s->o.wait_s;
}

static void await_joiner(NetSession *s)
{
    s->state = NET_S_WAITING;
    s->deadline = wait_for(s) > 0 ? now_ms() + wait_for(s) * 1000.0 : -1.0;
    s->hello_by = -1.0;
}

NetSession *net_session_open(const NetSessionOptions *o, Err *e)
{
    NetSession *s = calloc(1, sizeof *s);
    char *buf = malloc(SAVE_MAX_BYTES);
    if (!s || !buf) {
        free(s);
        free(buf);
        err_set(e, "network: out of memory");
        return NULL;
    }
    s->o = *o;
    s->buf = buf;
    snprintf(s->pass, sizeof s->pass, "%s", o->pass ? o->pass : "");
    snprintf(s->address, sizeof s->address, "%s", o->address ? o->address : "");
    s->o.pass = s->pass;
    s->o.address = s->address;
    s->side = o->host ? 0 : 1;
    s->link = o->host ? net_listen(o->port, e) : net_connect(s->address, o->port, e);
    if (!s->link) {
        free(s->buf);
        free(s);
        return NULL;
    }
    if (o->host) {
        await_joiner(s);
        if (o->wait_s > 0)
            tell(s, "hosting on UDP port %d; waiting up to %d s for a commander to join", o->port,
                 o->wait_s);
        else
            tell(s, "hosting on UDP port %d; waiting for a commander to join", o->port);
    } else {
        s->state = NET_S_JOINING;
        s->deadline = now_ms() + (o->wait_s > 0 ? o->wait_s : 30) * 1000.0;
    }
    s->heard = now_ms();
    return s;
}

void net_session_close(NetSession *s, const char *why)
{
    if (!s) return;
    net_close(s->link, why);
    free(s->text);
    free(s->buf);
    free(s);
}

/* The battle as save text to the peer: a WELCOME (the joiner's side and
 * the sync count) or a STATE (after a desync). */
static int send_battle(NetSession *s, int kind, const Skirmish *sk, Err *e)
{
    int n = net_battle_text(sk, s->buf, SAVE_MAX_BYTES, e);
    if (n < 0) return -1;
    NetMsg m = {.kind = kind,
                .version = kind == NET_WELCOME ? NET_PROTO_VERSION : 0,
                .side = kind == NET_WELCOME ? 1 : 0,
                .turn = kind == NET_STATE ? sk->turn : 0,
                .sync = s->sync,
                .blob = s->buf,
                .blob_len = (size_t)n};
    return net_send(s->link, &m, e);
}

/* This turn's hash and orders to the peer (again, after a repair or a
 * rejoin made the last ones stale). */
static int send_turn(NetSession *s, const Skirmish *sk, Err *e)
{
    NetMsg h = {.kind = NET_HASH, .turn = sk->turn, .sync = s->sync, .hash = s->ours};
    NetMsg *m = calloc(1, sizeof *m);
    if (!m) return err_set(e, "network: out of memory");
    m->kind = NET_ORDERS;
    m->turn = sk->turn;
    m->sync = s->sync;
    m->side = s->side;
    for (int i = 0; i < sk->nships && m->nships < SKIRMISH_SIDE_SHIPS; i++)
        if (sk->ships[i].side == s->side && fleet_ship_manned(&sk->ships[i])) {
            m->ships[m->nships] = i;
            m->orders[m->nships++] = sk->orders[i];
        }
    int rc = net_send(s->link, &h, e) == 0 && net_send(s->link, m, e) == 0 ? 0 : -1;
    free(m);
    return rc;
}

int net_session_send_turn(NetSession *s, const Skirmish *sk, Err *e)
{
    if (s->state != NET_S_PLAYING && s->state != NET_S_WAITING)
        return err_set(e, "network: no battle under way to send orders in");
    if (net_battle_hash(sk, &s->ours, e) != 0) return -1;
    s->sent = true;
    s->heard = now_ms();
    /* While side B is away the orders wait: they go with its welcome. */
    if (s->state == NET_S_WAITING) return 0;
    if (send_turn(s, sk, e) != 0) {
        fail(s, NET_FAILED, e);
        return -1;
    }
    return 0;
}

int net_session_send_final(NetSession *s, const Skirmish *sk, Err *e)
{
    if (s->state != NET_S_PLAYING) return err_set(e, "network: no battle under way");
    NetMsg h = {.kind = NET_HASH, .turn = sk->turn, .sync = s->sync};
    if (net_battle_hash(sk, &h.hash, e) != 0) return -1;
    s->ours = h.hash;
    s->final_sent = true;
    s->heard = now_ms();
    if (net_send(s->link, &h, e) != 0) {
        fail(s, NET_FAILED, e);
        return -1;
    }
    return 0;
}

int net_session_say(NetSession *s, const char *text, Err *e)
{
    if (net_text_check("chat", text, e) != 0) return -1;
    if (s->state != NET_S_PLAYING) return err_set(e, "network: no one to talk to");
    NetMsg c = {.kind = NET_CHAT};
    snprintf(c.text, sizeof c.text, "%s", text);
    return net_send(s->link, &c, e);
}

/* The map a host's battle is fought on: its generated sea, or a shipped
 * map by its file name (never a path the peer gives). */
static int peer_map(const char *text, size_t len, const char *who, const char *name, Map *map,
                    Err *e)
{
    SaveSummary *sum = malloc(sizeof *sum);
    if (!sum) return err_set(e, "network: out of memory");
    int rc = save_summary_text(text, len, name, sum, e);
    if (rc == 0 && sum->generated) {
        rc = mapgen_generate(map, &sum->gen, e);
    } else if (rc == 0) {
        char rel[SKIRMISH_PATH_MAX + 8], path[PATHS_MAX];
        snprintf(rel, sizeof rel, "maps/%s", paths_base_name(sum->map_path));
        if (paths_data_file(rel, path, sizeof path) != 0 || map_load(map, path, e) != 0)
            rc = err_set(e, "peer %s: its map %s is not among ours", who,
                         paths_base_name(sum->map_path));
    }
    free(sum);
    return rc;
}

int net_peer_battle(const char *text, size_t len, const char *who, Map *map, Skirmish *sk, Err *e)
{
    char name[96];
    snprintf(name, sizeof name, "peer %s's battle", who);
    memset(map, 0, sizeof *map);
    if (peer_map(text, len, who, name, map, e) != 0) return -1;
    if (save_parse(text, len, name, map, sk, e) != 0) {
        map_free(map);
        return -1;
    }
    return 0;
}

int net_session_take_battle(NetSession *s, Map *map, Skirmish *sk, Err *e)
{
    if (!s->text) return err_set(e, "network: no battle has come");
    return net_peer_battle(s->text, s->text_len, peer(s), map, sk, e) == 0 ? 0 : NET_BAD_PEER;
}

const char *net_session_battle_text(const NetSession *s, size_t *len)
{
    *len = s->text_len;
    return s->text;
}

/* The host's battle, as the joiner replaces its own with it. */
static int take_state(NetSession *s, Skirmish *sk, const NetMsg *m, Err *e)
{
    Skirmish *fresh = malloc(sizeof *fresh);
    if (!fresh) return failf(s, NET_FAILED, e, "network: out of memory");
    char name[96];
    snprintf(name, sizeof name, "peer %s's battle", peer(s));
    if (save_parse(m->blob, m->blob_len, name, sk->map, fresh, e) != 0) {
        free(fresh);
        return fail(s, NET_BAD_PEER, e);
    }
    int turn = fresh->turn;
    if (turn != m->turn) {
        skirmish_deinit(fresh);
        free(fresh);
        return failf(s, NET_BAD_PEER, e, "peer %s: a battle at turn %d for turn %d", peer(s), turn,
                     m->turn);
    }
    skirmish_deinit(sk);
    *sk = *fresh;
    free(fresh);
    s->sync = m->sync;
    s->sent = s->have_hash = s->have_orders = false;
    tell(s, "took the host's battle at turn %d (repair %d)", sk->turn, s->sync);
    return NET_SE_STATE;
}

/* The peer's orders go to its ships, each checked by the rules. */
static int apply_orders(NetSession *s, Skirmish *sk, Err *e)
{
    const NetMsg *m = &s->peer_orders;
    for (int k = 0; k < m->nships; k++) {
        int i = m->ships[k];
        if (i >= sk->nships || sk->ships[i].side != m->side || !fleet_ship_manned(&sk->ships[i]))
            return failf(s, NET_BAD_PEER, e, "peer %s: orders for ship %d, not one of side %c's",
                         peer(s), i, "AB"[m->side]);
        Err why;
        if (skirmish_order(sk, i, &m->orders[k], &why) != 0)
            return failf(s, NET_BAD_PEER, e, "peer %s: orders the rules refuse: %s", peer(s),
                         why.msg);
    }
    return NET_SE_NONE;
}

/* Both hashes and the peer's orders are in: the turn goes on, or a
 * desync is told and (by the host) repaired. */
static int turn_complete(NetSession *s, Skirmish *sk, Err *e)
{
    if (s->peer_hash != s->ours) {
        tell(s, "desync at turn %d: our battle hashes %016llx, peer %s's %016llx%s", sk->turn,
             (unsigned long long)s->ours, peer(s), (unsigned long long)s->peer_hash,
             s->side == 0 ? "; sending ours" : "; waiting for the host's");
        s->have_hash = s->have_orders = false;
        /* A repair that did not take is a fault of ours, not the peer's. */
        if (++s->repairs > 1)
            return failf(s, NET_FAILED, e, "desync at turn %d not repaired by the host's battle",
                         sk->turn);
        if (s->side == 0) {
            s->sync++;
            if (send_battle(s, NET_STATE, sk, e) != 0 || send_turn(s, sk, e) != 0)
                return fail(s, NET_FAILED, e);
        }
        return NET_SE_NONE;
    }
    int rc = apply_orders(s, sk, e);
    if (rc != NET_SE_NONE) return rc;
    s->sent = s->have_hash = s->have_orders = false;
    s->repairs = 0;
    return NET_SE_TURN;
}

/* The joiner connected now (e says what was wrong with it) is let go.
 * A patient host waits on for another; a scripted one ends at the first
 * (bad input); once side B has played, a few more may try to rejoin. */
static int refuse(NetSession *s, Err *e)
{
    net_forget(s->link);
    s->hello_by = -1.0;
    s->refused++;
    if (s->had_peer && s->refused >= REJOIN_TRIES)
        return failf(s, NET_FAILED, e, "side B did not rejoin (%d refused)", s->refused);
    if (!s->had_peer && !s->o.patient) return fail(s, NET_BAD_PEER, e);
    tell(s, "%s", e->msg);
    return NET_SE_NONE;
}

static int gone(NetSession *s, const Skirmish *sk, Err *e);

/* A joiner's hello answered: refused (with why), or welcomed with the
 * battle as it stands. */
static int greet(NetSession *s, Skirmish *sk, const NetMsg *m, Err *e)
{
    char why[NET_TEXT_MAX + 1] = "";
    if (m->kind != NET_HELLO)
        snprintf(why, sizeof why, "a %s before its hello", net_msg_name(m->kind));
    else if (m->version != NET_PROTO_VERSION)
        snprintf(why, sizeof why, "protocol version %d; this host speaks version %d", m->version,
                 NET_PROTO_VERSION);
    else if (strcmp(m->text, s->pass) != 0)
        snprintf(why, sizeof why, "wrong passphrase");
    else if (m->role != NET_ROLE_PLAYER)
        snprintf(why, sizeof why, "this host takes no watchers");
    if (why[0]) {
        NetMsg r = {.kind = NET_REFUSE, .version = NET_PROTO_VERSION};
        snprintf(r.text, sizeof r.text, "%s", why);
        Err ignored;
        net_send(s->link, &r, &ignored);
        err_set(e, "peer %s refused: %s", peer(s), why);
        return refuse(s, e);
    }
    bool again = s->had_peer;
    if (again) s->sync++; /* whatever the old peer had in flight is stale now */
    if (send_battle(s, NET_WELCOME, sk, e) != 0) return fail(s, NET_FAILED, e);
    s->state = NET_S_PLAYING;
    s->deadline = s->hello_by = -1.0;
    s->had_peer = true;
    s->refused = 0;
    s->have_hash = s->have_orders = false;
    s->heard = now_ms();
    if (again)
        tell(s, "%s rejoined as side B at turn %d", peer(s), sk->turn);
    else
        tell(s, "%s joined as side B", peer(s));
    if (s->sent && send_turn(s, sk, e) != 0) return fail(s, NET_FAILED, e);
    return NET_SE_JOINED;
}

/* The joiner's link to the host: the host answered, or its welcome came. */
static int on_joining(NetSession *s, const NetMsg *m, Err *e)
{
    if (m->kind == NET_CHAT) return NET_SE_NONE; /* nothing to show it in yet */
    if (m->kind == NET_REFUSE)
        return failf(s, NET_BAD_PEER, e, "host %s refused us: %s", peer(s), m->text);
    if (m->kind != NET_WELCOME)
        return failf(s, NET_BAD_PEER, e, "host %s: a %s instead of a welcome", peer(s),
                     net_msg_name(m->kind));
    if (m->version != NET_PROTO_VERSION || m->side != 1)
        return failf(s, NET_BAD_PEER, e,
                     "host %s: protocol version %d, side %d; we speak version %d as side B",
                     peer(s), m->version, m->side, NET_PROTO_VERSION);
    char *text = malloc(m->blob_len ? m->blob_len : 1);
    if (!text) return failf(s, NET_FAILED, e, "network: out of memory");
    memcpy(text, m->blob, m->blob_len);
    free(s->text);
    s->text = text;
    s->text_len = m->blob_len;
    s->sync = m->sync;
    s->state = NET_S_PLAYING;
    s->deadline = -1.0;
    s->heard = now_ms();
    return NET_SE_BATTLE;
}

/* One message from the peer while the battle is played. */
static int on_playing(NetSession *s, Skirmish *sk, const NetMsg *m, Err *e)
{
    switch (m->kind) {
    case NET_CHAT:
        snprintf(s->chat, sizeof s->chat, "%s", m->text);
        return NET_SE_CHAT;
    case NET_BYE:
        err_set(e, "peer %s left: %s", peer(s), m->text);
        return gone(s, sk, e);
    case NET_HASH:
    case NET_ORDERS:
        if (m->sync < s->sync) return NET_SE_NONE; /* from before a repair: stale */
        if (!sk || m->sync > s->sync || m->turn != sk->turn)
            return failf(s, NET_BAD_PEER, e,
                         "peer %s: a %s for turn %d (sync %d) while turn %d (sync %d) is plotted",
                         peer(s), net_msg_name(m->kind), m->turn, m->sync, sk ? sk->turn : 0,
                         s->sync);
        if (m->kind == NET_HASH) {
            s->have_hash = true;
            s->peer_hash = m->hash;
            s->peer_turn = m->turn;
            return NET_SE_NONE;
        }
        if (m->side != 1 - s->side)
            return failf(s, NET_BAD_PEER, e, "peer %s: orders for side %c, which is ours", peer(s),
                         "AB"[m->side]);
        if (sk->over)
            return failf(s, NET_BAD_PEER, e, "peer %s: orders after the battle's end", peer(s));
        s->have_orders = true;
        s->peer_orders = *m;
        return NET_SE_NONE;
    case NET_STATE:
        if (s->side == 0 || m->sync != s->sync + 1 || !sk)
            return failf(s, NET_BAD_PEER, e, "peer %s: a battle sent unasked", peer(s));
        return take_state(s, sk, m, e);
    default:
        return failf(s, NET_BAD_PEER, e, "peer %s: a %s message in the battle", peer(s),
                     net_msg_name(m->kind));
    }
}

/* The peer dropped or fell silent (e says which): a host waits for side
 * B to come back; a joiner is done. */
static int gone(NetSession *s, const Skirmish *sk, Err *e)
{
    if (s->side != 0 || s->state == NET_S_WAITING || !sk || sk->over) return fail(s, NET_FAILED, e);
    net_forget(s->link);
    await_joiner(s);
    s->refused = 0;
    if (wait_for(s) > 0)
        tell(s, "%s; waiting up to %d s for side B to rejoin at turn %d", e->msg, wait_for(s),
             sk->turn);
    else
        tell(s, "%s; waiting for side B to rejoin at turn %d", e->msg, sk->turn);
    return NET_SE_AWAY;
}

/* A wait ran out, or the peer said nothing for too long. -1: neither. */
static int check_clock(NetSession *s, const Skirmish *sk, Err *e)
{
    double t = now_ms();
    if (s->state == NET_S_WAITING && s->hello_by >= 0.0 && t > s->hello_by) {
        err_set(e, "peer %s: no hello within %d s", peer(s), HELLO_MS / 1000);
        tell(s, "%s", e->msg);
        net_forget(s->link);
        s->hello_by = -1.0;
    }
    if (s->deadline >= 0.0 && t > s->deadline) {
        if (s->state == NET_S_WAITING && s->had_peer)
            return failf(s, NET_FAILED, e, "side B did not rejoin within %d s", wait_for(s));
        if (s->state == NET_S_WAITING)
            return failf(s, NET_FAILED, e, "network: no one joined within %d s", s->o.wait_s);
        if (!net_connected(s->link))
            return failf(s, NET_FAILED, e, "%s:%d: no shoal host answered within %d s", s->address,
                         s->o.port, s->o.wait_s > 0 ? s->o.wait_s : 30);
        return failf(s, NET_FAILED, e, "peer %s: no word for %d s", peer(s),
                     s->o.wait_s > 0 ? s->o.wait_s : 30);
    }
    bool waiting_on_peer =
        s->state == NET_S_PLAYING &&
        ((s->sent && !(s->have_hash && s->have_orders)) || (s->final_sent && !s->have_hash));
    if (waiting_on_peer && s->o.silence_s > 0 && t - s->heard > s->o.silence_s * 1000.0) {
        err_set(e, "peer %s: no word for %d s", peer(s), s->o.silence_s);
        return gone(s, sk, e);
    }
    return -1;
}

/* Whatever is complete (a turn's set, the final hashes) goes on. */
static int settle(NetSession *s, Skirmish *sk, Err *e)
{
    if (s->state != NET_S_PLAYING || !sk) return NET_SE_NONE;
    if (s->final_sent && s->have_hash) {
        s->have_hash = false;
        if (s->peer_hash == s->ours) {
            s->state = NET_S_OVER;
            return NET_SE_OVER;
        }
        return failf(s, NET_FAILED, e,
                     "desync at the battle's end: our battle hashes %016llx, peer %s's %016llx",
                     (unsigned long long)s->ours, peer(s), (unsigned long long)s->peer_hash);
    }
    if (s->sent && s->have_hash && s->have_orders) return turn_complete(s, sk, e);
    return NET_SE_NONE;
}

int net_session_poll(NetSession *s, Skirmish *sk, int wait_ms, Err *e)
{
    if (s->state == NET_S_FAILED) {
        *e = s->why;
        return NET_SE_FAILED;
    }
    if (s->state == NET_S_OVER) return NET_SE_NONE;
    /* No battle to act on yet (a window still loading it): what comes
     * waits in the link. */
    if (!sk && s->state != NET_S_JOINING) return NET_SE_NONE;
    for (int first = 1;; first = 0) {
        int ev = settle(s, sk, e);
        if (ev != NET_SE_NONE) return ev;
        ev = check_clock(s, sk, e);
        if (ev >= 0) return ev;
        int got = net_recv(s->link, &s->in, first ? wait_ms : 0, e);
        if (got == 0) return NET_SE_NONE;
        if (got == NET_RECV_GONE) {
            if (s->state == NET_S_JOINING && !net_connected(s->link))
                return failf(s, NET_FAILED, e, "%s:%d: no shoal host answered", s->address,
                             s->o.port);
            if (s->state == NET_S_WAITING) { /* a joiner left before its hello */
                tell(s, "%s", e->msg);
                net_forget(s->link);
                s->hello_by = -1.0;
                continue;
            }
            return gone(s, sk, e);
        }
        if (got == NET_RECV_BAD) {
            /* A joiner that is not one yet is refused; a peer in the
             * battle that sends garbage ends it. */
            if (s->state != NET_S_WAITING) return fail(s, NET_BAD_PEER, e);
            ev = refuse(s, e);
            if (ev != NET_SE_NONE) return ev;
            continue;
        }
        s->heard = now_ms();
        if (got == NET_RECV_JOINED) {
            if (s->state == NET_S_WAITING) {
                s->hello_by = now_ms() + HELLO_MS;
            } else if (s->state == NET_S_JOINING) {
                NetMsg hi = {
                    .kind = NET_HELLO, .version = NET_PROTO_VERSION, .role = NET_ROLE_PLAYER};
                snprintf(hi.text, sizeof hi.text, "%s", s->pass);
                if (net_send(s->link, &hi, e) != 0) return fail(s, NET_FAILED, e);
            }
            continue;
        }
        if (s->state == NET_S_WAITING)
            ev = greet(s, sk, &s->in, e);
        else if (s->state == NET_S_JOINING)
            ev = on_joining(s, &s->in, e);
        else
            ev = on_playing(s, sk, &s->in, e);
        if (ev != NET_SE_NONE) return ev;
    }
}

int net_session_wait_more(NetSession *s)
{
    if (s->state != NET_S_FAILED || s->side != 0 || !s->had_peer) return -1;
    await_joiner(s);
    s->refused = 0;
    return 0;
}

int net_session_state(const NetSession *s)
{
    return s->state;
}

int net_session_side(const NetSession *s)
{
    return s->side;
}

int net_session_code(const NetSession *s)
{
    return s->code;
}

int net_session_wait_left(const NetSession *s)
{
    if (s->deadline < 0.0) return -1;
    double left = (s->deadline - now_ms()) / 1000.0;
    return left < 0.0 ? 0 : (int)(left + 0.999);
}

bool net_session_sent(const NetSession *s)
{
    return s->sent;
}

const char *net_session_peer(const NetSession *s)
{
    return peer(s);
}

const char *net_session_chat(const NetSession *s)
{
    return s->chat;
}
