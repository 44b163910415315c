/* test_net: the network messages' bytes (every kind round trips, every
 * malformed packet is refused with one line), the battle hash that ignores
 * who has plotted, sessions in one process (a host, side B and a watcher
 * polled in turn: the same battle everywhere after a turn, a map's bytes
 * carried, a joiner gone and waited for), and a real `shoal --autoplay
 * --host` facing hostile peers: garbage, a wrong version, a wrong
 * passphrase and orders the rules refuse each get one line naming the peer
 * and exit 2. */
#include "testutil.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <spawn.h>
#include <sys/wait.h>

#include <enet/enet.h>

#include "core/ai.h"
#include "core/afile.h"
#include "core/clock.h"
#include "core/mapgen.h"
#include "core/save.h"
#include "net/net.h"
#include "net/net_msg.h"
#include "net/net_session.h"
#include "game/battle.h"

extern char **environ;

static long encode(const NetMsg *m, uint8_t *buf)
{
    long n = net_msg_encode(m, buf, NET_PACKET_MAX);
    ck_assert_int_gt(n, 0);
    return n;
}

/* A 3v3 battle on the sea of seed 7, six turns in, both sides plotted. */
static void battle(Skirmish *sk, Map *map)
{
    SkirmishSetup st;
    skirmish_setup_default(&st);
    st.seed = 7;
    MapGenParams gen;
    Err e;
    ck_assert_int_eq(skirmish_map_load(NULL, 7, map, &gen, &st, &e), 0);
    ck_assert_int_eq(skirmish_init(sk, map, &st, &e), 0);
    int pl[2] = {AI_PLAYER_NORMAL, AI_PLAYER_NORMAL};
    for (int t = 0; t < 6; t++) ck_assert_int_eq(ai_play_turn(sk, pl, &e), 0);
}

START_TEST(test_round_trip)
{
    static uint8_t buf[NET_PACKET_MAX];
    static Skirmish sk;
    static char text[SAVE_MAX_BYTES];
    Map map;
    battle(&sk, &map);
    Err e;
    ck_assert_int_eq(ai_plan_player(&sk, 1, AI_PLAYER_NORMAL, &e), 0);
    NetMsg m, d;
    memset(&m, 0, sizeof m);
    m.kind = NET_ORDERS;
    m.turn = sk.turn;
    m.sync = 3;
    m.side = 1;
    for (int i = 0; i < sk.nships; i++)
        if (sk.ships[i].side == 1) {
            m.ships[m.nships] = i;
            m.orders[m.nships++] = sk.orders[i];
        }
    long n = encode(&m, buf);
    ck_assert_int_eq(net_msg_decode(buf, (size_t)n, &d, &e), 0);
    ck_assert_int_eq(d.kind, NET_ORDERS);
    ck_assert_int_eq(d.turn, sk.turn);
    ck_assert_int_eq(d.sync, 3);
    ck_assert_int_eq(d.nships, m.nships);
    for (int k = 0; k < m.nships; k++) {
        ck_assert_int_eq(d.ships[k], m.ships[k]);
        const SkirmishOrders *a = &m.orders[k], *b = &d.orders[k];
        ck_assert_int_eq(a->nsteps, b->nsteps);
        ck_assert_mem_eq(a->steps, b->steps, (size_t)a->nsteps);
        for (int s = 0; s < FLEET_BROADSIDES; s++) {
            ck_assert_int_eq(a->fire[s].target, b->fire[s].target);
            ck_assert_int_eq(a->fire[s].shot, b->fire[s].shot);
        }
        ck_assert_int_eq(a->anchor, b->anchor);
        ck_assert_int_eq(a->board, b->board);
        /* The rules take the decoded orders as they took the planned. */
        ck_assert_int_eq(skirmish_check_orders(&sk, d.ships[k], b, &e), 0);
    }

    /* The battle whole, as a welcome and as a state. */
    int len = save_format(&sk, text, sizeof text, &e);
    ck_assert_int_gt(len, 0);
    memset(&m, 0, sizeof m);
    m.kind = NET_WELCOME;
    m.version = NET_PROTO_VERSION;
    m.side = 1;
    m.blob = text;
    m.blob_len = (size_t)len;
    n = encode(&m, buf);
    ck_assert_int_eq(net_msg_decode(buf, (size_t)n, &d, &e), 0);
    ck_assert_int_eq(d.version, NET_PROTO_VERSION);
    ck_assert_uint_eq(d.blob_len, (size_t)len);
    ck_assert_mem_eq(d.blob, text, (size_t)len);

    /* Texts and the hash. */
    const int kinds[] = {NET_HELLO, NET_REFUSE, NET_CHAT, NET_BYE, NET_HASH};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        memset(&m, 0, sizeof m);
        m.kind = kinds[k];
        m.version = 7;
        m.turn = 12;
        m.hash = 0xfedcba9876543210ull;
        snprintf(m.text, sizeof m.text, "Fair winds, Captain — %zu", k);
        n = encode(&m, buf);
        ck_assert_int_eq(net_msg_decode(buf, (size_t)n, &d, &e), 0);
        ck_assert_int_eq(d.kind, m.kind);
        if (m.kind == NET_HASH) {
            ck_assert_uint_eq(d.hash, m.hash);
            ck_assert_int_eq(d.turn, 12);
        } else {
            ck_assert_str_eq(d.text, m.text);
        }
    }
    skirmish_deinit(&sk);
    map_free(&map);
}
END_TEST

/* Decoding these bytes fails, with one line containing needle. */
static void refused(const uint8_t *p, size_t n, const char *needle)
{
    NetMsg m;
    Err e = {{0}};
    ck_assert_int_eq(net_msg_decode(p, n, &m, &e), -1);
    ck_assert_msg(strstr(e.msg, needle) != NULL, "'%s' lacks '%s'", e.msg, needle);
    ck_assert_ptr_null(strchr(e.msg, '\n'));
}

START_TEST(test_bad_packets)
{
    static uint8_t buf[NET_PACKET_MAX + 16];
    refused((const uint8_t *)"", 0, "not a shoal packet");
    refused((const uint8_t *)"XY\x05", 3, "not a shoal packet");
    refused((const uint8_t *)"SH\x63", 3, "unknown packet kind 99");
    refused((const uint8_t *)"SH\x05\x01", 4, "cut short");
    /* A hash with a byte too many. */
    NetMsg m = {.kind = NET_HASH, .turn = 3};
    long n = encode(&m, buf);
    buf[n] = 0;
    refused(buf, (size_t)n + 1, "past the end");
    /* A step that is no step, a shot that is no shot, a target past the
     * fleets, a ship twice. */
    memset(&m, 0, sizeof m);
    m.kind = NET_ORDERS;
    m.turn = 2;
    m.side = 1;
    m.nships = 2;
    m.ships[0] = 3;
    m.ships[1] = 4;
    m.orders[0].nsteps = 2;
    n = encode(&m, buf);
    /* Layout: S H kind turn(2) sync side nships, then ship 3: id nsteps s0
     * s1 (bytes 8-11), port target and shot (12, 13), ... */
    buf[10] = 7;
    refused(buf, (size_t)n, "step 7 is out of range");
    n = encode(&m, buf);
    buf[13] = 9;
    refused(buf, (size_t)n, "shot 9 is out of range");
    n = encode(&m, buf);
    buf[12] = 40;
    refused(buf, (size_t)n, "fire target 40 is out of range");
    m.ships[1] = 3;
    n = encode(&m, buf);
    refused(buf, (size_t)n, "one ship twice");
    /* A text with a control character. */
    memset(&m, 0, sizeof m);
    m.kind = NET_CHAT;
    snprintf(m.text, sizeof m.text, "ahoy");
    n = encode(&m, buf);
    buf[5] = '\n';
    refused(buf, (size_t)n, "control character");
    /* A battle text longer than any save, and one cut short. */
    static const uint8_t huge[] = {'S', 'H', NET_STATE, 1, 0, 0, 0xff, 0xff, 0xff, 0x7f};
    refused(huge, sizeof huge, "length out of range");
    static const uint8_t cut[] = {'S', 'H', NET_STATE, 1, 0, 0, 10, 0, 0, 0, 's', 'h'};
    refused(cut, sizeof cut, "cut short in the battle text");
    /* Larger than any packet. */
    memset(buf, 0, sizeof buf);
    buf[0] = 'S';
    buf[1] = 'H';
    buf[2] = NET_CHAT;
    refused(buf, NET_PACKET_MAX + 1, "more than");
    /* Nothing out of range encodes either. */
    memset(&m, 0, sizeof m);
    m.kind = NET_ORDERS;
    m.turn = 1;
    m.nships = 1;
    m.orders[0].fire[0].shot = FLEET_SHOTS;
    ck_assert_int_eq(net_msg_encode(&m, buf, NET_PACKET_MAX), -1);
}
END_TEST

/* Two processes that hold the same battle hash it alike whoever plotted. */
START_TEST(test_hash_ignores_orders)
{
    static Skirmish sk;
    Map map;
    battle(&sk, &map);
    Err e;
    uint64_t before, after, moved;
    ck_assert_int_eq(net_battle_hash(&sk, &before, &e), 0);
    ck_assert_int_eq(ai_plan_player(&sk, 0, AI_PLAYER_NORMAL, &e), 0);
    ck_assert_int_eq(net_battle_hash(&sk, &after, &e), 0);
    ck_assert_uint_eq(before, after);
    sk.ships[0].crew--;
    ck_assert_int_eq(net_battle_hash(&sk, &moved, &e), 0);
    ck_assert_uint_ne(before, moved);
    skirmish_deinit(&sk);
    map_free(&map);
}
END_TEST

START_TEST(test_address)
{
    char host[64];
    int port;
    Err e;
    ck_assert_int_eq(net_parse_address("--join", "127.0.0.1:4000", host, sizeof host, &port, &e),
                     0);
    ck_assert_str_eq(host, "127.0.0.1");
    ck_assert_int_eq(port, 4000);
    ck_assert_int_eq(net_parse_address("--join", "harbour.example", host, sizeof host, &port, &e),
                     0);
    ck_assert_int_eq(port, NET_PORT_DEFAULT);
    ck_assert_int_eq(net_parse_address("--join", "h:0", host, sizeof host, &port, &e), -1);
    ck_assert_int_eq(net_parse_address("--join", ":80", host, sizeof host, &port, &e), -1);
    ck_assert_int_eq(net_parse_address("--join", "h:99999", host, sizeof host, &port, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.msg, "--join"));
}
END_TEST

/* ------------------------------------------------- a host facing bad peers */

typedef struct Host {
    pid_t pid;
    char err[256];
    int port;
} Host;

/* `shoal --autoplay` with args (port: h->port), its stderr to h->err. */
static void shoal_start(Host *h, const char *const args[])
{
    static int next = 0;
    h->port = 27000 + (int)(getpid() % 400) * 2 + next++;
    snprintf(h->err, sizeof h->err, "/tmp/test_net_host_%d_%d.err", (int)getpid(), h->port);
    const char *build = getenv("SHOAL_BUILD");
    char bin[256], port[16], join[32], a0[] = "--autoplay";
    snprintf(bin, sizeof bin, "%s/shoal", build && *build ? build : "build");
    snprintf(port, sizeof port, "%d", h->port);
    snprintf(join, sizeof join, "127.0.0.1:%d", h->port);
    static char copy[24][64];
    char *argv[24] = {bin, a0};
    int n = 2;
    for (int i = 0; args[i] && n < 23; i++, n++) {
        snprintf(copy[n], sizeof copy[n], "%s", args[i]);
        argv[n] = strcmp(args[i], "PORT") == 0   ? port
                  : strcmp(args[i], "JOIN") == 0 ? join
                                                 : copy[n];
    }
    argv[n] = NULL;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 2, h->err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    ck_assert_int_eq(posix_spawn(&h->pid, bin, &fa, NULL, argv, environ), 0);
    posix_spawn_file_actions_destroy(&fa);
}

static void host_start(Host *h, const char *pass)
{
    const char *args[] = {"--host", "--port", "PORT", "--seed", "7",
                          "--json", "--wait", "60",   "--pass", pass ? pass : "harbour",
                          NULL};
    shoal_start(h, args);
}

/* The host's exit code (it must end within 30 s) and its stderr. */
static int host_end(Host *h, char *err, size_t cap)
{
    int status = 0;
    for (int t = 0; t < 300; t++) {
        if (waitpid(h->pid, &status, WNOHANG) == h->pid) break;
        if (t == 299) {
            kill(h->pid, SIGKILL);
            waitpid(h->pid, &status, 0);
            ck_abort_msg("the host hung");
        }
        usleep(100000);
    }
    FILE *f = fopen(h->err, "r");
    size_t n = f ? fread(err, 1, cap - 1, f) : 0;
    err[n] = '\0';
    if (f) fclose(f);
    unlink(h->err);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* A raw ENet peer of the host (retrying while it starts up). */
typedef struct Raw {
    ENetHost *host;
    ENetPeer *peer;
} Raw;

/* Raw peers alive, kept answering ENet's pings while a test waits
 * (await_line), so the host hears them as a real program's. */
static Raw *pumped[8];

static void pump(void)
{
    for (int i = 0; i < 8; i++) {
        ENetEvent ev;
        while (pumped[i] && enet_host_service(pumped[i]->host, &ev, 0) > 0)
            if (ev.type == ENET_EVENT_TYPE_RECEIVE) enet_packet_destroy(ev.packet);
    }
}

static void raw_connect(Raw *r, int port)
{
    for (int i = 0; i < 8; i++)
        if (!pumped[i]) {
            pumped[i] = r;
            break;
        }
    ck_assert_int_eq(enet_initialize(), 0);
    r->host = enet_host_create(NULL, 1, 1, 0, 0);
    ck_assert_ptr_nonnull(r->host);
    for (int tries = 0; tries < 50; tries++) {
        ENetAddress a;
        enet_address_set_host(&a, "127.0.0.1");
        a.port = (enet_uint16)port;
        r->peer = enet_host_connect(r->host, &a, 1, 0);
        ENetEvent ev;
        if (enet_host_service(r->host, &ev, 200) > 0 && ev.type == ENET_EVENT_TYPE_CONNECT) return;
        enet_peer_reset(r->peer);
    }
    ck_abort_msg("no host on port %d", port);
}

static void raw_send(Raw *r, const void *p, size_t n)
{
    ENetPacket *pk = enet_packet_create(p, n, ENET_PACKET_FLAG_RELIABLE);
    ck_assert_int_eq(enet_peer_send(r->peer, 0, pk), 0);
    enet_host_flush(r->host);
}

static void raw_send_msg(Raw *r, const NetMsg *m)
{
    static uint8_t buf[NET_PACKET_MAX];
    raw_send(r, buf, (size_t)encode(m, buf));
}

/* The host's next message (within 10 s), decoded into m. */
static void raw_recv(Raw *r, NetMsg *m, uint8_t *keep)
{
    ENetEvent ev;
    for (int t = 0; t < 100; t++)
        if (enet_host_service(r->host, &ev, 100) > 0 && ev.type == ENET_EVENT_TYPE_RECEIVE) {
            memcpy(keep, ev.packet->data, ev.packet->dataLength);
            Err e;
            ck_assert_int_eq(net_msg_decode(keep, ev.packet->dataLength, m, &e), 0);
            enet_packet_destroy(ev.packet);
            return;
        }
    ck_abort_msg("the host said nothing");
}

static void raw_close(Raw *r)
{
    for (int i = 0; i < 8; i++)
        if (pumped[i] == r) pumped[i] = NULL;
    enet_host_destroy(r->host);
    enet_deinitialize();
}

static void hello(Raw *r, int version, const char *pass)
{
    NetMsg m = {.kind = NET_HELLO, .version = version, .role = NET_ROLE_PLAYER};
    snprintf(m.text, sizeof m.text, "%s", pass);
    raw_send_msg(r, &m);
}

static void assert_one_line(const char *err, const char *needle, int port)
{
    ck_assert_msg(strstr(err, needle) != NULL, "stderr lacks '%s': %s", needle, err);
    char peer[32];
    snprintf(peer, sizeof peer, "peer 127.0.0.1:");
    ck_assert_msg(strstr(err, peer) != NULL, "stderr names no peer: %s", err);
    (void)port;
}

/* A datagram of n bytes to 127.0.0.1:port from a plain UDP socket: no
 * ENet, no handshake, as anyone on the network could send it. */
static void stranger_datagram(int port, size_t n)
{
    static uint8_t junk[8192];
    ck_assert_uint_le(n, sizeof junk);
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    ck_assert_int_ge(fd, 0);
    struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ck_assert_int_eq(sendto(fd, junk, n, 0, (struct sockaddr *)&to, sizeof to), (ssize_t)n);
    close(fd);
}

/* Wait (up to 60 s) until the file at path holds needle. */
static void await_line(const char *path, const char *needle)
{
    static char buf[16384];
    for (int t = 0; t < 600; t++) {
        FILE *f = fopen(path, "r");
        size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
        buf[n] = '\0';
        if (f) fclose(f);
        if (strstr(buf, needle)) return;
        pump();
        usleep(100000);
    }
    ck_abort_msg("%s never said '%s': %s", path, needle, buf);
}

static bool running(const Host *h)
{
    int status;
    return waitpid(h->pid, &status, WNOHANG) == 0;
}

/* Strangers before side B comes: a datagram too large for ENet, one who
 * connects and never says hello, garbage, another version and a wrong
 * passphrase are each refused in one line, and the host keeps waiting;
 * the real joiner is welcomed; another oversized datagram mid-battle is
 * dropped too; only side B's own garbage then ends the battle (exit 2). */
START_TEST(test_strangers_end_no_battle)
{
    static uint8_t keep[NET_PACKET_MAX];
    Host h;
    host_start(&h, NULL);
    await_line(h.err, "hosting on UDP port");
    stranger_datagram(h.port, 5000);
    Raw silent, junk, old, guess, b;
    raw_connect(&silent, h.port);
    raw_connect(&junk, h.port);
    raw_send(&junk, "SH\x04garbage!", 11);
    raw_connect(&old, h.port);
    hello(&old, 99, "harbour");
    NetMsg m;
    raw_recv(&old, &m, keep);
    ck_assert_int_eq(m.kind, NET_REFUSE);
    ck_assert_int_eq(m.version, NET_PROTO_VERSION);
    ck_assert_ptr_nonnull(strstr(m.text, "protocol version 99"));
    raw_connect(&guess, h.port);
    hello(&guess, NET_PROTO_VERSION, "reef");
    raw_recv(&guess, &m, keep);
    ck_assert_int_eq(m.kind, NET_REFUSE);
    ck_assert_str_eq(m.text, "wrong passphrase");
    await_line(h.err, "no hello within");
    ck_assert_msg(running(&h), "a stranger ended the host's wait");
    raw_connect(&b, h.port);
    hello(&b, NET_PROTO_VERSION, "harbour");
    raw_recv(&b, &m, keep);
    ck_assert_int_eq(m.kind, NET_WELCOME);
    stranger_datagram(h.port, 5000);
    stranger_datagram(h.port, 4097);
    raw_send(&b, "SH\x04garbage!", 11);
    char err[4096];
    int rc = host_end(&h, err, sizeof err);
    raw_close(&silent);
    raw_close(&junk);
    raw_close(&old);
    raw_close(&guess);
    raw_close(&b);
    ck_assert_int_eq(rc, 2);
    char want[96];
    snprintf(want, sizeof want, "protocol version 99; this host speaks version %d",
             NET_PROTO_VERSION);
    assert_one_line(err, want, h.port);
    assert_one_line(err, "refused: wrong passphrase", h.port);
    assert_one_line(err, "no hello within 10 s", h.port);
    ck_assert_msg(strstr(err, "dropped 1 datagram too large") != NULL, "no drop told: %s", err);
    /* Told once: the next drops come within the minute. */
    ck_assert_msg(strstr(strstr(err, "dropped") + 1, "dropped") == NULL, "told twice: %s", err);
    ck_assert_msg(strstr(err, "socket failed") == NULL, "%s", err);
    /* The stranger's garbage was refused, side B's ended the battle: two lines. */
    const char *first = strstr(err, "bad packet");
    ck_assert_msg(first && strstr(first + 1, "bad packet"), "not two bad packets: %s", err);
}
END_TEST

/* A peer that speaks the protocol well but orders a ship of the host's
 * side, then one that sails onto land, then orders for a turn far ahead
 * (said as English: "orders for turn 99", not "a orders"). */
START_TEST(test_host_refuses_illegal_orders)
{
    static uint8_t keep[NET_PACKET_MAX];
    static Skirmish sk;
    for (int k = 0; k < 3; k++) {
        Host h;
        host_start(&h, NULL);
        Raw r;
        raw_connect(&r, h.port);
        hello(&r, NET_PROTO_VERSION, "harbour");
        NetMsg m;
        raw_recv(&r, &m, keep);
        ck_assert_int_eq(m.kind, NET_WELCOME);
        SaveSummary s;
        Err e;
        ck_assert_int_eq(save_summary_text(m.blob, m.blob_len, "welcome", &s, &e), 0);
        ck_assert(s.generated);
        Map map;
        ck_assert_int_eq(mapgen_generate(&map, &s.gen, &e), 0);
        ck_assert_int_eq(save_parse(m.blob, m.blob_len, "welcome", &map, &sk, &e), 0);
        NetMsg hm = {.kind = NET_HASH, .turn = sk.turn};
        ck_assert_int_eq(net_battle_hash(&sk, &hm.hash, &e), 0);
        raw_send_msg(&r, &hm);
        NetMsg o = {.kind = NET_ORDERS, .turn = k == 2 ? 99 : sk.turn, .side = 1, .nships = 1};
        int ship = -1;
        for (int i = 0; i < sk.nships; i++)
            if (sk.ships[i].side == (k == 0 ? 0 : 1)) ship = i;
        o.ships[0] = ship;
        skirmish_default_orders(&sk, ship, &o.orders[0]);
        if (k == 1) {
            /* Sixteen steps ahead: more than any ship's allowance. */
            o.orders[0].nsteps = SKIRMISH_MAX_STEPS;
            memset(o.orders[0].steps, HEX_STEP_FORWARD, SKIRMISH_MAX_STEPS);
        }
        raw_send_msg(&r, &o);
        char err[2048];
        int rc = host_end(&h, err, sizeof err);
        raw_close(&r);
        skirmish_deinit(&sk);
        map_free(&map);
        ck_assert_int_eq(rc, 2);
        assert_one_line(err,
                        k == 0   ? "not one of side B's"
                        : k == 1 ? "orders the rules refuse"
                                 : ": orders for turn 99 (sync 0) while turn 1 (sync 0) is plotted",
                        h.port);
    }
}
END_TEST

START_TEST(test_map_message)
{
    static uint8_t buf[NET_PACKET_MAX];
    static const uint8_t png[] = {0x89, 'P', 'N', 'G', 1, 2, 3};
    static const char ini[] = "name = My Reef\n";
    NetMsg m = {
        .kind = NET_MAP, .png = png, .png_len = sizeof png, .ini = ini, .ini_len = sizeof ini - 1};
    long n = encode(&m, buf);
    NetMsg d;
    Err e;
    ck_assert_int_eq(net_msg_decode(buf, (size_t)n, &d, &e), 0);
    ck_assert_int_eq(d.kind, NET_MAP);
    ck_assert_uint_eq(d.png_len, sizeof png);
    ck_assert_mem_eq(d.png, png, sizeof png);
    ck_assert_uint_eq(d.ini_len, sizeof ini - 1);
    ck_assert_mem_eq(d.ini, ini, sizeof ini - 1);
    /* No picture at all is no map. */
    m.png_len = 0;
    ck_assert_int_eq(net_msg_encode(&m, buf, NET_PACKET_MAX), -1);
    buf[3] = buf[4] = buf[5] = buf[6] = 0;
    refused(buf, (size_t)n, "map picture of 0 bytes");
}
END_TEST

/* A hostile host: it answers a real `shoal --autoplay --join`, sends a
 * datagram too large for ENet at the joiner's socket (dropped), then a map
 * whose PNG header says 16384x16384 (the 302 KB map bomb, cut to its
 * header: nothing past it is ever read). The joiner refuses it in one line
 * naming the host before decoding a byte (the rest of the PNG is missing,
 * so a decode would say something else), and exits 2. */
START_TEST(test_joiner_refuses_map_bomb)
{
    Host j;
    const char *args[] = {"--join", "JOIN", "--pass", "harbour", "--wait", "60", NULL};
    ck_assert_int_eq(enet_initialize(), 0);
    /* The port first: the joiner retries until the host answers. */
    shoal_start(&j, args);
    ENetAddress a = {.host = ENET_HOST_ANY, .port = (enet_uint16)j.port};
    ENetHost *host = enet_host_create(&a, 2, 1, 0, 0);
    ck_assert_ptr_nonnull(host);
    host->maximumPacketSize = NET_PACKET_LIMIT;
    ENetPeer *peer = NULL;
    bool hello_in = false;
    ENetEvent ev;
    for (int t = 0; t < 600 && !hello_in; t++) {
        if (enet_host_service(host, &ev, 100) <= 0) continue;
        if (ev.type == ENET_EVENT_TYPE_CONNECT) {
            peer = ev.peer;
            stranger_datagram(peer->address.port, 5000);
        }
        if (ev.type == ENET_EVENT_TYPE_RECEIVE) {
            hello_in = ev.packet->dataLength > 2 && ev.packet->data[2] == NET_HELLO;
            enet_packet_destroy(ev.packet);
        }
    }
    ck_assert_msg(hello_in, "the joiner never said hello");
    static const uint8_t head[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0,
                                   13,   'I', 'H', 'D', 'R',  0,    0,    0x40, 0, 0, 0,
                                   0x40, 0,   1,   0,   0,    0,    0,    0,    0, 0, 0};
    NetMsg m = {.kind = NET_MAP, .png = head, .png_len = sizeof head, .ini = "", .ini_len = 0};
    static uint8_t buf[NET_PACKET_MAX];
    long n = encode(&m, buf);
    enet_peer_send(peer, 0, enet_packet_create(buf, (size_t)n, ENET_PACKET_FLAG_RELIABLE));
    enet_host_flush(host);
    /* ENet's goodbye wants answers: served until the joiner has exited
     * (WNOWAIT: host_end still reaps it). */
    for (int t = 0; t < 600; t++) {
        siginfo_t info = {0};
        if (waitid(P_PID, (id_t)j.pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid)
            break;
        /* Its goodbye (a BYE packet) is ours to free. */
        if (enet_host_service(host, &ev, 100) > 0 && ev.type == ENET_EVENT_TYPE_RECEIVE)
            enet_packet_destroy(ev.packet);
    }
    enet_host_destroy(host);
    enet_deinitialize();
    char err[4096];
    int rc = host_end(&j, err, sizeof err);
    ck_assert_int_eq(rc, 2);
    char want[160];
    snprintf(want, sizeof want,
             "host 127.0.0.1:%d's map is 16384x16384 pixels; a network battle takes maps up to "
             "%dx%d",
             j.port, NET_MAP_MAX_SIDE, NET_MAP_MAX_SIDE);
    ck_assert_msg(strstr(err, want) != NULL, "stderr lacks '%s': %s", want, err);
    ck_assert_msg(strstr(err, "dropped 1 datagram too large") != NULL, "%s", err);
    ck_assert_msg(strstr(err, "socket failed") == NULL, "%s", err);
}
END_TEST

/* ------------------------------------------- sessions in one process */

enum { HOST, JOINER, WATCHER, ENDS };

typedef struct Ends {
    NetSession *s[ENDS];
    Skirmish *sk[ENDS];
    Map map[ENDS];
    int last[ENDS];        /* each one's last event */
    char told[ENDS][8192]; /* each one's lines (NetTellFn) */
    int chats[ENDS];       /* chat lines heard */
} Ends;

static void tell_into(void *ctx, const char *line)
{
    char *told = ctx;
    size_t n = strlen(told);
    snprintf(told + n, sizeof((Ends *)0)->told[0] - n, "%s\n", line);
}

/* Poll every session (with its battle, once it has one) until end k's
 * event is want; the others' events are kept in last[]. */
static void poll_until(Ends *x, int k, int want)
{
    for (int t = 0; t < 3000; t++) {
        for (int j = 0; j < ENDS; j++) {
            if (!x->s[j]) continue;
            Err e = {{0}};
            int ev = net_session_poll(x->s[j], x->sk[j], j == k ? 2 : 0, &e);
            ck_assert_msg(ev != NET_SE_FAILED, "end %d failed: %s", j, e.msg);
            if (ev != NET_SE_NONE) x->last[j] = ev;
            if (ev == NET_SE_CHAT) x->chats[j]++;
            if (j == k && ev == want) return;
        }
    }
    ck_abort_msg("end %d never saw event %d (last %d)", k, want, x->last[k]);
}

static NetSession *open_end(Ends *x, int k, int port)
{
    NetSessionOptions o = {.host = k == HOST,
                           .watch = k == WATCHER,
                           .address = "127.0.0.1",
                           .port = port,
                           .wait_s = 20,
                           .rejoin_s = 20,
                           .pass = "reef",
                           .tell = tell_into,
                           .tell_ctx = x->told[k]};
    Err e = {{0}};
    NetSession *s = net_session_open(&o, &e);
    ck_assert_msg(s != NULL, "%s", e.msg);
    return s;
}

static uint64_t hash_of(const Skirmish *sk)
{
    uint64_t h = 0;
    Err e;
    ck_assert_int_eq(net_battle_hash(sk, &h, &e), 0);
    return h;
}

/* A host on a map file of its own (no shipped one by that name), a
 * watcher and side B: all three come aboard, the joiner and the watcher
 * read the map from the host's bytes, one turn later the three hold the
 * same battle; then side B leaves and the host waits for it. */
START_TEST(test_sessions_one_turn)
{
    static Ends x;
    memset(&x, 0, sizeof x);
    int port = 26000 + (int)(getpid() % 900);
    char dir[] = "/tmp/test_net_map_XXXXXX", png[256], ini[256];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(png, sizeof png, "%s/my-reef.png", dir);
    snprintf(ini, sizeof ini, "%s/my-reef.ini", dir);
    Err e = {{0}};
    Map shipped;
    ck_assert_msg(map_load(&shipped, "data/maps/crescent-reef.png", &e) == 0, "%s", e.msg);
    snprintf(shipped.meta.name, sizeof shipped.meta.name, "My Reef");
    ck_assert_int_eq(map_save(&shipped, png, &e), 0);
    map_free(&shipped);
    SkirmishSetup st;
    skirmish_setup_default(&st);
    st.seed = 5;
    MapGenParams gen;
    for (int k = 0; k < ENDS; k++) x.sk[k] = calloc(1, sizeof(Skirmish));
    ck_assert_int_eq(skirmish_map_load(png, 0, &x.map[HOST], &gen, &st, &e), 0);
    ck_assert_int_eq(skirmish_init(x.sk[HOST], &x.map[HOST], &st, &e), 0);
    Skirmish *host_sk = x.sk[HOST];
    x.s[HOST] = open_end(&x, HOST, port);
    x.s[WATCHER] = open_end(&x, WATCHER, port);
    Skirmish *keep[ENDS];
    for (int k = 0; k < ENDS; k++) keep[k] = x.sk[k];
    x.sk[WATCHER] = x.sk[JOINER] = NULL; /* no battle until the host's comes */
    poll_until(&x, WATCHER, NET_SE_BATTLE);
    x.s[JOINER] = open_end(&x, JOINER, port);
    poll_until(&x, JOINER, NET_SE_BATTLE);
    ck_assert_int_eq(net_session_watchers(x.s[HOST]), 1);
    unlink(png); /* from here the map is only in the host's bytes */
    unlink(ini);
    rmdir(dir);
    for (int k = JOINER; k <= WATCHER; k++) {
        x.sk[k] = keep[k];
        ck_assert_int_eq(net_session_take_battle(x.s[k], &x.map[k], x.sk[k], &e), 0);
        ck_assert_str_eq(x.map[k].meta.name, "My Reef");
        ck_assert_uint_eq(hash_of(x.sk[k]), hash_of(host_sk));
    }
    /* Datagrams too large for ENet at every end's socket (each one's
     * ENet would fail its service call): dropped, told, and the turn goes
     * on. A flood of chat from side B: five lines heard at once, then one
     * a second; the rest dropped with one line. */
    for (int k = 0; k < ENDS; k++) {
        ck_assert_int_gt(net_session_port(x.s[k]), 0);
        stranger_datagram(net_session_port(x.s[k]), 5000);
    }
    double flood_at = clock_now_ms();
    for (int i = 0; i < 20; i++)
        ck_assert_int_eq(net_session_say(x.s[JOINER], "broadside!", &e), 0);
    /* One turn: each commander plots and sends; the watcher hears both. */
    for (int k = HOST; k <= JOINER; k++) {
        ck_assert_int_eq(ai_plan_player(x.sk[k], k, AI_PLAYER_NORMAL, &e), 0);
        ck_assert_int_eq(net_session_send_turn(x.s[k], x.sk[k], &e), 0);
    }
    for (int k = 0; k < ENDS; k++) {
        if (x.last[k] != NET_SE_TURN) poll_until(&x, k, NET_SE_TURN);
        x.last[k] = NET_SE_NONE;
        for (int side = 0; side < SKIRMISH_SIDES; side++)
            if (!x.sk[k]->submitted[side]) ck_assert_int_eq(skirmish_submit(x.sk[k], side, &e), 0);
        ck_assert_int_eq(skirmish_resolve(x.sk[k], &e), 0);
    }
    ck_assert_int_eq(host_sk->turn, 2);
    for (int k = 0; k < ENDS; k++)
        ck_assert_msg(strstr(x.told[k], "dropped 1 datagram too large"), "end %d told: %s", k,
                      x.told[k]);
    /* The turn's orders came after the 20 lines (reliable, in order): all were heard or dropped. */
    int grace = (int)((clock_now_ms() - flood_at) / 1000.0) + 1;
    ck_assert_int_ge(x.chats[HOST], 5);
    ck_assert_int_le(x.chats[HOST], 5 + grace);
    ck_assert_msg(strstr(x.told[HOST], "chat too fast: dropped 1 line"), "%s", x.told[HOST]);
    ck_assert_msg(!strstr(strstr(x.told[HOST], "chat too fast") + 1, "chat too fast"),
                  "told twice: %s", x.told[HOST]);
    ck_assert_uint_eq(hash_of(x.sk[JOINER]), hash_of(host_sk));
    ck_assert_uint_eq(hash_of(x.sk[WATCHER]), hash_of(host_sk));
    /* Side B leaves: the host waits for it to come back, the clock running. */
    net_session_close(x.s[JOINER], "gone fishing");
    x.s[JOINER] = NULL;
    poll_until(&x, HOST, NET_SE_AWAY);
    ck_assert_int_eq(net_session_state(x.s[HOST]), NET_S_WAITING);
    ck_assert_int_gt(net_session_wait_left(x.s[HOST]), 0);
    ck_assert_int_le(net_session_wait_left(x.s[HOST]), 20);
    for (int k = 0; k < ENDS; k++) {
        net_session_close(x.s[k], NULL);
        skirmish_deinit(keep[k]);
        free(keep[k]);
        map_free(&x.map[k]);
    }
}
END_TEST

/* A battle joined on a host's own map: the map is kept on this machine,
 * and a save of the battle loads again from it after the host's file is
 * gone. */
START_TEST(test_joined_map_kept)
{
    char home[] = "/tmp/test_net_home_XXXXXX", path[512], save[512];
    ck_assert_ptr_nonnull(mkdtemp(home));
    setenv("XDG_DATA_HOME", home, 1);
    Err e = {{0}};
    static Skirmish sk;
    Map map;
    SkirmishSetup st;
    skirmish_setup_default(&st);
    st.seed = 3;
    MapGenParams gen;
    snprintf(path, sizeof path, "%s/my-isles.png", home);
    ck_assert_int_eq(map_load(&map, "data/maps/channel-isles.png", &e), 0);
    ck_assert_int_eq(map_save(&map, path, &e), 0);
    map_free(&map);
    ck_assert_int_eq(skirmish_map_load(path, 0, &map, &gen, &st, &e), 0);
    ck_assert_int_eq(skirmish_init(&sk, &map, &st, &e), 0);
    static char text[SAVE_MAX_BYTES];
    int n = net_battle_text(&sk, text, sizeof text, &e);
    ck_assert_int_gt(n, 0);
    char *png, *ini;
    size_t png_len, ini_len;
    char side[512];
    map_sidecar_path(path, side, sizeof side);
    ck_assert_int_eq(afile_read(path, 1 << 24, &png, &png_len, &e), 0);
    ck_assert_int_eq(afile_read(side, 1 << 16, &ini, &ini_len, &e), 0);
    unlink(path);
    unlink(side);
    NetPeerMap pm = {(const uint8_t *)png, png_len, ini, ini_len};
    Battle *b = battle_from_peer(text, (size_t)n, &pm, "127.0.0.1:1", 1, 1.0f, &e);
    ck_assert_msg(b != NULL, "%s", e.msg);
    ck_assert_ptr_nonnull(strstr(b->map_kept, "/shoal/maps/received/my-isles-"));
    snprintf(save, sizeof save, "%s/joined.sav", home);
    ck_assert_int_eq(battle_save(b, save, &e), 0);
    Battle *again = battle_load(save, BATTLE_VS_AI, 1.0f, &e);
    ck_assert_msg(again != NULL, "%s", e.msg);
    ck_assert_int_eq(again->map.w, b->map.w);
    ck_assert_str_eq(again->map.meta.name, b->map.meta.name);
    battle_free(again);
    battle_free(b);
    skirmish_deinit(&sk);
    map_free(&map);
    free(png);
    free(ini);
}
END_TEST

static Suite *net_suite(void)
{
    Suite *s = suite_create("net");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_round_trip);
    tcase_add_test(tc, test_bad_packets);
    tcase_add_test(tc, test_hash_ignores_orders);
    tcase_add_test(tc, test_address);
    tcase_add_test(tc, test_strangers_end_no_battle);
    tcase_add_test(tc, test_joiner_refuses_map_bomb);
    tcase_add_test(tc, test_host_refuses_illegal_orders);
    tcase_add_test(tc, test_map_message);
    tcase_add_test(tc, test_sessions_one_turn);
    tcase_add_test(tc, test_joined_map_kept);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(net_suite)
