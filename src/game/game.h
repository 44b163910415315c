/* game: one running game — its state, its events and its frames, the same
 * in a window and headless. */
#ifndef SHOAL_GAME_H
#define SHOAL_GAME_H

#include <SDL.h>
#include <stdint.h>

#include "battle_view.h"
#include "core/jobs.h"
#include "core/map.h"
#include "core/shore.h"
#include "input.h"
#include "loader.h"
#include "menu.h"
#include "options.h"
#include "pad.h"
#include "perf.h"
#include "scene.h"
#include "sealife.h"
#include "settings.h"
#include "tuning.h"
#include "tutorial.h"
#include "ui/audio.h"
#include "ui/camera.h"
#include "ui/dialog.h"
#include "ui/terrain.h"
#include "ui/text.h"
#include "ui/widgets.h"
#include "core/paths.h"
#include "net/net_session.h"

/* The quick save (F5, F9): saves/GAME_QUICKSAVE.sav. */
#define GAME_QUICKSAVE "quicksave"

#define GAME_SEEN_LINE 64
/* The network panel's line (game_net_line), at most this long with its NUL. */
#define GAME_NET_LINE 320

/* What the test channel last told of the game's state (game_testev.c). */
typedef struct GameSeen {
    char menu[GAME_SEEN_LINE], load[GAME_SEEN_LINE], ask[GAME_SEEN_LINE];
    char help[GAME_SEEN_LINE], turn[GAME_SEEN_LINE];
    char panels[160];             /* "panels battle X,Y,W,H ship ... log ..." */
    char net[GAME_NET_LINE + 16]; /* "net panel open: " and the line */
    const Battle *battle;         /* the battle told of, to see a new one */
} GameSeen;

typedef struct Game {
    const GameOptions *o;
    const Map *m;    /* the map on screen: the start map, the battle's, or left_map */
    Map left_map;    /* the map of a battle left (game_set_battle NULL), still on screen */
    uint64_t world;  /* map_digest of m: what shore, terrain and sea were made from */
    SDL_Window *win; /* NULL when headless */
    SDL_Renderer *r;
    JobPool *pool;
    ShoreField shore;
    Terrain terrain;
    Text *text;
    Camera cam;
    Input in;
    Ui ui;
    Scene scene;
    SeaLife sea;
    Tuning tuning;
    Perf perf;
    int view_w, view_h;
    int help, stats, panel, status_line;
    int want_shot; /* F12 pressed: save after this frame is drawn */
    char status[256];
    double status_left; /* seconds the status stays on screen */
    uint64_t frame_t0;  /* ticks at the start of the frame */
    double last_wall;   /* headless: wall clock (s) of the last frame, < 0 none */
    /* The player's settings (settings.ini; the defaults in headless runs). */
    Settings settings;
    int settings_ok;               /* the file may be written */
    char settings_file[PATHS_MAX]; /* "" when there is no home folder */
    /* The skirmish on screen, its view, and the menu. */
    Battle *battle; /* NULL: just the sea */
    BattleView bview;
    BattleSetup again; /* the last new battle, for "another like it" */
    char again_map[PATHS_MAX];
    Menu menu;
    int menu_open;
    Pad pad;                   /* the gamepad (game_pad.c) */
    int seen_phase, seen_side; /* the battle's phase and side last frame */
    /* What the menu and the battle's screens chose while drawing; acted
     * on at the start of the next frame, when no sea step is in flight. */
    int menu_act, battle_act;
    /* A battle being started or loaded off the main thread (NULL: none).
     * Meanwhile the view is drawn as it was under a panel with a bar and
     * Cancel, and takes no input: load_ui is the panel's own, so the
     * widgets of g->ui (menu, battle buttons, controls) hear nothing. */
    Loader *loader;
    Ui load_ui;
    UiPanel load_panel;
    char load_title[160];
    bool load_cancel; /* Cancel or Esc: acted on at the next frame's start */
    /* A question to the player (game_ask.c): while open it takes every
     * input but F12; answered, it is acted on at the next frame's start. */
    Dialog ask;
    uint64_t saved_progress; /* game_progress of the battle when last saved, loaded or begun */
    int asked_end_turn;      /* turn * SKIRMISH_SIDES + side last asked about, -1 none */
    /* The guided first battle (game_tutorial.c): on while its battle is
     * on screen; pending while that battle loads (tut_before: the battle
     * it replaces), and its panel's choice, applied at the next frame. */
    Tutorial tut;
    bool tut_pending, tut_next;
    const Battle *tut_before;
    int tut_act;
    /* The sound (game_sound.c): NULL when there is none at all (headless
     * without --sound-log); muted by M or --mute; the widget clicks
     * already heard; its main-thread time in the last frame. */
    Audio *audio;
    bool sound_mute;
    unsigned heard_clicks, heard_back;
    float sound_ms;
    float store_in; /* > 0: settings.ini is written in this many s (a slider at rest) */
    /* A battle against a friend over the network (game_net.c): the link
     * (NULL: none), the port hosted on, the address joined, and where
     * the battle is: the host's battle loading, the final hash sent, side
     * B seen, the link failed and asked about (offering to wait or join
     * again), watching. */
    NetSession *net;
    int net_port;
    char net_address[SETTINGS_HOST_MAX];
    bool net_loading, net_final, net_had_peer, net_down, net_down_again, net_watching;
    UiPanel net_panel;
    int quit;      /* the player chose Quit: the loop ends after this frame */
    int exit_code; /* for quit: 1 after a failure the game can't go on from */
    GameSeen seen; /* the test channel's (game_testev.c) */
} Game;

/* Everything of a game on renderer r (and window win, NULL headless):
 * font, worker pool, shore field, terrain, sea life, camera. Prints
 * nothing; e says what failed. */
int game_init(Game *g, const GameOptions *o, const Map *m, SDL_Window *win, SDL_Renderer *r,
              Err *e);
void game_deinit(Game *g);

/* The output size or pixel density changed. */
void game_sync_view(Game *g);

/* A frame is: game_frame_begin, game_event for each event, game_frame,
 * game_frame_done, then present. */
void game_frame_begin(Game *g);
/* Returns 1 when the event asks to quit. */
int game_event(Game *g, const SDL_Event *ev);
/* Advance dt seconds (sea steps are owed at a fixed rate) and draw. */
void game_frame(Game *g, double dt);
/* Record the frame's figures (perf); wall_s is the time since the last
 * frame. Call before presenting: frame ms ends here. */
void game_frame_done(Game *g, double wall_s);

/* game_act.c: what the menu, the battle's buttons and the last question
 * chose last frame, acted on (at a frame's start). */
void game_apply_actions(Game *g);

/* Show msg in the status line for a few seconds. */
void game_status(Game *g, const char *msg);
/* F12: save what was just drawn as ~/Pictures/shoal/shoal-DATE-TIME.png
 * (shot_save_dated says where); the outcome goes
 * to the status line (and stderr on failure). */
void game_save_shot(Game *g);

/* Switch all sea life off or on (the L key). */
void game_set_sea_life(Game *g, int on);

/* Put battle b (owned from now on; NULL: none) on screen: the world is
 * rebuilt for its map (shore, terrain, sea life) and the old battle goes.
 * shore, when not NULL and not empty, is the field already baked from b's
 * map (the loader's): it is taken (on failure too) instead of baked again;
 * so is img, when not NULL and not empty: the terrain already painted from
 * them for g's renderer, then only uploaded; and stock, when not NULL and
 * not empty: the sea life stocked over that shore, then only dressed.
 * When b's map is the one on screen (the same size, name and land) the
 * world stays as it is and shore, img and stock are freed; then with
 * keep_view (a quick load) the camera stays where it is and the old
 * battle's log runs on in b's, else the view goes to b's fleet. Returns 0;
 * on failure b is freed, the old world restored and e says why; when even
 * that fails the game quits with exit code 1. */
int game_set_battle(Game *g, Battle *b, ShoreField *shore, TerrainImage *img, SeaLifeStock *stock,
                    bool keep_view, Err *e);
/* Have loader job j stock the sea life too, with the counts, weights and
 * seed the sea on screen has (game_set_battle keeps them). */
void game_sea_stock_job(const Game *g, LoaderJob *j);
/* A message about saving and loading (bad: a failure): in the battle's
 * note line while a battle is on screen, in the menu while it is open,
 * else the status line. */
void game_tell(Game *g, int bad, const char *msg);

/* ------------------------------------------ game_load.c: new battles and loads */

/* Start st's battle, or load the save at path to play in mode (strings
 * copied). In a window it runs on the loader while frames go on under the
 * loading panel (game_load_poll puts it on screen); headless it is waited
 * for at once, through the same loader. On success the menu closes; a
 * failure is told ("no battle: ..." with the menu open, "cannot load:
 * ..." also on stderr) and the old state stays. Ignored while a load runs. */
void game_new_battle(Game *g, const BattleSetup *st);
void game_load_battle(Game *g, const char *path, int mode);
/* F9: load saves/GAME_QUICKSAVE.sav in the battle's mode (or the set one). */
void game_quickload(Game *g);
/* "Play again": another battle like the one on screen, with fresh dice. */
void game_play_again(Game *g);
/* At a frame's start, while a load runs: act on a Cancel, or put a
 * finished load on screen (or tell its failure). */
void game_load_poll(Game *g);
/* An event while a load runs: Cancel (the panel's button, or Esc),
 * quitting, a resize and F12 are heard; the rest is dropped. Returns 1
 * when the event asks to quit. */
int game_load_event(Game *g, const SDL_Event *ev);
/* The loading panel over the view (ui: output px per window point). */
void game_load_draw(Game *g, float ui);

/* ----------------------------- game_settings.c: the player's settings */

/* settings.ini into g->settings in a window; headless runs use the
 * defaults, so what they draw never depends on who runs them. A bad file
 * is reported once and left as it is (never overwritten). */
void game_settings_load(Game *g);
/* g->settings to settings.ini, unless the file had an error (then the
 * status line says the choice lasts this session only). */
void game_settings_store(Game *g);
/* ... once the choices have rested SETTINGS_STORE_S (a dragged slider
 * passes through many values), or when the game ends. */
#define SETTINGS_STORE_S 0.5f
void game_settings_store_soon(Game *g);
/* What the battle changed of the settings this frame (BATTLE_ACT_GRID: the
 * hex grid; BATTLE_ACT_SPEED: the replay speed), kept in settings.ini. */
void game_settings_take(Game *g, int battle_act);
/* The Settings and Keys screens' choices s: sea life counts and switch,
 * animation speed, grid, the end-turn check, fullscreen, window size and
 * the keys; applied as each changes, then stored (soon). */
void game_settings_apply(Game *g, const Settings *s);
/* F11: fullscreen on / off, applied now and stored. */
void game_settings_fullscreen(Game *g);

/* ------------------------------- game_ask.c: questions before acting */

/* What a question is about (the dialog's kind). */
enum {
    GAME_ASK_END_TURN = 1,
    GAME_ASK_QUICKLOAD,
    GAME_ASK_LOAD,
    GAME_ASK_NEW,
    GAME_ASK_TUTORIAL,       /* before the guided battle replaces one under way */
    GAME_ASK_TUTORIAL_OFFER, /* the first start: play the guided battle? */
    GAME_ASK_SCENARIO,       /* before a scenario replaces a battle under way */
    /* game_net.c's: its answers are 1 + the button chosen. */
    GAME_ASK_NET_JOIN, /* the address to join */
    GAME_ASK_NET_PASS, /* the passphrase */
    GAME_ASK_NET_PORT, /* the port to host on */
    GAME_ASK_NET_CHAT, /* a line to the other commander */
    GAME_ASK_NET_DOWN, /* the link failed: save, wait or join again, leave */
};
/* What the player answered. */
enum {
    GAME_ANSWER_NONE,         /* no answer yet, or cancelled: do nothing */
    GAME_ANSWER_GO,           /* do it */
    GAME_ANSWER_SAVE_AND_GO,  /* save the battle under a new name, then do it */
    GAME_ANSWER_GO_NEVER_ASK, /* end the turn, and never ask again (settings) */
};

/* A mark of battle b's progress: its turn, result and every order given.
 * The same mark: nothing was played or ordered in between. */
uint64_t game_progress(const Battle *b);
/* The battle on screen was just saved, loaded or begun. */
void game_mark_saved(Game *g);
/* The battle on screen, not yet decided, has progress a load or a new
 * battle would lose: a turn played or orders given since game_mark_saved. */
bool game_unsaved(const Game *g);
/* Before the plotting side's turn ends: when some of its ships still have
 * the orders every turn starts with (no path, no aim) and the settings
 * ask for it, open the question "N ships have no orders: end the turn
 * anyway?" and return true (then wait for the answer); once per turn and
 * side. false: end the turn now. */
bool game_ask_end_turn(Game *g);
/* Before a load or a new battle (kind GAME_ASK_QUICKLOAD, _LOAD, _NEW):
 * with unsaved progress, ask first and return true; false: act now. */
bool game_ask_discard(Game *g, int kind);
/* The answer given since the last call (GAME_ANSWER_*) and, when there is
 * one, the question's kind in *kind. */
int game_ask_take(Game *g, int *kind);

/* ------------------------- game_tutorial.c: the guided first battle */

/* Start the guided battle (tutorial.h) through game_new_battle; it
 * becomes the tutorial's as it comes on screen. */
void game_tutorial_start(Game *g);
/* Start the menu's chosen scenario (menu.scen_choice) against the
 * computer, or hosted for a friend over the network when the Network
 * battle screen chose it (menu.scen_hosted); one that can't be read is
 * told, and nothing starts. */
void game_scenario_start(Game *g);
/* At the end of game_init: --tutorial starts it; a first start in a
 * window (no settings.ini, nothing asked for on the command line) asks
 * whether to play it, once: settings.ini says it was offered. */
void game_tutorial_open(Game *g);
/* The answer to a question of kind GAME_ASK_TUTORIAL or _OFFER (others
 * are ignored): start it. */
void game_tutorial_answer(Game *g, int kind);
/* At a frame's start: the tutorial takes its battle as it arrives, acts on
 * its panel's last choice and checks its step; it ends when another
 * battle replaces its own. */
void game_tutorial_frame(Game *g);

/* game_testev.c: once a frame, after game_frame, tell the test channel
 * what changed of the menu, a load, a question, help and the battle's
 * turn, side and phase. Free when the channel is off. */
void game_testev_frame(Game *g);
/* Its panel, inside draw_hud's widgets, after the battle's HUD. */
void game_tutorial_hud(Game *g, const Camera *c);

/* Save the battle to saves/NAME.sav (atomic; folder created); the path
 * written goes to out. */
int game_save_battle(Game *g, const char *name, char *out, size_t cap, Err *e);

/* ---------------------------------------------- game_sound.c: the sound */

/* Open the sound with the settings' volumes (after game_settings_load):
 * in a window always; headless only when log is given (--sound-log).
 * Each start is also written to log when not NULL. No device, or a
 * sound file missing, is one line on stderr and the game goes on. */
int game_sound_init(Game *g, FILE *log);
void game_sound_deinit(Game *g);
/* The settings' volumes (or the mute switch) changed. */
void game_sound_volumes(Game *g);
/* The Sound screen's volumes and mute in s: heard now, kept in
 * settings.ini once they rest. */
void game_sound_take(Game *g, const Settings *s);
/* A click of a button not made by the widgets (a question's answer). */
void game_sound_click(Game *g, bool back);
/* k is the mute key: sound off or on, kept in settings.ini; true when it was. */
bool game_sound_key(Game *g, SDL_Keycode k);
/* Once a frame, after the sea's step is complete: the battle's cues and
 * the clicks since the last frame become sounds, the ambience follows
 * the view, and the clock moves dt. */
void game_sound_frame(Game *g, double dt);
/* For the performance overlay: "on", "muted (M)", "no audio device". */
const char *game_sound_state(const Game *g);

/* ------------------------------------- game_net.c: a battle over the network */

/* Host the battle of st (its mode becomes BATTLE_NET; this window is side
 * A) on the settings' port (game_scenario_start hosts a scenario), or the
 * save at path; the panel shows what it waits for. A port that can't be
 * had is told and nothing starts. */
void game_net_host(Game *g, BattleSetup *st);
void game_net_host_load(Game *g, const char *path);
/* Join the host at address ("HOST[:PORT]"): this window is side B once
 * its battle comes (or, watch, sees each turn of it); the address goes
 * first among the recent hosts. */
void game_net_join(Game *g, const char *address, bool watch);
/* The battle a host sent (save text and map file pm), loaded as side
 * own's, or watched (own SKIRMISH_SIDES) (game_load.c). */
void game_peer_battle(Game *g, const char *text, size_t len, const NetPeerMap *pm, const char *peer,
                      int own);
/* At a frame's start: our orders out when the turn ends, the session's
 * events acted on (the friend's orders resolve the turn); closes the link
 * when its battle is gone. */
void game_net_frame(Game *g);
/* Open the question of kind GAME_ASK_NET_JOIN, _PASS, _PORT or _CHAT (a
 * line to say). */
void game_net_ask(Game *g, int what);
/* Act on the answer to one of game_net's questions; false when kind is
 * not one. */
bool game_net_answer(Game *g, int kind, int button);
/* The panel of what the battle waits for (hosting, joining, the friend's
 * orders, a friend dropped with the seconds left), inside draw_hud's
 * widgets; 1 when it drew. */
int game_net_hud(Game *g, float ui_scale);
/* The words of that panel as they stand into buf (cap bytes, at most
 * GAME_NET_LINE needed); "" when it does not show (no link, the menu or
 * a load on screen, or nothing waited for). */
void game_net_line(Game *g, char *buf, size_t cap);
/* At the end of game_init: --host hosts the battle on screen, --join and
 * --watch go aboard the host's (a failure is the usual question). */
void game_net_open(Game *g);
/* Leave it (the friend is told). */
void game_net_leave(Game *g);

/* ------------------------------------------------- game_pad.c: the gamepad */

/* Open the pad plugged in, if any (in a window only), and tell the menu
 * its name. */
void game_pad_init(Game *g);
/* A gamepad event for whatever is on screen: a question (A yes, B no), the
 * loading panel (B cancels), the menu (focus and clicks: pad.h), the
 * battle (pad_battle, the pointer put on its cursor), the sea (Start or
 * Back opens the menu). Returns 1 when it was the pad's. */
int game_pad_event(Game *g, const SDL_Event *ev);
/* Once a frame: a direction held on the pad repeats (pad_repeat). */
void game_pad_frame(Game *g, double dt);

#endif
