/* test_ui_camera: world<->screen transform, zoom about the cursor, clamping. */
#include <math.h>

#include "testutil.h"
#include "ui/camera.h"

static void check_in_view(const Camera *c)
{
    double x0, y0, x1, y1;
    cam_world_to_screen(c, 0, 0, &x0, &y0);
    cam_world_to_screen(c, c->world_w, c->world_h, &x1, &y1);
    ck_assert(c->zoom >= c->zoom_min - 1e-12 && c->zoom <= c->zoom_max + 1e-12);
    /* Per axis: a map wider than the view covers it; a narrower one is
     * centred. Either way some of it is always on screen. */
    if (c->world_w * c->zoom >= c->view_w) {
        ck_assert(x0 <= 1e-6 && x1 >= c->view_w - 1e-6);
    } else {
        ck_assert(fabs(x0 - (c->view_w - x1)) < 1e-6);
    }
    if (c->world_h * c->zoom >= c->view_h) {
        ck_assert(y0 <= 1e-6 && y1 >= c->view_h - 1e-6);
    } else {
        ck_assert(fabs(y0 - (c->view_h - y1)) < 1e-6);
    }
}

START_TEST(round_trip)
{
    Camera c;
    cam_init(&c, 4000, 3000, 1280, 720);
    const double zooms[] = {c.zoom_min, 0.5, 1.0, 3.7, CAM_ZOOM_MAX};
    for (size_t i = 0; i < sizeof zooms / sizeof zooms[0]; i++) {
        c.zoom = zooms[i];
        c.cx = 1234.5;
        c.cy = 987.25;
        cam_clamp(&c);
        for (double sx = -50; sx <= 1400; sx += 137.3) {
            for (double sy = -20; sy <= 800; sy += 91.7) {
                double wx, wy, bx, by;
                cam_screen_to_world(&c, sx, sy, &wx, &wy);
                cam_world_to_screen(&c, wx, wy, &bx, &by);
                ck_assert_double_eq_tol(bx, sx, 1e-7);
                ck_assert_double_eq_tol(by, sy, 1e-7);
            }
        }
        /* And the scale is the zoom: one map px spans zoom screen px. */
        double ax, ay, bx, by;
        cam_world_to_screen(&c, 100, 100, &ax, &ay);
        cam_world_to_screen(&c, 101, 102, &bx, &by);
        ck_assert_double_eq_tol(bx - ax, c.zoom, 1e-9);
        ck_assert_double_eq_tol(by - ay, 2 * c.zoom, 1e-9);
    }
}
END_TEST

START_TEST(zoom_keeps_cursor_point)
{
    Camera c;
    cam_init(&c, 8000, 6000, 1280, 720);
    c.zoom = 2.0;
    c.cx = 4000;
    c.cy = 3000;
    cam_clamp(&c);
    const double cursors[][2] = {{0, 0}, {1279, 719}, {200, 500}, {640, 360}, {1100, 40}};
    const double factors[] = {1.2, 1 / 1.2, 3.0, 0.4, 1.0001};
    for (size_t i = 0; i < sizeof cursors / sizeof cursors[0]; i++) {
        for (size_t f = 0; f < sizeof factors / sizeof factors[0]; f++) {
            Camera k = c;
            double sx = cursors[i][0], sy = cursors[i][1];
            double wx, wy, ax, ay;
            cam_screen_to_world(&k, sx, sy, &wx, &wy);
            cam_zoom_at(&k, factors[f], sx, sy);
            ck_assert_double_eq_tol(k.zoom, c.zoom * factors[f], 1e-12);
            cam_world_to_screen(&k, wx, wy, &ax, &ay);
            ck_assert_double_eq_tol(ax, sx, 1e-6);
            ck_assert_double_eq_tol(ay, sy, 1e-6);
        }
    }
}
END_TEST

START_TEST(zoom_limits)
{
    Camera c;
    cam_init(&c, 1600, 1000, 1280, 720);
    /* The least zoom shows the whole map. */
    ck_assert_double_eq_tol(c.zoom_min, 0.72, 1e-12);
    ck_assert_double_eq_tol(c.zoom, c.zoom_min, 1e-12);
    double x0, y0, x1, y1;
    cam_world_to_screen(&c, 0, 0, &x0, &y0);
    cam_world_to_screen(&c, 1600, 1000, &x1, &y1);
    ck_assert(x0 >= -1e-9 && y0 >= -1e-9 && x1 <= 1280 + 1e-9 && y1 <= 720 + 1e-9);
    cam_zoom_at(&c, 1e6, 100, 100);
    ck_assert_double_eq(c.zoom, CAM_ZOOM_MAX);
    cam_zoom_at(&c, 1e-6, 100, 100);
    ck_assert_double_eq_tol(c.zoom, c.zoom_min, 1e-12);
    /* Factors that are not positive numbers change nothing. */
    Camera k = c;
    cam_zoom_at(&k, 0.0, 5, 5);
    cam_zoom_at(&k, -2.0, 5, 5);
    cam_zoom_at(&k, NAN, 5, 5);
    ck_assert(memcmp(&k, &c, sizeof k) == 0);
    /* A map too small to fill the view even at the top zoom is centred. */
    Camera t;
    cam_init(&t, 20, 16, 1280, 720);
    ck_assert_double_eq(t.zoom_min, CAM_ZOOM_MAX);
    check_in_view(&t);
}
END_TEST

START_TEST(clamp_keeps_map_in_view)
{
    const int sizes[][4] = {
        {1600, 1000, 1280, 720}, {500, 3000, 1280, 720}, {16384, 16384, 800, 600},
        {64, 64, 1920, 1080},    {3000, 200, 640, 900},
    };
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        Camera c;
        cam_init(&c, sizes[s][0], sizes[s][1], sizes[s][2], sizes[s][3]);
        check_in_view(&c);
        for (double z = c.zoom_min; z <= c.zoom_max * 1.001; z *= 1.37) {
            cam_zoom_at(&c, z / c.zoom, 10, 10);
            const double pans[][2] = {{1e6, 0},    {-1e6, 0},   {0, 1e6}, {0, -1e6},
                                      {1e6, -1e6}, {-3e5, 2e5}, {17, -23}};
            for (size_t p = 0; p < sizeof pans / sizeof pans[0]; p++) {
                cam_pan(&c, pans[p][0], pans[p][1]);
                check_in_view(&c);
            }
            cam_zoom_at(&c, 1.0, c.view_w * 0.9, c.view_h * 0.1);
            check_in_view(&c);
        }
    }
}
END_TEST

START_TEST(pan_moves_picture_with_drag)
{
    Camera c;
    cam_init(&c, 8000, 8000, 800, 600);
    cam_zoom_at(&c, 4.0 / c.zoom, 400, 300);
    double wx, wy, ax, ay;
    cam_screen_to_world(&c, 300, 200, &wx, &wy);
    cam_pan(&c, 25, -40);
    cam_world_to_screen(&c, wx, wy, &ax, &ay);
    ck_assert_double_eq_tol(ax, 325, 1e-9);
    ck_assert_double_eq_tol(ay, 160, 1e-9);
}
END_TEST

START_TEST(resize_reclamps)
{
    Camera c;
    cam_init(&c, 1600, 1000, 1280, 720);
    cam_zoom_at(&c, 2.0, 1280, 720); /* look at the lower-right corner */
    cam_set_view(&c, 3000, 2000);    /* bigger than the map at this zoom */
    check_in_view(&c);
    ck_assert_double_eq_tol(c.zoom_min, 1.875, 1e-12);
    ck_assert(c.zoom >= c.zoom_min);
    cam_set_view(&c, 0, -5); /* minimised windows report nonsense sizes */
    ck_assert_int_eq(c.view_w, 1);
    ck_assert_int_eq(c.view_h, 1);
    check_in_view(&c);
}
END_TEST

/* A fleet box lands whole inside the screen box it is framed in, at the
 * cap when it fits there and smaller when it does not; at a map edge the
 * map stays in view. */
START_TEST(frame_shows_box_clear_of_panels)
{
    Camera c;
    cam_init(&c, 1600, 1000, 1280, 720);
    const double boxes[][4] = {{700, 400, 760, 460}, {300, 400, 1300, 600}, {600, 200, 640, 800}};
    for (size_t k = 0; k < sizeof boxes / sizeof boxes[0]; k++) {
        const double *b = boxes[k];
        /* Free of panels: below the top bar, left of a side panel, above the log. */
        cam_frame(&c, b[0], b[1], b[2], b[3], 10, 80, 1030, 580, 2.0);
        double x0, y0, x1, y1;
        cam_world_to_screen(&c, b[0], b[1], &x0, &y0);
        cam_world_to_screen(&c, b[2], b[3], &x1, &y1);
        ck_assert_msg(x0 >= 10 - 1e-6 && x1 <= 1030 + 1e-6 && y0 >= 80 - 1e-6 && y1 <= 580 + 1e-6,
                      "box %zu on screen at %.1f,%.1f..%.1f,%.1f", k, x0, y0, x1, y1);
        ck_assert(c.zoom <= 2.0 + 1e-12);
        check_in_view(&c);
    }
    /* The small box is shown at the cap, centred in the free box. */
    cam_frame(&c, 700, 400, 760, 460, 10, 80, 1030, 580, 2.0);
    ck_assert_double_eq_tol(c.zoom, 2.0, 1e-12);
    double sx, sy;
    cam_world_to_screen(&c, 730, 430, &sx, &sy);
    ck_assert_double_eq_tol(sx, 520, 1e-9);
    ck_assert_double_eq_tol(sy, 330, 1e-9);
    /* Against the map's corner the clamp wins: no gap opens at the edge. */
    cam_frame(&c, 0, 0, 40, 40, 600, 400, 1200, 700, 2.0);
    check_in_view(&c);
    cam_world_to_screen(&c, 0, 0, &sx, &sy);
    ck_assert_double_eq_tol(sx, 0, 1e-9);
    ck_assert_double_eq_tol(sy, 0, 1e-9);
    /* An empty screen box is the whole view. */
    cam_frame(&c, 700, 400, 760, 460, 0, 0, 0, 0, 2.0);
    cam_world_to_screen(&c, 730, 430, &sx, &sy);
    ck_assert_double_eq_tol(sx, 640, 1e-9);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("ui_camera");
    TCase *tc = tcase_create("camera");
    tcase_add_test(tc, round_trip);
    tcase_add_test(tc, zoom_keeps_cursor_point);
    tcase_add_test(tc, zoom_limits);
    tcase_add_test(tc, clamp_keeps_map_in_view);
    tcase_add_test(tc, pan_moves_picture_with_drag);
    tcase_add_test(tc, resize_reclamps);
    tcase_add_test(tc, frame_shows_box_clear_of_panels);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
