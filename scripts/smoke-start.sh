#!/usr/bin/env bash
# Starts the app as a newcomer would (`npm start`, embedded database, fresh data folder) and checks that
# it answers health, signup and login over HTTP, and translates a dream; then stops it and starts it again on
# the same data folder, as every later start does. Prints how long each start took to answer health and the
# first translation after it. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

port="${SMOKE_PORT:-3917}"
data_dir="$(mktemp -d)"
log="$data_dir/server.log"
origin="http://localhost:$port"
json=(-H "content-type: application/json" -H "origin: $origin")
server_pid=""

if curl -fsS "$origin/api/health" >/dev/null 2>&1; then
  echo "port $port is already in use; set SMOKE_PORT to a free port" >&2
  exit 1
fi

stop_server() {
  [ -n "$server_pid" ] || return 0
  # Its own process group: npm, tsx and node stop together, the server closing its database first.
  kill -TERM -- "-$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  # npm may exit before the server has released the data folder: wait for the whole group.
  for _ in $(seq 1 200); do kill -0 -- "-$server_pid" 2>/dev/null || break; sleep 0.1; done
  server_pid=""
}
cleanup() {
  stop_server
  rm -rf "$data_dir"
}
trap cleanup EXIT

# Starts `npm start` and waits for health; prints the time it took.
start_server() {
  local started_ms
  started_ms=$(date +%s%3N)
  PORT="$port" DATA_DIR="$data_dir" LOG_LEVEL=warn setsid npm start >"$log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 360); do
    curl -fsS "$origin/api/health" >/dev/null 2>&1 && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$log"; echo "server exited early"; exit 1; }
    sleep 0.1
  done
  echo "health: $(curl -fsS "$origin/api/health") after $(( $(date +%s%3N) - started_ms )) ms"
}

login() {
  curl -fsS "${json[@]}" -c "$data_dir/cookies" -d '{"username":"smoke","password":"smoke test phrase 1"}' \
    "$origin/api/login" | grep -q '"message":"Login successful"'
  echo "login: ok"
}

translate() {
  local translation="$data_dir/translation.json" took
  took=$(curl -fsS "${json[@]}" -b "$data_dir/cookies" -o "$translation" -w '%{time_total}' \
    -d '{"content":"Soñé que una culebra me perseguía por la casa de mi abuela."}' \
    "$origin/api/translate-dream")
  grep -q '"key":"snake"' "$translation"
  echo "dream translation: ok (the first since start: ${took} s)"
}

echo "first start (fresh data folder):"
start_server
curl -fsS "${json[@]}" -d '{"username":"smoke","email":"smoke@example.com","password":"smoke test phrase 1"}' \
  "$origin/api/signup" | grep -q '"requiresVerification":true'
echo "signup: ok"
ls "$data_dir/outbox"/*.eml >/dev/null && echo "verification mail: written to the outbox"
login
curl -fsS -b "$data_dir/cookies" "$origin/api/user" | grep -q '"username":"smoke"'
echo "session: ok"
grep -q "CHITTA is running at" "$log" && echo "startup banner: ok"
translate
stop_server

echo "second start (same data folder):"
start_server
login
translate
