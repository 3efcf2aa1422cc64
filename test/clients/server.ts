// A loopback HTTP server for the client tests: records what each request carried when it arrived.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the server saw it, before any framework could tidy it up. */
export interface Arrived {
  method: string;
  /** The raw path, percent-encoding as sent. */
  path: string;
  /** The raw query string without `?`, or "" when there was none. */
  query: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface RecordingServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** The one request that arrived since the last call; fails if there were none or several. */
  take(): Arrived;
  close(): Promise<void>;
}

const MAX_BODY = 1 << 20;

/** Starts a server on 127.0.0.1 and an ephemeral port that answers every request with 200 `{"ok":true}`. */
export async function startRecordingServer(): Promise<RecordingServer> {
  const arrived: Arrived[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) request.destroy();
      else chunks.push(chunk);
    });
    request.on("end", () => {
      const target = request.url ?? "";
      const mark = target.indexOf("?");
      arrived.push({
        method: request.method ?? "",
        path: mark === -1 ? target : target.slice(0, mark),
        query: mark === -1 ? "" : target.slice(mark + 1),
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
  });
  // A stuck client must not hold the test run.
  server.requestTimeout = 5_000;
  server.headersTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    take() {
      const all = arrived.splice(0);
      if (all.length !== 1) throw new Error(`expected one request to arrive, got ${all.length}`);
      return all[0] as Arrived;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
