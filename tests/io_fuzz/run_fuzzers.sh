#!/bin/sh
# Runs every fuzzer (the readers', the core/lang parser's and interpreter's, optimize's) for
# FUZZ_SECONDS each, leak detection on, seeded from the real fixtures and the language corpus;
# corpora and crash files stay in BUILD/corpus and BUILD/findings. FUZZ_ONLY="NAME..." picks some.
# usage: run_fuzzers.sh BUILD_DIR FIXTURES_DIR SECONDS
set -u
build=$1 fixtures=$2 seconds=$3
status=0
seed() { # seed NAME FIND-ARGS...: copy fixtures under 256 KiB matching FIND-ARGS into the corpus
    name=$1; shift
    mkdir -p "$build/corpus/$name"
    find "$fixtures" -type f -size -256k "$@" -exec cp {} "$build/corpus/$name/" \; 2>/dev/null
}
seed graphdef_binary -name '*.pb'
seed graphdef_text -name '*.pbtxt'
seed meta_graph -name '*.meta'
seed saved_model -name saved_model.pb
seed events -name '*tfevents*'
seed tfrecord -name '*tfevents*'
seed sstable -name '*.index'
seed checkpoint -name '*.index'
# Keras files (issue #19): the real ones committed under tests/data/keras_io
mkdir -p "$build/corpus/hdf5" "$build/corpus/zip"
find "$(dirname "$0")/../data/keras_io" -name '*.h5' -exec cp {} "$build/corpus/hdf5/" \; 2>/dev/null
find "$(dirname "$0")/../data/keras_io" \( -name '*.keras' -o -name '*.zip' \) -exec cp {} "$build/corpus/zip/" \; 2>/dev/null
seed passes_fuzz_optimize -name '*.pb' ! -name saved_model.pb ! -name fingerprint.pb ! -name keras_metadata.pb
mkdir -p "$build/corpus/lang_fuzz_interp" "$build/corpus/lang_fuzz_parser"
find "$(dirname "$0")/../lang/corpus" -name '*.py' -size -64k -exec cp {} "$build/corpus/lang_fuzz_interp/" \; 2>/dev/null
find "$(dirname "$0")/../lang/corpus" -name '*.py' -size -64k -exec cp {} "$build/corpus/lang_fuzz_parser/" \; 2>/dev/null
# the re engine: patterns from the re corpus scripts (flags byte, pattern, newline, subject)
mkdir -p "$build/corpus/lang_fuzz_regex"
i=0
for p in '(\d+)-(\d+)' '(?P<k>\w+)\s*:\s*(?P<v>[^;]+)' '(a|)*' '(?<=a)b(?!c)' '(a)?(?(1)b|c)' '(?>a+)b' 'a{2,3}?' \
    '[^\W\d_]+' '(?i)h.llo$' '(?x) a b # c' '\bx\B' '(?:(a)|b)*\1'; do
    i=$((i + 1))
    printf ' %s\nabc 12-34 aab hello x:1; key : value\n' "$p" > "$build/corpus/lang_fuzz_regex/seed$i"
done
mkdir -p "$build/findings"
only=${FUZZ_ONLY:-}
for fuzzer in "$build"/tests/io_fuzz/io_fuzz_* "$build"/tests/lang_frontend/lang_fuzz_parser \
    "$build"/tests/lang_interp/lang_fuzz_interp "$build"/tests/lang_interp/lang_fuzz_regex \
    "$build"/tests/passes/passes_fuzz_optimize; do
    [ -x "$fuzzer" ] || continue
    name=$(basename "$fuzzer" | sed 's/^io_fuzz_//')
    # FUZZ_ONLY="a b": just these fuzzers (names as printed)
    if [ -n "$only" ] && ! echo " $only " | grep -q " $name "; then continue; fi
    mkdir -p "$build/corpus/$name"
    echo "== $name: $seconds s"
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=0 "$fuzzer" -max_total_time="$seconds" -max_len=65536 \
        -rss_limit_mb=4096 -malloc_limit_mb=2048 -timeout=20 -print_final_stats=1 \
        -artifact_prefix="$build/findings/$name-" "$build/corpus/$name" > "$build/findings/$name.log" 2>&1
    rc=$?
    grep -E "^#[0-9]+.*DONE|stat::number_of_executed_units|SUMMARY|FINDING|ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)" \
        "$build/findings/$name.log" | head -5
    if [ $rc -ne 0 ]; then echo "   $name: finding (exit $rc), see $build/findings/$name.log"; status=1; fi
done
exit $status
