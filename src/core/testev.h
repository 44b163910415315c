/* testev: the test channel. With SHOAL_TEST_EVENTS=FILE in the environment
 * the game and the editor append one line to FILE for each event a test
 * script waits on ("frame 1", "input key F5", "saved /path/quick.sav",
 * "turn 2 resolved", "panel network shown"), so a window check waits for
 * the event it judges instead of sleeping a guessed time. Off (and free)
 * without the variable. */
#ifndef SHOAL_TESTEV_H
#define SHOAL_TESTEV_H

#include <stdbool.h>

/* Open the channel named by $SHOAL_TEST_EVENTS (appending, so two programs
 * or two runs may share a file), once at start-up, before any thread runs.
 * Returns 0, or -1 with one line on stderr naming the file when it cannot
 * be opened: a test that asked for events must not run blind. */
int testev_open(const char *prog);

/* Whether events are being written. */
bool testev_on(void);

/* One event: a printf-style line, written and flushed at once (a script
 * polls the file). Main thread only. Does nothing when the channel is off. */
void testev_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* An input event the program has handled ("input key F5", "input click 1
 * 300 200"): said like testev_say, and the next testev_frame then says
 * "frame N", so a script that sent the input knows when a frame drawn after
 * it is on screen. */
void testev_input(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* After presenting frame n (counted from 1): "frame n" for the first frame
 * and for each frame that follows handled input. */
void testev_frame(unsigned long n);

#endif
