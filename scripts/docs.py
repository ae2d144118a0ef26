#!/usr/bin/env python3
"""docs.py - the user documentation's generated parts and its own rules.

  docs.py targets --write FILE | --check FILE
        the table of make targets between FILE's `<!-- make-targets -->` and
        `<!-- /make-targets -->` lines, made from the Makefile's help lines
        (`## NAME  text`, continued by `##` lines indented past the name):
        one source, `make help` and the table
  docs.py check [ROOT]
        the rules of README.md and docs/ (CHANGELOG.md holds the history):
          - README.md has at most README_MAX lines (a landing page);
          - no development history: no "issue N", no "session(s)", and a date
            only in a table row (a measurement's provenance: commit, machine,
            date);
          - no paper named by the word "seed" (the papers are "LoSCache [000]"
            ...: docs/papers.md; "seed" is the random seed);
          - every relative link of a page names a file of the tree, and an
            anchor a heading of that file;
          - no file of the tree (docs, code, scripts) names a document the
            tree does not hold (the project's reference notes outside it):
            a fact is cited by its source, the paper, section and table;
          - LICENSE, CONTRIBUTING.md and CHANGELOG.md exist.
        Prints each broken rule with its file and line; exit 1 when one is
        broken, 0 otherwise.
"""
import os
import re
import sys

README_MAX = 250
HISTORY = [(re.compile(r"\bissues? #?\d+", re.I), "an issue number"),
           (re.compile(r"\bsessions?\b", re.I), "the word session"),
           (re.compile(r"\bseeds? 00[0-4]\b", re.I), "a paper named 'seed 00N' (write LoSCache [000] ...)")]
OUTSIDE = re.compile(r"\b(SPEC\.md|PAPER-NOTES|RESEARCH-NEXT|STYLE\.md|TOOLCHAIN\.md|DEVELOPERS\.md)|\.\./shared/")
DATE = re.compile(r"\b20\d\d-[01]\d-[0-3]\d\b")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def help_rows(makefile):
    """[(target, text)] from the Makefile's `## ` lines"""
    rows = []
    for line in open(makefile):
        if not line.startswith("## "):
            continue
        body = line[3:].rstrip("\n")
        m = re.match(r"(\S+(?: \S+)*?)\s{2,}(.*)$", body)
        if body.startswith(" ") and rows:
            rows[-1][1] += " " + body.strip()
        elif m:
            rows.append([m.group(1), m.group(2).strip()])
    return rows


def targets_table(makefile):
    out = ["| target | what it does |", "|---|---|"]
    for name, text in help_rows(makefile):
        t = "`make`" if name == "(default)" else "`make %s`" % name
        text = text.replace("|", "\\|")
        out.append("| %s | %s |" % (t, text))
    return "\n".join(out) + "\n"


def splice(path, tag, text):
    s = open(path).read()
    m = re.search(r"(<!-- %s -->\n)(.*?)(<!-- /%s -->)" % (tag, tag), s, re.S)
    if not m:
        return s, None
    return s, s[:m.start(2)] + text + s[m.end(2):]


def slug(heading):
    """GitHub's anchor of a heading"""
    h = heading.strip().lower()
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")


def anchors(path):
    out, fence = set(), False
    for line in open(path, errors="replace"):
        if line.startswith("```"):
            fence = not fence
        elif not fence and line.startswith("#"):
            out.add(slug(line.lstrip("#")))
    return out


def doc_files(root):
    files = [os.path.join(root, "README.md"), os.path.join(root, "CONTRIBUTING.md")]
    for d, _, fs in os.walk(os.path.join(root, "docs")):
        files += [os.path.join(d, f) for f in sorted(fs) if f.endswith(".md")]
    return [f for f in files if os.path.isfile(f)]


def check(root):
    problems = []
    readme = os.path.join(root, "README.md")
    n = sum(1 for _ in open(readme))
    if n > README_MAX:
        problems.append("README.md: %d lines, more than %d (a landing page: move details to docs/)" % (n, README_MAX))
    for need in ("LICENSE", "CONTRIBUTING.md", "CHANGELOG.md"):
        if not os.path.isfile(os.path.join(root, need)):
            problems.append("%s is missing" % need)
    for f in doc_files(root):
        rel = os.path.relpath(f, root)
        fence = False
        for k, line in enumerate(open(f, errors="replace"), 1):
            if line.startswith("```"):
                fence = not fence
            for rx, what in HISTORY:
                if rx.search(line):
                    problems.append("%s:%d: %s (history goes to CHANGELOG.md): %s" % (rel, k, what, line.strip()[:100]))
            if DATE.search(line) and not line.lstrip().startswith("|"):
                problems.append("%s:%d: a date outside a measurement table (history goes to CHANGELOG.md; a "
                                "measurement is a table row with its commit, machine and date): %s"
                                % (rel, k, line.strip()[:100]))
            if fence:
                continue
            for target in LINK.findall(line):
                if re.match(r"[a-z]+:", target) or target.startswith("#") and not target[1:]:
                    continue
                path, _, frag = target.partition("#")
                dest = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
                if not os.path.exists(dest):
                    problems.append("%s:%d: link to %s: no such file" % (rel, k, target))
                elif frag and dest.endswith(".md") and frag not in anchors(dest):
                    problems.append("%s:%d: link to %s: %s has no heading '#%s'"
                                    % (rel, k, target, os.path.relpath(dest, root), frag))
    for f in tree_files(root):
        try:
            text = open(f, encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        for k, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                problems.append("%s:%d: names a document that is not in the repository (cite the paper, section "
                                "and table instead): %s" % (os.path.relpath(f, root), k, line.strip()[:100]))
    return problems


def tree_files(root):
    """the tree's text files: docs, code, scripts (not the fuzz corpus: inputs, not prose)"""
    skip = {".git", "build", "corpus", "img", "waves"}
    me = os.path.abspath(__file__)
    for d, ds, fs in os.walk(root):
        ds[:] = [x for x in ds if x not in skip]
        for f in fs:
            p = os.path.join(d, f)
            if os.path.abspath(p) != me and f.endswith((".md", ".c", ".h", ".v", ".sv", ".svh", ".py", ".sh", ".cpp",
                                                        ".txt", ".core", ".area", ".toml")) or f == "Makefile":
                yield p


def main(argv):
    if len(argv) >= 3 and argv[0] == "targets" and argv[1] in ("--write", "--check"):
        text = targets_table("Makefile")
        old, new = splice(argv[2], "make-targets", text)
        if new is None:
            print("docs: %s has no <!-- make-targets --> ... <!-- /make-targets --> lines" % argv[2])
            return 1
        if argv[1] == "--write":
            if new != old:
                open(argv[2], "w").write(new)
                print("docs: wrote the make-target table into %s" % argv[2])
            return 0
        if new != old:
            print("docs: %s: the make-target table is not make help's (run make docs)" % argv[2])
            return 1
        print("docs: %s: the make-target table is current" % argv[2])
        return 0
    if argv and argv[0] == "check":
        root = argv[1] if len(argv) > 1 else "."
        problems = check(root)
        for p in problems:
            print("FAIL docs: " + p)
        print("docs: %d pages checked; %s" % (len(doc_files(root)),
                                             "OK" if not problems else "%d problems" % len(problems)))
        return 1 if problems else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
