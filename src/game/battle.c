/* battle: the flow of a skirmish on screen — plotting, handing over,
 * the computer's turns, replaying a resolved turn, the log, saves. */
#include "battle.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/stop.h"
#include "core/testev.h"
#include "core/ai.h"
#include "core/paths.h"
#include "core/scenario.h"
#include "core/save.h"
#include "core/mathx.h"

/* Ships are drawn this many hex sizes long, by class: a ship of the line
 * fills her hex, a sloop is clearly smaller. */
static const float class_length[FLEET_CLASSES] = {1.50f, 1.80f, 2.00f};
/* Wind speed (map px/s per strength point) that carries the smoke. */
#define SMOKE_WIND 3.5f
/* A wake puff every this many seconds per ship under way. */
#define FOAM_EVERY 0.07f
/* The fish favour the water this many hexes round the ships: the ring
 * issue #16 asks to see fish in (3-8 hexes), inside the view a battle
 * opens on (some 20 hexes across). */
#define BATTLE_SEA_FOCUS_HEXES 8.0f

/* ---------------------------------------------------------------- basics */

Hex battle_hex_at(float x, float y, float hex_size)
{
    return hex_from_pixel(x, y, hex_size);
}

float battle_ship_length(const Battle *b, int cls)
{
    if (cls < 0 || cls >= FLEET_CLASSES) cls = FLEET_FRIGATE;
    return class_length[cls] * (float)b->map.meta.hex_size;
}

HexPose battle_path_end(const Battle *b, int i)
{
    HexPose p = b->sk.ships[i].pose;
    const SkirmishOrders *o = &b->sk.orders[i];
    for (int k = 0; k < o->nsteps && k < SKIRMISH_MAX_STEPS; k++) p = hex_pose_step(p, o->steps[k]);
    return p;
}

void battle_note(Battle *b, int bad, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->note, sizeof b->note, fmt, ap);
    va_end(ap);
    testev_say("note %s", b->note);
    b->note_left = BATTLE_NOTE_S;
    b->note_bad = bad;
}

/* The log's next line, the oldest giving way once it is full. */
static BattleLogLine *log_push(Battle *b)
{
    BattleLogLine *l = &b->log[b->log_head];
    b->log_head = (b->log_head + 1) % BATTLE_LOG_MAX;
    if (b->log_n < BATTLE_LOG_MAX) b->log_n++;
    return l;
}

void battle_log_add(Battle *b, const char *text, int kind, int side)
{
    BattleLogLine *l = log_push(b);
    snprintf(l->text, sizeof l->text, "%s", text);
    l->kind = kind;
    l->side = side;
}

/* A battle's own lines kept by battle_log_carry: a load has two or three. */
#define BATTLE_LOG_OWN_MAX 8

void battle_log_carry(Battle *b, const Battle *from)
{
    BattleLogLine own[BATTLE_LOG_OWN_MAX];
    int n = b->log_n < BATTLE_LOG_OWN_MAX ? b->log_n : BATTLE_LOG_OWN_MAX;
    for (int k = 0; k < n; k++) own[k] = *battle_log_line(b, n - 1 - k);
    memcpy(b->log, from->log, sizeof b->log);
    b->log_head = from->log_head;
    b->log_n = from->log_n;
    for (int k = 0; k < n; k++) *log_push(b) = own[k];
}

void battle_log_verdict(Battle *b)
{
    SkirmishEnd end;
    char line[SKIRMISH_END_TEXT_MAX];
    skirmish_end(&b->sk, &end);
    skirmish_end_text(&b->sk, &end, line, sizeof line);
    battle_log_add(b, line, SKIRMISH_EV_GAME_OVER, end.winner);
}

const BattleLogLine *battle_log_line(const Battle *b, int i)
{
    if (i < 0 || i >= b->log_n) return NULL;
    return &b->log[(b->log_head - 1 - i + 2 * BATTLE_LOG_MAX) % BATTLE_LOG_MAX];
}

int battle_plotter(const Battle *b)
{
    return b->phase == BATTLE_PLOT ? b->side : -1;
}

int battle_our_side(const Battle *b)
{
    if (b->mode == BATTLE_NET && b->own < SKIRMISH_SIDES) return b->own;
    return b->mode == BATTLE_VS_AI ? 0 : -1;
}

bool battle_can_order(const Battle *b, int i)
{
    return b->phase == BATTLE_PLOT && i >= 0 && i < b->sk.nships &&
           b->sk.ships[i].side == b->side && fleet_ship_manned(&b->sk.ships[i]) &&
           !b->sk.submitted[b->side];
}

static void log_turn_header(Battle *b)
{
    char line[96];
    snprintf(line, sizeof line, "Turn %d of %d", b->sk.turn, b->sk.turn_limit);
    battle_log_add(b, line, -1, -1);
}

/* --------------------------------------------------------------- turns */

static void begin_plotting(Battle *b, int side)
{
    battle_replan_routes(b, side);
    b->side = side;
    b->phase = b->mode == BATTLE_HOTSEAT ? BATTLE_CURTAIN : BATTLE_PLOT;
    /* Over the network a side's orders stay with its commander. */
    if (b->mode == BATTLE_NET) b->sk.submitted[side] = false;
    b->selected = -1;
    /* The last side's passing note spoke of its orders ("A1 sails as far
     * as she can..."): in hot-seat the next side must not read it. */
    b->note[0] = '\0';
    b->note_left = 0.0f;
    b->aids_dirty = true;
    if (b->phase == BATTLE_PLOT) battle_select_nth(b, 0);
}

/* A network turn begins: this window's side plots; a watcher waits for
 * the host's word of both sides' orders. */
static void net_turn_begins(Battle *b)
{
    if (b->own < SKIRMISH_SIDES) {
        begin_plotting(b, b->own);
        return;
    }
    b->side = 0;
    b->phase = BATTLE_WAIT;
    b->selected = -1;
    b->aids_dirty = true;
}

/* Both sides have submitted: resolve and start the replay. */
static int resolve(Battle *b, Err *e)
{
    memcpy(b->before, b->sk.ships, sizeof b->before);
    HexPose start[SKIRMISH_MAX_SHIPS];
    for (int i = 0; i < b->sk.nships; i++) start[i] = b->sk.ships[i].pose;
    if (skirmish_resolve(&b->sk, e) != 0) return -1;
    memcpy(b->shown, b->before, sizeof b->shown);
    memcpy(b->replay_from, b->before, sizeof b->replay_from);
    b->replay_kept = true;
    battle_anim_build(&b->anim, start, b->sk.nships, b->sk.events, b->sk.nevents,
                      (float)b->map.meta.hex_size, b->speed);
    /* Just before 0, so what happens at 0 plays in the first frame. */
    b->anim_t = -1e-4f;
    b->phase = BATTLE_ANIMATE;
    b->aids_dirty = true;
    return 0;
}

/* The computer plots every side that still has to, then the turn resolves. */
static int computer_turn(Battle *b, Err *e)
{
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        if (b->sk.submitted[s]) continue;
        if (ai_plan_level(&b->sk, s, b->sk.ai_level[s], e) != 0 ||
            skirmish_submit(&b->sk, s, e) != 0)
            return -1;
    }
    return resolve(b, e);
}

/* Where a fresh or loaded battle picks up. */
static int start(Battle *b, Err *e)
{
    size_t cells = (size_t)b->sk.chart.qn * (size_t)b->sk.chart.rn;
    b->mark = calloc(cells ? cells : 1, 1);
    if (!b->mark) return err_set(e, "battle: out of memory");
    if (route_init(&b->rs, &b->sk.chart, e) != 0) return -1;
    battle_fx_init(&b->fx, (uint32_t)(b->sk.seed * 2654435761u) ^ (uint32_t)b->sk.turn);
    memcpy(b->shown, b->sk.ships, sizeof b->shown);
    memcpy(b->before, b->sk.ships, sizeof b->before);
    b->selected = -1;
    log_turn_header(b);
    if (b->sk.over) {
        battle_log_verdict(b); /* a finished battle loaded: how it ended */
        b->phase = BATTLE_OVER;
        return 0;
    }
    if (b->mode == BATTLE_WATCH) {
        b->side = 0;
        return computer_turn(b, e);
    }
    if (b->mode == BATTLE_NET) {
        /* Each commander plots afresh: what the other had submitted is
         * theirs to send again. */
        for (int s = 0; s < SKIRMISH_SIDES; s++) b->sk.submitted[s] = false;
        net_turn_begins(b);
        return 0;
    }
    if (b->mode == BATTLE_VS_AI && b->sk.submitted[0]) return computer_turn(b, e);
    begin_plotting(b, b->sk.submitted[0] ? 1 : 0);
    return 0;
}

static Battle *alloc_battle(int mode, float speed, Err *e)
{
    if (mode < 0 || mode >= BATTLE_MODES) {
        err_set(e, "battle: unknown mode %d", mode);
        return NULL;
    }
    Battle *b = calloc(1, sizeof *b);
    if (!b) {
        err_set(e, "battle: out of memory");
        return NULL;
    }
    b->mode = mode;
    b->speed = speed > 0.0f ? speed : 1.0f;
    b->selected = -1;
    return b;
}

int battle_setup_scenario(BattleSetup *st, const char *name, char *path, size_t cap, Err *e)
{
    memset(st, 0, sizeof *st);
    Scenario *sc = malloc(sizeof *sc);
    if (!sc) return err_set(e, "scenario %s: out of memory", name);
    char rel[MAP_NAME_MAX + 16];
    int rc = scenario_find(sc, name, e);
    snprintf(rel, sizeof rel, "maps/%s.png", sc->map);
    if (rc == 0 && sc->map[0] && paths_data_file(rel, path, cap) != 0)
        rc = err_set(e, "%s: the map's path is too long", sc->file);
    if (rc == 0) {
        const SkirmishSetup *ss = &sc->setup;
        st->mode = BATTLE_VS_AI;
        st->map_path = sc->map[0] ? path : NULL;
        st->map_seed = (uint32_t)sc->sea_seed;
        st->seed = ss->seed;
        st->ships[0] = ss->ships[0];
        st->ships[1] = ss->ships[1];
        st->turn_limit = ss->turn_limit;
        st->pick = ss->pick;
        st->place = ss->place;
        memcpy(st->goal, ss->goal, sizeof st->goal);
        st->limit_win = ss->limit_win;
    }
    free(sc);
    return rc;
}

Battle *battle_new(const BattleSetup *st, float speed, Err *e)
{
    Battle *b = alloc_battle(st->mode, speed, e);
    if (!b) return NULL;
    SkirmishSetup setup;
    skirmish_setup_default(&setup);
    setup.seed = st->seed;
    setup.ships[0] = st->ships[0];
    setup.ships[1] = st->ships[1];
    setup.turn_limit = st->turn_limit;
    setup.pick = st->pick;
    /* Side B is the computer's; watching, side A stays normal, to see
     * how the chosen one fares against it. */
    setup.ai_level[1] = st->ai_level;
    setup.place = st->place;
    memcpy(setup.goal, st->goal, sizeof setup.goal);
    setup.limit_win = st->limit_win;
    MapGenParams gen;
    if (skirmish_map_load(st->map_path, st->map_seed, &b->map, &gen, &setup, e) != 0) {
        free(b);
        return NULL;
    }
    if (skirmish_init(&b->sk, &b->map, &setup, e) != 0) {
        map_free(&b->map);
        free(b);
        return NULL;
    }
    if (start(b, e) != 0) {
        battle_free(b);
        return NULL;
    }
    return b;
}

Battle *battle_load(const char *path, int mode, float speed, Err *e)
{
    Battle *b = alloc_battle(mode, speed, e);
    if (!b) return NULL;
    SaveExtras x;
    if (save_load_with(path, &b->sk, &b->map, &x, e) != 0) {
        free(b);
        return NULL;
    }
    battle_routes_from_save(b, &x);
    if (start(b, e) != 0) {
        battle_free(b);
        return NULL;
    }
    char line[BATTLE_LOG_TEXT];
    snprintf(line, sizeof line, "loaded %s", path);
    battle_log_add(b, line, -1, -1);
    return b;
}

Battle *battle_from_peer(const char *text, size_t len, const NetPeerMap *pm, const char *peer,
                         int own, float speed, Err *e)
{
    Battle *b = alloc_battle(BATTLE_NET, speed, e);
    if (!b) return NULL;
    b->own = own;
    if (net_peer_battle(text, len, pm, peer, &b->map, &b->sk, e) != 0) {
        free(b);
        return NULL;
    }
    if (start(b, e) != 0) {
        battle_free(b);
        return NULL;
    }
    char line[BATTLE_LOG_TEXT];
    if (pm && pm->png) battle_keep_map(b, pm);
    if (own == SKIRMISH_SIDES)
        snprintf(line, sizeof line, "watching %s's battle", peer);
    else
        snprintf(line, sizeof line, "joined %s's battle as side %c", peer, "AB"[own & 1]);
    battle_log_add(b, line, -1, -1);
    return b;
}

void battle_free(Battle *b)
{
    if (!b) return;
    route_deinit(&b->rs);
    skirmish_deinit(&b->sk);
    map_free(&b->map);
    free(b->mark);
    free(b);
}

int battle_save(const Battle *b, const char *path, Err *e)
{
    SaveExtras x;
    battle_routes_to_save(b, &x);
    if (!b->map_kept[0]) return save_write_with(&b->sk, &x, path, e);
    /* A host's map: the save names this machine's copy of it. */
    Skirmish *copy = malloc(sizeof *copy);
    if (!copy) return err_set(e, "save: out of memory");
    *copy = b->sk;
    snprintf(copy->map_path, sizeof copy->map_path, "%s", b->map_kept);
    int rc = save_write_with(copy, &x, path, e);
    free(copy);
    return rc;
}

int battle_end_turn(Battle *b, Err *e)
{
    if (b->phase != BATTLE_PLOT) return err_set(e, "end turn: no side is giving orders now");
    if (skirmish_submit(&b->sk, b->side, e) != 0) return -1;
    b->selected = -1;
    if (b->mode == BATTLE_NET) {
        /* The other commander's orders come over the network. */
        b->phase = BATTLE_WAIT;
        b->aids_dirty = true;
        return 0;
    }
    if (b->mode == BATTLE_HOTSEAT && !b->sk.submitted[1 - b->side]) {
        begin_plotting(b, 1 - b->side);
        return 0;
    }
    return computer_turn(b, e);
}

/* Turns resolved so far. */
static int resolved(const Battle *b)
{
    return b->sk.turn - 1 + (b->sk.over ? 1 : 0);
}

int battle_advance(Battle *b, int turns, Err *e)
{
    /* (A signal stops the advance; the caller's loop then ends the run.) */
    while (!b->sk.over && resolved(b) < turns && !stop_requested()) {
        if (b->phase == BATTLE_ANIMATE) battle_skip_animation(b);
        if (b->sk.over || resolved(b) >= turns) break;
        if ((b->phase == BATTLE_PLOT || b->phase == BATTLE_CURTAIN) && computer_turn(b, e) != 0)
            return -1;
    }
    return 0;
}

void battle_lift_curtain(Battle *b)
{
    if (b->phase != BATTLE_CURTAIN) return;
    b->phase = BATTLE_PLOT;
    b->aids_dirty = true;
    battle_select_nth(b, 0);
}

/* ------------------------------------------------------------ selection */

void battle_select(Battle *b, int i)
{
    if (i < -1 || i >= b->sk.nships) i = -1;
    if (i >= 0 && b->sk.ships[i].status == FLEET_SUNK) i = -1;
    b->selected = i;
    b->aids_dirty = true;
}

void battle_select_nth(Battle *b, int n)
{
    int side = b->phase == BATTLE_PLOT ? b->side : 0;
    for (int i = 0; i < b->sk.nships; i++) {
        if (b->sk.ships[i].side != side || !fleet_ship_manned(&b->sk.ships[i])) continue;
        if (n-- == 0) {
            battle_select(b, i);
            return;
        }
    }
}

int battle_select_unordered(Battle *b, int dir)
{
    int n = b->sk.nships, step = dir < 0 ? n - 1 : 1;
    int from = b->selected >= 0 && b->selected < n ? b->selected : dir < 0 ? 0 : n - 1;
    for (int k = 1; k <= n; k++) {
        int i = (from + k * step) % n;
        if (!battle_ship_unordered(b, i)) continue;
        battle_select(b, i);
        return i;
    }
    if (b->phase == BATTLE_PLOT && !b->sk.submitted[b->side])
        battle_note(b, 0, "every ship of side %s has her orders this turn",
                    battle_side_name(b->side));
    return -1;
}

/* Boarding's aids for ship i, from her reach: how near she gets to each
 * other ship this turn, and the cheapest end beside each (reach is
 * cheapest first, so the first node alongside is the one). */
static void board_aids(Battle *b, int i)
{
    for (int t = 0; t < b->sk.nships; t++) {
        if (t == i) continue;
        Hex at = b->sk.ships[t].pose.hex;
        for (int k = 0; k < b->nreach; k++) {
            int d = hex_distance(b->reach[k].pose.hex, at);
            if (b->board_gap[t] < 0 || d < b->board_gap[t]) b->board_gap[t] = d;
            if (d == 1 && b->board_node[t] < 0) b->board_node[t] = k;
        }
    }
}

void battle_refresh(Battle *b)
{
    if (!b->aids_dirty) return;
    b->aids_dirty = false;
    b->nreach = b->nreach_hex = 0;
    b->narc[0] = b->narc[1] = 0;
    b->aim[0] = b->aim[1] = -1;
    for (int t = 0; t < SKIRMISH_MAX_SHIPS; t++) b->board_gap[t] = b->board_node[t] = -1;
    int i = b->selected;
    if (i < 0 || b->phase == BATTLE_CURTAIN || b->phase == BATTLE_ANIMATE) return;
    FleetShip *s = &b->sk.ships[i];
    if (!fleet_ship_manned(s)) return;
    bool mine = battle_can_order(b, i);
    /* Her own side plots: reach from where she is, arcs from where her
     * path ends (broadsides fire after moving). An enemy or a finished
     * battle: what she could do from where she lies. */
    if (b->phase == BATTLE_PLOT && (mine || s->side != b->side)) {
        int n = skirmish_reach(&b->sk, i, b->reach, BATTLE_REACH_MAX);
        b->nreach = n > 0 ? n : 0;
        const Chart *c = &b->sk.chart;
        for (int k = 0; k < b->nreach; k++) {
            Hex h = b->reach[k].pose.hex;
            int q = h.q - c->q0, r = h.r - c->r0;
            if (q < 0 || r < 0 || q >= c->qn || r >= c->rn) continue;
            uint8_t *m = &b->mark[(size_t)r * (size_t)c->qn + (size_t)q];
            if (*m) continue;
            *m = 1;
            b->reach_hex[b->nreach_hex++] = h;
        }
        for (int k = 0; k < b->nreach_hex; k++) {
            Hex h = b->reach_hex[k];
            b->mark[(size_t)(h.r - c->r0) * (size_t)c->qn + (size_t)(h.q - c->q0)] = 0;
        }
        if (mine) board_aids(b, i);
    }
    HexPose here = s->pose;
    b->end_pose = mine ? battle_path_end(b, i) : here;
    s->pose = b->end_pose;
    for (int bs = 0; bs < FLEET_BROADSIDES; bs++) {
        int n = skirmish_arc_hexes(&b->sk, i, bs, b->arc[bs], BATTLE_ARC_MAX);
        b->narc[bs] = n < BATTLE_ARC_MAX ? n : BATTLE_ARC_MAX;
        if (mine && s->reload[bs] == 0)
            b->aim[bs] = skirmish_fire_target(&b->sk, i, bs, b->sk.orders[i].fire[bs], NULL, NULL);
    }
    s->pose = here;
}

/* The turn's replay is over: the ships stand where the rules put them,
 * and the next turn begins (or the battle ends). */
static void finish_turn(Battle *b)
{
    memcpy(b->shown, b->sk.ships, sizeof b->shown);
    memcpy(b->before, b->sk.ships, sizeof b->before);
    b->anim_t = b->anim.total;
    if (b->rewatching) {
        battle_rewatch_done(b);
        return;
    }
    if (b->sk.over) {
        b->phase = BATTLE_OVER;
        b->selected = -1;
        BattleCue *c = battle_cue(b, BATTLE_CUE_OVER, -1, 0.0f, 0.0f, -1);
        if (c) c->winner = b->sk.winner;
        return;
    }
    log_turn_header(b);
    if (b->mode == BATTLE_WATCH) {
        Err e = {{0}};
        if (computer_turn(b, &e) != 0) {
            battle_note(b, 1, "%s", e.msg);
            b->phase = BATTLE_OVER;
        }
        return;
    }
    if (b->mode == BATTLE_NET)
        net_turn_begins(b);
    else
        begin_plotting(b, 0);
}

int battle_net_resolve(Battle *b, Err *e)
{
    if (b->mode != BATTLE_NET || b->phase != BATTLE_WAIT)
        return err_set(e, "network: no turn is waiting for the other side's orders");
    for (int s = 0; s < SKIRMISH_SIDES; s++)
        if (!b->sk.submitted[s] && skirmish_submit(&b->sk, s, e) != 0) return -1;
    return resolve(b, e);
}

void battle_net_replot(Battle *b)
{
    if (b->phase == BATTLE_ANIMATE) battle_skip_animation(b);
    memcpy(b->shown, b->sk.ships, sizeof b->shown);
    memcpy(b->before, b->sk.ships, sizeof b->before);
    b->replay_kept = false;
    for (int s = 0; s < SKIRMISH_SIDES; s++) b->sk.submitted[s] = false;
    if (b->sk.over) {
        b->phase = BATTLE_OVER;
        return;
    }
    net_turn_begins(b);
}

void battle_skip_animation(Battle *b)
{
    if (b->phase != BATTLE_ANIMATE) return;
    battle_play_span(b, b->anim_t, b->anim.total + 1.0f, false);
    finish_turn(b);
}

static void wind_vector(const Battle *b, float *wx, float *wy)
{
    /* Smoke goes where the wind blows to: away from wind_dir. */
    float a = battle_dir_angle(b->sk.wind_dir) + MATHX_PI_F;
    float v = SMOKE_WIND * (float)b->sk.wind_strength;
    *wx = cosf(a) * v;
    *wy = sinf(a) * v;
}

void battle_update(Battle *b, float dt)
{
    if (!(dt > 0.0f)) dt = 0.0f;
    if (dt > 0.25f) dt = 0.25f; /* after a stall, don't jump the replay */
    float wx, wy;
    wind_vector(b, &wx, &wy);
    battle_fx_step(&b->fx, dt, wx, wy);
    if (b->note_left > 0.0f) b->note_left -= dt;
    if (b->phase != BATTLE_ANIMATE) return;
    float t0 = b->anim_t, t1 = t0 + dt;
    battle_play_span(b, t0, t1, true);
    b->anim_t = t1;
    /* Wakes and the bubbles of a ship going down. */
    b->foam_t -= dt;
    bool puff = b->foam_t <= 0.0f;
    if (puff) b->foam_t += FOAM_EVERY;
    if (b->foam_t < 0.0f) b->foam_t = 0.0f;
    for (int i = 0; puff && i < b->sk.nships; i++) {
        BattleShipLook l;
        battle_ship_look(b, i, &l);
        if (!l.visible) continue;
        float len = battle_ship_length(b, b->sk.ships[i].cls);
        if (l.sink > 0.0f) {
            battle_fx_sink(&b->fx, l.x, l.y, len);
            continue;
        }
        float sp = sqrtf(l.vx * l.vx + l.vy * l.vy);
        if (sp < 4.0f) continue;
        float sx = l.x - cosf(l.heading) * len * 0.42f, sy = l.y - sinf(l.heading) * len * 0.42f;
        battle_fx_foam(&b->fx, sx, sy, l.vx, l.vy, len * 0.3f);
    }
    if (b->anim_t >= b->anim.total) finish_turn(b);
}

/* --------------------------------------------------------------- looks */

void battle_ship_look(const Battle *b, int i, BattleShipLook *out)
{
    memset(out, 0, sizeof *out);
    if (i < 0 || i >= b->sk.nships) return;
    if (b->phase == BATTLE_ANIMATE) {
        const FleetShip *s = &b->shown[i];
        out->ship = s;
        if (b->before[i].status == FLEET_SUNK) return;
        battle_anim_pose(&b->anim, i, b->anim_t, &out->x, &out->y, &out->heading);
        battle_anim_velocity(&b->anim, i, b->anim_t, &out->vx, &out->vy);
        float sunk = battle_anim_sinking(&b->anim, i, b->anim_t);
        if (sunk >= 0.0f) {
            out->sink = sunk / (BATTLE_ANIM_SINK_S / b->speed);
            if (out->sink >= 1.0f) return;
            if (out->sink < 0.001f) out->sink = 0.001f;
        }
        out->visible = true;
        return;
    }
    const FleetShip *s = &b->sk.ships[i];
    out->ship = s;
    if (s->status == FLEET_SUNK) return;
    hex_to_pixel(s->pose.hex, (float)b->map.meta.hex_size, &out->x, &out->y);
    out->heading = battle_dir_angle(s->pose.facing);
    out->visible = true;
}

int battle_ship_near(const Battle *b, float x, float y, float r)
{
    int best = -1;
    float bd = r * r;
    for (int i = 0; i < b->sk.nships; i++) {
        BattleShipLook l;
        battle_ship_look(b, i, &l);
        if (!l.visible) continue;
        float dx = l.x - x, dy = l.y - y, d = dx * dx + dy * dy;
        if (d <= bd) {
            bd = d;
            best = i;
        }
    }
    return best;
}

int battle_hulls(const Battle *b, SeaCircle *out, int cap)
{
    int n = 0;
    for (int i = 0; i < b->sk.nships && n < cap; i++) {
        BattleShipLook l;
        battle_ship_look(b, i, &l);
        if (!l.visible) continue;
        float len = battle_ship_length(b, b->sk.ships[i].cls);
        /* The hull, not the yards: fish swim under a ship's sails. */
        float r = len * 0.34f * (1.0f - l.sink);
        out[n++] = (SeaCircle){l.x, l.y, l.vx, l.vy, r};
    }
    return n;
}

void battle_feed_sea(Battle *b, Sea *sea)
{
    SeaCircle hulls[SKIRMISH_MAX_SHIPS];
    int n = battle_hulls(b, hulls, SKIRMISH_MAX_SHIPS);
    sea_set_hulls(sea, hulls, n);
    BattleScare sc[BATTLE_FX_SCARES];
    int m = battle_fx_take_scares(&b->fx, sc, BATTLE_FX_SCARES);
    for (int k = 0; k < m; k++) sea_add_scare(sea, sc[k].x, sc[k].y, sc[k].radius, sc[k].seconds);
}

int battle_sea_focus(const Battle *b, float *xy, int cap, float *radius)
{
    float size = (float)b->map.meta.hex_size;
    int n = 0;
    for (int i = 0; i < b->sk.nships && n < cap; i++) {
        const FleetShip *s = &b->sk.ships[i];
        if (s->status == FLEET_SUNK) continue;
        hex_to_pixel(s->pose.hex, size, &xy[2 * n], &xy[2 * n + 1]);
        n++;
    }
    /* Hexes are sqrt(3) * size across. */
    *radius = BATTLE_SEA_FOCUS_HEXES * 1.7320508f * size;
    return n;
}

const char *battle_side_name(int side)
{
    static const char *const names[SKIRMISH_SIDES] = {"A", "B"};
    return side >= 0 && side < SKIRMISH_SIDES ? names[side] : "?";
}

const char *battle_class_name(int cls)
{
    static const char *const names[FLEET_CLASSES] = {"sloop", "frigate", "ship of the line"};
    return cls >= 0 && cls < FLEET_CLASSES ? names[cls] : "ship";
}

int battle_turn_shown(const Battle *b)
{
    if (b->phase == BATTLE_ANIMATE && !b->sk.over) return b->sk.turn - 1;
    return b->sk.turn;
}
