#!/bin/sh
# Fuzz LayerScope's layout readers (JSON, YAML), command parser, animation and step commands,
# save round trips of random scenes, the explorer's reducer, and follow mode's feed (mutated
# records, numbers, text and pieces: COUNT/100 feeds).
#
#   scripts/fuzz.sh [COUNT] [SEED]      seeded mutation run: COUNT inputs per target (a tenth
#                                       as many round trips, COUNT/100 explorer actions per
#                                       shipped scene; default 340000: well over a million in
#                                       all), release build
#   scripts/fuzz.sh libfuzzer [ARGS…]   coverage-guided run with libFuzzer (-sanitize=fuzzer);
#                                       ARGS go to libFuzzer (e.g. -runs=1000000 -max_total_time=600)
#
# The mutation run is deterministic: the same SEED gives the same inputs, and a trap names
# the target in its output. Both use the corpus of Layouts/ and Tests/LayoutFilesTests/Malformed/layouts and Tests/EngineTests/Malformed/scripts.
set -eu
cd "$(dirname "$0")/.."

if [ "${1:-}" = "libfuzzer" ]; then
    shift
    # Only the fuzz product: every other executable has its own main, which libFuzzer's
    # main would collide with.
    swift build -c release --product layerscope-fuzz \
        -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library -Xswiftc -DFUZZING \
        --build-path .build/fuzz
    corpus=.build/fuzz/corpus
    mkdir -p "$corpus"
    # libFuzzer inputs start with one byte choosing the target: 0 JSON, 1 YAML, 2 commands,
    # 3 dumps (every import form), 4 animation and step commands, 5 round trip (the bytes
    # seed a random scene).
    for f in Layouts/*.json Tests/LayoutFilesTests/Malformed/layouts/*.json; do
        { printf '\000'; cat "$f"; } > "$corpus/json-$(basename "$f")"
    done
    for f in Layouts/*.yaml Tests/LayoutFilesTests/Malformed/layouts/*.yaml; do
        { printf '\001'; cat "$f"; } > "$corpus/yaml-$(basename "$f")"
    done
    for f in Tests/EngineTests/Malformed/scripts/*; do
        { printf '\002'; cat "$f"; } > "$corpus/cmd-$(basename "$f")"
    done
    # (The dump target reads every form: text dumps, Sentry's and SDCALayer's JSON.)
    for f in Tests/LayoutFilesTests/Dumps/*.txt Tests/LayoutFilesTests/Dumps/*.json; do
        { printf '\003'; cat "$f"; } > "$corpus/dump-$(basename "$f")"
    done
    exec .build/fuzz/release/layerscope-fuzz -timeout=10 "$@" "$corpus"
fi

swift build -c release --product layerscope-fuzz
exec .build/release/layerscope-fuzz "${1:-340000}" "${2:-15}"
