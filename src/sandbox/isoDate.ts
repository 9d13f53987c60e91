/**
 * RFC 3339 dates as the sandbox API takes them (`2024-05-01` or
 * `2024-05-01T09:30:00Z`). A badly formatted date is a 400 (spec §7), and the answer
 * should say where it went wrong, so the parser reports the first column that breaks the
 * format rather than just "invalid date".
 */
import { fail, ok, positionAt, type Result } from '../core';

const DATE_SHAPE = 'YYYY-MM-DD';
const TIME_SHAPE = 'Thh:mm:ss';
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2}))?$/;

/** Which forms a field accepts. */
export type DateForm = 'date-time' | 'date-or-date-time';

function dateError(value: string, offset: number, message: string) {
  const position = positionAt(value, Math.min(Math.max(offset, 0), value.length));
  return fail({ kind: 'date-format', position, message: `${message} (column ${position.column})` });
}

/** The first offset where `value` stops following the `YYYY-MM-DDThh:mm:ss` shape. */
function firstMismatch(value: string, withTime: boolean): number {
  const shape = withTime ? DATE_SHAPE + TIME_SHAPE : DATE_SHAPE;
  for (let i = 0; i < shape.length; i++) {
    const want = shape[i]!;
    const got = value[i];
    if (got === undefined) return i;
    const fits = /[YMDhms]/.test(want) ? /\d/.test(got) : want === 'T' ? got === 'T' || got === 't' : got === want;
    if (!fits) return i;
  }
  return shape.length;
}

/**
 * Parses an RFC 3339 `date-time` (with a zone: `Z` or `±hh:mm`), or with `form`
 * `date-or-date-time` also a `full-date` (read as midnight UTC). Impossible dates such as
 * February 30 are refused too.
 */
export function parseRfc3339(value: string, form: DateForm = 'date-time'): Result<Date> {
  const match = RFC3339.exec(value);
  const expected = form === 'date-time' ? 'YYYY-MM-DDThh:mm:ssZ' : 'YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ';
  if (!match) {
    const withTime = form === 'date-time' || value.length > DATE_SHAPE.length;
    const at = firstMismatch(value, withTime);
    const after = DATE_SHAPE.length + TIME_SHAPE.length;
    const reason = at >= after ? 'expected fractional seconds or a zone (Z or ±hh:mm)' : `expected the shape ${expected}`;
    return dateError(value, at, `"${value}" is not an RFC 3339 date: ${reason}`);
  }
  const [, y, mo, d, h, mi, s, , zone] = match;
  if (match[4] === undefined && form === 'date-time') return dateError(value, value.length, `"${value}" has no time; expected ${expected}`);
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12) return dateError(value, 5, `Month ${mo} does not exist`);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return dateError(value, 8, `Day ${d} does not exist in ${y}-${mo}`);
  if (h === undefined) return ok(new Date(Date.UTC(year, month - 1, day)));
  if (Number(h) > 23) return dateError(value, 11, `Hour ${h} is out of range`);
  if (Number(mi) > 59) return dateError(value, 14, `Minute ${mi} is out of range`);
  if (Number(s) > 60) return dateError(value, 17, `Second ${s} is out of range`);
  if (zone && zone.length === 6 && (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(4)) > 59)) {
    return dateError(value, value.length - 6, `Zone offset ${zone} is out of range`);
  }
  const parsed = new Date(value.toUpperCase());
  if (Number.isNaN(parsed.getTime())) return dateError(value, 0, `"${value}" is not a representable date`);
  return ok(parsed);
}
