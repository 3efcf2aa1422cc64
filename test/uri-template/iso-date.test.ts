// isoText writes a Date as Date.prototype.toISOString does, from its UTC fields.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoText } from "../../src/iso-date.js";


describe("isoText: a Date's ISO 8601 text, as toISOString writes it", () => {
  it("agrees with toISOString on every time value of years 0 to 9999", () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 }), (time) => {
        expect(isoText(new Date(time))).toBe(new Date(time).toISOString());
      }),
      { numRuns: 20_000 },
    );
  });

  it("agrees at the edges: the first and last instants, the epoch, leap days, the ends of centuries", () => {
    const edges = ["0000-01-01T00:00:00.000Z", "0000-02-29T12:00:00.000Z", "0999-12-31T23:59:59.999Z", "1969-12-31T23:59:59.999Z", "1970-01-01T00:00:00.000Z", "1900-02-28T00:00:00.000Z", "1900-03-01T00:00:00.000Z", "2000-02-29T00:00:00.001Z", "2100-03-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z"];
    for (const text of edges) {
      const time = Date.parse(text);
      expect(isoText(new Date(time))).toBe(text);
    }
  });

  it("leaves years outside 0-9999, which toISOString writes with six digits and a sign, and NaN to the caller", () => {
    for (const time of [-62_167_219_200_001, 253_402_300_800_000, 8.64e15, -8.64e15, Number.NaN]) expect(isoText(new Date(time))).toBeUndefined();
  });
});
