#!/bin/sh
# Fills fuzz/corpus/TARGET/ with the project's own files of each format, the starting points the
# fuzzer mutates (docs/fuzzing.md). Run from anywhere; the corpus folders are not committed.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
for t in document tiled tileset scenario; do mkdir -p "$here/corpus/$t"; done
cp "$root"/tiles/*.json "$root"/courses/*.json "$root"/tests/good_files/*.json \
   "$root"/tests/bad_files/*.json "$here/corpus/document/"
cp "$root"/tests/fixtures/tiled/*.json "$root"/tests/fixtures/tiled/*.tmx "$here/corpus/tiled/"
cp "$root"/tests/fixtures/tiled/fixture-tileset* "$here/corpus/tileset/"
cp "$root"/tests/scenarios/*.json "$here/corpus/scenario/"
if [ -d "$root/tests/hostile" ]; then
  for f in "$root"/tests/hostile/*; do
    case "$f" in
      *.tmx|*tiled*) cp "$f" "$here/corpus/tiled/" ;;
      *.tsx|*.tsj|*tileset*) cp "$f" "$here/corpus/tileset/" ;;
      *scenario*) cp "$f" "$here/corpus/scenario/" ;;
      *.json) cp "$f" "$here/corpus/document/" ;;
    esac
  done
fi
