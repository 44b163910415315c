/* tuning: the controls panel — the school's weights, shark and fish counts and the
 * sea-life switch, live. Widget changes are collected while drawing and
 * applied by the caller at the start of the next frame, when no sea step
 * is in flight. */
#ifndef SHOAL_TUNING_H
#define SHOAL_TUNING_H

#include "core/sea.h"
#include "ui/widgets.h"

#define TUNING_MAX_FISH 200000

/* What changed since the last tuning_take. */
enum {
    TUNE_WEIGHTS = 1 << 0,
    TUNE_FISH = 1 << 1,
    TUNE_SHARKS = 1 << 2,
    TUNE_SEALIFE = 1 << 3,
    TUNE_DEFAULTS = 1 << 4, /* the reset button: weights back to defaults */
};

typedef struct Tuning {
    UiPanel panel;
    /* The tunable weights (sealife_set_weights): separation, alignment,
     * cohesion, flee weight, burst speed and kinds; the rest as given. */
    SeaParams w;
    int fish, sharks, sea_on;
    int changed; /* TUNE_* */
} Tuning;

void tuning_init(Tuning *t, const SeaParams *w, int fish, int sharks, int sea_on);
/* The panel at the top right of a view_w px wide view. */
void tuning_draw(Tuning *t, Ui *ui, int view_w);
/* TUNE_* flags of what changed since the last call, then clears them. */
int tuning_take(Tuning *t);

#endif
