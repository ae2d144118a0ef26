# fuzz: the libFuzzer targets of tb/fuzz/ (vector reader and replay,
# configuration parser, trace reader, importers): corpus replayed, every
# planted memory bug caught by its corpus under the sanitizers, then a short
# run of each target from its corpus (make fuzz runs 60 s each;
# docs/fuzzing.md).  It needs nothing built: background, after section build.
section fuzz bg build

multi "make fuzz (3 s a target): no crash, every planted bug caught" scripts/fuzz.sh --test 3
