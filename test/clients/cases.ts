// The requests every client test sends, and what the server must see for each.
import { expect } from "vitest";
import { endpoint, type RequestOptions } from "../../src/index.js";
import type { Arrived } from "./server.js";

/** What a client needs its own kind of: undici takes only its own FormData, Node's fetch and node:http the global one. */
export interface ClientKit {
  FormData: typeof FormData;
}

export interface ClientCase {
  name: string;
  build(origin: string, kit: ClientKit): RequestOptions;
  check(arrived: Arrived): void;
}

const JSON_TYPE = "application/json; charset=utf-8";

/** Headers endpoint() sends on every route. */
function expectDefaultHeaders(arrived: Arrived): void {
  expect(arrived.headers.accept).toBe("application/vnd.github.v3+json");
  expect(arrived.headers["user-agent"]).toMatch(/^endpointkit\/\d+\.\d+\.\d+/);
}

function expectNoBody(arrived: Arrived): void {
  expect(arrived.body.length).toBe(0);
  expect(arrived.headers["transfer-encoding"]).toBeUndefined();
}

/** The body arrived whole and framed: by a content-length that matches it, or chunked. */
export function expectFramed(arrived: Arrived): void {
  if (arrived.headers["transfer-encoding"] === "chunked") {
    expect(arrived.headers["content-length"]).toBeUndefined();
  } else if (arrived.body.length > 0 || arrived.headers["content-length"] !== undefined) {
    expect(arrived.headers["content-length"]).toBe(String(arrived.body.length));
  }
}

/** The parts of a multipart/form-data body, split at the boundary its content-type names (which must end it). */
function multipartParts(arrived: Arrived): { headers: string; body: Buffer }[] {
  const boundary = /^multipart\/form-data; ?boundary=(.+)$/.exec(arrived.headers["content-type"] ?? "")?.[1];
  expect(boundary, `content-type ${arrived.headers["content-type"]}`).toBeDefined();
  const text = arrived.body.toString("latin1");
  const delimiter = `--${boundary}`;
  expect(text.startsWith(`${delimiter}\r\n`)).toBe(true);
  expect(text.endsWith(`${delimiter}--\r\n`)).toBe(true);
  const pieces = text.slice(delimiter.length + 2, -(delimiter.length + 4)).split(`\r\n${delimiter}\r\n`);
  // The last piece ends with the CRLF before the closing delimiter.
  return pieces.map((piece, i) => {
    const end = i === pieces.length - 1 ? piece.length - 2 : piece.length;
    const split = piece.indexOf("\r\n\r\n");
    return { headers: piece.slice(0, split), body: Buffer.from(piece.slice(split + 4, end), "latin1") };
  });
}

function jsonOf(arrived: Arrived): unknown {
  expect(arrived.headers["content-type"]).toBe(JSON_TYPE);
  expect(arrived.headers["content-length"]).toBe(String(arrived.body.length));
  return JSON.parse(arrived.body.toString("utf8"));
}

const api = (origin: string) => endpoint.defaults({ baseUrl: origin, headers: { authorization: "token secret-1" } });

export const clientCases: ClientCase[] = [
  {
    name: "GET with a placeholder and query parameters",
    build: (origin) => api(origin)("GET /orgs/{org}/repos", { org: "octo-org", type: "private", per_page: 2 }),
    check(arrived) {
      expect(arrived.method).toBe("GET");
      expect(arrived.path).toBe("/orgs/octo-org/repos");
      expect(arrived.query).toBe("type=private&per_page=2");
      expect(arrived.headers.authorization).toBe("token secret-1");
      expectDefaultHeaders(arrived);
      expectNoBody(arrived);
    },
  },
  {
    name: "HEAD",
    build: (origin) => api(origin)("HEAD /repos/{owner}/{repo}", { owner: "o", repo: "r" }),
    check(arrived) {
      expect(arrived.method).toBe("HEAD");
      expect(arrived.path).toBe("/repos/o/r");
      expect(arrived.query).toBe("");
      expectNoBody(arrived);
    },
  },
  {
    name: "POST with a JSON body",
    build: (origin) =>
      api(origin)("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Crash ✗", labels: ["bug"], milestone: null }),
    check(arrived) {
      expect(arrived.method).toBe("POST");
      expect(arrived.path).toBe("/repos/o/r/issues");
      expectDefaultHeaders(arrived);
      expect(jsonOf(arrived)).toEqual({ title: "Crash ✗", labels: ["bug"], milestone: null });
    },
  },
  {
    name: "PATCH with a JSON body",
    build: (origin) => api(origin)("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", description: "new", homepage: null }),
    check(arrived) {
      expect(arrived.method).toBe("PATCH");
      expect(arrived.path).toBe("/repos/o/r");
      expect(jsonOf(arrived)).toEqual({ description: "new", homepage: null });
    },
  },
  {
    name: "PUT without a body, sent with content-length 0",
    build: (origin) => api(origin)("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }),
    check(arrived) {
      expect(arrived.method).toBe("PUT");
      expect(arrived.path).toBe("/user/starred/o/r");
      expect(arrived.headers["content-length"]).toBe("0");
      expect(arrived.headers["content-type"]).toBeUndefined();
      expectNoBody(arrived);
    },
  },
  {
    name: "DELETE",
    build: (origin) => api(origin)("DELETE /repos/{owner}/{repo}/labels/{name}", { owner: "o", repo: "r", name: "wontfix" }),
    check(arrived) {
      expect(arrived.method).toBe("DELETE");
      expect(arrived.path).toBe("/repos/o/r/labels/wontfix");
      expect(arrived.headers.authorization).toBe("token secret-1");
      expectNoBody(arrived);
    },
  },
  {
    name: "a raw data body with its own content-type",
    build: (origin) =>
      api(origin)("POST /markdown/raw", { data: "# Héllo ✓\n", headers: { "content-type": "text/x-markdown; charset=utf-8", accept: "text/html" } }),
    check(arrived) {
      expect(arrived.method).toBe("POST");
      expect(arrived.headers["content-type"]).toBe("text/x-markdown; charset=utf-8");
      expect(arrived.headers.accept).toBe("text/html");
      expect(arrived.headers["content-length"]).toBe(String(Buffer.byteLength("# Héllo ✓\n")));
      expect(arrived.body.toString("utf8")).toBe("# Héllo ✓\n");
    },
  },
  {
    name: "bytes to an upload URL with name and label in the query",
    build: (origin) =>
      // A full URL, as with GitHub's upload_url: used as it stands, not joined to baseUrl.
      api("https://api.invalid")(`POST ${origin}/repos/{owner}/{repo}/releases/{id}/assets{?name,label}`, {
        owner: "o",
        repo: "r",
        id: 7,
        name: "app v1.zip",
        label: "Build ✓",
        data: new Uint8Array([0, 1, 2, 255]),
        headers: { "content-type": "application/zip", "content-length": 4 },
      }),
    check(arrived) {
      expect(arrived.path).toBe("/repos/o/r/releases/7/assets");
      expect(new URLSearchParams(arrived.query).get("name")).toBe("app v1.zip");
      expect(new URLSearchParams(arrived.query).get("label")).toBe("Build ✓");
      expect(arrived.headers["content-type"]).toBe("application/zip");
      expect(arrived.headers["content-length"]).toBe("4");
      expect([...arrived.body]).toEqual([0, 1, 2, 255]);
    },
  },
  {
    name: "DELETE with a JSON body, framed by its length",
    build: (origin) => api(origin)("DELETE /repos/{owner}/{repo}/actions/caches", { owner: "o", repo: "r", key: "cache-key ✓" }),
    check(arrived) {
      expect(arrived.method).toBe("DELETE");
      expect(jsonOf(arrived)).toEqual({ key: "cache-key ✓" });
    },
  },
  {
    name: "bytes without a content-type: none is invented",
    build: (origin) => api(origin)("PUT /blobs/{id}", { id: 1, data: new Uint8Array([0, 255, 10, 13]) }),
    check(arrived) {
      expect(arrived.method).toBe("PUT");
      expect(arrived.headers["content-type"]).toBeUndefined();
      expect(arrived.headers["content-length"]).toBe("4");
      expect([...arrived.body]).toEqual([0, 255, 10, 13]);
    },
  },
  {
    name: "FormData with a field and a file, as multipart with the client's boundary",
    build(origin, kit) {
      const form = new kit.FormData();
      form.append("note", "hello ✓");
      form.append("upload", new Blob([new Uint8Array([0x89, 0x50, 0x0d, 0x0a, 0xff])], { type: "image/png" }), "pic ✓.png");
      return api(origin)("POST /repos/{owner}/{repo}/uploads", { owner: "o", repo: "r", data: form });
    },
    check(arrived) {
      expect(arrived.method).toBe("POST");
      expect(arrived.path).toBe("/repos/o/r/uploads");
      expectDefaultHeaders(arrived);
      const [note, upload, ...rest] = multipartParts(arrived);
      expect(rest).toEqual([]);
      expect(note?.headers).toBe('Content-Disposition: form-data; name="note"');
      expect(note?.body.toString("utf8")).toBe("hello ✓");
      expect(Buffer.from(upload?.headers ?? "", "latin1").toString("utf8")).toBe('Content-Disposition: form-data; name="upload"; filename="pic ✓.png"\r\nContent-Type: image/png');
      expect([...(upload?.body ?? [])]).toEqual([0x89, 0x50, 0x0d, 0x0a, 0xff]);
    },
  },
  {
    name: "URLSearchParams, form-encoded",
    build: (origin) => api(origin)("POST /login/oauth/access_token", { data: new URLSearchParams({ grant_type: "device_code", code: "ä b&c" }) }),
    check(arrived) {
      expect(arrived.method).toBe("POST");
      expect(arrived.headers["content-type"]?.toLowerCase()).toBe("application/x-www-form-urlencoded;charset=utf-8");
      expect(arrived.headers["content-length"]).toBe(String(arrived.body.length));
      expect(arrived.body.toString("utf8")).toBe("grant_type=device_code&code=%C3%A4+b%26c");
    },
  },
  {
    name: "unicode in the path and the query",
    build: (origin) => api(origin)("GET /users/{user}/repos", { user: "zoë/ñ", q: "ñandú 😀 & more", sort: "naïve" }),
    check(arrived) {
      expect(arrived.method).toBe("GET");
      // The slash inside the value stays encoded: it is one path segment, not two.
      expect(arrived.path).toBe("/users/zo%C3%AB%2F%C3%B1/repos");
      expect(decodeURIComponent(arrived.path.split("/")[2] ?? "")).toBe("zoë/ñ");
      const query = new URLSearchParams(arrived.query);
      expect(query.get("q")).toBe("ñandú 😀 & more");
      expect(query.get("sort")).toBe("naïve");
    },
  },
];
