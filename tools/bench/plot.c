/* plot: the --sweep results as a table, JSON, CSV and a hand-written
 * log-log SVG chart (ms per step against fish, one line per thread count). */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "core/afile.h"

void bench_sweep_print(FILE *f, const SweepRow *rows, int n)
{
    fprintf(f, "%9s %7s %11s %6s %11s %11s %13s\n", "fish", "threads", "map", "steps", "median ms",
            "p95 ms", "fish/s");
    for (int i = 0; i < n; i++) {
        const SweepRow *r = &rows[i];
        char map[32];
        snprintf(map, sizeof map, "%dx%d", r->map_side, r->map_side);
        fprintf(f, "%9d %7d %11s %6d %11.3f %11.3f %13.4g\n", r->fish, r->threads, map, r->steps,
                r->median_ms, r->p95_ms, r->fish_per_s);
    }
}

void bench_sweep_json(FILE *f, const SweepRow *rows, int n)
{
    fprintf(f, "{\"mode\":\"sweep\",\"rows\":[");
    for (int i = 0; i < n; i++) {
        const SweepRow *r = &rows[i];
        fprintf(f,
                "%s{\"fish\":%d,\"threads\":%d,\"map_w\":%d,\"map_h\":%d,\"steps\":%d,"
                "\"median_ms\":%.6g,\"p95_ms\":%.6g,\"fish_per_s\":%.6g}",
                i ? "," : "", r->fish, r->threads, r->map_side, r->map_side, r->steps, r->median_ms,
                r->p95_ms, r->fish_per_s);
    }
    fprintf(f, "]}\n");
}

/* A growing text buffer for the files we write in one atomic go. */
typedef struct Buf {
    char *s;
    size_t len, cap;
    int failed;
} Buf;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
bprintf(Buf *b, const char *fmt, ...)
{
    if (b->failed) return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (k < 0) {
            b->failed = 1;
            return;
        }
        if (b->s && b->len + (size_t)k < b->cap) {
            b->len += (size_t)k;
            return;
        }
        size_t cap = b->cap ? b->cap * 2 : 4096;
        while (cap < b->len + (size_t)k + 1) cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->failed = 1;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
}

static int finish(Buf *b, const char *path, Err *e)
{
    int rc;
    if (b->failed)
        rc = err_set(e, "%s: out of memory while formatting", path);
    else
        rc = afile_write(path, b->s, b->len, e);
    free(b->s);
    return rc;
}

int bench_sweep_csv(const char *path, const SweepRow *rows, int n, Err *e)
{
    Buf b = {0};
    bprintf(&b, "fish,threads,map_w,map_h,steps,median_ms,p95_ms,fish_per_s\n");
    for (int i = 0; i < n; i++) {
        const SweepRow *r = &rows[i];
        bprintf(&b, "%d,%d,%d,%d,%d,%.6g,%.6g,%.6g\n", r->fish, r->threads, r->map_side,
                r->map_side, r->steps, r->median_ms, r->p95_ms, r->fish_per_s);
    }
    return finish(&b, path, e);
}

/* ------------------------------------------------------------------ svg */

#define SVG_W  760
#define SVG_H  500
#define PLOT_L 84
#define PLOT_R 580
#define PLOT_T 56
#define PLOT_B 430

static const char *const palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                      "#9467bd", "#8c564b", "#e377c2", "#17becf"};

typedef struct Axes {
    double x0, x1, y0, y1; /* decade exponents spanned */
} Axes;

static double px_x(const Axes *a, double v)
{
    return PLOT_L + (log10(v) - a->x0) / (a->x1 - a->x0) * (PLOT_R - PLOT_L);
}

static double px_y(const Axes *a, double v)
{
    return PLOT_B - (log10(v) - a->y0) / (a->y1 - a->y0) * (PLOT_B - PLOT_T);
}

/* "1k", "10k", "1M" for fish decades. */
static void fish_label(char *out, size_t cap, int e10)
{
    static const char *const unit[] = {"", "k", "M", "G"};
    int k = e10 / 3, r = e10 % 3;
    snprintf(out, cap, "%d%s", r == 0 ? 1 : r == 1 ? 10 : 100, unit[k < 4 ? k : 3]);
}

/* "0.01", "1", "100", "10000" for ms decades. */
static void ms_label(char *out, size_t cap, int e10)
{
    if (e10 >= 0)
        snprintf(out, cap, "%.0f", pow(10.0, e10));
    else
        snprintf(out, cap, "%.*f", -e10, pow(10.0, e10));
}

static void svg_axes(Buf *b, const Axes *a)
{
    /* minor grid at 2..9 of each decade, major grid and labels at decades */
    for (int d = (int)a->x0; d < (int)a->x1; d++)
        for (int m = 2; m <= 9; m++) {
            double x = px_x(a, m * pow(10.0, d));
            bprintf(b, "<line x1='%.1f' y1='%d' x2='%.1f' y2='%d' class='minor'/>\n", x, PLOT_T, x,
                    PLOT_B);
        }
    for (int d = (int)a->y0; d < (int)a->y1; d++)
        for (int m = 2; m <= 9; m++) {
            double y = px_y(a, m * pow(10.0, d));
            bprintf(b, "<line x1='%d' y1='%.1f' x2='%d' y2='%.1f' class='minor'/>\n", PLOT_L, y,
                    PLOT_R, y);
        }
    char lab[32];
    for (int d = (int)a->x0; d <= (int)a->x1; d++) {
        double x = px_x(a, pow(10.0, d));
        fish_label(lab, sizeof lab, d);
        bprintf(b, "<line x1='%.1f' y1='%d' x2='%.1f' y2='%d' class='major'/>\n", x, PLOT_T, x,
                PLOT_B);
        bprintf(b, "<text x='%.1f' y='%d' text-anchor='middle'>%s</text>\n", x, PLOT_B + 20, lab);
    }
    for (int d = (int)a->y0; d <= (int)a->y1; d++) {
        double y = px_y(a, pow(10.0, d));
        ms_label(lab, sizeof lab, d);
        bprintf(b, "<line x1='%d' y1='%.1f' x2='%d' y2='%.1f' class='major'/>\n", PLOT_L, y, PLOT_R,
                y);
        bprintf(b, "<text x='%d' y='%.1f' text-anchor='end'>%s</text>\n", PLOT_L - 8, y + 4, lab);
    }
    bprintf(b, "<rect x='%d' y='%d' width='%d' height='%d' fill='none' stroke='#333'/>\n", PLOT_L,
            PLOT_T, PLOT_R - PLOT_L, PLOT_B - PLOT_T);
    bprintf(b, "<text x='%d' y='%d' text-anchor='middle'>fish (log scale)</text>\n",
            (PLOT_L + PLOT_R) / 2, PLOT_B + 42);
    bprintf(b,
            "<text x='22' y='%d' text-anchor='middle' transform='rotate(-90 22 %d)'>"
            "ms per sea step (log scale)</text>\n",
            (PLOT_T + PLOT_B) / 2, (PLOT_T + PLOT_B) / 2);
}

int bench_sweep_svg(const char *path, const SweepRow *rows, int n, Err *e)
{
    if (n <= 0) return err_set(e, "%s: no sweep results to plot", path);
    double nmin = INFINITY, nmax = 0, tmin = INFINITY, tmax = 0;
    int tmax_threads = 0;
    for (int i = 0; i < n; i++) {
        nmin = fmin(nmin, rows[i].fish);
        nmax = fmax(nmax, rows[i].fish);
        if (rows[i].median_ms > 0) {
            tmin = fmin(tmin, rows[i].median_ms);
            tmax = fmax(tmax, rows[i].median_ms);
        }
        if (rows[i].threads > tmax_threads) tmax_threads = rows[i].threads;
    }
    if (!(tmax > 0)) return err_set(e, "%s: every sweep time is zero; nothing to plot", path);
    Axes a = {floor(log10(nmin)), ceil(log10(nmax)), floor(log10(tmin)), ceil(log10(tmax))};
    if (a.x1 <= a.x0) a.x1 = a.x0 + 1;
    if (a.y1 <= a.y0) a.y1 = a.y0 + 1;

    Buf b = {0};
    bprintf(&b,
            "<?xml version='1.0' encoding='UTF-8'?>\n"
            "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' "
            "viewBox='0 0 %d %d' font-family='DejaVu Sans, Arial, sans-serif' "
            "font-size='13'>\n",
            SVG_W, SVG_H, SVG_W, SVG_H);
    bprintf(&b, "<style>.minor{stroke:#eee}.major{stroke:#ccc}"
                ".ref{stroke:#888;stroke-dasharray:6 4;fill:none}</style>\n");
    bprintf(&b, "<rect width='100%%' height='100%%' fill='white'/>\n");
    bprintf(&b,
            "<text x='%d' y='30' text-anchor='middle' font-size='16' font-weight='bold'>"
            "shoal-bench: sea step time against fish count</text>\n",
            (PLOT_L + PLOT_R) / 2);
    svg_axes(&b, &a);

    /* dashed slope-1 line through the smallest single-thread point: what
     * perfectly linear cost would look like */
    for (int i = 0; i < n; i++) {
        if (rows[i].threads != 1 || rows[i].fish != (int)nmin || !(rows[i].median_ms > 0)) continue;
        double k = rows[i].median_ms / rows[i].fish;
        double xa = nmin, xb = nmax;
        /* clip to the plot's time range */
        if (k * xb > pow(10.0, a.y1)) xb = pow(10.0, a.y1) / k;
        bprintf(&b, "<path class='ref' d='M%.1f %.1f L%.1f %.1f'/>\n", px_x(&a, xa),
                px_y(&a, k * xa), px_x(&a, xb), px_y(&a, k * xb));
        break;
    }

    int series = 0;
    for (int t = 1; t <= tmax_threads; t++) {
        int have = 0;
        for (int i = 0; i < n; i++) have |= rows[i].threads == t && rows[i].median_ms > 0;
        if (!have) continue;
        const char *col = palette[series % (int)(sizeof palette / sizeof palette[0])];
        bprintf(&b, "<polyline fill='none' stroke='%s' stroke-width='2' points='", col);
        for (int i = 0; i < n; i++)
            if (rows[i].threads == t && rows[i].median_ms > 0)
                bprintf(&b, "%.1f,%.1f ", px_x(&a, rows[i].fish), px_y(&a, rows[i].median_ms));
        bprintf(&b, "'/>\n");
        for (int i = 0; i < n; i++)
            if (rows[i].threads == t && rows[i].median_ms > 0)
                bprintf(&b,
                        "<circle cx='%.1f' cy='%.1f' r='3.5' fill='%s'><title>%d fish, %d "
                        "thread%s: %.3f ms</title></circle>\n",
                        px_x(&a, rows[i].fish), px_y(&a, rows[i].median_ms), col, rows[i].fish, t,
                        t == 1 ? "" : "s", rows[i].median_ms);
        int ly = PLOT_T + 12 + 22 * series;
        bprintf(&b, "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='%s' stroke-width='2'/>\n",
                PLOT_R + 20, ly, PLOT_R + 50, ly, col);
        bprintf(&b, "<circle cx='%d' cy='%d' r='3.5' fill='%s'/>\n", PLOT_R + 35, ly, col);
        bprintf(&b, "<text x='%d' y='%d'>%d thread%s</text>\n", PLOT_R + 58, ly + 4, t,
                t == 1 ? "" : "s");
        series++;
    }
    int ly = PLOT_T + 12 + 22 * series;
    bprintf(&b, "<line x1='%d' y1='%d' x2='%d' y2='%d' class='ref'/>\n", PLOT_R + 20, ly,
            PLOT_R + 50, ly);
    bprintf(&b, "<text x='%d' y='%d'>linear</text>\n", PLOT_R + 58, ly + 4);
    bprintf(&b,
            "<text x='%d' y='%d' font-size='11' fill='#555'>points: median of the measured "
            "steps of each run; dashed: time growing in proportion to the fish</text>\n",
            PLOT_L, SVG_H - 6);
    bprintf(&b, "</svg>\n");
    return finish(&b, path, e);
}
