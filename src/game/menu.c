/* menu: the main menu's screens, the shipped maps and the saves on disk. */
#include "menu.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/afile.h"
#include "core/kv.h"
#include "core/paths.h"
#include "net/net.h"
#include "ui/draw.h"
#include "ui/theme.h"

static const char *const opponent_text[SETTINGS_OPPONENTS] = {
    "the computer", "a friend on this screen (hot-seat)", "nobody: watch the computer play",
    "a friend over the network (you host)"};
static const char *const mode_text[BATTLE_MODES] = {"against the computer", "hot-seat, two players",
                                                    "watching the computer",
                                                    "hosted for a friend over the network"};

/* ------------------------------------------------------------ listings */

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), k = strlen(tail);
    return n > k && strcmp(s + n - k, tail) == 0;
}

static int by_file(const void *a, const void *b)
{
    return strcmp(((const MenuMap *)a)->file, ((const MenuMap *)b)->file);
}

/* The `name` of a map's sidecar, else its file stem. */
static void map_title(const char *dir, const char *file, char *out, size_t cap)
{
    size_t stem = strlen(file) - 4;
    snprintf(out, cap, "%.*s", (int)stem, file);
    char ini[PATHS_MAX];
    if (snprintf(ini, sizeof ini, "%s/%.*s.ini", dir, (int)stem, file) >= (int)sizeof ini) return;
    char *text;
    size_t len;
    Err e;
    if (afile_read(ini, MAP_SIDECAR_MAX_BYTES, &text, &len, &e) != 0) return;
    KvReader r;
    const char *k, *v;
    if (kv_open(&r, text, len, ini, &e) == 0)
        while (kv_next(&r, &k, &v, &e) == 1)
            if (!strcmp(k, "name") && v[0]) {
                snprintf(out, cap, "%s", v);
                break;
            }
    free(text);
}

int menu_scan_maps(MenuMap *maps, int cap)
{
    char dir[PATHS_MAX];
    if (paths_data_file("maps", dir, sizeof dir) != 0) return 0;
    DIR *d = opendir(dir);
    if (!d) return 0;
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL && n < cap) {
        if (!ends_with(de->d_name, ".png") || de->d_name[0] == '.' ||
            strlen(de->d_name) >= SETTINGS_MAP_MAX)
            continue;
        snprintf(maps[n].file, sizeof maps[n].file, "%.*s", (int)sizeof maps[n].file - 1,
                 de->d_name);
        n++;
    }
    closedir(d);
    qsort(maps, (size_t)n, sizeof *maps, by_file);
    for (int i = 0; i < n; i++) map_title(dir, maps[i].file, maps[i].name, sizeof maps[i].name);
    return n;
}

int menu_scan_scenarios(MenuScenario *out, int cap)
{
    char names[SCENARIO_MAX][SKIRMISH_NAME_MAX];
    int n = scenario_list(names, SCENARIO_MAX), k = 0;
    Scenario *sc = malloc(sizeof *sc);
    for (int i = 0; sc && i < n && k < cap; i++) {
        Err e;
        /* One that does not read is left out here; starting it says why. */
        if (scenario_find(sc, names[i], &e) != 0) continue;
        snprintf(out[k].name, sizeof out[k].name, "%s", sc->name);
        snprintf(out[k].title, sizeof out[k].title, "%s", sc->title);
        snprintf(out[k].brief, sizeof out[k].brief, "%s", sc->brief);
        k++;
    }
    free(sc);
    return k;
}

static int by_newest(const void *a, const void *b)
{
    time_t x = ((const MenuSave *)a)->mtime, y = ((const MenuSave *)b)->mtime;
    if (x != y) return x < y ? 1 : -1;
    return strcmp(((const MenuSave *)a)->path, ((const MenuSave *)b)->path);
}

int menu_scan_saves(const char *dir, MenuSave *saves, int cap)
{
    DIR *d = opendir(dir);
    if (!d) return 0;
    /* Keep the newest `cap`: collect into a bigger pool, sort, cut. */
    enum { POOL = 256 };
    MenuSave *pool = malloc(POOL * sizeof *pool);
    if (!pool) {
        closedir(d);
        return 0;
    }
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (!ends_with(de->d_name, ".sav") || de->d_name[0] == '.') continue;
        MenuSave s;
        if (snprintf(s.path, sizeof s.path, "%s/%s", dir, de->d_name) >= (int)sizeof s.path)
            continue;
        struct stat st;
        if (stat(s.path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        s.mtime = st.st_mtime;
        struct tm tm;
        char when[64];
        localtime_r(&s.mtime, &tm);
        strftime(when, sizeof when, "%d %b %H:%M", &tm);
        snprintf(s.label, sizeof s.label, "%.*s  \xC2\xB7  %s", (int)(strlen(de->d_name) - 4),
                 de->d_name, when);
        if (n < POOL) {
            pool[n++] = s;
        } else {
            /* Full: replace the oldest if this one is newer. */
            int old = 0;
            for (int i = 1; i < n; i++)
                if (pool[i].mtime < pool[old].mtime) old = i;
            if (s.mtime > pool[old].mtime) pool[old] = s;
        }
    }
    closedir(d);
    qsort(pool, (size_t)n, sizeof *pool, by_newest);
    if (n > cap) n = cap;
    memcpy(saves, pool, (size_t)n * sizeof *saves);
    free(pool);
    return n;
}

/* A screen's panel is centred on the height of its first whole frame
 * (the very first is laid out with the last screen's height). */
#define MENU_SETTLE_FRAMES 2

/* --------------------------------------------------------------- state */

static void pick_map(Menu *m)
{
    m->map_choice = m->nmaps; /* generated, unless the setting names a map we have */
    if (!m->edit.map[0]) return;
    for (int i = 0; i < m->nmaps; i++)
        if (!strcmp(m->maps[i].file, m->edit.map)) m->map_choice = i;
    /* A shipped map that is gone: the first one there is. */
    if (m->map_choice == m->nmaps && m->nmaps > 0) m->map_choice = 0;
}

void menu_init(Menu *m, const Settings *s)
{
    memset(m, 0, sizeof *m);
    m->edit = *s;
    m->nmaps = menu_scan_maps(m->maps, MENU_MAX_MAPS);
    m->nscen = menu_scan_scenarios(m->scen, SCENARIO_MAX);
    pick_map(m);
    m->load_mode = s->opponent < BATTLE_MODES ? s->opponent : BATTLE_VS_AI;
    m->settle = MENU_SETTLE_FRAMES;
    m->key_wait = -1;
    if (settings_save_dir(m->save_dir, sizeof m->save_dir) != 0) m->save_dir[0] = '\0';
}

void menu_show(Menu *m, int screen)
{
    m->screen = screen;
    m->note[0] = '\0';
    m->key_wait = -1;
    m->settle = MENU_SETTLE_FRAMES;
    if (screen == MENU_NETWORK) net_local_addresses(m->net_addrs, sizeof m->net_addrs);
    if (screen == MENU_LOAD) {
        m->nsaves = m->save_dir[0] ? menu_scan_saves(m->save_dir, m->saves, MENU_MAX_SAVES) : 0;
        menu_saves_read(m);
    }
}

void menu_note(Menu *m, const char *msg)
{
    /* Saves are named by file alone: the folder is the same for all. */
    size_t n = strlen(m->save_dir);
    const char *at = n ? strstr(msg, m->save_dir) : NULL;
    if (at && at[n] == '/')
        snprintf(m->note, sizeof m->note, "%.*s%s", (int)(at - msg), msg, at + n + 1);
    else
        snprintf(m->note, sizeof m->note, "%s", msg);
}

void menu_setup(Menu *m, BattleSetup *out)
{
    memset(out, 0, sizeof *out);
    out->mode = m->edit.opponent;
    out->ships[0] = m->edit.fleet[0];
    out->ships[1] = m->edit.fleet[1];
    out->turn_limit = m->edit.turn_limit;
    out->pick = m->edit.pick;
    out->ai_level = m->edit.ai_level;
    if (m->map_choice < m->nmaps && paths_data_file("maps", m->map_path, sizeof m->map_path) == 0 &&
        strlen(m->map_path) + strlen(m->maps[m->map_choice].file) + 2 < sizeof m->map_path) {
        strcat(m->map_path, "/");
        strcat(m->map_path, m->maps[m->map_choice].file);
        out->map_path = m->map_path;
        /* A fresh battle on a shipped map each time: new dice. */
        out->seed = (uint64_t)time(NULL) ^ ((uint64_t)SDL_GetPerformanceCounter() << 16);
    } else {
        /* A generated sea is its seed: same seed, same sea and dice. */
        out->map_path = NULL;
        out->seed = m->edit.map_seed;
        out->map_seed = m->edit.map_seed;
    }
}

/* ------------------------------------------------------------- screens */

void menu_begin(Menu *m, Ui *ui, const char *title, int view_w, int view_h, float w)
{
    snprintf(m->title, sizeof m->title, "%s", title);
    m->panel.title = m->title;
    m->panel.w = w * ui->scale;
    m->panel.x = ((float)view_w - m->panel.w) / 2;
    float h = m->panel.h > 0 ? m->panel.h : 300 * ui->scale, margin = 40 * ui->scale;
    if (view_w != m->top_view_w || view_h != m->top_view_h) m->settle = MENU_SETTLE_FRAMES;
    if (m->settle > 0) {
        /* Centred on the height the screen has as it opens. */
        m->settle--;
        m->top = ((float)view_h - h) / 2;
        m->top_view_w = view_w;
        m->top_view_h = view_h;
    }
    /* Up only as far as it must to stay in the window. */
    float y = m->top;
    if (y + h > (float)view_h - margin) y = (float)view_h - margin - h;
    if (y < margin) y = margin;
    m->panel.y = y;
    ui_panel_begin(ui, &m->panel);
}

/* The note, wrapped at spaces to the panel's width. */
static void note_lines(Menu *m, Ui *ui)
{
    float width = m->panel.w - 20 * ui->scale;
    char line[256];
    size_t used;
    for (const char *p = m->note; (used = text_wrap_line(ui->text, p, width, line, sizeof line));
         p += used)
        ui_label(ui, line);
}

void menu_end(Menu *m, Ui *ui)
{
    if (m->note[0]) note_lines(m, ui);
    ui_panel_end(ui);
}

/* What each choice of the menu does, shown when the pointer rests on it. */
enum {
    TIP_TUTORIAL,
    TIP_NEW,
    TIP_EXPLORE,
    TIP_MAP,
    TIP_SEED,
    TIP_SHIPS,
    TIP_CLASSES,
    TIP_OPPONENT,
    TIP_COMPUTER,
    TIP_WIND,
    TIP_TURNS,
    TIP_PLAY,
    TIP_LOAD_NETWORK,
    TIP_COUNT
};

static const char *const tips[TIP_COUNT] = {
    [TIP_TUTORIAL] = "A short lesson: one frigate against one sloop, step by step, each step "
                     "saying why it matters. About five turns.",
    [TIP_NEW] = "Choose a map, the fleets, who commands side B, the wind and the turn limit.",
    [TIP_EXPLORE] = "Close the menu and look at the living sea: fish school, sharks hunt, and "
                    "the school flees your cursor.",
    [TIP_MAP] = "Click for the next map: each shipped map, then a sea generated from a seed.",
    [TIP_SEED] = "The generated sea: the same seed always makes the same islands.",
    [TIP_SHIPS] = "Ships on this side, 1 to 8; the row below sets each one's class.",
    [TIP_CLASSES] = "Click a ship to make her a sloop (fast, light), a frigate or a ship of the "
                    "line (slow, heavy guns); the last cell goes back to the usual mix.",
    [TIP_OPPONENT] = "Side B: the computer, a friend at this screen (hot-seat, orders hidden "
                     "between turns), nobody (watch the computer play both sides), or a friend "
                     "over the network who joins the battle you host.",
    [TIP_COMPUTER] = "Easy is for learning: a quarter of its ships blunder about each turn. "
                     "Normal guesses where you will sail; hard guesses that you guess it too.",
    [TIP_WIND] = "Where the wind blows from at the start and how hard (the map's own, or "
                 "yours); it veers and freshens as the battle goes on.",
    [TIP_TURNS] = "At the limit the side with the most points (for enemy ships sunk or struck) "
                  "wins.",
    [TIP_LOAD_NETWORK] = "Load: a battle saved with F5 or Save game. Network battle: play a "
                         "friend on another machine (host a battle and give them your address, "
                         "or join theirs).",
    [TIP_PLAY] = "New skirmish: choose a map, the fleets, side B, the wind and the turn limit. "
                 "Scenarios: set battles with their own fleets, wind and objectives.",
};

static int main_screen(Menu *m, Ui *ui, int view_w, int view_h, int battle_running)
{
    int act = MENU_ACT_NONE;
    menu_begin(m, ui, "shoal  \xC2\xB7  naval skirmish", view_w, view_h, 340);
    if (battle_running && ui_button(ui, "Resume battle")) act = MENU_ACT_RESUME;
    if (ui_button(ui, "Guided first battle")) act = MENU_ACT_TUTORIAL;
    ui_tip(ui, tips[TIP_TUTORIAL]);
    /* Scenarios share New skirmish's row: the menu keeps its height, and
     * every entry its place. */
    static const char *const play[] = {"New skirmish", "Scenarios"};
    int k = ui_button_row(ui, "play row", play, m->nscen > 0 ? 2 : 1);
    if (k == 0) menu_show(m, MENU_NEW);
    if (k == 1) menu_show(m, MENU_SCENARIOS);
    ui_tip(ui, tips[m->nscen > 0 ? TIP_PLAY : TIP_NEW]);
    /* Network battle shares Load's row, for the same reason. */
    static const char *const more[] = {"Load a saved battle", "Network battle"};
    k = ui_button_row(ui, "more row", more, 2);
    if (k == 0) menu_show(m, MENU_LOAD);
    if (k == 1) menu_show(m, MENU_NETWORK);
    ui_tip(ui, tips[TIP_LOAD_NETWORK]);
    if (ui_button(ui, "Settings")) menu_show(m, MENU_SETTINGS);
    if (!battle_running) {
        if (ui_button(ui, "Explore the sea")) act = MENU_ACT_EXPLORE;
        ui_tip(ui, tips[TIP_EXPLORE]);
    }
    if (ui_button(ui, "Quit")) act = MENU_ACT_QUIT;
    menu_end(m, ui);
    return act;
}

/* Side's fleet as a row of ships, one button each: a click steps that
 * ship through sloop, frigate, line; "mix" gives back the usual mix for
 * the fleet's size. The row keeps its place whatever it holds. */
static void fleet_row(Settings *s, Ui *ui, int side)
{
    static const char *const full[FLEET_CLASSES] = {"sloop", "frigate", "line"};
    static const char *const brief[FLEET_CLASSES] = {"S", "F", "L"};
    static const char *const row_id[SKIRMISH_SIDES] = {"fleet row A", "fleet row B"};
    int n = s->fleet[side];
    const char *labels[SKIRMISH_SIDE_SHIPS + 1];
    int cls[SKIRMISH_SIDE_SHIPS];
    for (int k = 0; k < n; k++) {
        cls[k] = s->pick.classes_set[side] ? s->pick.classes[side][k] : skirmish_fleet_class(n, k);
        labels[k] = n > 5 ? brief[cls[k]] : full[cls[k]];
    }
    labels[n] = s->pick.classes_set[side] ? "mix" : "(mix)";
    int k = ui_button_row(ui, row_id[side], labels, n + 1);
    ui_tip(ui, tips[TIP_CLASSES]);
    if (k == n) {
        s->pick.classes_set[side] = 0;
    } else if (k >= 0) {
        /* The first change starts from the mix shown; ships added later
         * are frigates until changed. */
        if (!s->pick.classes_set[side]) {
            for (int i = 0; i < SKIRMISH_SIDE_SHIPS; i++)
                s->pick.classes[side][i] = i < n ? cls[i] : FLEET_FRIGATE;
            s->pick.classes_set[side] = 1;
        }
        s->pick.classes[side][k] = (s->pick.classes[side][k] + 1) % FLEET_CLASSES;
    }
}

/* Who the computer is (kept in hot-seat too, so the row never comes and
 * goes), and the wind the battle opens with: where from and how hard, on
 * one row, so choosing it grows nothing under the pointer. */
static void weather_rows(Menu *m, Ui *ui, Settings *s)
{
    /* Easiest first, each with what makes it so. */
    static const int by_strength[SKIRMISH_AI_LEVELS] = {SKIRMISH_AI_EASY, SKIRMISH_AI_NORMAL,
                                                        SKIRMISH_AI_HARD};
    static const char *const how[SKIRMISH_AI_LEVELS] = {
        [SKIRMISH_AI_EASY] = "easy (often blunders)",
        [SKIRMISH_AI_NORMAL] = "normal (reads your move)",
        [SKIRMISH_AI_HARD] = "hard (reads deeper)"};
    int level = s->ai_level >= 0 && s->ai_level < SKIRMISH_AI_LEVELS ? s->ai_level : 0;
    snprintf(m->ai_label, sizeof m->ai_label, "The computer: %s  \xE2\x80\xBA", how[level]);
    if (ui_button(ui, m->ai_label)) {
        int k = 0;
        while (by_strength[k] != level) k++;
        s->ai_level = by_strength[(k + 1) % SKIRMISH_AI_LEVELS];
    }
    ui_tip(ui, tips[TIP_COMPUTER]);
    if (s->pick.wind_set) {
        snprintf(m->wind_label, sizeof m->wind_label, "Wind: from %s  \xE2\x80\xBA",
                 hex_dir_names[s->pick.wind_dir % HEX_DIRS]);
        snprintf(m->wind_strength_label, sizeof m->wind_strength_label,
                 "strength %d of %d  \xE2\x80\xBA", s->pick.wind_strength, MAP_WIND_MAX);
    } else {
        snprintf(m->wind_label, sizeof m->wind_label, "Wind: the map's own  \xE2\x80\xBA");
        snprintf(m->wind_strength_label, sizeof m->wind_strength_label, "strength: the map's");
    }
    const char *cells[2] = {m->wind_label, m->wind_strength_label};
    int k = ui_button_row(ui, "wind row", cells, 2);
    ui_tip(ui, tips[TIP_WIND]);
    if (k == 0) {
        /* the map's own -> E -> NE -> ... -> SE -> the map's own */
        if (!s->pick.wind_set) {
            s->pick.wind_set = 1;
            s->pick.wind_dir = 0;
        } else if (++s->pick.wind_dir >= HEX_DIRS) {
            s->pick.wind_set = 0;
            s->pick.wind_dir = 0;
        }
    } else if (k == 1 && s->pick.wind_set) {
        s->pick.wind_strength = (s->pick.wind_strength + 1) % (MAP_WIND_MAX + 1);
    }
}

static int new_screen(Menu *m, Ui *ui, int view_w, int view_h)
{
    int act = MENU_ACT_NONE;
    Settings *s = &m->edit;
    menu_begin(m, ui, "New skirmish", view_w, view_h, 460);
    if (m->map_choice < m->nmaps)
        snprintf(m->map_label, sizeof m->map_label, "Map: %s  \xE2\x80\xBA",
                 m->maps[m->map_choice].name);
    else
        snprintf(m->map_label, sizeof m->map_label,
                 "Map: a sea generated from a seed  \xE2\x80\xBA");
    if (ui_button(ui, m->map_label)) {
        m->map_choice = (m->map_choice + 1) % (m->nmaps + 1);
        snprintf(s->map, sizeof s->map, "%s",
                 m->map_choice < m->nmaps ? m->maps[m->map_choice].file : "");
    }
    ui_tip(ui, tips[TIP_MAP]);
    if (m->map_choice == m->nmaps) {
        int seed = (int)(s->map_seed % 100000u);
        if (ui_slider_int(ui, "Sea seed", &seed, 0, 99999, UI_LINEAR)) s->map_seed = (uint32_t)seed;
        ui_tip(ui, tips[TIP_SEED]);
        if (ui_button(ui, "Another sea (new seed)"))
            s->map_seed =
                (uint32_t)((s->map_seed * 1103515245u + 12345u + (uint32_t)time(NULL)) % 100000u);
    }
    ui_slider_int(ui, "Side A ships (blue)", &s->fleet[0], 1, SKIRMISH_SIDE_SHIPS, UI_LINEAR);
    ui_tip(ui, tips[TIP_SHIPS]);
    fleet_row(s, ui, 0);
    ui_slider_int(ui, "Side B ships (red)", &s->fleet[1], 1, SKIRMISH_SIDE_SHIPS, UI_LINEAR);
    ui_tip(ui, tips[TIP_SHIPS]);
    fleet_row(s, ui, 1);
    snprintf(m->opp_label, sizeof m->opp_label, "Side B: %s  \xE2\x80\xBA",
             opponent_text[s->opponent % SETTINGS_OPPONENTS]);
    if (ui_button(ui, m->opp_label)) s->opponent = (s->opponent + 1) % SETTINGS_OPPONENTS;
    ui_tip(ui, tips[TIP_OPPONENT]);
    weather_rows(m, ui, s);
    ui_slider_int(ui, "Turn limit", &s->turn_limit, 5, 200, UI_LINEAR);
    ui_tip(ui, tips[TIP_TURNS]);
    if (ui_button(ui, s->opponent == SETTINGS_NETWORK ? "Host the battle" : "Start the battle"))
        act = MENU_ACT_START;
    if (ui_button(ui, "Back")) menu_show(m, MENU_MAIN);
    menu_end(m, ui);
    return act;
}

/* Each scenario as a button with its one-line brief under it; a click
 * starts it against the computer (you command side A, in blue). */
static int scenario_screen(Menu *m, Ui *ui, int view_w, int view_h)
{
    int act = MENU_ACT_NONE;
    menu_begin(m, ui, "Scenarios  \xC2\xB7  you command side A", view_w, view_h, 640);
    float width = m->panel.w - 20 * ui->scale;
    for (int i = 0; i < m->nscen; i++) {
        if (ui_button(ui, m->scen[i].title)) {
            m->scen_choice = i;
            m->scen_hosted = false;
            act = MENU_ACT_SCENARIO;
        }
        char line[256];
        size_t used;
        for (const char *p = m->scen[i].brief;
             (used = text_wrap_line(ui->text, p, width, line, sizeof line)); p += used)
            ui_label(ui, line);
    }
    if (ui_button(ui, "Back")) menu_show(m, MENU_MAIN);
    menu_end(m, ui);
    return act;
}

static int load_screen(Menu *m, Ui *ui, SDL_Renderer *r, int view_w, int view_h)
{
    int act = MENU_ACT_NONE;
    menu_begin(m, ui, "Load a saved battle", view_w, view_h, 600);
    if (m->nsaves == 0) {
        ui_label(ui, "No saved battles yet: in a battle press F5,");
        ui_label(ui, "or Save game, to keep one.");
    }
    if (menu_saves_rows(m, ui, r, view_h)) act = MENU_ACT_LOAD;
    snprintf(m->mode_label, sizeof m->mode_label, "Play it: %s  \xE2\x80\xBA",
             mode_text[m->load_mode % BATTLE_MODES]);
    if (ui_button(ui, m->mode_label)) m->load_mode = (m->load_mode + 1) % BATTLE_MODES;
    if (ui_button(ui, "Back")) menu_show(m, MENU_MAIN);
    menu_end(m, ui);
    return act;
}

/* The window sizes Settings offers, the first the default (options.h);
 * settings.ini may name any other. */
static const int window_sizes[][2] = {{1280, 720}, {1280, 800}, {1600, 900}, {1920, 1080}};
#define WINDOW_SIZES ((int)(sizeof window_sizes / sizeof window_sizes[0]))

/* The button that steps s's window size through window_sizes; 1 when it
 * did. */
static int window_size_button(Menu *m, Ui *ui, Settings *s)
{
    int at = -1;
    for (int i = 0; i < WINDOW_SIZES; i++)
        if (s->win_w == window_sizes[i][0] && s->win_h == window_sizes[i][1]) at = i;
    if (s->win_w > 0 && s->win_h > 0)
        snprintf(m->win_label, sizeof m->win_label, "Window size: %d\xC3\x97%d  \xE2\x80\xBA",
                 s->win_w, s->win_h);
    else
        snprintf(m->win_label, sizeof m->win_label, "Window size: as started  \xE2\x80\xBA");
    if (!ui_button(ui, m->win_label)) return 0;
    at = (at + 1) % WINDOW_SIZES;
    s->win_w = window_sizes[at][0];
    s->win_h = window_sizes[at][1];
    return 1;
}

/* One model on Settings, Keys and Sound: a choice takes effect as it is
 * made, and is kept (settings.ini) once it rests; no Apply. */
#define MENU_KEPT_NOTE "Taken at once, and kept, as you change them."

static int settings_screen(Menu *m, Ui *ui, int view_w, int view_h)
{
    Settings *s = &m->edit;
    menu_begin(m, ui, "Settings", view_w, view_h, 380);
    int changed = ui_toggle(ui, "Sea life (fish and sharks)", &s->sea_life);
    changed |= ui_slider_int(ui, "Fish", &s->fish, 0, SETTINGS_FISH_MAX, UI_LOG);
    changed |= ui_slider_int(ui, "Sharks", &s->sharks, 0, SETTINGS_SHARKS_MAX, UI_LINEAR);
    changed |= ui_slider_float(ui, "Battle animation speed", &s->anim_speed, SETTINGS_SPEED_MIN,
                               SETTINGS_SPEED_MAX, 2, "x");
    changed |= ui_toggle(ui, "Hex grid over the sea", &s->show_grid);
    changed |= ui_toggle(ui, "Ask before ending a turn with ships idle", &s->ask_end_turn);
    changed |= ui_toggle(ui, "Fullscreen (F11)", &s->fullscreen);
    changed |= window_size_button(m, ui, s);
    if (ui_button(ui, "Keys  \xE2\x80\xBA")) menu_show(m, MENU_KEYS);
    if (ui_button(ui, "Sound  \xE2\x80\xBA")) menu_show(m, MENU_SOUND);
    ui_label(ui, MENU_KEPT_NOTE);
    if (ui_button(ui, "Back")) menu_show(m, MENU_MAIN);
    /* Last: it tells, and nothing under it moves when a pad comes. */
    ui_label(ui, m->pad_label[0] ? m->pad_label : "No gamepad plugged in");
    menu_end(m, ui);
    return changed ? MENU_ACT_SETTINGS : MENU_ACT_NONE;
}

int menu_key(Menu *m, SDL_Keycode k)
{
    if (m->screen != MENU_KEYS || m->key_wait < 0) return 0;
    int a = m->key_wait;
    m->key_wait = -1;
    if (k == SDLK_ESCAPE) return 1;
    /* Copied: SDL names a printable key in one static buffer. */
    char was[32], now[32];
    snprintf(was, sizeof was, "%s", keys_name(m->edit.keys.key[a]));
    snprintf(now, sizeof now, "%s", keys_name(k));
    int other = keys_bind(&m->edit.keys, a, k);
    /* Bound: the Keys screen hands it on at its next frame. */
    m->keys_bound |= other != -2;
    if (other == -2)
        snprintf(m->note, sizeof m->note,
                 "%s stays as it is (Esc, 1..8, Delete, F1, F11, F12, Q, H): "
                 "%s keeps %s",
                 now[0] ? now : "that key", keys_table[a].label, was);
    else if (other >= 0)
        snprintf(m->note, sizeof m->note, "%s was the key of %s, which now has %s", now,
                 keys_table[other].label, was);
    else
        m->note[0] = '\0';
    return 1;
}

/* Each bindable action and its key; a click waits for the new key. */
static int keys_screen(Menu *m, Ui *ui, int view_w, int view_h)
{
    int act = MENU_ACT_NONE;
    Keys *k = &m->edit.keys;
    menu_begin(m, ui, "Keys", view_w, view_h, 420);
    ui_label(ui, "Click an action, then press its new key.");
    for (int a = 0; a < KEYS_COUNT; a++) {
        if (m->key_wait == a)
            snprintf(m->key_labels[a], sizeof m->key_labels[a],
                     "%s:  press a key (Esc cancels)\xE2\x80\xA6", keys_table[a].label);
        else
            snprintf(m->key_labels[a], sizeof m->key_labels[a], "%s:  %s", keys_table[a].label,
                     keys_name(k->key[a]));
        if (ui_button(ui, m->key_labels[a])) {
            m->key_wait = a;
            m->note[0] = '\0';
        }
    }
    if (ui_button(ui, "Defaults")) {
        keys_default(k);
        m->keys_bound = true;
    }
    if (m->keys_bound) act = MENU_ACT_SETTINGS;
    m->keys_bound = false;
    ui_label(ui, MENU_KEPT_NOTE);
    if (ui_button(ui, "Back")) menu_show(m, MENU_SETTINGS);
    menu_end(m, ui);
    return act;
}

/* Volumes and the mute switch: heard as they move (a player sets a
 * volume by ear), kept once they rest. */
static int sound_screen(Menu *m, Ui *ui, int view_w, int view_h)
{
    static const char *const labels[SETTINGS_VOLUMES] = {
        "Master volume", "Effects: guns, hits, clicks", "Sea: wind, waves, fish",
        "Music: victory and defeat"};
    static const char *const vol_tips[SETTINGS_VOLUMES] = {
        "Everything at once.", "Broadsides, shot landing, bells, creaks and the menu's clicks.",
        "The wind and waves round the view, and fish schools close by.",
        "The short tune when a battle is won or lost."};
    Settings *s = &m->edit;
    int act = MENU_ACT_NONE;
    menu_begin(m, ui, "Sound", view_w, view_h, 380);
    int on = !s->mute;
    const char *key = keys_name(s->keys.key[KEYS_MUTE]);
    snprintf(m->mute_label, sizeof m->mute_label, "Sound on (%s)", key);
    if (ui_toggle(ui, m->mute_label, &on)) act = MENU_ACT_SOUND;
    ui_tip(ui, "The mute key turns the sound off and on anywhere in the game (Settings > Keys).");
    s->mute = !on;
    for (int k = 0; k < SETTINGS_VOLUMES; k++) {
        if (ui_slider_int(ui, labels[k], &s->volume[k], 0, 100, UI_LINEAR)) act = MENU_ACT_SOUND;
        ui_tip(ui, vol_tips[k]);
    }
    ui_label(ui, m->sound_label[0] ? m->sound_label : "Sound: on");
    ui_label(ui, MENU_KEPT_NOTE);
    if (ui_button(ui, "Back")) menu_show(m, MENU_SETTINGS);
    menu_end(m, ui);
    return act;
}

int menu_draw(Menu *m, Ui *ui, Text *t, SDL_Renderer *r, int view_w, int view_h, int battle_running)
{
    /* Dim the sea a little so the menu reads; the fish still show. */
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    theme_draw_color(r, THEME_SHADE);
    SDL_Rect all = {0, 0, view_w, view_h};
    draw_fill_rect(r, &all);
    const char *hint = "F1 help   \xC2\xB7   L sea life on / off   \xC2\xB7   Tab sea controls   "
                       "\xC2\xB7   F12 screenshot";
    int tw, th;
    text_measure(t, hint, &tw, &th);
    text_draw(t, hint, (view_w - tw) / 2, view_h - th - (int)(14 * ui->scale), THEME_DIM);
    int screen = m->screen;
    switch (screen) {
    case MENU_NEW:
        return new_screen(m, ui, view_w, view_h);
    case MENU_LOAD:
        return load_screen(m, ui, r, view_w, view_h);
    case MENU_SCENARIOS:
        return scenario_screen(m, ui, view_w, view_h);
    case MENU_SETTINGS:
        return settings_screen(m, ui, view_w, view_h);
    case MENU_KEYS:
        return keys_screen(m, ui, view_w, view_h);
    case MENU_SOUND:
        return sound_screen(m, ui, view_w, view_h);
    case MENU_NETWORK:
        return menu_net_screen(m, ui, view_w, view_h);
    default:
        return main_screen(m, ui, view_w, view_h, battle_running);
    }
}
