// Shared fast-check arbitraries for the hostile-input suite: values no caller should send, in every option slot.
import fc from "fast-check";

/** Strings a template, route or header parser has to survive: lone surrogates, controls, template syntax, length. */
const templatePieces = [
  "/", "{", "}", ":", ",", "?", "#", "&", "+", ".", ";", "*", "%", "%2F", "%G", "=", "!", "@", "|", "$", "\0", "\r", "\n",
  " ", "\t", "a", "owner", "repo", "0", "00", ":3", ":0", ":10000", "*", "{a}", "{+a}", "{#a}", "{?a,b}", "{/a*}", "{;a}",
  "{.a}", "{&a}", "{a*}", "{a:2}", ":owner", "/:a", "https://", "http://localhost:8080", "mailto:", "\uD800", "\uDC00",
  "\u00e9", "\u2028", "\uFEFF", "-preview", "application/vnd.github.", "v3", "+json", "__proto__", "constructor",
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.array(fc.constantFrom(...templatePieces), { maxLength: 12 }).map((pieces) => pieces.join("")),
  fc.constantFrom("", " ", "  GET  /x  ", "GET /a /b", "\uD800", "a\uDC00b", "x\r\nInjected: 1", "x\0y", "x\ny"),
  fc.tuple(fc.constantFrom("a", "{", ":", "\0", "-", ","), fc.integer({ min: 1000, max: 5000 })).map(([c, n]) => c.repeat(n)),
);

/** Objects that pass `instanceof Date` but are not Dates, and Dates that are not valid. */
const oddDates = fc.constantFrom(
  () => new Date(Number.NaN),
  () => new Date(8.64e15),
  () => new Date(-8.64e15),
  () => Object.create(Date.prototype) as Date,
  () => {
    const date = new Date(0);
    Object.defineProperty(date, "toISOString", { value: () => 42 });
    return date;
  },
).map((make) => make());

/** Values structuredClone cannot copy, or that have no text form. */
const unclonable = fc.oneof(
  fc.string().map((description) => Symbol(description)),
  fc.constantFrom(
    () => undefined,
    function named() {},
    class Klass {},
    Symbol.iterator,
    new WeakMap(),
    Promise.resolve(1),
  ),
);

/** Sparse arrays whose length costs their creator nothing: every walk over `length` must be bounded. */
const hugeSparse = fc.constantFrom(
  () => new Array(2 ** 32 - 1),
  () => Object.assign(new Array(2 ** 32 - 1), { 7: "x" }),
  () => Object.assign([], { [2 ** 20]: 1 }),
).map((make) => make() as unknown[]);

/** Every kind of value the issue names, clonable ones only (so inputs can be compared with a structuredClone). */
export const clonableValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.anything({
    maxDepth: 3,
    maxKeys: 4,
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withNullPrototype: true,
    withObjectString: true,
    withSet: true,
    withSparseArray: true,
    withTypedArray: true,
    key: fc.oneof(fc.string(), fc.constantFrom("__proto__", "constructor", "prototype", "format", "previews", "a", "q")),
    values: [fc.oneof(hostileString, fc.double(), fc.bigInt(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.date())],
  }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(undefined, null, 0, -0, Number.NaN, Infinity, -Infinity, 10n ** 30n, true, "") },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: false }) },
  { weight: 1, arbitrary: fc.sparseArray(fc.oneof(fc.string(), fc.integer()), { maxLength: 6 }) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant(undefined)), { maxLength: 5 }) },
);

/** Any value at all, including functions, symbols and look-alike Dates. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: clonableValue },
  { weight: 1, arbitrary: unclonable },
  { weight: 1, arbitrary: oddDates },
  { weight: 1, arbitrary: hugeSparse },
);

/**
 * Mostly `plausible`, sometimes `hostile`: with every slot hostile at once almost every call would stop at its first
 * check, so each slot is hostile on its own now and then, and the later stages (template, query, body, headers) run.
 */
export const mostly = <T, U>(plausible: fc.Arbitrary<T>, hostile: fc.Arbitrary<U>, odds = 8): fc.Arbitrary<T | U> =>
  fc.oneof({ weight: odds, arbitrary: plausible }, { weight: 1, arbitrary: hostile });

/** Methods: mostly plausible ones, so the later stages run, and the rest hostile. */
export const method = (value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  mostly(fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "get", "Post", "OPTIONS", "X-CUSTOM"), value);

/** URL templates assembled from realistic and broken pieces. */
export const urlTemplate: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(
    "/repos/{owner}/{repo}",
    "/orgs/:org/repos",
    "/repos/:owner/:repo/issues{?state,labels}",
    "{/path*}",
    "/search{?q}",
    "https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets{?name,label}",
    "{+base}/x",
    "/a{#frag}",
    "/m{;m*}{.ext}{&rest*}",
    "/u/{constructor}/{__proto__}{?toString,prototype}",
    "x{+a}",
    "/trailing/",
    "",
    "/",
  ) },
  { weight: 2, arbitrary: fc.array(fc.constantFrom(...templatePieces), { maxLength: 10 }).map((pieces) => pieces.join("")) },
  { weight: 1, arbitrary: hostileString },
);

export const baseUrl = (value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  mostly(
    fc.constantFrom("https://api.github.com", "https://ghe.example/api/v3/", "http://localhost:8080", "mailto:x", "a:", "https://h\u00e9.example//"),
    fc.oneof(hostileString, value),
  );

const headerNames = (text: fc.Arbitrary<string>) => mostly(
  fc.constantFrom("accept", "Accept", "user-agent", "content-type", "authorization", "X-Custom", "__proto__", "constructor", "prototype"),
  text,
);

export const headers = (value: fc.Arbitrary<unknown>, text = hostileString): fc.Arbitrary<unknown> =>
  mostly(
    fc.dictionary(headerNames(text), mostly(
      fc.constantFrom("application/vnd.github.v3+json", "application/octet-stream", "text/plain", "token abc", "a-preview, b-preview", 0, 42, undefined),
      value,
    ), { maxKeys: 3 }),
    value,
  );

const previewName = (text: fc.Arbitrary<string>) => mostly(fc.constantFrom("mercy", "symmetra-preview", "scarlet-witch", "-preview", "a-b"), text);

export const mediaType = (value: fc.Arbitrary<unknown>, text = hostileString): fc.Arbitrary<unknown> =>
  mostly(
    fc.record({
      format: mostly(fc.constantFrom("raw", "diff", "text+json", "v3.full", ""), value),
      previews: mostly(fc.array(previewName(text), { maxLength: 3 }), value),
    }, { requiredKeys: [] }),
    value,
  );

const parameterNames = (text: fc.Arbitrary<string>) => mostly(
  fc.constantFrom("owner", "repo", "org", "q", "per_page", "path", "a", "b", "m", "ext", "rest", "frag", "base", "id", "name", "label",
    "data", "state", "labels", "__proto__", "constructor", "prototype", "toString", "hasOwnProperty"),
  text,
);

/** Values for every required placeholder of the templates above, so most plausible calls get past that check. */
const FILLS: readonly [string, unknown][] = [
  ["owner", "octocat"], ["repo", "hello world"], ["org", "o"], ["id", 1], ["base", "b"], ["constructor", "c"], ["__proto__", "p"],
];

/**
 * An options object: every named option (each maybe missing) plus parameters. Now and then a slot holds a value drawn
 * from `value`, or a name or preview drawn from `text`.
 */
export const options = (value: fc.Arbitrary<unknown>, text: fc.Arbitrary<string> = fc.string()): fc.Arbitrary<Record<string, unknown>> =>
  fc.tuple(
    fc.record({
      method: method(value),
      url: mostly(urlTemplate, value),
      baseUrl: baseUrl(value),
      headers: headers(value, text),
      mediaType: mediaType(value, text),
      data: mostly(fc.oneof(fc.string(), fc.constant({ a: 1 })), value, 2),
      request: mostly(fc.constant({ timeout: 5 }), value, 2),
    }, { requiredKeys: [] }),
    fc.array(fc.tuple(parameterNames(text), mostly(
      fc.oneof(fc.string(), fc.integer(), fc.array(fc.string(), { maxLength: 3 }), fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 })),
      value,
      3,
    )), { maxLength: 5 }),
    fc.boolean(),
    fc.oneof({ weight: 3, arbitrary: fc.constant(FILLS) }, { weight: 1, arbitrary: fc.constant([]) }),
  ).map(([named, parameters, nullPrototype, fills]) => {
    const result: Record<string, unknown> = nullPrototype ? Object.create(null) : {};
    for (const [key, item] of [...Object.entries(named), ...fills, ...parameters]) {
      Object.defineProperty(result, key, { value: item, enumerable: true, writable: true, configurable: true });
    }
    return result;
  });

/** A route argument: a route string, an options object, or anything else. */
export const route = (value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.tuple(
      mostly(fc.constantFrom("GET", "POST", "patch", "HEAD", "PUT", "DELETE", ""), fc.constantFrom("G E T", "GET\n", "Ü")),
      mostly(fc.constantFrom(" ", "  "), fc.constantFrom("\t", "\n", "")),
      urlTemplate,
    ).map(([m, space, url]) => `${m}${space}${url}`) },
    { weight: 3, arbitrary: options(value) },
    { weight: 1, arbitrary: fc.oneof(hostileString, value) },
  );

/** Options where each slot is either plausible or hostile. */
export const hostileOptions = options(anyValue, hostileString);
export const hostileRoute = route(anyValue);

/** Plausible options only: what a careful caller sends. */
export const plausibleOptions = options(fc.constant(undefined), fc.constantFrom("x", "X-Y"));
export const plausibleRoute = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom("GET", "POST", "patch", "HEAD", "PUT", "DELETE", "OPTIONS"), urlTemplate).map(([m, url]) => `${m} ${url}`) },
  { weight: 1, arbitrary: plausibleOptions },
);

/** Where one hostile value can go: an option, a header, a mediaType part, a parameter, or inside a parameter. */
const slots: fc.Arbitrary<readonly (string | number)[]> = fc.oneof(
  fc.constantFrom<readonly (string | number)[]>(
    ["method"], ["url"], ["baseUrl"], ["headers"], ["headers", "accept"], ["headers", "x-custom"], ["headers", "__proto__"],
    ["mediaType"], ["mediaType", "format"], ["mediaType", "previews"], ["mediaType", "previews", 0], ["data"], ["request"],
    ["owner"], ["repo"], ["q"], ["path"], ["m"], ["rest"], ["frag"], ["base"], ["name"], ["a"], ["constructor"], ["__proto__"],
    ["m", "key"], ["rest", "__proto__"], ["labels", 1],
  ),
  fc.tuple(fc.constantFrom("headers", "mediaType"), fc.string()),
);

/** Sets `path` in a copy of `target`, copying each object on the way so nothing generated earlier is changed. */
function withValueAt(target: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(target)
    ? [...(target as unknown[])]
    : typeof target === "object" && target !== null && !(target instanceof Date)
      ? { ...(target as object) }
      : typeof key === "number" ? [] : {}) as Record<string | number, unknown>;
  const current = Object.prototype.hasOwnProperty.call(copy, key) ? copy[key] : undefined;
  Object.defineProperty(copy, key, { value: withValueAt(current, rest, value), enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Plausible options with exactly one slot replaced by `value`: the hostile value reaches the stage that reads it. */
export const oneHostileSlot = (value: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> =>
  fc.tuple(plausibleOptions, slots, value).map(([base, path, item]) => withValueAt(base, path, item) as Record<string, unknown>);

/** Route and options for endpoint()/merge(): a plausible route with one hostile slot, or hostile everywhere. */
export const routeAndOptions = (value: fc.Arbitrary<unknown>): fc.Arbitrary<[unknown, unknown]> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.tuple(plausibleRoute, oneHostileSlot(value)) },
    { weight: 1, arbitrary: fc.tuple(oneHostileSlot(value), fc.constant(undefined)) },
    { weight: 1, arbitrary: fc.tuple(route(value), options(value, hostileString)) },
  );

/** Keys that reach a prototype when code writes `target[key] = value` or merges with a naive deep merge. */
export const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype"] as const;

const pollutingKey = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 1, arbitrary: fc.constantFrom("polluted", "toString", "valueOf", "hasOwnProperty", "isAdmin", "accept", "previews", "format") },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
);

/** JSON text whose objects use those keys at any depth; JSON.parse makes `__proto__` an own key, as a server's JSON would. */
const pollutingJsonText = fc.letrec<{ node: string; leaf: string; object: string; array: string }>((tie) => ({
  node: fc.oneof({ depthSize: "small", withCrossShrink: true }, tie("leaf"), tie("object"), tie("array")),
  leaf: fc.constantFrom('"yes"', "true", "null", "1", '{"polluted":"yes"}', '["polluted"]', '"x-preview"'),
  object: fc.array(fc.tuple(pollutingKey, tie("node")), { maxLength: 4 })
    .map((entries) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(",")}}`),
  array: fc.array(tie("node"), { maxLength: 3 }).map((items) => `[${items.join(",")}]`),
}));

/** An object (from JSON.parse) with prototype keys at any depth. */
export const pollutingObject: fc.Arbitrary<Record<string, unknown>> = pollutingJsonText.object.map(
  (text) => JSON.parse(text) as Record<string, unknown>,
);

/** Headers as a hostile JSON body would give them: prototype keys as names, string values (so they pass the checks). */
export const pollutingHeaders: fc.Arbitrary<Record<string, unknown>> = fc
  .array(fc.tuple(pollutingKey, fc.constantFrom('"yes"', '"application/vnd.github.v3+json"', '{"polluted":"yes"}')), { maxLength: 4 })
  .map((entries) => JSON.parse(`{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(",")}}`) as Record<string, unknown>);

/** A mediaType with prototype keys around and inside it. */
export const pollutingMediaType: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(fc.array(fc.tuple(pollutingKey, fc.constantFrom('{"previews":["polluted"]}', '{"format":"raw"}', '"raw"', '["mercy"]')), { maxLength: 3 }), fc.boolean())
  .map(([entries, withPreviews]) => {
    const parts = entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`);
    if (withPreviews) parts.push('"previews":["mercy","__proto__","constructor"]');
    return JSON.parse(`{${parts.join(",")}}`) as Record<string, unknown>;
  });
