/* testin: handled input events as test-channel lines. */
#include "testin.h"

#include "core/testev.h"

void testin_event(const SDL_Event *ev)
{
    if (!testev_on()) return;
    switch (ev->type) {
    case SDL_KEYUP:
        /* The release: a script's key (press and release) has been taken
         * whole, and so has anything it was combined with before it. */
        testev_input("input key %s", SDL_GetKeyName(ev->key.keysym.sym));
        break;
    case SDL_MOUSEBUTTONUP:
        testev_input("input click %d %d %d", ev->button.button, ev->button.x, ev->button.y);
        break;
    case SDL_MOUSEWHEEL:
        testev_input("input wheel %d", ev->wheel.y);
        break;
    case SDL_MOUSEMOTION:
        testev_input("input motion %d %d", ev->motion.x, ev->motion.y);
        break;
    default:
        break;
    }
}
