/* net_greet: who comes aboard a session (net_session.h) — the host's
 * answer to each hello (refused, side B, or a watcher), the watchers kept
 * up with each turn, the map file's bytes sent and taken, and a host's
 * battle read on its map. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/afile.h"
#include "core/mapgen.h"
#include "core/paths.h"
#include "core/save.h"
#include "net_session_internal.h"

int net_refuse(NetSession *s, int k, Err *e)
{
    bool was_new = s->peers[k].role == PEER_NEW;
    net_forget(s->link, k);
    s->peers[k].role = PEER_FREE;
    /* One line, and the wait for side B goes on: only side B's own bad
     * input ends a battle, never a stranger's (a wrong passphrase, another
     * version, garbage, silence), however many come. */
    if (was_new) s->refused++;
    net_tell(s, "%s", e->msg);
    return NET_SE_NONE;
}

/* The map file the battle is fought on, read once to send: none for a
 * generated sea. -1 with e set when it can't be read. */
static int read_map(NetSession *s, const Skirmish *sk, Err *e)
{
    if (s->map_read || !sk->map_path[0]) {
        s->map_read = true;
        return 0;
    }
    char *png = NULL, *ini = NULL;
    size_t png_len = 0, ini_len = 0;
    if (afile_read(sk->map_path, NET_MAP_MAX_BYTES, &png, &png_len, e) != 0) return -1;
    /* What no joiner would take is not sent (net_play_host says so before
     * the wait; a window's host learns it here). */
    if (net_map_check((const uint8_t *)png, png_len, sk->map_path, e) != 0) {
        free(png);
        return -1;
    }
    char side[SKIRMISH_PATH_MAX + 8];
    map_sidecar_path(sk->map_path, side, sizeof side);
    Err none;
    if (afile_read(side, MAP_SIDECAR_MAX_BYTES, &ini, &ini_len, &none) != 0) {
        ini = NULL; /* no sidecar: the map's defaults */
        ini_len = 0;
    }
    s->png = (uint8_t *)png;
    s->png_len = png_len;
    s->ini = ini;
    s->ini_len = ini_len;
    s->map_read = true;
    return 0;
}

/* The map (when the battle has a file) and the battle, to slot k. */
static int welcome(NetSession *s, int k, int side, const Skirmish *sk, Err *e)
{
    if (read_map(s, sk, e) != 0) return -1;
    if (s->png) {
        NetMsg m = {.kind = NET_MAP,
                    .png = s->png,
                    .png_len = s->png_len,
                    .ini = s->ini ? s->ini : "",
                    .ini_len = s->ini_len};
        if (net_send(s->link, k, &m, e) != 0) return -1;
    }
    return net_send_battle(s, k, NET_WELCOME, side, sk, e);
}

/* Why a hello is refused ("" when it is not). */
static void judge(const NetSession *s, const NetMsg *m, char *why, size_t cap)
{
    why[0] = '\0';
    int watching = 0;
    for (int k = 0; k < NET_PEERS; k++) watching += s->peers[k].role == PEER_WATCHER;
    bool watchers_full = watching >= NET_WATCHERS;
    if (m->kind != NET_HELLO)
        snprintf(why, cap, "%s before its hello", net_msg_phrase(m->kind));
    else if (m->version != NET_PROTO_VERSION)
        snprintf(why, cap, "protocol version %d; this host speaks version %d", m->version,
                 NET_PROTO_VERSION);
    else if (strcmp(m->text, s->pass) != 0)
        snprintf(why, cap, "wrong passphrase");
    else if (m->role == NET_ROLE_PLAYER && s->player >= 0)
        snprintf(why, cap, "side B already has a commander");
    else if (m->role == NET_ROLE_WATCHER && watchers_full)
        snprintf(why, cap, "this host has %d watchers already", NET_WATCHERS);
}

int net_greet(NetSession *s, int k, Skirmish *sk, const NetMsg *m, Err *e)
{
    char why[NET_TEXT_MAX + 1];
    judge(s, m, why, sizeof why);
    const char *who = net_peer_name(s->link, k);
    if (why[0]) {
        NetMsg r = {.kind = NET_REFUSE, .version = NET_PROTO_VERSION};
        snprintf(r.text, sizeof r.text, "%s", why);
        Err ignored;
        net_send(s->link, k, &r, &ignored);
        err_set(e, "peer %s refused: %s", who, why);
        return net_refuse(s, k, e);
    }
    if (m->role == NET_ROLE_WATCHER) {
        if (welcome(s, k, SKIRMISH_SIDES, sk, e) != 0) {
            net_tell(s, "%s", e->msg);
            net_forget(s->link, k);
            s->peers[k].role = PEER_FREE;
            return NET_SE_NONE;
        }
        s->peers[k].role = PEER_WATCHER;
        net_tell(s, "%s watches the battle from turn %d", who, sk->turn);
        return NET_SE_NONE;
    }
    bool again = s->had_peer;
    if (again) s->sync++; /* whatever the old peer had in flight is stale now */
    s->player = k;
    s->peers[k].role = PEER_PLAYER;
    if (welcome(s, k, 1, sk, e) != 0) return net_fail(s, NET_FAILED, e);
    s->state = NET_S_PLAYING;
    s->deadline = -1.0;
    s->had_peer = true;
    s->refused = 0;
    s->have_hash = false;
    memset(s->have_orders, 0, sizeof s->have_orders);
    s->heard = net_now_ms();
    if (again)
        net_tell(s, "%s rejoined as side B at turn %d", who, sk->turn);
    else
        net_tell(s, "%s joined as side B", who);
    if (s->sent && net_send_turn_to(s, sk, e) != 0) return net_fail(s, NET_FAILED, e);
    return NET_SE_JOINED;
}

int net_from_watcher(NetSession *s, int k, const NetMsg *m, Err *e)
{
    const char *who = net_peer_name(s->link, k);
    if (m->kind == NET_CHAT) {
        if (!net_chat_allowed(s, k)) return NET_SE_NONE;
        snprintf(s->chat, sizeof s->chat, "%s", m->text);
        snprintf(s->chat_from, sizeof s->chat_from, "watcher %s", who);
        return NET_SE_CHAT;
    }
    if (m->kind == NET_BYE)
        err_set(e, "watcher %s left: %s", who, m->text);
    else
        err_set(e, "watcher %s: %s, which watchers do not send", who, net_msg_phrase(m->kind));
    return net_refuse(s, k, e);
}

/* Send m to every watcher; one that can't take it is let go. */
static void to_watchers(NetSession *s, const NetMsg *m)
{
    for (int k = 0; k < NET_PEERS; k++) {
        if (s->peers[k].role != PEER_WATCHER) continue;
        Err e;
        if (net_send(s->link, k, m, &e) != 0) {
            net_tell(s, "%s", e.msg);
            net_forget(s->link, k);
            s->peers[k].role = PEER_FREE;
        }
    }
}

void net_watchers_turn(NetSession *s, const Skirmish *sk)
{
    NetMsg h = {.kind = NET_HASH, .turn = sk->turn, .sync = s->sync, .hash = s->ours};
    to_watchers(s, &h);
    NetMsg *m = malloc(sizeof *m);
    if (!m) return;
    for (int side = 0; side < SKIRMISH_SIDES; side++) {
        memset(m, 0, sizeof *m);
        m->kind = NET_ORDERS;
        m->turn = sk->turn;
        m->sync = s->sync;
        m->side = side;
        for (int i = 0; i < sk->nships && m->nships < SKIRMISH_SIDE_SHIPS; i++)
            if (sk->ships[i].side == side && fleet_ship_manned(&sk->ships[i])) {
                m->ships[m->nships] = i;
                m->orders[m->nships++] = sk->orders[i];
            }
        to_watchers(s, m);
    }
    free(m);
}

void net_watchers_final(NetSession *s, const NetMsg *h)
{
    to_watchers(s, h);
}

/* A copy of n bytes (n may be 0), NULL when out of memory. */
static void *copy_of(const void *p, size_t n)
{
    void *c = malloc(n ? n : 1);
    if (c && n) memcpy(c, p, n);
    return c;
}

int net_on_joining(NetSession *s, const NetMsg *m, Err *e)
{
    const char *who = net_player_name(s);
    bool watcher = s->side == SKIRMISH_SIDES;
    if (m->kind == NET_CHAT) return NET_SE_NONE; /* nothing to show it in yet */
    if (m->kind == NET_REFUSE)
        return net_failf(s, NET_BAD_PEER, e, "host %s refused us: %s", who, m->text);
    if (m->kind == NET_MAP) {
        if (s->png) return net_failf(s, NET_BAD_PEER, e, "host %s: a second map", who);
        /* Checked by its header before anything is decoded or baked: a
         * small PNG can hold a map that costs gigabytes. */
        char what[96];
        snprintf(what, sizeof what, "host %s's map", who);
        if (net_map_check(m->png, m->png_len, what, e) != 0) return net_fail(s, NET_BAD_PEER, e);
        s->png = copy_of(m->png, m->png_len);
        s->ini = copy_of(m->ini, m->ini_len);
        if (!s->png || !s->ini) return net_failf(s, NET_FAILED, e, "network: out of memory");
        s->png_len = m->png_len;
        s->ini_len = m->ini_len;
        return NET_SE_NONE;
    }
    if (m->kind != NET_WELCOME)
        return net_failf(s, NET_BAD_PEER, e, "host %s: %s instead of a welcome", who,
                         net_msg_phrase(m->kind));
    int want = watcher ? SKIRMISH_SIDES : 1;
    if (m->version != NET_PROTO_VERSION || m->side != want)
        return net_failf(s, NET_BAD_PEER, e,
                         "host %s: protocol version %d, side %d; we speak version %d as %s", who,
                         m->version, m->side, NET_PROTO_VERSION, watcher ? "a watcher" : "side B");
    char *text = copy_of(m->blob, m->blob_len);
    if (!text) return net_failf(s, NET_FAILED, e, "network: out of memory");
    free(s->text);
    s->text = text;
    s->text_len = m->blob_len;
    s->sync = m->sync;
    s->state = NET_S_PLAYING;
    s->deadline = -1.0;
    s->heard = net_now_ms();
    return NET_SE_BATTLE;
}

/* ------------------------------------------------- a host's battle, read */

/* The map a host's battle is fought on: its generated sea; the map file
 * it sent (its bytes in pm, NULL none); or, from an older host that sent
 * none, a shipped map by its file name (never a path the peer gives). */
static int peer_map(const char *text, size_t len, const NetPeerMap *pm, const char *who,
                    const char *name, Map *map, Err *e)
{
    SaveSummary *sum = malloc(sizeof *sum);
    if (!sum) return err_set(e, "network: out of memory");
    int rc = save_summary_text(text, len, name, sum, e);
    const char *base = rc == 0 ? paths_base_name(sum->map_path) : "";
    char what[SKIRMISH_PATH_MAX + 96];
    snprintf(what, sizeof what, "peer %s's map %s", who, base);
    if (rc == 0 && sum->generated) {
        rc = mapgen_generate(map, &sum->gen, e);
    } else if (rc == 0 && pm && pm->png) {
        rc = map_load_png_memory(map, pm->png, pm->png_len, what, e);
        if (rc == 0) {
            map_meta_default(&map->meta, sum->map_path);
            if (pm->ini_len > 0)
                rc = map_meta_parse(&map->meta, pm->ini, pm->ini_len, what, map->w, map->h, e);
        }
        if (rc != 0) map_free(map);
    } else if (rc == 0) {
        char rel[SKIRMISH_PATH_MAX + 8], path[PATHS_MAX];
        snprintf(rel, sizeof rel, "maps/%s", base);
        if (paths_data_file(rel, path, sizeof path) != 0 || map_load(map, path, e) != 0)
            rc = err_set(e, "peer %s: its map %s is not among ours", who, base);
    }
    free(sum);
    return rc;
}

int net_peer_battle(const char *text, size_t len, const NetPeerMap *pm, const char *who, Map *map,
                    Skirmish *sk, Err *e)
{
    char name[96];
    snprintf(name, sizeof name, "peer %s's battle", who);
    memset(map, 0, sizeof *map);
    if (peer_map(text, len, pm, who, name, map, e) != 0) return -1;
    if (save_parse(text, len, name, map, sk, e) != 0) {
        map_free(map);
        return -1;
    }
    return 0;
}
