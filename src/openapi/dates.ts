// `format: date` values (DECISIONS "Described routes"): a Date written as its day, `YYYY-MM-DD`. Only tables whose
// routes describe such a value bring this module (the writer writeDates, src/openapi/writers.ts).
import { ownItems, getOwn, setOwn, type Dictionary } from "../objects.js";
import { dateTime, scalarText } from "../values.js";

/**
 * `value` with each Date in it, or in its list, written `YYYY-MM-DD`, its UTC date. A list is returned as the copy
 * read here, Dates or none, so that what writes it next does not read the caller's items (a getter, a proxy's length)
 * a second time; anything else as it is.
 */
export function withDays(name: string, value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (!Array.isArray(value)) return dateTime(value) === undefined ? value : dayText(name, value);
  const items = ownItems(value, "the parameter", name);
  return items.some((item) => typeof item === "object" && item !== null && dateTime(item) !== undefined) ? items.map((item) => withDays(name, item)) : items;
}

/** `YYYY-MM-DD` of a Date: its ISO 8601 text (scalarText: an invalid Date is an EndpointError) up to the time. */
function dayText(name: string, date: object): string {
  const iso = scalarText(date, name)!;
  return iso.slice(0, iso.indexOf("T"));
}

/** `body` with the Dates of its `dates` properties written `YYYY-MM-DD`: a copy when one holds a Date, else itself. */
export function withDayProperties(body: Dictionary, dates: ReadonlySet<string>): Dictionary {
  let copy: Dictionary | undefined;
  for (const name of dates) {
    const value = getOwn(body, name);
    const written = value === undefined ? value : withDays(name, value);
    if (written === value) continue;
    if (copy === undefined) {
      copy = {};
      for (const key of Object.keys(body)) setOwn(copy, key, body[key]);
    }
    setOwn(copy, name, written);
  }
  return copy ?? body;
}
