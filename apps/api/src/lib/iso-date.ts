const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/** 0001-01-01T00:00:00.000Z and 10000-01-01T00:00:00.000Z: the four-digit years `isoDate` writes itself. */
const FIRST_MS = -62_135_596_800_000;
const END_MS = 253_402_300_800_000;

/**
 * `date.toISOString()`, the same text, written in JavaScript. Node 20's V8 formats it in C++ through a
 * printf-style string stream: 0.69 µs a call against 0.2 µs here, and a queue page writes one or two a
 * row (perf: 1.6 % of Activity's API CPU, more of the admin queues'). Years outside 1–9999 and
 * invalid dates are left to V8 (a sign, six digits, or a RangeError, as before).
 */
export function isoDate(date: Date): string {
  const t = date.getTime();
  if (!(t >= FIRST_MS && t < END_MS)) return date.toISOString();
  // Days since the epoch to a civil date (Howard Hinnant's days_from_civil, inverted).
  const days = Math.floor(t / 86_400_000);
  let ms = t - days * 86_400_000;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(ms / 3_600_000);
  ms -= hours * 3_600_000;
  const minutes = Math.floor(ms / 60_000);
  ms -= minutes * 60_000;
  const seconds = Math.floor(ms / 1000);
  ms -= seconds * 1000;
  const yyyy = year < 1000 ? String(year).padStart(4, '0') : String(year);
  return `${yyyy}-${pad2(month)}-${pad2(day)}T${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${pad3(ms)}Z`;
}

/** The start (00:00 UTC) of a calendar day written YYYY-MM-DD. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/**
 * The start of the day after `day`: the exclusive upper bound of a range that ends on `day`. After
 * 9999-12-31 there is no day the database can hold, and nothing is later: undefined, no bound.
 */
export function dayAfter(day: string): Date | undefined {
  const next = new Date(dayStart(day).getTime() + 86_400_000);
  return next.getUTCFullYear() <= 9999 ? next : undefined;
}
