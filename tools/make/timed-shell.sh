#!/usr/bin/env bash
# make's SHELL for the steps of `make test` (Makefile, test-steps): `timed-shell.sh <target> <flags> -c <line>` runs
# the recipe line as `bash <flags> -c <line>` would, then appends a line to $STEP_TIMES:
#   <target> TAB <start> TAB <end> TAB <user CPU s> TAB <system CPU s> TAB <exit status>
# (times in seconds since the epoch; CPU of every process the line ran and waited for). tools/make/step-times.mjs
# turns the file into the table `make test` prints at the end. Without STEP_TIMES it only runs the line.
target="$1"
shift
if [[ -z "${STEP_TIMES:-}" ]]; then exec bash "$@"; fi

report="$STEP_TIMES.$$"
start="$EPOCHREALTIME"
TIMEFORMAT='%3U %3S'
# The line's own output goes where make sends it (fd 3: its stderr); only the report of `time` goes to $report.
{ time bash "$@" 2>&3 3>&-; } 3>&2 2>"$report"
status=$?
end="$EPOCHREALTIME"
read -r user system < "$report"
rm -f "$report"
printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$target" "$start" "$end" "$user" "$system" "$status" >> "$STEP_TIMES"
exit "$status"
