import { z } from 'zod';

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

export const HelpArticle = z.object({
  id: z.number().int(),
  slug: z.string(),
  category: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
});
export type HelpArticle = z.infer<typeof HelpArticle>;

export const HelpFaq = z.object({
  id: z.number().int(),
  category: z.string(),
  question: z.string(),
  answer: z.string(),
});
export type HelpFaq = z.infer<typeof HelpFaq>;

export const HelpArticleList = z.object({ data: z.array(HelpArticle) });
export type HelpArticleList = z.infer<typeof HelpArticleList>;
export const HelpFaqList = z.object({ data: z.array(HelpFaq) });
export type HelpFaqList = z.infer<typeof HelpFaqList>;
