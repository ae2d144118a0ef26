/*
 * main.c - ctwin, the C side of cachetwin on the command line: the command
 * table (one per subject file, ctwin.h), the usage printed from it, and the
 * dispatch.  `ctwin help` lists the commands.
 * Exit codes: 0 ok, 1 mismatch, 2 bad input or usage.
 */
#include <string.h>

#include "ctwin.h"

static const ctwin_cmd_t *const tables[] = {ctwin_model_cmds, ctwin_gen_cmds, ctwin_work_cmds};
#define N_TABLES (sizeof tables / sizeof tables[0])

#define SYN_W 36 /* the synopsis column */
#define LINE_W 80

/* the usage, from the tables: a synopsis column, then the doc wrapped */
static void usage(FILE *f)
{
    fputs("usage: ctwin COMMAND ...\n", f);
    for (size_t t = 0; t < N_TABLES; t++)
        for (const ctwin_cmd_t *c = tables[t]; c->name; c++) {
            int col = fprintf(f, "  %s%s%s", c->name, c->args[0] ? " " : "", c->args);
            const char *d = c->doc;
            if (col > SYN_W + 1) {
                fputc('\n', f);
                col = 0;
            }
            while (*d) {
                fprintf(f, "%*s", SYN_W + 2 - col, "");
                size_t n = strlen(d), room = LINE_W - SYN_W - 2;
                if (n > room) { /* break at the last space that fits */
                    n = room;
                    while (n > 0 && d[n] != ' ')
                        n--;
                    if (n == 0)
                        n = room;
                }
                fprintf(f, "%.*s\n", (int)n, d);
                d += n;
                while (*d == ' ')
                    d++;
                col = 0;
            }
        }
    fputs("CONFIG: a preset name, or NAME=VALUE pairs (optionally after a preset).\n", f);
}

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *cmd = argv[1];
    int ac = argc - 2;
    for (size_t t = 0; t < N_TABLES; t++)
        for (const ctwin_cmd_t *c = tables[t]; c->name; c++)
            if (strcmp(cmd, c->name) == 0 && ac >= c->min_args && ac <= c->max_args)
                return c->run(ac, argv + 2);
    fprintf(stderr, "ctwin: unknown command or wrong arguments: '%s'\n", cmd);
    usage(stderr);
    return 2;
}
