/* sea_threat: what fish flee, snapshot for each step: sharks, hulls,
 * splashes and the cursor, each a capsule over its course ahead (see
 * SeaThreat). */
#include "sea_internal.h"

#include <assert.h>
#include <math.h>
#include <string.h>

/* A flee source: a capsule over the next `ahead` s of a course from
 * (x, y) at (vx, vy), fled fully within `solid` of it and not at all
 * `reach` beyond; along the course ahead strength fades by up to `fade`.
 * A standing source is a disk. */
static void add_threat(Sea *s, float x, float y, float vx, float vy, float ahead, float solid,
                       float reach, float fade, float panic)
{
    assert(s->nthr < SEA_MAX_THREATS);
    SeaThreat *T = &s->thr[s->nthr++];
    memset(T, 0, sizeof *T);
    T->ax = x;
    T->ay = y;
    T->dx = vx * ahead;
    T->dy = vy * ahead;
    float l2 = T->dx * T->dx + T->dy * T->dy;
    T->inv_len2 = l2 > 1e-6f ? 1.0f / l2 : 0.0f;
    if (T->inv_len2 == 0.0f) T->dx = T->dy = 0.0f;
    T->bx = x + T->dx;
    T->by = y + T->dy;
    T->solid = solid;
    T->reach = reach;
    T->inv_reach = 1.0f / reach;
    T->ahead_fade = fade;
    T->panic = panic;
}

/* Give the threat just added, moving at (vx, vy), its wake (see the
 * SEA_WAKE_* constants). */
static void add_wake(Sea *s, float vx, float vy)
{
    SeaThreat *T = &s->thr[s->nthr - 1];
    float sp = sqrtf(vx * vx + vy * vy);
    if (!(sp > 1e-3f)) return;
    T->ex = -vx * SEA_WAKE_BEHIND;
    T->ey = -vy * SEA_WAKE_BEHIND;
    T->inv_elen2 = 1.0f / (T->ex * T->ex + T->ey * T->ey);
    T->wake_lim = T->solid * (1.0f + SEA_WAKE_REACH) + sp * SEA_WAKE_SPREAD;
    T->pull = sea_maxf(sp * SEA_WAKE_PULL_RATE, SEA_WAKE_PULL_MIN);
}

/* The cursor's velocity from where the last step saw it, smoothed and
 * capped (0 the first time it is seen after being cleared). */
static void track_cursor(Sea *s)
{
    if (!(s->cur_r > 0.0f)) {
        s->cur_seen = 0;
        return;
    }
    if (s->cur_seen) {
        float vx = (s->cur_x - s->cur_px) / s->p.dt, vy = (s->cur_y - s->cur_py) / s->p.dt;
        s->cur_vx += (vx - s->cur_vx) * SEA_CURSOR_SMOOTH;
        s->cur_vy += (vy - s->cur_vy) * SEA_CURSOR_SMOOTH;
    } else {
        s->cur_vx = s->cur_vy = 0.0f;
    }
    float sp2 = s->cur_vx * s->cur_vx + s->cur_vy * s->cur_vy;
    if (sp2 > SEA_CURSOR_MAX_SPEED * SEA_CURSOR_MAX_SPEED) {
        float k = SEA_CURSOR_MAX_SPEED / sqrtf(sp2);
        s->cur_vx *= k;
        s->cur_vy *= k;
    }
    s->cur_px = s->cur_x;
    s->cur_py = s->cur_y;
    s->cur_seen = 1;
}

/* Snapshot every flee source for the step about to run. */
void sea_gather_threats(Sea *s)
{
    s->nthr = 0;
    int fr = s->front;
    for (int i = 0; i < s->ns; i++)
        add_threat(s, s->shx[fr][i], s->shy[fr][i], s->shvx[fr][i], s->shvy[fr][i],
                   SEA_SHARK_LOOKAHEAD, SEA_SHARK_SOLID, s->p.flee_radius, 0.3f, 1.0f);
    /* A hull's capsule covers the course ahead: fish in front of it move
     * out of its path, sideways, before it arrives. */
    for (int i = 0; i < s->nhull; i++) {
        const SeaCircle *h = &s->hull[i];
        add_threat(s, h->x, h->y, h->vx, h->vy, SEA_HULL_LOOKAHEAD, h->radius, SEA_HULL_REACH, 0.6f,
                   0.5f);
        add_wake(s, h->vx, h->vy);
    }
    int m = 0;
    for (int i = 0; i < s->nscare; i++) {
        if (s->scare[i].until <= s->step) continue;
        s->scare[m++] = s->scare[i];
        add_threat(s, s->scare[i].x, s->scare[i].y, 0.0f, 0.0f, 0.0f, 0.0f, s->scare[i].radius,
                   0.0f, 1.0f);
    }
    s->nscare = m;
    track_cursor(s);
    if (s->cur_r > 0.0f) {
        /* A cursor sweeping faster than fish swim startles them into a
         * burst (they could not get out of its way at cruise); a slow one
         * they just make way for, so the school flows round it and closes
         * behind. */
        float sp2 = s->cur_vx * s->cur_vx + s->cur_vy * s->cur_vy;
        float panic = sea_minf(sp2 / (s->p.flee_speed * s->p.flee_speed), 1.0f);
        add_threat(s, s->cur_x, s->cur_y, s->cur_vx, s->cur_vy, SEA_CURSOR_LOOKAHEAD,
                   s->cur_r * SEA_CURSOR_SOLID, s->cur_r * SEA_CURSOR_REACH, 0.3f, panic);
        add_wake(s, s->cur_vx, s->cur_vy);
    }
}
