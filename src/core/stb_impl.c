/* stb_impl: the one translation unit holding the stb implementations we use
 * (built from libstb-dev's headers so sanitizers and our limits apply). */
#include "map.h" /* MAP_MAX_SIDE */

/* stb_image refuses anything larger on its own too; map.c checks first. */
#define STBI_MAX_DIMENSIONS MAP_MAX_SIDE
#define STBI_ONLY_PNG
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>

#define STB_PERLIN_IMPLEMENTATION
#include <stb_perlin.h>
