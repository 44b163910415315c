/* bigmem: huge-page-backed buffers for data read at random every step. */
#include "bigmem.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/* A transparent huge page on x86-64 (and the usual size elsewhere). Below
 * it, rounding up would waste more than the TLB saves. */
#define BIGMEM_HUGE ((size_t)2 << 20)

void *bigmem_alloc(size_t bytes)
{
    if (bytes < BIGMEM_HUGE) return malloc(bytes > 0 ? bytes : 1);
    size_t rounded = (bytes + BIGMEM_HUGE - 1) / BIGMEM_HUGE * BIGMEM_HUGE;
    if (rounded < bytes) return NULL; /* overflow */
    void *p = NULL;
    if (posix_memalign(&p, BIGMEM_HUGE, rounded) != 0) return NULL;
#ifdef MADV_HUGEPAGE
    /* Only advice: where the kernel has no huge pages to give (or THP is
     * off), the buffer is ordinary memory and everything still works. */
    (void)madvise(p, rounded, MADV_HUGEPAGE);
#endif
    return p;
}

void *bigmem_realloc(void *p, size_t old_bytes, size_t new_bytes)
{
    assert(p || old_bytes == 0);
    if (!p) return bigmem_alloc(new_bytes);
    if (new_bytes < BIGMEM_HUGE && old_bytes < BIGMEM_HUGE)
        return realloc(p, new_bytes > 0 ? new_bytes : 1);
    void *q = bigmem_alloc(new_bytes);
    if (!q) return NULL;
    memcpy(q, p, old_bytes < new_bytes ? old_bytes : new_bytes);
    free(p);
#if defined(__GLIBC__)
    /* glibc raises its mmap threshold after freeing a big block and keeps
     * later ones on the heap, where a freed old buffer stays resident:
     * give it back now (growing a sea is rare, never per step). */
    malloc_trim(0);
#endif
    return q;
}
