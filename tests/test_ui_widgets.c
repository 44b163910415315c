/* test_ui_widgets: the immediate-mode widgets driven by synthetic mouse
 * events — sliders drag and clamp, toggles flip, buttons click, the
 * panel eats the mouse so the game never pans during a drag, and a
 * tooltip shows only for the field under the pointer, only after it has
 * rested there, and always on screen. */
#include <SDL.h>
#include <math.h>

#include "testutil.h"
#include "ui/draw.h"
#include "ui/text.h"
#include "ui/widgets.h"

#define FONT "data/fonts/DejaVuSans.ttf"

typedef struct Fixture {
    SDL_Surface *surf;
    SDL_Renderer *r;
    Text *text;
    Ui ui;
    UiPanel panel;
} Fixture;

static void fixture_init(Fixture *f)
{
    f->surf = SDL_CreateRGBSurfaceWithFormat(0, 640, 400, 32, SDL_PIXELFORMAT_RGBA32);
    ck_assert_ptr_nonnull(f->surf);
    f->r = SDL_CreateSoftwareRenderer(f->surf);
    ck_assert_ptr_nonnull(f->r);
    Err e = {{0}};
    ck_assert_int_eq(text_init(&f->text, f->r, FONT, 14, &e), 0);
    ui_init(&f->ui, f->r, f->text);
    f->panel = (UiPanel){100.0f, 50.0f, 240.0f, 0.0f, "Panel"};
}

static void fixture_free(Fixture *f)
{
    text_deinit(f->text);
    SDL_DestroyRenderer(f->r);
    SDL_FreeSurface(f->surf);
}

static SDL_Event mouse(Uint32 type, float x, float y)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = type;
    if (type == SDL_MOUSEMOTION) {
        ev.motion.x = (int)x;
        ev.motion.y = (int)y;
        ev.motion.state = SDL_BUTTON_LMASK;
    } else if (type == SDL_MOUSEWHEEL) {
        ev.wheel.y = 1;
    } else {
        ev.button.button = SDL_BUTTON_LEFT;
        ev.button.x = (int)x;
        ev.button.y = (int)y;
    }
    return ev;
}

/* Feed one event; returns whether the widgets took it. */
static int feed(Fixture *f, Uint32 type, float x, float y)
{
    SDL_Event ev = mouse(type, x, y);
    return ui_event(&f->ui, &ev);
}

typedef struct Values {
    float weight;
    int count;
    int on;
    int clicks;
    int changed; /* widgets reporting a change this frame */
    SDL_FRect slider, islider, toggle, button;
} Values;

/* One frame: a panel holding a float slider, a log int slider, a toggle
 * and a button. */
static void frame(Fixture *f, Values *v)
{
    ui_begin(&f->ui, 1.0f);
    ui_panel_begin(&f->ui, &f->panel);
    ui_label(&f->ui, "Tuning");
    v->changed = 0;
    v->changed += ui_slider_float(&f->ui, "Weight", &v->weight, 0.0f, 10.0f, 2, "");
    v->slider = f->ui.last;
    v->changed += ui_slider_int(&f->ui, "Count", &v->count, 0, 200000, UI_LOG);
    v->islider = f->ui.last;
    v->changed += ui_toggle(&f->ui, "On", &v->on);
    v->toggle = f->ui.last;
    v->clicks += ui_button(&f->ui, "Reset");
    v->button = f->ui.last;
    ui_panel_end(&f->ui);
    ui_end(&f->ui);
}

static void values_init(Values *v, float weight, int on)
{
    memset(v, 0, sizeof *v);
    v->weight = weight;
    v->count = 100;
    v->on = on;
}

static float mid_y(const SDL_FRect *r)
{
    return r->y + r->h / 2;
}

START_TEST(panel_eats_presses_over_it_only)
{
    Fixture f;
    fixture_init(&f);
    Values v;
    values_init(&v, 5.0f, 0);
    /* Before any frame nothing is on screen to hit. */
    ck_assert_int_eq(feed(&f, SDL_MOUSEBUTTONDOWN, 150, 80), 0);
    ck_assert_int_eq(feed(&f, SDL_MOUSEBUTTONUP, 150, 80), 0);
    frame(&f, &v);
    ck_assert_float_gt(f.panel.h, v.button.y + v.button.h - f.panel.y);
    /* A press outside is the game's, and so is its release. */
    ck_assert_int_eq(feed(&f, SDL_MOUSEBUTTONDOWN, 20, 20), 0);
    ck_assert_int_eq(feed(&f, SDL_MOUSEMOTION, 200, 100), 0);
    ck_assert_int_eq(feed(&f, SDL_MOUSEBUTTONUP, 200, 100), 0);
    /* A press on the panel, even between widgets, is the panel's. */
    ck_assert_int_eq(feed(&f, SDL_MOUSEBUTTONDOWN, f.panel.x + 2, f.panel.y + 2), 1);
    ck_assert_int_eq(feed(&f, SDL_MOUSEBUTTONUP, f.panel.x + 2, f.panel.y + 2), 1);
    /* A wheel over the panel is eaten; elsewhere it zooms the map. */
    feed(&f, SDL_MOUSEMOTION, f.panel.x + 5, f.panel.y + 5);
    ck_assert_int_eq(feed(&f, SDL_MOUSEWHEEL, 0, 0), 1);
    ck_assert_int_eq(ui_wants_mouse(&f.ui), 1);
    feed(&f, SDL_MOUSEMOTION, 5, 5);
    ck_assert_int_eq(feed(&f, SDL_MOUSEWHEEL, 0, 0), 0);
    ck_assert_int_eq(ui_wants_mouse(&f.ui), 0);
    fixture_free(&f);
}
END_TEST

START_TEST(slider_drags_clamps_and_keeps_the_mouse)
{
    Fixture f;
    fixture_init(&f);
    Values v;
    values_init(&v, 5.0f, 0);
    frame(&f, &v);
    SDL_FRect s = v.slider;
    float y = mid_y(&s);
    /* Press at the far left of the row: the value goes to the minimum. */
    ck_assert_int_eq(feed(&f, SDL_MOUSEBUTTONDOWN, s.x + 1, y), 1);
    frame(&f, &v);
    ck_assert_float_eq(v.weight, 0.0f);
    ck_assert_int_eq(v.changed, 1);
    /* Dragging far outside the panel keeps dragging (and is eaten: the
     * camera must not pan), clamped at the maximum. */
    ck_assert_int_eq(feed(&f, SDL_MOUSEMOTION, 620, y + 200), 1);
    frame(&f, &v);
    ck_assert_float_eq(v.weight, 10.0f);
    /* Back to the middle of the row: half way. */
    ck_assert_int_eq(feed(&f, SDL_MOUSEMOTION, s.x + s.w / 2, y), 1);
    frame(&f, &v);
    ck_assert_double_eq_tol(v.weight, 5.0, 0.3);
    ck_assert_int_eq(feed(&f, SDL_MOUSEBUTTONUP, s.x + s.w / 2, y), 1);
    frame(&f, &v);
    /* Released: the mouse is the game's again and the value stays. */
    float kept = v.weight;
    ck_assert_int_eq(feed(&f, SDL_MOUSEMOTION, 20, 20), 0);
    frame(&f, &v);
    ck_assert_float_eq(v.weight, kept);
    ck_assert_int_eq(v.changed, 0);
    /* The other slider never moved. */
    ck_assert_int_eq(v.count, 100);
    fixture_free(&f);
}
END_TEST

START_TEST(click_in_one_frame_sets_the_value)
{
    Fixture f;
    fixture_init(&f);
    Values v;
    values_init(&v, 5.0f, 0);
    frame(&f, &v);
    SDL_FRect s = v.islider;
    /* Press and release before the next frame: still a set. */
    feed(&f, SDL_MOUSEBUTTONDOWN, s.x + s.w - 1, mid_y(&s));
    feed(&f, SDL_MOUSEBUTTONUP, s.x + s.w - 1, mid_y(&s));
    frame(&f, &v);
    ck_assert_int_eq(v.count, 200000);
    ck_assert_float_eq(v.weight, 5.0f);
    fixture_free(&f);
}
END_TEST

START_TEST(toggle_and_button)
{
    Fixture f;
    fixture_init(&f);
    Values v;
    values_init(&v, 5.0f, 0);
    frame(&f, &v);
    SDL_FRect t = v.toggle, b = v.button;
    feed(&f, SDL_MOUSEBUTTONDOWN, t.x + 3, mid_y(&t));
    feed(&f, SDL_MOUSEBUTTONUP, t.x + 3, mid_y(&t));
    frame(&f, &v);
    ck_assert_int_eq(v.on, 1);
    ck_assert_int_eq(v.changed, 1);
    feed(&f, SDL_MOUSEBUTTONDOWN, t.x + 3, mid_y(&t));
    frame(&f, &v);
    feed(&f, SDL_MOUSEBUTTONUP, t.x + 3, mid_y(&t));
    frame(&f, &v);
    ck_assert_int_eq(v.on, 0);
    /* A button clicks on release over it, once. */
    feed(&f, SDL_MOUSEBUTTONDOWN, b.x + b.w / 2, mid_y(&b));
    frame(&f, &v);
    ck_assert_int_eq(v.clicks, 0);
    feed(&f, SDL_MOUSEBUTTONUP, b.x + b.w / 2, mid_y(&b));
    frame(&f, &v);
    frame(&f, &v);
    ck_assert_int_eq(v.clicks, 1);
    /* Pressed on it but released elsewhere: no click. */
    feed(&f, SDL_MOUSEBUTTONDOWN, b.x + b.w / 2, mid_y(&b));
    frame(&f, &v);
    feed(&f, SDL_MOUSEMOTION, 600, 380);
    feed(&f, SDL_MOUSEBUTTONUP, 600, 380);
    frame(&f, &v);
    ck_assert_int_eq(v.clicks, 1);
    /* Pressing elsewhere and releasing on it: no click either. */
    feed(&f, SDL_MOUSEBUTTONDOWN, 10, 10);
    feed(&f, SDL_MOUSEMOTION, b.x + b.w / 2, mid_y(&b));
    feed(&f, SDL_MOUSEBUTTONUP, b.x + b.w / 2, mid_y(&b));
    frame(&f, &v);
    ck_assert_int_eq(v.clicks, 1);
    ck_assert_int_eq(v.on, 0);
    fixture_free(&f);
}
END_TEST

START_TEST(log_scale_spreads_and_snaps)
{
    /* Zero and the ends are reachable exactly. */
    ck_assert_float_eq(ui_slider_pos(0, 0, 200000, UI_LOG), 0.0f);
    ck_assert_float_eq(ui_slider_pos(200000, 0, 200000, UI_LOG), 1.0f);
    ck_assert_double_eq(ui_slider_value(0.0f, 0, 200000, UI_LOG), 0.0);
    ck_assert_double_eq(ui_slider_value(1.0f, 0, 200000, UI_LOG), 200000.0);
    /* 2000 fish sit well inside the bar, not squeezed at its left end as
     * on a linear bar (where they would be at 1%). */
    float t = ui_slider_pos(2000, 0, 200000, UI_LOG);
    ck_assert_float_gt(t, 0.5f);
    ck_assert_float_lt(t, 0.7f);
    /* Positions map back to round numbers near where they were. */
    const double vals[] = {3, 47, 120, 2000, 12000, 150000};
    for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        double back = ui_slider_value(ui_slider_pos(vals[i], 0, 200000, UI_LOG), 0, 200000, UI_LOG);
        ck_assert_double_le(fabs(back - vals[i]), 0.05 * vals[i] + 0.5);
    }
    for (float u = 0.0f; u <= 1.0f; u += 0.01f) {
        double x = ui_slider_value(u, 0, 200000, UI_LOG);
        if (x < 100) {
            ck_assert_double_eq(x, round(x));
            continue;
        }
        /* Two significant digits. */
        double p = pow(10.0, floor(log10(x)) - 1.0);
        ck_assert_double_eq_tol(x / p, round(x / p), 1e-6);
    }
    /* Linear is linear. */
    ck_assert_double_eq_tol(ui_slider_value(0.25f, 2, 6, UI_LINEAR), 3.0, 1e-6);
    ck_assert_double_eq_tol(ui_slider_pos(3.0, 2, 6, UI_LINEAR), 0.25, 1e-6);
}
END_TEST

START_TEST(widgets_draw_and_count_calls)
{
    Fixture f;
    fixture_init(&f);
    Values v;
    values_init(&v, 5.0f, 1);
    frame(&f, &v);
    SDL_SetRenderDrawColor(f.r, 0, 0, 0, 255);
    SDL_RenderClear(f.r);
    draw_counts_reset();
    frame(&f, &v);
    DrawCounts dc = draw_counts();
    /* Panel, bars, knobs, boxes and labels all go through the counter. */
    ck_assert_int_gt(dc.prim, 8);
    ck_assert_int_gt(dc.copy, 5);
    /* The panel is painted; outside it nothing is. */
    const uint8_t *px = f.surf->pixels;
    int inside = 0, outside = 0;
    for (int y = 0; y < f.surf->h; y++)
        for (int x = 0; x < f.surf->w; x++) {
            const uint8_t *p = px + (size_t)y * f.surf->pitch + 4 * (size_t)x;
            int lit = p[0] || p[1] || p[2];
            int in = x >= f.panel.x && x < f.panel.x + f.panel.w && y >= f.panel.y &&
                     y < f.panel.y + f.panel.h;
            if (lit && in) inside++;
            if (lit && !in) outside++;
        }
    ck_assert_int_gt(inside, 1000);
    ck_assert_int_eq(outside, 0);
    fixture_free(&f);
}
END_TEST

/* One frame at time t with two tipped fields: the panel's button and a
 * bare rect at the bottom right corner of the 640x400 output. */
static const char *tip_frame(Fixture *f, double t, SDL_FRect *button, SDL_FRect *box)
{
    ui_set_clock(&f->ui, t);
    ui_begin(&f->ui, 1.0f);
    ui_panel_begin(&f->ui, &f->panel);
    ui_button(&f->ui, "Reset");
    ui_tip(&f->ui, "Puts every weight back as it was.");
    *button = f->ui.last;
    ui_panel_end(&f->ui);
    ui_tip_rect(&f->ui, (SDL_FRect){560, 360, 80, 40},
                "A corner field whose tip is long enough to wrap onto a second line or more");
    ui_end(&f->ui);
    return ui_tip_shown(&f->ui, box);
}

START_TEST(tooltip_waits_for_the_pointer_to_rest_on_its_field)
{
    Fixture f;
    fixture_init(&f);
    SDL_FRect b, box;
    /* The pointer nowhere near a field: no tip, however long. */
    feed(&f, SDL_MOUSEMOTION, 20, 20);
    ck_assert_ptr_null(tip_frame(&f, 0.0, &b, &box));
    ck_assert_ptr_null(tip_frame(&f, 5.0, &b, &box));
    /* On the button: nothing before the delay, its tip after it. */
    feed(&f, SDL_MOUSEMOTION, b.x + 5, b.y + 5);
    ck_assert_ptr_null(tip_frame(&f, 10.0, &b, &box));
    ck_assert_ptr_null(tip_frame(&f, 10.0 + UI_TIP_DELAY_S * 0.8, &b, &box));
    const char *t = tip_frame(&f, 10.0 + UI_TIP_DELAY_S + 0.01, &b, &box);
    ck_assert_ptr_nonnull(t);
    ck_assert_str_eq(t, "Puts every weight back as it was.");
    ck_assert_float_gt(box.w, 0.0f);
    /* Moving within the field keeps it; a held button hides it and the
     * wait starts again after the release. */
    feed(&f, SDL_MOUSEMOTION, b.x + 30, b.y + 6);
    ck_assert_ptr_nonnull(tip_frame(&f, 11.0, &b, &box));
    feed(&f, SDL_MOUSEBUTTONDOWN, b.x + 30, b.y + 6);
    ck_assert_ptr_null(tip_frame(&f, 11.1, &b, &box));
    feed(&f, SDL_MOUSEBUTTONUP, b.x + 30, b.y + 6);
    ck_assert_ptr_null(tip_frame(&f, 11.2, &b, &box));
    ck_assert_ptr_nonnull(tip_frame(&f, 11.2 + UI_TIP_DELAY_S, &b, &box));
    /* Off the field the tip goes at once; another field waits its own delay. */
    feed(&f, SDL_MOUSEMOTION, 20, 20);
    ck_assert_ptr_null(tip_frame(&f, 12.0, &b, &box));
    feed(&f, SDL_MOUSEMOTION, 630, 395);
    ck_assert_ptr_null(tip_frame(&f, 12.1, &b, &box));
    t = tip_frame(&f, 12.2 + UI_TIP_DELAY_S, &b, &box);
    ck_assert_ptr_nonnull(t);
    ck_assert_ptr_nonnull(strstr(t, "corner field"));
    /* At the corner the box turns back onto the screen, wrapped. */
    ck_assert_float_ge(box.x, 0.0f);
    ck_assert_float_ge(box.y, 0.0f);
    ck_assert_float_le(box.x + box.w, 640.0f);
    ck_assert_float_le(box.y + box.h, 400.0f);
    ck_assert_float_gt(box.h, 1.5f * (float)text_line_height(f.text));
    fixture_free(&f);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("ui_widgets");
    TCase *tc = tcase_create("widgets");
    tcase_add_test(tc, panel_eats_presses_over_it_only);
    tcase_add_test(tc, slider_drags_clamps_and_keeps_the_mouse);
    tcase_add_test(tc, click_in_one_frame_sets_the_value);
    tcase_add_test(tc, toggle_and_button);
    tcase_add_test(tc, log_scale_spreads_and_snaps);
    tcase_add_test(tc, widgets_draw_and_count_calls);
    tcase_add_test(tc, tooltip_waits_for_the_pointer_to_rest_on_its_field);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
