#!/usr/bin/env python3
"""run_many.py LIST OUTDIR - many `fusesoc` command lines in one process.

Each line of LIST is one command line of fusesoc's own, without the word
`fusesoc` (for example `--cores-root . run --build-root B --target sim
cachetwin:lamar:bgp`).  They are run one after the other as `fusesoc` would
run each (its parser, its configuration, its run), with one difference: the
cores are found and parsed once, by the first line's options, not once per
line.  A fusesoc start is about 1 CPU-s, most of it importing and parsing
the cores, so `make test`'s 30 FuseSoC runs of every block's sim and lint
targets cost half as much this way (scripts/test.sh, section python).

Line N's output (fusesoc's and its tools', file descriptors 1 and 2) goes to
OUTDIR/N.out and its exit status to OUTDIR/N.rc: 0, the status it exited
with, or 1 on an exception (its traceback in N.out).  Every line of LIST must
name the same --cores-root and fusesoc configuration; a line that does not is
refused (exit 2) before anything runs.  Run with the venv's Python
(build/venv/bin/python), where fusesoc is installed.
"""
import os
import sys
import traceback

from fusesoc import main as fm
from fusesoc.config import Config
from fusesoc.fusesoc import Fusesoc


def parse(line):
    args = fm.parse_args(line.split())
    if args is None:
        raise SystemExit("run_many: not a fusesoc command line: %s" % line)
    return args


def main(argv):
    if len(argv) != 3:
        sys.exit("usage: run_many.py LIST OUTDIR")
    lines = [l.strip() for l in open(argv[1]) if l.strip() and not l.startswith("#")]
    os.makedirs(argv[2], exist_ok=True)
    runs = [parse(l) for l in lines]
    shared = {(tuple(a.cores_root or ()), a.config) for a in runs}
    if len(shared) != 1:
        print("run_many: the lines name different --cores-root or --config: %s" % sorted(shared), file=sys.stderr)
        return 2
    first = runs[0]
    fm.Fusesoc.init_logging(first.verbose, first.monochrome, first.log_file)
    config = Config(fm._effective_config_path(first.config), create_if_missing=False)
    fm.args_to_config(first, config)
    fs = Fusesoc(config)  # the cores, found and parsed once
    for n, args in enumerate(runs, 1):
        out = os.path.join(argv[2], "%d.out" % n)
        sys.stdout.flush(), sys.stderr.flush()
        saved = os.dup(1), os.dup(2)
        fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(fd, 1), os.dup2(fd, 2)
        os.close(fd)
        rc = 0
        try:
            fm.args_to_config(args, config)  # this line's --build-root and the rest
            args.func(fs, args)
        except SystemExit as e:
            rc = e.code if isinstance(e.code, int) else 1
        except Exception:
            traceback.print_exc()
            rc = 1
        sys.stdout.flush(), sys.stderr.flush()
        os.dup2(saved[0], 1), os.dup2(saved[1], 2)
        os.close(saved[0]), os.close(saved[1])
        with open(os.path.join(argv[2], "%d.rc" % n), "w") as f:
            f.write("%d\n" % rc)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
