#!/bin/sh
# Measures what typed routes cost the compiler: type-checks test/types/many-routes.ts (200 different routes)
# alone, with ES2022 only (no DOM, no @types/node), and prints tsc's figures next to those of an empty file that
# imports the same library, so the difference is what the 200 calls cost.
# Usage: sh scripts/type-cost.sh   (from anywhere; needs the dev dependencies installed)
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
  (cd "$root" && npx --no-install tsc --noEmit --extendedDiagnostics -p "$work/tsconfig.json") >"$work/out.txt" 2>&1 || {
    cat "$work/out.txt"
    exit 1
  }
  grep -E '^(Files|Lines of TypeScript|Identifiers|Symbols|Types|Instantiations|Memory used|Check time|Total time):' "$work/out.txt"
}

echo "== test/types/many-routes.ts (200 routes)"
echo "command: npx tsc --noEmit --extendedDiagnostics -p <tsconfig with files: [test/types/many-routes.ts], lib ES2022, types []>"
measure "$root/test/types/many-routes.ts"
echo
echo "== baseline: the library and one call"
measure "$work/baseline.mts"
