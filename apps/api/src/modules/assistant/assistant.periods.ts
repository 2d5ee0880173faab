import * as chrono from 'chrono-node';
import type { AssistantLanguage } from '@app/shared';
import { AR_END, AR_START } from './assistant.triggers';
import { normalise } from './assistant.words';

/** The period a question names ("last month", "since February 1", "in 2025"), per language. */

export interface Period {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

/** Words that can start a date phrase: chrono-node (the costly part) runs only when one is there. */
const DATE_WORDS =
  /\b(today|yesterday|tomorrow|last|this|past|previous|since|between|from|ago|week|month|year|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d)/i;

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utcDay = (year: number, month: number, dayOfMonth: number) =>
  new Date(Date.UTC(year, month, dayOfMonth));

/**
 * The phrases members use most ("today", "last month", "this year", "past 30 days"), read without
 * chrono-node, which costs milliseconds a question; `undefined` when the question has none of them.
 */
function commonPeriod(question: string, now: Date): { from: Date; to: Date } | null | undefined {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  if (/\b(since|between|from)\b/i.test(question)) return undefined;
  if (/\btoday\b/i.test(question)) return { from: utcDay(y, m, d), to: utcDay(y, m, d) };
  if (/\byesterday\b/i.test(question)) return { from: utcDay(y, m, d - 1), to: utcDay(y, m, d - 1) };
  const relative = /\b(this|last|past|previous)\s+(week|month|year)\b/i.exec(question);
  if (relative) {
    return relativePeriod(
      now,
      relative[1]!.toLowerCase() === 'this' ? 0 : 1,
      relative[2]!.toLowerCase() as 'week' | 'month' | 'year',
    );
  }
  return spanOf(question, now) ?? undefined;
}

/** "past 30 days", "last 2 weeks", "previous 3 months": that many days, weeks or months to today. */
function spanOf(text: string, now: Date): { from: Date; to: Date } | null {
  const span = /\b(?:past|last|previous)\s+(\d{1,4})\s+(day|week|month)s?\b/i.exec(text);
  return span ? spanPeriod(now, Number(span[1]), span[2]!.toLowerCase() as 'day' | 'week' | 'month') : null;
}

/** This (back 0) or the last (back 1) calendar week (Monday to Sunday), month or year. */
function relativePeriod(now: Date, back: 0 | 1, unit: 'week' | 'month' | 'year'): { from: Date; to: Date } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  switch (unit) {
    case 'week': {
      const monday = d - ((now.getUTCDay() + 6) % 7) - 7 * back;
      return { from: utcDay(y, m, monday), to: utcDay(y, m, monday + 6) };
    }
    case 'month':
      return { from: utcDay(y, m - back, 1), to: utcDay(y, m - back + 1, 0) };
    default:
      return { from: utcDay(y - back, 0, 1), to: utcDay(y - back, 11, 31) };
  }
}

/**
 * The past `count` days, weeks or months, today included: "past 7 days" is today and the 6 days before
 * it (7 days, not 8), "past 2 weeks" 14 days, "past 3 months" the day after the same day 3 months ago
 * (the month's last day when it is shorter) to today.
 */
function spanPeriod(now: Date, count: number, unit: 'day' | 'week' | 'month'): { from: Date; to: Date } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  if (unit !== 'month') return { from: utcDay(y, m, d - (unit === 'week' ? 7 : 1) * count + 1), to: now };
  const sameDay = Math.min(d, utcDay(y, m - count + 1, 0).getUTCDate());
  return { from: utcDay(y, m - count, sameDay + 1), to: now };
}

const today = (now: Date) => {
  const day = utcDay(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: day, to: day };
};
const yesterday = (now: Date) => {
  const day = utcDay(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1);
  return { from: day, to: day };
};

const ES_UNITS = { semana: 'week', mes: 'month', ano: 'year' } as const;
const ES_SPAN_UNITS = { dia: 'day', semana: 'week', mes: 'month' } as const;
const ES_DATE_WORDS =
  /\b(hoy|ayer|pasad|anterior|est[ea]|ultim|desde|entre|semana|mes|ano|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|lunes|martes|miercoles|jueves|viernes|sabado|domingo|\d)/;

/** The Spanish phrases chrono.es does not read ("el mes pasado", "este año", "últimos 30 días"). */
function commonPeriodEs(question: string, now: Date): { from: Date; to: Date } | null | undefined {
  if (/\b(desde|entre)\b/.test(question)) return undefined;
  if (/\bhoy\b/.test(question)) return today(now);
  if (/\bayer\b/.test(question)) return yesterday(now);
  const last = /\b(semana|mes|ano)\s+(pasad[oa]|anterior)\b/.exec(question);
  if (last) return relativePeriod(now, 1, ES_UNITS[last[1] as keyof typeof ES_UNITS]);
  const current = /\b(?:este|esta)\s+(semana|mes|ano)\b/.exec(question);
  if (current) return relativePeriod(now, 0, ES_UNITS[current[1] as keyof typeof ES_UNITS]);
  const span = /\b(?:ultim[oa]s|pasad[oa]s)\s+(\d{1,4})\s+(dia|semana|mes)(?:s|es)?\b/.exec(question);
  if (span) return spanPeriod(now, Number(span[1]), ES_SPAN_UNITS[span[2] as keyof typeof ES_SPAN_UNITS]);
  return undefined;
}

/** The Arabic phrases read (on the normalised question; no Arabic parser in chrono-node). */
const AR_PERIODS: Array<[RegExp, (now: Date) => { from: Date; to: Date }]> = [
  [new RegExp(`${AR_START}اليوم${AR_END}`), today],
  [new RegExp(`${AR_START}(امس|البارحه)${AR_END}`), yesterday],
  [/(الشهر|شهر) (الماضي|السابق)/, (now) => relativePeriod(now, 1, 'month')],
  [/هذا الشهر/, (now) => relativePeriod(now, 0, 'month')],
  [/(الاسبوع|اسبوع) (الماضي|السابق)/, (now) => relativePeriod(now, 1, 'week')],
  [/هذا الاسبوع/, (now) => relativePeriod(now, 0, 'week')],
  [/((السنه|سنه) (الماضيه|السابقه)|(العام|عام) (الماضي|السابق))/, (now) => relativePeriod(now, 1, 'year')],
  [/(هذه السنه|هذا العام)/, (now) => relativePeriod(now, 0, 'year')],
];

function clampPeriod(from: Date, to: Date, now: Date): Period | null {
  const today = iso(now);
  const start = iso(from);
  const end = iso(to) > today ? today : iso(to);
  return start > end ? null : { from: start, to: end };
}

/** The period of a Spanish or Arabic question (see `periodOf`). */
function periodIn(question: string, now: Date, language: 'es' | 'ar'): Period | null {
  const text = normalise(question, language);
  const year =
    language === 'es'
      ? /\b(?:en|durante|para)\s+(?:el\s+)?((?:19|20)\d{2})\b/.exec(text)
      : /(?:في|خلال)\s+(?:عام\s+|سنه\s+)?((?:19|20)\d{2})/.exec(text);
  if (year) {
    const y = Number(year[1]);
    return clampPeriod(utcDay(y, 0, 1), utcDay(y, 11, 31), now);
  }
  if (language === 'ar') {
    if (/(اجمالي|منذ البدايه|حتي الان)/.test(text)) return null;
    const found = AR_PERIODS.find(([pattern]) => pattern.test(text));
    return found ? clampPeriod(found[1](now).from, found[1](now).to, now) : null;
  }
  if (/\b(en total|desde siempre|hasta ahora|hasta la fecha|de siempre)\b/.test(text)) return null;
  if (!ES_DATE_WORDS.test(text)) return null;
  const quick = commonPeriodEs(text, now);
  if (quick !== undefined) return quick && clampPeriod(quick.from, quick.to, now);
  return chronoPeriod(
    chrono.es.parse(question, { instant: now, timezone: 'UTC' }, { forwardDate: false }),
    now,
    /\bdesde\b/.test(text),
  );
}

/**
 * The period a question names, in UTC days, never past `now`: "last month" is that calendar month,
 * "this year" January 1 to today, "last week" the last Monday-to-Sunday week, "past 30 days" the 30
 * days to today (today included), "since February 1" February 1 to today, "between A and B" from A
 * to B, "in 2025" that year.
 */
export function periodOf(question: string, now: Date, language: AssistantLanguage = 'en'): Period | null {
  if (language !== 'en') return periodIn(question, now, language);
  const clamp = (from: Date, to: Date) => clampPeriod(from, to, now);
  const year = question.match(/\b(?:in|during|for)\s+((?:19|20)\d{2})\b/i);
  if (year) {
    const y = Number(year[1]);
    return clamp(utcDay(y, 0, 1), utcDay(y, 11, 31));
  }
  if (/\b(all time|ever|in total|so far|to date|altogether)\b/i.test(question)) return null;
  if (!DATE_WORDS.test(question)) return null;
  const quick = commonPeriod(question, now);
  if (quick !== undefined) return quick && clamp(quick.from, quick.to);
  const results = chrono.en.parse(question, { instant: now, timezone: 'UTC' }, { forwardDate: false });
  return chronoPeriod(results, now, /\bsince\b/i.test(question));
}

/** The period chrono-node found: a range, a date "since" which runs to today, a week, a day, a month or a year. */
function chronoPeriod(results: chrono.ParsedResult[], now: Date, since: boolean): Period | null {
  const clamp = (from: Date, to: Date) => clampPeriod(from, to, now);
  const first = results[0];
  if (!first) return null;
  const start = first.start.date();
  const known = (component: 'day' | 'month' | 'year' | 'weekday') => first.start.isCertain(component);
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth();
  const second = results[1];
  if (first.end || second) {
    const end = (first.end ?? second!.start).date();
    return clamp(utcDay(y, m, start.getUTCDate()), end);
  }
  const span = spanOf(first.text, now);
  if (span) return clamp(span.from, span.to);
  if (since) return clamp(utcDay(y, m, start.getUTCDate()), now);
  if (/\bweek\b/i.test(first.text)) {
    const monday = utcDay(y, m, start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
    return clamp(monday, utcDay(monday.getUTCFullYear(), monday.getUTCMonth(), monday.getUTCDate() + 6));
  }
  if (known('day')) return clamp(utcDay(y, m, start.getUTCDate()), utcDay(y, m, start.getUTCDate()));
  if (known('month')) return clamp(utcDay(y, m, 1), utcDay(y, m + 1, 0));
  if (known('year')) return clamp(utcDay(y, 0, 1), utcDay(y, 11, 31));
  return null;
}
