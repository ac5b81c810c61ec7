#!/usr/bin/env bash
# ctest's entry to the browser build's tests (tests/web/CMakeLists.txt):
#   run.sh WEB_BUILD TILESCOPE CASE
# CASE: engines (the CPU engines' tests compiled to WebAssembly, under node), size (the site's
# wasm + js + data gzip-compressed, at most 8 MB), or a case of site_test.mjs (headless chromium).
# Exit 77 (ctest: skipped) where the browser build or its tools are absent: scripts/web --tests
# builds and installs them (scripts/test runs it).
set -uo pipefail
web=$1 tilescope=$2 case=$3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
skip() { echo "skipped: $*"; exit 77; }
command -v node >/dev/null || skip "no node (scripts/web --tests installs it)"
case "$case" in
  engines)
    js=$web/tests/web/test_web_engines.js
    [ -f "$js" ] || skip "no $js (scripts/web --tests builds it)"
    # node 18+ has fetch, which emscripten 3.1.6's loader would use for the .wasm file path.
    flag=$(node --no-experimental-fetch -e 0 2>/dev/null && echo --no-experimental-fetch)
    exec node $flag "$js" ;;
  size)
    [ -f "$web/site/tilescope.wasm" ] || skip "no site in $web (scripts/web builds it)"
    total=0
    for f in tilescope.wasm tilescope.js tilescope.data; do
      n=$(gzip -9 -c "$web/site/$f" | wc -c)
      echo "$f: $n bytes gzip-compressed"
      total=$((total + n))
    done
    echo "the site: $total bytes gzip-compressed, at most 8000000"
    [ "$total" -le 8000000 ] ;;
  *)
    exec node "$here/site_test.mjs" "$case" --site "$web/site" --modules "$web/npm" --tilescope "$tilescope" \
      --out "$web/test-output" ;;
esac
