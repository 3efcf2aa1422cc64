// Every operation of GitHub's REST description (test/fixtures/github/operations.json, made by
// `npm run fixtures:github`) through endpoint() and through @octokit/endpoint, with values built from the
// description: its examples, enums and types, and a second set that needs encoding (space, "/", "#", "?",
// "&", "+", "%", non-ASCII). Each is called directly, through defaults() with a GitHub Enterprise base URL,
// and with the older `:name` placeholders.
//
// No operation may throw on complete input, and every difference between the two results must be one that
// DECISIONS.md lists as deliberate: each listed difference that can show up here has a normaliser named
// after its number, which removes exactly that difference and nothing else. What is left must be equal.
import { endpoint as octokitEndpoint } from "@octokit/endpoint";
import { isDeepStrictEqual } from "node:util";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { RequestOptions } from "../../src/index.js";
import { endpoint as octokitEntry } from "../../src/octokit.js";
import { expectEndpointError, loose, loosen, type LooseEndpoint } from "../helpers.js";

interface Schema {
  type: string;
  enum?: unknown[];
  items?: { type: string; enum?: unknown[] };
  example?: unknown;
  default?: unknown;
}
interface Parameter extends Schema {
  name: string;
  in: "path" | "query";
  required: boolean;
  "x-multi-segment"?: true;
}
interface BodyProperty extends Schema {
  name: string;
  required: boolean;
}
interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: Parameter[];
  body?: { contentType: string; json: boolean; required: boolean; type?: string; properties?: BodyProperty[] };
}
interface Fixture {
  package: string;
  version: string;
  operations: Operation[];
}

const fixture = JSON.parse(readFileSync(new URL("../fixtures/github/operations.json", import.meta.url), "utf8")) as Fixture;
const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
const GHE = "https://ghe.example/api/v3";
const PREVIEWS = ["symmetra"];
/** Text that every encoder must treat with care: space, the URI delimiters, "%" and non-ASCII. */
const AWKWARD = "a b/c#d?e&f+g%h é☃😀";
/** Option names of endpoint(): a body property with one of these names can only travel inside `data`. */
const OPTION_NAMES = new Set(["method", "url", "baseUrl", "headers", "request", "mediaType", "data"]);

type OctokitLike = ((route: unknown, options?: unknown) => RequestOptions) & { defaults(options: unknown): OctokitLike };
/** @octokit/endpoint typed loosely, like `loose`: both are called with what the description gives. */
const octokit = octokitEndpoint as unknown as OctokitLike;
type Values = Record<string, unknown>;
type Variant = "examples" | "encoding";

// ---- values built from the description ------------------------------------------------------------------

/** A value for one parameter or body property: its example, else its first enum value, else one of its type. */
function valueOf(schema: Schema & { name: string }, variant: Variant): unknown {
  const types = schema.type.split("|");
  if (schema.enum && schema.enum.length > 0) return variant === "examples" ? schema.enum[0] : schema.enum[schema.enum.length - 1];
  if (variant === "encoding" && types.includes("string")) return `${String(schema.example ?? schema.name)} ${AWKWARD}`;
  if (schema.example !== undefined && schema.example !== null) return schema.example;
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  const type = types.find((t) => t !== "null") ?? "string";
  switch (type) {
    case "integer":
      return 42;
    case "number":
      return 1.5;
    case "boolean":
      return true;
    case "array": {
      const item = schema.items;
      if (item?.enum && item.enum.length > 0) return item.enum.slice(0, 2);
      if (item?.type === "integer") return [1, 2];
      return variant === "examples" ? ["one", "two"] : ["one two", "three/four"];
    }
    case "object":
      return { key: "value" };
    default:
      return `${schema.name}-value`;
  }
}

interface Call {
  route: string;
  /** Path parameters. */
  path: Values;
  /** Query parameters and (for JSON bodies) body properties, or `data` and headers for other bodies. */
  rest: Values;
  /** True when a body property is named like an option (DECISIONS difference 13): the body goes in `data`. */
  bodyThroughData: boolean;
}

function callFor(operation: Operation, variant: Variant): Call {
  const path: Values = {};
  const rest: Values = {};
  for (const parameter of operation.parameters) {
    (parameter.in === "path" ? path : rest)[parameter.name] = valueOf(parameter, variant);
  }
  let bodyThroughData = false;
  const body = operation.body;
  if (body && !body.json) {
    rest.data = variant === "examples" ? "Hello **world**" : AWKWARD;
    rest.headers = { "content-type": body.contentType };
  } else if (body?.properties) {
    const properties: Values = {};
    for (const property of body.properties) properties[property.name] = valueOf(property, variant);
    bodyThroughData = body.properties.some((p) => OPTION_NAMES.has(p.name));
    if (bodyThroughData) rest.data = properties;
    else Object.assign(rest, properties);
  } else if (body) {
    rest.data = { "octo-repo": ["/docs/**"] };
  }
  return { route: `${operation.method} ${operation.path}`, path, rest, bodyThroughData };
}

/** The same route with `:name` placeholders, for names both implementations read as `:name`. */
function colonRoute(route: string): string {
  return route.replace(/\{([a-z]\w+)\}/g, ":$1");
}

// ---- the listed differences, one normaliser each ----------------------------------------------------------

interface Context {
  previews: string[];
  /** Query parameters whose value was null. */
  nullQuery: string[];
  baseUrl: string;
}
type Normaliser = (ours: RequestOptions, theirs: RequestOptions, context: Context) => RequestOptions | undefined;

/** Splits a URL into the part before its query and its query (without "?"). */
function splitQuery(url: string): [string, string | undefined] {
  const index = url.indexOf("?");
  return index < 0 ? [url, undefined] : [url.slice(0, index), url.slice(index + 1)];
}

/**
 * Each normaliser returns octokit's result changed so that exactly its difference is gone, or undefined when
 * the difference it explains is not there. Only octokit's side is changed: ours is what is asserted.
 */
const NORMALISERS: Record<string, Normaliser> = {
  "1 method case": (ours, theirs) =>
    ours.method !== theirs.method && ours.method === theirs.method.toLowerCase() ? { ...theirs, method: ours.method } : undefined,
  "2 user-agent": (ours, theirs) => {
    const mine = ours.headers["user-agent"];
    const other = theirs.headers["user-agent"];
    if (mine === other || mine !== `endpointkit/${version}`) return undefined;
    if (typeof other !== "string" || !other.startsWith("octokit-endpoint.js/")) return undefined;
    return { ...theirs, headers: { ...theirs.headers, "user-agent": mine } };
  },
  "5 trailing slash kept": (ours, theirs) => {
    const [ourPath, ourQuery] = splitQuery(ours.url);
    const [theirPath, theirQuery] = splitQuery(theirs.url);
    if (!ourPath.endsWith("/") || theirPath !== ourPath.slice(0, -1)) return undefined;
    return { ...theirs, url: theirQuery === undefined ? ourPath : `${ourPath}?${theirQuery}` };
  },
  "8 null query values left out": (ours, theirs, context) => {
    const [theirPath, theirQuery] = splitQuery(theirs.url);
    if (theirQuery === undefined || context.nullQuery.length === 0) return undefined;
    const pairs = theirQuery.split("&");
    const kept = pairs.filter((pair) => !context.nullQuery.some((name) => pair === `${encodeURIComponent(name)}=null`));
    if (kept.length === pairs.length) return undefined;
    return { ...theirs, url: kept.length > 0 ? `${theirPath}?${kept.join("&")}` : theirPath };
  },
  "9 previews on every route": (ours, theirs, context) => {
    if (context.previews.length === 0 || theirs.url.endsWith("/graphql")) return undefined;
    const expected = context.previews.map((p) => `application/vnd.github.${p}-preview+json`).join(",");
    if (ours.headers.accept !== expected || theirs.headers.accept === expected) return undefined;
    return { ...theirs, headers: { ...theirs.headers, accept: expected } };
  },
  "10 one slash after baseUrl": (ours, theirs, context) => {
    if (!context.baseUrl.endsWith("/")) return undefined;
    const doubled = `${context.baseUrl}/`;
    if (!theirs.url.startsWith(doubled) || ours.url.startsWith(doubled)) return undefined;
    return { ...theirs, url: context.baseUrl + theirs.url.slice(doubled.length) };
  },
};

/** Operations each difference (or input routing) was needed for. */
const needed = new Map<string, Set<string>>(Object.keys(NORMALISERS).map((name) => [name, new Set()]));
needed.set("13 body named like an option goes through data", new Set());
const unexplained: string[] = [];
const thrown: string[] = [];
/** operationIds with a call that threw or differed beyond the listed differences. */
const failed = new Set<string>();

/** Runs one call through both implementations and records what is left after the listed normalisers. */
function compare(operation: Operation, label: string, ours: () => RequestOptions, theirs: () => RequestOptions, context: Context): void {
  const id = `${operation.operationId} (${label})`;
  let mine: RequestOptions;
  try {
    mine = ours();
  } catch (error) {
    thrown.push(`${id}: ${String(error)}`);
    failed.add(operation.operationId);
    return;
  }
  let other = theirs();
  for (const [name, normalise] of Object.entries(NORMALISERS)) {
    const normalised = normalise(mine, other, context);
    if (normalised === undefined) continue;
    needed.get(name)?.add(operation.operationId);
    other = normalised;
  }
  // structuredClone: octokit builds its body on a null prototype, ours on Object's; the wire text is the same.
  if (!isDeepStrictEqual(structuredClone(mine), structuredClone(other))) {
    failed.add(operation.operationId);
    unexplained.push(`${id}:\n  ours:    ${JSON.stringify(mine)}\n  octokit: ${JSON.stringify(other)}`);
  }
}

/** Every optional query parameter set to null; not `q`, whose null octokit cannot split (a TypeError). */
function withNulls(rest: Values, operation: Operation): [Values, string[]] {
  const nulls = operation.parameters.filter((p) => p.in === "query" && !p.required && p.name !== "q").map((p) => p.name);
  const copy = { ...rest };
  for (const name of nulls) copy[name] = null;
  return [copy, nulls];
}

function runEveryOperation(): void {
  const direct = { previews: [], nullQuery: [], baseUrl: "https://api.github.com" };
  for (const operation of fixture.operations) {
    for (const variant of ["examples", "encoding"] as const) {
      const call = callFor(operation, variant);
      if (call.bodyThroughData) needed.get("13 body named like an option goes through data")?.add(operation.operationId);
      const options = { ...call.path, ...call.rest };
      compare(operation, `${variant}, direct`, () => loose(call.route, options), () => octokit(call.route, options), direct);

      // Through defaults(): a GitHub Enterprise base URL, a token, previews, and the first path parameter.
      for (const baseUrl of [GHE, `${GHE}/`]) {
        const [firstName] = Object.keys(call.path);
        const shared = { baseUrl, headers: { authorization: "token secret" }, mediaType: { previews: PREVIEWS } };
        const defaults = firstName === undefined ? shared : { ...shared, [firstName]: call.path[firstName] };
        const ours: LooseEndpoint = loose.defaults(defaults);
        const theirs = octokit.defaults(defaults);
        const local = { ...options };
        if (firstName !== undefined) delete local[firstName];
        const context = { previews: PREVIEWS, nullQuery: [], baseUrl };
        compare(operation, `${variant}, defaults ${baseUrl}`, () => ours(call.route, local), () => theirs(call.route, local), context);
      }
    }
    // `:name` placeholders, and every optional query parameter null (GET only: null in a body is JSON null).
    const call = callFor(operation, "examples");
    const route = colonRoute(call.route);
    const [rest, nullQuery] = operation.method === "GET" ? withNulls(call.rest, operation) : [call.rest, []];
    const options = { ...call.path, ...rest };
    compare(operation, ":name, nulls", () => loose(route, options), () => octokit(route, options), { ...direct, nullQuery });

    // A multi-segment parameter last in the path, empty: GitHub's idiom for the root (`/contents/{path}`).
    const last = operation.parameters.find((p) => p["x-multi-segment"] && operation.path.endsWith(`/{${p.name}}`));
    if (last !== undefined) {
      const empty = { ...call.path, ...call.rest, [last.name]: "" };
      compare(operation, "empty last segment", () => loose(call.route, empty), () => octokit(call.route, empty), direct);
    }
  }
}

describe("every operation of GitHub's REST description", () => {
  runEveryOperation();
  const counts = Object.fromEntries([...needed].map(([name, ids]) => [name, ids.size]));
  const passed = fixture.operations.filter((o) => !failed.has(o.operationId));
  console.info(
    `GitHub operations (${fixture.package}@${fixture.version}): ${fixture.operations.length} total, ${passed.length} passed;` +
      ` operations per listed difference: ${JSON.stringify(counts)}`,
  );

  it("covers the whole description", () => {
    expect(fixture.operations.length).toBeGreaterThan(1000);
    expect(new Set(fixture.operations.map((o) => o.operationId)).size).toBe(fixture.operations.length);
  });

  it("builds every operation from complete input, directly, through defaults() and on GitHub Enterprise", () => {
    expect({ count: thrown.length, first: thrown.slice(0, 10) }).toEqual({ count: 0, first: [] });
    expect(passed.length).toBe(fixture.operations.length);
  });

  it("differs from @octokit/endpoint only where DECISIONS.md lists a deliberate difference", () => {
    expect({ count: unexplained.length, first: unexplained.slice(0, 10) }).toEqual({ count: 0, first: [] });
  });

  it("needs the method and user-agent normalisers on every operation and previews on every defaults() call", () => {
    for (const name of ["1 method case", "2 user-agent", "9 previews on every route", "10 one slash after baseUrl"]) {
      expect(needed.get(name)?.size, name).toBe(fixture.operations.length);
    }
  });
});

describe("every operation of GitHub's REST description through endpointkit/octokit", () => {
  it("gives endpointkit's result with octokit's method and accept header, directly and through defaults() with previews", () => {
    const entry = loosen(octokitEntry);
    const shared = { baseUrl: GHE, headers: { authorization: "token secret" }, mediaType: { previews: PREVIEWS } };
    const targets: [LooseEndpoint, LooseEndpoint, OctokitLike][] = [
      [entry, loose, octokit],
      [entry.defaults(shared), loose.defaults(shared), octokit.defaults(shared)],
    ];
    const differing: string[] = [];
    for (const operation of fixture.operations) {
      const call = callFor(operation, "examples");
      const options = { ...call.path, ...call.rest };
      for (const [ours, core, theirs] of targets) {
        const reference = theirs(call.route, options);
        const expected = { ...core(call.route, options), method: reference.method };
        expected.headers = { ...expected.headers, accept: reference.headers.accept! };
        const result = ours(call.route, options);
        if (!isDeepStrictEqual(result, expected)) differing.push(`${operation.operationId}: ${JSON.stringify(result)} / ${JSON.stringify(expected)}`);
      }
    }
    expect({ count: differing.length, first: differing.slice(0, 5) }).toEqual({ count: 0, first: [] });
  });
});

describe("GitHub operations where endpointkit deliberately refuses what octokit builds", () => {
  const withPathParameters = fixture.operations.filter((o) => o.parameters.some((p) => p.in === "path"));

  it("a missing path parameter is ERR_MISSING_PARAMETER (difference 4), on every operation that has one", () => {
    for (const operation of withPathParameters) {
      const { route, path, rest } = callFor(operation, "examples");
      const [missing] = Object.keys(path);
      const options: Values = { ...path, ...rest };
      delete options[missing as string];
      const error = expectEndpointError(() => loose(route, options), "ERR_MISSING_PARAMETER");
      expect(error.message).toContain(`"${missing}"`);
    }
  });

  it("an empty path parameter in the middle of the path is ERR_MISSING_PARAMETER (difference 12); octokit writes //", () => {
    let checked = 0;
    for (const operation of withPathParameters) {
      const { route, path, rest } = callFor(operation, "examples");
      const middle = Object.keys(path).find((name) => !operation.path.endsWith(`{${name}}`));
      if (middle === undefined) continue;
      const options = { ...path, ...rest, [middle]: "" };
      expect(octokit(route, options).url).toContain("//");
      expectEndpointError(() => loose(route, options), "ERR_MISSING_PARAMETER");
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("a body property named url beside the route is ERR_INVALID_ROUTE pointing at data (difference 13); octokit sends the request there", () => {
    const withUrl = fixture.operations.filter((o) => o.body?.properties?.some((p) => p.name === "url"));
    expect(withUrl.map((o) => `${o.method} ${o.path}`)).toContain("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config");
    for (const operation of withUrl) {
      const { route, path } = callFor(operation, "examples");
      const options = { ...path, url: "https://hooks.example/deliver" };
      expect(octokit(route, options).url).toBe("https://hooks.example/deliver");
      const error = expectEndpointError(() => loose(route, options), "ERR_INVALID_ROUTE");
      expect(error.message).toContain("data");
    }
  });
});
