#!/usr/bin/env bash
# API reports of @account-funds/client (api-report/client.api.md, api-report/client-node.api.md) from the built
# declarations in generated/dist (run `make build` first).
#
#   api-report/run.sh --local   rewrite the reports (make api-report)
#   api-report/run.sh           fail when a report differs from the committed one (make api-report-check)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
bin="$root/node_modules/.bin/api-extractor"
manifest="$root/node_modules/@microsoft/api-extractor/package.json"
mode="${1:-check}"
configs=(api-extractor.json api-extractor.node.json)

# The 7.x line: the registry's "latest" tag points at 8.0.0, an out-of-line release that cannot read these
# declarations, so package.json pins ~7.60 and this refuses anything else rather than skipping the check.
version="$(node -p "require(process.argv[1]).version" "$manifest" 2>/dev/null || echo missing)"
if [[ "$version" != 7.* ]]; then
  echo "api-report: FAIL: @microsoft/api-extractor $version is installed; run npm ci (package.json pins ~7.60)." >&2
  exit 1
fi

rm -rf "$here/temp"
failed=()
for config in "${configs[@]}"; do
  if [[ "$mode" == "--local" ]]; then
    "$bin" run --local --config "$here/$config" || failed+=("$config")
  else
    "$bin" run --config "$here/$config" || failed+=("$config")
  fi
done

if ((${#failed[@]} > 0)); then
  for report in "$here"/temp/*.api.md; do
    [[ -e "$report" ]] || continue
    committed="$here/$(basename "$report")"
    if [[ ! -e "$committed" ]]; then
      echo "api-report: $(basename "$report") is not committed yet"
    elif ! diff -q "$committed" "$report" >/dev/null; then
      diff -u "$committed" "$report" --label "committed api-report/$(basename "$report")" --label "built generated/dist" || true
    fi
  done
  if [[ "$mode" == "--local" ]]; then
    echo "api-report: FAIL (${failed[*]}): API Extractor reported errors, see above" >&2
  else
    echo "api-report: FAIL (${failed[*]}): the public API differs from the committed report, or API Extractor reported a" >&2
    echo "warning (above). If the API change is intended, run 'make api-report' and commit api-report/*.api.md." >&2
  fi
  exit 1
fi
rm -rf "$here/temp"
if [[ "$mode" == "--local" ]]; then
  echo "api-report: wrote api-report/client.api.md and api-report/client-node.api.md; commit them."
else
  echo "api-report: PASS (the public API matches api-report/*.api.md)"
fi
