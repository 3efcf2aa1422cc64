// toFetchArgs: what fetch is handed for each kind of request options.
import { Readable } from "node:stream";
import fc from "fast-check";
import { FormData as UndiciFormData } from "undici";
import { describe, expect, it } from "vitest";
import { EndpointError, endpoint, toFetchArgs, type RequestOptions } from "../src/index.js";

const api = endpoint.defaults({ baseUrl: "https://api.example" });

/** The error toFetchArgs threw, so its code can be checked. */
function thrownBy(run: () => unknown): EndpointError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(EndpointError);
    return error as EndpointError;
  }
  throw new Error("expected toFetchArgs to throw");
}

describe("method, url and headers", () => {
  it("uppercases the method, since fetch would send a lowercase patch as written", () => {
    const [url, init] = toFetchArgs(api("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "n" }));
    expect(url).toBe("https://api.example/repos/o/r");
    expect(init.method).toBe("PATCH");
  });

  it("sends a method given in another case than lowercase as given (an OpenAPI 3.2 additionalOperations key), judging bodies by its uppercase", () => {
    expect(toFetchArgs({ method: "Purge", url: "https://api.example/x", headers: {} })[1].method).toBe("Purge");
    expect(thrownBy(() => toFetchArgs({ method: "Get", url: "https://api.example/x", headers: {}, body: "x" })).message).toMatch(/GET request cannot have a body/);
  });

  it("hands fetch every header as a string", () => {
    const [, init] = toFetchArgs(api("GET /x", { headers: { "x-page": 2, authorization: "token t" } }));
    expect(init.headers).toEqual({
      accept: "application/vnd.github.v3+json",
      "user-agent": expect.stringMatching(/^endpointkit\//),
      "x-page": "2",
      authorization: "token t",
    });
  });

  it("drops content-length for bodies fetch measures itself, and leaves the options untouched", () => {
    const options = api("POST /markdown/raw", { data: "hi", headers: { "content-type": "text/plain", "content-length": 2 } });
    const [, init] = toFetchArgs(options);
    expect(init.headers["content-length"]).toBeUndefined();
    expect(options.headers["content-length"]).toBe(2);
  });

  it("keeps content-length for a stream, so it is sent with a fixed length instead of chunked", () => {
    const [, init] = toFetchArgs(api("POST /upload", { data: Readable.from(["hi"]), headers: { "content-length": 2 } }));
    expect(init.headers["content-length"]).toBe("2");
  });
});

describe("bodies", () => {
  it("has no body key for GET, HEAD and a POST without parameters", () => {
    for (const route of ["GET /x", "HEAD /x", "POST /x", "DELETE /x"]) {
      const [, init] = toFetchArgs(api(route));
      expect(Object.keys(init)).not.toContain("body");
    }
  });

  it("sends parameters as JSON text", () => {
    const [, init] = toFetchArgs(api("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Bug", labels: ["a"], milestone: null }));
    expect(init.body).toBe('{"title":"Bug","labels":["a"],"milestone":null}');
    expect(init.headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("sends an array, a JSON scalar or a Date given as data as JSON text", () => {
    expect(toFetchArgs(api("POST /x", { data: [1, "two"] }))[1].body).toBe('[1,"two"]');
    expect(toFetchArgs(api("POST /x", { data: 0 }))[1].body).toBe("0");
    expect(toFetchArgs(api("POST /x", { data: false }))[1].body).toBe("false");
    expect(toFetchArgs(api("POST /x", { data: new Date(0) }))[1].body).toBe('"1970-01-01T00:00:00.000Z"');
  });

  it("sends data: null as the JSON text null, not as no body", () => {
    const [, init] = toFetchArgs(api("PUT /x", { data: null }));
    expect(init.body).toBe("null");
  });

  it("sends the empty PATCH and PUT body as zero bytes, so fetch adds no text/plain type", () => {
    for (const route of ["PATCH /x", "PUT /x"]) {
      const [, init] = toFetchArgs(api(route));
      expect(init.body).toBeInstanceOf(Uint8Array);
      expect((init.body as Uint8Array).byteLength).toBe(0);
      expect(init.headers["content-type"]).toBeUndefined();
    }
  });

  it("keeps an empty string that comes with its own content-type", () => {
    const [, init] = toFetchArgs(api("POST /x", { data: "", headers: { "content-type": "text/markdown" } }));
    expect(init.body).toBe("");
  });

  it("passes text, bytes, blobs and forms as they are", () => {
    const bodies: unknown[] = [
      "# Title",
      new ArrayBuffer(4),
      new Uint8Array([1, 2]),
      new DataView(new ArrayBuffer(2)),
      Buffer.from("hi"),
      new Blob(["hi"]),
      new FormData(),
      new UndiciFormData(),
    ];
    for (const data of bodies) {
      const [, init] = toFetchArgs(api("POST /x", { data }));
      expect(init.body).toBe(data);
      expect(init.duplex).toBeUndefined();
    }
  });

  it("passes streams as they are, with duplex: half", () => {
    const streams: unknown[] = [
      new ReadableStream(),
      Readable.from(["a"]),
      (async function* () {
        yield new Uint8Array([1]);
      })(),
    ];
    for (const data of streams) {
      const [, init] = toFetchArgs(api("POST /x", { data }));
      expect(init.body).toBe(data);
      expect(init.duplex).toBe("half");
    }
  });

  it("drops any content-type on FormData, which needs the multipart boundary fetch writes", () => {
    const [, init] = toFetchArgs(api("POST /x", { data: new FormData(), headers: { "content-type": "multipart/form-data" } }));
    expect(init.headers["content-type"]).toBeUndefined();
  });

  it("leaves a Blob without a content-type, so fetch writes the blob's own", () => {
    const [, init] = toFetchArgs(api("POST /x", { data: new Blob(["x"], { type: "image/png" }) }));
    expect(init.headers["content-type"]).toBeUndefined();
  });

  it("sends URLSearchParams as its text with the type fetch writes for it, which undici.request and node:http can send too", () => {
    const [, init] = toFetchArgs(api("POST /x", { data: new URLSearchParams({ a: "1 2", b: "ä" }) }));
    expect(init.body).toBe("a=1+2&b=%C3%A4");
    expect(init.headers["content-type"]).toBe("application/x-www-form-urlencoded;charset=UTF-8");
    const [, typed] = toFetchArgs(api("POST /x", { data: new URLSearchParams({ a: "1" }), headers: { "content-type": "application/x-www-form-urlencoded" } }));
    expect(typed.headers["content-type"]).toBe("application/x-www-form-urlencoded");
  });

  it("takes undici's own FormData as a form, with no content-type", () => {
    const form = new UndiciFormData();
    form.append("a", "1");
    const [, init] = toFetchArgs(api("POST /x", { data: form, headers: { "content-type": "multipart/form-data" } }));
    expect(init.body).toBe(form);
    expect(init.headers["content-type"]).toBeUndefined();
  });

  it("keeps a content-type the caller chose for a Blob", () => {
    const [, init] = toFetchArgs(api("POST /x", { data: new Blob(["x"]), headers: { "content-type": "application/zip" } }));
    expect(init.headers["content-type"]).toBe("application/zip");
  });
});

describe("a JSON body after prototype pollution", () => {
  const polluted: [object, PropertyKey][] = [];
  const pollute = (prototype: object, key: PropertyKey, value: unknown): void => {
    Object.defineProperty(prototype, key, { value, configurable: true, writable: true, enumerable: false });
    polluted.push([prototype, key]);
  };
  const unpollute = (): void => {
    for (const [prototype, key] of polluted.splice(0)) delete (prototype as Record<PropertyKey, unknown>)[key];
  };

  it("is the JSON of the body's own data: no toJSON or array item of Object.prototype or Array.prototype is read", () => {
    class Point {
      x = 1;
    }
    const body = (): unknown => ({
      a: 1,
      list: [1, , 3],
      nested: { b: [{ c: "d" }] },
      when: new Date(0),
      own: { toJSON: () => "own" },
      point: new Point(),
      boxed: [new String("s"), new Number(2), new Boolean(false)],
    });
    const clean = toFetchArgs({ method: "post", url: "https://api.example/x", headers: {}, body: body() })[1].body;
    try {
      pollute(Object.prototype, "toJSON", () => "evil");
      pollute(Array.prototype, "toJSON", () => "evil");
      pollute(Array.prototype, 1, "evil");
      expect(toFetchArgs({ method: "post", url: "https://api.example/x", headers: {}, body: body() })[1].body).toBe(clean);
      pollute(Object.prototype, Symbol.asyncIterator, async function* () {});
      // A class instance with a toJSON of its own class is still JSON, not a stream the polluted iterator made.
      class Point {
        toJSON(): string {
          return "point";
        }
      }
      const [, point] = toFetchArgs({ method: "post", url: "https://api.example/x", headers: {}, body: new Point() });
      expect(point.body).toBe('"point"');
      expect(point.duplex).toBeUndefined();
      // A Map is still refused: the polluted toJSON does not make it serialisable.
      expect(thrownBy(() => toFetchArgs({ method: "post", url: "https://api.example/x", headers: {}, body: new Map() })).code).toBe("ERR_INVALID_PARAMETER");
    } finally {
      unpollute();
    }
    expect(clean).toBe('{"a":1,"list":[1,null,3],"nested":{"b":[{"c":"d"}]},"when":"1970-01-01T00:00:00.000Z","own":"own","point":{"x":1},"boxed":["s",2,false]}');
  });
});

describe("a body past the engine's longest string", () => {
  it("is ERR_TOO_LARGE, a size limit, not a body JSON cannot represent", () => {
    const error = thrownBy(() => toFetchArgs({ method: "post", url: "https://api.example/x", headers: {}, body: new Array(2 ** 32 - 1) }));
    expect(error.code).toBe("ERR_TOO_LARGE");
  });
});

describe("request meta", () => {
  it("carries request.signal to init.signal and nothing else", () => {
    const controller = new AbortController();
    const [, init] = toFetchArgs(api("GET /x", { request: { signal: controller.signal, timeout: 5 } }));
    expect(init.signal).toBe(controller.signal);
    expect(init).not.toHaveProperty("timeout");
  });

  it("has no signal key without one", () => {
    expect(toFetchArgs(api("GET /x", { request: {} }))[1]).not.toHaveProperty("signal");
    expect(toFetchArgs(api("GET /x"))[1]).not.toHaveProperty("signal");
  });
});

describe("bad input", () => {
  const base: RequestOptions = { method: "post", url: "https://api.example/x", headers: {} };

  it("rejects anything that is not request options with ERR_INVALID_PARAMETER", () => {
    for (const value of [undefined, null, "GET /x", 42]) {
      expect(thrownBy(() => toFetchArgs(value as never)).code).toBe("ERR_INVALID_PARAMETER");
    }
  });

  it("rejects a missing or bad method and url", () => {
    expect(thrownBy(() => toFetchArgs({ ...base, method: "GET /x" })).code).toBe("ERR_INVALID_METHOD");
    expect(thrownBy(() => toFetchArgs({ ...base, method: undefined as never })).code).toBe("ERR_INVALID_METHOD");
    expect(thrownBy(() => toFetchArgs({ ...base, url: "" })).code).toBe("ERR_URL_REQUIRED");
  });

  it("rejects header lines an edited options object would inject", () => {
    expect(thrownBy(() => toFetchArgs({ ...base, headers: { "x-a": "1\r\nx-b: 2" } })).code).toBe("ERR_INVALID_HEADER");
    expect(thrownBy(() => toFetchArgs({ ...base, headers: { "bad name": "1" } })).code).toBe("ERR_INVALID_HEADER");
  });

  it("refuses bodies that would arrive as {} or [object Object] rather than what was meant", () => {
    for (const body of [new Map([["a", 1]]), new Set([1]), new (class Issue {})(), Symbol("s"), () => 1]) {
      const error = thrownBy(() => toFetchArgs({ ...base, body }));
      expect(error.code).toBe("ERR_INVALID_PARAMETER");
    }
  });

  it("reports a body JSON cannot represent instead of a TypeError", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(thrownBy(() => toFetchArgs({ ...base, body: cyclic })).message).toMatch(/cannot be serialised as JSON/);
    expect(thrownBy(() => toFetchArgs({ ...base, body: { id: 1n } })).code).toBe("ERR_INVALID_PARAMETER");
  });

  it("rejects a body on GET, which fetch would refuse with a bare TypeError", () => {
    expect(thrownBy(() => toFetchArgs({ ...base, method: "get", body: "x" })).message).toMatch(/GET request cannot have a body/);
  });

  it("names the slip of passing the AbortController instead of its signal", () => {
    const error = thrownBy(() => toFetchArgs({ ...base, request: { signal: new AbortController() } }));
    expect(error.code).toBe("ERR_INVALID_PARAMETER");
    expect(error.message).toMatch(/not the controller/);
  });

  it("throws nothing but EndpointError, whatever it is handed", () => {
    const options = fc.record(
      { method: fc.oneof(fc.constantFrom("get", "post", "put"), fc.anything()), url: fc.oneof(fc.webUrl(), fc.anything()), headers: fc.anything(), body: fc.anything(), request: fc.anything() },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(options, fc.anything()), (value) => {
        try {
          toFetchArgs(value as never);
        } catch (error) {
          return error instanceof EndpointError;
        }
        return true;
      }),
      { numRuns: 1000 },
    );
  });
});
