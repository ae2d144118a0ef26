/*
 * ut.h - the smallest unit-test harness that reports well: CHECK records a
 * failure with file, line and both values and carries on; each TEST is
 * counted; main() ends with "N passed, M failed" and a non-zero exit on any
 * failure.
 */
#ifndef UT_H
#define UT_H

#include <inttypes.h>
#include <stdio.h>

extern int ut_failed_checks;

#define CHECK_EQ(actual, expected, ...)                                        \
    do {                                                                       \
        uint64_t a_ = (uint64_t)(actual), e_ = (uint64_t)(expected);           \
        if (a_ != e_) {                                                        \
            ut_failed_checks++;                                                \
            printf("  FAIL %s:%d: %s = %" PRIu64 ", expected %" PRIu64 ": ",   \
                   __FILE__, __LINE__, #actual, a_, e_);                       \
            printf(__VA_ARGS__);                                               \
            printf("\n");                                                      \
        }                                                                      \
    } while (0)

#define CHECK(cond, ...) CHECK_EQ(!!(cond), 1, __VA_ARGS__)

typedef struct {
    const char *name;
    const char *rationale;
    void (*fn)(void);
} ut_test_t;

#endif
