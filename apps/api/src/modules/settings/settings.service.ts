import { z } from 'zod';
import {
  SocialLink,
  isSafeLinkUrl,
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE,
  DEFAULT_SITENAME,
  HELP_LANGUAGES,
  type FrontSettings,
  type HelpLanguage,
  type LanguageOption,
} from '@app/shared';
import type { DbOrTx } from '@app/db';
import * as repository from './settings.repository';

export const AVAILABLE_LANGUAGES: LanguageOption[] = [
  { ...DEFAULT_LANGUAGE },
  { code: 'es', label: 'Español', direction: 'ltr' },
  { code: 'ar', label: 'العربية', direction: 'rtl' },
];

export const AVAILABLE_CURRENCIES = [
  { ...DEFAULT_CURRENCY },
  { code: 'EUR', symbol: '€' },
  { code: 'GBP', symbol: '£' },
];

/** The default risk warning, in each language the site is written in. */
export const DEFAULT_RISK_WARNINGS: Record<HelpLanguage, string> = {
  en: 'Crypto-assets are volatile and their value can go down as well as up. Returns are not guaranteed and you may lose some or all of the money you invest.',
  es: 'Los criptoactivos son volátiles y su valor puede bajar además de subir. Los rendimientos no están garantizados y puede perder una parte o la totalidad del dinero que invierta.',
  ar: 'الأصول المشفرة متقلبة وقد تنخفض قيمتها كما قد ترتفع. العوائد غير مضمونة وقد تخسر جزءًا من الأموال التي تستثمرها أو كلها.',
};

/** The site settings with their defaults: the spec's where it gives them, ours otherwise. */
export const SettingsSchema = z.object({
  sitename: z.string().min(1).max(80).default(DEFAULT_SITENAME),
  // A stored address the rule of decision 153 refuses (saved before it) is not served.
  logo: z
    .string()
    .nullable()
    .default(null)
    .transform((value) => (value !== null && isSafeLinkUrl(value, { sitePath: true }) ? value : null)),
  company_email: z.string().default('support@ourplatform.example'),
  company_phone: z.string().default('+1 (555) 010-0199'),
  /** Loyalty points worth $1.00 when redeemed (DESIGN §6 "Rewards": 100). */
  points_per_dollar: z.number().int().min(1).max(1_000_000).default(100),
  /** The platform's bank account shown for bank-transfer deposits. */
  deposit_bank_name: z.string().default('First Example Bank'),
  deposit_bank_account_number: z.string().default('000123456789'),
  deposit_bank_routing_number: z.string().default('021000021'),
  risk_warning: z.string().default(DEFAULT_RISK_WARNINGS.en),
  /** The operator's versions in Spanish and Arabic; none (null) shows the English one (decision 164). */
  risk_warning_es: z.string().nullable().default(null),
  risk_warning_ar: z.string().nullable().default(null),
  social_links: z
    .array(z.unknown())
    .max(10)
    .default([])
    .transform((links) => links.flatMap((link) => SocialLink.safeParse(link).data ?? [])),
  /** Dollars: a withdrawal above this needs a second admin's approval (DESIGN §6 "Admin"). */
  withdrawal_four_eyes_threshold: z.number().int().min(1).default(10_000),
  /** Dollars: withdrawals above need an approved identity verification; 0: all; null: none (decision 181). */
  kyc_withdrawal_threshold: z.number().int().min(0).nullable().default(null),
  /** Years a closed account's sealed personal data is kept before it is erased (decision 177). */
  account_retention_years: z.number().int().min(1).max(100).default(5),
  /** Days between a plan's rate change and the first renewal that gets it (decision 193). */
  rate_notice_days: z.number().int().min(0).max(365).default(30),
  /** The brand colour of the mails (the web theme's indigo by default). */
  brand_color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/u)
    .default('#4f46e5'),
  /** The languages and currencies the site offers (codes of AVAILABLE_LANGUAGES / AVAILABLE_CURRENCIES). */
  languages: z.array(z.string()).min(1).default(['en', 'es', 'ar']),
  currencies: z.array(z.string()).min(1).default(['USD', 'EUR', 'GBP']),
});
export type Settings = z.infer<typeof SettingsSchema>;

/**
 * What a malformed stored value of a money control reads as: its strictest value, not its default (a
 * second admin on every withdrawal; an approved identity verification for every withdrawal), so a
 * damaged row can never loosen a control. An admin who saves the settings again mends it.
 */
const STRICTEST: Partial<Settings> = { withdrawal_four_eyes_threshold: 1, kyc_withdrawal_threshold: 0 };

export async function getSettings(db: DbOrTx): Promise<Settings> {
  const stored = await repository.readAll(db);
  // A malformed stored value must not break the site: that key alone falls back, to its default, or
  // for a money control to its strictest value; the other keys keep what the operator saved.
  const sound = Object.entries(SettingsSchema.shape).flatMap(([key, schema]) => {
    if (!stored.has(key)) return [];
    const value = stored.get(key);
    if (schema.safeParse(value).success) return [[key, value] as const];
    const strictest = STRICTEST[key as keyof Settings];
    return strictest === undefined ? [] : [[key, strictest] as const];
  });
  return SettingsSchema.parse(Object.fromEntries(sound));
}

/**
 * Writes the given keys. Nothing is cached per process: every read (GET /api/front, deposits, rewards,
 * mails) reads the table, so a change is seen at once by every node on the database (decision 131).
 */
export async function putSettings(db: DbOrTx, values: Partial<Settings>, now: Date): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) await repository.upsert(db, key, value, now);
  }
}

/** One stored key as it is kept (undefined when absent): for a key outside the settings' schema. */
export function readSetting(db: DbOrTx, key: string): Promise<unknown> {
  return repository.readOne(db, key);
}

/** Like putSettings, and a null value forgets the key so its default (null) applies again. */
export async function writeSettings(db: DbOrTx, values: Record<string, unknown>, now: Date): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (value === null) await repository.remove(db, key);
    else await repository.upsert(db, key, value, now);
  }
}

/**
 * The risk warning in the reader's language: the operator's version in it; else, while the English
 * text is still the default, the default's translation; else the English text, marked as such.
 */
export function riskWarningFor(
  values: Settings,
  lang: string | undefined,
): { text: string; language: HelpLanguage } {
  const language = HELP_LANGUAGES.find((code) => code === lang) ?? 'en';
  if (language === 'en') return { text: values.risk_warning, language };
  const own = values[`risk_warning_${language}`];
  if (own !== null && own.trim() !== '') return { text: own, language };
  if (values.risk_warning === DEFAULT_RISK_WARNINGS.en)
    return { text: DEFAULT_RISK_WARNINGS[language], language };
  return { text: values.risk_warning, language: 'en' };
}

function riskWarningOf(values: Settings, lang: string) {
  const { text, language } = riskWarningFor(values, lang);
  return { risk_warning: text, risk_warning_language: language };
}

export async function getFrontSettings(
  db: DbOrTx,
  query: { lang?: string | undefined; currency?: string | undefined },
): Promise<FrontSettings> {
  const values = await getSettings(db);
  // Only what the settings offer; English and US dollars always (the fallbacks of the whole site).
  const languages = AVAILABLE_LANGUAGES.filter(
    (option) => option.code === DEFAULT_LANGUAGE.code || values.languages.includes(option.code),
  );
  const currencies = AVAILABLE_CURRENCIES.filter(
    (option) => option.code === DEFAULT_CURRENCY.code || values.currencies.includes(option.code),
  );
  const language = languages.find((option) => option.code === query.lang) ??
    languages[0] ?? { ...DEFAULT_LANGUAGE };
  const currency = currencies.find((option) => option.code === query.currency?.toUpperCase()) ?? {
    ...DEFAULT_CURRENCY,
  };
  return {
    logo: values.logo,
    sitename: values.sitename,
    company_email: values.company_email,
    company_phone: values.company_phone,
    currency,
    available_currencies: currencies,
    language,
    available_languages: languages,
    ...riskWarningOf(values, language.code),
    social_links: values.social_links,
  };
}
