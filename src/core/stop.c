/* stop: signal handlers that raise a flag, or remove staged temp files and
 * exit. The only mutable globals of core: a signal handler can reach
 * nothing else. */
#include "stop.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "paths.h"

#define STOP_TRACK_MAX 8

/* Lock-free atomics: safe in a signal handler, and read by other threads
 * (the game's loader asks stop_requested() between its steps). */
static atomic_int requested;
static bool poll_mode;
static char tracked[STOP_TRACK_MAX][PATHS_MAX + 32];
static atomic_int in_use[STOP_TRACK_MAX];

static void on_signal(int sig)
{
    if (poll_mode && atomic_load(&requested) == 0) {
        atomic_store(&requested, sig);
        return;
    }
    /* Only async-signal-safe calls from here on: unlink and _exit. */
    for (int i = 0; i < STOP_TRACK_MAX; i++)
        if (atomic_load(&in_use[i])) unlink(tracked[i]);
    _exit(128 + sig);
}

void stop_catch(bool polled)
{
    poll_mode = polled;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

bool stop_requested(void)
{
    return atomic_load(&requested) != 0;
}

int stop_exit_status(void)
{
    int sig = atomic_load(&requested);
    return sig ? 128 + sig : 0;
}

void stop_track(const char *tmp_path)
{
    size_t n = strlen(tmp_path);
    if (n >= sizeof tracked[0]) return;
    for (int i = 0; i < STOP_TRACK_MAX; i++) {
        if (atomic_load(&in_use[i])) continue;
        memcpy(tracked[i], tmp_path, n + 1);
        atomic_store(&in_use[i], 1);
        return;
    }
}

void stop_untrack(const char *tmp_path)
{
    for (int i = 0; i < STOP_TRACK_MAX; i++)
        if (atomic_load(&in_use[i]) && strcmp(tracked[i], tmp_path) == 0)
            atomic_store(&in_use[i], 0);
}
