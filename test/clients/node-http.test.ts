// node:http.request given endpoint()'s result directly: only a non-string body needs JSON.stringify.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestOptions } from "../../src/index.js";
import { clientCases } from "./cases.js";
import { startRecordingServer, type RecordingServer } from "./server.js";

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());

/** Sends request options the way the README's "Sending the request" section shows, and resolves with the status code. */
function send({ method, url, headers, body }: RequestOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    // node:http uppercases the method itself and takes numeric header values as they are.
    const outgoing = request(url, { method, headers, timeout: 5_000 }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    outgoing.on("timeout", () => outgoing.destroy(new Error("request timed out")));
    outgoing.on("error", reject);
    outgoing.end(body === undefined || typeof body === "string" || body instanceof Uint8Array ? body : JSON.stringify(body));
  });
}

describe("node:http.request with the result of endpoint()", () => {
  for (const { name, build, check } of clientCases) {
    it(name, async () => {
      expect(await send(build(server.origin))).toBe(200);
      check(server.take());
    });
  }
});
