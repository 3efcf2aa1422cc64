// ISO 8601 text of a Date, exactly as Date.prototype.toISOString writes it.

// Taken once, when the module loads: a Date's own or replaced methods are never called.
const { getUTCFullYear, getUTCMonth, getUTCDate, getUTCHours, getUTCMinutes, getUTCSeconds, getUTCMilliseconds } = Date.prototype;

/** "00" to "99", looked up rather than padded. */
const TWO_DIGITS = /* @__PURE__ */ Array.from({ length: 100 }, (_, n) => `${n}`.padStart(2, "0"));

/**
 * `YYYY-MM-DDTHH:mm:ss.sssZ` for a valid Date, from its UTC fields: toISOString takes several times as long, and a Date
 * in a query is a common parameter (`since`). Undefined for years outside 0-9999, which toISOString writes with six
 * digits and a sign.
 */
export function isoText(date: Date): string | undefined {
  const year = getUTCFullYear.call(date);
  if (!(year >= 0 && year <= 9999)) return undefined;
  const two = TWO_DIGITS;
  return `${`${year}`.padStart(4, "0")}-${two[getUTCMonth.call(date) + 1]}-${two[getUTCDate.call(date)]}T${two[getUTCHours.call(date)]}:${two[getUTCMinutes.call(date)]}:${two[getUTCSeconds.call(date)]}.${`${getUTCMilliseconds.call(date)}`.padStart(3, "0")}Z`;
}
