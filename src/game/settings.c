/* settings: settings.ini read strictly, written atomically, and the
 * folders shoal keeps the player's files in. */
#include "settings.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/afile.h"
#include "core/kv.h"
#include "core/skirmish.h"
#include "core/paths.h"

static const char *const opponent_names[SETTINGS_OPPONENTS] = {"ai", "hotseat", "watch", "network"};
static const char *const tutorial_names[] = {"new", "offered", "done"};
#define TUTORIAL_NAMES ((int)(sizeof tutorial_names / sizeof tutorial_names[0]))

const char *const settings_volume_names[SETTINGS_VOLUMES] = {"master", "effects", "ambience",
                                                             "music"};

/* Loud enough to hear at once, with room to turn it up; the ambience
 * under the effects, as a sea should be. */
static const int volume_default[SETTINGS_VOLUMES] = {80, 100, 70, 80};

void settings_default(Settings *s)
{
    memset(s, 0, sizeof *s);
    s->sea_life = 1;
    s->fish = 2000;
    s->sharks = 3;
    s->anim_speed = 1.0f;
    s->show_grid = 1;
    s->ask_end_turn = 1;
    s->tutorial = SETTINGS_TUTORIAL_OFFERED;
    s->fleet[0] = s->fleet[1] = 3;
    s->opponent = SETTINGS_VS_AI;
    s->turn_limit = 60;
    s->map_seed = 1;
    s->net_port = 27960; /* NET_PORT_DEFAULT */
    s->net_rejoin = 120;
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < SKIRMISH_SIDE_SHIPS; k++) s->pick.classes[side][k] = FLEET_FRIGATE;
    s->pick.wind_strength = 3;
    memcpy(s->volume, volume_default, sizeof s->volume);
    keys_default(&s->keys);
    /* The first shipped map by name; the menu falls back to the first map
     * it finds when this one is not installed. */
    snprintf(s->map, sizeof s->map, "%s", "channel-isles.png");
}

int settings_host_ok(const char *host)
{
    size_t n = strlen(host);
    if (n == 0 || n >= SETTINGS_HOST_MAX) return 0;
    for (const char *c = host; *c; c++)
        if (!isalnum((unsigned char)*c) && !strchr(".:-_", *c)) return 0;
    return 1;
}

void settings_recent_host(Settings *s, const char *host)
{
    if (!settings_host_ok(host)) return;
    char keep[SETTINGS_RECENT_HOSTS][SETTINGS_HOST_MAX];
    int n = 0;
    snprintf(keep[n++], SETTINGS_HOST_MAX, "%s", host);
    for (int i = 0; i < SETTINGS_RECENT_HOSTS && n < SETTINGS_RECENT_HOSTS; i++)
        if (s->net_recent[i][0] && strcmp(s->net_recent[i], host) != 0)
            snprintf(keep[n++], SETTINGS_HOST_MAX, "%s", s->net_recent[i]);
    memset(s->net_recent, 0, sizeof s->net_recent);
    memcpy(s->net_recent, keep, (size_t)n * SETTINGS_HOST_MAX);
}

static int parse_bool(const char *v, int *out)
{
    if (!strcmp(v, "on") || !strcmp(v, "1") || !strcmp(v, "yes") || !strcmp(v, "true")) {
        *out = 1;
        return 0;
    }
    if (!strcmp(v, "off") || !strcmp(v, "0") || !strcmp(v, "no") || !strcmp(v, "false")) {
        *out = 0;
        return 0;
    }
    return -1;
}

/* A shipped map's file name: no folders, no leading dot, ends in .png.
 * Nor a leading '#' or ';': "map =#x.png" reads as that name, but
 * settings_format writes "map = #x.png", a comment, which reads back as
 * the generated sea. */
static int valid_map_name(const char *v)
{
    size_t n = strlen(v);
    if (n == 0) return 1;
    if (n >= SETTINGS_MAP_MAX || n < 5 || strcmp(v + n - 4, ".png") != 0) return 0;
    if (v[0] == '#' || v[0] == ';') return 0;
    return v[0] != '.' && !strchr(v, '/') && !strchr(v, '\\');
}

/* "1280x720", or "default" for 0x0 (the window --size or the default). */
static int parse_window(const char *v, int *w, int *h)
{
    if (!strcmp(v, "default")) {
        *w = *h = 0;
        return 0;
    }
    char tail;
    int a, b;
    if (sscanf(v, "%dx%d%c", &a, &b, &tail) != 2) return -1;
    if (a < SETTINGS_WIN_MIN_W || b < SETTINGS_WIN_MIN_H || a > SETTINGS_WIN_MAX ||
        b > SETTINGS_WIN_MAX)
        return -1;
    *w = a;
    *h = b;
    return 0;
}

/* The new skirmish's classes, wind and computer: the keys this adds. */
static int apply_setup(Settings *s, const KvReader *r, const char *k, const char *v, Err *e)
{
    long n;
    if (!strcmp(k, "classes_a") || !strcmp(k, "classes_b")) {
        int side = k[8] == 'b', cls[SKIRMISH_SIDE_SHIPS];
        int got = strcmp(v, "mix") ? skirmish_classes_parse(v, cls) : 0;
        if (got < 0)
            return err_set(e,
                           "%s:%d: %s '%s' is not mix or 1 to %d of sloop, frigate, line "
                           "with commas",
                           r->name, r->line, k, v, SKIRMISH_SIDE_SHIPS);
        s->pick.classes_set[side] = got > 0;
        for (int i = 0; i < got; i++) s->pick.classes[side][i] = cls[i];
    } else if (!strcmp(k, "wind")) {
        int d = strcmp(v, "map") ? hex_dir_from_name(v) : -1;
        if (d < 0 && strcmp(v, "map"))
            return err_set(e, "%s:%d: wind '%s' is not map or one of E NE NW W SW SE", r->name,
                           r->line, v);
        s->pick.wind_set = d >= 0;
        if (d >= 0) s->pick.wind_dir = d;
    } else if (!strcmp(k, "wind_strength")) {
        if (kv_parse_int(v, 0, MAP_WIND_MAX, &n) != 0)
            return err_set(e, "%s:%d: wind_strength '%s' is not a whole number in 0..%d", r->name,
                           r->line, v, MAP_WIND_MAX);
        s->pick.wind_strength = (int)n;
    } else if (!strcmp(k, "computer")) {
        int l = skirmish_ai_from_name(v);
        if (l < 0)
            return err_set(e, "%s:%d: computer '%s' is not easy, normal or hard", r->name, r->line,
                           v);
        s->ai_level = l;
    } else {
        return err_set(e, "%s:%d: unknown setting '%s'", r->name, r->line, k);
    }
    return 0;
}

/* net_recent = HOST, HOST:PORT, ...: at most SETTINGS_RECENT_HOSTS. */
static int parse_recent(Settings *s, const KvReader *r, const char *v, Err *e)
{
    memset(s->net_recent, 0, sizeof s->net_recent);
    int n = 0;
    for (const char *p = v; *p;) {
        while (*p == ' ' || *p == ',') p++;
        size_t len = strcspn(p, ", ");
        if (len == 0) break;
        if (n == SETTINGS_RECENT_HOSTS)
            return err_set(e, "%s:%d: net_recent has more than %d hosts", r->name, r->line,
                           SETTINGS_RECENT_HOSTS);
        char host[SETTINGS_HOST_MAX];
        snprintf(host, sizeof host, "%.*s", (int)(len < sizeof host ? len : sizeof host - 1), p);
        if (len >= sizeof host || !settings_host_ok(host))
            return err_set(e, "%s:%d: net_recent '%.*s' is not a host name or address", r->name,
                           r->line, (int)(len < 60 ? len : 60), p);
        snprintf(s->net_recent[n++], SETTINGS_HOST_MAX, "%s", host);
        p += len;
    }
    return 0;
}

/* net_port, net_recent: network play's. */
static int apply_net(Settings *s, const KvReader *r, const char *k, const char *v, Err *e)
{
    long n;
    if (!strcmp(k, "net_recent")) return parse_recent(s, r, v, e);
    if (!strcmp(k, "net_port")) {
        if (kv_parse_int(v, 1, 65535, &n) != 0)
            return err_set(e, "%s:%d: net_port '%s' is not a whole number in 1..65535", r->name,
                           r->line, v);
        s->net_port = (int)n;
        return 0;
    }
    if (!strcmp(k, "net_rejoin")) {
        if (kv_parse_int(v, 5, 3600, &n) != 0)
            return err_set(e, "%s:%d: net_rejoin '%s' is not a whole number of seconds in 5..3600",
                           r->name, r->line, v);
        s->net_rejoin = (int)n;
        return 0;
    }
    return err_set(e, "%s:%d: unknown setting '%s'", r->name, r->line, k);
}

static int apply(Settings *s, const KvReader *r, const char *k, const char *v, Err *e)
{
    long n;
    double d;
    if (!strncmp(k, "volume_", 7)) {
        int which = -1;
        for (int i = 0; i < SETTINGS_VOLUMES; i++)
            if (!strcmp(k + 7, settings_volume_names[i])) which = i;
        if (which < 0) return err_set(e, "%s:%d: unknown setting '%s'", r->name, r->line, k);
        if (kv_parse_int(v, 0, 100, &n) != 0)
            return err_set(e, "%s:%d: %s '%s' is not a whole number in 0..100", r->name, r->line, k,
                           v);
        s->volume[which] = (int)n;
    } else if (!strcmp(k, "mute")) {
        if (parse_bool(v, &s->mute) != 0)
            return err_set(e, "%s:%d: mute '%s' is not on or off", r->name, r->line, v);
    } else if (!strcmp(k, "sea_life")) {
        if (parse_bool(v, &s->sea_life) != 0)
            return err_set(e, "%s:%d: sea_life '%s' is not on or off", r->name, r->line, v);
    } else if (!strcmp(k, "show_grid")) {
        if (parse_bool(v, &s->show_grid) != 0)
            return err_set(e, "%s:%d: show_grid '%s' is not on or off", r->name, r->line, v);
    } else if (!strcmp(k, "ask_end_turn")) {
        if (parse_bool(v, &s->ask_end_turn) != 0)
            return err_set(e, "%s:%d: ask_end_turn '%s' is not on or off", r->name, r->line, v);
    } else if (!strcmp(k, "tutorial")) {
        int t = 0;
        while (t < TUTORIAL_NAMES && strcmp(v, tutorial_names[t])) t++;
        if (t == TUTORIAL_NAMES)
            return err_set(e, "%s:%d: tutorial '%s' is not new, offered or done", r->name, r->line,
                           v);
        s->tutorial = t;
    } else if (!strcmp(k, "fullscreen")) {
        if (parse_bool(v, &s->fullscreen) != 0)
            return err_set(e, "%s:%d: fullscreen '%s' is not on or off", r->name, r->line, v);
    } else if (!strcmp(k, "window_size")) {
        if (parse_window(v, &s->win_w, &s->win_h) != 0)
            return err_set(e, "%s:%d: window_size '%s' is not WxH (%dx%d..%dx%d) or 'default'",
                           r->name, r->line, v, SETTINGS_WIN_MIN_W, SETTINGS_WIN_MIN_H,
                           SETTINGS_WIN_MAX, SETTINGS_WIN_MAX);
    } else if (!strncmp(k, "key.", 4)) {
        char msg[200];
        if (keys_parse(&s->keys, k + 4, v, msg, sizeof msg) != 0 && !s->note[0])
            snprintf(s->note, sizeof s->note, "%s:%d: %s", r->name, r->line, msg);
    } else if (!strcmp(k, "fish")) {
        if (kv_parse_int(v, 0, SETTINGS_FISH_MAX, &n) != 0)
            return err_set(e, "%s:%d: fish '%s' is not a whole number in 0..%d", r->name, r->line,
                           v, SETTINGS_FISH_MAX);
        s->fish = (int)n;
    } else if (!strcmp(k, "sharks")) {
        if (kv_parse_int(v, 0, SETTINGS_SHARKS_MAX, &n) != 0)
            return err_set(e, "%s:%d: sharks '%s' is not a whole number in 0..%d", r->name, r->line,
                           v, SETTINGS_SHARKS_MAX);
        s->sharks = (int)n;
    } else if (!strcmp(k, "anim_speed")) {
        if (kv_parse_float(v, SETTINGS_SPEED_MIN, SETTINGS_SPEED_MAX, &d) != 0)
            return err_set(e, "%s:%d: anim_speed '%s' is not a number in %g..%g", r->name, r->line,
                           v, (double)SETTINGS_SPEED_MIN, (double)SETTINGS_SPEED_MAX);
        s->anim_speed = (float)d;
    } else if (!strcmp(k, "fleet_a") || !strcmp(k, "fleet_b")) {
        if (kv_parse_int(v, 1, SKIRMISH_SIDE_SHIPS, &n) != 0)
            return err_set(e, "%s:%d: %s '%s' is not a whole number in 1..%d", r->name, r->line, k,
                           v, SKIRMISH_SIDE_SHIPS);
        s->fleet[k[6] == 'b'] = (int)n;
    } else if (!strcmp(k, "opponent")) {
        int found = -1;
        for (int i = 0; i < SETTINGS_OPPONENTS; i++)
            if (!strcmp(v, opponent_names[i])) found = i;
        if (found < 0)
            return err_set(e, "%s:%d: opponent '%s' is not one of ai, hotseat, watch, network",
                           r->name, r->line, v);
        s->opponent = found;
    } else if (!strcmp(k, "turn_limit")) {
        if (kv_parse_int(v, 1, SKIRMISH_MAX_TURNS, &n) != 0)
            return err_set(e, "%s:%d: turn_limit '%s' is not a whole number in 1..%d", r->name,
                           r->line, v, SKIRMISH_MAX_TURNS);
        s->turn_limit = (int)n;
    } else if (!strcmp(k, "map")) {
        if (!valid_map_name(v))
            return err_set(e,
                           "%s:%d: map '%s' is not the file name of a shipped map (NAME.png) "
                           "or empty for a generated sea",
                           r->name, r->line, v);
        snprintf(s->map, sizeof s->map, "%s", v);
    } else if (!strncmp(k, "net_", 4)) {
        return apply_net(s, r, k, v, e);
    } else if (!strcmp(k, "map_seed")) {
        if (kv_parse_int(v, 0, 4294967295L, &n) != 0)
            return err_set(e, "%s:%d: map_seed '%s' is not a whole number in 0..4294967295",
                           r->name, r->line, v);
        s->map_seed = (uint32_t)n;
    } else {
        return apply_setup(s, r, k, v, e);
    }
    return 0;
}

int settings_parse(Settings *s, const char *text, size_t len, const char *name, Err *e)
{
    KvReader r;
    Settings t = *s;
    t.note[0] = '\0';
    t.keys.given = 0;
    int rc = kv_open(&r, text, len, name, e);
    r.flat = r.unique = true;
    const char *k, *v;
    while (rc == 0) {
        int got = kv_next(&r, &k, &v, e);
        if (got == 0) break;
        if (got < 0) {
            rc = -1;
            break;
        }
        rc = apply(&t, &r, k, v, e);
    }
    if (rc != 0) {
        settings_default(s);
        return -1;
    }
    *s = t;
    return 0;
}

/* The classes, wind and computer lines of the last new skirmish. */
static int format_setup(const Settings *s, char *buf, size_t cap)
{
    char cls[2][SKIRMISH_SIDE_SHIPS * 8 + 8];
    for (int side = 0; side < 2; side++) {
        int count =
            s->fleet[side] >= 1 && s->fleet[side] <= SKIRMISH_SIDE_SHIPS ? s->fleet[side] : 1;
        if (!s->pick.classes_set[side] ||
            skirmish_classes_format(s->pick.classes[side], count, cls[side], sizeof cls[side]) < 0)
            snprintf(cls[side], sizeof cls[side], "mix");
    }
    int dir = s->pick.wind_dir >= 0 && s->pick.wind_dir < HEX_DIRS ? s->pick.wind_dir : 0;
    int ai = s->ai_level >= 0 && s->ai_level < SKIRMISH_AI_LEVELS ? s->ai_level : 0;
    int n = snprintf(buf, cap,
                     "# each side's ships (sloop, frigate, line), or mix: the usual mix\n"
                     "classes_a = %s\nclasses_b = %s\n"
                     "# the wind the battle opens with: map (the map's own) or E NE NW W SW SE\n"
                     "wind = %s\nwind_strength = %d\n"
                     "# how the computer plays side B: easy, normal or hard\n"
                     "computer = %s\n",
                     cls[0], cls[1], s->pick.wind_set ? hex_dir_names[dir] : "map",
                     s->pick.wind_strength, skirmish_ai_names[ai]);
    return n < 0 || (size_t)n >= cap ? -1 : n;
}

int settings_format(const Settings *s, char *buf, size_t cap)
{
    int opp = s->opponent >= 0 && s->opponent < SETTINGS_OPPONENTS ? s->opponent : 0;
    char win[32] = "default";
    if (s->win_w > 0 && s->win_h > 0) snprintf(win, sizeof win, "%dx%d", s->win_w, s->win_h);
    int n = snprintf(
        buf, cap,
        "# shoal settings: written by the game's Settings screen; edit freely.\n"
        "# A bad line makes shoal ignore the whole file (and say which line)\n"
        "# without ever overwriting it.\n"
        "sea_life = %s\nfish = %d\nsharks = %d\nanim_speed = %.2f\n"
        "show_grid = %s\n"
        "# ask before ending a turn while ships have no orders\n"
        "ask_end_turn = %s\n"
        "# the window: WxH, or default (--size, else 1280x720); F11 toggles fullscreen\n"
        "fullscreen = %s\nwindow_size = %s\n\n# the last new skirmish\nfleet_a = %d\nfleet_b = %d\n"
        "opponent = %s\nturn_limit = %d\n"
        "# a shipped map's file name, or empty for a sea generated from map_seed\n"
        "map = %s\nmap_seed = %u\n\n"
        "# the guided first battle: new (offered at the next start), offered, done\n"
        "tutorial = %s\n",
        s->sea_life ? "on" : "off", s->fish, s->sharks, (double)s->anim_speed,
        s->show_grid ? "on" : "off", s->ask_end_turn ? "on" : "off", s->fullscreen ? "on" : "off",
        win, s->fleet[0], s->fleet[1], opponent_names[opp], s->turn_limit, s->map,
        (unsigned)s->map_seed,
        tutorial_names[s->tutorial >= 0 && s->tutorial < TUTORIAL_NAMES ? s->tutorial : 1]);
    if (n < 0 || (size_t)n >= cap) return -1;
    int more = format_setup(s, buf + n, cap - (size_t)n);
    if (more < 0) return -1;
    n += more;
    char recent[SETTINGS_RECENT_HOSTS * (SETTINGS_HOST_MAX + 2)] = "";
    for (int i = 0; i < SETTINGS_RECENT_HOSTS; i++)
        if (s->net_recent[i][0] && settings_host_ok(s->net_recent[i])) {
            if (recent[0]) strcat(recent, ", ");
            strcat(recent, s->net_recent[i]);
        }
    more = snprintf(buf + n, cap - (size_t)n,
                    "\n# network play: the port this window hosts on, the hosts joined lately,\n"
                    "# and how long (s) a host waits for side B to come back after a drop\n"
                    "net_port = %d\nnet_recent = %s\nnet_rejoin = %d\n",
                    s->net_port, recent, s->net_rejoin);
    if (more < 0 || (size_t)more >= cap - (size_t)n) return -1;
    n += more;
    more = snprintf(buf + n, cap - (size_t)n,
                    "\n# sound: volumes 0..100; mute (M in the game) on or off\n"
                    "volume_master = %d\nvolume_effects = %d\nvolume_ambience = %d\n"
                    "volume_music = %d\nmute = %s\n",
                    s->volume[0], s->volume[1], s->volume[2], s->volume[3], s->mute ? "on" : "off");
    if (more < 0 || (size_t)more >= cap - (size_t)n) return -1;
    n += more;
    int head = snprintf(buf + n, cap - (size_t)n,
                        "\n# the battle's keys (SDL key names), set on Settings > Keys\n");
    if (head < 0 || (size_t)head >= cap - (size_t)n) return -1;
    int keys = keys_format(&s->keys, buf + n + head, cap - (size_t)(n + head));
    return keys < 0 ? -1 : n + head + keys;
}

void settings_take_skirmish(Settings *to, const Settings *from)
{
    memcpy(to->fleet, from->fleet, sizeof to->fleet);
    to->opponent = from->opponent;
    to->turn_limit = from->turn_limit;
    memcpy(to->map, from->map, sizeof to->map);
    to->map_seed = from->map_seed;
    to->pick = from->pick;
    to->ai_level = from->ai_level;
}

int settings_load(Settings *s, const char *path, Err *e)
{
    settings_default(s);
    struct stat st;
    if (stat(path, &st) != 0 && errno == ENOENT) {
        s->tutorial = SETTINGS_TUTORIAL_NEW;
        return 0;
    }
    char *text = NULL;
    size_t len = 0;
    if (afile_read(path, SETTINGS_MAX_BYTES, &text, &len, e) != 0) return -1;
    int rc = settings_parse(s, text, len, path, e);
    free(text);
    return rc;
}

/* The folder part of path into out ("a/b/c.ini" -> "a/b"). */
static int dir_of(const char *path, char *out, size_t cap)
{
    const char *slash = strrchr(path, '/');
    size_t n = slash ? (size_t)(slash - path) : 0;
    if (n == 0 || n >= cap) return -1;
    memcpy(out, path, n);
    out[n] = '\0';
    return 0;
}

int settings_save(const Settings *s, const char *path, Err *e)
{
    char text[SETTINGS_MAX_BYTES], dir[PATHS_MAX];
    int n = settings_format(s, text, sizeof text);
    if (n < 0) return err_set(e, "%s: settings text too long", path);
    if (dir_of(path, dir, sizeof dir) == 0 && paths_mkdirs(dir, e) != 0) return -1;
    return afile_write(path, text, (size_t)n, e);
}

int settings_path(char *out, size_t cap)
{
    return paths_user_dir("XDG_CONFIG_HOME", ".config", "shoal/settings.ini", out, cap);
}

int settings_save_dir(char *out, size_t cap)
{
    return paths_user_dir("XDG_DATA_HOME", ".local/share", "shoal/saves", out, cap);
}

int settings_received_maps_dir(char *out, size_t cap)
{
    return paths_user_dir("XDG_DATA_HOME", ".local/share", "shoal/maps/received", out, cap);
}
