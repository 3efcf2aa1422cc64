// Writes calls of GitHub routes built from @octokit/openapi-types' own `paths`, read with the TypeScript compiler
// (not through endpointkit's types, so the calls check those types rather than repeat them): for each operation,
// its required path, query and JSON body parameters with a value of their declared type, or `data` for a required
// body that is not a JSON object.
//
//   node scripts/github-calls.mjs all              > test/types/github-operations.types.ts   (every operation)
//   node scripts/github-calls.mjs cost typed       (200 calls for scripts/type-cost.sh; also untyped, octokit)
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const ts = createRequire(import.meta.url)("typescript");

const [mode = "all", flavour = "typed"] = process.argv.slice(2);
const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

const entry = join(root, "node_modules/@octokit/openapi-types/types.d.ts");
const program = ts.createProgram([entry], { strict: true, noEmit: true, types: [], lib: ["lib.es2022.d.ts"] });
const checker = program.getTypeChecker();
const source = program.getSourceFile(entry);
const pathsSymbol = checker.getSymbolAtLocation(source).exports.get("paths");
const paths = checker.getDeclaredTypeOfSymbol(pathsSymbol);

const property = (type, name) => {
  const symbol = type && checker.getPropertyOfType(checker.getNonNullableType(type), name);
  return symbol && checker.getTypeOfSymbol(symbol);
};
const isOptional = (symbol) => (symbol.flags & ts.SymbolFlags.Optional) !== 0;
const required = (type) => (type ? checker.getPropertiesOfType(checker.getNonNullableType(type)).filter((symbol) => !isOptional(symbol)) : []);

/** A source text value of `type`: the first member of an enum or union, "x", 1, true, [] or an object of its required properties. */
function valueOf(type, depth = 0) {
  if (type.isUnion()) {
    const members = type.types.filter((member) => !(member.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
    const literal = members.find((member) => member.isLiteral() || member.flags & ts.TypeFlags.BooleanLiteral);
    return valueOf(literal ?? members[0], depth);
  }
  if (type.isStringLiteral()) return JSON.stringify(type.value);
  if (type.isNumberLiteral()) return String(type.value);
  if (type.flags & ts.TypeFlags.BooleanLike) return type.flags & ts.TypeFlags.BooleanLiteral ? checker.typeToString(type) : "true";
  if (type.flags & ts.TypeFlags.StringLike) return '"x"';
  if (type.flags & ts.TypeFlags.NumberLike) return "1";
  if (checker.isArrayType(type) || checker.isTupleType(type)) return "[]";
  if (type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection) && depth < 4) {
    const fields = required(type).map((symbol) => `${JSON.stringify(symbol.name)}: ${valueOf(checker.getTypeOfSymbol(symbol), depth + 1)}`);
    return fields.length > 0 ? `{ ${fields.join(", ")} }` : "{}";
  }
  return "{}";
}

/** Every operation: route and the source text of its required options ("" when it needs none). */
function operations() {
  const found = [];
  for (const pathSymbol of checker.getPropertiesOfType(paths)) {
    const item = checker.getTypeOfSymbol(pathSymbol);
    for (const method of methods) {
      const operation = property(item, method);
      if (!operation || operation.flags & (ts.TypeFlags.Never | ts.TypeFlags.Undefined)) continue;
      const parameters = property(operation, "parameters");
      const fields = [...required(property(parameters, "path")), ...required(property(parameters, "query"))].map(
        (symbol) => [symbol.name, valueOf(checker.getTypeOfSymbol(symbol))],
      );
      const bodySymbol = checker.getPropertyOfType(operation, "requestBody");
      if (bodySymbol && !isOptional(bodySymbol)) {
        const content = property(checker.getTypeOfSymbol(bodySymbol), "content");
        const json = property(content, "application/json");
        // A body with a property named like a parameter (required or not) or an option goes whole as data.
        const names = (type) => (type ? checker.getPropertiesOfType(checker.getNonNullableType(type)).map((symbol) => symbol.name) : []);
        const taken = new Set([...names(property(parameters, "path")), ...names(property(parameters, "query")), "method", "baseUrl", "url", "headers", "request", "mediaType", "data"]);
        // Flat only for one object type with named properties: a union (oneOf), a list or a map goes whole as data.
        const flat = json && json.flags & ts.TypeFlags.Object && !checker.isArrayType(json) && !checker.isTupleType(json) && checker.getIndexInfosOfType(json).length === 0;
        const bodyFields = flat ? required(json).map((symbol) => [symbol.name, valueOf(checker.getTypeOfSymbol(symbol))]) : [];
        // A required body none of whose properties is required still must be given: as data (`{}` here).
        if (!flat || names(json).some((name) => taken.has(name)) || bodyFields.length === 0) {
          const whole = json ?? checker.getTypeOfSymbol(checker.getPropertiesOfType(content)[0]);
          fields.push(["data", valueOf(whole)]);
        } else fields.push(...bodyFields);
      }
      const options = fields.map(([name, value]) => `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}: ${value}`);
      found.push({ route: `${method.toUpperCase()} ${pathSymbol.name}`, options: options.length ? `{ ${options.join(", ")} }` : "" });
    }
  }
  return found.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
}

const call = (name, { route, options }) => `${name}(${JSON.stringify(route)}${options ? `, ${options}` : ""});`;
const all = operations();
const lines = [];
if (mode === "all") {
  lines.push(
    "// Every operation of GitHub's description (@octokit/openapi-types' `paths`), called through the endpoint typed by",
    "// it with exactly its required parameters, each a value of its declared type: every line must compile.",
    `// ${all.length} operations. Generated by \`node scripts/github-calls.mjs all\`; do not edit by hand.`,
    'import type { paths } from "@octokit/openapi-types";',
    'import { endpoint } from "../../src/index.js";',
    "",
    "const github = endpoint.defaults<paths>({});",
    "",
    ...all.map((operation) => call("github", operation)),
  );
} else if (mode === "cost") {
  // Every sixth operation from the third on: 200 routes spread over the whole description, as many-routes.ts is.
  const sample = all.filter((_, index) => index % 6 === 2).slice(0, 200);
  if (flavour === "typed") lines.push('import type { paths } from "@octokit/openapi-types";', `import { endpoint as base } from "${root}/src/index.js";`, "const endpoint = base.defaults<paths>({});");
  else if (flavour === "untyped") lines.push(`import { endpoint } from "${root}/src/index.js";`);
  else if (flavour === "octokit") lines.push('import { endpoint } from "@octokit/endpoint";');
  else throw new Error(`unknown flavour ${flavour}: typed, untyped or octokit`);
  lines.push(...sample.map((operation) => call("endpoint", operation)));
} else throw new Error(`unknown mode ${mode}: all or cost`);
process.stdout.write(`${lines.join("\n")}\n`);
