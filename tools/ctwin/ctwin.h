/*
 * ctwin.h - what the files of the ctwin tool share: the command table's
 * entry, argument helpers that print a clear error, and an output file
 * written through a temporary file renamed into place.  The commands live by
 * subject: cmd_model.c (catalogue, vectors, runs of a model, area),
 * cmd_gen.c (generated HDL, GTKWave, SystemC, DPI-C, interface pages),
 * cmd_work.c (traces, kernels, importers, experiments); main.c holds the
 * table, prints the usage from it and dispatches.
 * Exit codes of every command: 0 ok, 1 mismatch, 2 bad input or usage.
 */
#ifndef CTWIN_H
#define CTWIN_H

#include <stdint.h>
#include <stdio.h>

#include "ct_block.h"

/* One command: NAME ARGS (the synopsis), what it does, how many arguments
 * it takes, and its function (ac arguments after the command name). */
typedef struct {
    const char *name, *args, *doc;
    int min_args, max_args;
    int (*run)(int ac, char **av);
} ctwin_cmd_t;

/* every command of a subject file, ended by a NULL name */
extern const ctwin_cmd_t ctwin_model_cmds[], ctwin_gen_cmds[], ctwin_work_cmds[];

/* "ctwin: MESSAGE" on stderr; returns 2 (the bad-input exit code) */
int die(const char *fmt, ...);
/* the block of that name, or NULL after naming every known block */
const ct_block_t *block_arg(const char *name);
/* a configuration (a preset, NAME=VALUE pairs, or both) into cfg: 0, or -1 after saying why */
int config_arg(const ct_block_t *b, const char *text, uint32_t *cfg);
/* a non-negative number (decimal, 0x hex) into *v: 0, or -1 after naming WHAT */
int u64_arg(const char *s, const char *what, uint64_t *v);

/* An output file: "-" is stdout; any other path is written to PATH.tmpPID
 * and renamed into place by out_close, so a failure never leaves a partial
 * file that looks complete. */
typedef struct {
    FILE *f;
    char tmp[1100];
    const char *out;
} outfile_t;
int out_open(outfile_t *o, const char *path);            /* 0, or 2 after saying why */
int out_close(outfile_t *o, int ok);                     /* 0; 2: the file is gone */
/* gen(f, b, cfg) into PATH through out_open / out_close: 0 or 2 */
int write_gen(const char *path, const ct_block_t *b, const uint32_t *cfg,
              void (*gen)(FILE *, const ct_block_t *, const uint32_t *));
/* BLOCK CONFIG of av[0], av[1] into *b and cfg: 0, or 2 after saying why */
int block_config_args(char **av, const ct_block_t **b, uint32_t *cfg);

#endif
