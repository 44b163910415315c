/* edit: the map editor's model — the editing session around the history
 * and the brushes: map ownership, mirror, generate, meta edits, saving
 * and change tracking (see edit.h; edit_history.c, edit_paint.c). */
#include "edit_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

int edit_init(Editor **out, Map *map, size_t budget, Err *e)
{
    assert(out);
    *out = NULL;
    if (!map || !map->land) return err_set(e, "editor: no map to edit");
    if (map->w < MAP_MIN_SIDE || map->h < MAP_MIN_SIDE || map->w > MAP_MAX_SIDE ||
        map->h > MAP_MAX_SIDE)
        return err_set(e, "editor: %dx%d map; sides must be %d to %d pixels", map->w, map->h,
                       MAP_MIN_SIDE, MAP_MAX_SIDE);
    if (budget == 0) budget = EDIT_BUDGET_DEFAULT;
    if (budget < EDIT_BUDGET_MIN)
        return err_set(e, "editor: undo budget of %zu bytes is below the minimum of %zu", budget,
                       EDIT_BUDGET_MIN);
    Editor *ed = calloc(1, sizeof *ed);
    if (!ed) return err_set(e, "editor: out of memory");
    if (edit_tiles_alloc(&ed->tiles, map->w, map->h)) {
        free(ed);
        return err_set(e, "editor: out of memory for a %dx%d map", map->w, map->h);
    }
    ed->map = *map;
    memset(map, 0, sizeof *map);
    size_t n = (size_t)ed->map.w * (size_t)ed->map.h;
    for (size_t i = 0; i < n; i++) ed->map.land[i] = ed->map.land[i] != 0;
    ed->budget = budget;
    ed->next_rev = 1;
    ed->chg = edit_box_empty();
    *out = ed;
    return 0;
}

void edit_deinit(Editor *ed)
{
    if (!ed) return;
    edit_history_clear(ed);
    free(ed->steps);
    edit_tiles_free(&ed->tiles);
    free(ed->stack);
    free(ed->enc.p);
    map_free(&ed->map);
    free(ed);
}

const Map *edit_map(const Editor *ed)
{
    return &ed->map;
}

void edit_set_mirror(Editor *ed, bool on)
{
    ed->mirror = on;
}

bool edit_mirror(const Editor *ed)
{
    return ed->mirror;
}

/* ------------------------------------------------------------ generate */

int edit_generate(Editor *ed, const MapGenParams *p, Err *e)
{
    assert(p);
    if (edit_group_end(ed, e)) return -1;
    Map nm;
    if (mapgen_generate(&nm, p, e)) return -1;
    EditTiles nt;
    EditStep *s = edit_step_new(EDIT_STEP_MAP, true);
    EditBuf b = {0};
    if (s && edit_tiles_alloc(&nt, nm.w, nm.h) == 0) {
        edit_mask_encode(&b, ed->map.land, ed->map.w, ed->map.h, ed->scratch);
        s->split = b.len;
        edit_mask_encode(&b, nm.land, nm.w, nm.h, ed->scratch);
        if (!b.failed && edit_reserve_slot(ed) == 0) {
            s->data = b.p;
            s->len = b.len;
            s->bytes += b.len;
            s->w[0] = ed->map.w;
            s->h[0] = ed->map.h;
            s->w[1] = nm.w;
            s->h[1] = nm.h;
            s->meta[0] = ed->map.meta;
            s->meta[1] = nm.meta;
            if (nm.w != ed->map.w || nm.h != ed->map.h) ed->chg_resized = true;
            edit_tiles_free(&ed->tiles);
            ed->tiles = nt;
            map_free(&ed->map);
            ed->map = nm;
            edit_box_add(&ed->chg, 0, 0, nm.w - 1, nm.h - 1);
            ed->chg_meta = true;
            edit_push_step(ed, s);
            return 0;
        }
        edit_tiles_free(&nt);
    }
    free(b.p);
    edit_step_free(s);
    map_free(&nm);
    return err_set(e, "editor: out of memory recording the generated %dx%d map", p->w, p->h);
}

/* ---------------------------------------------------------------- meta */

/* Record a change of meta from the current one to *m (already checked). */
static int meta_step(Editor *ed, const MapMeta *m, Err *e)
{
    if (edit_group_end(ed, e)) return -1;
    if (map_meta_equal(m, &ed->map.meta)) return 0;
    EditStep *s = edit_step_new(EDIT_STEP_META, true);
    if (!s || edit_reserve_slot(ed)) {
        edit_step_free(s);
        return err_set(e, "editor: out of memory recording the settings change");
    }
    s->meta[0] = ed->map.meta;
    s->meta[1] = *m;
    ed->map.meta = *m;
    ed->chg_meta = true;
    edit_push_step(ed, s);
    return 0;
}

int edit_set_meta(Editor *ed, const MapMeta *meta, Err *e)
{
    assert(meta);
    if (map_meta_check(meta, ed->map.w, ed->map.h, e)) return -1;
    /* Copy field by field: bytes after the name's NUL are not compared,
     * and a clean copy keeps stale ones out of the history. */
    MapMeta m;
    memset(&m, 0, sizeof m);
    strcpy(m.name, meta->name);
    m.hex_size = meta->hex_size;
    m.wind_dir = meta->wind_dir;
    m.wind_strength = meta->wind_strength;
    for (int f = 0; f < 2; f++) {
        m.spawn_count[f] = meta->spawn_count[f];
        for (int i = 0; i < meta->spawn_count[f]; i++) m.spawns[f][i] = meta->spawns[f][i];
    }
    return meta_step(ed, &m, e);
}

int edit_set_wind(Editor *ed, int dir, int strength, Err *e)
{
    if (dir < 0 || dir >= HEX_DIRS)
        return err_set(e, "wind %d: direction must be 0 to %d", dir, HEX_DIRS - 1);
    if (strength < 0 || strength > MAP_WIND_MAX)
        return err_set(e, "wind_strength %d: must be 0 to %d", strength, MAP_WIND_MAX);
    MapMeta m = ed->map.meta;
    m.wind_dir = dir;
    m.wind_strength = strength;
    return meta_step(ed, &m, e);
}

int edit_set_hex_size(Editor *ed, int hex_size, Err *e)
{
    MapMeta m = ed->map.meta;
    m.hex_size = hex_size;
    if (map_meta_check(&m, ed->map.w, ed->map.h, e)) return -1;
    return meta_step(ed, &m, e);
}

static int spawn_find(const MapMeta *m, int fleet, Hex h)
{
    for (int i = 0; i < m->spawn_count[fleet]; i++)
        if (hex_equal(m->spawns[fleet][i], h)) return i;
    return -1;
}

static void spawn_remove(MapMeta *m, int fleet, int i)
{
    for (int k = i + 1; k < m->spawn_count[fleet]; k++)
        m->spawns[fleet][k - 1] = m->spawns[fleet][k];
    m->spawn_count[fleet]--;
}

int edit_toggle_spawn(Editor *ed, int fleet, Hex h, Err *e)
{
    if (fleet != 0 && fleet != 1) return err_set(e, "spawn: fleet %d must be 0 or 1", fleet);
    MapMeta m = ed->map.meta;
    int i = spawn_find(&m, fleet, h);
    if (i >= 0) {
        spawn_remove(&m, fleet, i);
        return meta_step(ed, &m, e);
    }
    if (!map_hex_inside(h, m.hex_size, ed->map.w, ed->map.h))
        return err_set(e, "spawn hex %d,%d: its centre lies outside the map", h.q, h.r);
    if (m.spawn_count[fleet] >= MAP_MAX_SPAWNS)
        return err_set(e, "fleet%d: already has %d spawn hexes, the most a map can hold", fleet + 1,
                       MAP_MAX_SPAWNS);
    int other = spawn_find(&m, 1 - fleet, h);
    if (other >= 0) spawn_remove(&m, 1 - fleet, other);
    m.spawns[fleet][m.spawn_count[fleet]++] = h;
    return meta_step(ed, &m, e);
}

/* ------------------------------------------------- saving and changes */

int edit_save(Editor *ed, const char *path, Err *e)
{
    assert(path);
    if (map_meta_check(&ed->map.meta, ed->map.w, ed->map.h, e)) return -1;
    /* As in edit_mark_saved, a failure to record the open stroke leaves a
     * consistent state, and that state is what gets written. */
    Err ignored;
    edit_group_end(ed, &ignored);
    if (map_save(&ed->map, path, e)) return -1;
    ed->saved_rev = edit_revision(ed);
    return 0;
}

int edit_autosave(const Editor *ed, const char *path, Err *e)
{
    assert(path);
    if (map_meta_check(&ed->map.meta, ed->map.w, ed->map.h, e)) return -1;
    return map_save(&ed->map, path, e);
}

bool edit_take_changes(Editor *ed, EditChanges *out)
{
    assert(out);
    out->pixels = edit_box_rect(ed->chg);
    out->meta = ed->chg_meta;
    out->resized = ed->chg_resized;
    ed->chg = edit_box_empty();
    ed->chg_meta = ed->chg_resized = false;
    return out->pixels.w > 0 || out->meta || out->resized;
}
