/* save_goal: a scenario's state in a save (since version 4) — the
 * optional [scenario] section (its name, who wins at the limit, the
 * ships out through an exit, the ships' names) and [goal.A], [goal.B]
 * (each side's goal and how far it has come), written, read and checked
 * against the battle. A save without them is a plain skirmish's. */
#include "save_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kv.h"

static const char *const limit_words[3] = {"points", "A", "B"};

/* "q,r q,r ..." (at most cap), or "" for none; false on bad syntax. */
static bool parse_hexes(const char *v, Hex *out, int cap, int *n)
{
    *n = 0;
    for (const char *p = v; *p;) {
        while (*p == ' ') p++;
        if (!*p) break;
        char *end;
        long q = strtol(p, &end, 10);
        if (end == p || *end != ',') return false;
        p = end + 1;
        long r = strtol(p, &end, 10);
        if (end == p || (*end && *end != ' ') || *n >= cap) return false;
        if (q < -100000 || q > 100000 || r < -100000 || r > 100000) return false;
        out[(*n)++] = hex_make((int)q, (int)r);
        p = end;
    }
    return true;
}

/* [scenario]: name, at_limit, escaped (ship indices), name.N. */
static int scenario_line(SaveData *d, const char *key, const char *v, int line, Err *e)
{
    long n;
    if (!d->scen_line) d->scen_line = line;
    if (!strcmp(key, "name")) {
        if (strlen(v) >= sizeof d->scenario)
            return SAVE_BAD("scenario name '%.40s' is longer than %d", v,
                            (int)sizeof d->scenario - 1);
        strcpy(d->scenario, v);
    } else if (!strcmp(key, "at_limit")) {
        d->limit_win = -1;
        for (int k = 0; k < 3; k++)
            if (!strcmp(v, limit_words[k])) d->limit_win = k;
        if (d->limit_win < 0) return SAVE_BAD("at_limit '%.40s' is not points, A or B", v);
    } else if (!strcmp(key, "escaped")) {
        char buf[KV_LINE_MAX], *save = NULL;
        snprintf(buf, sizeof buf, "%s", v);
        for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
            if (kv_parse_int(t, 0, SKIRMISH_MAX_SHIPS - 1, &n) != 0)
                return SAVE_BAD("escaped '%.40s' is not a ship number", t);
            d->escaped[n] = true;
        }
    } else if (!strncmp(key, "name.", 5) &&
               kv_parse_int(key + 5, 0, SKIRMISH_MAX_SHIPS - 1, &n) == 0) {
        if (!*v || strlen(v) >= SKIRMISH_NAME_MAX)
            return SAVE_BAD("%s: a ship's name is 1 to %d characters", key, SKIRMISH_NAME_MAX - 1);
        strcpy(d->names[n], v);
    } else {
        return SAVE_BAD("unknown key '%.40s' in [scenario]", key);
    }
    return 0;
}

int save_goal_line(SaveData *d, int side, const char *section, const char *key, const char *v,
                   int line, Err *e)
{
    if (d->version < 4)
        return SAVE_BAD("[%s]: a version %d save has no such section", section, d->version);
    if (side < 0) return scenario_line(d, key, v, line, e);
    SkirmishGoal *g = &d->goal[side];
    long n;
    if (!d->goal_line[side]) d->goal_line[side] = line;
    if (!strcmp(key, "kind")) {
        g->kind = -1;
        for (int k = 0; k < SKIRMISH_GOALS; k++)
            if (!strcmp(v, skirmish_goal_names[k])) g->kind = k;
        if (g->kind < 0) return SAVE_BAD("goal kind '%.40s' is unknown", v);
    } else if (!strcmp(key, "ship") || !strcmp(key, "count") || !strcmp(key, "turns") ||
               !strcmp(key, "held")) {
        if (kv_parse_int(v, 0, SKIRMISH_MAX_TURNS, &n) != 0)
            return SAVE_BAD("%s '%.40s' in [%s] is not a whole number from 0 to %d", key, v,
                            section, SKIRMISH_MAX_TURNS);
        *(key[0] == 's'   ? &g->ship
          : key[0] == 'c' ? &g->count
          : key[0] == 't' ? &g->turns
                          : &d->held[side]) = (int)n;
    } else if (!strcmp(key, "met")) {
        if (strcmp(v, "0") && strcmp(v, "1")) return SAVE_BAD("met '%.40s' is not 0 or 1", v);
        d->met[side] = v[0] == '1';
    } else if (!strcmp(key, "hexes")) {
        if (!parse_hexes(v, g->hexes, SKIRMISH_GOAL_HEXES, &g->nhexes))
            return SAVE_BAD("hexes '%.40s' are not up to %d 'q,r'", v, SKIRMISH_GOAL_HEXES);
    } else {
        return SAVE_BAD("unknown key '%.40s' in [%s]", key, section);
    }
    return 0;
}

int save_goal_apply(const SaveData *d, Skirmish *sk, Err *e)
{
    /* Goals name ships by index, side A's first (as skirmish_init places
     * them): a save whose sides are interleaved can have none. */
    SkirmishSetup st;
    skirmish_setup_default(&st);
    st.ships[0] = st.ships[1] = 0;
    bool in_order = true;
    for (int i = 0; i < sk->nships; i++) {
        int born = fleet_ship_born(&sk->ships[i]);
        in_order &= !(born == 0 && st.ships[1] > 0);
        st.ships[born & 1]++;
    }
    memcpy(st.goal, d->goal, sizeof st.goal);
    st.limit_win = d->limit_win;
    int line = d->goal_line[0] ? d->goal_line[0] : d->goal_line[1];
    if (line) {
        Err ge;
        if (!in_order) return SAVE_BAD("goals need side A's ships before side B's%s", "");
        if (skirmish_goal_validate(&st, &ge) != 0) return SAVE_BAD("%s", ge.msg);
    }
    line = d->scen_line;
    for (int i = 0; i < SKIRMISH_MAX_SHIPS; i++) {
        if ((d->escaped[i] || d->names[i][0]) && i >= sk->nships)
            return SAVE_BAD("[scenario] names ship %d of %d", i, sk->nships);
        if (d->escaped[i] && sk->ships[i].status != FLEET_SUNK)
            return SAVE_BAD("ship %d escaped, but she is not off the board (status sunk)", i);
    }
    memcpy(sk->goal, d->goal, sizeof sk->goal);
    memcpy(sk->held, d->held, sizeof sk->held);
    memcpy(sk->goal_met, d->met, sizeof sk->goal_met);
    memcpy(sk->escaped, d->escaped, sizeof sk->escaped);
    memcpy(sk->names, d->names, sizeof sk->names);
    memcpy(sk->scenario, d->scenario, sizeof sk->scenario);
    sk->limit_win = d->limit_win;
    return 0;
}

static bool any_scenario(const Skirmish *sk)
{
    bool any = sk->scenario[0] || sk->limit_win;
    for (int i = 0; i < sk->nships; i++) any |= sk->escaped[i] || sk->names[i][0];
    return any;
}

bool save_goal_format(const Skirmish *sk, char *buf, size_t cap, size_t *len)
{
    bool ok = true;
    if (any_scenario(sk)) {
        ok = kv_appendf(buf, cap, len, "\n[scenario]\nname = %s\nat_limit = %s\n", sk->scenario,
                        limit_words[sk->limit_win % 3]);
        ok = ok && kv_appendf(buf, cap, len, "escaped =");
        for (int i = 0; i < sk->nships; i++)
            if (sk->escaped[i]) ok = ok && kv_appendf(buf, cap, len, " %d", i);
        ok = ok && kv_appendf(buf, cap, len, "\n");
        for (int i = 0; i < sk->nships; i++)
            if (sk->names[i][0])
                ok = ok && kv_appendf(buf, cap, len, "name.%d = %s\n", i, sk->names[i]);
    }
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        const SkirmishGoal *g = &sk->goal[s];
        if (g->kind == SKIRMISH_GOAL_DESTROY) continue;
        ok = ok && kv_appendf(buf, cap, len,
                              "\n[goal.%c]\nkind = %s\nship = %d\ncount = %d\nturns = %d\nheld = "
                              "%d\nmet = %d\nhexes =",
                              "AB"[s], skirmish_goal_names[g->kind], g -> ship < 0 ? 0 : g -> ship,
                              g -> count, g -> turns, sk -> held[s], sk -> goal_met[s]);
        for (int k = 0; k < g->nhexes; k++)
            ok = ok && kv_appendf(buf, cap, len, " %d,%d", g->hexes[k].q, g->hexes[k].r);
        ok = ok && kv_appendf(buf, cap, len, "\n");
    }
    return ok;
}
