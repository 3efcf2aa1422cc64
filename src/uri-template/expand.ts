// Expands a compiled template with values, following RFC 6570 Appendix A; no parsing happens here.
import { isEndpointError, isInstance } from "../errors.js";
import { encodeReserved, encodeUnreserved, LONE_SURROGATE } from "./encode.js";
import { MAX_LIST_LENGTH, hasOwn, invalidValue, isPlainObject, scalarText, valueError, type TemplateValues } from "../values.js";
import type { CompiledTemplate, VarSpec } from "./syntax.js";



/**
 * Read right after expandTemplate() returns: true when every varspec of that expansion had a scalar value, written by an
 * operator that escapes "/" and "%", that is neither empty nor "." nor "..". A caller looking for empty or dot segments
 * in the result (endpoint()'s URL checks) need not search it. Kept in a variable, not returned, so that an expansion
 * allocates nothing for it; it is set when an expansion ends, so a nested expansion (a getter's) cannot change it.
 */
export let expandedPlainValues = false;

/**
 * Told by expandTemplate of each varspec whose value is undefined (`at` is -1), and of each empty string an operator
 * without names writes (`{x}`, `{+x}`, `{#x}`, `{.x}`, `{/x}`, a list item among them), with `at` the index in the
 * result where that empty value stands, after its lead: endpoint() reads missing values and empty segments from these.
 */
export type ExpansionReport = (spec: VarSpec, at: number) => void;

/**
 * Expands `template` with `values`; undefined, null, empty lists and empty maps are undefined in RFC 6570's sense, and
 * `report` is told of them and of empty values. Every variable is read once, as an own property, and no method of a
 * value is called; whatever a value does (a getter that throws, a revoked proxy, an expansion longer than the engine's
 * longest string) ends as an EndpointError naming the variable.
 */
export function expandTemplate(template: CompiledTemplate, values: TemplateValues, report?: ExpansionReport): string {
  const parts = template.parts;
  // Values read so far, when the template names a variable more than once: a getter or proxy is asked once and
  // cannot answer two ways. Most templates name each variable once and need no memory.
  const read = template.repeats ? new Map<string, unknown>() : undefined;
  let result = "";
  // True until the current expression has written a value: its first value follows `first`, the others `next`.
  // Each value is appended to the URL itself rather than to a text of its expression: a string and a rope node fewer
  // per expansion, for expansion and for the first read of the URL.
  let first = true;
  let plain = true;
  let i = 0;
  try {
    for (; i < parts.length; i++) {
      const spec = parts[i]!;
      if (typeof spec === "string") {
        result += spec;
        continue;
      }
      if (spec.opens) first = true;
      const { name, prefix } = spec;
      const value = read === undefined ? readOwn(values, name) : readOnce(values, name, read);
      let expanded: string | undefined;
      // A scalar's text as written, or undefined. Most values are strings without a prefix: tested first, and encoded
      // without a detour.
      let encoded: string | undefined;
      if (typeof value === "string" && !prefix) {
        encoded = encode(spec, value);
      } else if (value == null) {
        // Undefined in RFC 6570's sense: nothing is written.
      } else if (typeof value === "object" && (Array.isArray(value) || isPlainObject(value))) {
        if (prefix) throw valueError("ERR_INVALID_TEMPLATE", name, "is a list or map, which takes no prefix");
        plain = false;
        expanded = appendItems(spec, value, first, result, report);
      } else {
        const text = scalarText(value, name) ?? invalidValue(name, value);
        const shown = prefix ? prefixOf(text, prefix) : text;
        // Below 1e21 in magnitude, a number's text holds only digits, ".", "-", "e" or the letters of "Infinity" and
        // "NaN": nothing to escape.
        encoded = typeof value === "number" && value < 1e21 && value > -1e21 ? shown : encode(spec, shown);
      }
      if (encoded !== undefined) {
        // "" and the dot segments "." and "..": the only texts of fewer than three characters "..".startsWith accepts.
        if (spec.operator.reserved || (encoded.length < 3 && "..".startsWith(encoded))) plain = false;
        expanded = write(spec, result, first ? spec.first : spec.next, encoded, report);
      }
      if (expanded === undefined) {
        plain = false;
        report?.(spec, -1);
      } else {
        result = expanded;
        first = false;
      }
    }
  } catch (error) {
    const spec = parts[i];
    const name = typeof spec === "object" ? spec.name : "";
    // The engine's maximum string length (2^29 - 24 characters in V8, 2^30 - 2 in SpiderMonkey) is far below what
    // 2^20 list items may hold; V8 reports it as a RangeError ("Invalid string length").
    throw isEndpointError(error)
      ? error
      : isInstance(error, RangeError)
        ? valueError("ERR_TOO_LARGE", name, "expands past the engine's longest string")
        : valueError("ERR_INVALID_PARAMETER", name, error === LONE_SURROGATE ? "holds a lone surrogate (no UTF-8 form)" : "could not be read: a getter or proxy threw", error);
  }
  expandedPlainValues = plain;
  return result;
}

/** An own property's value, or undefined: inherited values (a polluted Object.prototype, a getter) are never read. */
function readOwn(values: object, key: string | number): unknown {
  return hasOwn.call(values, key) ? (values as TemplateValues)[key] : undefined;
}

/**
 * The value of `name`, read from `values` the first time only. A list or map is copied on that read, so its items are
 * read once too, however many varspecs name it.
 */
function readOnce(values: TemplateValues, name: string, read: Map<string, unknown>): unknown {
  if (!read.has(name)) {
    const value = readOwn(values, name);
    // Object.fromEntries defines each key as an own property, "__proto__" included.
    const copy = Array.isArray(value)
      ? Array.from({ length: listLength(value, name) }, (_, i) => readOwn(value, i))
      : isPlainObject(value)
        ? Object.fromEntries(Object.keys(value).map((key) => [key, readOwn(value, key)]))
        : value;
    read.set(name, copy);
  }
  return read.get(name);
}

/**
 * A list's length, read once and used as read: a number (a proxy's object is never coerced, so its valueOf cannot
 * answer the check and the loop differently); throws ERR_TOO_LARGE beyond MAX_LIST_LENGTH (see objects.ts).
 */
function listLength(list: readonly unknown[], name: string): number {
  const length: unknown = list.length;
  if (typeof length === "number" && length <= MAX_LIST_LENGTH) return length;
  throw valueError(typeof length === "number" && length > MAX_LIST_LENGTH ? "ERR_TOO_LARGE" : "ERR_INVALID_PARAMETER", name, `is a list of more than ${MAX_LIST_LENGTH} items`);
}

function encode(spec: VarSpec, text: string): string {
  return spec.operator.reserved ? encodeReserved(text) : encodeUnreserved(text);
}

/**
 * `result` with one encoded value of `spec` written after `lead`. An empty value is `;name` for `;` (`?name=` for `?`
 * and `&`), and `report` is told where it stands when the operator writes no names.
 */
function write(spec: VarSpec, result: string, lead: string, encoded: string, report?: ExpansionReport): string {
  if (encoded !== "") return result + lead + encoded;
  const { char, named } = spec.operator;
  if (named) return result + (char === ";" ? lead.slice(0, -1) : lead);
  result += lead;
  report?.(spec, result.length);
  return result;
}

/**
 * Appends the items of a list or map to `result`; undefined when none is defined (an empty list or map, or one of only
 * undefined items). A list is walked by index up to its length read once, so a hole never reads Array.prototype and no
 * method of the list is called; a map by its own keys. Each item is read once, as an own property.
 */
function appendItems(spec: VarSpec, value: object, first: boolean, result: string, report: ExpansionReport | undefined): string | undefined {
  const { operator, name } = spec;
  const keys = Array.isArray(value) ? undefined : Object.keys(value);
  const length = keys?.length ?? listLength(value as unknown[], name);
  let count = 0;
  // An item equal to the one before is written as it was: a list repeating one long value costs a scan per value, not
  // per item, on its way to the engine's longest string.
  let previous: unknown;
  let encoded = "";
  for (let i = 0; i < length; i++) {
    const key = keys?.[i];
    const item = readOwn(value, key ?? i);
    if (item == null) continue;
    if (count === 0 || item !== previous) {
      encoded = encode(spec, scalarText(item, name) ?? invalidValue(key === undefined ? name : `${name}.${key}`, item));
      previous = item;
    }
    // Exploded, every list item stands as a value of the variable (`&name=a&name=b`), and every pair of a map as a
    // variable of its own, its key written as the name (`&k1=v1&k2=v2`); else the lead comes once, then the items (and
    // keys) joined by commas (`name=a,b`, `name=k1,v1,k2,v2`). An empty list item is an empty value where it stands
    // (`{/path*}` with ["a", "", "b"]); a map's has its key.
    const lead = first ? spec.first : spec.next;
    if (key === undefined) {
      result = spec.explode ? write(spec, result, lead, encoded, report) : write(spec, result + (count ? "," : lead), "", encoded, report);
    } else {
      const keyText = encode(spec, key);
      result = spec.explode ? write(spec, result, `${first ? operator.first : operator.next}${keyText}=`, encoded) : `${result}${count ? "," : lead}${keyText},${encoded}`;
    }
    first = false;
    count++;
  }
  return count ? result : undefined;
}

/**
 * The first `length` characters of `text`, never splitting a surrogate pair: they lie within its first 2 * `length` code
 * units, and a pair cut at that end is past them.
 */
function prefixOf(text: string, length: number): string {
  return Array.from(text.slice(0, length * 2)).slice(0, length).join("");
}
