// Global fetch, handed toFetchArgs(endpoint(...)), against a real loopback server.
import { Readable } from "node:stream";
import { FormData as UndiciFormData } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoint, toFetchArgs } from "../../src/index.js";
import { clientCases, expectFramed } from "./cases.js";
import { startRecordingServer, type RecordingServer } from "./server.js";

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());

describe("fetch(...toFetchArgs(options))", () => {
  for (const { name, build, check } of clientCases) {
    it(name, async () => {
      const response = await fetch(...toFetchArgs(build(server.origin, { FormData })));
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      const arrived = server.take();
      check(arrived);
      expectFramed(arrived);
    });
  }

  it("sends undici's own FormData too, which Node's fetch takes", async () => {
    const form = new UndiciFormData();
    form.append("note", "hello");
    await (await fetch(...toFetchArgs(endpoint("POST /forms", { baseUrl: server.origin, data: form })))).arrayBuffer();
    const arrived = server.take();
    expect(arrived.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(arrived.body.toString()).toContain('name="note"\r\n\r\nhello\r\n');
  });

  it("streams a Node Readable, with the caller's content-length instead of chunked", async () => {
    const data = Readable.from([Buffer.from("chunk one, "), Buffer.from("chunk two")]);
    const options = endpoint("POST /upload", { baseUrl: server.origin, data, headers: { "content-type": "text/plain", "content-length": 20 } });
    await (await fetch(...toFetchArgs(options))).arrayBuffer();
    const arrived = server.take();
    expect(arrived.headers["content-length"]).toBe("20");
    expect(arrived.headers["transfer-encoding"]).toBeUndefined();
    expect(arrived.body.toString()).toBe("chunk one, chunk two");
  });

  it("streams a web ReadableStream chunked when no length is given", async () => {
    const data = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("streamed"));
        controller.close();
      },
    });
    await (await fetch(...toFetchArgs(endpoint("PUT /upload", { baseUrl: server.origin, data, headers: { "content-type": "text/plain" } })))).arrayBuffer();
    const arrived = server.take();
    expect(arrived.headers["transfer-encoding"]).toBe("chunked");
    expect(arrived.body.toString()).toBe("streamed");
  });

  it("aborts through request.signal", async () => {
    const controller = new AbortController();
    controller.abort();
    const options = endpoint("GET /slow", { baseUrl: server.origin, request: { signal: controller.signal } });
    await expect(fetch(...toFetchArgs(options))).rejects.toMatchObject({ name: "AbortError" });
  });
});
