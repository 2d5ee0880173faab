import type { LoanInterval } from './loans';
import { NUMBER_LOCALES } from './number-locales';

/**
 * Honest labels for rates and durations, one function each, used by the web app, the API's emails and
 * the assistant (docs/decisions/159-honest-rate-labels.md). Every label is built from numbers and
 * units in the reader's language (English, Spanish, Arabic; anything else reads English): percentages
 * and counts through Intl.NumberFormat, plurals through Intl.PluralRules (Arabic has six forms).
 */

export const LABEL_LANGUAGES = ['en', 'es', 'ar'] as const;
export type LabelLanguage = (typeof LABEL_LANGUAGES)[number];

/** 'es-ES' → 'es'; an unknown or missing language → 'en'. */
export function labelLanguage(locale: string | null | undefined): LabelLanguage {
  const language = (locale ?? '').toLowerCase().split(/[-_]/)[0];
  return (LABEL_LANGUAGES as readonly string[]).includes(language ?? '') ? (language as LabelLanguage) : 'en';
}

/** A rate in basis points as a percentage of the language: 1200 → "12%", "12 %"; 50 → "0.5%". */
export function formatPercentLabel(bps: number, locale: string | null | undefined): string {
  return formatsOf(labelLanguage(locale)).percent.format(bps / 10_000);
}

/** A language's formatters: plurals, counts and percentages. */
interface LabelFormats {
  plural: Intl.PluralRules;
  count: Intl.NumberFormat;
  percent: Intl.NumberFormat;
}

// One set of formatters per language, built on first use: building an Intl.PluralRules or
// Intl.NumberFormat costs far more than using one (a plan's duration label built both for each row
// of GET /api/pp, a fifth of its CPU). Three languages, so three entries at most.
const labelFormats: Partial<Record<LabelLanguage, LabelFormats>> = {};

function formatsOf(language: LabelLanguage): LabelFormats {
  const locale = NUMBER_LOCALES[language] ?? language;
  return (labelFormats[language] ??= {
    plural: new Intl.PluralRules(language),
    count: new Intl.NumberFormat(locale),
    percent: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }),
  });
}

const REPAID: Record<
  LabelLanguage,
  { text: (rate: string, every: string) => string } & Record<LoanInterval, string>
> = {
  en: {
    text: (rate, every) => `${rate} a year, repaid ${every}`,
    daily: 'daily',
    weekly: 'weekly',
    monthly: 'monthly',
  },
  es: {
    text: (rate, every) => `${rate} al año, con pagos ${every}`,
    daily: 'diarios',
    weekly: 'semanales',
    monthly: 'mensuales',
  },
  ar: {
    text: (rate, every) => `${rate} سنويًا، تُسدَّد ${every}`,
    daily: 'يوميًا',
    weekly: 'أسبوعيًا',
    monthly: 'شهريًا',
  },
};

/**
 * A loan plan's rate as what it is (spec §5's estimate): a yearly rate repaid each interval.
 * (1200, 'monthly', 'en') → "12% a year, repaid monthly"; (500, 'weekly') → "5% a year, repaid weekly".
 */
export function loanRateLabel(
  rateBps: number,
  interval: LoanInterval,
  locale: string | null | undefined,
): string {
  const texts = REPAID[labelLanguage(locale)];
  return texts.text(formatPercentLabel(rateBps, locale), texts[interval]);
}

/** How an investment plan's yield is quoted: APR while earnings are paid out, APY when they compound. */
export type YieldBasis = 'apr' | 'apy';

/** Plans have no compounding yet (a later issue adds it): a missing flag means paid out, so APR. */
export function yieldBasis(compounds?: boolean | null): YieldBasis {
  return compounds === true ? 'apy' : 'apr';
}

const BASIS: Record<LabelLanguage, Record<YieldBasis, string>> = {
  en: { apr: 'APR', apy: 'APY' },
  es: { apr: 'TIN', apy: 'TAE' },
  ar: { apr: 'عائد سنوي بسيط', apy: 'عائد سنوي مركّب' },
};

/** The name of the yield's basis alone (a column header, a label beside a large figure): "APR". */
export function yieldBasisLabel(locale: string | null | undefined, compounds?: boolean | null): string {
  return BASIS[labelLanguage(locale)][yieldBasis(compounds)];
}

/** An investment plan's yield: (800, 'en') → "8% APR"; "8 % TIN"; with compounding "8% APY". */
export function planYieldLabel(
  apyBps: number,
  locale: string | null | undefined,
  compounds?: boolean | null,
): string {
  return `${formatPercentLabel(apyBps, locale)} ${yieldBasisLabel(locale, compounds)}`;
}

/** "up to 18% APR" for the highest of several yields. */
export function upToYieldLabel(
  apyBps: number,
  locale: string | null | undefined,
  compounds?: boolean | null,
): string {
  const language = labelLanguage(locale);
  const upTo = { en: 'up to', es: 'hasta', ar: 'حتى' }[language];
  return `${upTo} ${planYieldLabel(apyBps, locale, compounds)}`;
}

export type DurationUnit = 'day' | 'week' | 'month';

type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
/** `#` is the count in the language's digits. */
const UNITS: Record<LabelLanguage, Record<DurationUnit, Forms>> = {
  en: {
    day: { one: '# day', other: '# days' },
    week: { one: '# week', other: '# weeks' },
    month: { one: '# month', other: '# months' },
  },
  es: {
    day: { one: '# día', other: '# días' },
    week: { one: '# semana', other: '# semanas' },
    month: { one: '# mes', other: '# meses' },
  },
  // Arabic: 1 and 2 have their own words (singular, dual); 3–10 take the plural, 11–99 the singular
  // accusative, 100 and 0 the singular.
  ar: {
    day: { one: 'يوم واحد', two: 'يومان', few: '# أيام', many: '# يومًا', other: '# يوم' },
    week: { one: 'أسبوع واحد', two: 'أسبوعان', few: '# أسابيع', many: '# أسبوعًا', other: '# أسبوع' },
    month: { one: 'شهر واحد', two: 'شهران', few: '# أشهر', many: '# شهرًا', other: '# شهر' },
  },
};

/** A count of days, weeks or months with its plural: (6, 'month', 'en') → "6 months"; ('ar', 2) → "شهران". */
export function durationLabel(count: number, unit: DurationUnit, locale: string | null | undefined): string {
  const language = labelLanguage(locale);
  const forms = UNITS[language][unit];
  const formats = formatsOf(language);
  const form = forms[formats.plural.select(count)] ?? forms.other;
  return form.replace('#', formats.count.format(count));
}

const INTERVAL_UNIT: Record<LoanInterval, DurationUnit> = { daily: 'day', weekly: 'week', monthly: 'month' };

/** A loan term: a number of periods of the plan's interval (months when it is unknown). */
export function loanTermLabel(
  count: number,
  interval: LoanInterval | null | undefined,
  locale: string | null | undefined,
): string {
  return durationLabel(count, INTERVAL_UNIT[interval ?? 'monthly'], locale);
}

const FLEXIBLE: Record<LabelLanguage, string> = { en: 'Flexible', es: 'Flexible', ar: 'مرن' };

/**
 * An investment plan's term from its days, as the spec's `duration` reads ("Flexible", "6 months",
 * "90 days"): whole months when the days are exactly floor(months × 365 / 12) for 2 months or more.
 */
export function planDurationLabel(durationDays: number | null, locale: string | null | undefined): string {
  if (durationDays === null) return FLEXIBLE[labelLanguage(locale)];
  const months = Math.round((durationDays * 12) / 365);
  if (months >= 2 && Math.floor((months * 365) / 12) === durationDays)
    return durationLabel(months, 'month', locale);
  return durationLabel(durationDays, 'day', locale);
}
