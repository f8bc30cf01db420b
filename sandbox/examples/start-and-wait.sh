#!/usr/bin/env bash
# Starts the sandbox on free ports, waits until it serves, runs a command with SANDBOX_URL set (default: curl its
# health route), and stops the sandbox when the command ends. Usage: start-and-wait.sh [command [argument...]]
set -euo pipefail

log=$(mktemp)
# stdout: one JSON line, once the sandbox serves ({"status":"ready",...}) or once its start failed
# ({"status":"failed","error":{...}}); the banner and warnings go to stderr, here a log file.
exec 3< <(exec npx account-funds-sandbox --port 0 --tls-port 0 2>"$log")
if ! read -r -t 60 line <&3; then
  echo "the sandbox printed no ready line within 60 s:" >&2
  cat "$log" >&2
  exit 1
fi
field() { node -p 'JSON.parse(process.argv[1])[process.argv[2]]' "$line" "$1"; }
if [ "$(field status)" != ready ]; then
  echo "the sandbox did not start: $line" >&2
  exit 1
fi
# Stop it by the pid its ready line gives: npx does not pass a signal on to the sandbox.
sandbox_pid=$(field pid)
trap 'kill "$sandbox_pid"' EXIT
SANDBOX_URL=$(field url)
export SANDBOX_URL

if [ $# -eq 0 ]; then set -- curl --fail --silent --show-error "$SANDBOX_URL/_sandbox/health"; fi
"$@"
