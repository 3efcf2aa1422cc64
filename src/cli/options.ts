// Request items and flags become the options object endpoint() is called with.
import type { EndpointOptions, RequestHeaders } from "endpointkit";
import type { Item } from "./items.js";
import { UsageError } from "./usage-error.js";

// Option fields with their own syntax on the command line. `data`, `mediaType` and `request`
// stay available as items (data=..., mediaType:='{"format":"raw"}').
const RESERVED: Readonly<Record<string, string>> = {
  method: "the method is part of the route, as in \"POST /path\"",
  url: "the URL is the route",
  baseUrl: "use --base-url URL",
  headers: "give each header as Header-Name:value",
};

/** Builds endpoint() options from parsed items; a name given twice is refused, never merged or dropped. */
export function buildOptions(items: readonly Item[], baseUrl: string | undefined): EndpointOptions {
  const options: EndpointOptions = {};
  const headers: RequestHeaders = {};
  const headerNames = new Set<string>();
  for (const item of items) {
    if (item.kind === "header") {
      // endpoint() would let the later one win; on a command line that is almost always a slip.
      const key = item.name.toLowerCase();
      if (headerNames.has(key)) throw new UsageError(`the header ${JSON.stringify(item.name)} is given twice`);
      headerNames.add(key);
      setOwn(headers, item.name, item.value);
      continue;
    }
    if (Object.prototype.hasOwnProperty.call(RESERVED, item.name)) {
      throw new UsageError(`${JSON.stringify(item.name)} cannot be an item: ${RESERVED[item.name]}`);
    }
    if (Object.prototype.hasOwnProperty.call(options, item.name)) {
      throw new UsageError(`the parameter ${JSON.stringify(item.name)} is given twice; pass a list as ${item.name}:='["a","b"]'`);
    }
    setOwn(options, item.name, item.value);
  }
  if (headerNames.size > 0) options.headers = headers;
  if (baseUrl !== undefined) options.baseUrl = baseUrl;
  return options;
}

// A parameter may be called `__proto__`; plain assignment would change the prototype instead.
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
