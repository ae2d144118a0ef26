"""ctcov.py - the functional coverage lines the kit prints, read and merged.

Every run of a C model on its stimulus or on a vector file prints its bins
as "coverage: ..." lines (ct_cov.h, ct_run.h; a block's own report in the
same form): `name count` pairs, `label k:count` lists ("hits per way 0:25"),
a marker in parentheses after a bin ("(HOLE)": the configuration can show it
and the run did not; "(not possible ...)"), and verdict lines ("coverage:
complete ...", "INCOMPLETE ...", "states ...") that hold no bins.

parse(line)          [(bin, count, marker)] of one line, None for a verdict
merge(texts)         {bin: [count, markers]} and the bins' order over texts
holes(merged)        the bins no text hit that a run called a HOLE
Used by scripts/regress/report.py, scripts/vector_bins.py and
scripts/check_rtl.py.
"""
import re

COLON_BIN = re.compile(r"^(.+):(\d+)$")


def parse(line):
    """[(bin, count, marker)] of one 'coverage: ...' line; None if it is a
    verdict or state line."""
    toks = line.split()[1:]
    if not toks or toks[0] in ("states", "complete,", "INCOMPLETE,"):
        return None
    bins, prefix, i = [], [], 0
    while i < len(toks):
        t, name, count = toks[i], None, None
        m = COLON_BIN.match(t)
        if m:
            name, count, i = " ".join(prefix + [m.group(1)]), int(m.group(2)), i + 1
        elif i + 1 < len(toks) and toks[i + 1].isdigit():
            name, count, i = t, int(toks[i + 1]), i + 2
            prefix = []
        else:
            prefix.append(t)  # a label for the bins after it ("hits per way")
            i += 1
            continue
        marker = ""
        if i < len(toks) and toks[i].startswith("("):
            words = []
            while i < len(toks):
                words.append(toks[i])
                i += 1
                if words[-1].endswith(")"):
                    break
            marker = " ".join(words)[1:-1]
        bins.append((name, count, marker))
    return bins


def merge(texts):
    """({bin: [count, {markers}]}, [bins in first-seen order]) over the
    coverage lines of every text"""
    merged, order = {}, []
    for text in texts:
        for line in text.splitlines():
            if not line.startswith("coverage:"):
                continue
            for name, count, marker in parse(line) or []:
                if name not in merged:
                    merged[name] = [0, set()]
                    order.append(name)
                merged[name][0] += count
                if marker:
                    merged[name][1].add(marker)
    return merged, order


def holes(merged, order):
    """the bins no text hit that some run called a HOLE (the configuration
    can show them)"""
    return [n for n in order if merged[n][0] == 0 and "HOLE" in merged[n][1]]
