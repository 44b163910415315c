/* scenario: reading data/scenarios/NAME.ini into a skirmish setup, and
 * checking it against its map. */
#include "scenario.h"

#include <assert.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "afile.h"
#include "chart.h"
#include "kv.h"
#include "paths.h"

#define SCENARIO_SECTIONS (SKIRMISH_SIDES * (SKIRMISH_SIDE_SHIPS + 1))

/* What a ship section said, before the ships are counted and numbered. */
typedef struct ShipText {
    bool given, has_class, has_at;
    int cls, line;
    HexPose pose;
    bool flagship, anchored;
    char name[SKIRMISH_NAME_MAX];
} ShipText;

/* What an objective section said: ship labels resolve once all ships are in. */
typedef struct GoalText {
    bool given;
    int line, ship_line;
    char ship[8]; /* "B1", "" none */
} GoalText;

typedef struct Parse {
    Scenario *sc;
    KvReader r;
    ShipText ships[SKIRMISH_SIDES][SKIRMISH_SIDE_SHIPS];
    GoalText goals[SKIRMISH_SIDES];
    bool seen_map, seen_seed, seen_limit, seen_brief, seen_title;
    bool wind_dir_set, wind_str_set;
    /* Sections seen, so that one given twice is refused. */
    int nsections;
    char sections[SCENARIO_SECTIONS][64];
} Parse;

#define BAD(...) err_set(e, "%s:%d: " __VA_ARGS__)

/* "q,r q,r ..." into out (at most cap); -1 on bad syntax or too many. */
static int parse_hexes(const char *v, Hex *out, int cap, int *n)
{
    *n = 0;
    const char *p = v;
    while (*p) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        char *end;
        long q = strtol(p, &end, 10);
        if (end == p || *end != ',') return -1;
        p = end + 1;
        long r = strtol(p, &end, 10);
        if (end == p || (*end && *end != ' ' && *end != '\t')) return -1;
        if (q < -1000 || q > 1000 || r < -1000 || r > 1000 || *n >= cap) return -1;
        out[(*n)++] = hex_make((int)q, (int)r);
        p = end;
    }
    return *n > 0 ? 0 : -1;
}

/* "A1".."B8" into side and index; -1 when it is not a ship label. */
static int parse_label(const char *s, int *side, int *k)
{
    if ((s[0] != 'A' && s[0] != 'B') || s[1] < '1' || s[1] > '0' + SKIRMISH_SIDE_SHIPS || s[2])
        return -1;
    *side = s[0] - 'A';
    *k = s[1] - '1';
    return 0;
}

static int parse_yes(const char *v, bool *out)
{
    if (!strcmp(v, "yes") || !strcmp(v, "true")) return *out = true, 0;
    if (!strcmp(v, "no") || !strcmp(v, "false")) return *out = false, 0;
    return -1;
}

static int top_key(Parse *p, const char *k, const char *v, Err *e)
{
    Scenario *sc = p->sc;
    SkirmishSetup *st = &sc->setup;
    const char *f = sc->file;
    int line = p->r.line;
    long n;
    if (!strcmp(k, "name")) {
        if (!*v || strlen(v) >= sizeof sc->title)
            return BAD("name must be 1 to %d characters", f, line, (int)sizeof sc->title - 1);
        strcpy(sc->title, v);
        p->seen_title = true;
    } else if (!strcmp(k, "brief")) {
        if (!*v || strlen(v) >= sizeof sc->brief)
            return BAD("brief must be one line of 1 to %d characters", f, line,
                       (int)sizeof sc->brief - 1);
        strcpy(sc->brief, v);
        p->seen_brief = true;
    } else if (!strcmp(k, "map")) {
        if (strlen(v) >= sizeof sc->map ||
            strspn(v, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(v))
            return BAD("map '%.40s': a map of data/maps by name (open-waters), or 'generated'", f,
                       line, v);
        snprintf(sc->map, sizeof sc->map, "%s", strcmp(v, "generated") ? v : "");
        p->seen_map = true;
    } else if (!strcmp(k, "sea_seed")) {
        if (kv_parse_int(v, 0, 4294967295L, &n))
            return BAD("sea_seed '%.40s' must be a whole number from 0 to 4294967295", f, line, v);
        sc->sea_seed = (uint64_t)n;
    } else if (!strcmp(k, "seed")) {
        if (kv_parse_int(v, 0, 4294967295L, &n))
            return BAD("seed '%.40s' must be a whole number from 0 to 4294967295", f, line, v);
        st->seed = (uint64_t)n;
        p->seen_seed = true;
    } else if (!strcmp(k, "turn_limit")) {
        if (kv_parse_int(v, 1, SKIRMISH_MAX_TURNS, &n))
            return BAD("turn_limit '%.40s' must be a whole number from 1 to %d", f, line, v,
                       SKIRMISH_MAX_TURNS);
        st->turn_limit = (int)n;
        p->seen_limit = true;
    } else if (!strcmp(k, "wind")) {
        int d = hex_dir_from_name(v);
        if (d < 0) return BAD("wind '%.40s' must be one of E NE NW W SW SE", f, line, v);
        st->pick.wind_dir = d;
        p->wind_dir_set = true;
    } else if (!strcmp(k, "wind_strength")) {
        if (kv_parse_int(v, 0, MAP_WIND_MAX, &n))
            return BAD("wind_strength '%.40s' must be a whole number from 0 to %d", f, line, v,
                       MAP_WIND_MAX);
        st->pick.wind_strength = (int)n;
        p->wind_str_set = true;
    } else if (!strcmp(k, "at_limit")) {
        if (!strcmp(v, "points"))
            st->limit_win = SKIRMISH_LIMIT_POINTS;
        else if (!strcmp(v, "A") || !strcmp(v, "B"))
            st->limit_win = v[0] == 'A' ? SKIRMISH_LIMIT_A : SKIRMISH_LIMIT_B;
        else
            return BAD("at_limit '%.40s' must be points, A or B", f, line, v);
    } else {
        return BAD("unknown key '%.40s' (known: name, brief, map, sea_seed, seed, turn_limit, "
                   "wind, wind_strength, at_limit)",
                   f, line, k);
    }
    return 0;
}

static int ship_key(Parse *p, ShipText *t, const char *k, const char *v, Err *e)
{
    const char *f = p->sc->file;
    int line = p->r.line;
    if (!strcmp(k, "class")) {
        t->cls = fleet_class_from_name(v);
        if (t->cls < 0) return BAD("class '%.40s' must be sloop, frigate or line", f, line, v);
        t->has_class = true;
    } else if (!strcmp(k, "name")) {
        if (!*v || strlen(v) >= sizeof t->name)
            return BAD("name must be 1 to %d characters", f, line, (int)sizeof t->name - 1);
        strcpy(t->name, v);
    } else if (!strcmp(k, "at")) {
        int n;
        if (parse_hexes(v, &t->pose.hex, 1, &n) != 0)
            return BAD("at '%.40s' must be one hex as q,r", f, line, v);
        t->has_at = true;
        t->line = line;
    } else if (!strcmp(k, "facing")) {
        t->pose.facing = hex_dir_from_name(v);
        if (t->pose.facing < 0)
            return BAD("facing '%.40s' must be one of E NE NW W SW SE", f, line, v);
    } else if (!strcmp(k, "flagship")) {
        if (parse_yes(v, &t->flagship))
            return BAD("flagship '%.40s' must be yes or no", f, line, v);
    } else if (!strcmp(k, "anchored")) {
        if (parse_yes(v, &t->anchored))
            return BAD("anchored '%.40s' must be yes or no", f, line, v);
    } else {
        return BAD("unknown key '%.40s' in [%s] (known: class, name, at, facing, flagship, "
                   "anchored)",
                   f, line, k, p->r.section);
    }
    return 0;
}

static int goal_key(Parse *p, int side, const char *k, const char *v, Err *e)
{
    const char *f = p->sc->file;
    int line = p->r.line;
    SkirmishGoal *g = &p->sc->setup.goal[side];
    GoalText *t = &p->goals[side];
    long n;
    if (!strcmp(k, "kind")) {
        g->kind = -1;
        for (int i = 0; i < SKIRMISH_GOALS; i++)
            if (!strcmp(v, skirmish_goal_names[i])) g->kind = i;
        if (g->kind < 0)
            return BAD("kind '%.40s' must be destroy, flagship, escort, blockade or hold", f, line,
                       v);
    } else if (!strcmp(k, "ship")) {
        int s, i;
        if (parse_label(v, &s, &i)) return BAD("ship '%.40s' must be a ship as A1..B8", f, line, v);
        snprintf(t->ship, sizeof t->ship, "%s", v);
        t->ship_line = line;
    } else if (!strcmp(k, "exit") || !strcmp(k, "area")) {
        if (parse_hexes(v, g->hexes, SKIRMISH_GOAL_HEXES, &g->nhexes))
            return BAD("%s '%.40s' must be 1 to %d hexes as 'q,r q,r ...'", f, line, k, v,
                       SKIRMISH_GOAL_HEXES);
        p->sc->goal_line[side] = line;
    } else if (!strcmp(k, "turns")) {
        if (kv_parse_int(v, 1, SKIRMISH_MAX_TURNS, &n))
            return BAD("turns '%.40s' must be a whole number from 1 to %d", f, line, v,
                       SKIRMISH_MAX_TURNS);
        g->turns = (int)n;
    } else if (!strcmp(k, "count")) {
        if (kv_parse_int(v, 1, SKIRMISH_SIDE_SHIPS, &n))
            return BAD("count '%.40s' must be a whole number from 1 to %d", f, line, v,
                       SKIRMISH_SIDE_SHIPS);
        g->count = (int)n;
    } else {
        return BAD("unknown key '%.40s' in [%s] (known: kind, ship, exit, area, turns, count)", f,
                   line, k, p->r.section);
    }
    return 0;
}

/* A section header's first pair (kv's `unique` starts each header over,
 * so one key seen means a header just came): recorded the first time,
 * refused when the section came before (its keys would silently merge).
 * 1: a fresh section, 0: a later pair of one. */
static int enter_section(Parse *p, const char *sec, Err *e)
{
    if (p->r.nseen != 1) return 0;
    for (int s = 0; s < p->nsections; s++)
        if (!strcmp(p->sections[s], sec))
            return BAD("[%s] is given twice", p->sc->file, p->r.line, sec);
    if (p->nsections >= SCENARIO_SECTIONS)
        return BAD("more than %d sections", p->sc->file, p->r.line, SCENARIO_SECTIONS);
    snprintf(p->sections[p->nsections++], sizeof p->sections[0], "%s", sec);
    return 1;
}

/* One pair, by the section it sits in. */
static int pair(Parse *p, const char *k, const char *v, Err *e)
{
    const char *sec = p->r.section, *f = p->sc->file;
    int side = 0, i = 0;
    if (!sec[0]) return top_key(p, k, v, e);
    bool ship = !strncmp(sec, "ship.", 5) && parse_label(sec + 5, &side, &i) == 0;
    bool goal =
        !strncmp(sec, "objective.", 10) && (!strcmp(sec + 10, "A") || !strcmp(sec + 10, "B"));
    if (!ship && !goal)
        return BAD("unknown section [%.40s] (known: [ship.A1]..[ship.B8], [objective.A], "
                   "[objective.B])",
                   f, p->r.line, sec);
    int fresh = enter_section(p, sec, e);
    if (fresh < 0) return -1;
    if (ship) {
        p->ships[side][i].given = true;
        return ship_key(p, &p->ships[side][i], k, v, e);
    }
    side = sec[10] - 'A';
    if (fresh) p->goals[side].line = p->r.line;
    p->goals[side].given = true;
    return goal_key(p, side, k, v, e);
}

/* The fleets as sections A1..An and B1..Bn: every ship with a class and a
 * hex, no number skipped. */
static int finish_ships(Parse *p, Err *e)
{
    Scenario *sc = p->sc;
    SkirmishSetup *st = &sc->setup;
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        int n = 0;
        while (n < SKIRMISH_SIDE_SHIPS && p->ships[s][n].given) n++;
        if (n == 0)
            return err_set(e, "%s: side %c has no ships ([ship.%c1])", sc->file, 'A' + s, 'A' + s);
        for (int k = n; k < SKIRMISH_SIDE_SHIPS; k++)
            if (p->ships[s][k].given)
                return err_set(e, "%s: [ship.%c%d] is given but [ship.%c%d] is not", sc->file,
                               'A' + s, k + 1, 'A' + s, n + 1);
        st->ships[s] = n;
        st->pick.classes_set[s] = true;
        for (int k = 0; k < n; k++) {
            const ShipText *t = &p->ships[s][k];
            if (!t->has_class || !t->has_at)
                return err_set(e, "%s: [ship.%c%d] needs %s", sc->file, 'A' + s, k + 1,
                               t->has_class ? "at = q,r" : "class = sloop|frigate|line");
            st->pick.classes[s][k] = t->cls;
            st->place.poses[s][k] = t->pose;
            snprintf(st->place.names[s][k], SKIRMISH_NAME_MAX, "%s", t->name);
            st->place.anchored[s][k] = t->anchored;
            sc->at_line[s][k] = t->line;
        }
    }
    st->place.placed = true;
    snprintf(st->place.scenario, sizeof st->place.scenario, "%s", sc->name);
    return 0;
}

/* The flagship of side s (index), -1 for none, -2 when it has two. */
static int flagship_of(const Parse *p, int s)
{
    int found = -1;
    for (int k = 0; k < p->sc->setup.ships[s]; k++)
        if (p->ships[s][k].flagship) {
            if (found >= 0) return -2;
            found = k;
        }
    return found < 0 ? -1 : (s ? p->sc->setup.ships[0] : 0) + found;
}

/* Each objective's ship label into a ship index, then the kind's needs. */
static int finish_goals(Parse *p, Err *e)
{
    Scenario *sc = p->sc;
    SkirmishSetup *st = &sc->setup;
    for (int s = 0; s < SKIRMISH_SIDES; s++) {
        SkirmishGoal *g = &st->goal[s];
        const GoalText *t = &p->goals[s];
        int line = t->line, side = 0, k = 0;
        if (flagship_of(p, s) == -2)
            return err_set(e, "%s: side %c has two flagships", sc->file, 'A' + s);
        if (!t->given) continue;
        g->ship = -1;
        if (t->ship[0]) {
            parse_label(t->ship, &side, &k);
            if (k >= st->ships[side])
                return BAD("ship %s: side %c has %d ships", sc->file, t->ship_line, t->ship,
                           'A' + side, st->ships[side]);
            int want = g->kind == SKIRMISH_GOAL_FLAGSHIP ? 1 - s : s;
            if (side != want)
                return BAD("ship %s: a %s objective of side %c names %s ship", sc->file,
                           t->ship_line, t->ship, skirmish_goal_names[g->kind], 'A' + s,
                           side == s ? "its own" : "an enemy");
            g->ship = (side ? st->ships[0] : 0) + k;
        } else if (g->kind == SKIRMISH_GOAL_FLAGSHIP) {
            g->ship = flagship_of(p, 1 - s);
            if (g->ship < 0)
                return BAD("[objective.%c]: a flagship objective, but side %c has no ship with "
                           "flagship = yes (or give ship = %c1)",
                           sc->file, line, 'A' + s, 'B' - s, 'B' - s);
        } else if (g->kind == SKIRMISH_GOAL_ESCORT) {
            return BAD("[objective.%c]: an escort objective needs ship = %c1 (the ship to see out)",
                       sc->file, line, 'A' + s, 'A' + s);
        }
        bool hexes = g->kind == SKIRMISH_GOAL_ESCORT || g->kind == SKIRMISH_GOAL_BLOCKADE ||
                     g->kind == SKIRMISH_GOAL_HOLD;
        if (hexes && g->nhexes == 0)
            return BAD("[objective.%c]: kind = %s needs %s = q,r ...", sc->file, line, 'A' + s,
                       skirmish_goal_names[g->kind],
                       g->kind == SKIRMISH_GOAL_HOLD ? "area" : "exit");
        if (g->kind == SKIRMISH_GOAL_HOLD && g->turns == 0)
            return BAD("[objective.%c]: a hold objective needs turns = N", sc->file, line, 'A' + s);
        if (g->kind == SKIRMISH_GOAL_BLOCKADE && g->count == 0) g->count = 1;
        if (g->kind == SKIRMISH_GOAL_BLOCKADE && g->count > st->ships[s])
            return BAD("[objective.%c]: count %d is more ships than side %c has (%d)", sc->file,
                       line, 'A' + s, g->count, 'A' + s, st->ships[s]);
    }
    if (skirmish_goal_validate(st, e) != 0) {
        char msg[sizeof e->msg];
        snprintf(msg, sizeof msg, "%s", e->msg);
        return err_set(e, "%s: %s", sc->file, msg);
    }
    return 0;
}

int scenario_parse(Scenario *sc, const char *text, size_t len, const char *name, Err *e)
{
    assert(sc && name);
    memset(sc, 0, sizeof *sc);
    skirmish_setup_default(&sc->setup);
    snprintf(sc->file, sizeof sc->file, "%s", name);
    const char *base = paths_base_name(name), *dot = strrchr(base, '.');
    size_t stem = dot ? (size_t)(dot - base) : strlen(base);
    if (stem >= sizeof sc->name) stem = sizeof sc->name - 1;
    memcpy(sc->name, base, stem);
    sc->name[stem] = '\0';
    Parse *p = calloc(1, sizeof *p);
    if (!p) return err_set(e, "%s: out of memory", name);
    p->sc = sc;
    int rc = kv_open(&p->r, text, len, sc->file, e);
    if (rc == 0) p->r.unique = true;
    const char *k, *v;
    while (rc == 0 && (rc = kv_next(&p->r, &k, &v, e)) == 1) rc = pair(p, k, v, e) ? -1 : 0;
    if (rc == 0 &&
        (!p->seen_title || !p->seen_brief || !p->seen_map || !p->seen_seed || !p->seen_limit))
        rc = err_set(e, "%s: needs name, brief, map, seed and turn_limit (missing: %s)", sc->file,
                     !p->seen_title   ? "name"
                     : !p->seen_brief ? "brief"
                     : !p->seen_map   ? "map"
                     : !p->seen_seed  ? "seed"
                                      : "turn_limit");
    if (rc == 0 && p->wind_dir_set != p->wind_str_set)
        rc = err_set(e, "%s: wind and wind_strength come together (one without the other)",
                     sc->file);
    sc->setup.pick.wind_set = p->wind_dir_set;
    if (rc == 0) rc = finish_ships(p, e);
    if (rc == 0) rc = finish_goals(p, e);
    free(p);
    return rc == 0 ? 0 : -1;
}

/* Hex h of a ship or objective against the map: on it, on open sea. */
static int check_hex(const Scenario *sc, const Map *m, const Chart *c, Hex h, int line,
                     const char *what, Err *e)
{
    float x, y;
    hex_to_pixel(h, (float)m->meta.hex_size, &x, &y);
    if (x < 0 || y < 0 || x >= (float)m->w || y >= (float)m->h)
        return err_set(e, "%s:%d: %s hex %d,%d lies off the %dx%d map", sc->file, line, what, h.q,
                       h.r, m->w, m->h);
    if (!chart_sailable(c, h))
        return err_set(e, "%s:%d: %s hex %d,%d is land (or too near it to sail)", sc->file, line,
                       what, h.q, h.r);
    return 0;
}

int scenario_check(const Scenario *sc, const Map *m, Err *e)
{
    Chart c;
    if (chart_init(&c, m, (float)m->meta.hex_size, e) != 0) return -1;
    int rc = 0;
    const SkirmishSetup *st = &sc->setup;
    for (int s = 0; s < SKIRMISH_SIDES && rc == 0; s++)
        for (int k = 0; k < st->ships[s] && rc == 0; k++) {
            Hex h = st->place.poses[s][k].hex;
            rc = check_hex(sc, m, &c, h, sc->at_line[s][k], "ship", e);
            for (int t = 0; t <= s && rc == 0; t++)
                for (int j = 0; j < (t == s ? k : st->ships[t]) && rc == 0; j++)
                    if (hex_equal(st->place.poses[t][j].hex, h))
                        rc = err_set(e, "%s:%d: ship %c%d at %d,%d: %c%d is in that hex already",
                                     sc->file, sc->at_line[s][k], 'A' + s, k + 1, h.q, h.r, 'A' + t,
                                     j + 1);
        }
    for (int s = 0; s < SKIRMISH_SIDES && rc == 0; s++)
        for (int k = 0; k < st->goal[s].nhexes && rc == 0; k++)
            rc = check_hex(sc, m, &c, st->goal[s].hexes[k], sc->goal_line[s], "objective", e);
    chart_deinit(&c);
    return rc == 0 ? 0 : -1;
}

int scenario_load(Scenario *sc, const char *path, Err *e)
{
    char *text;
    size_t len;
    if (afile_read(path, SCENARIO_FILE_MAX, &text, &len, e) != 0) return -1;
    int rc = scenario_parse(sc, text, len, path, e);
    free(text);
    return rc;
}

static bool good_name(const char *name)
{
    size_t n = strlen(name);
    return n > 0 && n < SKIRMISH_NAME_MAX &&
           strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-") == n;
}

int scenario_find(Scenario *sc, const char *name, Err *e)
{
    char rel[64], path[PATHS_MAX];
    if (!good_name(name))
        return err_set(e, "scenario '%.40s': a name of data/scenarios (letters, digits, '-')",
                       name);
    snprintf(rel, sizeof rel, "scenarios/%s.ini", name);
    if (paths_data_file(rel, path, sizeof path) != 0)
        return err_set(e, "scenario '%s': data path too long", name);
    if (!paths_exists(path)) {
        char list[SCENARIO_MAX][SKIRMISH_NAME_MAX], known[256] = "";
        int n = scenario_list(list, SCENARIO_MAX);
        for (int i = 0; i < n; i++)
            snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", i ? ", " : "",
                     list[i]);
        return err_set(e, "scenario '%s': no such scenario (known: %s)", name, known);
    }
    return scenario_load(sc, path, e);
}

int scenario_map_load(Scenario *sc, Map *m, char *path, size_t cap, MapGenParams *gen, Err *e)
{
    const char *mp = NULL;
    if (sc->map[0]) {
        char rel[MAP_NAME_MAX + 16];
        snprintf(rel, sizeof rel, "maps/%s.png", sc->map);
        if (paths_data_file(rel, path, cap) != 0)
            return err_set(e, "%s: map path too long", sc->file);
        mp = path;
    }
    int rc = skirmish_map_load(mp, sc->sea_seed, m, gen, &sc->setup, e);
    if (rc != 0) return rc;
    if (scenario_check(sc, m, e) != 0) {
        map_free(m);
        return -1;
    }
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

int scenario_list(char names[][SKIRMISH_NAME_MAX], int cap)
{
    char dir[PATHS_MAX];
    if (paths_data_file("scenarios", dir, sizeof dir) != 0) return -1;
    DIR *d = opendir(dir);
    if (!d) return -1;
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL && n < cap) {
        size_t len = strlen(de->d_name);
        if (len < 5 || strcmp(de->d_name + len - 4, ".ini")) continue;
        char stem[SKIRMISH_NAME_MAX];
        if (len - 4 >= sizeof stem) continue;
        memcpy(stem, de->d_name, len - 4);
        stem[len - 4] = '\0';
        if (!good_name(stem)) continue;
        strcpy(names[n++], stem);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], cmp_names);
    return n;
}
