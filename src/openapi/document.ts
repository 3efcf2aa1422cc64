// Reading a parsed OpenAPI document as untrusted data: own properties only, local $refs followed with a bound on
// chains and on the whole work, so a cyclic or huge document gives an EndpointError, never a hang or a stack overflow.
import { EndpointError, quote } from "../errors.js";
import { isPlainObject, type Dictionary } from "../objects.js";

/** Most steps (refs followed, schemas and parameters visited) one document may take: far above GitHub's ~400,000. */
const MAX_WORK = 5_000_000;
/** Longest chain of $refs pointing at $refs, and deepest schema nesting walked. */
export const MAX_CHAIN = 64;

/** A document being read, with the work spent on it. */
export class Reader {
  private work = 0;
  constructor(readonly root: Dictionary) {}

  /** Counts one step; throws ERR_TOO_LARGE past MAX_WORK. */
  step(): void {
    if (++this.work > MAX_WORK) throw new EndpointError("ERR_TOO_LARGE", "fromOpenApi(): the description takes too much work to read (cyclic or huge $ref structures?)");
  }

  /** `value` with its local $ref chain followed; a non-local $ref or a cycle is an EndpointError. */
  resolve(value: unknown): unknown {
    let current = value;
    for (let depth = 0; isPlainObject(current) && own(current, "$ref") !== undefined; depth++) {
      this.step();
      const ref = own(current, "$ref");
      if (depth >= MAX_CHAIN) throw new EndpointError("ERR_INVALID_PARAMETER", `fromOpenApi(): the $ref ${quote(String(ref))} is part of a cycle or a chain too long`);
      if (typeof ref !== "string" || !ref.startsWith("#")) {
        throw new EndpointError("ERR_INVALID_PARAMETER", `fromOpenApi(): the $ref ${quote(String(ref))} is not local to the document: bundle the description first (for example with redocly bundle)`);
      }
      current = this.pointer(ref);
    }
    return current;
  }

  /** What a local JSON pointer (`#/components/schemas/Pet`) names; an EndpointError when it names nothing. */
  private pointer(ref: string): unknown {
    let current: unknown = this.root;
    const path = ref.slice(1);
    if (path === "") return current;
    for (const raw of path.slice(1).split("/")) {
      this.step();
      let token: string;
      try {
        token = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
      } catch {
        token = raw;
      }
      const next = Array.isArray(current) ? (/^(0|[1-9]\d*)$/.test(token) ? current[Number(token)] : undefined) : isPlainObject(current) ? own(current, token) : undefined;
      if (next === undefined) throw new EndpointError("ERR_INVALID_PARAMETER", `fromOpenApi(): the $ref ${quote(ref)} names nothing in the document`);
      current = next;
    }
    return current;
  }
}

/** An own property of a plain object, else undefined: nothing inherited (`__proto__`, `constructor`) is ever read. */
export function own(value: unknown, key: string): unknown {
  return isPlainObject(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
}

/** An own string property, else undefined. */
export function ownString(value: unknown, key: string): string | undefined {
  const found = own(value, key);
  return typeof found === "string" ? found : undefined;
}
