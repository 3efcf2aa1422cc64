// package.json is the one source of truth for the version; the library reads it from this
// generated module because the core may not import JSON or touch the file system.
import { readFileSync, writeFileSync } from "node:fs";

const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const target = new URL("../src/version.ts", import.meta.url);
const text = `// Generated from package.json by scripts/write-version.mjs; do not edit.\nexport const VERSION = ${JSON.stringify(version)};\n`;
let current = "";
try {
  current = readFileSync(target, "utf8");
} catch {}
if (current !== text) writeFileSync(target, text);
