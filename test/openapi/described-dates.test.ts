// A Date for a value whose schema says `format: date` (DECISIONS "Described routes"; issue 31 item 9): written
// `YYYY-MM-DD`, its UTC date, in the query, a header, a cookie, and form, multipart and JSON bodies; anywhere else a
// Date is ISO 8601 as on every route. The table says which values are dates (`date: true` on a parameter, `dates` on a
// body); the tables here are written by hand and adopted through describedRoutes().
import { describe, expect, it } from "vitest";
import { loose, expectEndpointError, snapshotOf } from "../helpers.js";
import { describedRoutes, fromOpenApi, type RouteTable } from "../../src/openapi/index.js";

const BASE = "https://api.example";
const onTable = (routes: RouteTable) => loose.defaults(describedRoutes({ baseUrl: BASE, "x-endpointkit-routes": routes }));

// 23:30 on January 2nd in New York is January 3rd in UTC: the UTC date is the one written.
const evening = new Date("2026-01-02T23:30:00-05:00");
const morning = new Date(Date.UTC(2026, 0, 2, 6));

const api = onTable({
  "GET /trips": {
    parameters: [
      { name: "on", in: "query", date: true },
      { name: "days", in: "query", date: true, explode: false },
      { name: "at", in: "query" },
      { name: "x-day", in: "header", date: true },
      { name: "x-at", in: "header" },
      { name: "since", in: "cookie", date: true },
    ],
  },
  "GET /trips/{day}": { parameters: [{ name: "day", in: "path", date: true }] },
  "POST /bookings": { body: { mediaType: "application/json", properties: ["on", "at", "days"], dates: ["on", "days"] } },
  "POST /form": { body: { mediaType: "application/x-www-form-urlencoded", properties: ["on", "at"], dates: ["on"] } },
  "POST /upload": { body: { mediaType: "multipart/form-data", properties: ["on"], dates: ["on"] } },
});

describe("item 9: a Date for a format: date value is written YYYY-MM-DD", () => {
  it("in the query, a list's Dates too; a Date elsewhere stays ISO 8601", () => {
    const request = api("GET /trips", { on: evening, days: [morning, evening], at: morning });
    expect(request.url).toBe(`${BASE}/trips?on=2026-01-03&days=2026-01-02,2026-01-03&at=2026-01-02T06%3A00%3A00.000Z`);
  });

  it("in a header parameter and a cookie", () => {
    const request = api("GET /trips", { since: morning, headers: { "X-Day": evening, "x-at": morning } });
    expect(request.headers["x-day"]).toBe("2026-01-03");
    expect(request.headers["x-at"]).toBe("2026-01-02T06:00:00.000Z");
    expect(request.headers.cookie).toBe("since=2026-01-02");
  });

  it("in a JSON body, given as flat keys or whole as data, without changing the caller's object", () => {
    expect(api("POST /bookings", { on: evening, at: morning, days: [morning] }).body).toEqual({ on: "2026-01-03", at: morning, days: ["2026-01-02"] });
    const data = { on: evening, note: "x" };
    const before = snapshotOf(data);
    expect(api("POST /bookings", { data }).body).toEqual({ on: "2026-01-03", note: "x" });
    expect(data).toEqual(before);
    expect(data.on).toBe(evening);
  });

  it("in form and multipart bodies", () => {
    expect(api("POST /form", { on: morning, at: morning }).body).toBe("on=2026-01-02&at=2026-01-02T06%3A00%3A00.000Z");
    const form = api("POST /upload", { on: evening }).body as FormData;
    expect(form.get("on")).toBe("2026-01-03");
  });

  it("leaves a string as given, and refuses an invalid Date", () => {
    expect(api("GET /trips", { on: "2026-13-99" }).url).toBe(`${BASE}/trips?on=2026-13-99`);
    expectEndpointError(() => api("GET /trips", { on: new Date(Number.NaN) }), "ERR_INVALID_PARAMETER");
  });

  it("in the path, a list's Dates too, where the parameter's name is also a query parameter's read once", () => {
    expect(api("GET /trips/{day}", { day: evening }).url).toBe(`${BASE}/trips/2026-01-03`);
    expect(api("GET /trips/{day}", { day: [morning, "x"] }).url).toBe(`${BASE}/trips/2026-01-02,x`);
    const both = onTable({ "GET /at/{on}": { parameters: [{ name: "on", in: "path", date: true }, { name: "on", in: "query" }] } });
    expect(both("GET /at/{on}", { on: morning }).url).toBe(`${BASE}/at/2026-01-02?on=2026-01-02T06%3A00%3A00.000Z`);
    expectEndpointError(() => api("GET /trips/{day}", { day: new Date(Number.NaN) }), "ERR_INVALID_PARAMETER");
  });

  it("not in a path parameter the table does not mark: a Date there is ISO 8601, as on every route", () => {
    expect(onTable({ "GET /trips/{day}": { parameters: [{ name: "day", in: "path" }] } })("GET /trips/{day}", { day: morning }).url).toBe(
      `${BASE}/trips/2026-01-02T06%3A00%3A00.000Z`,
    );
  });

  it("refuses a hand-edited entry whose date flag or dates list is not what fromOpenApi() writes", () => {
    expectEndpointError(() => onTable({ "GET /a": { parameters: [{ name: "on", in: "query", date: "yes" as never }] } })("GET /a", {}), "ERR_INVALID_ROUTE");
    expectEndpointError(() => onTable({ "POST /a": { body: { mediaType: "application/json", dates: [1 as never] } } })("POST /a", {}), "ERR_INVALID_ROUTE");
  });
});

describe("item 9 end to end: what fromOpenApi() marks is what a call writes as a day", () => {
  it("a format: date query parameter, a list of them, and a JSON body property", () => {
    const document = {
      openapi: "3.1.0",
      servers: [{ url: BASE }],
      paths: {
        "/trips": {
          post: {
            parameters: [
              { name: "on", in: "query", schema: { type: "string", format: "date" } },
              { name: "days", in: "query", explode: false, schema: { type: "array", items: { type: "string", format: "date" } } },
              { name: "at", in: "query", schema: { type: "string", format: "date-time" } },
            ],
            requestBody: { content: { "application/json": { schema: { type: "object", properties: { return: { type: "string", format: "date" } } } } } },
          },
        },
      },
    };
    const request = loose.defaults(fromOpenApi(document))("POST /trips", { on: evening, days: [morning], at: morning, return: morning });
    expect(request.url).toBe(`${BASE}/trips?on=2026-01-03&days=2026-01-02&at=2026-01-02T06%3A00%3A00.000Z`);
    expect(request.body).toEqual({ return: "2026-01-02" });
  });
});
