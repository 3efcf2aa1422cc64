// endpoint() against @octokit/endpoint, the reference, on random routes and parameters.
//
// The generators stay inside the ground where DECISIONS.md promises the same result, and the comparison
// normalises only the deliberate differences DECISIONS.md lists:
//   1. method case: compared lowercase;
//   2. user-agent: compared when the caller passes one, removed from both results otherwise;
//   3. url required, 4. missing placeholders: every route has a url and every placeholder a value;
//   5. trailing slashes: a path never ends with "/" (a placeholder in the last segment is never empty);
//   6. `:name`: only `{name}` placeholders, names of two or more lowercase letters;
//   7. RFC 6570: `{?a,b}` variables are always defined, so octokit writes no stray "&";
//   8. null in the query: GET/HEAD parameters are never null (body parameters may be);
//   9. previews: only on POST /graphql, the one route where octokit applies them;
//  10. joining: paths start with "/" and baseUrls have no trailing "/";
//  11. injection, bad methods, bad templates: never generated.
// Methods are GET/POST/PUT/PATCH/DELETE/HEAD only: octokit sends a body for every method but GET and HEAD,
// while DECISIONS.md sends a query for every method but PATCH/POST/PUT/DELETE.
import { endpoint as octokit } from "@octokit/endpoint";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RequestOptions } from "../src/index.js";
import { endpoint as octokitEntry } from "../src/octokit.js";
import { loose, loosen, type LooseEndpoint } from "./helpers.js";

/** Enough to cover each generator's branches many times over while the file stays well under ten seconds. */
const RUNS = 3000;

const BODY_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
const QUERY_METHODS = ["GET", "HEAD"] as const;
const RESERVED = new Set(["method", "url", "baseurl", "headers", "request", "mediatype", "data"]);

type OctokitCall = (route: unknown, options?: unknown) => RequestOptions;
interface Target {
  ours: LooseEndpoint;
  theirs: OctokitCall & { defaults(options: unknown): Target["theirs"] };
}

// ---- generators ---------------------------------------------------------------------------------

const method = (methods: readonly string[]) => fc.constantFrom(...methods).chain((m) => fc.constantFrom(m, m.toLowerCase()));

const name = fc.stringMatching(/^[a-z][a-z_]{1,9}$/).filter((n) => !RESERVED.has(n));
const literalSegment = fc.stringMatching(/^[a-z0-9][a-z0-9_.~-]{0,11}$/);

const text = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: "binary", maxLength: 8 }), fc.string({ unit: "grapheme", maxLength: 6 }));
const nonEmptyText = fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.string({ unit: "binary", minLength: 1, maxLength: 8 }));
const number = fc.oneof(fc.integer(), fc.double());

/**
 * A placeholder value: defined, never an empty list, never empty text (that could leave a trailing slash), never "."
 * or ".." (a dot segment is refused: README, difference 14).
 */
const segmentText = nonEmptyText.filter((value) => value !== "." && value !== "..");
const placeholderValue = fc.oneof(segmentText, number, fc.boolean(), fc.array(segmentText, { minLength: 1, maxLength: 3 }));
/** A `{?a,b}` value: defined and never an empty list (RFC 6570 undefined), empty text allowed. */
const templateQueryValue = fc.oneof(text, number, fc.boolean(), fc.array(nonEmptyText, { minLength: 1, maxLength: 3 }));
/** A GET/HEAD query parameter: never null (difference 8), undefined allowed (both leave it out). */
const queryValue = fc.oneof(text, number, fc.boolean(), fc.array(text, { maxLength: 3 }), fc.constant(undefined));
/** A body parameter: any JSON value, null included, or undefined (both leave it out). */
const bodyValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined));

const headerName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,11}$/);
/**
 * Printable ASCII, never CR/LF/NUL. Never empty: given `content-type: ""` and a body, octokit writes the JSON
 * type while we keep "" (DECISIONS: the JSON type only when "no content-type was given"); not a listed difference.
 */
const headerValue = fc.oneof(fc.string({ minLength: 1, maxLength: 16 }), fc.nat());
const accept = fc.constantFrom(
  "application/vnd.github.v3+json",
  "application/vnd.github+json",
  "application/vnd.github.v3.full+json",
  "application/vnd.github.raw",
  "application/json",
  "application/vnd.github.v3+json,application/json",
  "text/html",
);
const headers = fc.record(
  {
    extra: fc.dictionary(headerName, headerValue, { maxKeys: 3 }),
    accept,
    userAgent: fc.string({ minLength: 1, maxLength: 16 }),
    contentType: fc.constantFrom("text/plain", "application/octet-stream", "application/x-www-form-urlencoded"),
  },
  { requiredKeys: ["extra"] },
);
const format = fc.constantFrom("", "raw", "diff", "patch", "sha", "full", "html", "text", "base64", "text+json");
const baseUrl = fc.constantFrom("https://api.github.com", "https://ghe.example.com/api/v3", "http://localhost:3000");

/** `/a/{owner}/b/{repo}`: literal segments and uniquely named placeholders, never ending with "/". */
const path = fc
  .array(fc.oneof(fc.record({ literal: literalSegment }), fc.record({ placeholder: name })), { minLength: 1, maxLength: 5 })
  .map((segments) => {
    const seen = new Set<string>();
    return segments.filter((segment) => !("placeholder" in segment) || (!seen.has(segment.placeholder) && seen.add(segment.placeholder)));
  });

interface Case {
  method: string;
  url: string;
  options: Record<string, unknown>;
  userAgentGiven: boolean;
  defaults: Record<string, unknown>[];
}

interface HeaderChoice {
  extra: Record<string, string | number>;
  accept?: string;
  userAgent?: string;
  contentType?: string;
}

interface DefaultsChoice {
  baseUrl?: string;
  headers?: Record<string, string | number>;
  parameters?: Record<string, unknown>;
  request?: { retries: number };
  mediaType?: { previews: string[] };
}

/** Everything but the route-specific parameters. */
interface Common {
  headers: HeaderChoice | undefined;
  format: string | undefined;
  baseUrl: string | undefined;
  request: { timeout: number } | undefined;
  defaults: DefaultsChoice[];
}

function commonOptions(withFormat: boolean): fc.Arbitrary<Common> {
  return fc.record({
    headers: fc.option(headers, { nil: undefined }),
    format: withFormat ? fc.option(format, { nil: undefined }) : fc.constant(undefined),
    baseUrl: fc.option(baseUrl, { nil: undefined }),
    request: fc.option(fc.record({ timeout: fc.nat() }), { nil: undefined }),
    defaults: fc.array(
      fc.record(
        {
          baseUrl,
          headers: fc.dictionary(headerName, headerValue, { maxKeys: 2 }),
          parameters: fc.dictionary(name, fc.oneof(nonEmptyText, fc.integer(), fc.boolean()), { maxKeys: 2 }),
          request: fc.record({ retries: fc.nat() }),
        },
        { requiredKeys: [] },
      ),
      { maxLength: 2 },
    ),
  });
}

function buildCase(methodName: string, url: string, parameters: Record<string, unknown>, common: Common): Case {
  const options: Record<string, unknown> = { ...parameters };
  let userAgentGiven = false;
  if (common.headers) {
    const given: Record<string, unknown> = { ...common.headers.extra };
    if (common.headers.accept !== undefined) given.Accept = common.headers.accept;
    if (common.headers.userAgent !== undefined) {
      given["User-Agent"] = common.headers.userAgent;
      userAgentGiven = true;
    }
    if (common.headers.contentType !== undefined) given["content-type"] = common.headers.contentType;
    if (Object.keys(given).some((header) => header.toLowerCase() === "user-agent")) userAgentGiven = true;
    options.headers = given;
  }
  if (common.format !== undefined) options.mediaType = { format: common.format };
  if (common.baseUrl !== undefined) options.baseUrl = common.baseUrl;
  if (common.request !== undefined) options.request = common.request;
  const defaults = common.defaults.map((entry) => {
    const { parameters: given = {}, ...rest } = entry;
    // octokit merges an object option over a text default by copying the text's characters in ({ "0": " " }): its
    // quirk, not a promise of DECISIONS.md (an object replaces a scalar), so such pairs are not generated.
    const defaultParameters = Object.fromEntries(
      Object.entries(given).filter(([key]) => typeof options[key] !== "object" || options[key] === null || Array.isArray(options[key])),
    );
    if (rest.headers && Object.keys(rest.headers).some((header) => header.toLowerCase() === "user-agent")) userAgentGiven = true;
    return { ...defaultParameters, ...rest };
  });
  return { method: methodName, url, options, userAgentGiven, defaults };
}

/** A REST route: placeholders filled, the rest to the query (GET/HEAD) or the body, maybe with `{?a,b}` and data. */
const restCase = fc
  .record({
    method: method([...QUERY_METHODS, ...BODY_METHODS]),
    fullUrl: fc.boolean(),
    path,
    queryTemplate: fc.uniqueArray(name, { maxLength: 2 }),
    extra: fc.uniqueArray(name, { maxLength: 4 }),
    q: fc.option(fc.string({ maxLength: 12 }), { nil: undefined }),
    data: fc.option(fc.oneof(text, fc.jsonValue({ maxDepth: 2 })), { nil: undefined, freq: 4 }),
    objectForm: fc.boolean(),
    common: commonOptions(true),
  })
  .chain((shape) => {
    const placeholders = shape.path.flatMap((segment) => ("placeholder" in segment ? [segment.placeholder] : []));
    const templateNames = shape.queryTemplate.filter((n) => !placeholders.includes(n));
    const extraNames = shape.extra.filter((n) => !placeholders.includes(n) && !templateNames.includes(n));
    const carriesBody = (BODY_METHODS as readonly string[]).includes(shape.method.toUpperCase());
    return fc
      .record({
        placeholderValues: fc.tuple(...placeholders.map(() => placeholderValue)),
        templateValues: fc.tuple(...templateNames.map(() => templateQueryValue)),
        extraValues: fc.tuple(...extraNames.map(() => (carriesBody ? bodyValue : queryValue))),
      })
      .map(({ placeholderValues, templateValues, extraValues }) => {
        const parameters: Record<string, unknown> = {};
        placeholders.forEach((n, i) => (parameters[n] = placeholderValues[i]));
        templateNames.forEach((n, i) => (parameters[n] = templateValues[i]));
        extraNames.forEach((n, i) => (parameters[n] = extraValues[i]));
        if (shape.q !== undefined) parameters.q = shape.q;
        if (carriesBody && shape.data !== undefined) parameters.data = shape.data;
        const segments = shape.path.map((segment) => ("placeholder" in segment ? `{${segment.placeholder}}` : segment.literal));
        const query = templateNames.length > 0 ? `{?${templateNames.join(",")}}` : "";
        const url = `${shape.fullUrl ? "https://uploads.github.com" : ""}/${segments.join("/")}${query}`;
        return { case: buildCase(shape.method, url, parameters, shape.common), objectForm: shape.objectForm };
      });
  });

/**
 * POST /graphql with previews. Outside the listed differences octokit also (a) repeats a preview named twice
 * (in accept and options, or twice in options) where DECISIONS says "no repeats", (b) orders a preview both in
 * defaults and options by the options' order where DECISIONS puts defaults first, and (c) drops "-preview"
 * anywhere in a name, not only as a suffix. So names are unique, never contain "preview", and a name in accept
 * is never given again.
 */
const previewName = fc.stringMatching(/^[a-z][a-z0-9]{1,7}(-[a-z0-9]{1,6})?$/).filter((n) => !n.includes("preview"));
const graphqlCase = fc
  .record({
    previews: fc.uniqueArray(previewName, { maxLength: 4 }),
    split: fc.nat(4),
    acceptPreview: fc.option(previewName, { nil: undefined }),
    format: fc.option(format, { nil: undefined }),
    query: fc.string({ maxLength: 20 }),
    common: commonOptions(false),
  })
  .map(({ previews, split, acceptPreview, format: givenFormat, query, common }) => {
    const fromAccept = acceptPreview !== undefined && !previews.includes(acceptPreview) ? acceptPreview : undefined;
    const [defaultPreviews, newPreviews] = [previews.slice(0, split), previews.slice(split)];
    const graphqlCommon: Common = {
      ...common,
      headers: fromAccept === undefined ? common.headers : { ...common.headers, extra: common.headers?.extra ?? {}, accept: `application/vnd.github.${fromAccept}-preview+json` },
      defaults: defaultPreviews.length > 0 ? [...common.defaults, { mediaType: { previews: defaultPreviews } }] : common.defaults,
    };
    const built = buildCase("POST", "/graphql", { query }, graphqlCommon);
    built.options.mediaType = { ...(givenFormat === undefined ? {} : { format: givenFormat }), previews: newPreviews };
    return { case: built, objectForm: false };
  });

// ---- running both -------------------------------------------------------------------------------

function targetsFor(defaults: Record<string, unknown>[], base: LooseEndpoint): Target {
  let target: Target = { ours: base, theirs: octokit as unknown as Target["theirs"] };
  for (const entry of defaults) {
    target = { ours: target.ours.defaults(entry), theirs: target.theirs.defaults(entry) };
  }
  return target;
}

function normalise(result: RequestOptions, userAgentGiven: boolean): RequestOptions {
  const headers = { ...result.headers };
  if (!userAgentGiven) delete headers["user-agent"];
  return { ...result, method: result.method.toLowerCase(), headers };
}

/** Compares endpointkit (`asOctokit` false) or endpointkit/octokit, whose method must then be octokit's to the letter. */
function compare({ case: c, objectForm }: { case: Case; objectForm: boolean }, asOctokit = false): void {
  const { ours, theirs } = targetsFor(c.defaults, asOctokit ? loosen(octokitEntry) : loose);
  const route = `${c.method} ${c.url}`;
  const [mine, reference] = objectForm
    ? [ours({ method: c.method, url: c.url, ...c.options }), theirs({ method: c.method, url: c.url, ...c.options })]
    : [ours(route, c.options), theirs(route, c.options)];
  expect(mine.method).toBe(asOctokit ? reference.method : mine.method.toLowerCase());
  if (!c.userAgentGiven) expect(mine.headers["user-agent"]).toMatch(/^endpointkit\//);
  expect(normalise(mine, c.userAgentGiven)).toEqual(normalise(reference, c.userAgentGiven));
}

describe("endpoint() agrees with @octokit/endpoint wherever DECISIONS.md promises the same result", () => {
  it(`on ${RUNS} random REST routes: placeholders, {?…} templates, query, body, data, headers, format, baseUrl, defaults`, () => {
    fc.assert(fc.property(restCase, (c) => compare(c)), { numRuns: RUNS });
  }, 60_000);

  it(`on ${RUNS / 3} random POST /graphql requests with previews from defaults, accept and options`, () => {
    fc.assert(fc.property(graphqlCase, (c) => compare(c)), { numRuns: RUNS / 3 });
  });

  it(`endpointkit/octokit on ${RUNS / 3} random REST routes and ${RUNS / 6} POST /graphql requests, the method's case included`, () => {
    fc.assert(fc.property(restCase, (c) => compare(c, true)), { numRuns: RUNS / 3 });
    fc.assert(fc.property(graphqlCase, (c) => compare(c, true)), { numRuns: RUNS / 6 });
  }, 60_000);

  it("agrees on the SPEC 4.6 route shapes and a few fixed cases, as a sanity check of the harness", () => {
    const cases: [string, Record<string, unknown>][] = [
      ["GET /orgs/{org}/repos", { org: "octokit", type: "private" }],
      ["POST /markdown/raw", { data: "Hello", headers: { "content-type": "text/plain; charset=utf-8" } }],
      ["POST https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets{?name,label}", { owner: "o", repo: "r", id: 1, name: "a b", label: "c", data: "x" }],
      ["PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }],
      ["GET /search/issues", { q: "is:open+repo:a/b", per_page: 5 }],
      ["GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "README.md", mediaType: { format: "raw" } }],
    ];
    for (const [route, options] of cases) {
      const mine = loose(route, options);
      const reference = (octokit as unknown as OctokitCall)(route, options);
      expect(normalise(mine, false)).toEqual(normalise(reference, false));
    }
  });
});
