"""tb_gen.py - FuseSoC generator ctwin_tb (scripts/fusesoc/generators.core):
the kit's vector-replay testbench for a block and preset, and the vectors
it replays.  FuseSoC calls it with a GAPI 1.0 file (YAML) holding
files_root, vlnv and the parameters block and config; in the directory it
is run in, it writes

    <block>_top.v, <block>_tb.v   `ctwin hdl BLOCK CONFIG .` (the preset's wrapper and testbench)
    stim.vec                      the preset's committed golden vectors (vectors/BLOCK/CONFIG_s*_n*.vec,
                                  the first), else `ctwin gen BLOCK CONFIG 1 2000`
    <name>.core                   a core with those files (stim.vec copied to the run directory)

build/ctwin is made first if missing.  Standard library only: FuseSoC runs
it with whatever python3 is first on PATH."""
import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def gapi(path):
    """The flat keys of a GAPI file (key: value, one level of nesting)."""
    out = {}
    with open(path) as f:
        for raw in f:
            m = re.match(r"^(\s*)([A-Za-z_][\w-]*):\s*(.*?)\s*$", raw)
            if m and m.group(3):
                out[m.group(2)] = m.group(3).strip("'\"")
    return out


def main(argv):
    if len(argv) != 2:
        sys.exit("usage: tb_gen.py GAPI_FILE (FuseSoC calls it)")
    g = gapi(argv[1])
    for k in ("block", "config", "vlnv"):
        if k not in g:
            sys.exit("tb_gen: %s: %s: missing" % (argv[1], k))
    block, config = g["block"], g["config"]
    ct = os.path.join(ROOT, "build", "ctwin")
    if not os.access(ct, os.X_OK):
        subprocess.run(["make", "-s", "-C", ROOT, "build/ctwin"], check=True, stdout=sys.stderr)
    subprocess.run([ct, "hdl", block, config, "."], check=True, stdout=subprocess.DEVNULL)
    vecs = sorted(glob.glob(os.path.join(ROOT, "vectors", block, "%s_s*_n*.vec" % config)))
    if vecs:
        shutil.copyfile(vecs[0], "stim.vec")
    else:
        subprocess.run([ct, "gen", block, config, "1", "2000", "stim.vec"], check=True, stdout=subprocess.DEVNULL)
    name = re.sub(r"[^\w:.-]", "_", g["vlnv"])
    with open("%s.core" % name.split(":")[2], "w") as f:
        f.write("CAPI=2:\n"
                "name: %s\n"
                "filesets:\n"
                "  tb:\n"
                "    files:\n"
                "      - %s_top.v: {file_type: verilogSource}\n"
                "      - %s_tb.v: {file_type: verilogSource}\n"
                "      - stim.vec: {file_type: user, copyto: stim.vec}\n"
                "targets:\n"
                "  default:\n"
                "    filesets: [tb]\n" % (name, block, block))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
