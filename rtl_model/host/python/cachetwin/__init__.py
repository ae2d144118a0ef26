"""cachetwin - the cachetwin C models from Python (standard library only).

ctypes over libcachetwin.so (the by-name API of cachetwin.h).  The library
is found through $CACHETWIN_LIB (a path), else inside this package (a wheel,
`pip install .`), else next to this package's source tree (build/lib/ of a
checkout), else in the prefix it is installed in (`make install`), else on
the system (ldconfig, LD_LIBRARY_PATH).

    import cachetwin
    m = cachetwin.Model("loscache_ctr", "small")
    m.cycle({"rst_i": 1})                       # inputs by name; missing ones are 0
    out = m.cycle({"op_i": 1, "line_i": 0, "pred_i": 3})   # FILL, P = 3
    out["count_o"]                              # -> 1
    cachetwin.replay("vectors/loscache_ctr/small_s1_n3000.vec")   # -> 3000 (cycles)

Values are Python ints of any width (a 1,024-bit hit matrix is one int).  A
cocotb test uses a Model as its reference: drive the DUT and the model with
the same inputs each cycle, then compare dut.<port>.value with the model's
outputs before the rising edge (tb/cocotb/test_cachetwin.py, docs/hosts.md).
`python -m cachetwin FILE...` replays vector files from the shell.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from typing import Dict, Iterator, List, Mapping, Optional, Tuple

__all__ = ["Model", "Stimulus", "Vectors", "blocks", "presets", "replay", "mismatch_report", "MismatchError", "VectorError",
           "version", "library", "main"]

_DIR_IN, _DIR_OUT = 0, 1


def _load() -> Tuple[ctypes.CDLL, str]:
    cands = []
    if os.environ.get("CACHETWIN_LIB"):
        cands.append(os.environ["CACHETWIN_LIB"])
    here = os.path.dirname(os.path.abspath(__file__))
    cands.append(os.path.join(here, "libcachetwin.so"))  # a wheel carries it
    cands.append(os.path.join(here, "..", "..", "..", "..", "build", "lib", "libcachetwin.so"))  # tree
    cands.append(os.path.join(here, "..", "..", "..", "..", "lib", "libcachetwin.so"))  # make install
    found = ctypes.util.find_library("cachetwin")
    if found:
        cands.append(found)
    cands.append("libcachetwin.so")
    errors = []
    for c in cands:
        try:
            return ctypes.CDLL(c), os.path.normpath(c) if os.sep in c else c
        except OSError as e:
            errors.append("%s: %s" % (c, e))
    raise OSError("cannot load libcachetwin.so (set CACHETWIN_LIB, or make install):\n  "
                  + "\n  ".join(errors))


_lib, library = _load()   # library: the path (or name) of the libcachetwin.so in use
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
    "ct_model_cover_count": (ctypes.c_uint, [ctypes.c_void_p]),
    "ct_model_cover_name": (ctypes.c_char_p, [ctypes.c_void_p, ctypes.c_uint]),
    "ct_model_cover_doc": (ctypes.c_char_p, [ctypes.c_void_p, ctypes.c_uint]),
    "ct_model_cover_possible": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_uint]),
    "ct_model_cover_sample": (None, [ctypes.c_void_p, _u64p, _u64p, _u64p]),
    "ct_stim_new": (ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_uint64]),
    "ct_stim_next": (None, [ctypes.c_void_p, _u64p, ctypes.POINTER(ctypes.c_char_p)]),
    "ct_stim_free": (None, [ctypes.c_void_p]),
}
for _n, (_r, _a) in _sig.items():
    _f = getattr(_lib, _n)
    _f.restype, _f.argtypes = _r, _a


def version() -> str:
    """The library's version string."""
    v: bytes = _lib.ct_version()
    return v.decode()


def blocks() -> List[str]:
    """The block names, in catalogue order."""
    return [_lib.ct_block_name(i).decode() for i in range(_lib.ct_block_count())]


def presets(block: str) -> List[str]:
    """The preset names of a block ([] for an unknown block)."""
    b = block.encode()
    return [_lib.ct_preset_name(b, i).decode() for i in range(_lib.ct_preset_count(b))]


class Model:
    """One C model of `block` in configuration `config`: a preset (presets(block)
    lists them), NAME=VALUE pairs, or a preset then overrides
    ("small,NUM_LINES=32").  The configuration is required: the presets
    differ by orders of magnitude (a ring's `paper` ports are 15,360 bits).
    An unknown block or a bad configuration raises ValueError.

    Attributes (read-only):
      block    the block's name;
      config   the resolved configuration, every parameter as NAME=VALUE,
               space-separated, in the description's order (the form a
               vector file's %config line holds);
      inputs   [(name, width)] in vector-column order (rst_i first; the
               clock is implicit);
      outputs  [(name, width)] in vector-column order.
    """

    def __init__(self, block: str, config: str) -> None:
        err = ctypes.create_string_buffer(256)
        self._free = _lib.ct_model_free
        self._h = _lib.ct_model_new(block.encode(), config.encode(), err, len(err))
        if not self._h:
            raise ValueError(err.value.decode())
        self._spec = config
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

    def reset(self) -> None:
        """Back to the state a fresh Model of the same block and
        configuration has (the power-on state: every register at its reset
        value, as after the cycles with rst_i = 1 that a vector file starts
        with); the ports and their order do not change."""
        err = ctypes.create_string_buffer(256)
        h = _lib.ct_model_new(self.block.encode(), self._spec.encode(), err, len(err))
        if not h:   # (the same arguments made the first one)
            raise ValueError(err.value.decode())
        self._free(self._h)
        self._h = h

    def __del__(self) -> None:
        # (the free function kept by the object: at interpreter exit the
        # module's globals may already be gone)
        if getattr(self, "_h", None):
            self._free(self._h)
            self._h = None

    @property
    def inputs(self) -> List[Tuple[str, int]]:
        """[(name, width)] in vector-column order (rst_i first; clk_i is implicit)."""
        return [(n, w) for n, w, _ in self._ports[_DIR_IN]]

    @property
    def outputs(self) -> List[Tuple[str, int]]:
        return [(n, w) for n, w, _ in self._ports[_DIR_OUT]]

    def _set(self, values: Mapping[str, int]) -> None:
        for k in values:
            if k not in self._names:
                raise KeyError("%s has no input '%s' (inputs: %s)"
                               % (self.block, k, " ".join(n for n, _ in self.inputs)))
        self._pack(_DIR_IN, values, self._in)

    def _pack(self, d: int, values: Mapping[str, int], words: "ctypes.Array[ctypes.c_uint64]") -> None:
        """the ports of direction d into their words (missing ones 0), each
        value checked against its port's width"""
        for n, w, o in self._ports[d]:
            v = int(values.get(n, 0))
            if v < 0 or v >> w:
                raise ValueError("%s: %s=%#x does not fit %d bits" % (self.block, n, v, w))
            for j in range((w + 63) // 64):
                words[o + j] = (v >> (64 * j)) & 0xFFFFFFFFFFFFFFFF

    def _get(self) -> Dict[str, int]:
        return self._unpack(_DIR_OUT, self._out)

    def _unpack(self, d: int, words: "ctypes.Array[ctypes.c_uint64]") -> Dict[str, int]:
        out = {}
        for n, w, o in self._ports[d]:
            v = 0
            for k in range((w + 63) // 64):
                v |= words[o + k] << (64 * k)
            out[n] = v & ((1 << w) - 1)
        return out

    @property
    def cover_bins(self) -> List[Tuple[str, str, bool]]:
        """The block's functional coverage bins, its description's COVER table:
        [(name, meaning, possible)], possible False for a bin this configuration
        cannot show; [] for a block without a table (docs/blocks/<block>.md)."""
        n = _lib.ct_model_cover_count(self._h)
        return [(_lib.ct_model_cover_name(self._h, k).decode(), _lib.ct_model_cover_doc(self._h, k).decode(),
                 bool(_lib.ct_model_cover_possible(self._h, k))) for k in range(n)]

    def cover_hits(self, inputs: Mapping[str, int], outputs: Mapping[str, int]) -> List[str]:
        """The coverage bins one cycle shows: its inputs and the outputs the
        model (or a DUT that matches it) gave for them.  Missing ports are 0."""
        n = _lib.ct_model_cover_count(self._h)
        if not n:
            return []
        self._set(inputs)
        out = (ctypes.c_uint64 * len(self._out))()
        self._pack(_DIR_OUT, outputs, out)
        hits = (ctypes.c_uint64 * n)()
        _lib.ct_model_cover_sample(self._h, self._in, out, hits)
        return [_lib.ct_model_cover_name(self._h, k).decode() for k in range(n) if hits[k]]

    def cycle(self, values: Optional[Mapping[str, int]] = None) -> Dict[str, int]:
        """One clock cycle: the outputs of this cycle (a dict), then the rising edge."""
        self._set(values or {})
        _lib.ct_model_cycle(self._h, self._in, self._out)
        return self._get()

    def eval(self, values: Optional[Mapping[str, int]] = None) -> Dict[str, int]:
        """The outputs of this cycle; the state does not change."""
        self._set(values or {})
        _lib.ct_model_eval(self._h, self._in, self._out)
        return self._get()

    def step(self, values: Optional[Mapping[str, int]] = None) -> None:
        """The rising clock edge with these inputs."""
        self._set(values or {})
        _lib.ct_model_step(self._h, self._in)


class Stimulus:
    """The block's own stimulus for a Model's configuration, the one the kit's
    lockstep and golden vectors use (docs/blocks/<block>.md, "Stimulus"):
    directed sequences for the page's rules, then constrained random from
    `seed`.  Each next() gives (inputs, note): the inputs of one cycle (a dict,
    masked to the port widths) and the name of the directed sequence that
    starts on this cycle ("constrained random" when the random part starts),
    None while a sequence goes on.  Endless."""

    def __init__(self, model: Model, seed: int = 1) -> None:
        self._free = _lib.ct_stim_free
        self._s = _lib.ct_stim_new(model._h, seed)
        if not self._s:
            raise ValueError("%s: no stimulus for %s" % (model.block, model.config))
        self._model = model
        self._in = (ctypes.c_uint64 * len(model._in))()

    def __iter__(self) -> "Stimulus":
        return self

    def __next__(self) -> Tuple[Dict[str, int], Optional[str]]:
        note = ctypes.c_char_p()
        _lib.ct_stim_next(self._s, self._in, ctypes.byref(note))
        return self._model._unpack(_DIR_IN, self._in), (note.value.decode() if note.value else None)

    def __del__(self) -> None:
        if getattr(self, "_s", None):
            self._free(self._s)
            self._s = None


class VectorError(ValueError):
    """A vector file this module cannot read (FILE:LINE: field: message)."""


class MismatchError(AssertionError):
    """The model's output differs from a vector file's expected value."""


def _hexfield(path: str, line: int, name: str, text: str, width: int) -> int:
    try:
        v = int(text, 16)
    except ValueError:
        raise VectorError("%s:%d: %s: '%s' is not hex" % (path, line, name, text)) from None
    if v >> width:
        raise VectorError("%s:%d: %s: value %#x wider than the column's %d bits"
                          % (path, line, name, v, width))
    return v


class Vectors:
    """A golden vector file (docs/vector-format.md), read strictly: the
    header when it is opened, the rows as they are iterated.  `block`,
    `config` (as the file states it), `cycles`, `model` (a fresh Model of
    the file's block and configuration, checked against the columns).
    Iterating yields (line, inputs, expected) per cycle: the file's line
    number and two dicts of ints.  Malformed input raises VectorError
    naming the file, the line and the field."""

    def __init__(self, path: str) -> None:
        self.path = path
        hdr: Dict[str, str] = {}
        hdr_line: Dict[str, int] = {}
        cols: List[Tuple[str, str, int, int]] = []   # name, direction, width, line
        self._f = open(path, newline="", encoding="latin-1")   # any byte reads: garbage is refused by field
        self._line_no = 0
        for line in self._content():
            line = line.strip()
            if not line.startswith("%"):
                raise VectorError("%s:%d: header: expected '%%' header lines before %%data"
                                  % (path, self._line_no))
            key, _, val = line[1:].partition(" ")
            val = val.strip()
            if not hdr and key != "format":
                raise VectorError("%s:%d: header: missing header: expected '%%format 1' first, got '%%%s'"
                                  % (path, self._line_no, key))
            if key == "column":
                try:
                    cn, cd, cw = val.split()
                    if cd not in ("in", "out"):
                        raise ValueError
                    cols.append((cn, cd, int(cw), self._line_no))
                except ValueError:
                    raise VectorError("%s:%d: column: '%s' is not NAME in|out WIDTH"
                                      % (path, self._line_no, val)) from None
            elif key == "data":
                break
            else:
                if key in hdr:
                    raise VectorError("%s:%d: %s: duplicate %%%s (first on line %d)"
                                      % (path, self._line_no, key, key, hdr_line[key]))
                if key == "format" and val != "1":
                    raise VectorError("%s:%d: format: '%s' is not a supported format (this reader: 1)"
                                      % (path, self._line_no, val))
                hdr[key] = val
                hdr_line[key] = self._line_no
        else:
            self._f.close()
            if self._line_no == 0:
                raise VectorError("%s:1: file: empty file" % path)
            raise VectorError("%s:%d: header: no %%data line" % (path, self._line_no))
        for k in ("block", "config", "cycles"):
            if k not in hdr:
                raise VectorError("%s:%d: %s: missing %%%s" % (path, self._line_no, k, k))
        if hdr["block"] not in blocks():
            raise VectorError("%s:%d: block: unknown block '%s'" % (path, hdr_line["block"], hdr["block"]))
        try:
            self.model = Model(hdr["block"], hdr["config"])
        except ValueError as e:
            raise VectorError("%s:%d: config: %s" % (path, hdr_line["config"], e)) from None
        want = [(n, "in", w) for n, w in self.model.inputs] + [(n, "out", w) for n, w in self.model.outputs]
        for i, (n, d, w, ln) in enumerate(cols):
            if i >= len(want) or n != want[i][0] or d != want[i][1]:
                raise VectorError("%s:%d: column: '%s %s', the configuration's column %d is %s"
                                  % (path, ln, n, d, i + 1,
                                     "'%s %s'" % want[i][:2] if i < len(want) else "not there"))
            if w != want[i][2]:
                raise VectorError("%s:%d: %s: width %d, the configuration gives %d"
                                  % (path, ln, n, w, want[i][2]))
        if len(cols) != len(want):
            raise VectorError("%s:%d: column: %d columns, the configuration gives %d (first missing: %s)"
                              % (path, self._line_no, len(cols), len(want), want[len(cols)][0]))
        try:
            self.cycles = int(hdr["cycles"])
        except ValueError:
            raise VectorError("%s:%d: cycles: '%s' is not a number"
                              % (path, hdr_line["cycles"], hdr["cycles"])) from None
        self.block = hdr["block"]
        self.config = hdr["config"]
        self._cols = [(n, d, w) for n, d, w, _ in cols]

    def _content(self) -> Iterator[str]:
        """the file's next lines that hold anything but blanks and a comment,
        the comment cut off; each line counted and checked (its newline, no
        NUL) on the way (the header reader and the rows both read them)"""
        for raw in self._f:
            self._line_no += 1
            if not raw.endswith("\n"):
                raise VectorError("%s:%d: line: last line has no newline (truncated file?)"
                                  % (self.path, self._line_no))
            if "\0" in raw:
                raise VectorError("%s:%d: line: NUL byte" % (self.path, self._line_no))
            content = raw.split("#", 1)[0]
            if content.strip():
                yield content

    def __iter__(self) -> Iterator[Tuple[int, Dict[str, int], Dict[str, int]]]:
        path, cols, nin = self.path, self._cols, len(self.model.inputs)
        rows = 0
        try:
            for line in self._content():
                fields = line.split()
                if len(fields) != len(cols):
                    raise VectorError("%s:%d: row: %d fields, %s has %d columns"
                                      % (path, self._line_no, len(fields), self.block, len(cols)))
                vals = [_hexfield(path, self._line_no, n, t, w) for (n, _, w), t in zip(cols, fields)]
                rows += 1
                yield (self._line_no, {n: v for (n, _, _), v in zip(cols[:nin], vals[:nin])},
                       {n: v for (n, _, _), v in zip(cols[nin:], vals[nin:])})
        finally:
            self._f.close()
        if rows != self.cycles:
            raise VectorError("%s:%d: cycles: header promises %d rows, file has %d%s"
                              % (path, self._line_no, self.cycles, rows, " (truncated?)" if rows < self.cycles else ""))


def mismatch_report(who: str, block: str, cycle: int, expected: Mapping[str, int],
                    actual: Mapping[str, Optional[int]], inputs: Mapping[str, int], where: str = "",
                    reproduce: str = "") -> str:
    """The kit's mismatch report for a testbench that compares a DUT with a
    Model every cycle (the cocotb test, the pyuvm scoreboard):

        MISMATCH <who> <block> at cycle N (<where>) port P: expected X, actual Y
          port    expected    actual
          <every output>                  (<-- MISMATCH on each that differs)
          inputs: NAME=VALUE ...
          reproduce: <the command>

    P is the first output that differs; an actual value None (x or z) is
    shown as x.  Raises ValueError when no output differs."""
    bad = [n for n in expected if actual.get(n) != expected[n]]
    if not bad:
        raise ValueError("mismatch_report: no output differs")
    def show(v: Optional[int]) -> str:
        return "x" if v is None else "%x" % v
    rows = ["MISMATCH %s %s at cycle %d%s port %s: expected %x, actual %s"
            % (who, block, cycle, " (%s)" % where if where else "", bad[0], expected[bad[0]],
               show(actual.get(bad[0]))),
            "  %-24s %18s %18s" % ("port", "expected", "actual")]
    rows += ["  %-24s %18x %18s%s" % (n, v, show(actual.get(n)), "   <-- MISMATCH" if n in bad else "")
             for n, v in expected.items()]
    rows.append("  inputs: " + " ".join("%s=%x" % kv for kv in inputs.items()))
    if reproduce:
        rows.append("  reproduce: " + reproduce)
    return "\n".join(rows)


def replay(path: str) -> int:
    """Replays a golden vector file (docs/vector-format.md) on a fresh model of
    its block and configuration, comparing every output every cycle.  Returns
    the number of cycles; raises MismatchError naming the cycle, the line and
    the port, or VectorError for a malformed file."""
    vec = Vectors(path)
    cycle = 0
    for line_no, inputs, expected in vec:
        got = vec.model.cycle(inputs)
        for n, v in expected.items():
            if got[n] != v:
                raise MismatchError("MISMATCH python %s at cycle %d (%s line %d) port %s: "
                                    "expected %x, actual %x"
                                    % (vec.block, cycle, path, line_no, n, v, got[n]))
        cycle += 1
    return cycle


def main(argv: List[str]) -> int:
    """python -m cachetwin FILE...: replays each file; exit 0, 1 on a
    mismatch, 2 on a file it cannot read."""
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m cachetwin FILE...   replay golden vector files on the C models\n"
              "       python -m cachetwin --blocks  the block catalogue with its presets")
        return 0 if argv else 2
    if argv[0] == "--blocks":
        for b in blocks():
            print("%-14s %s" % (b, " ".join(presets(b))))
        return 0
    rc = 0
    for p in argv:
        try:
            print("PASS python %s: %d cycles" % (p, replay(p)))
        except (MismatchError, VectorError, OSError) as e:
            print(e)
            rc = max(rc, 1 if isinstance(e, MismatchError) else 2)
    return rc
