// undici.request takes the same [url, init] pair as fetch.
import { request, type Dispatcher } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toFetchArgs } from "../../src/index.js";
import { clientCases } from "./cases.js";
import { startRecordingServer, type RecordingServer } from "./server.js";

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());

describe("undici.request(...toFetchArgs(options))", () => {
  for (const { name, build, check } of clientCases) {
    it(name, async () => {
      const [url, init] = toFetchArgs(build(server.origin));
      // undici.request's body type is narrower than fetch's; text, bytes and JSON are in both.
      const response = await request(url, { ...init, body: init.body as Dispatcher.RequestOptions["body"] });
      expect(response.statusCode).toBe(200);
      await response.body.arrayBuffer();
      check(server.take());
    });
  }
});
