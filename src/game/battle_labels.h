/* battle_labels: where the ships' name labels go on screen — each beside
 * her marker, none over another label or over any ship's marker, by a
 * greedy pass over rings of candidate offsets. Pure: no SDL, so the
 * layout is tested on its own. */
#ifndef SHOAL_BATTLE_LABELS_H
#define SHOAL_BATTLE_LABELS_H

#include <stdbool.h>

#define BATTLE_LABELS_MAX 64

/* A rectangle in output px (top-left, size). */
typedef struct BattleLabelRect {
    float x, y, w, h;
} BattleLabelRect;

/* One ship to label: her marker (what no label may cover) and the size
 * of her label's text. */
typedef struct BattleLabelItem {
    BattleLabelRect marker;
    float w, h;
} BattleLabelItem;

/* One placed label: where it goes, and whether it found room (a label
 * with no room is left out rather than drawn over another). */
typedef struct BattleLabelPlace {
    BattleLabelRect r;
    bool shown;
    bool far; /* placed off her marker's side: draw a leader line to it */
} BattleLabelPlace;

/* Place n (at most BATTLE_LABELS_MAX) labels inside the view (0, 0,
 * view_w, view_h): item k first tries just above her marker, then the
 * other sides and corners, then the same a step further out, up to
 * `rings` steps of `step` px. Items are placed in order (put the one
 * that matters most first); the result depends only on the input.
 * Returns how many were shown. */
int battle_labels_layout(const BattleLabelItem *items, int n, float view_w, float view_h,
                         float step, int rings, BattleLabelPlace *out);

/* True when rectangles a and b share any area. */
bool battle_labels_overlap(const BattleLabelRect *a, const BattleLabelRect *b);

#endif
