/* game_testev: what a test script waits for, told on the test channel
 * (core/testev.h) as it changes: the menu's screen, a load, a question,
 * the battle's turn, side and phase, a re-watched turn, the network
 * panel's words, where the battle's panels are. Compared once a frame against what was told last,
 * so no screen needs to know of it. */
#include <stdio.h>
#include <string.h>

#include "core/testev.h"
#include "game.h"

static const char *const MENU_NAMES[] = {
    [MENU_MAIN] = "main",           [MENU_NEW] = "new",         [MENU_LOAD] = "load",
    [MENU_SETTINGS] = "settings",   [MENU_KEYS] = "keys",       [MENU_SOUND] = "sound",
    [MENU_SCENARIOS] = "scenarios", [MENU_NETWORK] = "network",
};

static const char *const PHASE_NAMES[] = {
    [BATTLE_PLOT] = "plot", [BATTLE_CURTAIN] = "curtain", [BATTLE_ANIMATE] = "animate",
    [BATTLE_OVER] = "over", [BATTLE_WAIT] = "wait",
};

static const char *name_of(const char *const *names, size_t n, int i)
{
    return i >= 0 && (size_t)i < n && names[i] ? names[i] : "?";
}

/* Each line is the state it names; a state is told when its line changes. */
static void tell(char *last, size_t cap, const char *now)
{
    if (strcmp(last, now) == 0) return;
    snprintf(last, cap, "%s", now);
    testev_say("%s", now);
}

void game_testev_frame(Game *g)
{
    if (!testev_on()) return;
    GameSeen *s = &g->seen;
    char line[GAME_SEEN_LINE];

    if (g->menu_open)
        snprintf(line, sizeof line, "menu %s",
                 name_of(MENU_NAMES, sizeof MENU_NAMES / sizeof *MENU_NAMES, g->menu.screen));
    else
        snprintf(line, sizeof line, "menu closed");
    tell(s->menu, sizeof s->menu, line);

    tell(s->load, sizeof s->load, g->loader ? "loading" : "not loading");
    snprintf(line, sizeof line, "dialog %s", g->ask.open ? "open" : "closed");
    tell(s->ask, sizeof s->ask, line);
    snprintf(line, sizeof line, "help %s", g->help ? "open" : "closed");
    tell(s->help, sizeof s->help, line);
    /* The network panel: told anew as its words change (a countdown each
     * second), so a script finds it up wherever its length puts it. */
    char net[GAME_NET_LINE], said[sizeof s->net];
    game_net_line(g, net, sizeof net);
    if (net[0])
        snprintf(said, sizeof said, "net panel open: %s", net);
    else
        snprintf(said, sizeof said, "net panel closed");
    tell(s->net, sizeof s->net, said);

    const Battle *b = g->battle;
    if (b) {
        /* The battle object is new when a battle starts or loads: say so
         * even when its turn, side and phase look like the last one's. */
        if (b != s->battle) s->turn[0] = '\0';
        snprintf(line, sizeof line, "turn %d side %c %s%s", b->sk.turn, 'A' + b->side,
                 name_of(PHASE_NAMES, sizeof PHASE_NAMES / sizeof *PHASE_NAMES, b->phase),
                 b->rewatching ? " replay" : "");
    } else {
        snprintf(line, sizeof line, "no battle");
    }
    s->battle = b;
    tell(s->turn, sizeof s->turn, line);

    /* Where the battle's panels are (battle_layout; x,y,w,h, output px,
     * 0,0,0,0 for one not shown), so a script clicks a button where it is. */
    const BattleLayout *l = &g->bview.lay;
    if (b && !g->menu_open) {
        char pl[sizeof s->panels];
        snprintf(pl, sizeof pl,
                 "panels battle %.0f,%.0f,%.0f,%.0f ship %.0f,%.0f,%.0f,%.0f log "
                 "%.0f,%.0f,%.0f,%.0f",
                 (double)l->battle.x, (double)l->battle.y, (double)l->battle.w, (double)l->battle.h,
                 (double)l->ship.x, (double)l->ship.y, (double)l->ship.w, (double)l->ship.h,
                 (double)l->log.x, (double)l->log.y, (double)l->log.w, (double)l->log.h);
        tell(s->panels, sizeof s->panels, pl);
    }
}
