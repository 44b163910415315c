/* metrics_internal: what metrics.c and metrics_observe.c (the per-step
 * shore-jitter history) share; nothing outside metrics includes this. */
#ifndef SHOAL_METRICS_INTERNAL_H
#define SHOAL_METRICS_INTERNAL_H

#include "metrics.h"

/* Set up the history part of m once its arrays are allocated: the slots
 * in range (so a stale one never reads out of bounds) and the choice of
 * the AVX2 loop. */
void metrics_observe_init(MetricsCtx *m);

#endif
