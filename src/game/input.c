/* input: pan by drag and keys, zoom by wheel about the cursor. */
#include "input.h"

#include <math.h>

/* Each wheel notch zooms by this factor; trackpads send fractions. */
#define WHEEL_STEP 1.2
/* Key panning crosses this fraction of the view per second. */
#define KEY_PAN_VIEWS 0.9
/* Held +/- double or halve the zoom this many times per second. */
#define KEY_ZOOM_RATE 1.5

static void mouse_pos(const Input *in, double *x, double *y)
{
    int mx, my;
    SDL_GetMouseState(&mx, &my);
    *x = mx * in->px_ratio;
    *y = my * in->px_ratio;
}

static int key_down(Input *in, const SDL_KeyboardEvent *k, Camera *cam)
{
    switch (k->keysym.sym) {
    case SDLK_ESCAPE:
        if (in->help_open) return INPUT_CLOSE_HELP;
        return in->following ? INPUT_UNFOLLOW : INPUT_QUIT;
    case SDLK_q:
        return INPUT_QUIT;
    case SDLK_F1:
    case SDLK_h:
        return k->repeat ? INPUT_NONE : INPUT_TOGGLE_HELP;
    case SDLK_F12:
        return k->repeat ? INPUT_NONE : INPUT_SCREENSHOT;
    case SDLK_F3:
        return k->repeat ? INPUT_NONE : INPUT_TOGGLE_STATS;
    case SDLK_F11:
        return k->repeat ? INPUT_NONE : INPUT_FULLSCREEN;
    case SDLK_TAB:
        return k->repeat ? INPUT_NONE : INPUT_TOGGLE_PANEL;
    case SDLK_l:
        return k->repeat ? INPUT_NONE : INPUT_TOGGLE_SEALIFE;
    case SDLK_0:
    case SDLK_KP_0:
    case SDLK_HOME:
        cam_fit(cam);
        return INPUT_PANNED;
    default:
        return INPUT_NONE;
    }
}

int input_event(Input *in, const SDL_Event *ev, Camera *cam)
{
    switch (ev->type) {
    case SDL_QUIT:
        return INPUT_QUIT;
    case SDL_WINDOWEVENT:
        if (ev->window.event == SDL_WINDOWEVENT_SIZE_CHANGED) return INPUT_RESIZED;
        return INPUT_NONE;
    case SDL_KEYDOWN:
        return key_down(in, &ev->key, cam);
    case SDL_MOUSEBUTTONDOWN:
        if (ev->button.button == SDL_BUTTON_LEFT || ev->button.button == SDL_BUTTON_RIGHT)
            in->dragging = 1;
        if (ev->button.button == SDL_BUTTON_LEFT) {
            in->left_down = 1;
            in->press_x = ev->button.x * in->px_ratio;
            in->press_y = ev->button.y * in->px_ratio;
            in->drag_dist = 0;
        }
        return INPUT_NONE;
    case SDL_MOUSEBUTTONUP: {
        int flags = INPUT_NONE;
        if (ev->button.button == SDL_BUTTON_LEFT && in->left_down) {
            in->left_down = 0;
            if (in->drag_dist < INPUT_CLICK_SLOP) {
                in->click_x = in->press_x;
                in->click_y = in->press_y;
                flags |= INPUT_CLICK;
            }
        }
        if ((SDL_GetMouseState(NULL, NULL) & (SDL_BUTTON_LMASK | SDL_BUTTON_RMASK)) == 0)
            in->dragging = 0;
        return flags;
    }
    case SDL_MOUSEMOTION:
        if (in->dragging && (ev->motion.state & (SDL_BUTTON_LMASK | SDL_BUTTON_RMASK))) {
            double dx = ev->motion.xrel * in->px_ratio, dy = ev->motion.yrel * in->px_ratio;
            in->drag_dist += fabs(dx) + fabs(dy);
            cam_pan(cam, dx, dy);
            /* A click's little wobble is not a pan yet. */
            return in->drag_dist >= INPUT_CLICK_SLOP ? INPUT_PANNED : INPUT_NONE;
        }
        return INPUT_NONE;
    case SDL_MOUSEWHEEL: {
        /* Not un-flipped: "natural scrolling" users expect it to zoom
         * the way their system scrolls. */
        double steps = ev->wheel.preciseY;
        double x, y;
        mouse_pos(in, &x, &y);
        cam_zoom_at(cam, pow(WHEEL_STEP, steps), x, y);
        return INPUT_NONE;
    }
    default:
        return INPUT_NONE;
    }
}

int input_keys(const Input *in, Camera *cam, double dt)
{
    (void)in;
    const Uint8 *k = SDL_GetKeyboardState(NULL);
    SDL_Keymod mod = SDL_GetModState();
    /* Keys pan at a pace relative to the view, so it feels the same at
     * every zoom and window size. */
    double speed = KEY_PAN_VIEWS * (cam->view_w > cam->view_h ? cam->view_w : cam->view_h) * dt;
    if (mod & KMOD_SHIFT) speed *= 2.5;
    double dx = 0, dy = 0;
    if (k[SDL_SCANCODE_A] || k[SDL_SCANCODE_LEFT]) dx += speed;
    if (k[SDL_SCANCODE_D] || k[SDL_SCANCODE_RIGHT]) dx -= speed;
    if (k[SDL_SCANCODE_W] || k[SDL_SCANCODE_UP]) dy += speed;
    if (k[SDL_SCANCODE_S] || k[SDL_SCANCODE_DOWN]) dy -= speed;
    int flags = INPUT_NONE;
    if (dx != 0 || dy != 0) {
        cam_pan(cam, dx, dy);
        flags |= INPUT_PANNED;
    }
    double zoom = 0;
    if (k[SDL_SCANCODE_EQUALS] || k[SDL_SCANCODE_KP_PLUS]) zoom += 1;
    if (k[SDL_SCANCODE_MINUS] || k[SDL_SCANCODE_KP_MINUS]) zoom -= 1;
    if (zoom != 0)
        cam_zoom_at(cam, pow(2.0, zoom * KEY_ZOOM_RATE * dt), cam->view_w / 2.0, cam->view_h / 2.0);
    return flags;
}
