// A loopback HTTP server that records each request exactly as it arrived.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string;
  /** Path and query, as written on the request line. */
  target: string;
  /** Header names lowercased, values as sent; a repeated name would show up joined by node. */
  headers: Record<string, string>;
  body: string;
  /** The body exactly as its bytes arrived. */
  bodyBytes: Buffer;
}

/** A started recorder: its base URL, everything it has received, and how to stop it. */
export interface Recorder {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Starts a recorder on 127.0.0.1 with a port the system picks. */
export async function startRecorder(): Promise<Recorder> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers: Record<string, string> = {};
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        // Node reads header bytes as latin1; UTF-8 text is decoded back so it compares as sent.
        headers[(request.rawHeaders[i] ?? "").toLowerCase()] = Buffer.from(request.rawHeaders[i + 1] ?? "", "latin1").toString("utf8");
      }
      const bodyBytes = Buffer.concat(chunks);
      requests.push({ method: request.method ?? "", target: request.url ?? "", headers, body: bodyBytes.toString("utf8"), bodyBytes });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
