// node:http.request as docs/clients.md's "node:http and node:https" snippet sends a request: toFetchArgs, then a Request to
// encode the body (JSON text, bytes, FormData, URLSearchParams) and name its content-type, then an explicit length.
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toFetchArgs, type RequestOptions } from "../../src/index.js";
import { clientCases, expectFramed } from "./cases.js";
import { startRecordingServer, type RecordingServer } from "./server.js";

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());

/** Sends request options the way the docs/clients.md snippet does, and resolves with the status code. */
async function send(options: RequestOptions): Promise<number> {
  const [url, init] = toFetchArgs(options);
  const encoded = new Request(url, init);
  const body = encoded.body === null ? undefined : Buffer.from(await encoded.arrayBuffer());
  const headers = Object.fromEntries(encoded.headers);
  if (body !== undefined) headers["content-length"] = String(body.length);
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: init.method, headers, timeout: 5_000 }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    outgoing.on("timeout", () => outgoing.destroy(new Error("request timed out")));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

describe("node:http.request with the result of endpoint()", () => {
  it("is sent as docs/clients.md's snippet sends it (the lines send() above repeats)", () => {
    const readme = readFileSync(new URL("../../docs/clients.md", import.meta.url), "utf8");
    for (const line of [
      "const encoded = new Request(url, init);",
      "const body = encoded.body === null ? undefined : Buffer.from(await encoded.arrayBuffer());",
      "const headers = Object.fromEntries(encoded.headers);",
      'if (body !== undefined) headers["content-length"] = String(body.length);',
      "const req = request(url, { method: init.method, headers }, (res) => {",
      "req.end(body);",
    ]) {
      expect(readme).toContain(line);
    }
  });

  for (const { name, build, check } of clientCases) {
    it(name, async () => {
      expect(await send(build(server.origin, { FormData }))).toBe(200);
      const arrived = server.take();
      check(arrived);
      expectFramed(arrived);
    });
  }
});
