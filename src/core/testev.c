/* testev: one line per event for the test scripts, when they ask for it. */
#include "testev.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The one process-wide stream besides stderr, and like stderr set once at
 * start-up: events rise from every screen (a save, a turn, a panel), and
 * threading a test-only handle through each of their APIs would make every
 * one of them carry it for a tester's sake. Written from the main thread. */
static FILE *channel;
/* Input was said since the last frame line. */
static bool input_pending;

int testev_open(const char *prog)
{
    const char *path = getenv("SHOAL_TEST_EVENTS");
    if (!path || !path[0] || channel) return 0;
    channel = fopen(path, "a");
    if (!channel) {
        fprintf(stderr, "%s: SHOAL_TEST_EVENTS %s: %s\n", prog, path, strerror(errno));
        return -1;
    }
    return 0;
}

bool testev_on(void)
{
    return channel != NULL;
}

__attribute__((format(printf, 1, 0))) static void say(const char *fmt, va_list ap)
{
    vfprintf(channel, fmt, ap);
    fputc('\n', channel);
    fflush(channel);
}

void testev_say(const char *fmt, ...)
{
    if (!channel) return;
    va_list ap;
    va_start(ap, fmt);
    say(fmt, ap);
    va_end(ap);
}

void testev_input(const char *fmt, ...)
{
    if (!channel) return;
    va_list ap;
    va_start(ap, fmt);
    say(fmt, ap);
    va_end(ap);
    input_pending = true;
}

void testev_frame(unsigned long n)
{
    if (!channel || !(input_pending || n == 1)) return;
    input_pending = false;
    testev_say("frame %lu", n);
}
