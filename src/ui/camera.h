/* camera: the world (map px) <-> screen (output px) transform: pan, zoom, clamp. */
#ifndef SHOAL_CAMERA_H
#define SHOAL_CAMERA_H

/* Zoom is screen px per map px. The most anyone needs to inspect a coast;
 * the least is whatever shows the whole map (see cam_set_view). */
#define CAM_ZOOM_MAX 16.0

/* Pure math, no SDL: the game and the editor own one each. Screen
 * coordinates are output pixels (the renderer's, not the window's, on a
 * high-DPI display), origin top-left. */
typedef struct Camera {
    double cx, cy; /* world point shown at the centre of the view */
    double zoom;
    double zoom_min, zoom_max;
    int view_w, view_h;   /* output size */
    int world_w, world_h; /* map size */
} Camera;

/* A camera over a world_w x world_h map in a view_w x view_h view,
 * showing the whole map centred. Sizes below 1 are taken as 1. */
void cam_init(Camera *c, int world_w, int world_h, int view_w, int view_h);
/* The view was resized: keep the centre point and zoom where allowed,
 * recompute zoom_min (the zoom that fits the whole map, at most
 * zoom_max) and clamp. */
void cam_set_view(Camera *c, int view_w, int view_h);
/* Show the whole map, centred (zoom = zoom_min). */
void cam_fit(Camera *c);

void cam_world_to_screen(const Camera *c, double wx, double wy, double *sx, double *sy);
/* The same in floats, as vertices and draw calls take them. */
void cam_world_to_screenf(const Camera *c, float wx, float wy, float *sx, float *sy);
void cam_screen_to_world(const Camera *c, double sx, double sy, double *wx, double *wy);

/* Move the picture by (dx, dy) screen px, as a drag does: the world point
 * under the cursor follows the cursor. Clamped afterwards. */
void cam_pan(Camera *c, double dx, double dy);
/* Multiply the zoom by factor (clamped to zoom_min..zoom_max) keeping the
 * world point under screen point (sx, sy) where it is, then clamp the
 * position (which may move that point only where the map would otherwise
 * leave the view). */
void cam_zoom_at(Camera *c, double factor, double sx, double sy);

/* Show the world box [x0,x1]x[y0,y1] (map px) inside the screen box
 * [sx0,sx1]x[sy0,sy1] (output px: the part of the view no panel covers):
 * zoomed in no closer than zoom_cap (nor further out than zoom_min), its
 * centre on the screen box's centre as far as the map's edges allow
 * (cam_clamp). A screen box of no size is taken as the whole view. */
void cam_frame(Camera *c, double x0, double y0, double x1, double y1, double sx0, double sy0,
               double sx1, double sy1, double zoom_cap);

/* Keep the map in view: on an axis where the map is wider than the view,
 * no gap may open between a map edge and the view edge; on an axis where
 * it is narrower, it is centred. Also clamps the zoom. */
void cam_clamp(Camera *c);

#endif
