/* atlas: a sprite sheet of animation frames x shapes, saved at several
 * sizes with one layout (a hand-made mip chain), described by NAME.ini in
 * data/sprites (written by tools/sprites/make_sprites.py). */
#ifndef SHOAL_ATLAS_H
#define SHOAL_ATLAS_H

#include <SDL.h>

#include "core/err.h"

#define ATLAS_MAX_LEVELS 4
#define ATLAS_MAX_FRAMES 16
#define ATLAS_MAX_SHAPES 16

/* The grid of a sheet: `frames` columns, `shapes` rows of cells twice as
 * long as high. Sprites face +x (head right) with their back towards -y
 * (the top of the cell); the animal spans `body` of a cell's length. */
typedef struct SpriteLayout {
    int frames, shapes;
    float body;
} SpriteLayout;

typedef struct Atlas {
    SpriteLayout layout;
    int levels;
    int level_w[ATLAS_MAX_LEVELS]; /* cell length in texels, ascending */
    SDL_Texture *tex[ATLAS_MAX_LEVELS];
} Atlas;

/* Read sprites/NAME.ini from the data directory into a's layout and
 * levels, loading no texture (for tools that bake without drawing). */
int atlas_read(Atlas *a, const char *name, Err *e);
/* Load sprites/NAME.ini and its NAME-W.png levels from the data directory
 * (core/paths.h) with IMG_LoadTexture, alpha-blended and linearly
 * filtered. Each level must be frames*W x shapes*W/2 pixels. e names the
 * file and what is wrong. */
int atlas_load(Atlas *a, SDL_Renderer *r, const char *name, Err *e);
void atlas_free(Atlas *a);

/* The level to draw cells that are `cell_px` output pixels long: the
 * smallest at least that long, else the largest. */
SDL_Texture *atlas_pick(const Atlas *a, float cell_px);

/* Texture coordinates (0..1) of cell (shape, frame) of layout l. */
void atlas_cell_uv(const SpriteLayout *l, int shape, int frame, float *u0, float *v0, float *u1,
                   float *v1);

#endif
