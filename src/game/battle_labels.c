/* battle_labels: greedy label placement over candidate offsets. */
#include "battle_labels.h"

#include <assert.h>

bool battle_labels_overlap(const BattleLabelRect *a, const BattleLabelRect *b)
{
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

/* Candidate k (0..7) of ring `ring` round marker m for a label w x h:
 * above first (where the eye looks for a name), then below, right, left,
 * then the corners. A gap of `gap` px plus ring steps separates them. */
static BattleLabelRect candidate(const BattleLabelRect *m, float w, float h, int k, float gap)
{
    float cx = m->x + m->w / 2, cy = m->y + m->h / 2;
    float above = m->y - gap - h, below = m->y + m->h + gap;
    float right = m->x + m->w + gap, left = m->x - gap - w;
    switch (k) {
    case 0:
        return (BattleLabelRect){cx - w / 2, above, w, h};
    case 1:
        return (BattleLabelRect){cx - w / 2, below, w, h};
    case 2:
        return (BattleLabelRect){right, cy - h / 2, w, h};
    case 3:
        return (BattleLabelRect){left, cy - h / 2, w, h};
    case 4:
        return (BattleLabelRect){right, above, w, h};
    case 5:
        return (BattleLabelRect){left, above, w, h};
    case 6:
        return (BattleLabelRect){right, below, w, h};
    default:
        return (BattleLabelRect){left, below, w, h};
    }
}

static bool fits(const BattleLabelRect *r, const BattleLabelItem *items, int n,
                 const BattleLabelPlace *out, int placed, float view_w, float view_h)
{
    if (r->x < 0 || r->y < 0 || r->x + r->w > view_w || r->y + r->h > view_h) return false;
    for (int j = 0; j < n; j++)
        if (battle_labels_overlap(r, &items[j].marker)) return false;
    for (int j = 0; j < placed; j++)
        if (out[j].shown && battle_labels_overlap(r, &out[j].r)) return false;
    return true;
}

int battle_labels_layout(const BattleLabelItem *items, int n, float view_w, float view_h,
                         float step, int rings, BattleLabelPlace *out)
{
    assert(n >= 0 && n <= BATTLE_LABELS_MAX && (n == 0 || (items && out)));
    int shown = 0;
    for (int i = 0; i < n; i++) {
        out[i] = (BattleLabelPlace){{0, 0, 0, 0}, false, false};
        for (int ring = 0; ring <= rings && !out[i].shown; ring++)
            for (int k = 0; k < 8; k++) {
                float gap = 1.0f + step * (float)ring;
                BattleLabelRect r = candidate(&items[i].marker, items[i].w, items[i].h, k, gap);
                if (!fits(&r, items, n, out, i, view_w, view_h)) continue;
                out[i] = (BattleLabelPlace){r, true, ring > 0};
                shown++;
                break;
            }
    }
    return shown;
}
