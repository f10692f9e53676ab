#!/bin/sh
# Starts the built server (dist/server/main.js, made by `npm run build`) on the project's own Node,
# with the V8 flags measured for its role (docs/operations.md, "V8 flags per role"). `npm start`,
# the systemd units and the Docker image start it this way; `sh server/start.sh --print-flags`
# prints the flags only, which the tests and the bench start their servers with.
set -eu

if [ -z "${DATABASE_URL:-}" ]; then
  # The embedded default: one process holds the database (WebAssembly) too, and its memory is the
  # bound. Old generation 256 MB, 2 MB semi-spaces, WebAssembly compiled by Liftoff only, V8
  # favouring memory over speed.
  flags="--max-old-space-size=256 --max-semi-space-size=2 --liftoff-only --optimize-for-size"
elif [ "${ROLE:-all}" = worker ]; then
  # A worker on PostgreSQL sends the outbox's alerts: little traffic, its memory kept small.
  flags="--max-old-space-size=256 --max-semi-space-size=2 --optimize-for-size"
else
  # A web instance on PostgreSQL: without --optimize-for-size (it halved the reads), 8 MB
  # semi-spaces, and an old generation of 144 MB let grow to twice what the last full collection
  # kept before the next (V8's own factor let 7 MB of promoted requests trigger one: 45 in 10 s of
  # uncached tiles, against 8), which keep its RSS under 400 MB through the bench's every row, its
  # health port's thread included (192 MB and 16 MB reached 424 MB).
  flags="--max-old-space-size=144 --max-semi-space-size=8 --heap-growing-percent=100"
fi

if [ "${1:-}" = --print-flags ]; then
  echo "$flags"
  exit 0
fi

here=$(dirname "$0")/..
node="$here/node_modules/.bin/node"
[ -x "$node" ] || node=node
# exec: the server replaces this shell, so a supervisor's signals (SIGTERM) reach it.
# shellcheck disable=SC2086 # the flags are words
exec "$node" $flags "$here/dist/server/main.js"
