/*
 * ct_map.c - the port map of a user's RTL (ct_map.h): the parser, the
 * adapter module and the harness's tables (docs/your-rtl.md).
 */
#include "ct_map.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TOKENS 16
#define MAX_LINE 1024

static void copy(char *dst, const char *src)
{
    snprintf(dst, CT_MAP_NAME, "%s", src);
}

void ct_map_identity(ct_map_t *m, const ct_block_t *b, const char *top)
{
    memset(m, 0, sizeof *m);
    m->b = b;
    copy(m->top, top ? top : b->name);
    copy(m->clock, "clk_i");
    copy(m->reset, "rst_i");
    m->reset_hold = 1;
    for (unsigned i = 1; i < b->n_in; i++) /* (input 0 is rst_i: the reset line) */
        copy(m->in[i].user, b->in[i].name);
    for (unsigned i = 0; i < b->n_out; i++)
        copy(m->out[i].user, b->out[i].name);
    for (unsigned i = 0; i < b->n_params; i++)
        copy(m->param[i], b->params[i].name);
}

/* a parse in progress: where, and the first error */
typedef struct {
    const char *name;
    unsigned line;
    char *err;
    size_t errlen;
} where_t;

static int fail(where_t *w, const char *field, const char *fmt, ...)
{
    int n = snprintf(w->err, w->errlen, "%s:%u: %s: ", w->name, w->line, field);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < w->errlen)
        vsnprintf(w->err + n, w->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

/* a Verilog identifier the map may name */
static int ident(const char *s)
{
    if (!(isalpha((unsigned char)*s) || *s == '_') || strlen(s) >= CT_MAP_NAME)
        return 0;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '$'))
            return 0;
    return 1;
}

/* a whole number in lo..hi (decimal or 0x hex) */
static int number(const char *s, unsigned long long lo, unsigned long long hi, unsigned long long *v)
{
    char *end;
    errno = 0;
    if (!isdigit((unsigned char)*s))
        return 0;
    *v = strtoull(s, &end, 0);
    return !*end && !errno && *v >= lo && *v <= hi;
}

static int port_of(const ct_port_t *p, unsigned n, const char *name)
{
    for (unsigned i = 0; i < n; i++)
        if (strcmp(p[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* the options after `in|out PORT USER`: low, width N, latency K */
static int options(where_t *w, int out, char **t, int n, ct_map_port_t *p)
{
    for (int k = 0; k < n; k++) {
        unsigned long long v;
        if (strcmp(t[k], "low") == 0) {
            p->low = 1;
        } else if (strcmp(t[k], "width") == 0) {
            if (k + 1 >= n || !number(t[k + 1], 1, CT_MAX_PORT_W, &v))
                return fail(w, "width", "'%s' is not a width in 1..%u", k + 1 < n ? t[k + 1] : "",
                            (unsigned)CT_MAX_PORT_W);
            p->width = (unsigned)v;
            k++;
        } else if (strcmp(t[k], "latency") == 0 && out) {
            if (k + 1 >= n || !number(t[k + 1], 0, CT_MAP_MAX_LATENCY, &v))
                return fail(w, "latency", "'%s' is not a number of cycles in 0..%u", k + 1 < n ? t[k + 1] : "",
                            CT_MAP_MAX_LATENCY);
            p->latency = (unsigned)v;
            p->latency_set = 1;
            k++;
        } else {
            return fail(w, "option", "'%s' is not one of low, width N%s", t[k], out ? ", latency K" : "");
        }
    }
    return 0;
}

static int directive(ct_map_t *m, where_t *w, char **t, int n, unsigned *seen_in, unsigned *seen_out,
                     unsigned *seen_param, int *saw_map)
{
    const ct_block_t *b = m->b;
    unsigned long long v;
    if (!*saw_map) {
        if (strcmp(t[0], "map") != 0)
            return fail(w, "map", "the first directive must be 'map 1' (the format), not '%s'", t[0]);
        if (n != 2 || strcmp(t[1], "1") != 0)
            return fail(w, "map", "format '%s': this kit reads format 1", n > 1 ? t[1] : "");
        *saw_map = 1;
        return 0;
    }
    if (strcmp(t[0], "map") == 0)
        return fail(w, "map", "a second map line");
    if (strcmp(t[0], "block") == 0) {
        if (n != 2)
            return fail(w, "block", "expected 'block NAME'");
        if (strcmp(t[1], b->name) != 0)
            return fail(w, "block", "the map is for block '%s', this check is of '%s'", t[1], b->name);
        return 0;
    }
    if (strcmp(t[0], "top") == 0 || strcmp(t[0], "clock") == 0) {
        if (n != 2 || !ident(t[1]))
            return fail(w, t[0], "expected '%s NAME' (a Verilog identifier), got '%s'", t[0], n > 1 ? t[1] : "");
        copy(t[0][0] == 't' ? m->top : m->clock, t[1]);
        return 0;
    }
    if (strcmp(t[0], "reset") == 0) {
        if (n < 3 || !ident(t[1]))
            return fail(w, "reset", "expected 'reset NAME high|low [hold N]'");
        if (strcmp(t[2], "high") && strcmp(t[2], "low"))
            return fail(w, "polarity", "'%s' is not high or low", t[2]);
        copy(m->reset, t[1]);
        m->reset_low = t[2][0] == 'l';
        if (n == 3)
            return 0;
        if (n != 5 || strcmp(t[3], "hold"))
            return fail(w, "option", "'%s' is not 'hold N'", t[3]);
        if (!number(t[4], 1, 1000, &v))
            return fail(w, "hold", "'%s' is not a number of cycles in 1..1000", t[4]);
        m->reset_hold = (unsigned)v;
        return 0;
    }
    if (strcmp(t[0], "latency") == 0) {
        if (n != 2 || !number(t[1], 0, CT_MAP_MAX_LATENCY, &v))
            return fail(w, "latency", "'%s' is not a number of cycles in 0..%u", n > 1 ? t[1] : "", CT_MAP_MAX_LATENCY);
        m->latency = (unsigned)v;
        return 0;
    }
    if (strcmp(t[0], "in") == 0 || strcmp(t[0], "out") == 0) {
        int out = t[0][0] == 'o';
        if (n < 3)
            return fail(w, t[0], "expected '%s PORT USER|-' and options", t[0]);
        int i = out ? port_of(b->out, b->n_out, t[1]) : port_of(b->in, b->n_in, t[1]);
        if (i < 0) {
            int other = out ? port_of(b->in, b->n_in, t[1]) : port_of(b->out, b->n_out, t[1]);
            return fail(w, "port", "'%s' is not an %s of %s%s", t[1], out ? "output" : "input", b->name,
                        other >= 0 ? (out ? " (it is an input: an 'in' line)" : " (it is an output: an 'out' line)") : "");
        }
        if (!out && i == 0)
            return fail(w, "port", "rst_i is the block's reset: map it with a reset line");
        unsigned *seen = out ? seen_out : seen_in;
        if (seen[i])
            return fail(w, "port", "%s is mapped twice (first on line %u)", t[1], seen[i]);
        seen[i] = w->line;
        ct_map_port_t *p = out ? &m->out[i] : &m->in[i];
        memset(p, 0, sizeof *p);
        if (strcmp(t[2], "-") != 0) {
            if (!ident(t[2]))
                return fail(w, "user", "'%s' is not a Verilog identifier", t[2]);
            /* one user port for one block port (among the lines so far) */
            for (unsigned k = 0; k < b->n_in + b->n_out; k++) {
                int o2 = k >= b->n_in;
                unsigned j = o2 ? k - b->n_in : k;
                unsigned at = o2 ? seen_out[j] : seen_in[j];
                const char *u = o2 ? m->out[j].user : m->in[j].user;
                if (at && at != w->line && strcmp(u, t[2]) == 0)
                    return fail(w, "user", "'%s' is the user's port of %s already (line %u)", t[2],
                                o2 ? b->out[j].name : b->in[j].name, at);
            }
            copy(p->user, t[2]);
        } else if (n > 3) {
            return fail(w, "option", "a port that is not there ('-') takes no option");
        }
        return options(w, out, t + 3, n - 3, p);
    }
    if (strcmp(t[0], "param") == 0) {
        if (n != 3)
            return fail(w, "param", "expected 'param PARAM USER|-'");
        int i = -1;
        for (unsigned k = 0; k < b->n_params; k++)
            if (strcmp(b->params[k].name, t[1]) == 0)
                i = (int)k;
        if (i < 0)
            return fail(w, "param", "'%s' is not a parameter of %s", t[1], b->name);
        if (seen_param[i])
            return fail(w, "param", "%s is mapped twice (first on line %u)", t[1], seen_param[i]);
        seen_param[i] = w->line;
        if (strcmp(t[2], "-") != 0 && !ident(t[2]))
            return fail(w, "user", "'%s' is not a Verilog identifier", t[2]);
        copy(m->param[i], strcmp(t[2], "-") ? t[2] : "");
        return 0;
    }
    if (strcmp(t[0], "set") == 0 || strcmp(t[0], "tie") == 0) {
        int tie = t[0][0] == 't';
        unsigned long long width = 1;
        if (!(n == 3 || (tie && n == 5)) || !ident(t[1]))
            return fail(w, t[0], "expected '%s NAME VALUE%s'", t[0], tie ? " [width N]" : "");
        if (!number(t[2], 0, UINT64_MAX, &v))
            return fail(w, "value", "'%s' is not a whole number (decimal or 0x hex)", t[2]);
        if (n == 5 && (strcmp(t[3], "width") || !number(t[4], 1, 64, &width)))
            return fail(w, "width", "'%s %s' is not 'width N', N in 1..64", t[3], t[4]);
        if (tie && width < 64 && v >> width)
            return fail(w, "value", "%s does not fit in %llu bits", t[2], width);
        unsigned *nn = tie ? &m->n_tie : &m->n_set;
        if (*nn >= CT_MAP_EXTRA)
            return fail(w, t[0], "more than %u %s lines", CT_MAP_EXTRA, t[0]);
        ct_map_extra_t *e = tie ? &m->tie[*nn] : &m->set[*nn];
        copy(e->name, t[1]);
        snprintf(e->value, sizeof e->value, "%llu", v);
        e->width = (unsigned)width;
        (*nn)++;
        return 0;
    }
    return fail(w, "directive", "'%s' is not one of map, block, top, clock, reset, in, out, latency, param, set, tie",
                t[0]);
}

int ct_map_parse(ct_map_t *m, const ct_block_t *b, const char *name, const char *text, char *err, size_t errlen)
{
    ct_map_identity(m, b, NULL);
    snprintf(m->path, sizeof m->path, "%s", name);
    where_t w = {name, 0, err, errlen};
    unsigned seen_in[CT_MAX_PORTS] = {0}, seen_out[CT_MAX_PORTS] = {0}, seen_param[CT_MAX_PARAMS] = {0};
    int saw_map = 0;
    const char *p = text;
    while (*p) {
        char line[MAX_LINE + 2];
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        w.line++;
        if (len > MAX_LINE)
            return fail(&w, "line", "longer than %d characters", MAX_LINE);
        memcpy(line, p, len);
        line[len] = 0;
        p += len + (e != NULL);
        if (memchr(line, 0, len) != NULL || strlen(line) != len)
            return fail(&w, "line", "a NUL byte");
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        char *t[MAX_TOKENS];
        int n = 0;
        for (char *tok = strtok(line, " \t\r"); tok; tok = strtok(NULL, " \t\r")) {
            if (n == MAX_TOKENS)
                return fail(&w, "line", "more than %d fields", MAX_TOKENS);
            t[n++] = tok;
        }
        if (n == 0)
            continue;
        if (directive(m, &w, t, n, seen_in, seen_out, seen_param, &saw_map))
            return -1;
    }
    if (!saw_map) {
        w.line = w.line ? w.line : 1;
        return fail(&w, "map", "no 'map 1' line: not a port map");
    }
    for (unsigned i = 0; i < b->n_out; i++)
        if (!m->out[i].latency_set)
            m->out[i].latency = m->latency;
    /* one user name for one port */
    for (unsigned i = 0; i < b->n_in + b->n_out; i++)
        for (unsigned j = i + 1; j < b->n_in + b->n_out; j++) {
            const char *a = i < b->n_in ? m->in[i].user : m->out[i - b->n_in].user;
            const char *c = j < b->n_in ? m->in[j].user : m->out[j - b->n_in].user;
            if (*a && strcmp(a, c) == 0) {
                w.line = 0;
                snprintf(err, errlen, "%s: user: '%s' is the user's port of both %s and %s", name, a,
                         i < b->n_in ? b->in[i].name : b->out[i - b->n_in].name,
                         j < b->n_in ? b->in[j].name : b->out[j - b->n_in].name);
                return -1;
            }
        }
    return 0;
}

int ct_map_read(ct_map_t *m, const ct_block_t *b, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    char *text = malloc(1 << 20);
    size_t n = text ? fread(text, 1, (1 << 20) - 1, f) : 0;
    int big = text && n == (1 << 20) - 1 && fgetc(f) != EOF;
    fclose(f);
    if (!text) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    if (big) {
        free(text);
        snprintf(err, errlen, "%s: larger than 1 MB: not a port map", path);
        return -1;
    }
    if (memchr(text, 0, n)) { /* a NUL: name its line */
        unsigned line = 1;
        for (size_t k = 0; text[k]; k++)
            line += text[k] == '\n';
        free(text);
        snprintf(err, errlen, "%s:%u: line: a NUL byte", path, line);
        return -1;
    }
    text[n] = 0;
    int rc = ct_map_parse(m, b, path, text, err, errlen);
    free(text);
    return rc;
}

unsigned ct_map_max_latency(const ct_map_t *m)
{
    unsigned l = 0;
    for (unsigned i = 0; i < m->b->n_out; i++)
        if (m->out[i].user[0] && m->out[i].latency > l)
            l = m->out[i].latency;
    return l;
}

unsigned ct_map_cmp_width(const ct_map_t *m, unsigned i, const unsigned *ow)
{
    const ct_map_port_t *p = &m->out[i];
    if (!p->user[0])
        return 0;
    return p->width && p->width < ow[i] ? p->width : ow[i];
}

void ct_map_show(const ct_map_t *m, int out, unsigned i, char *buf, size_t len)
{
    const char *blk = out ? m->b->out[i].name : m->b->in[i].name;
    const char *user = out ? m->out[i].user : (i == 0 ? m->reset : m->in[i].user);
    if (!*user)
        snprintf(buf, len, "- (%s, not %s)", blk, out ? "implemented" : "connected");
    else if (strcmp(user, blk) == 0)
        snprintf(buf, len, "%s", blk);
    else
        snprintf(buf, len, "%s (%s)", user, blk);
}

/* ------------------------------------------------------------ generators */

/* "[W-1:0] " for a width, "" for 1 bit */
static void range(FILE *f, unsigned w)
{
    if (w > 1)
        fprintf(f, "[%u:0] ", w - 1);
}

/* the value of a W-bit signal s as an N-bit one: the low N bits, or
 * zero-extended */
static void fit(FILE *f, const char *s, unsigned w, unsigned n, int low)
{
    fprintf(f, "%s", low ? "~" : "");
    if (n == w)
        fprintf(f, "%s", s);
    else if (n < w)
        fprintf(f, "%s[%u:0]", s, n - 1);
    else
        fprintf(f, "{%u'b0, %s}", n - w, s);
}

void ct_gen_adapter(FILE *f, const ct_block_t *b, const uint32_t *cfg, const ct_map_t *m)
{
    unsigned iw[CT_MAX_PORTS], ow[CT_MAX_PORTS];
    char cfgtxt[512];
    b->widths(cfg, iw, ow);
    ct_config_format(b, cfg, cfgtxt, sizeof cfgtxt);
    fprintf(f, "// Generated by ctwin from the port map %s for %s %s.\n"
               "// The adapter between the kit's %s_top and the user's module %s: the block's\n"
               "// ports (the configuration's widths) on one side, the map's names,\n"
               "// polarities and widths on the other (docs/your-rtl.md).  Do not edit.\n"
               "`timescale 1ns/1ns\n`default_nettype none\n",
            m->path[0] ? m->path : "(identity)", b->name, cfgtxt, b->name, m->top);
    fprintf(f, "module ct_%s_adapter (\n    input wire clk_i", b->name);
    for (unsigned i = 0; i < b->n_in; i++) {
        int unused = i > 0 && !m->in[i].user[0];
        fprintf(f, ",\n%s    input wire ", unused ? "    /* verilator lint_off UNUSEDSIGNAL */ // (not the user's input)\n" : "");
        range(f, iw[i]);
        fprintf(f, "%s%s", b->in[i].name, unused ? "\n    /* verilator lint_on UNUSEDSIGNAL */" : "");
    }
    for (unsigned i = 0; i < b->n_out; i++) {
        fprintf(f, ",\n    output wire ");
        range(f, ow[i]);
        fprintf(f, "%s", b->out[i].name);
    }
    fprintf(f, "\n);\n");
    for (unsigned i = 0; i < b->n_out; i++) {
        const ct_map_port_t *p = &m->out[i];
        if (!p->user[0]) {
            fprintf(f, "    assign %s = %u'b0;  // not implemented: not checked\n", b->out[i].name, ow[i]);
            continue;
        }
        unsigned n = p->width ? p->width : ow[i];
        char s[CT_MAP_NAME + 4];
        snprintf(s, sizeof s, "u_%s", p->user);
        fprintf(f, "    wire ");
        range(f, n);
        fprintf(f, "%s;\n    assign %s = ", s, b->out[i].name);
        fit(f, s, n, ow[i], p->low);
        fprintf(f, ";\n");
    }
    fprintf(f, "    %s", m->top);
    unsigned np = 0;
    for (unsigned i = 0; i < b->n_params; i++)
        np += m->param[i][0] != 0;
    if (np + m->n_set) {
        fprintf(f, " #(");
        unsigned k = 0;
        for (unsigned i = 0; i < b->n_params; i++)
            if (m->param[i][0])
                fprintf(f, "%s\n        .%s(%lu)", k++ ? "," : "", m->param[i], (unsigned long)cfg[i]);
        for (unsigned i = 0; i < m->n_set; i++)
            fprintf(f, "%s\n        .%s(%s)", k++ ? "," : "", m->set[i].name, m->set[i].value);
        fprintf(f, "\n    )");
    }
    fprintf(f, " u_dut (\n        .%s(clk_i),\n        .%s(%srst_i)", m->clock, m->reset, m->reset_low ? "!" : "");
    for (unsigned i = 1; i < b->n_in; i++) {
        const ct_map_port_t *p = &m->in[i];
        if (!p->user[0])
            continue;
        fprintf(f, ",\n        .%s(", p->user);
        fit(f, b->in[i].name, iw[i], p->width ? p->width : iw[i], p->low);
        fprintf(f, ")");
    }
    for (unsigned i = 0; i < m->n_tie; i++)
        fprintf(f, ",\n        .%s(%u'd%s)", m->tie[i].name, m->tie[i].width, m->tie[i].value);
    for (unsigned i = 0; i < b->n_out; i++)
        if (m->out[i].user[0])
            fprintf(f, ",\n        .%s(u_%s)", m->out[i].user, m->out[i].user);
    fprintf(f, "\n    );\nendmodule\n`default_nettype wire\n");
}

void ct_gen_map_tables(FILE *f, const ct_block_t *b, const uint32_t *cfg, const ct_map_t *m)
{
    unsigned iw[CT_MAX_PORTS], ow[CT_MAX_PORTS];
    b->widths(cfg, iw, ow);
    fprintf(f, "/* the port map (%s): ct_map.h */\n#define CT_MAP 1\n#define CT_MAP_RESET_HOLD %uu\n",
            m->path[0] ? m->path : "identity", m->reset_hold);
    fprintf(f, "static const unsigned ct_map_cmp_w[] = {");
    for (unsigned i = 0; i < b->n_out; i++)
        fprintf(f, "%s%uu", i ? ", " : "", ct_map_cmp_width(m, i, ow));
    fprintf(f, "};\nstatic const unsigned ct_map_latency[] = {");
    for (unsigned i = 0; i < b->n_out; i++)
        fprintf(f, "%s%uu", i ? ", " : "", m->out[i].user[0] ? m->out[i].latency : 0);
    fprintf(f, "};\nstatic const char *const ct_map_in_name[] = {");
    for (unsigned i = 0; i < b->n_in; i++) {
        char s[3 * CT_MAP_NAME];
        ct_map_show(m, 0, i, s, sizeof s);
        fprintf(f, "%s\"%s\"", i ? ", " : "", s);
    }
    fprintf(f, "};\nstatic const char *const ct_map_out_name[] = {");
    for (unsigned i = 0; i < b->n_out; i++) {
        char s[3 * CT_MAP_NAME];
        ct_map_show(m, 1, i, s, sizeof s);
        fprintf(f, "%s\"%s\"", i ? ", " : "", s);
    }
    fprintf(f, "};\n#define CT_MAP_MAX_LAT %uu\n", ct_map_max_latency(m));
}
