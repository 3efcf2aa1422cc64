// The requests every client test sends, and what the server must see for each.
import { expect } from "vitest";
import { endpoint, type RequestOptions } from "../../src/index.js";
import type { Arrived } from "./server.js";

export interface ClientCase {
  name: string;
  build(origin: string): RequestOptions;
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
