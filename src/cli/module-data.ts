// The one escaping of what the openapi command writes as source text (the printed module, and the .ts, .js and .d.ts
// files of `-o`): whatever a description and its file name hold, the text is data, and reads as the compiler reads it.

// What JSON.stringify leaves raw that must not reach a source file: DEL and the C1 controls, format characters (bidi
// overrides that make an editor show other text than the compiler reads, zero-width and tag characters) and U+2028/9,
// which end a `//` comment and would make the rest of its line code.
const UNSAFE = /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * JSON text (of a value or of a type) made module source that means the same data and nothing else: each character
 * above written as \u escapes (one per UTF-16 unit), and each `"__proto__":` key as the computed `["__proto__"]:`, which
 * defines an own property where the literal form in a value would set the object's prototype (a type reads both
 * alike). In JSON text `"__proto__":` can only be a key: a quote inside a string is always written `\"`. Text already
 * written this way is unchanged.
 */
export function moduleData(json: string): string {
  return json.replaceAll('"__proto__":', '["__proto__"]:').replace(UNSAFE, (char) => {
    let escaped = "";
    for (let i = 0; i < char.length; i++) escaped += `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`;
    return escaped;
  });
}
