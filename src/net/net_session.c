/* net_session: lockstep by turns over one link, without blocking
 * (net_session.h): the turns, the clocks, the poll. Who comes aboard is
 * net_greet.c's. */
#include "net_session.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/save.h"
#include "net_session_internal.h"

void net_tell(NetSession *s, const char *fmt, ...)
{
    if (!s->o.tell) return;
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    s->o.tell(s->o.tell_ctx, line);
}

double net_now_ms(void)
{
    return clock_now_ms();
}

/* The session fails: e (already set) is kept for later polls. */
int net_fail(NetSession *s, int code, Err *e)
{
    s->state = NET_S_FAILED;
    s->code = code;
    s->why = *e;
    s->deadline = -1.0;
    return NET_SE_FAILED;
}

int net_failf(NetSession *s, int code, Err *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err_vset(e, fmt, ap);
    va_end(ap);
    return net_fail(s, code, e);
}

const char *net_player_name(const NetSession *s)
{
    return net_peer_name(s->link, s->player);
}

static int wait_for(const NetSession *s)
{
    return s->had_peer && s->o.rejoin_s > 0 ? s->o.rejoin_s : s->o.wait_s;
}

void net_await_joiner(NetSession *s)
{
    s->state = NET_S_WAITING;
    s->player = -1;
    s->deadline = wait_for(s) > 0 ? net_now_ms() + wait_for(s) * 1000.0 : -1.0;
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
    s->side = o->host ? 0 : o->watch ? SKIRMISH_SIDES : 1;
    s->link = o->host ? net_listen(o->port, e) : net_connect(s->address, o->port, e);
    if (!s->link) {
        free(s->buf);
        free(s);
        return NULL;
    }
    if (o->host) {
        net_await_joiner(s);
        if (o->wait_s > 0)
            net_tell(s, "hosting on UDP port %d; waiting up to %d s for a commander to join",
                     o->port, o->wait_s);
        else
            net_tell(s, "hosting on UDP port %d; waiting for a commander to join", o->port);
    } else {
        s->state = NET_S_JOINING;
        s->player = 0;
        s->deadline = net_now_ms() + (o->wait_s > 0 ? o->wait_s : 30) * 1000.0;
    }
    s->heard = net_now_ms();
    return s;
}

void net_session_close(NetSession *s, const char *why)
{
    if (!s) return;
    net_close(s->link, why);
    free(s->text);
    free(s->png);
    free(s->ini);
    free(s->buf);
    free(s);
}

int net_send_battle(NetSession *s, int k, int kind, int side, const Skirmish *sk, Err *e)
{
    int n = net_battle_text(sk, s->buf, SAVE_MAX_BYTES, e);
    if (n < 0) return -1;
    NetMsg m = {.kind = kind,
                .version = kind == NET_WELCOME ? NET_PROTO_VERSION : 0,
                .side = kind == NET_WELCOME ? side : 0,
                .turn = kind == NET_STATE ? sk->turn : 0,
                .sync = s->sync,
                .blob = s->buf,
                .blob_len = (size_t)n};
    return net_send(s->link, k, &m, e);
}

int net_send_turn_to(NetSession *s, const Skirmish *sk, Err *e)
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
    int rc = net_send(s->link, s->player, &h, e) == 0 && net_send(s->link, s->player, m, e) == 0
                 ? 0
                 : -1;
    free(m);
    return rc;
}

int net_session_send_turn(NetSession *s, const Skirmish *sk, Err *e)
{
    if (s->side == SKIRMISH_SIDES) return err_set(e, "network: a watcher gives no orders");
    if (s->state != NET_S_PLAYING && s->state != NET_S_WAITING)
        return err_set(e, "network: no battle under way to send orders in");
    if (net_battle_hash(sk, &s->ours, e) != 0) return -1;
    s->sent = true;
    s->heard = net_now_ms();
    /* While side B is away the orders wait: they go with its welcome. */
    if (s->state == NET_S_WAITING) return 0;
    if (net_send_turn_to(s, sk, e) != 0) {
        net_fail(s, NET_FAILED, e);
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
    s->heard = net_now_ms();
    if (s->side == 0) net_watchers_final(s, &h);
    /* A watcher only compares: the host's last hash comes to it. */
    if (s->side == SKIRMISH_SIDES) return 0;
    if (net_send(s->link, s->player, &h, e) != 0) {
        net_fail(s, NET_FAILED, e);
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
    return net_send(s->link, s->player, &c, e);
}

int net_session_take_battle(NetSession *s, Map *map, Skirmish *sk, Err *e)
{
    if (!s->text) return err_set(e, "network: no battle has come");
    NetPeerMap pm = {s->png, s->png_len, s->ini, s->ini_len};
    return net_peer_battle(s->text, s->text_len, &pm, net_player_name(s), map, sk, e) == 0
               ? 0
               : NET_BAD_PEER;
}

const char *net_session_battle_text(const NetSession *s, size_t *len, NetPeerMap *pm)
{
    *len = s->text_len;
    *pm = (NetPeerMap){s->png, s->png_len, s->ini, s->ini_len};
    return s->text;
}

/* The host's battle, as the joiner replaces its own with it. */
static int take_state(NetSession *s, Skirmish *sk, const NetMsg *m, Err *e)
{
    Skirmish *fresh = malloc(sizeof *fresh);
    if (!fresh) return net_failf(s, NET_FAILED, e, "network: out of memory");
    char name[96];
    snprintf(name, sizeof name, "peer %s's battle", net_player_name(s));
    if (save_parse(m->blob, m->blob_len, name, sk->map, fresh, e) != 0) {
        free(fresh);
        return net_fail(s, NET_BAD_PEER, e);
    }
    int turn = fresh->turn;
    if (turn != m->turn) {
        skirmish_deinit(fresh);
        free(fresh);
        return net_failf(s, NET_BAD_PEER, e, "peer %s: a battle at turn %d for turn %d",
                         net_player_name(s), turn, m->turn);
    }
    skirmish_deinit(sk);
    *sk = *fresh;
    free(fresh);
    s->sync = m->sync;
    s->sent = s->have_hash = false;
    memset(s->have_orders, 0, sizeof s->have_orders);
    net_tell(s, "took the host's battle at turn %d (repair %d)", sk->turn, s->sync);
    return NET_SE_STATE;
}

/* The orders of m go to its side's ships, each checked by the rules. */
static int apply_orders(NetSession *s, Skirmish *sk, const NetMsg *m, Err *e)
{
    const char *who = net_player_name(s);
    for (int k = 0; k < m->nships; k++) {
        int i = m->ships[k];
        if (i >= sk->nships || sk->ships[i].side != m->side || !fleet_ship_manned(&sk->ships[i]))
            return net_failf(s, NET_BAD_PEER, e,
                             "peer %s: orders for ship %d, not one of side %c's", who, i,
                             "AB"[m->side]);
        Err why;
        if (skirmish_order(sk, i, &m->orders[k], &why) != 0)
            return net_failf(s, NET_BAD_PEER, e, "peer %s: orders the rules refuse: %s", who,
                             why.msg);
    }
    return NET_SE_NONE;
}

static void turn_taken(NetSession *s)
{
    s->sent = s->have_hash = false;
    memset(s->have_orders, 0, sizeof s->have_orders);
    s->repairs = 0;
}

/* Both hashes and the peer's orders are in: the turn goes on, or a
 * desync is told and (by the host) repaired. */
static int turn_complete(NetSession *s, Skirmish *sk, Err *e)
{
    int theirs = 1 - s->side;
    if (s->peer_hash != s->ours) {
        net_tell(s, "desync at turn %d: our battle hashes %016llx, peer %s's %016llx%s", sk->turn,
                 (unsigned long long)s->ours, net_player_name(s), (unsigned long long)s->peer_hash,
                 s->side == 0 ? "; sending ours" : "; waiting for the host's");
        s->have_hash = false;
        memset(s->have_orders, 0, sizeof s->have_orders);
        /* A repair that did not take is a fault of ours, not the peer's. */
        if (++s->repairs > 1)
            return net_failf(s, NET_FAILED, e,
                             "desync at turn %d not repaired by the host's battle", sk->turn);
        if (s->side == 0) {
            s->sync++;
            if (net_send_battle(s, s->player, NET_STATE, 0, sk, e) != 0 ||
                net_send_turn_to(s, sk, e) != 0)
                return net_fail(s, NET_FAILED, e);
        }
        return NET_SE_NONE;
    }
    int rc = apply_orders(s, sk, &s->peer_orders[theirs], e);
    if (rc != NET_SE_NONE) return rc;
    if (s->side == 0) net_watchers_turn(s, sk);
    turn_taken(s);
    return NET_SE_TURN;
}

/* A watcher's turn: the host's hash (checked against ours) and both
 * sides' orders. */
static int watched_turn(NetSession *s, Skirmish *sk, Err *e)
{
    uint64_t ours;
    if (net_battle_hash(sk, &ours, e) != 0) return net_fail(s, NET_FAILED, e);
    if (ours != s->peer_hash)
        return net_failf(s, NET_FAILED, e,
                         "desync at turn %d: our battle hashes %016llx, the host %s's %016llx",
                         sk->turn, (unsigned long long)ours, net_player_name(s),
                         (unsigned long long)s->peer_hash);
    for (int side = 0; side < SKIRMISH_SIDES; side++) {
        int rc = apply_orders(s, sk, &s->peer_orders[side], e);
        if (rc != NET_SE_NONE) return rc;
    }
    turn_taken(s);
    return NET_SE_TURN;
}

int net_gone(NetSession *s, const Skirmish *sk, Err *e);

/* One message from the player's slot while the battle is played. */
static int on_playing(NetSession *s, Skirmish *sk, const NetMsg *m, Err *e)
{
    const char *who = net_player_name(s);
    bool watcher = s->side == SKIRMISH_SIDES;
    switch (m->kind) {
    case NET_CHAT:
        if (!net_chat_allowed(s, s->player)) return NET_SE_NONE;
        snprintf(s->chat, sizeof s->chat, "%s", m->text);
        snprintf(s->chat_from, sizeof s->chat_from, "%s", who);
        return NET_SE_CHAT;
    case NET_BYE:
        err_set(e, "peer %s left: %s", who, m->text);
        return net_gone(s, sk, e);
    case NET_HASH:
    case NET_ORDERS:
        if (m->sync < s->sync) return NET_SE_NONE; /* from before a repair: stale */
        if (watcher) s->sync = m->sync;            /* the host's repairs are not a watcher's */
        if (!sk || m->sync > s->sync || m->turn != sk->turn)
            return net_failf(s, NET_BAD_PEER, e,
                             "peer %s: %s for turn %d (sync %d) while turn %d (sync %d) is plotted",
                             who, net_msg_phrase(m->kind), m->turn, m->sync, sk ? sk->turn : 0,
                             s->sync);
        if (m->kind == NET_HASH) {
            s->have_hash = true;
            s->peer_hash = m->hash;
            return NET_SE_NONE;
        }
        if (!watcher && m->side != 1 - s->side)
            return net_failf(s, NET_BAD_PEER, e, "peer %s: orders for side %c, which is ours", who,
                             "AB"[m->side]);
        if (sk->over)
            return net_failf(s, NET_BAD_PEER, e, "peer %s: orders after the battle's end", who);
        s->have_orders[m->side] = true;
        s->peer_orders[m->side] = *m;
        return NET_SE_NONE;
    case NET_STATE:
        if (s->side != 1 || m->sync != s->sync + 1 || !sk)
            return net_failf(s, NET_BAD_PEER, e, "peer %s: a battle sent unasked", who);
        return take_state(s, sk, m, e);
    default:
        return net_failf(s, NET_BAD_PEER, e, "peer %s: %s in the battle", who,
                         net_msg_phrase(m->kind));
    }
}

/* The player dropped or fell silent (e says which): a host waits for side
 * B to come back; a joiner or a watcher is done. */
int net_gone(NetSession *s, const Skirmish *sk, Err *e)
{
    if (s->side != 0 || s->state == NET_S_WAITING || !sk || sk->over)
        return net_fail(s, NET_FAILED, e);
    net_forget(s->link, s->player);
    s->peers[s->player].role = PEER_FREE;
    net_await_joiner(s);
    s->refused = 0;
    if (wait_for(s) > 0)
        net_tell(s, "%s; waiting up to %d s for side B to rejoin at turn %d", e->msg, wait_for(s),
                 sk->turn);
    else
        net_tell(s, "%s; waiting for side B to rejoin at turn %d", e->msg, sk->turn);
    return NET_SE_AWAY;
}

/* A wait ran out, or the peer said nothing for too long. -1: neither. */
static int check_clock(NetSession *s, const Skirmish *sk, Err *e)
{
    double t = net_now_ms();
    for (int k = 0; s->side == 0 && k < NET_PEERS; k++) {
        if (s->peers[k].role != PEER_NEW || t <= s->peers[k].hello_by) continue;
        err_set(e, "peer %s: no hello within %d s", net_peer_name(s->link, k), HELLO_MS / 1000);
        int ev = net_refuse(s, k, e);
        if (ev != NET_SE_NONE) return ev;
    }
    if (s->deadline >= 0.0 && t > s->deadline) {
        if (s->state == NET_S_WAITING && s->had_peer && s->refused)
            return net_failf(s, NET_FAILED, e, "side B did not rejoin within %d s (%d refused)",
                             wait_for(s), s->refused);
        if (s->state == NET_S_WAITING && s->had_peer)
            return net_failf(s, NET_FAILED, e, "side B did not rejoin within %d s", wait_for(s));
        if (s->state == NET_S_WAITING && s->refused)
            return net_failf(s, NET_FAILED, e, "network: no one joined within %d s (%d refused)",
                             s->o.wait_s, s->refused);
        if (s->state == NET_S_WAITING)
            return net_failf(s, NET_FAILED, e, "network: no one joined within %d s", s->o.wait_s);
        if (!net_connected(s->link, 0))
            return net_failf(s, NET_FAILED, e, "%s:%d: no shoal host answered within %d s",
                             s->address, s->o.port, s->o.wait_s > 0 ? s->o.wait_s : 30);
        return net_failf(s, NET_FAILED, e, "peer %s: no word for %d s", net_player_name(s),
                         s->o.wait_s > 0 ? s->o.wait_s : 30);
    }
    /* A watcher waits on no one: the host's word comes when it comes. */
    bool player = s->side < SKIRMISH_SIDES;
    bool in = player && s->have_hash && s->have_orders[1 - s->side];
    bool waiting_on_peer = s->state == NET_S_PLAYING && player &&
                           ((s->sent && !in) || (s->final_sent && !s->have_hash));
    if (waiting_on_peer && s->o.silence_s > 0 && t - s->heard > s->o.silence_s * 1000.0) {
        err_set(e, "peer %s: no word for %d s", net_player_name(s), s->o.silence_s);
        return net_gone(s, sk, e);
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
        return net_failf(s, NET_FAILED, e,
                         "desync at the battle's end: our battle hashes %016llx, peer %s's %016llx",
                         (unsigned long long)s->ours, net_player_name(s),
                         (unsigned long long)s->peer_hash);
    }
    if (s->side == SKIRMISH_SIDES)
        return s->have_hash && s->have_orders[0] && s->have_orders[1] ? watched_turn(s, sk, e)
                                                                      : NET_SE_NONE;
    if (s->sent && s->have_hash && s->have_orders[1 - s->side]) return turn_complete(s, sk, e);
    return NET_SE_NONE;
}

/* How many of d's drops to tell now: all not yet told, when a line is
 * due (the first at once, then one a DROPS_TOLD_MS); else 0. */
static long drops_due(NetDrops *d)
{
    if (d->count == d->told) return 0; /* a poll's usual case: no clock read */
    double t = net_now_ms();
    if (d->told > 0 && t - d->told_at < DROPS_TOLD_MS) return 0;
    long fresh = d->count - d->told;
    d->told = d->count;
    d->told_at = t;
    return fresh;
}

/* Datagrams too large for the protocol were dropped (net_dropped). */
static void tell_drops(NetSession *s)
{
    s->drops.count = net_dropped(s->link);
    long fresh = drops_due(&s->drops);
    if (fresh)
        net_tell(s,
                 "network: dropped %ld datagram%s too large to be a shoal peer's (%ld so far); "
                 "the battle goes on",
                 fresh, fresh == 1 ? "" : "s", s->drops.count);
}

bool net_chat_allowed(NetSession *s, int k)
{
    NetPeer *p = &s->peers[k];
    double t = net_now_ms();
    p->chat_budget += (t - p->chat_at) / CHAT_EVERY_MS;
    if (p->chat_budget > CHAT_BURST) p->chat_budget = CHAT_BURST;
    p->chat_at = t;
    if (p->chat_budget >= 1.0) {
        p->chat_budget -= 1.0;
        return true;
    }
    p->chat_dropped.count++;
    long fresh = drops_due(&p->chat_dropped);
    if (fresh)
        net_tell(s, "peer %s: chat too fast: dropped %ld line%s (%d at once, then one a second)",
                 net_peer_name(s->link, k), fresh, fresh == 1 ? "" : "s", CHAT_BURST);
    return false;
}

/* What came from slot k (got: net_recv's answer), acted on. */
static int heard(NetSession *s, Skirmish *sk, int got, int k, Err *e)
{
    int role = s->side == 0 && k >= 0 ? s->peers[k].role : PEER_PLAYER;
    if (got == NET_RECV_GONE) {
        if (k < 0) return net_fail(s, NET_FAILED, e); /* the socket itself */
        if (s->side != 0 && s->state == NET_S_JOINING && !net_connected(s->link, 0))
            return net_failf(s, NET_FAILED, e, "%s:%d: no shoal host answered", s->address,
                             s->o.port);
        if (role == PEER_PLAYER && k == s->player) return net_gone(s, sk, e);
        net_tell(s, "%s", e->msg); /* a watcher, or one that never said hello */
        s->peers[k].role = PEER_FREE;
        return NET_SE_NONE;
    }
    if (got == NET_RECV_BAD) {
        /* A peer in the battle that sends garbage ends it; one that is
         * not in it yet, or watches, is sent away. */
        if (role == PEER_PLAYER) return net_fail(s, NET_BAD_PEER, e);
        return net_refuse(s, k, e);
    }
    s->heard = net_now_ms();
    if (got == NET_RECV_JOINED) {
        /* A new peer in the slot: a fresh chat budget. */
        s->peers[k] = (NetPeer){.chat_budget = CHAT_BURST, .chat_at = s->heard};
        if (s->side == 0) {
            s->peers[k].role = PEER_NEW;
            s->peers[k].hello_by = net_now_ms() + HELLO_MS;
        } else {
            NetMsg hi = {.kind = NET_HELLO,
                         .version = NET_PROTO_VERSION,
                         .role = s->side == SKIRMISH_SIDES ? NET_ROLE_WATCHER : NET_ROLE_PLAYER};
            snprintf(hi.text, sizeof hi.text, "%s", s->pass);
            if (net_send(s->link, 0, &hi, e) != 0) return net_fail(s, NET_FAILED, e);
        }
        return NET_SE_NONE;
    }
    if (s->side == 0 && role == PEER_NEW) return net_greet(s, k, sk, &s->in, e);
    if (s->side == 0 && role == PEER_WATCHER) return net_from_watcher(s, k, &s->in, e);
    if (s->state == NET_S_JOINING) return net_on_joining(s, &s->in, e);
    return on_playing(s, sk, &s->in, e);
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
        int k = -1;
        int got = net_recv(s->link, &s->in, &k, first ? wait_ms : 0, e);
        tell_drops(s);
        if (got == 0) return NET_SE_NONE;
        ev = heard(s, sk, got, k, e);
        if (ev != NET_SE_NONE) return ev;
    }
}

int net_session_wait_more(NetSession *s)
{
    if (s->state != NET_S_FAILED || s->side != 0 || !s->had_peer) return -1;
    net_await_joiner(s);
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
    double left = (s->deadline - net_now_ms()) / 1000.0;
    return left < 0.0 ? 0 : (int)(left + 0.999);
}

bool net_session_sent(const NetSession *s)
{
    return s->sent;
}

const char *net_session_peer(const NetSession *s)
{
    return s->player >= 0 ? net_player_name(s) : "no peer";
}

const char *net_session_chat(const NetSession *s, const char **from)
{
    if (from) *from = s->chat_from;
    return s->chat;
}

int net_session_watchers(const NetSession *s)
{
    int n = 0;
    for (int k = 0; s->side == 0 && k < NET_PEERS; k++) n += s->peers[k].role == PEER_WATCHER;
    return n;
}

int net_session_port(const NetSession *s)
{
    return net_local_port(s->link);
}
