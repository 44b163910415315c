/* edapp_input: the pointer and the keyboard — brush strokes, lines, fills
 * and spawns under the mouse, panning and zooming by mouse and held keys,
 * and which keys are down. Key presses become actions through edact. */
#include "edapp_internal.h"

#include <assert.h>
#include <math.h>
#include <string.h>

/* Each wheel notch zooms by this factor (as in the game). */
#define WHEEL_STEP 1.2
/* Key panning crosses this fraction of the view per second. */
#define KEY_PAN_VIEWS 0.9
#define KEY_ZOOM_RATE 1.5

void edapp_end_pointer_ops(EdApp *a)
{
    a->ptr.painting = false;
    a->ptr.lining = false;
}

void edapp_set_brush(EdApp *a, int size)
{
    a->tools.brush = size < EDIT_BRUSH_MIN   ? EDIT_BRUSH_MIN
                     : size > EDIT_BRUSH_MAX ? EDIT_BRUSH_MAX
                                             : size;
}

static int brush_step(int size, int dir)
{
    /* One px at a time while small, about an eighth when large. */
    int d = size >= 16 ? size / 8 : 1;
    return size + dir * d;
}

void edapp_step_brush(EdApp *a, int dir)
{
    assert(dir == -1 || dir == 1);
    edapp_set_brush(a, brush_step(a->tools.brush, dir));
}

static void world_at(const EdApp *a, float sx, float sy, float *wx, float *wy)
{
    double x, y;
    cam_screen_to_world(&a->view.cam, sx, sy, &x, &y);
    *wx = (float)x;
    *wy = (float)y;
}

static void press(EdApp *a)
{
    float wx, wy;
    world_at(a, a->ptr.mx, a->ptr.my, &wx, &wy);
    Err e = {{0}};
    const Map *m = edit_map(a->ed);
    switch (a->tools.tool) {
    case TOOL_BRUSH:
        if (a->ptr.mod & KMOD_CTRL) {
            if (edit_fill(a->ed, wx, wy, a->tools.value, &e) != 0) edapp_status(a, "%s", e.msg);
        } else if (a->ptr.mod & KMOD_SHIFT) {
            a->ptr.lining = true;
            a->ptr.anchor_x = a->ptr.has_last ? a->ptr.last_x : wx;
            a->ptr.anchor_y = a->ptr.has_last ? a->ptr.last_y : wy;
        } else if (edit_stroke_begin(a->ed, wx, wy, a->tools.value, a->tools.brush, &e) == 0) {
            a->ptr.painting = true;
        } else {
            edapp_status(a, "%s", e.msg);
        }
        break;
    case TOOL_FILL:
        if (edit_fill(a->ed, wx, wy, a->tools.value, &e) != 0) edapp_status(a, "%s", e.msg);
        break;
    case TOOL_SPAWN1:
    case TOOL_SPAWN2: {
        int fleet = a->tools.tool == TOOL_SPAWN1 ? 0 : 1;
        Hex h = hex_from_pixel(wx, wy, (float)m->meta.hex_size);
        int before = m->meta.spawn_count[fleet];
        if (edit_toggle_spawn(a->ed, fleet, h, &e) != 0) {
            edapp_status(a, "%s", e.msg);
        } else {
            int after = edit_map(a->ed)->meta.spawn_count[fleet];
            edapp_status(a, "Fleet %d spawn %s hex %d,%d (%d in all)", fleet + 1,
                         after > before ? "placed on" : "removed from", h.q, h.r, after);
        }
        break;
    }
    default:
        break;
    }
}

static void release(EdApp *a)
{
    float wx, wy;
    world_at(a, a->ptr.mx, a->ptr.my, &wx, &wy);
    Err e = {{0}};
    if (a->ptr.painting) {
        a->ptr.painting = false;
        if (edit_stroke_to(a->ed, wx, wy, &e) != 0 || edit_stroke_end(a->ed, &e) != 0)
            edapp_status(a, "%s", e.msg);
        a->ptr.has_last = true;
        a->ptr.last_x = wx;
        a->ptr.last_y = wy;
    }
    if (a->ptr.lining) {
        a->ptr.lining = false;
        if (edit_line(a->ed, a->ptr.anchor_x, a->ptr.anchor_y, wx, wy, a->tools.value,
                      a->tools.brush, &e) != 0)
            edapp_status(a, "%s", e.msg);
        a->ptr.has_last = true;
        a->ptr.last_x = wx;
        a->ptr.last_y = wy;
    }
}

static bool over_status_bar(const EdApp *a, float y)
{
    return y >= (float)(a->view.h - edapp_status_bar_h(a));
}

void edapp_mouse_event(EdApp *a, const SDL_Event *ev)
{
    assert(a->ed);
    float k = a->px_ratio;
    switch (ev->type) {
    case SDL_MOUSEMOTION:
        a->ptr.mx = (float)ev->motion.x * k;
        a->ptr.my = (float)ev->motion.y * k;
        a->ptr.in = true;
        if (a->ptr.panning) cam_pan(&a->view.cam, ev->motion.xrel * k, ev->motion.yrel * k);
        if (a->ptr.painting) {
            float wx, wy;
            world_at(a, a->ptr.mx, a->ptr.my, &wx, &wy);
            Err e = {{0}};
            if (edit_stroke_to(a->ed, wx, wy, &e) != 0) edapp_status(a, "%s", e.msg);
        }
        break;
    case SDL_MOUSEBUTTONDOWN:
        a->ptr.mx = (float)ev->button.x * k;
        a->ptr.my = (float)ev->button.y * k;
        if (ev->button.button == SDL_BUTTON_LEFT) {
            /* Space + left drag pans, as in most paint programs. */
            if (a->ptr.keys[SDL_SCANCODE_SPACE]) {
                a->ptr.panning = true;
                a->ptr.space_pan = true;
            } else if (!a->ptr.panning && !over_status_bar(a, a->ptr.my)) {
                press(a);
            }
        } else if (ev->button.button == SDL_BUTTON_MIDDLE ||
                   ev->button.button == SDL_BUTTON_RIGHT) {
            a->ptr.panning = true;
        }
        break;
    case SDL_MOUSEBUTTONUP:
        a->ptr.mx = (float)ev->button.x * k;
        a->ptr.my = (float)ev->button.y * k;
        if (ev->button.button == SDL_BUTTON_LEFT && a->ptr.space_pan)
            a->ptr.panning = a->ptr.space_pan = false;
        else if (ev->button.button == SDL_BUTTON_LEFT)
            release(a);
        else if (ev->button.button == SDL_BUTTON_MIDDLE || ev->button.button == SDL_BUTTON_RIGHT)
            a->ptr.panning = false;
        break;
    case SDL_MOUSEWHEEL: {
        /* Ctrl+wheel sizes the brush; the wheel alone zooms (as in the
         * game, not un-flipped for "natural scrolling"). */
        float steps = ev->wheel.preciseY;
        if (a->ptr.mod & KMOD_CTRL) {
            int d = steps > 0 ? 1 : steps < 0 ? -1 : 0;
            edapp_set_brush(a,
                            a->tools.brush + d * (a->tools.brush >= 16 ? a->tools.brush / 8 : 1));
        } else {
            cam_zoom_at(&a->view.cam, pow(WHEEL_STEP, steps), a->ptr.mx, a->ptr.my);
        }
        break;
    }
    default:
        break;
    }
}

/* Held keys pan and zoom for dt seconds (not with Ctrl: Ctrl+S saves). */
void edapp_held_keys(EdApp *a, double dt)
{
    if (a->dlg.open || (a->ptr.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI))) return;
    const bool *k = a->ptr.keys;
    Camera *c = &a->view.cam;
    double speed = KEY_PAN_VIEWS * (c->view_w > c->view_h ? c->view_w : c->view_h) * dt;
    if (a->ptr.mod & KMOD_SHIFT) speed *= 2.5;
    double dx = 0, dy = 0;
    if (k[SDL_SCANCODE_A] || k[SDL_SCANCODE_LEFT]) dx += speed;
    if (k[SDL_SCANCODE_D] || k[SDL_SCANCODE_RIGHT]) dx -= speed;
    if (k[SDL_SCANCODE_W] || k[SDL_SCANCODE_UP]) dy += speed;
    if (k[SDL_SCANCODE_S] || k[SDL_SCANCODE_DOWN]) dy -= speed;
    if (dx != 0 || dy != 0) cam_pan(c, dx, dy);
    double z = 0;
    if (k[SDL_SCANCODE_EQUALS] || k[SDL_SCANCODE_KP_PLUS]) z += 1;
    if (k[SDL_SCANCODE_MINUS] || k[SDL_SCANCODE_KP_MINUS]) z -= 1;
    if (z != 0) cam_zoom_at(c, pow(2.0, z * KEY_ZOOM_RATE * dt), c->view_w / 2.0, c->view_h / 2.0);
}

void edapp_track_keys(EdApp *a, const SDL_Event *ev)
{
    if (ev->type == SDL_WINDOWEVENT && ev->window.event == SDL_WINDOWEVENT_FOCUS_LOST) {
        /* Keys released elsewhere never come back as key-ups. */
        memset(a->ptr.keys, 0, sizeof a->ptr.keys);
        a->ptr.mod = KMOD_NONE;
        return;
    }
    if (ev->type != SDL_KEYDOWN && ev->type != SDL_KEYUP) return;
    /* Modifiers from the events themselves, so scripted input (which
     * SDL's own keyboard state never sees) behaves like real keys. */
    a->ptr.mod = ev->key.keysym.mod;
    SDL_Scancode sc = ev->key.keysym.scancode;
    if (sc > SDL_SCANCODE_UNKNOWN && sc < SDL_NUM_SCANCODES)
        a->ptr.keys[sc] = ev->type == SDL_KEYDOWN;
}

bool edapp_keys_moving(const EdApp *a)
{
    static const SDL_Scancode held[] = {
        SDL_SCANCODE_A,      SDL_SCANCODE_D,     SDL_SCANCODE_W,       SDL_SCANCODE_S,
        SDL_SCANCODE_LEFT,   SDL_SCANCODE_RIGHT, SDL_SCANCODE_UP,      SDL_SCANCODE_DOWN,
        SDL_SCANCODE_EQUALS, SDL_SCANCODE_MINUS, SDL_SCANCODE_KP_PLUS, SDL_SCANCODE_KP_MINUS};
    for (size_t i = 0; i < sizeof held / sizeof held[0]; i++)
        if (a->ptr.keys[held[i]]) return true;
    return false;
}
