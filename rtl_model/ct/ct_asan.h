/*
 * ct_asan.h - makes a model's fixed-size padding visible to AddressSanitizer.
 * A model that keeps a per-way or per-core array at its largest size (a row
 * register of 16 ways, 32 cores) reads past the configuration's last entry
 * without leaving the array: no sanitizer would see a loop bound off by one.
 * CT_POISON_TAIL(arr, used) marks the entries from `used` on as unreadable
 * under ASan (`make asan`, the mutants' asan kind), and is nothing otherwise.
 * Private: not installed.
 */
#ifndef CT_ASAN_H
#define CT_ASAN_H

#if defined(__SANITIZE_ADDRESS__)
#define CT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CT_ASAN 1
#endif
#endif

#ifdef CT_ASAN
#include <sanitizer/asan_interface.h>
/* arr: an array (not a pointer); used: the entries in use (<= its length) */
#define CT_POISON_TAIL(arr, used)                                              \
    ASAN_POISON_MEMORY_REGION(&(arr)[(used)], sizeof(arr) - (size_t)(used) * sizeof((arr)[0]))
#else
#define CT_POISON_TAIL(arr, used) ((void)(used))
#endif

#endif
