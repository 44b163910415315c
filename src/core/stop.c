/* stop: signal handlers that raise a flag, or remove staged temp files and
 * exit. The only mutable globals of core: a signal handler can reach
 * nothing else. */
#include "stop.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "paths.h"

#define STOP_TRACK_MAX 8

static volatile sig_atomic_t requested;
static bool poll_mode;
static char tracked[STOP_TRACK_MAX][PATHS_MAX + 32];
static volatile sig_atomic_t in_use[STOP_TRACK_MAX];

static void on_signal(int sig)
{
    if (poll_mode && !requested) {
        requested = sig;
        return;
    }
    /* Only async-signal-safe calls from here on: unlink and _exit. */
    for (int i = 0; i < STOP_TRACK_MAX; i++)
        if (in_use[i]) unlink(tracked[i]);
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
    return requested != 0;
}

int stop_exit_status(void)
{
    return requested ? 128 + requested : 0;
}

void stop_track(const char *tmp_path)
{
    size_t n = strlen(tmp_path);
    if (n >= sizeof tracked[0]) return;
    for (int i = 0; i < STOP_TRACK_MAX; i++) {
        if (in_use[i]) continue;
        memcpy(tracked[i], tmp_path, n + 1);
        in_use[i] = 1;
        return;
    }
}

void stop_untrack(const char *tmp_path)
{
    for (int i = 0; i < STOP_TRACK_MAX; i++)
        if (in_use[i] && strcmp(tracked[i], tmp_path) == 0) in_use[i] = 0;
}
