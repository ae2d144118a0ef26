"""tb_gen.py - FuseSoC generator ctwin_tb (scripts/fusesoc/generators.core):
the kit's vector-replay testbench for a block and preset, and the vectors
it replays.  FuseSoC calls it with a GAPI 1.0 file (YAML) holding
files_root, vlnv and the parameters block, config and sim (icarus, the
default, or verilator); in the directory it is run in, it writes

    <block>_top.v, <block>_tb.v   `ctwin hdl BLOCK CONFIG .` (the preset's wrapper and testbench;
    vlharness_block.h                   the Verilator harness's header)
    stim.vec                      the preset's committed golden vectors (vectors/BLOCK/CONFIG_s*_n*.vec,
                                  the first), else `ctwin gen BLOCK CONFIG 1 2000`
    <name>.core                   a core with those files (stim.vec copied to the run directory):
        icarus     the wrapper and the Verilog testbench (toplevel <block>_tb, +vec=FILE)
        verilator  the wrapper and the kit's C++ harness tb/vlharness/vlharness.cpp and
                   vlharness_design.cpp, which replays +vec=FILE against the C
                   model's library build/libct.a (and the model specialised
                   to the configuration, spec.o, made here: make spec-obj)
                   (toplevel <block>_top; Verilator options as the Makefile's vlharness build)

With the parameters map (a port map, docs/your-rtl.md; relative to the core
that calls the generator) and top (the user's module), the testbench checks
a user's own RTL of the block (in the user's core's filesets): the wrapper
instantiates the map's adapter, ct_<block>_adapter.v, which the core holds
too, and outputs are compared as the map says.

build/ctwin and build/libct.a are made first if missing.  Standard library
only: FuseSoC runs it with whatever python3 is first on PATH."""
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
    block, config, sim = g["block"], g["config"], g.get("sim", "icarus")
    if sim not in ("icarus", "verilator"):
        sys.exit("tb_gen: %s: sim: '%s' is not icarus or verilator" % (argv[1], sim))
    ct = os.path.join(ROOT, "build", "ctwin")
    lib = os.path.join(ROOT, "build", "libct.a")
    if not os.access(ct, os.X_OK) or not os.path.exists(lib):
        subprocess.run(["make", "-s", "-C", ROOT, "build/ctwin", "build/libct.a"], check=True, stdout=sys.stderr)
    user = []
    if g.get("map") or g.get("top"):
        mp = g.get("map", "-")
        if mp != "-" and not os.path.isabs(mp):
            mp = os.path.join(g.get("files_root", "."), mp)
        user = [mp] + ([g["top"]] if g.get("top") else [])
    r = subprocess.run([ct, "hdl", block, config, "."] + user, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True)
    if r.returncode:
        sys.exit("tb_gen: %s: %s" % (argv[1], r.stderr.strip().replace("ctwin: ", "")))
    vecs = sorted(glob.glob(os.path.join(ROOT, "vectors", block, "%s_s*_n*.vec" % config)))
    if vecs:
        shutil.copyfile(vecs[0], "stim.vec")
    else:
        subprocess.run([ct, "gen", block, config, "1", "2000", "stim.vec"], check=True, stdout=subprocess.DEVNULL)
    name = re.sub(r"[^\w:.-]", "_", g["vlnv"])
    out = ["CAPI=2:", "name: %s" % name, "filesets:", "  tb:", "    files:",
           "      - %s_top.v: {file_type: verilogSource}" % block]
    if user:
        out += ["      - ct_%s_adapter.v: {file_type: verilogSource}" % block]
    if sim == "icarus":
        out += ["      - %s_tb.v: {file_type: verilogSource}" % block]
    else:
        out += ["      - vlharness_block.h: {file_type: cppSource, is_include_file: true}",
                "      - %s: {file_type: cppSource}" % os.path.join(ROOT, "tb", "vlharness", "vlharness.cpp"),
                "      - %s: {file_type: cppSource}" % os.path.join(ROOT, "tb", "vlharness", "vlharness_design.cpp")]
    out += ["      - stim.vec: {file_type: user, copyto: stim.vec}",
            "targets:", "  default:", "    filesets: [tb]"]
    if sim == "verilator":
        # the include folders of the model library (every rtl_model/ folder
        # with a C file or header) and tools/lib, as the Makefile's MODEL_DIRS
        inc = sorted({os.path.dirname(p) for p in glob.glob(os.path.join(ROOT, "rtl_model", "*", "*.[ch]"))})
        inc += [os.path.join(ROOT, "workloads"), os.path.join(ROOT, "tools", "lib")]
        opts = ["--x-assign", "fast", "--x-initial", "unique", "-CFLAGS", "-std=c++17"]
        for d in inc:
            opts += ["-CFLAGS", "-I" + d]
        # the C model specialised to the configuration (the harness's lockstep
        # runs it; docs/speed.md), compiled here from ct_spec.h
        subprocess.run(["make", "-s", "-C", ROOT, "spec-obj", "BLOCK=" + block, "GEN=" + os.getcwd()],
                       check=True, stdout=sys.stderr)
        out += ["    tools:", "      verilator:", "        mode: cc",
                "        verilator_options: [%s]" % ", ".join(opts),
                "        libs: [%s, %s]" % (os.path.join(os.getcwd(), "spec.o"), lib)]
    with open("%s.core" % name.split(":")[2], "w") as f:
        f.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
