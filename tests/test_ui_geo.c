/* test_ui_geo: the triangles geo builds land where their hexes are. */
#include <math.h>

#include "testutil.h"
#include "ui/geo.h"

/* An inset outline stays round its own hex wherever the hex lies: near
 * the map's corner and far from it (a scaled size would move it there),
 * through a camera panned and zoomed. */
static const struct {
    int q, r;
    double zoom;
} insets[] = {{0, 0, 1.0}, {32, 10, 1.0}, {32, 10, 0.8}, {-5, 30, 2.0}};

START_TEST(test_geo_inset_stays_round_its_hex)
{
    const float size = 24.0f, scale = 0.96f, w = 2.0f;
    Camera c;
    cam_init(&c, 1600, 1000, 1280, 800);
    c.zoom = insets[_i].zoom;
    Hex h = hex_make(insets[_i].q, insets[_i].r);
    float wx, wy;
    hex_to_pixel(h, size, &wx, &wy);
    c.cx = wx - 40; /* the hex off the view's middle */
    c.cy = wy + 25;
    double sx, sy;
    cam_world_to_screen(&c, wx, wy, &sx, &sy);
    GeoList g;
    geo_init(&g);
    geo_hex_inset(&g, &c, h, size, scale, w, (SDL_Color){255, 255, 255, 255});
    ck_assert_int_gt(g.nv, 0);
    double mx = 0, my = 0, rmax = 0;
    for (int k = 0; k < g.nv; k++) {
        mx += g.v[k].position.x / g.nv;
        my += g.v[k].position.y / g.nv;
        double dx = g.v[k].position.x - sx, dy = g.v[k].position.y - sy;
        rmax = fmax(rmax, sqrt(dx * dx + dy * dy));
    }
    ck_assert_msg(fabs(mx - sx) < 0.5 && fabs(my - sy) < 0.5,
                  "hex %d,%d at %.1f,%.1f, its outline round %.1f,%.1f", h.q, h.r, sx, sy, mx, my);
    /* Its corners at scale of the hex's, give or take half the line. */
    ck_assert_double_le(rmax, size * scale * c.zoom + w);
    ck_assert_double_ge(rmax, size * scale * c.zoom - w);
    geo_free(&g);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("ui_geo");
    TCase *tc = tcase_create("core");
    tcase_add_loop_test(tc, test_geo_inset_stays_round_its_hex, 0,
                        (int)(sizeof insets / sizeof insets[0]));
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
