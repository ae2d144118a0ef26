# docs: README.md is a landing page, the user documentation holds no
# development history and no dead link (scripts/docs.py check), its generated
# parts are current (the make-target table, the floors), and the rule checker
# can fail: a copy of the docs with an issue number, a date in prose, a dead
# link or a reference to a document outside the tree is refused, named.
section docs

mark quick
expect "README and docs: a landing page, no history, no dead link, LICENSE/CONTRIBUTING/CHANGELOG present" 0 \
    "OK" python3 scripts/docs.py check
expect "README's make-target table is make help's (make docs)" 0 "is current" python3 scripts/docs.py targets --check README.md
expect "README's floors table is scripts/layers.py's (make docs)" 0 "OK" python3 scripts/layers.py --check README.md
# docs_planted LINE FILE: a copy of README, docs and the licence files with LINE appended to FILE, checked
docs_planted() {
    local d=$tmp/dp.$RANDOM$RANDOM
    mkdir -p "$d" && cp -r README.md CONTRIBUTING.md CHANGELOG.md LICENSE docs "$d/" && printf '%s\n' "$1" >> "$d/$2" &&
        python3 scripts/docs.py check "$d"
}
expect "docs check refuses an issue number in a doc" 1 "docs/area.md:" docs_planted "As issue 51 asked." docs/area.md
expect "docs check refuses a date in prose (a measurement is a table row)" 1 "a date outside a measurement table" \
    docs_planted "Measured on 2026-11-28 here." docs/speed.md
expect "docs check refuses a dead link, naming it" 1 "link to nothing.md: no such file" docs_planted "[x](nothing.md)" docs/area.md
expect "docs check refuses a link to a heading that does not exist" 1 "has no heading '#no-such-heading'" \
    docs_planted "[x](formal.md#no-such-heading)" docs/area.md
expect "docs check refuses a paper named by the word seed" 1 "a paper named 'seed 00N'" docs_planted "As seed 004 says." README.md
expect "docs check refuses a reference to a document outside the tree" 1 "names a document that is not in the repository" \
    docs_planted "See PAPER-""NOTES 3B." docs/blocks/ccn.md
readme_long() { local d=$tmp/dl; mkdir -p "$d" && cp -r README.md CONTRIBUTING.md CHANGELOG.md LICENSE docs "$d/" &&
                printf '\n%.0s' $(seq 300) >> "$d/README.md" && python3 scripts/docs.py check "$d"; }
expect "docs check refuses a README longer than a landing page" 1 "lines, more than 250 (a landing page" readme_long
wheel_licence() {
    make -s wheel >/dev/null && python3 - build/wheel/cachetwin-*.whl <<'PYEOF'
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
meta = [n for n in z.namelist() if n.endswith(".dist-info/METADATA")][0]
text = z.read(meta).decode()
assert "License: Apache-2.0" in text, text
lic = [n for n in z.namelist() if n.endswith(".dist-info/LICENSE")]
assert lic and b"Apache License" in z.read(lic[0]), z.namelist()
print("wheel: License: Apache-2.0, LICENSE carried")
PYEOF
}
expect "the wheel's metadata says Apache-2.0 and carries LICENSE" 0 "License: Apache-2.0, LICENSE carried" wheel_licence
