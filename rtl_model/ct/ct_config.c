/*
 * ct_config.c - configuration text <-> parameter array, for every block.
 * Text: a preset name, NAME=VALUE pairs, or a preset followed by overrides,
 * separated by spaces or commas.  Unset parameters come from the "paper"
 * preset.  Every error names the offending field.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ct_block.h"

static int param_index(const ct_block_t *b, const char *name, size_t len)
{
    for (unsigned i = 0; i < b->n_params; i++)
        if (strlen(b->params[i].name) == len &&
            strncmp(b->params[i].name, name, len) == 0)
            return (int)i;
    return -1;
}

static const ct_preset_t *find_preset(const ct_block_t *b, const char *name,
                                      size_t len)
{
    for (unsigned i = 0; i < b->n_presets; i++)
        if (strlen(b->presets[i].name) == len &&
            strncmp(b->presets[i].name, name, len) == 0)
            return &b->presets[i];
    return NULL;
}

static int apply_text(const ct_block_t *b, const char *text, uint32_t *cfg,
                      int allow_preset, char *err, size_t errlen)
{
    const char *p = text;
    int first = 1;
    while (*p) {
        while (*p == ' ' || *p == ',' || *p == '\t')
            p++;
        if (!*p)
            break;
        const char *tok = p;
        while (*p && *p != ' ' && *p != ',' && *p != '\t')
            p++;
        size_t len = (size_t)(p - tok);
        const char *eq = memchr(tok, '=', len);
        if (!eq) {
            const ct_preset_t *ps = allow_preset && first
                                        ? find_preset(b, tok, len)
                                        : NULL;
            if (!ps) {
                char names[256] = "";
                for (unsigned i = 0; i < b->n_presets; i++) {
                    strncat(names, " ", sizeof names - strlen(names) - 1);
                    strncat(names, b->presets[i].name,
                            sizeof names - strlen(names) - 1);
                }
                snprintf(err, errlen,
                         "config '%.*s': not a preset of %s (presets:%s) "
                         "nor NAME=VALUE",
                         (int)len, tok, b->name, names);
                return -1;
            }
            if (apply_text(b, ps->values, cfg, 0, err, errlen))
                return -1;
        } else {
            size_t nlen = (size_t)(eq - tok);
            int idx = param_index(b, tok, nlen);
            if (idx < 0) {
                snprintf(err, errlen, "config field '%.*s': %s has no such "
                         "parameter", (int)nlen, tok, b->name);
                return -1;
            }
            const char *v = eq + 1;
            size_t vlen = (size_t)(p - v);
            char buf[32];
            int ok = vlen > 0 && vlen < sizeof buf;
            for (size_t i = 0; ok && i < vlen; i++)
                ok = isdigit((unsigned char)v[i]) != 0;
            unsigned long long val = 0;
            if (ok) {
                memcpy(buf, v, vlen);
                buf[vlen] = 0;
                errno = 0;
                val = strtoull(buf, NULL, 10);
                ok = errno == 0 && val <= 0xffffffffull;
            }
            if (!ok) {
                snprintf(err, errlen, "config field %s: '%.*s' is not a "
                         "decimal number below 2^32",
                         b->params[idx].name, (int)vlen, v);
                return -1;
            }
            cfg[idx] = (uint32_t)val;
        }
        first = 0;
    }
    return 0;
}

int ct_config_parse(const ct_block_t *b, const char *text, uint32_t *cfg,
                    char *err, size_t errlen)
{
    memset(cfg, 0, CT_MAX_PARAMS * sizeof *cfg);
    if (b->n_presets && apply_text(b, b->presets[0].values, cfg, 0, err, errlen))
        return -1;
    if (apply_text(b, text, cfg, 1, err, errlen))
        return -1;
    char e2[CT_ERRLEN];
    if (b->check(cfg, e2, sizeof e2)) {
        snprintf(err, errlen, "config '%s' of %s: %s", text, b->name, e2);
        return -1;
    }
    return 0;
}

void ct_config_format(const ct_block_t *b, const uint32_t *cfg, char *buf,
                      size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < b->n_params && used < len; i++) {
        int n = snprintf(buf + used, len - used, "%s%s=%lu", i ? " " : "",
                         b->params[i].name, (unsigned long)cfg[i]);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

unsigned ct_config_by_name(const ct_block_t *from, const uint32_t *fv, const ct_block_t *to,
                           uint32_t *tv)
{
    unsigned missing = 0;
    for (unsigned i = 0; i < to->n_params; i++) {
        unsigned j = 0;
        while (j < from->n_params && strcmp(from->params[j].name, to->params[i].name) != 0)
            j++;
        if (j < from->n_params) {
            tv[i] = fv[j];
        } else {
            tv[i] = 0;
            missing++;
        }
    }
    return missing;
}

const char *ct_config_preset_name(const ct_block_t *b, const uint32_t *cfg)
{
    for (unsigned i = 0; i < b->n_presets; i++) {
        uint32_t pc[CT_MAX_PARAMS];
        char err[CT_ERRLEN];
        if (ct_config_parse(b, b->presets[i].name, pc, err, sizeof err) == 0 &&
            memcmp(pc, cfg, b->n_params * sizeof *cfg) == 0)
            return b->presets[i].name;
    }
    return NULL;
}
