"""libpower.py - the internal energy of a gate netlist from a liberty's own
tables (docs/power.md, "Internal energy from the liberty's tables").

A liberty cell's `internal_power` groups give the energy a cell draws inside
itself on a transition, beyond charging its load: on an output pin, one
table per input pin (`related_pin`) indexed by the output's load and that
input's transition time; on an input pin (a flop's clock and data), a table
indexed by the pin's own transition time.  Pricing them needs each pin's
transition time, so this module also propagates transition times through the
netlist as a static timer does: input ports and the (ideal) clock 0 ns, every
cell output the worst over its timing arcs of the liberty's rise/fall
transition table at its input's transition and its load (the input pins it
drives; no wire), inputs by the arc's unateness.

Two ways to add the groups up, both here:
  * the liberty's meaning (what the kit reports): an output transition costs
    the weighted mean over its groups of the mean of the group's rise and fall
    energy, each group weighted by the chance that its input caused the
    transition (the probability that the output is sensitive to that input,
    the Boolean difference, inputs equiprobable; a group with a `when` by the
    chance of its condition); an input pin's transition costs the mean of its
    rise and fall energy (a `when` group: x the chance of its condition);
  * OpenSTA 2019's (Debian 12's opensta, kept to cross-check the tables,
    the slews and the loads against it): every group's rise AND fall energy
    charged on every transition, x a duty that is 1 for a group whose input
    is the clock, the chance of the "when" OpenSTA infers from the function
    for a simple AND/OR/XOR with the input, 0.5 otherwise; not normalised
    over the groups.  Later OpenSTA releases average rise and fall and
    normalise the weights, as the liberty's meaning above.
"""
import itertools
import re


class LibertyError(Exception):
    pass


# ---- the liberty as nested groups ----

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[A-Za-z0-9_.+\-!&|^\[\]\']+|[{}():;,]')


def parse(text, path="liberty"):
    """the liberty text as nested groups: (kind, name, {attr: value}, [group]);
    what it cannot read is named with the file and line"""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = text.replace("\\\n", " \n")
    found = [(m.group(0), m.start()) for m in _TOKEN.finditer(text)]
    toks = [t for t, _ in found]
    pos = 0

    def where(i):
        at = found[min(i, len(found) - 1)][1] if found else 0
        return "%s:%d" % (path, text.count("\n", 0, at) + 1)

    def group(kind, args):
        nonlocal pos
        attrs, kids = {}, []
        while pos < len(toks) and toks[pos] != "}":
            name = toks[pos]
            pos += 1
            if pos >= len(toks):
                break
            if toks[pos] == ":":
                vals = []
                pos += 1
                while pos < len(toks) and toks[pos] not in (";", "}"):
                    vals.append(toks[pos].strip('"'))
                    pos += 1
                if pos < len(toks) and toks[pos] == ";":
                    pos += 1
                attrs[name] = " ".join(vals)
            elif toks[pos] == "(":
                pos += 1
                vals = []
                while pos < len(toks) and toks[pos] != ")":
                    if toks[pos] != ",":
                        vals.append(toks[pos].strip('"'))
                    pos += 1
                pos += 1
                if pos < len(toks) and toks[pos] == "{":
                    start = pos
                    pos += 1
                    kids.append(group(name, vals))
                    if pos >= len(toks):
                        raise LibertyError("%s: the group %s (%s) is not closed" % (where(start), name, " ".join(vals)))
                    pos += 1
                else:
                    if pos < len(toks) and toks[pos] == ";":
                        pos += 1
                    attrs[name] = vals
            else:
                raise LibertyError("%s: cannot read the liberty near '%s %s'" % (where(pos), name, toks[pos]))
        return (kind, " ".join(args), attrs, kids)

    if len(toks) < 4 or toks[0] != "library" or toks[1] != "(":
        raise LibertyError("%s: not a liberty (no library group)" % path)
    pos = toks.index("{") + 1
    lib = group("library", [toks[2]])
    if pos >= len(toks):
        raise LibertyError("%s: the library group is not closed" % where(len(toks) - 1))
    return lib


def floats(v):
    """the numbers of a liberty value list ("1, 2", or ["1, 2", "3"] for rows)"""
    return [float(x) for x in ",".join(v if isinstance(v, list) else [v]).replace(" ", "").split(",") if x]


class Table:
    """a liberty lookup table: values over one or two axes named by its
    template's variables; looked up by bilinear interpolation, extrapolated
    linearly from the end intervals outside the axes (as OpenSTA does)"""

    def __init__(self, attrs, template):
        self.vars = [template.get("variable_1"), template.get("variable_2")]
        self.axes = [floats(attrs[k]) if k in attrs else floats(template.get(k, []))
                     for k in ("index_1", "index_2") if k in attrs or k in template]
        rows = [floats(r) for r in attrs["values"]]
        self.values = rows if len(self.axes) == 2 else [[v for r in rows for v in r]]
        if len(self.axes) == 1:
            self.vars = self.vars[:1]

    @staticmethod
    def _seg(axis, x):
        if len(axis) == 1:
            return 0, 0, 0.0
        i = 0
        while i < len(axis) - 2 and x > axis[i + 1]:
            i += 1
        return i, i + 1, (x - axis[i]) / (axis[i + 1] - axis[i])

    def lookup(self, **by):
        """the value at {variable: value} (e.g. total_output_net_capacitance=,
        input_transition_time=)"""
        xs = [by[_VARS.get(v, v)] for v in self.vars]
        if len(self.axes) == 1:
            i, j, t = self._seg(self.axes[0], xs[0])
            row = self.values[0]
            return row[i] + (row[j] - row[i]) * t
        i, j, t = self._seg(self.axes[0], xs[0])
        k, m, u = self._seg(self.axes[1], xs[1])
        v = self.values
        a = v[i][k] + (v[i][m] - v[i][k]) * u
        b = v[j][k] + (v[j][m] - v[j][k]) * u
        return a + (b - a) * t


# template variable names, by what they measure
_VARS = {"total_output_net_capacitance": "cap", "input_transition_time": "slew", "input_net_transition": "slew"}


# ---- Boolean functions of the liberty ----

def function(text):
    """a liberty function ('(!((A B)+C))', 'S&R') as (ports, f(dict) -> 0/1)"""
    toks = re.findall(r"[A-Za-z_][A-Za-z0-9_]*|[!()+|&*^']|[01]", text)
    pos = 0

    def primary():
        nonlocal pos
        t = toks[pos]
        pos += 1
        if t == "!":
            a = primary()
            v = lambda e, a=a: 1 - a(e)
        elif t == "(":
            v = expr()
            pos += 1
        elif t in ("0", "1"):
            v = lambda e, c=int(t): c
        else:
            v = lambda e, n=t: e[n]
        while pos < len(toks) and toks[pos] == "'":
            pos += 1
            v = lambda e, a=v: 1 - a(e)
        return v

    def term():
        nonlocal pos
        v = primary()
        while pos < len(toks) and toks[pos] not in ("+", "|", "^", ")"):
            if toks[pos] in ("&", "*"):
                pos += 1
            b = primary()
            v = lambda e, a=v, b=b: a(e) & b(e)
        return v

    def xterm():
        nonlocal pos
        v = term()
        while pos < len(toks) and toks[pos] == "^":
            pos += 1
            b = term()
            v = lambda e, a=v, b=b: a(e) ^ b(e)
        return v

    def expr():
        nonlocal pos
        v = xterm()
        while pos < len(toks) and toks[pos] in ("+", "|"):
            pos += 1
            b = xterm()
            v = lambda e, a=v, b=b: a(e) | b(e)
        return v

    ports = sorted({t for t in toks if re.match(r"[A-Za-z_]", t)})
    f = expr()
    return ports, f


def probability(fn, fixed=None):
    """the chance that fn = (ports, f) is 1 with its ports equiprobable and
    independent (those in `fixed` held)"""
    ports, f = fn
    free = [p for p in ports if p not in (fixed or {})]
    n = 0
    for bits in itertools.product((0, 1), repeat=len(free)):
        e = dict(fixed or {})
        e.update(zip(free, bits))
        n += f(e)
    return n / float(2 ** len(free))


def sensitivity(fn, port):
    """the chance that the output of fn follows a change of `port` (the
    Boolean difference, the other inputs equiprobable)"""
    ports, f = fn
    if port not in ports:
        return 0.0
    others = [p for p in ports if p != port]
    n = 0
    for bits in itertools.product((0, 1), repeat=len(others)):
        e = dict(zip(others, bits))
        n += f(dict(e, **{port: 0})) != f(dict(e, **{port: 1}))
    return n / float(2 ** len(others))


def inferred_when(func_text, port):
    """the condition OpenSTA 2019 infers for an output's group related to
    `port` from the output's function: the function is (!)X op Y with X the
    port (op AND: Y; OR, XOR: !Y), or the port alone (always); else none.
    Returns (ports, f) or None."""
    t = func_text.strip()
    while True:             # (x) -> x, !x -> x: OpenSTA recurses through NOT
        m = re.fullmatch(r"!?\((.*)\)", t)
        if m and _balanced(m.group(1)):
            t = m.group(1).strip()
        elif re.fullmatch(r"![A-Za-z_][A-Za-z0-9_]*", t):
            t = t[1:]
        else:
            break
    if t == port:
        return ([], lambda e: 1)
    parts = _split_top(t)
    if parts is None:
        return None
    left, op, right = parts
    for me, other in ((left, right), (right, left)):
        if re.fullmatch(r"!?%s" % re.escape(port), me.strip()):
            g = function(other)
            if op in ("+", "|", "^"):
                return (g[0], lambda e, f=g[1]: 1 - f(e))
            return g
    return None


def _balanced(s):
    d = 0
    for c in s:
        d += (c == "(") - (c == ")")
        if d < 0:
            return False
    return d == 0


def _split_top(t):
    """t as (left, op, right) at its last top-level binary operator of the
    loosest kind (OR, then XOR, then AND: a space or & between operands)"""
    for ops in (("+", "|"), ("^",), ("&", "*", " ")):
        d = 0
        for i in range(len(t) - 1, -1, -1):
            c = t[i]
            d += (c == ")") - (c == "(")
            if d == 0 and c in ops and t[:i].strip() and t[i + 1:].strip():
                if c == " " and (t[:i].rstrip()[-1:] in "!+|^&*(" or t[i + 1:].lstrip()[:1] in "+|^&*)"):
                    continue
                return t[:i].strip(), c, t[i + 1:].strip()
    return None


# ---- the cells ----

class Library:
    """the cells of a liberty: leakage, pins (direction, capacitance, function,
    clock), timing arcs (related pin, sense, transition tables) and internal
    power groups (related pin, when, rise/fall energy tables)"""

    def __init__(self, path):
        try:
            text = open(path, encoding="latin-1").read()
        except OSError as e:
            raise LibertyError("%s: %s" % (path, e.strerror))
        lib = parse(text, path)
        templates = {name: attrs for kind, name, attrs, _ in lib[3]
                     if kind in ("lu_table_template", "power_lut_template")}
        self.voltage = float(lib[2].get("nom_voltage", "0") or 0)
        self.leakage_unit = lib[2].get("leakage_power_unit", "")
        self.cells, self.leakage = {}, {}
        for kind, name, attrs, kids in lib[3]:
            if kind != "cell":
                continue
            self.leakage[name] = float(attrs.get("cell_leakage_power", 0) or 0)
            pins = {}
            for pk, pname, pa, pkids in kids:
                if pk != "pin":
                    continue
                pin = {"dir": pa.get("direction", ""), "cap": float(pa.get("capacitance", 0) or 0),
                       "function": pa.get("function"), "clock": pa.get("clock") == "true", "arcs": [], "power": []}
                for gk, _, ga, gkids in pkids:
                    tabs = {k: Table(a, templates.get(n, {})) for k, n, a, _ in gkids if "values" in a}
                    if gk == "timing" and ("rise_transition" in tabs or "fall_transition" in tabs):
                        pin["arcs"].append({"from": ga.get("related_pin"), "sense": ga.get("timing_sense", ""),
                                            "type": ga.get("timing_type", ""), "rise": tabs.get("rise_transition"),
                                            "fall": tabs.get("fall_transition")})
                    elif gk == "internal_power":
                        pin["power"].append({"from": ga.get("related_pin"), "when": ga.get("when"),
                                             "rise": tabs.get("rise_power"), "fall": tabs.get("fall_power")})
                pins[pname] = pin
            self.cells[name] = pins
        if not self.cells:
            raise LibertyError("%s: no cells" % path)

    def outputs(self, cell):
        return [p for p, d in self.cells[cell].items() if d["dir"] == "output"]


# ---- transition times, loads and internal energy of a netlist ----

def input_caps(lib):
    """{cell: {input pin: capacitance pF}} of a Library"""
    return {c: {p: d["cap"] for p, d in pins.items() if d["dir"] == "input"} for c, pins in lib.cells.items()}


def loads(caps, cells):
    """{net: the input-pin capacitance on it (pF)}, caps as input_caps gives
    them: the load a net's driver sees (no wire)"""
    load = {}
    for typ, _, pins in cells:
        for p, net in pins.items():
            if p in caps.get(typ, {}):
                load[net] = load.get(net, 0.0) + caps[typ][p]
    return load


def slews(lib, cells, load):
    """{net: (rise, fall) transition time, ns} of every net a cell drives;
    input ports and the clock 0.  Cells in topological order of their
    combinational arcs; a flop's outputs from its clock arc."""
    drv = {}
    for ci, (typ, _, pins) in enumerate(cells):
        for p in lib.outputs(typ):
            if p in pins:
                drv[pins[p]] = ci
    out = {}
    state = {}

    def slew_of(net):
        if net in out:
            return out[net]
        ci = drv.get(net)
        if ci is None:
            return (0.0, 0.0)
        visit(ci)
        return out.get(net, (0.0, 0.0))

    def visit(ci):
        stack = [ci]
        while stack:
            c = stack[-1]
            if state.get(c) == 2:
                stack.pop()
                continue
            typ, _, pins = cells[c]
            state[c] = 1
            pending = []
            for p in lib.outputs(typ):
                for arc in lib.cells[typ][p]["arcs"]:
                    src = pins.get(arc["from"])
                    if src in out or src not in drv or _seq(arc):
                        continue
                    d = drv[src]
                    if state.get(d) != 2 and state.get(d) != 1:
                        pending.append(d)
            if pending:
                stack.extend(pending)
                continue
            for p in lib.outputs(typ):
                if p not in pins:
                    continue
                c_load = load.get(pins[p], 0.0)
                rise = fall = 0.0
                for arc in lib.cells[typ][p]["arcs"]:
                    src = pins.get(arc["from"])
                    if src is None:
                        continue
                    if _seq(arc):
                        sr = sf = 0.0     # the ideal clock's edge
                    else:
                        sr, sf = out.get(src, (0.0, 0.0))
                    if arc["sense"] == "positive_unate":
                        pairs = ((sr, sf),)
                    elif arc["sense"] == "negative_unate":
                        pairs = ((sf, sr),)
                    else:
                        pairs = ((sr, sf), (sf, sr), (max(sr, sf), max(sr, sf)))
                    for in_r, in_f in pairs:
                        if arc["rise"]:
                            rise = max(rise, arc["rise"].lookup(cap=c_load, slew=in_r))
                        if arc["fall"]:
                            fall = max(fall, arc["fall"].lookup(cap=c_load, slew=in_f))
                out[pins[p]] = (rise, fall)
            state[c] = 2
            stack.pop()

    for ci in range(len(cells)):
        visit(ci)
    return {n: slew_of(n) for n in drv}


def clock_nets(lib, cells, clock):
    """the clock net and every net a cell drives from it through its
    combinational arcs (a buffered clock tree): they toggle twice a cycle"""
    nets, grew = {clock}, True
    while grew:
        grew = False
        for typ, _, pins in cells:
            for p in lib.outputs(typ):
                if p in pins and pins[p] not in nets and any(
                        pins.get(a["from"]) in nets and not _seq(a) for a in lib.cells[typ][p]["arcs"]):
                    nets.add(pins[p])
                    grew = True
    return nets


def _seq(arc):
    return arc["type"] in ("rising_edge", "falling_edge", "clear", "preset", "three_state_enable",
                           "three_state_disable")


def internal(lib, cells, clock, act, convention="liberty"):
    """internal energy (pJ a cycle) of a netlist whose nets toggle act(net)
    times a cycle (the clock twice), by the liberty's meaning or OpenSTA
    2019's (the module's header); returns (total, {cell type: pJ})"""
    load = loads(input_caps(lib), cells)
    sl = slews(lib, cells, load)
    clocks = clock_nets(lib, cells, clock)
    funcs = {}
    total, by = 0.0, {}
    for typ, _, pins in cells:
        e_cell = 0.0
        for p, net in pins.items():
            d = lib.cells[typ].get(p)
            if not d or not d["power"]:
                continue
            a_to = 2.0 if net in clocks else act(net)
            if a_to == 0:
                continue
            is_out = d["dir"] == "output"
            c_load = load.get(net, 0.0) if is_out else 0.0
            groups = []
            for g in d["power"]:
                src = pins.get(g["from"]) if g["from"] else net
                if src is None:
                    continue
                s = sl.get(src, (0.0, 0.0)) if src not in clocks else (0.0, 0.0)   # the ideal clock
                if convention != "opensta-2019" and _sense(d, g["from"]) == "negative_unate":
                    s = (s[1], s[0])        # an output rise follows an input fall
                er = g["rise"].lookup(cap=c_load, slew=s[0]) if g["rise"] else 0.0
                ef = g["fall"].lookup(cap=c_load, slew=s[1]) if g["fall"] else 0.0
                groups.append((g, src, er, ef))
            if convention == "opensta-2019":
                for g, src, er, ef in groups:
                    e_cell += (er + ef) * _duty_2019(d, g, src, net, clocks, act, funcs) * a_to
            else:
                if is_out:
                    w = [_weight(d, g, src, clocks, act, funcs) for g, src, _, _ in groups]
                    tot = sum(w)
                    if tot > 0:
                        e_cell += a_to * sum(wi / tot * 0.5 * (er + ef) for wi, (_, _, er, ef) in zip(w, groups))
                else:
                    for g, src, er, ef in groups:
                        c = probability(_fn(g["when"], funcs)) if g["when"] else 1.0
                        e_cell += a_to * c * 0.5 * (er + ef)
        total += e_cell
        by[typ] = by.get(typ, 0.0) + e_cell
    return total, by


def _sense(d, frm):
    for arc in d["arcs"]:
        if arc["from"] == frm:
            return arc["sense"]
    return ""


def _fn(text, cache):
    if text not in cache:
        cache[text] = function(text)
    return cache[text]


def _weight(d, g, src, clocks, act, funcs):
    """the chance that a transition of the output came through group g: how
    often its input changes (a clock: its one active edge a cycle) x the
    chance the output follows it (the group's `when`, else the Boolean
    difference of the output's function, else one half; a clock's group
    without either: always)"""
    a = 1.0 if src in clocks else act(src)
    if g["when"]:
        return a * probability(_fn(g["when"], funcs))
    if d["function"] and g["from"]:
        fn = _fn(d["function"], funcs)
        if g["from"] in fn[0]:
            return a * sensitivity(fn, g["from"])
    return a if src in clocks else a * 0.5


def _duty_2019(d, g, src, net, clocks, act, funcs):
    """OpenSTA 2019's duty of group g on pin d (connected to net)"""
    if g["from"] and not g["when"] and d["function"]:
        iw = inferred_when(d["function"], g["from"])
        if iw is not None:
            a_from = 2.0 if src in clocks else act(src)
            a_to = 2.0 if net in clocks else act(net)
            return a_from / a_to * probability(iw) if a_to else 0.0
    if g["when"]:
        return probability(_fn(g["when"], funcs))
    if src in clocks:
        return 1.0
    return 0.5
