/* edapp_session: the session's file — open, save, save as, the unsaved-
 * changes question, recovery copies (autosave, restore) and the dialogs
 * that ask for a path, a name or a seed. */
#include "edapp_internal.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "files.h"
#include "core/words.h"

static void message(EdApp *a, const char *title, const char *msg)
{
    static const char *const ok[] = {"OK"};
    dialog_open(&a->dlg, EDAPP_DLG_MESSAGE, title, msg, ok, 1, 0, 0);
}

static void offer_restore(EdApp *a)
{
    if (!a->files.recovery[0] || !files_exists(a->files.recovery)) return;
    char when[64] = "earlier";
    time_t t = files_mtime(a->files.recovery);
    struct tm tm;
    if (t && localtime_r(&t, &tm)) strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
    char msg[DIALOG_MSG_MAX];
    snprintf(msg, sizeof msg,
             "Unsaved changes to %.200s were autosaved at %s and not saved since.\n"
             "Restore them, or discard the recovery copy (%.500s)?",
             a->files.path[0] ? paths_base_name(a->files.path) : "a new map", when,
             a->files.recovery);
    static const char *const b[] = {"Restore", "Discard"};
    dialog_open(&a->dlg, EDAPP_DLG_RESTORE, "Recover unsaved work", msg, b, 2, 0, -1);
}

int edapp_load_session(EdApp *a, Map *m, const char *path, bool offer, Err *e)
{
    Editor *ned;
    if (edit_init(&ned, m, 0, e) != 0) return -1;
    edapp_end_pointer_ops(a);
    if (a->ed) edit_deinit(a->ed);
    a->ed = ned;
    edit_set_mirror(a->ed, false);
    if (path) {
        snprintf(a->files.path, sizeof a->files.path, "%s", path);
        Err re = {{0}};
        if (files_recovery_path(a->files.path, a->files.recovery, sizeof a->files.recovery, false,
                                &re) != 0)
            a->files.recovery[0] = '\0';
    }
    a->files.restored = false;
    a->files.autosaved_any = false;
    a->report.ok = false;
    a->report.pick = -1;
    a->view.cam.world_w = 0; /* force a camera fit for the new map */
    EditChanges ch;
    edit_take_changes(a->ed, &ch);
    if (edapp_rebuild(a, e) != 0) return -1;
    edapp_sync_meta(a, true);
    const Map *mm = edit_map(a->ed);
    a->panels.gen.w = mm->w;
    a->panels.gen.h = mm->h;
    edapp_update_title(a);
    if (offer) offer_restore(a);
    return 0;
}

/* Paint the pixels where rec differs from the map as one undo step (1 px
 * lines over each run), then its settings as a second, so Ctrl+Z goes
 * back to the file on disk. False when the sizes differ or an edit
 * fails; the map may then hold part of it, which the caller replaces. */
static bool restore_as_edits(EdApp *a, const Map *rec)
{
    const Map *m = edit_map(a->ed);
    if (m->w != rec->w || m->h != rec->h) return false;
    Err e = {{0}};
    bool open = false;
    for (int y = 0; y < m->h; y++) {
        const uint8_t *cur = m->land + (size_t)y * (size_t)m->w;
        const uint8_t *want = rec->land + (size_t)y * (size_t)m->w;
        for (int x = 0; x < m->w;) {
            int v = want[x] != 0;
            if ((cur[x] != 0) == v) {
                x++;
                continue;
            }
            int x1 = x;
            while (x1 + 1 < m->w && (want[x1 + 1] != 0) == v && (cur[x1 + 1] != 0) != v) x1++;
            float fy = (float)y + 0.5f;
            if (!open) {
                if (edit_stroke_begin(a->ed, (float)x + 0.5f, fy, v, 1, &e) != 0) return false;
                open = true;
            }
            if (edit_line(a->ed, (float)x + 0.5f, fy, (float)x1 + 0.5f, fy, v, 1, &e) != 0)
                return false;
            m = edit_map(a->ed);
            cur = m->land + (size_t)y * (size_t)m->w;
            x = x1 + 1;
        }
    }
    if (open && edit_stroke_end(a->ed, &e) != 0) return false;
    m = edit_map(a->ed);
    if (memcmp(m->land, rec->land, (size_t)m->w * (size_t)m->h) != 0) return false;
    return edit_set_meta(a->ed, &rec->meta, &e) == 0;
}

static void restore(EdApp *a)
{
    Map m;
    Err e = {{0}};
    if (map_load(&m, a->files.recovery, &e) != 0) {
        message(a, "Could not restore", e.msg);
        return;
    }
    edit_set_mirror(a->ed, false);
    if (restore_as_edits(a, &m)) {
        map_free(&m);
        edapp_update_title(a);
        edapp_status(a, "Restored the autosaved copy (Ctrl+Z goes back to the saved file)");
        return;
    }
    if (edapp_load_session(a, &m, NULL, false, &e) != 0) {
        map_free(&m);
        message(a, "Could not restore", e.msg);
        return;
    }
    a->files.restored = true;
    edapp_update_title(a);
    edapp_status(a, "Restored the autosaved copy; save to keep it");
}

static void drop_recovery(EdApp *a)
{
    if (a->files.recovery[0] && files_exists(a->files.recovery))
        files_remove_map(a->files.recovery);
    a->files.autosaved_any = false;
}

/* Writes the recovery copy of unsaved work, unless the last one holds it. */
static void write_recovery(EdApp *a)
{
    if (!edapp_dirty(a)) return;
    if (a->files.autosaved_any && a->files.autosaved_rev == edit_revision(a->ed) &&
        !edit_stroke_open(a->ed))
        return;
    Err e = {{0}};
    if (files_recovery_path(a->files.path, a->files.recovery, sizeof a->files.recovery, true, &e) !=
            0 ||
        edit_autosave(a->ed, a->files.recovery, &e) != 0) {
        edapp_status(a, "autosave failed: %s", e.msg);
        return;
    }
    a->files.autosaved_any = true;
    a->files.autosaved_rev = edit_revision(a->ed);
    edapp_status(a, "Autosaved a recovery copy (%s)", a->files.recovery);
}

void edapp_autosave(EdApp *a)
{
    if (a->o->autosave_s <= 0 || a->clock < a->files.autosave_at) return;
    a->files.autosave_at = a->clock + a->o->autosave_s;
    write_recovery(a);
}

void edapp_keep_unsaved(EdApp *a)
{
    write_recovery(a);
    if (edapp_dirty(a) && a->files.autosaved_any)
        fprintf(stderr, "shoal-editor: stopped with unsaved changes; they are kept in %s\n",
                a->files.recovery);
}

/* ------------------------------------------------------------------ files */

static void continue_pending(EdApp *a);

static bool save_to(EdApp *a, const char *path)
{
    Err e = {{0}};
    edapp_end_pointer_ops(a);
    edapp_revalidate(a);
    if (edit_save(a->ed, path, &e) != 0) {
        fprintf(stderr, "shoal-editor: %s\n", e.msg);
        char msg[DIALOG_MSG_MAX];
        snprintf(msg, sizeof msg, "%s\nNothing was written; any file already at %s is unchanged.",
                 e.msg, path);
        message(a, "Could not save", msg);
        edapp_status(a, "save failed: %s", e.msg);
        return false;
    }
    if (strcmp(path, a->files.path) != 0) {
        drop_recovery(a);
        snprintf(a->files.path, sizeof a->files.path, "%s", path);
        Err re = {{0}};
        if (files_recovery_path(a->files.path, a->files.recovery, sizeof a->files.recovery, false,
                                &re) != 0)
            a->files.recovery[0] = '\0';
    }
    drop_recovery(a);
    a->files.restored = false;
    edapp_update_title(a);
    if (a->report.ok && a->report.r.count > 0) {
        a->report.show = true;
        edapp_status(a, "Saved %s \xE2\x80\x94 %d %s, %d %s (see Validation)", path,
                     a->report.r.errors, words_plural(a->report.r.errors, "error", "errors"),
                     a->report.r.warnings,
                     words_plural(a->report.r.warnings, "warning", "warnings"));
    } else {
        edapp_status(a, "Saved %s", path);
    }
    return true;
}

/* A file name from the map's name: "Twin Reefs" -> "twin-reefs.png". */
static void suggest_path(EdApp *a, char *out, size_t cap)
{
    if (a->files.path[0]) {
        snprintf(out, cap, "%s", a->files.path);
        return;
    }
    char slug[MAP_NAME_MAX];
    size_t n = 0;
    for (const char *p = edit_map(a->ed)->meta.name; *p && n + 1 < sizeof slug; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            slug[n++] = (char)c;
        else if (c >= 'A' && c <= 'Z')
            slug[n++] = (char)(c - 'A' + 'a');
        else if (n > 0 && slug[n - 1] != '-')
            slug[n++] = '-';
    }
    while (n > 0 && slug[n - 1] == '-') n--;
    slug[n] = '\0';
    snprintf(out, cap, "%s.png", n ? slug : "untitled");
}

static void ask_save_as(EdApp *a)
{
    static const char *const b[] = {"Save", "Cancel"};
    dialog_open(&a->dlg, EDAPP_DLG_SAVE_AS, "Save map as",
                "PNG file to write (its .ini sidecar goes beside it). Tab completes.", b, 2, 0, 1);
    char p[PATHS_MAX];
    suggest_path(a, p, sizeof p);
    dialog_set_field(&a->dlg, p, files_complete, (void *)".png");
}

void edapp_save(EdApp *a, bool as)
{
    if (as || !a->files.path[0]) {
        ask_save_as(a);
        return;
    }
    if (save_to(a, a->files.path))
        continue_pending(a);
    else
        a->files.pending = EDAPP_PENDING_NONE;
}

void edapp_open(EdApp *a)
{
    static const char *const b[] = {"Open", "Cancel"};
    dialog_open(&a->dlg, EDAPP_DLG_OPEN, "Open map", "PNG map to open. Tab completes.", b, 2, 0, 1);
    /* The current map's folder, ready for a name and Tab. */
    char dir[PATHS_MAX] = "";
    const char *slash = strrchr(a->files.path, '/');
    if (slash) {
        snprintf(dir, sizeof dir, "%.*s/", (int)(slash - a->files.path), a->files.path);
    } else if (a->files.path[0]) {
        dir[0] = '\0';
    } else if (paths_data_file("maps/", dir, sizeof dir) != 0) {
        dir[0] = '\0';
    }
    dialog_set_field(&a->dlg, dir, files_complete, (void *)".png");
}

static void do_open(EdApp *a, const char *path)
{
    Map m;
    Err e = {{0}};
    if (map_load(&m, path, &e) != 0) {
        fprintf(stderr, "shoal-editor: %s\n", e.msg);
        message(a, "Could not open", e.msg);
        return;
    }
    if (edapp_load_session(a, &m, path, true, &e) != 0) {
        map_free(&m);
        message(a, "Could not open", e.msg);
        return;
    }
    edapp_status(a, "Opened %s", path);
}

static void continue_pending(EdApp *a)
{
    EdPending p = a->files.pending;
    a->files.pending = EDAPP_PENDING_NONE;
    if (p == EDAPP_PENDING_QUIT) a->quit = true;
    if (p == EDAPP_PENDING_OPEN) do_open(a, a->files.pending_path);
}

/* Run `p` now, or first ask about unsaved changes. */
static void request(EdApp *a, EdPending p)
{
    a->files.pending = p;
    if (!edapp_dirty(a)) {
        if (p == EDAPP_PENDING_QUIT) drop_recovery(a);
        continue_pending(a);
        return;
    }
    char msg[DIALOG_MSG_MAX];
    snprintf(msg, sizeof msg, "%.300s has unsaved changes. Save them before %s?",
             a->files.path[0] ? paths_base_name(a->files.path) : "This new map",
             p == EDAPP_PENDING_QUIT ? "closing" : "opening another map");
    static const char *const b[] = {"Save", "Discard", "Cancel"};
    dialog_open(&a->dlg, EDAPP_DLG_UNSAVED, "Unsaved changes", msg, b, 3, 0, 2);
}

void edapp_request_quit(EdApp *a)
{
    request(a, EDAPP_PENDING_QUIT);
}

/* "x" -> "x.png"; "~/x" -> "$HOME/x". */
static void normalise_path(const char *in, char *out, size_t cap)
{
    const char *home = getenv("HOME");
    size_t n = strlen(in);
    while (n > 0 && (in[n - 1] == ' ')) n--;
    while (*in == ' ' && n > 0) {
        in++;
        n--;
    }
    char t[PATHS_MAX];
    if (in[0] == '~' && (n == 1 || in[1] == '/') && home)
        snprintf(t, sizeof t, "%s%.*s", home, (int)n - 1, in + 1);
    else
        snprintf(t, sizeof t, "%.*s", (int)n, in);
    size_t k = strlen(t);
    bool png = k >= 4 && (strcmp(t + k - 4, ".png") == 0 || strcmp(t + k - 4, ".PNG") == 0);
    if (snprintf(out, cap, "%s%s", t, png || k == 0 || t[k - 1] == '/' ? "" : ".png") >= (int)cap)
        out[0] = '\0'; /* too long to be a path: treated as none given */
}

/* ---------------------------------------------------------------- dialogs */

/* The unsaved-changes question: Save, Discard or Cancel. */
static void answer_unsaved(EdApp *a, int b)
{
    if (b == 0) {
        edapp_save(a, false);
    } else if (b == 1) {
        drop_recovery(a);
        a->files.restored = false;
        continue_pending(a);
    } else {
        a->files.pending = EDAPP_PENDING_NONE;
    }
}

static void answer_open(EdApp *a, int b)
{
    char path[PATHS_MAX];
    if (b != 0) return;
    normalise_path(a->dlg.field, path, sizeof path);
    if (!path[0]) return;
    snprintf(a->files.pending_path, sizeof a->files.pending_path, "%s", path);
    request(a, EDAPP_PENDING_OPEN);
}

/* Save As: write there, or first ask before replacing another file. */
static void answer_save_as(EdApp *a, int b)
{
    char path[PATHS_MAX];
    if (b != 0) {
        a->files.pending = EDAPP_PENDING_NONE;
        return;
    }
    normalise_path(a->dlg.field, path, sizeof path);
    if (!path[0]) {
        a->files.pending = EDAPP_PENDING_NONE;
        return;
    }
    snprintf(a->files.save_as_path, sizeof a->files.save_as_path, "%s", path);
    if (strcmp(path, a->files.path) != 0 && files_exists(path)) {
        char msg[DIALOG_MSG_MAX];
        snprintf(msg, sizeof msg, "%.900s already exists. Replace it?", path);
        static const char *const rb[] = {"Replace", "Cancel"};
        dialog_open(&a->dlg, EDAPP_DLG_REPLACE, "Replace file", msg, rb, 2, 1, 1);
        return;
    }
    if (save_to(a, path))
        continue_pending(a);
    else
        a->files.pending = EDAPP_PENDING_NONE;
}

static void answer_rename(EdApp *a)
{
    MapMeta mm = edit_map(a->ed)->meta;
    size_t n = strnlen(a->dlg.field, sizeof mm.name - 1);
    memcpy(mm.name, a->dlg.field, n);
    mm.name[n] = '\0';
    Err e = {{0}};
    if (edit_set_meta(a->ed, &mm, &e) != 0) edapp_status(a, "%s", e.msg);
}

static void answer_seed(EdApp *a)
{
    char *end;
    unsigned long long v = strtoull(a->dlg.field, &end, 10);
    if (end == a->dlg.field || *end || v > 4294967295ULL)
        edapp_status(a, "seed '%s': expected a whole number from 0 to 4294967295", a->dlg.field);
    else
        a->panels.gen.seed = (uint32_t)v;
}

void edapp_answer(EdApp *a, int kind, int b)
{
    switch ((EdDialogKind)kind) {
    case EDAPP_DLG_UNSAVED:
        answer_unsaved(a, b);
        break;
    case EDAPP_DLG_OPEN:
        answer_open(a, b);
        break;
    case EDAPP_DLG_SAVE_AS:
        answer_save_as(a, b);
        break;
    case EDAPP_DLG_REPLACE:
        if (b == 0 && save_to(a, a->files.save_as_path))
            continue_pending(a);
        else
            a->files.pending = EDAPP_PENDING_NONE;
        break;
    case EDAPP_DLG_RESTORE:
        if (b == 0) {
            restore(a);
        } else {
            drop_recovery(a);
            edapp_status(a, "Discarded the recovery copy");
        }
        break;
    case EDAPP_DLG_RENAME:
        if (b == 0) answer_rename(a);
        break;
    case EDAPP_DLG_SEED:
        if (b == 0) answer_seed(a);
        break;
    case EDAPP_DLG_GENERATE: /* edapp.c generates: the answer never comes here */
    case EDAPP_DLG_MESSAGE:
    case EDAPP_DLG_NONE:
        break;
    }
}
void edapp_rename(EdApp *a)
{
    static const char *const b[] = {"OK", "Cancel"};
    dialog_open(&a->dlg, EDAPP_DLG_RENAME, "Map name", "The name the game shows for this map.", b,
                2, 0, 1);
    dialog_set_field(&a->dlg, edit_map(a->ed)->meta.name, NULL, NULL);
}

void edapp_ask_seed(EdApp *a)
{
    static const char *const b[] = {"OK", "Cancel"};
    dialog_open(&a->dlg, EDAPP_DLG_SEED, "Generator seed", "A whole number from 0 to 4294967295.",
                b, 2, 0, 1);
    char s[16];
    snprintf(s, sizeof s, "%u", (unsigned)a->panels.gen.seed);
    dialog_set_field(&a->dlg, s, NULL, NULL);
}
