/* play: the game as a child process on the edited map. */
#include "play.h"

#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* The temp copy and its folder go; a game reading it has long loaded it. */
static void drop_copy(EdPlay *p)
{
    if (!p->tmpdir[0]) return;
    char ini[PATHS_MAX];
    map_sidecar_path(p->map_path, ini, sizeof ini);
    remove(p->map_path);
    remove(ini);
    rmdir(p->tmpdir);
    p->tmpdir[0] = '\0';
}

/* A copy of m in a new folder under $TMPDIR (else /tmp), named name.png. */
static int write_copy(EdPlay *p, const Map *m, const char *name, Err *e)
{
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !tmp[0]) tmp = "/tmp";
    int n = snprintf(p->tmpdir, sizeof p->tmpdir, "%s/shoal-play-XXXXXX", tmp);
    if (n < 0 || (size_t)n >= sizeof p->tmpdir) {
        p->tmpdir[0] = '\0';
        return err_set(e, "play: TMPDIR path too long");
    }
    if (!mkdtemp(p->tmpdir)) {
        p->tmpdir[0] = '\0';
        return err_set(e, "play: cannot make a temp folder in %s", tmp);
    }
    n = snprintf(p->map_path, sizeof p->map_path, "%s/%s.png", p->tmpdir, name);
    if (n < 0 || (size_t)n >= sizeof p->map_path) {
        rmdir(p->tmpdir);
        p->tmpdir[0] = '\0';
        return err_set(e, "play: temp path too long");
    }
    if (map_save(m, p->map_path, e) != 0) {
        drop_copy(p);
        return -1;
    }
    return 0;
}

int play_start(EdPlay *p, const Map *m, const char *saved_path, const char *name, Err *e)
{
    /* A game still running keeps its copy: only a finished one's goes. */
    if (p->pid > 0) {
        p->pid = 0;
        p->tmpdir[0] = '\0';
    } else {
        drop_copy(p);
    }
    if (saved_path && saved_path[0]) {
        snprintf(p->map_path, sizeof p->map_path, "%s", saved_path);
    } else if (write_copy(p, m, name && name[0] ? name : "untitled", e) != 0) {
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
                    p->map_path, NULL};
    pid_t pid;
    int rc = beside ? posix_spawn(&pid, game, NULL, NULL, argv, environ)
                    : posix_spawnp(&pid, "shoal", NULL, NULL, argv, environ);
    if (rc != 0) {
        drop_copy(p);
        return err_set(e, "play: cannot start %s: %s", beside ? game : "shoal", strerror(rc));
    }
    p->pid = pid;
    return 0;
}

int play_poll(EdPlay *p)
{
    if (p->pid <= 0) return -1;
    int st;
    pid_t r = waitpid(p->pid, &st, WNOHANG);
    if (r == 0) return -1;
    p->pid = 0;
    drop_copy(p);
    if (r < 0) return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

void play_deinit(EdPlay *p)
{
    drop_copy(p);
    p->pid = 0;
}
