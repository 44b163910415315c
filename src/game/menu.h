/* menu: the main menu over the living sea — the guided first battle, new
 * skirmish (map, fleet sizes, opponent, turn limit), load a saved battle,
 * settings, explore the sea, quit — drawn with the ui widgets. The menu only chooses; the
 * game acts on what it returns. */
#ifndef SHOAL_MENU_H
#define SHOAL_MENU_H

#include <SDL.h>
#include <time.h>

#include "battle.h"
#include "settings.h"
#include "ui/text.h"
#include "ui/widgets.h"
#include "core/paths.h"
#include "core/save.h"
#include "core/scenario.h"

#define MENU_MAX_MAPS  32
#define MENU_MAX_SAVES 12

enum {
    MENU_MAIN,
    MENU_NEW,
    MENU_LOAD,
    MENU_SETTINGS,
    MENU_KEYS,
    MENU_SOUND,
    MENU_SCENARIOS,
    MENU_NETWORK
};

/* What the player chose this frame. */
enum {
    MENU_ACT_NONE,
    MENU_ACT_START,    /* a new battle: menu_setup */
    MENU_ACT_LOAD,     /* load menu->load_path in menu->load_mode */
    MENU_ACT_RESUME,   /* back to the battle under the menu */
    MENU_ACT_EXPLORE,  /* close the menu and look at the sea */
    MENU_ACT_SETTINGS, /* menu->edit's settings or keys changed: taken and kept at once */
    MENU_ACT_QUIT,
    MENU_ACT_TUTORIAL, /* the guided first battle (tutorial.h) */
    MENU_ACT_SOUND,    /* menu->edit's volumes or mute changed: heard and kept at once */
    MENU_ACT_SCENARIO, /* start scenario menu->scen[menu->scen_choice] (scen_hosted: hosted) */
    /* Network battle: */
    MENU_ACT_JOIN,     /* join menu->join_addr */
    MENU_ACT_ASK_JOIN, /* ask for an address to join */
    MENU_ACT_ASK_PASS, /* ask for the passphrase */
    MENU_ACT_ASK_PORT, /* ask for the port to host on */
};

/* A shipped scenario as the menu lists it (scenario.h). */
typedef struct MenuScenario {
    char name[SKIRMISH_NAME_MAX]; /* "trafalgar" */
    char title[SCENARIO_TITLE_MAX];
    char brief[SCENARIO_BRIEF_MAX];
} MenuScenario;

typedef struct MenuMap {
    char file[SETTINGS_MAP_MAX]; /* "open-waters.png" */
    char name[MAP_NAME_MAX];     /* from its sidecar, else the file stem */
} MenuMap;

typedef struct MenuSave {
    char path[PATHS_MAX];
    char label[160]; /* "quicksave · 30 Nov 14:02" (the load screen: "quicksave · map · turn") */
    time_t mtime;
    /* What it holds (menu_saves.c), read as the load screen opens. */
    bool ok;         /* save_summary read it; else why says why not */
    char why[256];   /* one line: "quicksave.sav:3: turn 'x' is not ..." */
    char sides[256]; /* "A (player) 3 of 3 afloat, 1 prize taken  ·  B (computer, hard) 1 of 3
                      * ·  30 Nov 14:02" */
    int thumb;       /* its map's picture in Menu.thumbs, -1 none yet */
    SaveSummary sum;
} MenuSave;

/* A small picture of a map (water, land) for the load screen, made once
 * per distinct map and kept while the menu lives. */
#define MENU_THUMB_W 96
#define MENU_THUMB_H 60
typedef struct MenuThumb {
    char key[PATHS_MAX + 96]; /* the map file, or the generated sea's parameters */
    SDL_Texture *tex;         /* NULL: the map could not be opened (why) */
    char name[MAP_NAME_MAX];  /* the map's name */
    char why[200];
    int map_w, map_h, hex_size;
    float w, h; /* the picture's size in thumbnail px (the map's shape) */
} MenuThumb;

typedef struct Menu {
    int screen;
    Settings edit; /* the choices being made (the game's settings plus edits) */
    int nmaps;
    MenuMap maps[MENU_MAX_MAPS];
    int map_choice; /* index into maps; nmaps = a sea generated from edit.map_seed */
    int nsaves;
    MenuSave saves[MENU_MAX_SAVES];
    int save_first; /* the load screen's first row shown (the rest page on) */
    int nthumbs;
    MenuThumb thumbs[MENU_MAX_SAVES];
    char save_dir[PATHS_MAX];
    int load_mode;             /* BATTLE_VS_AI / BATTLE_HOTSEAT / BATTLE_WATCH */
    char load_path[PATHS_MAX]; /* set with MENU_ACT_LOAD */
    char map_path[PATHS_MAX];  /* the chosen map's full path (menu_setup) */
    char note[256];            /* an error to show, "" none */
    UiPanel panel;
    /* The panel's top (output px) kept while a screen is open, so rows
     * that come and go grow it downwards: nothing moves under the
     * pointer. settle counts the frames left before it is fixed. */
    float top;
    int settle, top_view_w, top_view_h;
    char title[96];
    /* Labels of the cycling buttons (widgets keep pointers for one frame). */
    char map_label[160], opp_label[96], mode_label[96], win_label[96];
    char wind_label[96], wind_strength_label[64], ai_label[96];
    char pad_label[160];   /* Settings: "Gamepad: NAME" (the game keeps it) */
    char sound_label[160]; /* Sound: the device, or why there is none (the game's) */
    char mute_label[96];
    char key_labels[KEYS_COUNT][128];
    int key_wait;    /* the Keys screen's action waiting for its new key, -1 none */
    bool keys_bound; /* a key was bound since the Keys screen last drew */
    int nscen;       /* the shipped scenarios that read (menu_init) */
    MenuScenario scen[SCENARIO_MAX];
    int scen_choice;  /* set with MENU_ACT_SCENARIO */
    bool scen_hosted; /* ... against the computer, or hosted over the network */
    /* The Network battle screen (menu_net.c): the passphrase given
     * (asked of joiners, given to hosts; never kept on disk), the host
     * chosen to join, this machine's addresses for a friend to join. */
    char net_pass[201];
    char join_addr[SETTINGS_HOST_MAX];
    char net_addrs[160];
    char net_labels[SETTINGS_RECENT_HOSTS + 3][SETTINGS_HOST_MAX + 64];
} Menu;

/* A menu starting on the main screen with the choices in s; lists the
 * shipped maps now (the saves when the load screen opens). */
void menu_init(Menu *m, const Settings *s);
/* Free the load screen's pictures. */
void menu_deinit(Menu *m);
/* Switch screen (MENU_LOAD rescans the saves folder). */
void menu_show(Menu *m, int screen);
/* A key press for the menu before anything else sees it: on the Keys
 * screen, the new key of the action clicked (Esc cancels; a key another
 * action has swaps, a fixed one is refused, both told under the panel).
 * Returns 1 when the key was taken. */
int menu_key(Menu *m, SDL_Keycode k);
/* Show an error under the menu (e.g. a save that would not load). */
void menu_note(Menu *m, const char *msg);

/* Draw the current screen centred on a view_w x view_h output (between
 * ui_begin and ui_end) and return MENU_ACT_*. battle_running offers
 * "Resume battle". */
int menu_draw(Menu *m, Ui *ui, Text *t, SDL_Renderer *r, int view_w, int view_h,
              int battle_running);

/* A screen's panel, title and width (menu.c): between them, its rows. */
void menu_begin(Menu *m, Ui *ui, const char *title, int view_w, int view_h, float w);
void menu_end(Menu *m, Ui *ui);
/* menu_net.c: the Network battle screen: host a skirmish (New skirmish
 * with side B over the network) or a scenario, the port and passphrase,
 * join an address or one of the recent hosts. */
int menu_net_screen(Menu *m, Ui *ui, int view_w, int view_h);

/* The new battle chosen (valid after MENU_ACT_START; map_path points
 * into m). */
void menu_setup(Menu *m, BattleSetup *out);

/* Fill out[] from data/scenarios (sorted by name), the ones that read;
 * returns how many. */
int menu_scan_scenarios(MenuScenario *out, int cap);
/* Fill maps[] from data/maps (sorted by file name); returns how many. */
int menu_scan_maps(MenuMap *maps, int cap);
/* Fill saves[] from dir (*.sav, newest first); returns how many. */
int menu_scan_saves(const char *dir, MenuSave *saves, int cap);
/* menu_saves.c: what each listed save holds (save_summary; a save that
 * can't be read gets its reason) and its rows' text. */
void menu_saves_read(Menu *m);
/* The load screen's rows, from the panel's current row, for a view
 * view_h tall: a thumbnail of the map with the ships as dots, the save's
 * name, map and turn on its button, its fleets and date under it. 1 when
 * a save was clicked (m->load_path set). Makes at most one missing
 * picture per frame. */
int menu_saves_rows(Menu *m, Ui *ui, SDL_Renderer *r, int view_h);

#endif
