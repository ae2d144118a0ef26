"""cachetwin - the cachetwin C models from Python (standard library only).

ctypes over libcachetwin.so (the by-name API of cachetwin.h).  The library
is found through $CACHETWIN_LIB (a path), else next to this file's tree
(build/lib/ of a source checkout), else on the system (ldconfig,
LD_LIBRARY_PATH: `make install`).

    import cachetwin
    m = cachetwin.Model("loscache_ctr", "small")
    m.cycle({"rst_i": 1})                       # inputs by name; missing ones are 0
    out = m.cycle({"op_i": 1, "line_i": 0, "pred_i": 3})   # FILL, P = 3
    out["count_o"]                              # -> 1
    cachetwin.replay("vectors/loscache_ctr/small_s1_n3000.vec")   # -> 3000 (cycles)

Values are Python ints of any width (a 1,024-bit hit matrix is one int).  A
cocotb test uses a Model as its reference: drive the DUT and the model with
the same inputs each cycle, then compare dut.<port>.value with the model's
outputs before the rising edge (see README.md, "Python").
"""

import ctypes
import ctypes.util
import os

__all__ = ["Model", "blocks", "presets", "replay", "MismatchError", "VectorError", "version"]

_DIR_IN, _DIR_OUT = 0, 1


def _load():
    cands = []
    if os.environ.get("CACHETWIN_LIB"):
        cands.append(os.environ["CACHETWIN_LIB"])
    here = os.path.dirname(os.path.abspath(__file__))
    cands.append(os.path.join(here, "..", "..", "..", "build", "lib", "libcachetwin.so"))  # tree
    cands.append(os.path.join(here, "..", "..", "..", "lib", "libcachetwin.so"))  # installed
    found = ctypes.util.find_library("cachetwin")
    if found:
        cands.append(found)
    cands.append("libcachetwin.so")
    errors = []
    for c in cands:
        try:
            return ctypes.CDLL(c)
        except OSError as e:
            errors.append("%s: %s" % (c, e))
    raise OSError("cannot load libcachetwin.so (set CACHETWIN_LIB, or make install):\n  "
                  + "\n  ".join(errors))


_lib = _load()
_u64p = ctypes.POINTER(ctypes.c_uint64)
_sig = {
    "ct_version": (ctypes.c_char_p, []),
    "ct_block_count": (ctypes.c_uint, []),
    "ct_block_name": (ctypes.c_char_p, [ctypes.c_uint]),
    "ct_preset_count": (ctypes.c_uint, [ctypes.c_char_p]),
    "ct_preset_name": (ctypes.c_char_p, [ctypes.c_char_p, ctypes.c_uint]),
    "ct_model_new": (ctypes.c_void_p, [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]),
    "ct_model_free": (None, [ctypes.c_void_p]),
    "ct_model_config": (ctypes.c_char_p, [ctypes.c_void_p]),
    "ct_model_port_count": (ctypes.c_uint, [ctypes.c_void_p, ctypes.c_int]),
    "ct_model_port_name": (ctypes.c_char_p, [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint]),
    "ct_model_port_width": (ctypes.c_uint, [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint]),
    "ct_model_port_offset": (ctypes.c_uint, [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint]),
    "ct_model_words": (ctypes.c_uint, [ctypes.c_void_p, ctypes.c_int]),
    "ct_model_cycle": (None, [ctypes.c_void_p, _u64p, _u64p]),
    "ct_model_eval": (None, [ctypes.c_void_p, _u64p, _u64p]),
    "ct_model_step": (None, [ctypes.c_void_p, _u64p]),
}
for _n, (_r, _a) in _sig.items():
    _f = getattr(_lib, _n)
    _f.restype, _f.argtypes = _r, _a


def version():
    return _lib.ct_version().decode()


def blocks():
    """The block names, in catalogue order."""
    return [_lib.ct_block_name(i).decode() for i in range(_lib.ct_block_count())]


def presets(block):
    """The preset names of a block ([] for an unknown block)."""
    b = block.encode()
    return [_lib.ct_preset_name(b, i).decode() for i in range(_lib.ct_preset_count(b))]


class Model:
    """One C model of `block` in configuration `config` (a preset,
    NAME=VALUE pairs, or a preset then overrides: "small,NUM_LINES=32")."""

    def __init__(self, block, config="paper"):
        err = ctypes.create_string_buffer(256)
        self._h = _lib.ct_model_new(block.encode(), config.encode(), err, len(err))
        if not self._h:
            raise ValueError(err.value.decode())
        self.block = block
        self.config = _lib.ct_model_config(self._h).decode()
        self._ports = []
        for d in (_DIR_IN, _DIR_OUT):
            self._ports.append([(_lib.ct_model_port_name(self._h, d, i).decode(),
                                 _lib.ct_model_port_width(self._h, d, i),
                                 _lib.ct_model_port_offset(self._h, d, i))
                                for i in range(_lib.ct_model_port_count(self._h, d))])
        self._in = (ctypes.c_uint64 * max(1, _lib.ct_model_words(self._h, _DIR_IN)))()
        self._out = (ctypes.c_uint64 * max(1, _lib.ct_model_words(self._h, _DIR_OUT)))()
        self._names = {n for n, _, _ in self._ports[_DIR_IN]}

    def __del__(self):
        if getattr(self, "_h", None):
            _lib.ct_model_free(self._h)
            self._h = None

    @property
    def inputs(self):
        """[(name, width)] in vector-column order (rst_i first; clk_i is implicit)."""
        return [(n, w) for n, w, _ in self._ports[_DIR_IN]]

    @property
    def outputs(self):
        return [(n, w) for n, w, _ in self._ports[_DIR_OUT]]

    def _set(self, values):
        for k in values:
            if k not in self._names:
                raise KeyError("%s has no input '%s' (inputs: %s)"
                               % (self.block, k, " ".join(n for n, _ in self.inputs)))
        for n, w, o in self._ports[_DIR_IN]:
            v = int(values.get(n, 0))
            if v < 0 or v >> w:
                raise ValueError("%s: %s=%#x does not fit %d bits" % (self.block, n, v, w))
            for k in range((w + 63) // 64):
                self._in[o + k] = (v >> (64 * k)) & 0xFFFFFFFFFFFFFFFF

    def _get(self):
        out = {}
        for n, w, o in self._ports[_DIR_OUT]:
            v = 0
            for k in range((w + 63) // 64):
                v |= self._out[o + k] << (64 * k)
            out[n] = v & ((1 << w) - 1)
        return out

    def cycle(self, values=None):
        """One clock cycle: the outputs of this cycle (a dict), then the rising edge."""
        self._set(values or {})
        _lib.ct_model_cycle(self._h, self._in, self._out)
        return self._get()

    def eval(self, values=None):
        """The outputs of this cycle; the state does not change."""
        self._set(values or {})
        _lib.ct_model_eval(self._h, self._in, self._out)
        return self._get()

    def step(self, values=None):
        """The rising clock edge with these inputs."""
        self._set(values or {})
        _lib.ct_model_step(self._h, self._in)


class VectorError(ValueError):
    """A vector file this module cannot read (FILE:LINE: field: message)."""


class MismatchError(AssertionError):
    """The model's output differs from a vector file's expected value."""


def _hexfield(path, line, name, text, width):
    try:
        v = int(text, 16)
    except ValueError:
        raise VectorError("%s:%d: %s: '%s' is not hex" % (path, line, name, text)) from None
    if v >> width:
        raise VectorError("%s:%d: %s: value %#x wider than the column's %d bits"
                          % (path, line, name, v, width))
    return v


def replay(path):
    """Replays a golden vector file (docs/vector-format.md) on a fresh model of
    its block and configuration, comparing every output every cycle.  Returns
    the number of cycles; raises MismatchError naming the cycle, the line and
    the port, or VectorError for a malformed file."""
    hdr, hdr_line, cols, model, cycle, ncycles = {}, {}, [], None, 0, None
    with open(path) as f:
        for line_no, raw in enumerate(f, 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if model is None:
                if not line.startswith("%"):
                    raise VectorError("%s:%d: header: expected '%%' header lines before %%data"
                                      % (path, line_no))
                key, _, val = line[1:].partition(" ")
                if key == "column":
                    n, d, w = val.split()
                    cols.append((n, d, int(w)))
                elif key == "data":
                    for k in ("block", "config", "cycles"):
                        if k not in hdr:
                            raise VectorError("%s:%d: %s: missing %%%s" % (path, line_no, k, k))
                    if hdr["block"] not in blocks():
                        raise VectorError("%s:%d: block: unknown block '%s'"
                                          % (path, hdr_line["block"], hdr["block"]))
                    try:
                        model = Model(hdr["block"], hdr["config"])
                    except ValueError as e:
                        raise VectorError("%s:%d: config: %s" % (path, hdr_line["config"], e)) from None
                    want = [(n, "in", w) for n, w in model.inputs] + \
                           [(n, "out", w) for n, w in model.outputs]
                    if cols != want:
                        raise VectorError("%s:%d: column: columns %s, the configuration gives %s"
                                          % (path, line_no, cols, want))
                    ncycles = int(hdr["cycles"])
                else:
                    hdr[key] = val
                    hdr_line[key] = line_no
                continue
            fields = line.split()
            if len(fields) != len(cols):
                raise VectorError("%s:%d: row: %d fields, %s has %d columns"
                                  % (path, line_no, len(fields), hdr["block"], len(cols)))
            vals = [_hexfield(path, line_no, n, t, w) for (n, _, w), t in zip(cols, fields)]
            nin = len(model.inputs)
            got = model.cycle({n: v for (n, _, _), v in zip(cols[:nin], vals[:nin])})
            for (n, _, _), v in zip(cols[nin:], vals[nin:]):
                if got[n] != v:
                    raise MismatchError("MISMATCH python %s at cycle %d (%s line %d) port %s: "
                                        "expected %x, actual %x"
                                        % (hdr["block"], cycle, path, line_no, n, v, got[n]))
            cycle += 1
    if model is None:
        raise VectorError("%s:1: header: no %%data line" % path)
    if cycle != ncycles:
        raise VectorError("%s:%d: cycles: header promises %d rows, file has %d"
                          % (path, line_no, ncycles, cycle))
    return cycle


if __name__ == "__main__":
    import sys
    rc = 0
    for p in sys.argv[1:]:
        try:
            print("PASS python %s: %d cycles" % (p, replay(p)))
        except (MismatchError, VectorError, OSError) as e:
            print(e)
            rc = max(rc, 1 if isinstance(e, MismatchError) else 2)
    sys.exit(rc)
