import { z } from 'zod';
import { linkUrl } from './common';

export const CurrencyOption = z.object({ code: z.string(), symbol: z.string() });
export const LanguageOption = z.object({
  code: z.string(),
  label: z.string(),
  direction: z.enum(['ltr', 'rtl']),
});
export type LanguageOption = z.infer<typeof LanguageOption>;

export const SOCIAL_NETWORKS = ['x', 'linkedin', 'telegram', 'youtube', 'facebook', 'instagram'] as const;
export const SOCIAL_LINK_URL_INVALID = 'Enter an https:// address (or a mailto: address).';
/** A profile of the footer's Follow Us column: an https: (or mailto:) address only (decision 153). */
export const SocialLink = z.object({
  network: z.enum(SOCIAL_NETWORKS),
  url: linkUrl({ mailto: true, message: SOCIAL_LINK_URL_INVALID }),
});
export type SocialLink = z.infer<typeof SocialLink>;

export const FrontSettings = z.object({
  logo: z.string().nullable(),
  sitename: z.string(),
  company_email: z.string(),
  company_phone: z.string(),
  currency: CurrencyOption,
  available_currencies: z.array(CurrencyOption),
  language: LanguageOption,
  available_languages: z.array(LanguageOption),
  risk_warning: z.string(),
  /** The language the risk warning is written in: English where the operator gave none in the reader's. */
  risk_warning_language: z.enum(['en', 'es', 'ar']).default('en'),
  /** The company's profiles for the footer's Follow Us column; only the configured ones are shown. */
  social_links: z.array(SocialLink).default([]),
});
export type FrontSettings = z.infer<typeof FrontSettings>;

export const FrontQuery = z.object({
  lang: z.string().max(8).optional(),
  currency: z.string().max(8).optional(),
});
