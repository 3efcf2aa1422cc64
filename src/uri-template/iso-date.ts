// ISO 8601 text of a time value, exactly as Date.prototype.toISOString writes it.

/** "00" to "99": two-digit fields are looked up, not formatted. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : `${n}`));

const DAY = 86_400_000;
/** The time values of 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the years written with four digits. */
const FIRST_FOUR_DIGIT_TIME = -62_167_219_200_000;
const LAST_FOUR_DIGIT_TIME = 253_402_300_799_999;

/**
 * `YYYY-MM-DDTHH:mm:ss.sssZ` for `time` (a finite time value), computed from the number: the built-in method takes
 * several times as long, and a Date in a query is a common parameter (`since`). Undefined for years outside 0-9999,
 * which the built-in writes with six digits and a sign. The date is the proleptic Gregorian calendar's, from the day
 * count (H. Hinnant's civil-from-days).
 */
export function isoText(time: number): string | undefined {
  if (!(time >= FIRST_FOUR_DIGIT_TIME && time <= LAST_FOUR_DIGIT_TIME)) return undefined;
  const days = Math.floor(time / DAY);
  const milliseconds = time - days * DAY;
  // Days from 0000-03-01, in eras of 400 years (146,097 days); the year is counted from March, so leap days fall last.
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const seconds = Math.floor(milliseconds / 1000);
  const millisecond = milliseconds - seconds * 1000;
  const yearText = year < 1000 ? `${year}`.padStart(4, "0") : `${year}`;
  return `${yearText}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}T${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}.${TWO_DIGITS[Math.floor(millisecond / 10)]}${millisecond % 10}Z`;
}
