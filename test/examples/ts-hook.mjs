// Loaded with `node --import` by test/examples.test.ts: runs the TypeScript examples in place, as Node 22.18+ does
// with its type stripping, on the Node 20 that CI uses. Their types are checked apart, by the test, with tsc.
import { register } from "node:module";

register("./ts-hooks.mjs", import.meta.url);
