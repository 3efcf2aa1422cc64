#!/bin/sh
# Measures what typed routes cost the compiler: type-checks test/types/many-routes.ts (200 different routes)
# alone, with ES2022 only (no DOM, no @types/node), and prints tsc's figures next to those of an empty file that
# imports the same library, so the difference is what the 200 calls cost. Counts are exact; times vary with the
# machine's load, so each file is checked RUNS times (default 3) and the fastest run is shown.
# Then the same for endpoints typed by GitHub's description: 200 GitHub operations (every sixth, with their required
# parameters, written by scripts/github-calls.mjs) called through endpoint.defaults<paths>(), through the untyped
# endpoint, and through @octokit/endpoint's own typed endpoint, each against a baseline of its imports and one call.
# Usage: sh scripts/type-cost.sh   (from anywhere; needs the dev dependencies installed)
#        TYPESCRIPT=typescript7 sh scripts/type-cost.sh   (the same under TypeScript 7; its figures differ in kind)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "$root/.type-cost.XXXXXX") # inside the project, so that its node_modules resolve
trap 'rm -rf "$work"' EXIT

printf 'import { endpoint } from "%s/src/index.js";\nendpoint("GET /");\n' "$root" >"$work/baseline.mts"

es2022='"lib": ["ES2022"]'
measure() {
  cat >"$work/tsconfig.json" <<JSON
{
  "extends": "$root/tsconfig.base.json",
  "compilerOptions": { "noEmit": true, "types": [], ${3:-$es2022} },
  "files": ["$1"]
}
JSON
  best=""
  run=0
  while [ "$run" -lt "${RUNS:-3}" ]; do
    run=$((run + 1))
    (cd "$root" && node "$root/node_modules/${TYPESCRIPT:-typescript}/bin/tsc" --noEmit --extendedDiagnostics -p "$work/tsconfig.json") >"$work/out.txt" 2>&1 || {
      cat "$work/out.txt"
      exit 1
    }
    time=$(awk -F: '$1 == "Check time" { gsub(/[ s]/, "", $2); print $2 }' "$work/out.txt")
    if [ -z "$best" ] || awk -v a="$time" -v b="$best" 'BEGIN { exit !(a < b) }'; then
      best=$time
      cp "$work/out.txt" "$work/best.txt"
    fi
  done
  grep -E '^(Files|Lines of TypeScript|Identifiers|Symbols|Types|Instantiations|Memory used|Check time|Total time):' "$work/best.txt" | tee "$2"
}

# Prints "<name>: <calls file - baseline>" for a figure such as "Instantiations" or "Check time"; the files
# default to the 200 routes and their baseline.
difference() {
  awk -F: -v name="$1" '$1 == name { gsub(/[ sK]/, "", $2); v[FILENAME] = $2 }
    END { printf "%-24s %s\n", name ":", v[ARGV[1]] - v[ARGV[2]] }' "${2:-$work/routes.txt}" "${3:-$work/baseline.txt}"
}

echo "== test/types/many-routes.ts (200 routes)"
echo "command: node node_modules/${TYPESCRIPT:-typescript}/bin/tsc --noEmit --extendedDiagnostics -p <tsconfig with files: [test/types/many-routes.ts], lib ES2022, types []>"
measure "$root/test/types/many-routes.ts" "$work/routes.txt"
echo
echo "== baseline: the library and one call"
measure "$work/baseline.mts" "$work/baseline.txt"
echo
echo "== what the 200 routes add (routes - baseline; Memory in K, Check time in s)"
for name in Types Instantiations "Memory used" "Check time"; do difference "$name"; done

echo
echo "== GitHub's description: 200 operations, typed by it, untyped, and through @octokit/endpoint"
for flavour in typed untyped octokit; do
  node "$root/scripts/github-calls.mjs" cost "$flavour" >"$work/$flavour.mts"
  head -n "$(grep -c '^import\|^const' "$work/$flavour.mts")" "$work/$flavour.mts" >"$work/$flavour-baseline.mts"
  grep -m 1 '^endpoint(' "$work/$flavour.mts" >>"$work/$flavour-baseline.mts"
  echo "-- $flavour: 200 calls"
  # GitHub's types name File, Blob and AbortSignal (DOM); its 5 MB of declarations are not re-checked (skipLibCheck).
  options='"lib": ["ES2022", "DOM"], "skipLibCheck": true'
  measure "$work/$flavour.mts" "$work/$flavour.txt" "$options" >"$work/log" || { cat "$work/log"; exit 1; }
  measure "$work/$flavour-baseline.mts" "$work/$flavour-baseline.txt" "$options" >"$work/log" || { cat "$work/log"; exit 1; }
  for name in Types Instantiations "Memory used" "Check time"; do difference "$name" "$work/$flavour.txt" "$work/$flavour-baseline.txt"; done
done
