// DECISIONS.md difference 15: a body the client encodes and labels itself gets no JSON content-type from endpoint().
import { Readable } from "node:stream";
import { runInNewContext } from "node:vm";
import { FormData as UndiciFormData } from "undici";
import { describe, expect, it } from "vitest";
import { nativeBodyKind } from "../src/body-kind.js";
import { endpoint } from "../src/index.js";

const JSON_TYPE = "application/json; charset=utf-8";

/** One of each body a client writes itself, from this realm, undici and a vm context, with its kind. */
const NATIVE: [string, () => unknown, string][] = [
  ["FormData", () => new FormData(), "form"],
  ["undici's FormData", () => new UndiciFormData(), "form"],
  ["URLSearchParams", () => new URLSearchParams("a=1"), "params"],
  ["Blob", () => new Blob(["x"], { type: "image/png" }), "blob"],
  ["File", () => new File(["x"], "x.txt"), "blob"],
  ["ArrayBuffer", () => new ArrayBuffer(2), "bytes"],
  ["ArrayBuffer of another realm", () => runInNewContext("new ArrayBuffer(2)"), "bytes"],
  ["Uint8Array", () => new Uint8Array(2), "bytes"],
  ["Uint8Array of another realm", () => runInNewContext("new Uint8Array(2)"), "bytes"],
  ["DataView", () => new DataView(new ArrayBuffer(2)), "bytes"],
  ["Buffer", () => Buffer.from("x"), "bytes"],
  ["ReadableStream", () => new ReadableStream(), "stream"],
  ["Node Readable", () => Readable.from(["x"]), "stream"],
  ["async generator", () => (async function* () {})(), "stream"],
];

/** Bodies sent as JSON (or text), which keep the JSON default. */
const DATA: [string, () => unknown][] = [
  ["a plain object", () => ({ a: 1 })],
  ["a null-prototype object", () => Object.assign(Object.create(null) as object, { a: 1 })],
  ["a plain object of another realm", () => runInNewContext("({ a: 1 })")],
  ["an array", () => [1]],
  ["a string", () => "text"],
  ["a number", () => 1],
  ["null", () => null],
  ["a Date", () => new Date(0)],
  ["a class instance", () => new (class Point {})()],
];

describe("nativeBodyKind", () => {
  it.each(NATIVE)("%s is a body the client writes itself", (_, make, kind) => {
    expect(nativeBodyKind(make())).toBe(kind);
  });

  it.each(DATA)("%s is data", (_, make) => {
    expect(nativeBodyKind(make())).toBeUndefined();
  });

  it("reads Symbol.toStringTag and Symbol.asyncIterator at most once each, and nothing of a plain object", () => {
    const reads: PropertyKey[] = [];
    const spy = (target: object): object => new Proxy(target, { get: (object, key, receiver) => (reads.push(key), Reflect.get(object, key, receiver)) });
    nativeBodyKind(spy(new (class Upload {})()));
    expect(reads.filter((key) => key === Symbol.toStringTag)).toHaveLength(1);
    expect(reads.filter((key) => key === Symbol.asyncIterator)).toHaveLength(1);
    reads.length = 0;
    nativeBodyKind(spy({ a: 1 }));
    expect(reads).toEqual([]);
  });

  it("takes a plain object for data, not a stream, whatever a polluted Object.prototype holds", () => {
    Object.defineProperty(Object.prototype, Symbol.asyncIterator, { value: async function* () {}, configurable: true });
    try {
      expect(nativeBodyKind(new (class Point {})())).toBeUndefined();
    } finally {
      delete (Object.prototype as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator];
    }
  });
});

describe("endpoint() and parse(merge()) label only data as JSON (difference 15)", () => {
  for (const route of ["POST /upload", "PUT /upload", "PATCH /upload", "DELETE /upload"]) {
    it.each(NATIVE)(`${route}: %s as data gets no content-type, so the client writes its own`, (_, make) => {
      expect(endpoint(route, { data: make() }).headers["content-type"]).toBeUndefined();
      expect(endpoint.parse(endpoint.merge(route, { data: make() })).headers["content-type"]).toBeUndefined();
    });
  }

  it.each(DATA)("%s as data gets the JSON default", (_, make) => {
    expect(endpoint("POST /x", { data: make() }).headers["content-type"]).toBe(JSON_TYPE);
  });

  it("keeps a content-type the caller gave for any body", () => {
    const options = endpoint("POST /x", { data: new Blob(["x"]), headers: { "content-type": "application/zip" } });
    expect(options.headers["content-type"]).toBe("application/zip");
  });
});
