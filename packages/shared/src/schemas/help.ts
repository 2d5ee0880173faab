import { z } from 'zod';
import { HELP_LANGUAGES } from '../constants';

/** The help center's messages: the spec's wording (§5, §8) where it gives one, ours otherwise. */
export const HELP_MESSAGES = {
  allFieldsRequired: 'All fields are required.',
  invalidEmail: 'Please enter a valid email address.',
  sent: 'Message sent successfully!',
  failed: 'Failed to send message.',
  networkError: 'An error occurred while contacting support.',
  tooLong: (max: number) => `At most ${max} characters.`,
} as const;

export const HELP_NAME_MAX = 100;
export const HELP_EMAIL_MAX = 254;
export const HELP_MESSAGE_MAX = 5000;

const required = (max: number) =>
  z
    .string({ error: HELP_MESSAGES.allFieldsRequired })
    .trim()
    .min(1, HELP_MESSAGES.allFieldsRequired)
    .max(max, HELP_MESSAGES.tooLong(max));

/**
 * The contact form (spec §3: name, email, message). `website` is a honeypot: a field people never see
 * and bots fill in; a request with it filled is answered as sent and dropped.
 */
export const HelpRequest = z.object({
  name: required(HELP_NAME_MAX),
  email: required(HELP_EMAIL_MAX)
    .pipe(z.email(HELP_MESSAGES.invalidEmail))
    .transform((value) => value.toLowerCase()),
  message: required(HELP_MESSAGE_MAX),
  website: z.string().max(500).optional(),
});
export type HelpRequest = z.infer<typeof HelpRequest>;
export type HelpRequestInput = z.input<typeof HelpRequest>;

export const HELP_CATEGORIES = [
  'getting-started',
  'deposits',
  'withdrawals',
  'plans',
  'loans',
  'security',
  'fees',
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

/** The languages help content is written in (decision 164); English is the others' fallback. */
// The languages help is written in: constants without zod (the public site's footer reads them).
export { HELP_LANGUAGES, type HelpLanguage } from '../constants';
export const HELP_LANGUAGE_INVALID = 'Choose en, es or ar.';
export const helpLanguage = z.enum(HELP_LANGUAGES, { error: HELP_LANGUAGE_INVALID });

/** GET /api/help/articles and /api/help/faqs: the reader's language (English without). */
export const HelpListQuery = z.object({ lang: helpLanguage.default('en') });
export type HelpListQuery = z.input<typeof HelpListQuery>;

export const HelpArticle = z.object({
  id: z.number().int(),
  /** The language this item is written in: not the one asked for when it has no version in it. */
  language: helpLanguage,
  slug: z.string(),
  category: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
});
export type HelpArticle = z.infer<typeof HelpArticle>;

export const HelpFaq = z.object({
  id: z.number().int(),
  language: helpLanguage,
  category: z.string(),
  question: z.string(),
  answer: z.string(),
});
export type HelpFaq = z.infer<typeof HelpFaq>;

export const HelpArticleList = z.object({ data: z.array(HelpArticle) });
export type HelpArticleList = z.infer<typeof HelpArticleList>;
export const HelpFaqList = z.object({ data: z.array(HelpFaq) });
export type HelpFaqList = z.infer<typeof HelpFaqList>;
