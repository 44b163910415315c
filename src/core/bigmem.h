/* bigmem: buffers of megabytes that a sea step reads at scattered places
 * (the shore field, the per-fish arrays of a big sea). They are aligned to
 * and advised for transparent huge pages, so one TLB entry covers 2 MiB
 * instead of 4 KiB; smaller buffers come from malloc. Either kind is
 * released with free(). */
#ifndef SHOAL_BIGMEM_H
#define SHOAL_BIGMEM_H

#include <stddef.h>

/* Like malloc(bytes). */
void *bigmem_alloc(size_t bytes);
/* Like realloc(p, new_bytes) for a buffer of old_bytes from bigmem_alloc
 * or bigmem_realloc (or p NULL): keeps the first min(old, new) bytes;
 * on failure returns NULL and leaves p as it was. */
void *bigmem_realloc(void *p, size_t old_bytes, size_t new_bytes);

#endif
