#!/bin/sh
# Runs every fuzz target for SECONDS (default 660) at once, in the background of this shell's
# caller: docs/fuzzing.md. Needs cargo-fuzz (`cargo install cargo-fuzz`); the stable toolchain
# takes the nightly flags it passes with RUSTC_BOOTSTRAP=1. Findings go to artifacts/TARGET/,
# each run's log to logs/TARGET.log.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
seconds=${1:-660}
cd "$here"
"$here/seed.sh"
RUSTC_BOOTSTRAP=1 cargo fuzz build --sanitizer none
bin=${CARGO_TARGET_DIR:-$here/target}/x86_64-unknown-linux-gnu/release
mkdir -p logs
for t in document tiled tileset scenario; do
  mkdir -p "artifacts/$t"
  # -fork=1 with -ignore_*: a finding is saved and the run goes on to the end of its time.
  "$bin/$t" "corpus/$t" -max_total_time="$seconds" -rss_limit_mb=1024 -malloc_limit_mb=1024 \
    -timeout=10 -max_len=65536 -fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1 \
    -artifact_prefix="artifacts/$t/" > "logs/$t.log" 2>&1 &
done
wait
