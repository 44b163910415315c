/* mathx: the few scalar helpers every layer wants (pi, clamps), inline. */
#ifndef SHOAL_MATHX_H
#define SHOAL_MATHX_H

#define MATHX_PI_F 3.14159265358979f

/* v limited to [lo, hi] (lo when v is below, hi when above). */
static inline float mathx_clampf(float v, float lo, float hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static inline double mathx_clampd(double v, double lo, double hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

#endif
