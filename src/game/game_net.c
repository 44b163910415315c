/* game_net: a battle against a friend on another machine, in a window —
 * the link opened from the menu, polled once a frame (never blocking the
 * frame), the orders sent as the turn ends and the friend's taken as they
 * come, the panel saying what the battle waits for, a line of chat, and a
 * question when the link fails: save the battle, wait longer or join
 * again, or leave. The protocol is net_session's. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "game.h"
#include "net/net.h"
#include "net/net_session.h"
#include "ui/theme.h"

/* How long a joiner waits for the host to answer (s). */
#define NET_ANSWER_S 20
/* Most events taken in one frame (a turn's set is one). */
#define NET_EVENTS_PER_FRAME 8

static const char *side_word(int side)
{
    return side == 0 ? "side A (blue)" : "side B (red)";
}

/* A line of the session's: in the battle's log, and on stderr. */
static void tell(void *ctx, const char *line)
{
    Game *g = ctx;
    fprintf(stderr, "shoal: %s\n", line);
    if (g->battle && g->battle->mode == BATTLE_NET) battle_log_add(g->battle, line, -1, -1);
}

static void close_link(Game *g, const char *why)
{
    net_session_close(g->net, why);
    g->net = NULL;
    g->net_final = false;
    g->net_loading = false;
    g->net_down = false;
}

/* Open a session (host when address is NULL; watch: as a watcher), or
 * say why not. */
static int open_link(Game *g, const char *address, int port, bool watch)
{
    if (g->net) close_link(g, "they started another battle");
    NetSessionOptions o = {.host = address == NULL,
                           .watch = watch,
                           .address = address,
                           .port = port,
                           .wait_s = address ? NET_ANSWER_S : 0,
                           .rejoin_s = g->settings.net_rejoin,
                           .pass = g->menu.net_pass,
                           .tell = tell,
                           .tell_ctx = g};
    Err e = {{0}};
    g->net = net_session_open(&o, &e);
    if (!g->net) {
        fprintf(stderr, "shoal: %s\n", e.msg);
        game_tell(g, 1, e.msg);
        return -1;
    }
    g->net_port = port;
    g->net_final = g->net_loading = g->net_had_peer = false;
    return 0;
}

void game_net_host(Game *g, BattleSetup *st)
{
    st->mode = BATTLE_NET;
    if (open_link(g, NULL, g->settings.net_port, false) != 0) return;
    game_new_battle(g, st);
}

void game_net_host_load(Game *g, const char *path)
{
    if (open_link(g, NULL, g->settings.net_port, false) != 0) return;
    game_load_battle(g, path, BATTLE_NET);
}

void game_net_join(Game *g, const char *address, bool watch)
{
    char host[SETTINGS_HOST_MAX];
    int port = 0;
    Err e = {{0}};
    if (net_parse_address("address", address, host, sizeof host, &port, &e) != 0) {
        game_tell(g, 1, e.msg);
        return;
    }
    if (open_link(g, host, port, watch) != 0) return;
    snprintf(g->net_address, sizeof g->net_address, "%s", address);
    g->net_watching = watch;
    g->menu_open = 0; /* the panel says how the joining goes */
    settings_recent_host(&g->settings, address);
    settings_recent_host(&g->menu.edit, address);
    game_settings_store(g);
}

void game_net_open(Game *g)
{
    const GameOptions *o = g->o;
    if (o->net_pass[0]) snprintf(g->menu.net_pass, sizeof g->menu.net_pass, "%s", o->net_pass);
    if (!o->net_host && !o->net_join[0]) return;
    if (o->net_host && g->battle && g->battle->mode == BATTLE_NET)
        open_link(g, NULL, o->net_port > 0 ? o->net_port : g->settings.net_port, false);
    if (o->net_join[0]) {
        char address[300];
        snprintf(address, sizeof address, "%.255s:%d", o->net_join, o->net_join_port);
        game_net_join(g, address, o->net_watch);
    }
    /* The link asked for on the command line could not be had (a port in
     * use, no such host): said on stderr; nothing to play. */
    if (!g->net) {
        g->quit = 1;
        g->exit_code = 1;
    }
}

/* The battle on screen is the network's. */
static Battle *net_battle(Game *g)
{
    return g->battle && g->battle->mode == BATTLE_NET ? g->battle : NULL;
}

/* The link failed: say so and ask what now. */
static void ask_down(Game *g, const Err *e)
{
    bool host = net_session_side(g->net) == 0;
    bool can_wait = host && net_battle(g) && !g->battle->sk.over;
    char msg[DIALOG_MSG_MAX];
    snprintf(msg, sizeof msg,
             "%s\n\nThe battle is here as it stands: save it to play on later, against the "
             "computer, at this screen, or hosted again.",
             e->msg);
    static const char *const host_buttons[] = {"Save and leave", "Wait longer", "Leave"};
    static const char *const join_buttons[] = {"Save and leave", "Join again", "Leave"};
    bool again = can_wait || (!host && g->net_address[0]);
    if (!net_battle(g)) {
        static const char *const ok[] = {"Close"};
        dialog_open(&g->ask, GAME_ASK_NET_DOWN, "No network battle", e->msg, ok, 1, 0, 0);
        close_link(g, NULL);
        return;
    }
    if (again)
        dialog_open(&g->ask, GAME_ASK_NET_DOWN, "The network battle stopped", msg,
                    host ? host_buttons : join_buttons, 3, 0, 2);
    else
        dialog_open(&g->ask, GAME_ASK_NET_DOWN, "The network battle stopped", msg,
                    (const char *const[]){"Save and leave", "Leave"}, 2, 0, 1);
    g->net_down_again = again;
    g->net_down = true;
}

/* One event of the session's. */
static void on_event(Game *g, int ev, const Err *e)
{
    Battle *b = net_battle(g);
    Err why = {{0}};
    switch (ev) {
    case NET_SE_JOINED:
        if (b) battle_note(b, 0, "%s joined: they command side B", net_session_peer(g->net));
        break;
    case NET_SE_BATTLE: {
        size_t len = 0;
        NetPeerMap pm;
        const char *text = net_session_battle_text(g->net, &len, &pm);
        g->net_loading = true;
        game_peer_battle(g, text, len, &pm, net_session_peer(g->net), net_session_side(g->net));
        break;
    }
    case NET_SE_STATE:
        if (b) {
            battle_net_replot(b);
            battle_note(b, 1, "the host's battle replaced ours (turn %d): give your orders again",
                        b->sk.turn);
        }
        break;
    case NET_SE_TURN:
        if (b && battle_net_resolve(b, &why) != 0) {
            fprintf(stderr, "shoal: %s\n", why.msg);
            battle_note(b, 1, "%s", why.msg);
        }
        break;
    case NET_SE_CHAT: {
        const char *from = "", *said = net_session_chat(g->net, &from);
        if (b) {
            char line[BATTLE_LOG_TEXT];
            bool watcher = strncmp(from, "watcher", 7) == 0;
            int side = net_session_side(g->net) == 0 ? 1 : 0;
            snprintf(line, sizeof line, "%s says: %.140s", watcher ? "a watcher" : side_word(side),
                     said);
            battle_log_add(b, line, -1, watcher ? -1 : side);
            battle_note(b, 0, "%s", line);
        }
        fprintf(stderr, "shoal: %s says: %s\n", from, said);
        break;
    }
    case NET_SE_OVER:
        if (b) battle_log_add(b, "both commanders hold the same battle at its end", -1, -1);
        break;
    case NET_SE_FAILED:
        fprintf(stderr, "shoal: %s\n", e->msg);
        ask_down(g, e);
        break;
    default:
        break;
    }
}

void game_net_frame(Game *g)
{
    if (!g->net) return;
    Battle *b = net_battle(g);
    if (g->net_loading && !g->loader) g->net_loading = false;
    /* The network battle was left (another one, or none, took its place). */
    int state = net_session_state(g->net);
    if (!b && !g->loader && !g->net_loading && state != NET_S_JOINING && !g->net_down) {
        close_link(g, "they left the battle");
        return;
    }
    /* A load under way (the host's battle, or the one this window hosts):
     * what comes waits until it is on screen. */
    /* While a question is open the link is still heard (a friend whose
     * pings went unanswered for seconds would drop us), but a failure
     * already asked about is not asked again. */
    if (g->loader || g->net_down) return;
    Err e = {{0}};
    if (b && b->phase == BATTLE_WAIT && !net_session_sent(g->net) &&
        (state == NET_S_PLAYING || state == NET_S_WAITING) &&
        net_session_send_turn(g->net, &b->sk, &e) != 0) {
        on_event(g, NET_SE_FAILED, &e);
        return;
    }
    if (b && b->sk.over && !g->net_final && state == NET_S_PLAYING && b->phase == BATTLE_OVER) {
        g->net_final = true;
        if (net_session_send_final(g->net, &b->sk, &e) != 0) {
            on_event(g, NET_SE_FAILED, &e);
            return;
        }
    }
    for (int k = 0; k < NET_EVENTS_PER_FRAME && g->net && !g->net_down; k++) {
        /* A turn's orders wait while the last turn is re-watched. */
        if (b && b->phase == BATTLE_ANIMATE) break;
        int ev = net_session_poll(g->net, b ? &b->sk : NULL, 0, &e);
        if (ev == NET_SE_NONE) break;
        on_event(g, ev, &e);
        b = net_battle(g);
    }
}

/* ------------------------------------------------------------ questions */

void game_net_ask(Game *g, int what)
{
    char msg[256];
    if (what == GAME_ASK_NET_JOIN) {
        static const char *const b[] = {"Join", "Watch", "Cancel"};
        dialog_open(&g->ask, GAME_ASK_NET_JOIN, "Join a battle",
                    "The host's address, as they give it: HOST or HOST:PORT. Join to command "
                    "side B; watch to see each turn as it is played.",
                    b, 3, 0, 2);
        dialog_set_field(&g->ask, g->settings.net_recent[0], NULL, NULL);
    } else if (what == GAME_ASK_NET_PASS) {
        static const char *const b[] = {"Keep", "Cancel"};
        dialog_open(&g->ask, GAME_ASK_NET_PASS, "Passphrase",
                    "Asked of whoever joins a battle you host, and given to the host you join. "
                    "Empty: none. Kept until shoal closes, never on disk.",
                    b, 2, 0, 1);
        dialog_set_field(&g->ask, g->menu.net_pass, NULL, NULL);
    } else if (what == GAME_ASK_NET_PORT) {
        static const char *const b[] = {"Keep", "Cancel"};
        snprintf(msg, sizeof msg,
                 "The UDP port a battle you host listens on (1..65535; %d unless you choose). "
                 "Open it in your firewall, or forward it on your router, for friends outside "
                 "your network.",
                 NET_PORT_DEFAULT);
        dialog_open(&g->ask, GAME_ASK_NET_PORT, "Port", msg, b, 2, 0, 1);
        char port[16];
        snprintf(port, sizeof port, "%d", g->settings.net_port);
        dialog_set_field(&g->ask, port, NULL, NULL);
    } else if (what == GAME_ASK_NET_CHAT && g->net && net_battle(g)) {
        static const char *const b[] = {"Send", "Cancel"};
        dialog_open(&g->ask, GAME_ASK_NET_CHAT, "Say to the other commander",
                    "One line (at most 200 bytes).", b, 2, 0, 1);
        dialog_set_field(&g->ask, "", NULL, NULL);
    }
}

/* A passphrase, port or chat line typed: checked, and kept or sent. */
static void take_field(Game *g, int kind, const char *field)
{
    Err e = {{0}};
    if (kind == GAME_ASK_NET_JOIN) {
        game_net_join(g, field, false);
    } else if (kind == GAME_ASK_NET_PASS) {
        if (field[0] && net_text_check("passphrase", field, &e) != 0) {
            game_tell(g, 1, e.msg);
            return;
        }
        snprintf(g->menu.net_pass, sizeof g->menu.net_pass, "%.200s", field);
    } else if (kind == GAME_ASK_NET_PORT) {
        int port = 0;
        char extra = 0;
        if (sscanf(field, "%d%c", &port, &extra) != 1 || port < 1 || port > 65535) {
            game_tell(g, 1, "port: a whole number in 1..65535");
            return;
        }
        g->settings.net_port = g->menu.edit.net_port = port;
        game_settings_store(g);
    } else if (kind == GAME_ASK_NET_CHAT && g->net && field[0]) {
        Battle *b = net_battle(g);
        if (net_session_say(g->net, field, &e) != 0) {
            if (b) battle_note(b, 1, "not said: %s", e.msg);
            return;
        }
        if (b) {
            char line[BATTLE_LOG_TEXT];
            snprintf(line, sizeof line, "you say: %.180s", field);
            battle_log_add(b, line, -1, b->own);
        }
    }
}

bool game_net_answer(Game *g, int kind, int button)
{
    if (kind < GAME_ASK_NET_JOIN || kind > GAME_ASK_NET_DOWN) return false;
    if (kind == GAME_ASK_NET_JOIN && button == 1) {
        game_net_join(g, g->ask.field, true);
        return true;
    }
    if (kind != GAME_ASK_NET_DOWN) {
        if (button == 0) take_field(g, kind, g->ask.field);
        return true;
    }
    Battle *b = net_battle(g);
    bool again = g->net_down_again && button == 1;
    if (button == 0 && b) {
        /* Save and leave: the battle goes to disk, the menu opens on it. */
        char path[PATHS_MAX + 128], name[96];
        Err e = {{0}};
        snprintf(name, sizeof name, "network-turn%d-%d", b->sk.turn, (int)time(NULL) % 100000);
        if (game_save_battle(g, name, path, sizeof path, &e) != 0) {
            fprintf(stderr, "shoal: not saved: %s\n", e.msg);
            battle_note(b, 1, "not saved: %s", e.msg);
            ask_down(g, &e);
            return true;
        }
        fprintf(stderr, "shoal: saved %s\n", path);
    }
    if (again && g->net && net_session_side(g->net) == 0) {
        if (net_session_wait_more(g->net) == 0) {
            g->net_down = false;
            return true;
        }
    }
    if (again && net_session_side(g->net) != 0) {
        char address[SETTINGS_HOST_MAX];
        snprintf(address, sizeof address, "%s", g->net_address);
        bool watch = g->net_watching;
        close_link(g, NULL);
        game_net_join(g, address, watch);
        return true;
    }
    close_link(g, button == 0 ? "they saved the battle and left" : NULL);
    game_set_battle(g, NULL, NULL, NULL, NULL, false, &(Err){{0}});
    g->menu_open = 1;
    g->menu.edit = g->settings;
    menu_show(&g->menu, button == 0 ? MENU_LOAD : MENU_NETWORK);
    return true;
}

void game_net_leave(Game *g)
{
    if (g->net) close_link(g, "they quit shoal");
}

/* ----------------------------------------------------------------- panel */

/* What the battle waits for, in words; "" when nothing. */
static void waiting_line(Game *g, char *buf, size_t cap)
{
    buf[0] = '\0';
    NetSession *s = g->net;
    Battle *b = net_battle(g);
    int state = net_session_state(s), left = net_session_wait_left(s);
    char secs[32] = "";
    if (left >= 0) snprintf(secs, sizeof secs, ", %d s", left);
    if (state == NET_S_JOINING) {
        snprintf(buf, cap, "%s %s\xE2\x80\xA6 (%d s left)",
                 g->net_watching ? "coming aboard to watch" : "joining", g->net_address,
                 left > 0 ? left : 0);
    } else if (state == NET_S_WAITING && !g->net_had_peer) {
        char addrs[160];
        net_local_addresses(addrs, sizeof addrs);
        snprintf(buf, cap, "hosting on port %d: waiting for side B to join (give them %s)",
                 g->net_port, addrs[0] ? addrs : "this machine's address");
    } else if (state == NET_S_WAITING) {
        snprintf(buf, cap, "side B dropped: waiting for them to rejoin%s", secs);
    } else if (state == NET_S_PLAYING && b && b->phase == BATTLE_WAIT && b->own >= SKIRMISH_SIDES) {
        snprintf(buf, cap, "watching %s's battle: both sides give their orders",
                 net_session_peer(s));
    } else if (state == NET_S_PLAYING && b && b->phase == BATTLE_WAIT) {
        snprintf(buf, cap, "waiting for %s's orders (%s)", side_word(1 - b->own),
                 net_session_peer(s));
    }
    int watching = net_session_watchers(s);
    if (buf[0] && watching > 0) {
        size_t n = strlen(buf);
        snprintf(buf + n, cap - n, "  \xC2\xB7  %d watching", watching);
    }
}

void game_net_line(Game *g, char *buf, size_t cap)
{
    if (!g->net || g->menu_open || g->loader)
        buf[0] = '\0';
    else
        waiting_line(g, buf, cap);
}

int game_net_hud(Game *g, float ui_scale)
{
    if (!g->net || g->menu_open || g->loader) return 0;
    if (net_session_state(g->net) == NET_S_PLAYING) g->net_had_peer = true;
    char line[GAME_NET_LINE];
    game_net_line(g, line, sizeof line);
    if (!line[0]) return 0;
    UiPanel *p = &g->net_panel;
    int tw = 0, th = 0;
    text_measure(g->text, line, &tw, &th);
    p->w = (float)tw + 40.0f * ui_scale;
    if (p->w < 360.0f * ui_scale) p->w = 360.0f * ui_scale;
    if (p->w > (float)g->view_w - 20.0f * ui_scale) p->w = (float)g->view_w - 20.0f * ui_scale;
    p->x = ((float)g->view_w - p->w) / 2;
    /* Under the top bar, a scenario's goals and the note's line. */
    p->y = net_battle(g) && g->bview.top_end > 0.0f ? g->bview.top_end : 118.0f * ui_scale;
    p->title = "Network battle";
    ui_panel_begin(&g->ui, p);
    ui_label(&g->ui, line);
    static const char *const cells[] = {"Say\xE2\x80\xA6", "Leave"};
    int k = net_battle(g) ? ui_button_row(&g->ui, "net row", cells, 2)
                          : (ui_button(&g->ui, "Cancel") ? 1 : -1);
    ui_panel_end(&g->ui);
    if (k == 0) game_net_ask(g, GAME_ASK_NET_CHAT);
    if (k == 1) {
        close_link(g, "they left the battle");
        if (net_battle(g)) {
            game_set_battle(g, NULL, NULL, NULL, NULL, false, &(Err){{0}});
            g->menu_open = 1;
            g->menu.edit = g->settings;
            menu_show(&g->menu, MENU_NETWORK);
        }
    }
    return k >= 0;
}
