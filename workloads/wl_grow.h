/*
 * wl_grow.h - the workload library's growable arrays: an array of `cap`
 * elements doubled (from `first`) until it holds `need`.  Used where a
 * reader or an experiment keeps a queue whose length the trace decides
 * (the Accel-Sim importer's warps, the benchmarks' requests, the ATA-Cache
 * experiment's window).
 */
#ifndef WL_GROW_H
#define WL_GROW_H

#include <stdlib.h>

/* The array buf of *cap elements of `size` bytes, with room for `need`:
 * buf itself when it has it, else a larger copy (*cap doubled from `first`,
 * or from *cap, until it is at least need) whose new size *cap then holds.
 * NULL when out of memory (buf and *cap unchanged, buf still to free). */
static inline void *wl_grow(void *buf, size_t *cap, size_t need, size_t size, size_t first)
{
    if (need <= *cap)
        return buf;
    size_t c = *cap ? 2 * *cap : first;
    while (c < need)
        c *= 2;
    void *p = realloc(buf, c * size);
    if (p)
        *cap = c;
    return p;
}

#endif
