/* pad: the gamepad's presses turned into menu focus, clicks and battle
 * orders. */
#include "pad.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "battle_view.h"
#include "core/hex.h"

static void name_it(Pad *p)
{
    const char *n = p->gc ? SDL_GameControllerName(p->gc) : NULL;
    snprintf(p->name, sizeof p->name, "%s", p->gc ? (n && n[0] ? n : "a gamepad") : "no gamepad");
}

/* Open the first game controller there is, if none is open. */
static void open_first(Pad *p)
{
    for (int i = 0; !p->gc && i < SDL_NumJoysticks(); i++) {
        if (!SDL_IsGameController(i)) continue;
        p->gc = SDL_GameControllerOpen(i);
        if (p->gc) p->id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(p->gc));
    }
    p->stick_x = p->stick_y = 0;
    name_it(p);
}

void pad_init(Pad *p)
{
    memset(p, 0, sizeof *p);
    p->focus = -1;
    p->sdl = SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0;
    if (p->sdl) open_first(p);
    name_it(p);
}

void pad_deinit(Pad *p)
{
    if (p->gc) SDL_GameControllerClose(p->gc);
    if (p->sdl) SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER);
    memset(p, 0, sizeof *p);
}

bool pad_device_event(Pad *p, const SDL_Event *ev)
{
    if (!p->sdl) return false;
    if (ev->type == SDL_CONTROLLERDEVICEADDED && !p->gc) {
        open_first(p);
        return p->gc != NULL;
    }
    if (ev->type == SDL_CONTROLLERDEVICEREMOVED && p->gc && ev->cdevice.which == p->id) {
        SDL_GameControllerClose(p->gc);
        p->gc = NULL;
        open_first(p);
        return true;
    }
    return false;
}

/* The stick axis v as -1, 0, 1 given where it was: a push needs
 * PAD_STICK_PUSH, a return under half of it. */
static int stick(int was, int v)
{
    if (v >= PAD_STICK_PUSH) return 1;
    if (v <= -PAD_STICK_PUSH) return -1;
    if (v > -PAD_STICK_PUSH / 2 && v < PAD_STICK_PUSH / 2) return 0;
    return was;
}

/* press, a direction, is held from now (PAD_NONE: let go). */
static int hold(Pad *p, int press)
{
    p->held = press;
    p->held_t = PAD_REPEAT_FIRST;
    return press;
}

int pad_repeat(Pad *p, float dt)
{
    if (!p->gc || p->held == PAD_NONE) return PAD_NONE;
    p->held_t -= dt;
    if (p->held_t > 0) return PAD_NONE;
    p->held_t = p->held_t + PAD_REPEAT_EVERY > 0 ? p->held_t + PAD_REPEAT_EVERY : PAD_REPEAT_EVERY;
    return p->held;
}

/* The D-pad button b as a direction, or PAD_NONE. */
static int dpad(int b)
{
    switch (b) {
    case SDL_CONTROLLER_BUTTON_DPAD_UP:
        return PAD_UP;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN:
        return PAD_DOWN;
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT:
        return PAD_LEFT;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT:
        return PAD_RIGHT;
    default:
        return PAD_NONE;
    }
}

int pad_press(Pad *p, const SDL_Event *ev)
{
    if (!p->gc) return PAD_NONE;
    if (ev->type == SDL_CONTROLLERBUTTONUP && ev->cbutton.which == p->id &&
        dpad(ev->cbutton.button) == p->held && p->held != PAD_NONE)
        hold(p, PAD_NONE);
    if (ev->type == SDL_CONTROLLERBUTTONDOWN && ev->cbutton.which == p->id &&
        dpad(ev->cbutton.button) != PAD_NONE)
        return hold(p, dpad(ev->cbutton.button));
    if (ev->type == SDL_CONTROLLERBUTTONDOWN && ev->cbutton.which == p->id) {
        switch (ev->cbutton.button) { /* the D-pad was the held direction above */
        case SDL_CONTROLLER_BUTTON_A:
            return PAD_A;
        case SDL_CONTROLLER_BUTTON_B:
            return PAD_B;
        case SDL_CONTROLLER_BUTTON_X:
            return PAD_X;
        case SDL_CONTROLLER_BUTTON_Y:
        case SDL_CONTROLLER_BUTTON_START:
            return PAD_END;
        case SDL_CONTROLLER_BUTTON_LEFTSHOULDER:
            return PAD_PREV;
        case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER:
            return PAD_NEXT;
        case SDL_CONTROLLER_BUTTON_BACK:
            return PAD_MENU;
        default:
            return PAD_NONE;
        }
    }
    if (ev->type == SDL_CONTROLLERAXISMOTION && ev->caxis.which == p->id) {
        if (ev->caxis.axis == SDL_CONTROLLER_AXIS_LEFTX) {
            int was = p->stick_x;
            p->stick_x = stick(was, ev->caxis.value);
            if (p->stick_x != was && p->stick_x)
                return hold(p, p->stick_x > 0 ? PAD_RIGHT : PAD_LEFT);
            if (!p->stick_x && (p->held == PAD_LEFT || p->held == PAD_RIGHT)) hold(p, PAD_NONE);
        } else if (ev->caxis.axis == SDL_CONTROLLER_AXIS_LEFTY) {
            int was = p->stick_y;
            p->stick_y = stick(was, ev->caxis.value);
            if (p->stick_y != was && p->stick_y) return hold(p, p->stick_y > 0 ? PAD_DOWN : PAD_UP);
            if (!p->stick_y && (p->held == PAD_UP || p->held == PAD_DOWN)) hold(p, PAD_NONE);
        }
    }
    return PAD_NONE;
}

/* ---------------------------------------------------------------- battle */

/* Which of the plotting side's ships still fighting the selected one is
 * (from 0), and how many there are. */
static int own_index(const Battle *b, int *count)
{
    int n = 0, at = -1;
    for (int i = 0; i < b->sk.nships; i++) {
        if (b->sk.ships[i].side != b->side || !fleet_ship_manned(&b->sk.ships[i])) continue;
        if (i == b->selected) at = n;
        n++;
    }
    *count = n;
    return at;
}

/* The cursor onto hex h's centre. */
static void cursor_to(Pad *p, const Battle *b, Hex h)
{
    hex_to_pixel(h, b->sk.chart.size, &p->cx, &p->cy);
    p->cursor_on = true;
}

static Hex cursor_hex(const Pad *p, const Battle *b)
{
    return battle_hex_at(p->cx, p->cy, b->sk.chart.size);
}

/* One hex's step of the cursor: rows are 1.5 sizes apart, so up and down
 * keep x and zigzag between the two hexes above; sideways is a hex's
 * width. It stays on the map. */
static void cursor_step(Pad *p, const Battle *b, int dx, int dy)
{
    float s = b->sk.chart.size;
    float x = p->cx + (float)dx * s * 1.7320508f, y = p->cy + (float)dy * s * 1.5f;
    if (x < 0 || y < 0 || x >= (float)b->map.w || y >= (float)b->map.h) return;
    p->cx = x;
    p->cy = y;
}

int pad_battle(Pad *p, Battle *b, int press)
{
    if (!b || press == PAD_NONE) return BATTLE_ACT_NONE;
    if (p->battle != b) p->cursor_on = false;
    p->battle = b;
    if (press == PAD_MENU) return BATTLE_ACT_MENU | BATTLE_ACT_TOOK;
    if (b->phase == BATTLE_CURTAIN) {
        if (press == PAD_A) battle_lift_curtain(b);
        return BATTLE_ACT_TOOK;
    }
    if (b->phase == BATTLE_ANIMATE) {
        /* As Space: A or Start skips to the end of the turn playing. */
        if (press == PAD_A || press == PAD_END) battle_skip_animation(b);
        return BATTLE_ACT_TOOK;
    }
    if (b->phase != BATTLE_PLOT) return BATTLE_ACT_TOOK;
    if (!p->cursor_on) {
        /* The first press puts the cursor on the selected ship (or the
         * first one of the side) before it moves. */
        if (b->selected < 0) battle_select_nth(b, 0);
        if (b->selected >= 0) cursor_to(p, b, b->sk.ships[b->selected].pose.hex);
        if (!p->cursor_on) return BATTLE_ACT_TOOK;
    }
    int n, at = own_index(b, &n), i = skirmish_ship_at(&b->sk, cursor_hex(p, b));
    switch (press) {
    case PAD_UP:
        cursor_step(p, b, 0, -1);
        break;
    case PAD_DOWN:
        cursor_step(p, b, 0, 1);
        break;
    case PAD_LEFT:
        cursor_step(p, b, -1, 0);
        break;
    case PAD_RIGHT:
        cursor_step(p, b, 1, 0);
        break;
    case PAD_PREV:
    case PAD_NEXT:
        if (n == 0) break;
        battle_select_nth(b, at < 0 ? 0 : (at + (press == PAD_NEXT ? 1 : n - 1)) % n);
        if (b->selected >= 0) cursor_to(p, b, b->sk.ships[b->selected].pose.hex);
        break;
    case PAD_A:
        /* As a click: a ship there is picked, open water is plotted to. */
        if (i >= 0 && i != b->selected && b->sk.ships[i].status != FLEET_SUNK)
            battle_select(b, i);
        else if (battle_can_order(b, b->selected))
            battle_plot(b, cursor_hex(p, b));
        break;
    case PAD_X:
        if (i >= 0 && battle_can_order(b, b->selected)) battle_aim_at(b, i);
        break;
    case PAD_B:
        if (battle_can_order(b, b->selected))
            battle_clear_path(b);
        else
            battle_select(b, -1);
        break;
    case PAD_END:
        return BATTLE_ACT_END_TURN | BATTLE_ACT_TOOK;
    default:
        return BATTLE_ACT_NONE;
    }
    return BATTLE_ACT_TOOK;
}

bool pad_cursor(const Pad *p, float *x, float *y)
{
    *x = p->cx;
    *y = p->cy;
    return p->cursor_on;
}

/* ----------------------------------------------------------------- menus */

static float mid_x(const UiHot *h)
{
    return h->r.x + h->r.w / 2;
}

static float mid_y(const UiHot *h)
{
    return h->r.y + h->r.h / 2;
}

/* The hot widget nearest focus f going dy rows (-1 up, 1 down): the
 * nearest row that way, and in it the cell nearest f's middle. */
static int next_row(const Ui *ui, int f, int dy)
{
    const UiHot *at = &ui->prev_hot[f];
    int best = -1;
    float best_dy = 0, best_dx = 0;
    for (int k = 0; k < ui->nprev_hot; k++) {
        float d = (mid_y(&ui->prev_hot[k]) - mid_y(at)) * (float)dy;
        if (d <= 1.0f) continue;
        float dx = fabsf(mid_x(&ui->prev_hot[k]) - mid_x(at));
        if (best < 0 || d < best_dy - 1.0f || (fabsf(d - best_dy) <= 1.0f && dx < best_dx)) {
            best = k;
            best_dy = d;
            best_dx = dx;
        }
    }
    return best < 0 ? f : best;
}

int pad_menu(Pad *p, const Ui *ui, int press, float *x, float *y)
{
    int n = ui->nprev_hot;
    if (n == 0 || press == PAD_NONE) return 0;
    if (p->focus < 0 || p->focus >= n) {
        p->focus = 0;
        if (press != PAD_A) press = PAD_NONE; /* the first press only shows the focus */
    }
    const UiHot *h = &ui->prev_hot[p->focus];
    int click = 0;
    *x = mid_x(h);
    *y = mid_y(h);
    switch (press) {
    case PAD_UP:
    case PAD_DOWN:
        p->focus = next_row(ui, p->focus, press == PAD_UP ? -1 : 1);
        break;
    case PAD_LEFT:
    case PAD_RIGHT: {
        int d = press == PAD_LEFT ? -1 : 1;
        if (h->steps > 0) {
            /* A slider: its knob a step along, clicked there. */
            float t = h->t + (float)d / (float)h->steps;
            t = t < 0 ? 0 : t > 1 ? 1 : t;
            *x = h->x0 + t * (h->x1 - h->x0);
            return 2;
        }
        /* Cells of a row sit side by side in layout order. */
        int k = p->focus + d;
        if (k >= 0 && k < n && fabsf(mid_y(&ui->prev_hot[k]) - mid_y(h)) < 1.0f) p->focus = k;
        break;
    }
    case PAD_A:
        click = 1;
        break;
    case PAD_NONE:
        break;
    default:
        return 0;
    }
    h = &ui->prev_hot[p->focus];
    if (!click) {
        *x = mid_x(h);
        *y = mid_y(h);
    }
    return click ? 2 : 1;
}
