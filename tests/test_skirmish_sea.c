/* test_skirmish_sea: the sea life of a skirmish lives where the game is —
 * the fish density a few hexes from the fleets, in the skirmish the docs'
 * screenshot shows (shoal --skirmish --seed 3 --advance 6), against the
 * mean over the map's water (issue #16). (With boarding and the new shot
 * the battle's turn 7 has all five ships in the strait between the two
 * islands, where the shore water 1-3 hexes out holds 0.42 of the mean by
 * frame 600; the docs' picture moved to turn 6 with it.)
 */
#include <SDL.h>
#include <stdlib.h>

#include "core/hex.h"
#include "testutil.h"

#include "game/battle.h"
#include "game/game.h"
#include "game/headless.h"
#include "game/options.h"

/* The rings round the ships that are measured, in hexes (the union of
 * the ships' rings, water pixels only), each with the share of the map's
 * mean density it must hold. Issue #16 asks for 3-8 hexes at 0.5: there
 * the fish can be seen in the view a battle opens on. The hull's hole
 * (the fish keep SEA_HULL_REACH px off a hull: about one hex from her
 * centre) only shows against fish right round it, 1-3 hexes out, so that
 * ring is held to the same share. */
typedef struct Ring {
    int in, out;
    double goal;
} Ring;
static const Ring rings[] = {{3, 8, 0.5}, {1, 3, 0.5}};
enum { NRINGS = sizeof rings / sizeof rings[0] };
/* The density profile printed alongside: bands of 0..PROFILE-1 hexes. */
#define PROFILE 16

typedef struct Run {
    GameOptions o;
    SDL_Window *win;
    SDL_Renderer *r;
    Game g;
    int frames; /* frames run so far */
} Run;

/* The game of `shoal --skirmish --seed 3 --advance 6 --screenshot ...`,
 * built the way main and app_run build it, on a hidden window of the dummy
 * driver with the software renderer (as --screenshot does). */
static void run_init(Run *u)
{
    char dir[256];
    tu_data_dir(dir, sizeof dir);
    setenv("SHOAL_DATA", dir, 1);
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    memset(u, 0, sizeof *u);
    char *argv[] = {"shoal",    "--skirmish", "--seed",       "3",        "--advance", "6",
                    "--frames", "150",        "--screenshot", "/dev/null"};
    ck_assert_int_eq(options_parse((int)(sizeof argv / sizeof argv[0]), argv, &u->o), -1);
    const GameOptions *o = &u->o;
    BattleSetup st = {.mode = o->opponent,
                      .map_path = o->map_path,
                      .seed = o->seed,
                      .ships = {o->ships[0], o->ships[1]},
                      .turn_limit = o->turns,
                      .map_seed = o->seed};
    Err e = {{0}};
    Battle *b = battle_new(&st, 1.0f, &e);
    ck_assert_msg(b != NULL, "%s", e.msg);
    ck_assert_msg(battle_advance(b, o->advance, &e) == 0, "%s", e.msg);
    u->o.battle = b;
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    ck_assert_msg(SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0, "%s", SDL_GetError());
    u->win = SDL_CreateWindow("shoal", 0, 0, o->width, o->height, SDL_WINDOW_HIDDEN);
    ck_assert_msg(u->win != NULL, "%s", SDL_GetError());
    u->r = SDL_CreateRenderer(u->win, -1, SDL_RENDERER_SOFTWARE);
    ck_assert_msg(u->r != NULL, "%s", SDL_GetError());
    ck_assert_msg(game_init(&u->g, &u->o, &b->map, NULL, u->r, &e) == 0, "%s", e.msg);
}

static void run_free(Run *u)
{
    game_deinit(&u->g);
    SDL_DestroyRenderer(u->r);
    SDL_DestroyWindow(u->win);
    SDL_Quit();
}

static void run_to(Run *u, int frames)
{
    for (; u->frames < frames; u->frames++) {
        headless_frame(&u->g);
        headless_present(&u->g);
    }
}

/* The fish density over the water of each ring (out[r]) over the mean
 * density over all the water of the map, as the game stands now; printed
 * with the profile by hexes to the nearest ship. */
static void ring_density(const Run *u, double out[NRINGS])
{
    const Game *g = &u->g;
    const Battle *b = g->battle;
    const ShoreField *f = &g->shore;
    float size = (float)b->map.meta.hex_size;
    Hex ship[SKIRMISH_MAX_SHIPS];
    int ns = 0;
    for (int i = 0; i < b->sk.nships; i++) {
        BattleShipLook l;
        battle_ship_look(b, i, &l);
        if (l.visible) ship[ns++] = hex_from_pixel(l.x, l.y, size);
    }
    ck_assert_int_gt(ns, 0);
    /* Per water pixel: hexes to the nearest ship (capped at PROFILE - 1)
     * and a bit per ring holding it; land is 0xff. */
    size_t npx = (size_t)f->w * (size_t)f->h;
    unsigned char *near = malloc(npx), *in = malloc(npx);
    ck_assert(near && in);
    long water = 0, band_px[PROFILE] = {0}, band_fish[PROFILE] = {0};
    long ring_px[NRINGS] = {0}, ring_fish[NRINGS] = {0};
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++) {
            size_t i = (size_t)y * (size_t)f->w + (size_t)x;
            near[i] = 0xff;
            in[i] = 0;
            if (!shore_wet(f, i)) continue;
            water++;
            Hex h = hex_from_pixel((float)x + 0.5f, (float)y + 0.5f, size);
            int dmin = PROFILE - 1;
            for (int k = 0; k < ns; k++) {
                int d = hex_distance(h, ship[k]);
                for (int r = 0; r < NRINGS; r++)
                    if (d >= rings[r].in && d <= rings[r].out) in[i] |= (unsigned char)(1u << r);
                if (d < dmin) dmin = d;
            }
            near[i] = (unsigned char)dmin;
            band_px[dmin]++;
            for (int r = 0; r < NRINGS; r++) ring_px[r] += (in[i] >> r) & 1u;
        }
    SeaView v;
    sea_view(g->sea.sea, &v);
    for (int k = 0; k < v.fish; k++) {
        int x = (int)v.x[k], y = (int)v.y[k];
        if (x < 0 || y < 0 || x >= f->w || y >= f->h) continue;
        size_t i = (size_t)y * (size_t)f->w + (size_t)x;
        if (near[i] == 0xff) continue;
        band_fish[near[i]]++;
        for (int r = 0; r < NRINGS; r++) ring_fish[r] += (in[i] >> r) & 1u;
    }
    free(near);
    free(in);
    ck_assert_int_gt(v.fish, 0);
    double mean = (double)v.fish / (double)water;
    printf("skirmish_sea: frame %d, %d ships, %d fish on %ld water px:", u->frames, ns, v.fish,
           water);
    for (int r = 0; r < NRINGS; r++) {
        ck_assert_int_gt(ring_px[r], 0);
        out[r] = (double)ring_fish[r] / (double)ring_px[r] / mean;
        printf(" %d-%d hexes %.3f of the mean (%ld fish on %ld px);", rings[r].in, rings[r].out,
               out[r], ring_fish[r], ring_px[r]);
    }
    printf("\n  density / mean by hexes to the nearest ship:");
    for (int d = 0; d < PROFILE; d++)
        printf(" %d:%.2f", d, band_px[d] ? (double)band_fish[d] / (double)band_px[d] / mean : 0.0);
    printf("\n");
    fflush(stdout);
}

/* At the frame the docs' screenshot is taken and after the fish had time
 * to settle (a scare, the turn played out). */
START_TEST(fish_live_round_the_fleets)
{
    Run u;
    run_init(&u);
    const int at[] = {150, 300, 600};
    int n = tu_scale(3, 1);
    double worst[NRINGS];
    for (int r = 0; r < NRINGS; r++) worst[r] = 1e9;
    for (int k = 0; k < n; k++) {
        run_to(&u, at[k]);
        double d[NRINGS];
        ring_density(&u, d);
        for (int r = 0; r < NRINGS; r++)
            if (d[r] < worst[r]) worst[r] = d[r];
    }
    run_free(&u);
    for (int r = 0; r < NRINGS; r++)
        ck_assert_msg(worst[r] >= rings[r].goal, "%d-%d hexes: %.3f of the mean, want >= %.2f",
                      rings[r].in, rings[r].out, worst[r], rings[r].goal);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("skirmish_sea");
    TCase *tc = tcase_create("fleets");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, fish_live_round_the_fleets);
    suite_add_tcase(s, tc);
    return s;
}

SHOAL_CHECK_MAIN(make_suite)
