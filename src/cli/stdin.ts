// A piped stdin is the raw request body, as in HTTPie: read it only when it is a file or a pipe.
import { fstatSync, readFileSync } from "node:fs";

/**
 * How long an open socket on stdin may stay silent before it counts as no input. Node's
 * child_process (and other launchers) hand a child an open socket it never writes to; a shell
 * pipe (`a | endpointkit`) is a FIFO and is always read to its end, however slow.
 */
export const SILENT_SOCKET_MS = 300;

/** The bytes on stdin, or undefined when there is none: a terminal, /dev/null, or empty input. */
export async function readStdin(): Promise<Uint8Array | undefined> {
  let stat;
  try {
    stat = fstatSync(0);
  } catch {
    return undefined; // stdin is closed
  }
  if (stat.isFile()) return nonEmpty(readFileSync(0));
  if (stat.isFIFO()) return nonEmpty(await readAll(Infinity));
  if (stat.isSocket()) return nonEmpty(await readAll(SILENT_SOCKET_MS));
  return undefined; // a terminal or another character device such as /dev/null
}

function nonEmpty(bytes: Uint8Array | undefined): Uint8Array | undefined {
  return bytes !== undefined && bytes.length > 0 ? bytes : undefined;
}

function readAll(silentMs: number): Promise<Uint8Array | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const stream = process.stdin;
    const timer = Number.isFinite(silentMs)
      ? setTimeout(() => {
          stream.destroy();
          resolve(undefined);
        }, silentMs)
      : undefined;
    stream.on("data", (chunk: Buffer) => {
      clearTimeout(timer);
      chunks.push(chunk);
    });
    stream.on("end", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    stream.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
