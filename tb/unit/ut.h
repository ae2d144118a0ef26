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

/* The configuration text of block b (a preset, NAME=VALUE pairs, or both)
 * parsed into cfg's n parameters; a text the parser refuses ends the test
 * program (exit 2) with the parser's message. */
struct ct_block;
void ut_config(const struct ct_block *b, const char *text, uint32_t *cfg, size_t n);

/* A scratch file's path in buf: DIR/STEM_PID.EXT, DIR being $TMPDIR, else
 * /dev/shm where it is writable (a memory file system: a test that writes
 * thousands of small traces runs ten times faster there than on a disk's
 * /tmp), else /tmp.  Returns buf. */
const char *ut_tmp(char *buf, size_t n, const char *stem, const char *ext);
/* UT_SCRATCH_TEST(name, path, stem, ext) defines static void t_name(void):
 * a scratch file's path into the char array path (ut_tmp), run_name(), the
 * file removed. */
#define UT_SCRATCH_TEST(name, path, stem, ext)                                 \
    static void t_##name(void)                                                 \
    {                                                                          \
        ut_tmp(path, sizeof path, stem, ext);                                  \
        run_##name();                                                          \
        remove(path);                                                          \
    }

/* The whole file at path, malloc'd, with a NUL after its *len bytes; NULL
 * (and *len 0) when it cannot be read. */
char *ut_slurp(const char *path, size_t *len);

/* UT_DEFINE_MK(b) defines static b_t *mk(const char *text, b_cfg_t *c): the
 * block's C model for a configuration text, its parameters in *c; a model
 * that cannot be made ends the test program (exit 2).  The test includes
 * <stdlib.h> and the block's header. */
#define UT_DEFINE_MK(b)                                                        \
    static b##_t *mk(const char *text, b##_cfg_t *c)                           \
    {                                                                          \
        char err_[CT_ERRLEN];                                                  \
        ut_config(&b##_block, text, c->v, sizeof c->v / sizeof c->v[0]);       \
        b##_t *m_ = b##_new(c, err_, sizeof err_);                             \
        if (!m_) {                                                             \
            printf("cannot create model: %s\n", err_);                         \
            exit(2);                                                           \
        }                                                                      \
        return m_;                                                             \
    }

#endif
