// The one escaping of what the openapi command writes as source text (the printed module, and the .ts, .js and .d.ts
// files of `-o`): whatever a description and its file name hold, the text is data, and reads as the compiler reads it.

// What JSON.stringify leaves raw that must not reach a source file: DEL and the C1 controls, format characters (bidi
// overrides that make an editor show other text than the compiler reads, zero-width and tag characters) and U+2028/9,
// which end a `//` comment and would make the rest of its line code.
const UNSAFE = /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * JSON data written as module source that means the same data and nothing else, laid out as
 * `JSON.stringify(value, null, space)` lays it out: each character above written as \u escapes, and each key that is
 * `__proto__` as the computed `["__proto__"]`, which defines an own property where the literal form in a value would
 * set the object's prototype (a type reads both alike). The text is written key by key, never rewritten after
 * JSON.stringify: a rewrite of `"__proto__":` in JSON text also matched the end of a key such as `a\"__proto__`.
 */
export function moduleData(value: unknown, space = 0): string {
  return safeText(write(value, space > 0 ? "\n" : "", " ".repeat(space)) ?? "null");
}

/** One key of an object literal or type literal, written as moduleData() writes keys. */
export function moduleKey(key: string): string {
  return safeText(rawKey(key));
}

function rawKey(key: string): string {
  return key === "__proto__" ? '["__proto__"]' : JSON.stringify(key);
}

/** JSON.stringify's text for `value` (undefined where it leaves the value out), keys by moduleKey's rule. */
function write(value: unknown, newline: string, step: string): string | undefined {
  if (value === null || typeof value !== "object") return JSON.stringify(value) as string | undefined;
  // The table is JSON data from fromOpenApi(): plain objects and arrays, walked by own keys and index.
  const inner = newline === "" ? "" : newline + step;
  const parts: string[] = [];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) parts.push(write(value[i], inner, step) ?? "null");
    return parts.length === 0 ? "[]" : `[${inner}${parts.join(`,${inner}`)}${newline}]`;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const text = write(record[key], inner, step);
    if (text !== undefined) parts.push(`${rawKey(key)}:${newline === "" ? "" : " "}${text}`);
  }
  return parts.length === 0 ? "{}" : `{${inner}${parts.join(`,${inner}`)}${newline}}`;
}

/**
 * Each character of UNSAFE as \u escapes, one per UTF-16 unit: inside JSON strings here; in openapi-typescript's types
 * too, where an escape means the same character in a string, a quoted key or an identifier, and is visible text in a
 * comment.
 */
export function safeText(text: string): string {
  return text.replace(UNSAFE, (char) => {
    let escaped = "";
    for (let i = 0; i < char.length; i++) escaped += `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`;
    return escaped;
  });
}
