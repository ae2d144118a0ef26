# fuzz: the libFuzzer targets of tb/fuzz/ (vector reader and replay,
# configuration parser, trace reader, importers): corpus replayed, every
# planted memory bug caught by its corpus under the sanitizers, then a short
# run of each target from its corpus (make fuzz runs 60 s each;
# docs/fuzzing.md).  It needs nothing built: background, after section build.
section fuzz bg build

# its sanitizer builds and runs take 25 s on an idle 2-core machine, but as a
# background section (nice 10) behind the foreground's builds a loaded one
# gave it 600 s and more: the limit is the mutants' (a hang still ends)
limit 900
multi "make fuzz (3 s a target): no crash, every planted bug caught" scripts/fuzz.sh --test 3
