/*
 * test_main.c - runs every unit test (every tb/unit/test_<s>.c, by its
 * suite <s>_tests) and prints "N passed, M failed".
 * usage: test_all [-x] [NAME-SUBSTRING]
 *   -x  stop at the first failing test (scripts/mutants.sh: a mutant is
 *       caught as soon as one test fails)
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ct_block.h"
#include "ut.h"

int ut_failed_checks;

void ut_config(const ct_block_t *b, const char *text, uint32_t *cfg, size_t n)
{
    char err[CT_ERRLEN];
    uint32_t v[CT_MAX_PARAMS]; /* the parser writes CT_MAX_PARAMS entries */
    if (ct_config_parse(b, text, v, err, sizeof err)) {
        printf("config %s: %s\n", text, err);
        exit(2);
    }
    memcpy(cfg, v, n * sizeof *cfg);
}

const char *ut_tmp(char *buf, size_t n, const char *stem, const char *ext)
{
    static const char *dir;
    if (!dir) {
        const char *t = getenv("TMPDIR");
        dir = t && *t ? t : access("/dev/shm", W_OK | X_OK) == 0 ? "/dev/shm" : "/tmp";
    }
    snprintf(buf, n, "%s/%s_%ld.%s", dir, stem, (long)getpid(), ext);
    return buf;
}

char *ut_slurp(const char *path, size_t *len)
{
    *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16;
    char *b = malloc(cap + 1);
    for (size_t k; b && (k = fread(b + *len, 1, cap - *len, f)) > 0;)
        if ((*len += k) == cap) {
            char *nb = realloc(b, (cap *= 2) + 1);
            if (!nb)
                free(b);
            b = nb;
        }
    fclose(f);
    if (b)
        b[*len] = 0;
    else
        *len = 0;
    return b;
}

/* the suites: every tb/unit/test_<s>.c defines <s>_tests (the Makefile
 * lists them in build/unit/suites.h from the file names) */
#define UT_SUITE(s) extern const ut_test_t s##_tests[];
#include "suites.h"
#undef UT_SUITE
#define UT_SUITE(s) s##_tests,
static const ut_test_t *const suites[] = {
#include "suites.h"
};
#undef UT_SUITE

int main(int argc, char **argv)
{
    int passed = 0, failed = 0;
    int stop_at_first = argc > 1 && !strcmp(argv[1], "-x");
    const char *filter = argc > 1 + stop_at_first ? argv[1 + stop_at_first] : NULL;
    for (size_t s = 0; s < sizeof suites / sizeof suites[0] && !(stop_at_first && failed); s++) {
        for (const ut_test_t *t = suites[s]; t->name && !(stop_at_first && failed); t++) {
            if (filter && !strstr(t->name, filter))
                continue;
            int before = ut_failed_checks;
            t->fn();
            if (ut_failed_checks == before) {
                passed++;
                printf("PASS %s\n", t->name);
            } else {
                failed++;
                printf("FAIL %s  (%s)\n", t->name, t->rationale);
            }
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
