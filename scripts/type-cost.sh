#!/bin/sh
# Measures what typed routes cost the compiler: type-checks test/types/many-routes.ts (200 different routes)
# alone, with ES2022 only (no DOM, no @types/node), and prints tsc's figures next to those of an empty file that
# imports the same library, so the difference is what the 200 calls cost. Counts are exact; times vary with the
# machine's load, so each file is checked RUNS times (default 3) and the fastest run is shown.
# Usage: sh scripts/type-cost.sh   (from anywhere; needs the dev dependencies installed)
#        TYPESCRIPT=typescript7 sh scripts/type-cost.sh   (the same under TypeScript 7; its figures differ in kind)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf 'import { endpoint } from "%s/src/index.js";\nendpoint("GET /");\n' "$root" >"$work/baseline.mts"

measure() {
  cat >"$work/tsconfig.json" <<JSON
{
  "extends": "$root/tsconfig.base.json",
  "compilerOptions": { "noEmit": true, "lib": ["ES2022"], "types": [] },
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

# Prints "<name>: <routes file - baseline>" for a figure such as "Instantiations" or "Check time".
difference() {
  awk -F: -v name="$1" '$1 == name { gsub(/[ sK]/, "", $2); v[FILENAME] = $2 }
    END { printf "%-24s %s\n", name ":", v[ARGV[1]] - v[ARGV[2]] }' "$work/routes.txt" "$work/baseline.txt"
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
