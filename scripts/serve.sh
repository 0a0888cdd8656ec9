#!/bin/sh
# `npm run serve`: the built server with the memory settings of production
# (docs/decisions/031-memory.md). Extra arguments are Node options, placed before the entry.
#
# malloc: jemalloc when the system has it (Debian: `apt-get install libjemalloc2`), which hands
# freed memory back to the system at once (a background thread purges it); otherwise glibc's
# malloc with two arenas.
if [ -z "${LD_PRELOAD:-}" ]; then
  for dir in /usr/lib/*-linux-gnu /usr/lib64 /usr/lib /usr/local/lib; do
    if [ -e "$dir/libjemalloc.so.2" ]; then
      export LD_PRELOAD="$dir/libjemalloc.so.2"
      export MALLOC_CONF="${MALLOC_CONF:-narenas:2,background_thread:true,dirty_decay_ms:0,muzzy_decay_ms:0}"
      break
    fi
  done
fi
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
# A heap limit (the ceiling for imports), a heap that grows to 3 times its live data before a full collection
# (fewer pauses in the pages' tail: docs/decisions/075-heap-growth-everywhere.md), 4 MB semi-spaces, and
# WebAssembly functions (PGlite's) compiled when first called rather than all at start.
exec node --max-old-space-size=512 --heap-growing-percent=200 --max-semi-space-size=4 --wasm-lazy-compilation "$@" build/main.js
