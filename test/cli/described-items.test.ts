// With --openapi, an item is read by the description first (issue 31 item 10): a name the route's description gives a
// path, query or cookie parameter or a body property is that parameter with "=", though it looks like a header
// (`origin=LON`, train-travel's `GET /trips` query parameter of @readme/oas-examples 3.1). Elsewhere the CLI's rule
// stays: such a name written with "=" is refused as a header typed with "=".
import { describe, expect, it } from "vitest";
import { run, type Io } from "../../src/cli/run.js";

const description = {
  openapi: "3.1.0",
  info: { title: "Train Travel API", version: "1" },
  servers: [{ url: "https://api.example.com" }],
  paths: {
    "/trips": {
      get: {
        parameters: [
          { name: "origin", in: "query", required: true, schema: { type: "string" } },
          { name: "destination", in: "query", required: true, schema: { type: "string" } },
          { name: "Cookie", in: "cookie", schema: { type: "string" } },
        ],
        responses: {},
      },
    },
    "/bookings": { post: { requestBody: { content: { "application/json": { schema: { type: "object", properties: { referer: { type: "string" }, trip_id: { type: "string" } } } } } }, responses: {} } },
  },
};
const io: Io = { readFile: () => new TextEncoder().encode(JSON.stringify(description)), readStdin: async () => undefined };

describe("--openapi: items read by the description first", () => {
  it("takes origin=LON as the query parameter origin", async () => {
    const outcome = await run(["--openapi", "train.json", "GET /trips", "origin=LON", "destination=PAR"], io);
    expect(outcome.stderr).toBe("");
    expect((JSON.parse(outcome.stdout) as { url: string }).url).toBe("https://api.example.com/trips?origin=LON&destination=PAR");
    // A route without a method is a GET.
    const bare = await run(["--openapi", "train.json", "/trips", "origin=LON", "destination=PAR"], io);
    expect(bare.stderr).toBe("");
    expect((JSON.parse(bare.stdout) as { url: string }).url).toBe("https://api.example.com/trips?origin=LON&destination=PAR");
  });

  it("takes a cookie parameter and a body property named like a header as themselves", async () => {
    const trips = await run(["--openapi", "train.json", "get /trips", "origin=LON", "destination=PAR", "Cookie=c1"], io);
    expect(trips.stderr).toBe("");
    expect((JSON.parse(trips.stdout) as { headers: Record<string, string> }).headers.cookie).toBe("Cookie=c1");
    const booking = await run(["--openapi", "train.json", "POST /bookings", "referer=partner", "trip_id=t1"], io);
    expect(booking.stderr).toBe("");
    expect((JSON.parse(booking.stdout) as { body: unknown }).body).toEqual({ referer: "partner", trip_id: "t1" });
  });

  it("still refuses a header written with = where the description names no such parameter", async () => {
    const outcome = await run(["--openapi", "train.json", "GET /trips", "origin=LON", "destination=PAR", "Authorization=Bearer x"], io);
    expect(outcome.exitCode).toBe(2);
    expect(outcome.stderr).toContain("looks like a header");
    const undescribed = await run(["GET /trips", "origin=LON"], io);
    expect(undescribed.stderr).toContain("looks like a header");
  });
});
