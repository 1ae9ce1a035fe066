#!/usr/bin/env bash
# Starts the app as a newcomer would (`npm start`, embedded database, fresh data folder) and checks that
# it answers health, signup and login over HTTP. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

port="${SMOKE_PORT:-3917}"
data_dir="$(mktemp -d)"
log="$data_dir/server.log"
origin="http://localhost:$port"

if curl -fsS "$origin/api/health" >/dev/null 2>&1; then
  echo "port $port is already in use; set SMOKE_PORT to a free port" >&2
  exit 1
fi

# Its own process group, so cleanup stops npm, tsx and node together.
started_ms=$(date +%s%3N)
PORT="$port" DATA_DIR="$data_dir" LOG_LEVEL=warn setsid npm start >"$log" 2>&1 &
server_pid=$!
cleanup() {
  kill -- "-$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  rm -rf "$data_dir"
}
trap cleanup EXIT

for _ in $(seq 1 360); do
  curl -fsS "$origin/api/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$log"; echo "server exited early"; exit 1; }
  sleep 0.5
done

echo "health: $(curl -fsS "$origin/api/health") after $(( $(date +%s%3N) - started_ms )) ms"
json=(-H "content-type: application/json" -H "origin: $origin")
curl -fsS "${json[@]}" -d '{"username":"smoke","email":"smoke@example.com","password":"smoke test phrase 1"}' \
  "$origin/api/signup" | grep -q '"requiresVerification":true'
echo "signup: ok"
ls "$data_dir/outbox"/*.eml >/dev/null && echo "verification mail: written to the outbox"
curl -fsS "${json[@]}" -c "$data_dir/cookies" -d '{"username":"smoke","password":"smoke test phrase 1"}' \
  "$origin/api/login" | grep -q '"message":"Login successful"'
echo "login: ok"
curl -fsS -b "$data_dir/cookies" "$origin/api/user" | grep -q '"username":"smoke"'
echo "session: ok"
grep -q "CHITTA is running at" "$log" && echo "startup banner: ok"
translation="$data_dir/translation.json"
took=$(curl -fsS "${json[@]}" -b "$data_dir/cookies" -o "$translation" -w '%{time_total}' \
  -d '{"content":"Soñé que una culebra me perseguía por la casa de mi abuela."}' \
  "$origin/api/translate-dream")
grep -q '"key":"snake"' "$translation"
echo "dream translation: ok (the first since start: ${took} s)"
