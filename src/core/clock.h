/* clock: a monotonic wall clock in milliseconds, for timing and progress. */
#ifndef SHOAL_CLOCK_H
#define SHOAL_CLOCK_H

/* Milliseconds on CLOCK_MONOTONIC: only differences mean anything. */
double clock_now_ms(void);

#endif
