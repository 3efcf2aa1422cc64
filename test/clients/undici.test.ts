// undici.request and undici.fetch take the same [url, init] pair as fetch, and a form built with undici's own FormData.
import { fetch, FormData, request, type Dispatcher } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toFetchArgs } from "../../src/index.js";
import { clientCases, expectFramed, type ClientKit } from "./cases.js";
import { startRecordingServer, type RecordingServer } from "./server.js";

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());

// undici takes only its own FormData class: Node's global one is another copy of undici, which undici 7 sends as text.
const kit = { FormData } as unknown as ClientKit;

describe("undici.request(...toFetchArgs(options))", () => {
  for (const { name, build, check } of clientCases) {
    it(name, async () => {
      const [url, init] = toFetchArgs(build(server.origin, kit));
      // undici.request's body type is narrower than fetch's; text, bytes, its own FormData and JSON are in both.
      const response = await request(url, { ...init, body: init.body as Dispatcher.RequestOptions["body"] });
      expect(response.statusCode).toBe(200);
      await response.body.arrayBuffer();
      const arrived = server.take();
      check(arrived);
      expectFramed(arrived);
    });
  }
});

describe("undici.fetch(...toFetchArgs(options))", () => {
  for (const { name, build, check } of clientCases) {
    it(name, async () => {
      const [url, init] = toFetchArgs(build(server.origin, kit));
      const response = await fetch(url, init as Parameters<typeof fetch>[1]);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      const arrived = server.take();
      check(arrived);
      expectFramed(arrived);
    });
  }
});
