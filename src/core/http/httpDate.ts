/**
 * HTTP-date (RFC 9110 §5.6.7) in all three forms a recipient must accept: IMF-fixdate
 * (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form
 * (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`).
 * Written by hand because `Date.parse` accepts other things and differs between engines.
 */
import type { CoreError, Result } from '../types';
import { fail, ok, positionAt } from '../types';

/** A failed HTTP-date parse: what was wrong and where in the value. */
export interface HttpDateError extends CoreError {
  kind: 'http-date-syntax';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

// Named groups so the same range checks and error positions serve all three forms.
const IMF_FIXDATE =
  /^(?<dayName>[A-Za-z]{3}), (?<day>\d{2}) (?<month>[A-Za-z]{3}) (?<year>\d{4}) (?<hour>\d{2}):(?<minute>\d{2}):(?<second>\d{2}) GMT$/d;
const RFC850_DATE =
  /^(?<dayName>[A-Za-z]{6,9}), (?<day>\d{2})-(?<month>[A-Za-z]{3})-(?<year>\d{2}) (?<hour>\d{2}):(?<minute>\d{2}):(?<second>\d{2}) GMT$/d;
const ASCTIME_DATE =
  /^(?<dayName>[A-Za-z]{3}) (?<month>[A-Za-z]{3}) (?<day>[ \d]\d) (?<hour>\d{2}):(?<minute>\d{2}):(?<second>\d{2}) (?<year>\d{4})$/d;

// Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not.
function utcDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  date.setUTCHours(hour, minute, second, 0);
  return date;
}

const EXAMPLE = '"Sun, 06 Nov 1994 08:49:37 GMT"';

function syntaxError(value: string, offset: number, message: string): { ok: false; error: HttpDateError } {
  const position = positionAt(value, Math.max(0, Math.min(offset, value.length)));
  return fail({ kind: 'http-date-syntax', message: `${message} (column ${position.column})`, position });
}

/**
 * Parses an HTTP-date into a `Date` (UTC). Accepts the three forms of RFC 9110 §5.6.7;
 * a two-digit RFC 850 year is read as the latest year with those digits that is not more
 * than 50 years after `now`, as the RFC asks. Errors name the part that is wrong and its
 * column, e.g. `Day 31 does not exist in Nov 1994 (column 6)`.
 */
export function parseHttpDate(value: string, now: Date = new Date()): Result<Date, HttpDateError> {
  if (typeof value !== 'string') {
    throw new TypeError(`parseHttpDate expects a string, got ${typeof value}`);
  }
  const form =
    [
      { regex: IMF_FIXDATE, days: SHORT_DAYS },
      { regex: RFC850_DATE, days: LONG_DAYS },
      { regex: ASCTIME_DATE, days: SHORT_DAYS },
    ]
      .map((f) => ({ ...f, match: f.regex.exec(value) }))
      .find((f) => f.match !== null);
  if (!form?.match?.groups || !form.match.indices?.groups) {
    return syntaxError(value, 0, `"${value}" is not an HTTP-date; expected the form ${EXAMPLE}`);
  }
  const g = form.match.groups as Record<'dayName' | 'day' | 'month' | 'year' | 'hour' | 'minute' | 'second', string>;
  const at = (name: keyof typeof g) => form.match?.indices?.groups?.[name]?.[0] ?? 0;

  // The day name is checked for spelling only: recipients act on the date, and a wrong
  // weekday beside a valid date is a sender slip, not a different instant.
  if (!form.days.includes(g.dayName)) {
    return syntaxError(value, at('dayName'), `"${g.dayName}" is not a day name; expected one of ${form.days.join(', ')}`);
  }
  const month = MONTHS.indexOf(g.month);
  if (month < 0) {
    return syntaxError(value, at('month'), `"${g.month}" is not a month; expected one of ${MONTHS.join(', ')} (case-sensitive)`);
  }
  let year = Number(g.year);
  if (g.year.length === 2) {
    const nowYear = now.getUTCFullYear();
    year += Math.floor(nowYear / 100) * 100;
    if (year > nowYear + 50) year -= 100;
    else if (year <= nowYear - 50) year += 100;
  }
  const day = Number(g.day.trim());
  const daysInMonth = utcDate(year, month + 1, 0).getUTCDate();
  if (day < 1 || day > daysInMonth) {
    return syntaxError(value, at('day'), `Day ${day} does not exist in ${g.month} ${year}`);
  }
  const hour = Number(g.hour);
  const minute = Number(g.minute);
  const second = Number(g.second);
  if (hour > 23) return syntaxError(value, at('hour'), `Hour ${g.hour} is out of range 00–23`);
  if (minute > 59) return syntaxError(value, at('minute'), `Minute ${g.minute} is out of range 00–59`);
  // 60 is allowed for a leap second (RFC 9110 §5.6.7); Date folds it into the next minute.
  if (second > 60) return syntaxError(value, at('second'), `Second ${g.second} is out of range 00–60`);

  return ok(utcDate(year, month, day, hour, minute, second));
}
