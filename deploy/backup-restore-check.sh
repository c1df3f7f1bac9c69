#!/usr/bin/env bash
# Backs Quiver up on PostgreSQL, drops the database, restores it, and checks that Quiver
# answers exactly as before (docs/operations.md, "Backup and restore"):
#   1. start Quiver on a new database, make state (members, a custom connector with an
#      upstream, a connection with a credential, a toolbox, a restriction, settings) and tool
#      calls (answered, refused, unknown), and record its REST and MCP answers;
#   2. stop it, pg_dump the database, drop it, create it again and pg_restore the dump;
#   3. start Quiver with the same vault key: every answer is the same, the trail verifies, and
#      a new call reaches the upstream with the stored credential (the vault decrypts);
#   4. empty every read model and rebuild them from the events beside the serving node
#      (--quiver.rebuild=all): every answer is the same once more.
# Usage: deploy/backup-restore-check.sh [path/to/quiver.jar]   (default mcp-edge/target/quiver.jar)
# Needs java, curl, python3, and PostgreSQL's client tools for a superuser that may create
# databases: PGHOST, PGPORT, PGUSER, PGPASSWORD (default 127.0.0.1, 5432, postgres, no password).
# Run by .ci/run after the tests.
set -euo pipefail

JAR=$(realpath "${1:-mcp-edge/target/quiver.jar}")
export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres}
DB="quiver_backup_check_$$"
WORK=$(mktemp -d)
VAULT_KEY=$(head -c 32 /dev/urandom | base64)
QUIVER_PID=""
UPSTREAM_PID=""

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
PORT=$(free_port)
UPSTREAM_PORT=$(free_port)
BASE="http://localhost:$PORT"

cleanup() {
  status=$?
  [ -n "$QUIVER_PID" ] && kill "$QUIVER_PID" 2>/dev/null && wait "$QUIVER_PID" 2>/dev/null
  [ -n "$UPSTREAM_PID" ] && kill "$UPSTREAM_PID" 2>/dev/null
  dropdb --if-exists "$DB" 2>/dev/null || true
  if [ "$status" -ne 0 ]; then
    echo "backup-restore-check FAILED; the last node's log:" >&2
    tail -n 40 "$(ls -t "$WORK"/node-*.log 2>/dev/null | head -n 1)" >&2 2>/dev/null || true
  fi
  rm -rf "$WORK"
  exit "$status"
}
trap cleanup EXIT

# An upstream HTTP API on loopback: answers every call with whether it carried the
# credential Quiver stored for the connection (so a vault that no longer decrypts shows).
python3 - "$UPSTREAM_PORT" > "$WORK/upstream.log" 2>&1 <<'PY' &
import json, sys
from http.server import BaseHTTPRequestHandler, HTTPServer
class Echo(BaseHTTPRequestHandler):
    def answer(self):
        body = json.dumps({"method": self.command, "path": self.path.split("?")[0],
                           "authorized": self.headers.get("Authorization") == "Bearer upstream-token-1"}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    do_GET = do_DELETE = do_POST = answer
HTTPServer(("127.0.0.1", int(sys.argv[1])), Echo).serve_forever()
PY
UPSTREAM_PID=$!

# The settings of every run: the same database and, above all, the same vault key.
QUIVER_ENV=(SPRING_DATASOURCE_URL="jdbc:postgresql://$PGHOST:$PGPORT/$DB" SPRING_DATASOURCE_USERNAME="$PGUSER"
  SPRING_DATASOURCE_PASSWORD="${PGPASSWORD:-}" QUIVER_VAULT_KEY="$VAULT_KEY" QUIVER_PUBLIC_URL="$BASE"
  QUIVER_DEV_ISSUER_ENABLED=true QUIVER_DATA_DIR="$WORK/data" AXONIQ_UPDATE_CHECKER_DISABLED=true)

start() { # start <name>: Quiver on $DB, returns once it is ready
  env "${QUIVER_ENV[@]}" java -Xmx384m -jar "$JAR" --server.port="$PORT" > "$WORK/node-$1.log" 2>&1 &
  QUIVER_PID=$!
  for _ in $(seq 1 480); do
    if curl -sf "$BASE/actuator/health/readiness" > /dev/null; then
      TOKEN=$(curl -sf -X POST "$BASE/dev/token" -H 'Content-Type: application/json' \
        -d '{"sub":"admin","org":"demo","scope":"mcp:read mcp:write mcp:destructive mcp:tools"}' \
        | python3 -c 'import json, sys; print(json.load(sys.stdin)["access_token"])')
      return 0
    fi
    kill -0 "$QUIVER_PID" 2> /dev/null || { echo "Quiver exited during start-up" >&2; return 1; }
    sleep 0.5
  done
  echo "Quiver was not ready after 4 minutes" >&2
  return 1
}

stop() {
  kill -TERM "$QUIVER_PID"
  wait "$QUIVER_PID" || true
  QUIVER_PID=""
}

api() { # api <method> <path> [json body]: the answer's body; fails on a status >= 400
  curl -sf -X "$1" "$BASE$2" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
    -H 'Accept: application/json, text/event-stream' ${3:+-d "$3"}
}

call() { # call <tool> <arguments as JSON>: the MCP tools/call result
  api POST /mcp "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"$1\",\"arguments\":$2}}"
}

snapshot() { # snapshot <dir>: every answer compared, with sorted keys
  mkdir -p "$WORK/$1"
  for path in /api/v1/members /api/v1/connections /api/v1/toolboxes /api/v1/restrictions \
      /api/v1/restrictions/history /api/v1/catalog /api/v1/org "/api/v1/audit/changes?limit=500" \
      "/api/v1/audit?limit=500" /api/v1/audit/verify /api/v1/audit/export; do
    api GET "$path" | python3 -c '
import json, sys
text = sys.stdin.read()
try:
    print(json.dumps(json.loads(text), sort_keys=True, indent=1))
except ValueError:  # JSON lines (the export)
    print("\n".join(json.dumps(json.loads(line), sort_keys=True) for line in text.splitlines() if line))
' > "$WORK/$1/$(echo "$path" | tr '/?=&' '____').json"
  done
  api POST /mcp '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' \
    | python3 -c 'import json, sys; print(json.dumps(json.load(sys.stdin), sort_keys=True, indent=1))' \
    > "$WORK/$1/tools-list.json"
}

same() { # same <dir> <dir>
  if ! diff -r "$WORK/$1" "$WORK/$2" > "$WORK/diff.txt"; then
    echo "answers differ between $1 and $2:" >&2
    head -n 60 "$WORK/diff.txt" >&2
    return 1
  fi
  echo "   identical: $(ls "$WORK/$1" | wc -l) answers"
}

expect() { # expect <python expression over j> <json>
  python3 -c "import json, sys; j = json.loads(sys.argv[1]); sys.exit(0 if ($1) else 1)" "$2" \
    || { echo "expected $1 in $2" >&2; return 1; }
}

reached_upstream_with_credential() { # <tools/call answer>: a result, and the upstream saw the credential
  python3 -c '
import json, sys
def authorized(x):
    if isinstance(x, dict):
        return x.get("authorized") is True or any(authorized(v) for v in x.values())
    if isinstance(x, list):
        return any(authorized(v) for v in x)
    if isinstance(x, str) and x.startswith("{"):
        try:
            return authorized(json.loads(x))
        except ValueError:
            return False
    return False
result = json.loads(sys.argv[1])["result"]
sys.exit(0 if result.get("isError") is not True and authorized(result) else 1)' "$1" \
    || { echo "expected an answer from the upstream, which saw the stored credential, in $1" >&2; return 1; }
}

echo "== 1. Quiver on a new database ($DB), state and calls"
createdb "$DB"
start first
api POST /api/v1/members '{"subject":"alice","role":"MEMBER"}' > /dev/null
api POST /api/v1/members '{"subject":"bob","role":"GUEST"}' > /dev/null
api PUT /api/v1/members/alice/role '{"role":"ADMIN"}' > /dev/null
OPENAPI=$(python3 -c 'import json, sys; print(json.dumps(json.dumps({"openapi": "3.0.3",
  "info": {"title": "Echo", "version": "1"}, "servers": [{"url": "http://127.0.0.1:" + sys.argv[1] + "/v1"}],
  "paths": {"/items/{id}": {
    "get": {"operationId": "get_item", "summary": "Get an item by id", "responses": {"200": {"description": "ok"}},
            "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}]},
    "delete": {"operationId": "delete_item", "summary": "Delete an item", "responses": {"204": {"description": "gone"}},
               "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}]}}}})))' \
  "$UPSTREAM_PORT")
api POST /api/v1/catalog "{\"id\":\"echo\",\"label\":\"Echo\",\"kind\":\"http\",\"allowPrivateNetwork\":true,\"openapi\":$OPENAPI}" > /dev/null
api POST /api/v1/connections \
  '{"connector":"echo","label":"echo-ops","credential":{"type":"bearer","token":"upstream-token-1"}}' > /dev/null
api POST /api/v1/toolboxes '{"name":"ops","description":"Operations tools"}' > /dev/null
api POST /api/v1/toolboxes/ops/entries '{"operation":"echo.get_item","connections":["echo-ops"]}' > /dev/null
api POST /api/v1/toolboxes/ops/grants '{"target":"role:MEMBER"}' > /dev/null
api POST /api/v1/restrictions '{"target":"user:alice","block":["tool:echo.delete_item"]}' > /dev/null
api PATCH /api/v1/org/settings '{"collapseThreshold":10}' > /dev/null
reached_upstream_with_credential "$(call echo-ops__get_item '{"id":"1"}')"
call echo-ops__delete_item '{"id":"2"}' > /dev/null
expect 'j["result"]["isError"] is True' "$(call no-such-tool '{}')"
expect 'j["ok"] is True' "$(api GET /api/v1/audit/verify)"
snapshot before
stop

echo "== 2. Backup, drop, restore"
pg_dump --format=custom --file="$WORK/quiver.dump" "$DB"
dropdb "$DB"
createdb "$DB"
pg_restore --exit-on-error --dbname="$DB" "$WORK/quiver.dump"
echo "   $(du -h "$WORK/quiver.dump" | cut -f1) dump restored"

echo "== 3. Restored: the same answers, the trail verifies, the vault decrypts"
start restored
snapshot restored
same before restored
reached_upstream_with_credential "$(call echo-ops__get_item '{"id":"3"}')"
expect 'j["ok"] is True' "$(api GET /api/v1/audit/verify)"
snapshot after-restore

echo "== 4. Read models emptied and rebuilt from the events, beside the serving node"
psql -q -v ON_ERROR_STOP=1 -d "$DB" -c "TRUNCATE member_directory, connection_directory, toolbox_directory,
  restriction_directory, restriction_history, catalog_connector, control_plane_trail"
env "${QUIVER_ENV[@]}" java -Xmx384m -jar "$JAR" --quiver.rebuild=all > "$WORK/node-rebuild.log" 2>&1
grep '^Rebuilt ' "$WORK/node-rebuild.log" | sed 's/^/   /'
snapshot rebuilt
same after-restore rebuilt
stop
echo "backup-restore-check passed"
