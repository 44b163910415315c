/* play: the game as a child process on the edited map. */
#include "play.h"

#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static void drop_copy(EdPlayGame *g)
{
    if (g->copy) {
        char ini[PATHS_MAX];
        map_sidecar_path(g->map_path, ini, sizeof ini);
        remove(g->map_path);
        remove(ini);
        rmdir(g->tmpdir);
    }
    memset(g, 0, sizeof *g);
}

/* A copy of m in a new folder under $TMPDIR (else /tmp), named name.png. */
static int write_copy(EdPlayGame *g, const Map *m, const char *name, Err *e)
{
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !tmp[0]) tmp = "/tmp";
    /* mkdtemp replaces the last six characters, which must be 'X'. */
    int n = snprintf(g->tmpdir, sizeof g->tmpdir, "%s/shoal-play-", tmp);
    if (n < 0 || (size_t)n + 6 >= sizeof g->tmpdir) return err_set(e, "play: TMPDIR path too long");
    memset(g->tmpdir + n, 'X', 6);
    g->tmpdir[n + 6] = '\0';
    if (!mkdtemp(g->tmpdir)) return err_set(e, "play: cannot make a temp folder in %s", tmp);
    g->copy = true;
    n = snprintf(g->map_path, sizeof g->map_path, "%s/%s.png", g->tmpdir, name);
    if (n < 0 || (size_t)n >= sizeof g->map_path) return err_set(e, "play: temp path too long");
    return map_save(m, g->map_path, e);
}

int play_start(EdPlay *p, const Map *m, const char *saved_path, const char *name, Err *e)
{
    play_poll(p);
    EdPlayGame *g = NULL;
    for (int i = 0; i < PLAY_MAX && !g; i++)
        if (p->games[i].pid == 0) g = &p->games[i];
    if (!g) return err_set(e, "play: %d games are running already; close one first", PLAY_MAX);
    memset(g, 0, sizeof *g);
    if (saved_path && saved_path[0]) {
        snprintf(g->map_path, sizeof g->map_path, "%s", saved_path);
    } else if (write_copy(g, m, name && name[0] ? name : "untitled", e) != 0) {
        drop_copy(g);
        return -1;
    }
    char game[PATHS_MAX];
    bool beside =
        paths_exe_dir(game, sizeof game) == 0 && strlen(game) + sizeof "/shoal" <= sizeof game;
    if (beside) {
        strcat(game, "/shoal");
        beside = access(game, X_OK) == 0;
    }
    char *argv[] = {beside ? game : (char *)"shoal", (char *)"--skirmish", (char *)"--map",
                    g->map_path, NULL};
    pid_t pid;
    int rc = beside ? posix_spawn(&pid, game, NULL, NULL, argv, environ)
                    : posix_spawnp(&pid, "shoal", NULL, NULL, argv, environ);
    if (rc != 0) {
        drop_copy(g);
        return err_set(e, "play: cannot start %s: %s", beside ? game : "shoal", strerror(rc));
    }
    g->pid = pid;
    return 0;
}

int play_poll(EdPlay *p)
{
    int failed = 0;
    for (int i = 0; i < PLAY_MAX; i++) {
        EdPlayGame *g = &p->games[i];
        if (g->pid <= 0) continue;
        int st = 0;
        pid_t r = waitpid(g->pid, &st, WNOHANG);
        if (r == 0) continue;
        if (r > 0 && WIFEXITED(st) && WEXITSTATUS(st) != 0) failed = WEXITSTATUS(st);
        if (r > 0 && WIFSIGNALED(st)) failed = 128 + WTERMSIG(st);
        drop_copy(g);
    }
    return failed;
}

void play_deinit(EdPlay *p)
{
    for (int i = 0; i < PLAY_MAX; i++) drop_copy(&p->games[i]);
}
