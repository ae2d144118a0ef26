"""vcd.py - one reader of Value Change Dump files for the kit's scripts: the
formal flow's solver traces (formal.py) and the power flow's toggle counts
(power/sta.py).

read(path) yields, in file order:
  ("var", scope, code, width, name, range)  a $var line: scope the list of
      enclosing $scope names, range "[hi:lo]" or None
  ("time", text)                            a #time line
  ("scalar", code, char)                    a scalar change: 0 1 x z (X Z)
  ("vector", code, bits)                    a b... vector change, as written
Other lines ($dumpvars, $end, real values) yield nothing.
"""


def read(path):
    scope = []
    with open(path, errors="replace") as f:
        for line in f:
            w = line.split()
            if not w:
                continue
            t = w[0]
            if t == "$scope":
                scope.append(w[2] if len(w) > 2 else "")
            elif t == "$upscope":
                if scope:
                    scope.pop()
            elif t == "$var" and len(w) >= 5:
                rng = w[5] if len(w) > 6 and w[5].startswith("[") else None
                yield ("var", list(scope), w[3], int(w[2]), w[4], rng)
            elif t[0] == "#":
                yield ("time", t[1:])
            elif t[0] in "bB" and len(w) == 2:
                yield ("vector", w[1], t[1:])
            elif t[0] in "01xzXZ" and len(w) == 1 and len(t) > 1:
                yield ("scalar", t[1:], t[0])
