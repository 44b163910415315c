/* stop: SIGINT and SIGTERM end every binary promptly and cleanly. */
#ifndef SHOAL_STOP_H
#define SHOAL_STOP_H

#include <stdbool.h>

/* Install the handlers (once, in main). A program whose loops call
 * stop_requested() often (every frame or step) passes polled = true: the
 * first signal only raises the flag, and the loop ends the program with
 * its usual clean-up. Otherwise, or at a second signal, the handler
 * removes the temp files that afile has staged and not yet committed, and
 * ends the process at once with status 128 + the signal's number. */
void stop_catch(bool polled);

/* Whether SIGINT or SIGTERM has arrived since stop_catch(). */
bool stop_requested(void);

/* The exit status for a run that a signal ended: 128 + its number (130
 * for SIGINT, 143 for SIGTERM), as a shell reports it; 0 when none came. */
int stop_exit_status(void);

/* Temp files of a save in progress, removed if a signal ends the process
 * before they are committed: afile_stage tracks each temp file it makes,
 * afile_commit and afile_discard untrack it. Up to eight at once; past
 * that a file is simply not tracked. */
void stop_track(const char *tmp_path);
void stop_untrack(const char *tmp_path);

#endif
