/* camera: pan/zoom transform between map pixels and output pixels. */
#include "camera.h"
#include "core/mathx.h"

/* Zoom at which the whole map just fits, never above zoom_max. */
static double fit_zoom(const Camera *c)
{
    double zx = (double)c->view_w / c->world_w;
    double zy = (double)c->view_h / c->world_h;
    double z = zx < zy ? zx : zy;
    return z < c->zoom_max ? z : c->zoom_max;
}

static double clamp_axis(double centre, double zoom, int view, int world)
{
    double half = view / (2.0 * zoom);
    if (world * zoom <= view) return world / 2.0;
    return mathx_clampd(centre, half, world - half);
}

void cam_init(Camera *c, int world_w, int world_h, int view_w, int view_h)
{
    c->world_w = world_w > 0 ? world_w : 1;
    c->world_h = world_h > 0 ? world_h : 1;
    c->zoom_max = CAM_ZOOM_MAX;
    c->view_w = view_w > 0 ? view_w : 1;
    c->view_h = view_h > 0 ? view_h : 1;
    c->zoom_min = fit_zoom(c);
    cam_fit(c);
}

void cam_set_view(Camera *c, int view_w, int view_h)
{
    c->view_w = view_w > 0 ? view_w : 1;
    c->view_h = view_h > 0 ? view_h : 1;
    c->zoom_min = fit_zoom(c);
    cam_clamp(c);
}

void cam_fit(Camera *c)
{
    c->zoom = c->zoom_min;
    c->cx = c->world_w / 2.0;
    c->cy = c->world_h / 2.0;
}

void cam_frame(Camera *c, double x0, double y0, double x1, double y1, double sx0, double sy0,
               double sx1, double sy1, double zoom_cap)
{
    if (!(sx1 - sx0 >= 1.0 && sy1 - sy0 >= 1.0)) {
        sx0 = sy0 = 0.0;
        sx1 = c->view_w;
        sy1 = c->view_h;
    }
    double w = x1 - x0 > 1.0 ? x1 - x0 : 1.0, h = y1 - y0 > 1.0 ? y1 - y0 : 1.0;
    double z = (sx1 - sx0) / w < (sy1 - sy0) / h ? (sx1 - sx0) / w : (sy1 - sy0) / h;
    c->zoom = z < zoom_cap ? z : zoom_cap;
    c->zoom = mathx_clampd(c->zoom, c->zoom_min, c->zoom_max);
    /* The box's centre at the screen box's: solve world_to_screen. */
    c->cx = (x0 + x1) / 2.0 - ((sx0 + sx1) / 2.0 - c->view_w / 2.0) / c->zoom;
    c->cy = (y0 + y1) / 2.0 - ((sy0 + sy1) / 2.0 - c->view_h / 2.0) / c->zoom;
    cam_clamp(c);
}

void cam_world_to_screen(const Camera *c, double wx, double wy, double *sx, double *sy)
{
    *sx = (wx - c->cx) * c->zoom + c->view_w / 2.0;
    *sy = (wy - c->cy) * c->zoom + c->view_h / 2.0;
}

void cam_world_to_screenf(const Camera *c, float wx, float wy, float *sx, float *sy)
{
    double x, y;
    cam_world_to_screen(c, wx, wy, &x, &y);
    *sx = (float)x;
    *sy = (float)y;
}

void cam_screen_to_world(const Camera *c, double sx, double sy, double *wx, double *wy)
{
    *wx = (sx - c->view_w / 2.0) / c->zoom + c->cx;
    *wy = (sy - c->view_h / 2.0) / c->zoom + c->cy;
}

void cam_pan(Camera *c, double dx, double dy)
{
    c->cx -= dx / c->zoom;
    c->cy -= dy / c->zoom;
    cam_clamp(c);
}

void cam_zoom_at(Camera *c, double factor, double sx, double sy)
{
    if (!(factor > 0.0)) return;
    double wx, wy;
    cam_screen_to_world(c, sx, sy, &wx, &wy);
    c->zoom = mathx_clampd(c->zoom * factor, c->zoom_min, c->zoom_max);
    /* Solve world_to_screen(wx, wy) == (sx, sy) for the new centre. */
    c->cx = wx - (sx - c->view_w / 2.0) / c->zoom;
    c->cy = wy - (sy - c->view_h / 2.0) / c->zoom;
    cam_clamp(c);
}

void cam_clamp(Camera *c)
{
    c->zoom = mathx_clampd(c->zoom, c->zoom_min, c->zoom_max);
    c->cx = clamp_axis(c->cx, c->zoom, c->view_w, c->world_w);
    c->cy = clamp_axis(c->cy, c->zoom, c->view_h, c->world_h);
}
