#!/usr/bin/env bash
# Runs the official Node driver's own hand-written integration tests (CRUD, indexes, cursors, bulk, transactions,
# sessions, examples) against a fresh engine, and prints how many pass, fail on a feature the engine refuses on
# purpose, fail on what their harness needs (fail points, auth, several mongos…), or fail otherwise.
#
#   packages/engine/scripts/driver-tests.sh /path/to/node-mongodb-native [extra mocha args…]
#
# The checkout is a clone of mongodb/node-mongodb-native at the tag of the driver version in use; it is never part
# of this repository. Its dev dependencies are installed on first use. Known failures are classified in
# driver-tests-known.tsv next to this script.
set -euo pipefail

driver=${1:?usage: driver-tests.sh /path/to/node-mongodb-native [mocha args…]}
shift
driver=$(cd "$driver" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
engine=$(dirname "$here")

if [ ! -d "$driver/node_modules" ]; then (cd "$driver" && npm ci --ignore-scripts --no-audit --no-fund); fi
(cd "$driver" && node etc/build-runtime-barrel.mjs > /dev/null)

work=$(mktemp -d)
cleanup() {
  if [ -n "${engine_pid:-}" ]; then kill "$engine_pid" 2> /dev/null || true; wait "$engine_pid" 2> /dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

(cd "$engine" && exec node --require @swc-node/register src/main.ts --port 0 --dbpath "$work/data" --enableTestCommands) > "$work/engine.log" 2>&1 &
engine_pid=$!
for _ in $(seq 1 200); do
  uri=$(grep -so 'mongodb://[^ ]*' "$work/engine.log" || true)
  [ -n "$uri" ] && break
  kill -0 "$engine_pid" 2> /dev/null || { cat "$work/engine.log"; exit 1; }
  sleep 0.1
done
[ -n "$uri" ] || { echo "engine did not start" >&2; exit 1; }

files=(
  test/integration/crud/abstract_operation.test.ts
  test/integration/crud/aggregation.test.ts
  test/integration/crud/bulk.test.ts
  test/integration/crud/bulk_execute_operation.test.ts
  test/integration/crud/client_bulk_write.test.ts
  test/integration/crud/crud.prose.test.ts
  test/integration/crud/crud_api.test.ts
  test/integration/crud/document_validation.test.ts
  test/integration/crud/explain.test.ts
  test/integration/crud/find.test.ts
  test/integration/crud/find_and_modify.test.ts
  test/integration/crud/find_cursor_methods.test.ts
  test/integration/crud/insert.test.ts
  test/integration/crud/maxTimeMS.test.ts
  test/integration/crud/misc_cursors.test.ts
  test/integration/crud/remove.test.ts
  test/integration/crud/server_errors.test.ts
  test/integration/crud/stats.test.ts
  test/integration/crud/unicode.test.ts
  test/integration/index_management.test.ts
  test/integration/enumerate_indexes.test.ts
  test/integration/enumerate_collections.test.ts
  test/integration/enumerate_databases.test.ts
  test/integration/collection-management/collection.test.ts
  test/integration/collection-management/collection_db_management.test.ts
  test/integration/collection-management/view.test.ts
  test/integration/change-streams/change_stream.test.ts
  test/integration/change-streams/change_streams.prose.test.ts
  test/integration/node-specific/bson-options/bsonRegExp.test.ts
  test/integration/node-specific/bson-options/ignore_undefined.test.ts
  test/integration/node-specific/bson-options/promote_buffers.test.ts
  test/integration/node-specific/bson-options/promote_values.test.ts
  test/integration/node-specific/bson-options/raw.test.ts
  test/integration/node-specific/bson-options/use_bigint_64.test.ts
  test/integration/node-specific/bson-options/utf8_validation.test.ts
  test/integration/node-specific/comment_with_falsy_values.test.ts
  test/integration/node-specific/db.test.ts
  test/integration/node-specific/validate_collection.test.ts
  test/integration/read-write-concern/readconcern.test.ts
  test/integration/read-write-concern/write_concern.test.ts
  test/integration/retryable-writes/non-server-retryable_writes.test.ts
  test/integration/retryable-writes/retryable_writes.spec.prose.test.ts
  test/integration/server-selection/readpreference.test.ts
  test/integration/causal-consistency/causal_consistency.prose.test.js
  test/integration/run-command/run_command.test.ts
  test/integration/run-command/run_cursor_command.test.ts
  test/integration/node-specific/abstract_cursor.test.ts
  test/integration/node-specific/cursor_async_iterator.test.js
  test/integration/node-specific/cursor_stream.test.ts
  test/integration/node-specific/operation_examples.test.ts
  test/integration/transactions/transactions.test.ts
  test/integration/transactions/transactions.prose.test.ts
  test/integration/transactions-convenient-api/transactions-convenient-api.prose.test.ts
  test/integration/sessions/sessions.test.ts
  test/integration/sessions/sessions.prose.test.ts
)
for example in "$driver"/test/integration/node-specific/examples/*.test.js; do
  files+=("test/integration/node-specific/examples/$(basename "$example")")
done

set +e
# As a replica set (not directConnection): the driver runs transactions only against a replica set topology.
uri="${uri%%\?*}?replicaSet=embedded"
log=${DRIVER_TESTS_LOG:-$work/mocha.log}
(cd "$driver" && MONGODB_URI="$uri" AUTH=noauth DRIVER_TESTS_JSON="$work/results.json" npx mocha \
  --config test/mocha_mongodb.js --exit --reporter "$here/driver-tests-reporter.js" "$@" "${files[@]}") > "$log" 2>&1
set -e
if [ ! -s "$work/results.json" ]; then tail -40 "$log"; exit 1; fi
cp "$work/results.json" "${DRIVER_TESTS_RESULTS:-/dev/null}" 2> /dev/null || true
node "$here/driver-tests-summary.js" "$work/results.json" "$here/driver-tests-known.tsv"
