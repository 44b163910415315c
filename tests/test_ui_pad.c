/* test_ui_pad: a virtual gamepad (SDL's virtual joysticks, the game
 * controller layout) plugged in, pressed and pulled out, its events pumped
 * through the pad module into a real battle: the shoulders change the
 * selected ship, the stick moves the cursor, A plots, X aims, Start asks
 * for the end of the turn; and in menus the focus moves over the widgets. */
#include <SDL.h>

#include "testutil.h"

#include "game/battle.h"
#include "game/battle_view.h"
#include "game/pad.h"

static Pad pad;
static SDL_Joystick *joy;
static int joy_index = -1;

/* Every event queued, through the pad as the game sends them; returns
 * the battle's actions. */
static int pump(Battle *b)
{
    SDL_Event ev;
    int acts = 0;
    SDL_JoystickUpdate();
    SDL_GameControllerUpdate();
    while (SDL_PollEvent(&ev)) {
        pad_device_event(&pad, &ev);
        int press = pad_press(&pad, &ev);
        if (b) acts |= pad_battle(&pad, b, press);
    }
    return acts;
}

static int tap(Battle *b, int button)
{
    ck_assert_int_eq(SDL_JoystickSetVirtualButton(joy, button, 1), 0);
    int acts = pump(b);
    ck_assert_int_eq(SDL_JoystickSetVirtualButton(joy, button, 0), 0);
    return acts | pump(b);
}

static void plug(void)
{
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    ck_assert_msg(SDL_Init(SDL_INIT_EVENTS) == 0, "%s", SDL_GetError());
    pad_init(&pad);
    ck_assert(pad.sdl);
    ck_assert_str_eq(pad.name, "no gamepad");
    SDL_VirtualJoystickDesc d;
    SDL_zero(d);
    d.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
    d.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
    d.naxes = SDL_CONTROLLER_AXIS_MAX;
    d.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
    d.name = "shoal test pad";
    joy_index = SDL_JoystickAttachVirtualEx(&d);
    ck_assert_msg(joy_index >= 0, "%s", SDL_GetError());
    joy = SDL_JoystickOpen(joy_index);
    ck_assert_msg(joy != NULL, "%s", SDL_GetError());
    pump(NULL);
    ck_assert_msg(pad.gc != NULL, "the virtual pad was not opened as a game controller");
    ck_assert_str_eq(pad.name, "shoal test pad");
}

static void unplug(void)
{
    if (joy) SDL_JoystickClose(joy);
    joy = NULL;
    if (joy_index >= 0) SDL_JoystickDetachVirtual(joy_index);
    joy_index = -1;
    pump(NULL);
    pad_deinit(&pad);
    SDL_Quit();
}

static Battle *new_battle(void)
{
    BattleSetup st = {
        .mode = BATTLE_VS_AI, .seed = 4, .ships = {3, 3}, .turn_limit = 30, .map_seed = 4};
    Err e = {{0}};
    Battle *b = battle_new(&st, 1.0f, &e);
    if (!b) ck_abort_msg("battle_new: %s", e.msg);
    return b;
}

START_TEST(test_shoulders_select_the_stick_moves_a_plots_x_aims_start_ends)
{
    plug();
    Battle *b = new_battle();
    ck_assert_int_eq(b->phase, BATTLE_PLOT);
    /* The first press puts the cursor on the first ship; the right
     * shoulder then goes on to the next. */
    tap(b, SDL_CONTROLLER_BUTTON_RIGHTSHOULDER);
    int first = b->selected;
    ck_assert_int_ge(first, 0);
    ck_assert_int_eq(b->sk.ships[first].side, 0);
    tap(b, SDL_CONTROLLER_BUTTON_RIGHTSHOULDER);
    ck_assert_int_ne(b->selected, first);
    tap(b, SDL_CONTROLLER_BUTTON_LEFTSHOULDER);
    ck_assert_int_eq(b->selected, first);
    float x0, y0, x, y;
    ck_assert(pad_cursor(&pad, &x0, &y0));
    /* The stick pushed right and let go: one hex to the east; twice more
     * by the D-pad. */
    ck_assert_int_eq(SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTX, 32767), 0);
    pump(b);
    ck_assert_int_eq(SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTX, 0), 0);
    pump(b);
    ck_assert(pad_cursor(&pad, &x, &y));
    ck_assert_float_gt(x, x0 + b->sk.chart.size);
    tap(b, SDL_CONTROLLER_BUTTON_DPAD_RIGHT);
    /* Held, the D-pad repeats after a pause; let go, it stops. */
    ck_assert_int_eq(SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_DPAD_RIGHT, 1), 0);
    pump(b);
    ck_assert_int_eq(pad_repeat(&pad, PAD_REPEAT_FIRST / 2), PAD_NONE);
    ck_assert_int_eq(pad_repeat(&pad, PAD_REPEAT_FIRST / 2 + 0.01f), PAD_RIGHT);
    ck_assert_int_eq(pad_repeat(&pad, PAD_REPEAT_EVERY), PAD_RIGHT);
    ck_assert_int_eq(SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_DPAD_RIGHT, 0), 0);
    pump(b);
    ck_assert_int_eq(pad_repeat(&pad, 1.0f), PAD_NONE);
    int ship = b->selected;
    ck_assert_int_eq(b->sk.orders[ship].nsteps, 0);
    tap(b, SDL_CONTROLLER_BUTTON_A);
    ck_assert_int_eq(b->selected, ship);
    ck_assert_msg(b->sk.orders[ship].nsteps > 0, "A plotted nothing: %s", b->note);
    /* B clears it again. */
    tap(b, SDL_CONTROLLER_BUTTON_B);
    ck_assert_int_eq(b->sk.orders[ship].nsteps, 0);
    /* An enemy put where her port or starboard guns bear; the cursor on
     * her, X aims. */
    battle_refresh(b);
    int enemy = -1, bs = -1;
    for (int k = 0; k < FLEET_BROADSIDES && enemy < 0; k++)
        for (int a = 0; a < b->narc[k] && enemy < 0; a++)
            if (skirmish_ship_at(&b->sk, b->arc[k][a]) < 0) {
                for (int i = 0; i < b->sk.nships; i++)
                    if (b->sk.ships[i].side == 1) enemy = i;
                b->sk.ships[enemy].pose.hex = b->arc[k][a];
                bs = k;
            }
    ck_assert_int_ge(enemy, 0);
    b->aids_dirty = true;
    battle_refresh(b);
    hex_to_pixel(b->sk.ships[enemy].pose.hex, b->sk.chart.size, &pad.cx, &pad.cy);
    tap(b, SDL_CONTROLLER_BUTTON_X);
    ck_assert_int_eq(b->selected, ship);
    ck_assert_int_eq(b->sk.orders[ship].fire[bs].target, enemy);
    /* Start asks for the end of the turn (the game's own path decides). */
    int acts = tap(b, SDL_CONTROLLER_BUTTON_START);
    ck_assert(acts & BATTLE_ACT_END_TURN);
    ck_assert(tap(b, SDL_CONTROLLER_BUTTON_Y) & BATTLE_ACT_END_TURN);
    /* The turn ended (as the game would): while it plays, A skips to its
     * end as Space does. */
    Err e = {{0}};
    ck_assert_msg(battle_end_turn(b, &e) == 0, "%s", e.msg);
    ck_assert_int_eq(b->phase, BATTLE_ANIMATE);
    tap(b, SDL_CONTROLLER_BUTTON_A);
    ck_assert_int_ne(b->phase, BATTLE_ANIMATE);
    battle_free(b);
    /* Pulled out: no pad. */
    SDL_JoystickClose(joy);
    joy = NULL;
    ck_assert_int_eq(SDL_JoystickDetachVirtual(joy_index), 0);
    joy_index = -1;
    pump(NULL);
    ck_assert_ptr_null(pad.gc);
    ck_assert_str_eq(pad.name, "no gamepad");
    unplug();
}
END_TEST

/* A panel as the widgets would leave it: a button, a row of two cells, a
 * slider of 1..8. */
START_TEST(test_menu_focus_walks_the_widgets_and_clicks)
{
    static Ui ui;
    memset(&ui, 0, sizeof ui);
    ui.prev_hot[0] = (UiHot){{100, 100, 200, 20}, 0, 0, 0, 0};
    ui.prev_hot[1] = (UiHot){{100, 130, 95, 20}, 0, 0, 0, 0};
    ui.prev_hot[2] = (UiHot){{205, 130, 95, 20}, 0, 0, 0, 0};
    ui.prev_hot[3] = (UiHot){{100, 160, 200, 30}, 105, 295, 2.0f / 7.0f, 7};
    ui.nprev_hot = 4;
    Pad p;
    memset(&p, 0, sizeof p);
    p.focus = -1;
    float x, y;
    /* The first press shows the focus on the first widget. */
    ck_assert_int_eq(pad_menu(&p, &ui, PAD_DOWN, &x, &y), 1);
    ck_assert_int_eq(p.focus, 0);
    ck_assert_float_eq(y, 110);
    ck_assert_int_eq(pad_menu(&p, &ui, PAD_DOWN, &x, &y), 1);
    ck_assert_int_eq(p.focus, 1);
    ck_assert_int_eq(pad_menu(&p, &ui, PAD_RIGHT, &x, &y), 1);
    ck_assert_int_eq(p.focus, 2);
    ck_assert_int_eq(pad_menu(&p, &ui, PAD_RIGHT, &x, &y), 1);
    ck_assert_int_eq(p.focus, 2); /* the row's end */
    ck_assert_int_eq(pad_menu(&p, &ui, PAD_A, &x, &y), 2);
    ck_assert_float_eq(x, 252.5f);
    ck_assert_int_eq(pad_menu(&p, &ui, PAD_DOWN, &x, &y), 1);
    ck_assert_int_eq(p.focus, 3);
    /* Right on the slider: a click one value along (3 of 1..8). */
    ck_assert_int_eq(pad_menu(&p, &ui, PAD_RIGHT, &x, &y), 2);
    ck_assert_float_eq_tol(x, 105 + 3.0f / 7.0f * 190, 0.01f);
    ck_assert_int_eq(pad_menu(&p, &ui, PAD_UP, &x, &y), 1);
    ck_assert_int_eq(p.focus, 1); /* the row's nearest cell */
}
END_TEST

static Suite *pad_suite(void)
{
    Suite *s = suite_create("ui_pad");
    TCase *tc = tcase_create("pad");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_shoulders_select_the_stick_moves_a_plots_x_aims_start_ends);
    tcase_add_test(tc, test_menu_focus_walks_the_widgets_and_clicks);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(pad_suite)
