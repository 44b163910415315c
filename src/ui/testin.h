/* testin: the input a window program handles, told to the test channel
 * (core/testev) in SDL's names, for the scripts that sent it. */
#ifndef SHOAL_TESTIN_H
#define SHOAL_TESTIN_H

#include <SDL.h>

/* Call after the program has handled ev. Says "input key NAME" for a key
 * released, "input click BUTTON X Y" for a button released, "input wheel
 * DY" and "input motion X Y"; other events say nothing. Free when the
 * channel is off. */
void testin_event(const SDL_Event *ev);

#endif
