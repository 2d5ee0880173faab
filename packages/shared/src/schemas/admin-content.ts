import { z } from 'zod';
import { KYC_MESSAGES } from './kyc';
import { LOAN_INTERVALS, MAX_LOAN_TERM, type LoanInterval } from '../loans';
import { ListMeta, PageQuery, emailField, isSafeLinkUrl, moneyAmount, requiredText } from './common';
import { SocialLink } from './front';
import { HELP_CATEGORIES, helpLanguage } from './help';
import { PLAN_CATEGORIES } from './investing';

/**
 * The back office's catalogues, settings and help content (issue 15 items 4-6; DESIGN §6 "Admin").
 * Amounts are written in dollars and stored in cents; rates in basis points (12% = 1200).
 */
export const ADMIN_CONTENT_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTaken: 'A plan with this name already exists.',
  categoryInvalid: 'Choose a category.',
  rateInvalid: 'Enter a rate in basis points (0 to 100000).',
  loanRateInvalid: 'Enter a rate between 1 and 10000 basis points per period.',
  lockedBelowApy: 'The locked rate must be at least the plan’s rate.',
  amountInvalid: 'Enter an amount greater than 0.',
  maxBelowMin: 'The maximum must be at least the minimum.',
  durationInvalid: 'Enter a whole number of days from 1 to 3650, or leave it empty for a flexible plan.',
  termInvalid: `Enter a whole number of periods from 1 to ${MAX_LOAN_TERM}, or leave it empty.`,
  intervalInvalid: 'Choose daily, weekly or monthly.',
  orderInvalid: 'Enter a whole number from 0 to 100000.',
  loanRatePending:
    'Applications are pending on this plan: decide them first, or deactivate it and create a new plan.',
  planNotFound: 'Plan not found.',
  loanPlanNotFound: 'Loan plan not found.',
  nothingToChange: 'Change at least one field.',
  planCreated: 'Plan created.',
  planUpdated: 'Plan updated.',
  settingsSaved: 'Settings saved.',
  fourEyesRaiseProposed:
    'Settings saved. The higher second-approval amount takes effect once another superadmin saves the same amount within 24 hours.',
  kycRaiseProposed:
    'Settings saved. The looser identity-verification limit takes effect once another superadmin saves the same value within 24 hours.',
  raisesProposed:
    'Settings saved. The higher second-approval amount and the looser identity-verification limit take effect once another superadmin saves the same values within 24 hours.',
  sitenameRequired: 'Site name is required.',
  sitenameOneLine: 'The site name must be one line, without control characters.',
  logoInvalid: 'Enter an https:// address or a path starting with /.',
  phoneInvalid: 'Enter a phone number (digits, spaces, + ( ) - only).',
  bankFieldRequired: 'This bank detail is required.',
  pointsInvalid: 'Enter a whole number of points from 1 to 1000000.',
  thresholdInvalid: 'Enter a whole number of dollars from 1 to 100000000.',
  retentionInvalid: 'Enter a whole number of years from 1 to 100.',
  rateNoticeInvalid: 'Enter a whole number of days from 0 to 365.',
  brandColorInvalid: 'Enter a colour as # and six hexadecimal digits, e.g. #4f46e5.',
  languagesInvalid: 'Offer English and any of the other languages.',
  currenciesInvalid: 'Offer US dollars and any of the other currencies.',
  titleRequired: 'Title is required.',
  slugInvalid: 'Use lowercase letters, digits and hyphens (at most 80).',
  slugTaken: 'An article with this address already exists in this language.',
  questionTaken: 'This question already exists in this language.',
  translationInvalid: 'Choose an English question this one translates.',
  summaryRequired: 'Summary is required.',
  bodyRequired: 'Text is required.',
  questionRequired: 'Question is required.',
  answerRequired: 'Answer is required.',
  articleNotFound: 'Article not found.',
  faqNotFound: 'Question not found.',
  requestNotFound: 'Message not found.',
  replyRequired: 'Write a reply.',
  replySent: 'Reply sent.',
  saved: 'Saved.',
  deleted: 'Deleted.',
  exitPenaltyInvalid: 'Enter a penalty in basis points (0 to 10000).',
  exitForfeitInvalid: 'Choose which earnings an early exit gives up.',
} as const;
const M = ADMIN_CONTENT_MESSAGES;

const intIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);
const amount = moneyAmount({ invalid: M.amountInvalid });
const sortOrder = intIn(0, 100_000, M.orderInvalid);

export const AdminCatalogueListQuery = PageQuery.extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum(['active', 'inactive']).optional(),
  sort: z.string().max(40).optional(),
});
export type AdminCatalogueListQuery = z.input<typeof AdminCatalogueListQuery>;

// ── What plans and loan plans share ──────────────────────────────────────────────────────────
/**
 * A catalogue's fields, in the order the API documents them: name, category and description, then the
 * catalogue's own fields (`own`), then amounts, status and sort order. No defaults: see
 * `catalogueCreateShape` and `catalogueUpdate`.
 */
function catalogueFields<Categories extends readonly [string, ...string[]], Own extends z.ZodRawShape>(
  categories: Categories,
  own: Own,
) {
  return {
    name: requiredText(M.nameRequired, 80),
    category: z.enum(categories, { error: M.categoryInvalid }),
    description: z.string().trim().max(500),
    ...own,
    min_amount: amount,
    max_amount: amount,
    status: z.enum(['active', 'inactive']),
    sort_order: sortOrder,
  };
}

type CatalogueFields = ReturnType<typeof catalogueFields>;

/** What a create body may leave out, and the value it then takes. */
const createDefaults = (fields: CatalogueFields) => ({
  description: fields.description.default(''),
  status: fields.status.default('active'),
  sort_order: fields.sort_order.default(0),
});
type CreateDefaults = ReturnType<typeof createDefaults>;

/** A create body's fields: the description, status and sort order may be left out. */
function catalogueCreateShape<Fields extends CatalogueFields>(
  fields: Fields,
): Omit<Fields, keyof CreateDefaults> & CreateDefaults {
  return { ...fields, ...createDefaults(fields) };
}

/** A PATCH body: any of the fields, at least one. */
function catalogueUpdate<Fields extends CatalogueFields>(fields: Fields) {
  return z
    .object(fields)
    .partial()
    .refine((body) => Object.values(body).some((value) => value !== undefined), {
      message: M.nothingToChange,
    });
}

/** A catalogue plan as the admin API answers it: the catalogue's own fields (`own`) amid the shared ones. */
function catalogueRow<Own extends z.ZodRawShape>(own: Own) {
  return z.object({
    id: z.number().int(),
    name: z.string(),
    category: z.string(),
    description: z.string(),
    ...own,
    /** Dollars. */
    min_amount: z.number(),
    max_amount: z.number(),
    status: z.enum(['active', 'inactive']),
    sort_order: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  });
}

// ── Investment plans ─────────────────────────────────────────────────────────────────────────
const planFields = catalogueFields(PLAN_CATEGORIES, {
  apy_bps: intIn(0, 100_000, M.rateInvalid),
  locked_apy_bps: intIn(0, 100_000, M.rateInvalid),
  duration_days: intIn(1, 3650, M.durationInvalid).nullable(),
  // The early-exit rule of a fixed term (decision 186); left out: not allowed on create, kept on edit.
  exit_allowed: z.boolean().optional(),
  exit_penalty_bps: intIn(0, 10_000, M.exitPenaltyInvalid).optional(),
  exit_forfeit: z.enum(['none', 'current_period', 'all'], { error: M.exitForfeitInvalid }).optional(),
});

/** The rules across fields of a plan (checked on the whole plan after an edit too). */
export function planRuleErrors(plan: {
  apy_bps: number;
  locked_apy_bps: number;
  min_amount: number;
  max_amount: number;
}): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  if (plan.locked_apy_bps < plan.apy_bps) errors.locked_apy_bps = [M.lockedBelowApy];
  if (plan.max_amount < plan.min_amount) errors.max_amount = [M.maxBelowMin];
  return Object.keys(errors).length ? errors : null;
}

function addRuleIssues(errors: Record<string, string[]> | null, ctx: z.RefinementCtx) {
  for (const [path, messages] of Object.entries(errors ?? {}))
    for (const message of messages) ctx.addIssue({ code: 'custom', path: [path], message });
}

/** POST /api/admin/plans (amounts in dollars; answered in cents by the transform). */
export const AdminPlanCreate = z
  .object(catalogueCreateShape(planFields))
  .superRefine((plan, ctx) => addRuleIssues(planRuleErrors(plan), ctx));
export type AdminPlanCreate = z.output<typeof AdminPlanCreate>;
export type AdminPlanCreateInput = z.input<typeof AdminPlanCreate>;

/** PATCH /api/admin/plans/:id: any of the fields; the whole plan is checked again after merging. */
export const AdminPlanUpdate = catalogueUpdate(planFields);
export type AdminPlanUpdate = z.output<typeof AdminPlanUpdate>;

export const AdminPlan = catalogueRow({
  apy_bps: z.number().int(),
  locked_apy_bps: z.number().int(),
  duration_days: z.number().int().nullable(),
  exit_allowed: z.boolean(),
  exit_penalty_bps: z.number().int(),
  exit_forfeit: z.enum(['none', 'current_period', 'all']),
});
export type AdminPlan = z.infer<typeof AdminPlan>;
export const AdminPlanListResponse = z.object({ data: z.array(AdminPlan), meta: ListMeta });
export type AdminPlanListResponse = z.infer<typeof AdminPlanListResponse>;
/** GET /api/admin/plans/:id: the plan and the notice a rate change gives renewals (decision 193). */
export const AdminPlanDetail = AdminPlan.extend({ rate_notice_days: z.number().int() });
export type AdminPlanDetail = z.infer<typeof AdminPlanDetail>;
/** What an edit that changed a rate did: renewals get it from `renewals_from`; `notified` holders. */
export const AdminPlanRateChange = z.object({ renewals_from: z.string(), notified: z.number().int() });
export type AdminPlanRateChange = z.infer<typeof AdminPlanRateChange>;
export const AdminPlanResponse = z.object({
  message: z.string(),
  plan: AdminPlan,
  /** Present after an edit; null when no rate changed. */
  rate_change: AdminPlanRateChange.nullable().optional(),
});
export type AdminPlanResponse = z.infer<typeof AdminPlanResponse>;

// ── Loan plans ───────────────────────────────────────────────────────────────────────────────
export const LOAN_PLAN_CATEGORIES = ['personal', 'business'] as const;

/** A loan plan's `change` text from its rate and interval: 1200, monthly → "12% monthly". */
export function formatLoanChange(rateBps: number, interval: LoanInterval): string {
  const whole = Math.floor(rateBps / 100);
  const cents = rateBps % 100;
  const decimals = cents === 0 ? '' : `.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
  return `${whole}${decimals}% ${interval}`;
}

const loanPlanFields = catalogueFields(LOAN_PLAN_CATEGORIES, {
  rate_bps: intIn(1, 10_000, M.loanRateInvalid),
  interval: z.enum(LOAN_INTERVALS, { error: M.intervalInvalid }),
  duration: intIn(1, MAX_LOAN_TERM, M.termInvalid).nullable(),
});

export function loanPlanRuleErrors(plan: {
  min_amount: number;
  max_amount: number;
}): Record<string, string[]> | null {
  return plan.max_amount < plan.min_amount ? { max_amount: [M.maxBelowMin] } : null;
}

export const AdminLoanPlanCreate = z
  .object(catalogueCreateShape(loanPlanFields))
  .superRefine((plan, ctx) => addRuleIssues(loanPlanRuleErrors(plan), ctx));
export type AdminLoanPlanCreate = z.output<typeof AdminLoanPlanCreate>;
export type AdminLoanPlanCreateInput = z.input<typeof AdminLoanPlanCreate>;

export const AdminLoanPlanUpdate = catalogueUpdate(loanPlanFields);
export type AdminLoanPlanUpdate = z.output<typeof AdminLoanPlanUpdate>;

export const AdminLoanPlan = catalogueRow({
  change: z.string(),
  /** Null when a stored `change` does not parse (never for plans written through the admin API). */
  rate_bps: z.number().int().nullable(),
  interval: z.enum(LOAN_INTERVALS).nullable(),
  duration: z.number().int().nullable(),
});
export type AdminLoanPlan = z.infer<typeof AdminLoanPlan>;
export const AdminLoanPlanListResponse = z.object({ data: z.array(AdminLoanPlan), meta: ListMeta });
export type AdminLoanPlanListResponse = z.infer<typeof AdminLoanPlanListResponse>;
export const AdminLoanPlanResponse = z.object({ message: z.string(), plan: AdminLoanPlan });
export type AdminLoanPlanResponse = z.infer<typeof AdminLoanPlanResponse>;

// ── Settings ─────────────────────────────────────────────────────────────────────────────────
export const OFFERED_LANGUAGES = ['en', 'es', 'ar'] as const;
export const OFFERED_CURRENCIES = ['USD', 'EUR', 'GBP'] as const;

const bankField = requiredText(M.bankFieldRequired, 120);

/** The settings an admin edits (GET/PUT /api/admin/settings); PUT changes only the keys it sends. */
export const AdminSettingsFields = {
  /** One line of printable text: the name goes into page titles, mail subjects and headers (decision 176). */
  sitename: requiredText(M.sitenameRequired, 80).refine(
    (name) => !/[\p{Cc}\p{Zl}\p{Zp}]/u.test(name),
    M.sitenameOneLine,
  ),
  logo: z
    .string()
    .trim()
    .max(500, M.logoInvalid)
    .refine((value) => value === '' || isSafeLinkUrl(value, { sitePath: true }), M.logoInvalid)
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  company_email: emailField(),
  company_phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{5,30}$/, M.phoneInvalid),
  deposit_bank_name: bankField,
  deposit_bank_account_number: bankField,
  deposit_bank_routing_number: bankField,
  points_per_dollar: intIn(1, 1_000_000, M.pointsInvalid),
  withdrawal_four_eyes_threshold: intIn(1, 100_000_000, M.thresholdInvalid),
  /** Dollars: a withdrawal above needs an approved identity verification; 0: every one; null: none (decision 181). */
  kyc_withdrawal_threshold: intIn(0, 100_000_000, KYC_MESSAGES.limitInvalid).nullable(),
  languages: z
    .array(z.enum(OFFERED_LANGUAGES, { error: M.languagesInvalid }), { error: M.languagesInvalid })
    .refine((list) => list.includes('en') && new Set(list).size === list.length, M.languagesInvalid),
  currencies: z
    .array(z.enum(OFFERED_CURRENCIES, { error: M.currenciesInvalid }), { error: M.currenciesInvalid })
    .refine((list) => list.includes('USD') && new Set(list).size === list.length, M.currenciesInvalid),
  risk_warning: z.string().trim().max(1000),
  /** Empty: readers in that language see the English risk warning (decision 164). */
  risk_warning_es: z.string().trim().max(1000),
  risk_warning_ar: z.string().trim().max(1000),
  social_links: z.array(SocialLink).max(10),
  /** Years a closed account's sealed identity is kept before it is erased (decision 177). */
  account_retention_years: intIn(1, 100, M.retentionInvalid),
  /** Days a plan's rate change waits before renewals get it; new investments get it at once (decision 193). */
  rate_notice_days: intIn(0, 365, M.rateNoticeInvalid),
  /** The colour of the mails' name and buttons (decision 179). */
  brand_color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/u, M.brandColorInvalid),
};

export const AdminSettingsUpdate = z
  .object({
    sitename: AdminSettingsFields.sitename.optional(),
    logo: AdminSettingsFields.logo.optional(),
    company_email: AdminSettingsFields.company_email.optional(),
    company_phone: AdminSettingsFields.company_phone.optional(),
    deposit_bank_name: AdminSettingsFields.deposit_bank_name.optional(),
    deposit_bank_account_number: AdminSettingsFields.deposit_bank_account_number.optional(),
    deposit_bank_routing_number: AdminSettingsFields.deposit_bank_routing_number.optional(),
    points_per_dollar: AdminSettingsFields.points_per_dollar.optional(),
    withdrawal_four_eyes_threshold: AdminSettingsFields.withdrawal_four_eyes_threshold.optional(),
    kyc_withdrawal_threshold: AdminSettingsFields.kyc_withdrawal_threshold.optional(),
    languages: AdminSettingsFields.languages.optional(),
    currencies: AdminSettingsFields.currencies.optional(),
    risk_warning: AdminSettingsFields.risk_warning.optional(),
    risk_warning_es: AdminSettingsFields.risk_warning_es.optional(),
    risk_warning_ar: AdminSettingsFields.risk_warning_ar.optional(),
    social_links: AdminSettingsFields.social_links.optional(),
    account_retention_years: AdminSettingsFields.account_retention_years.optional(),
    rate_notice_days: AdminSettingsFields.rate_notice_days.optional(),
    brand_color: AdminSettingsFields.brand_color.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: M.nothingToChange });
export type AdminSettingsUpdate = z.output<typeof AdminSettingsUpdate>;
export type AdminSettingsUpdateInput = z.input<typeof AdminSettingsUpdate>;

export const AdminSettings = z.object({
  sitename: z.string(),
  logo: z.string().nullable(),
  company_email: z.string(),
  company_phone: z.string(),
  deposit_bank_name: z.string(),
  deposit_bank_account_number: z.string(),
  deposit_bank_routing_number: z.string(),
  points_per_dollar: z.number().int(),
  withdrawal_four_eyes_threshold: z.number().int(),
  kyc_withdrawal_threshold: z.number().int().nullable(),
  languages: z.array(z.string()),
  currencies: z.array(z.string()),
  risk_warning: z.string(),
  risk_warning_es: z.string(),
  risk_warning_ar: z.string(),
  social_links: z.array(SocialLink),
  account_retention_years: z.number().int(),
  rate_notice_days: z.number().int(),
  brand_color: z.string(),
});
export type AdminSettings = z.infer<typeof AdminSettings>;
/**
 * A looser money control waiting for a second superadmin (decisions 248, 249): the amount (null: the
 * identity-verification limit removed), who asked for it and when; it lapses 24 hours after.
 */
export const ThresholdProposal = z.object({
  threshold: z.number().int().nullable(),
  proposed_by: z.string(),
  proposed_at: z.string(),
});
export type ThresholdProposal = z.infer<typeof ThresholdProposal>;
export const AdminSettingsResponse = z.object({
  settings: AdminSettings,
  four_eyes_proposal: ThresholdProposal.nullable(),
  kyc_threshold_proposal: ThresholdProposal.nullable(),
  /** What may be offered (the web app's translations and the currencies prices are shown in). */
  offered_languages: z.array(z.string()),
  offered_currencies: z.array(z.string()),
});
export type AdminSettingsResponse = z.infer<typeof AdminSettingsResponse>;

// ── Help content ─────────────────────────────────────────────────────────────────────────────
const helpCategory = z.enum(HELP_CATEGORIES, { error: M.categoryInvalid });
const slug = z
  .string({ error: M.slugInvalid })
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, M.slugInvalid)
  .max(80, M.slugInvalid);

export const AdminArticleCreate = z.object({
  slug,
  /** Versions of one article in other languages share its slug (decision 164). */
  language: helpLanguage.default('en'),
  category: helpCategory,
  title: requiredText(M.titleRequired, 160),
  summary: requiredText(M.summaryRequired, 300),
  body: requiredText(M.bodyRequired, 20_000),
  published: z.boolean().default(false),
});
export type AdminArticleCreate = z.output<typeof AdminArticleCreate>;
export type AdminArticleCreateInput = z.input<typeof AdminArticleCreate>;
// The defaults of the create bodies would apply inside .partial(): an edit that leaves out the language
// would move a Spanish or Arabic version to English. Absent stays absent.
export const AdminArticleUpdate = AdminArticleCreate.partial()
  .extend({ published: z.boolean().optional(), language: helpLanguage.optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: M.nothingToChange });
export type AdminArticleUpdate = z.output<typeof AdminArticleUpdate>;

export const AdminFaqCreate = z.object({
  language: helpLanguage.default('en'),
  /** The id of the English question this one translates (decision 164); none for its own question. */
  translation_of: z
    .number({ error: M.translationInvalid })
    .int(M.translationInvalid)
    .positive(M.translationInvalid)
    .nullable()
    .optional(),
  category: helpCategory,
  question: requiredText(M.questionRequired, 300),
  answer: requiredText(M.answerRequired, 5_000),
  published: z.boolean().default(false),
});
export type AdminFaqCreate = z.output<typeof AdminFaqCreate>;
export type AdminFaqCreateInput = z.input<typeof AdminFaqCreate>;
export const AdminFaqUpdate = AdminFaqCreate.partial()
  .extend({ published: z.boolean().optional(), language: helpLanguage.optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: M.nothingToChange });
export type AdminFaqUpdate = z.output<typeof AdminFaqUpdate>;

/** POST .../:id/move: one place up or down in the public order. */
export const AdminMoveRequest = z.object({
  direction: z.enum(['up', 'down'], { error: 'Choose up or down.' }),
});

const contentMeta = {
  position: z.number().int(),
  published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
};
export const AdminArticle = z.object({
  id: z.number().int(),
  slug: z.string(),
  language: helpLanguage,
  category: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  ...contentMeta,
});
export type AdminArticle = z.infer<typeof AdminArticle>;
export const AdminFaq = z.object({
  id: z.number().int(),
  language: helpLanguage,
  translation_of: z.number().int().nullable(),
  category: z.string(),
  question: z.string(),
  answer: z.string(),
  ...contentMeta,
});
export type AdminFaq = z.infer<typeof AdminFaq>;
export const AdminArticleListResponse = z.object({ data: z.array(AdminArticle), meta: ListMeta });
export type AdminArticleListResponse = z.infer<typeof AdminArticleListResponse>;
export const AdminFaqListResponse = z.object({ data: z.array(AdminFaq), meta: ListMeta });
export type AdminFaqListResponse = z.infer<typeof AdminFaqListResponse>;
export const AdminArticleResponse = z.object({ message: z.string(), article: AdminArticle });
export type AdminArticleResponse = z.infer<typeof AdminArticleResponse>;
export const AdminFaqResponse = z.object({ message: z.string(), faq: AdminFaq });
export type AdminFaqResponse = z.infer<typeof AdminFaqResponse>;

/**
 * The side-by-side editor (decision 164): every language version of one article (they share its slug)
 * or of one FAQ (the English question and the versions whose translation_of names it), English first.
 */
export const AdminSlugParams = z.object({ slug });
export const AdminArticleVersionsResponse = z.object({ slug: z.string(), versions: z.array(AdminArticle) });
export type AdminArticleVersionsResponse = z.infer<typeof AdminArticleVersionsResponse>;
export const AdminFaqVersionsResponse = z.object({
  /** The English question's id (the one the others are linked to), or the only version's. */
  original_id: z.number().int(),
  versions: z.array(AdminFaq),
});
export type AdminFaqVersionsResponse = z.infer<typeof AdminFaqVersionsResponse>;

export const AdminHelpListQuery = PageQuery.extend({
  q: z.string().trim().max(100).optional(),
  published: z.enum(['true', 'false']).optional(),
  language: helpLanguage.optional(),
});

// ── Help inbox ───────────────────────────────────────────────────────────────────────────────
export const HELP_REQUEST_STATUSES = ['open', 'answered', 'closed'] as const;
export type HelpRequestStatus = (typeof HELP_REQUEST_STATUSES)[number];

export const AdminHelpRequestListQuery = PageQuery.extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum(HELP_REQUEST_STATUSES).optional(),
  sort: z.enum(['oldest', 'newest']).default('oldest'),
});
export type AdminHelpRequestListQuery = z.input<typeof AdminHelpRequestListQuery>;

export const AdminHelpRequestUpdate = z
  .object({
    status: z.enum(HELP_REQUEST_STATUSES, { error: 'Choose open, answered or closed.' }).optional(),
    note: z.string().trim().max(5_000, 'At most 5000 characters.').optional(),
  })
  .refine((body) => body.status !== undefined || body.note !== undefined, { message: M.nothingToChange });
export type AdminHelpRequestUpdate = z.output<typeof AdminHelpRequestUpdate>;

export const AdminHelpReply = z.object({ message: requiredText(M.replyRequired, 5_000) });
export type AdminHelpReply = z.output<typeof AdminHelpReply>;

export const AdminHelpRequestSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The first 160 characters of the message. */
  excerpt: z.string(),
  status: z.enum(HELP_REQUEST_STATUSES),
  user_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminHelpRequestSummary = z.infer<typeof AdminHelpRequestSummary>;
export const AdminHelpReplyItem = z.object({
  id: z.number().int(),
  admin_id: z.number().int().nullable(),
  message: z.string(),
  created_at: z.string(),
});
export const AdminHelpRequestDetail = AdminHelpRequestSummary.extend({
  message: z.string(),
  note: z.string(),
  replies: z.array(AdminHelpReplyItem),
});
export type AdminHelpRequestDetail = z.infer<typeof AdminHelpRequestDetail>;
export const AdminHelpRequestListResponse = z.object({
  data: z.array(AdminHelpRequestSummary),
  meta: ListMeta,
});
export type AdminHelpRequestListResponse = z.infer<typeof AdminHelpRequestListResponse>;
export const AdminHelpRequestResponse = z.object({ message: z.string(), request: AdminHelpRequestDetail });
export type AdminHelpRequestResponse = z.infer<typeof AdminHelpRequestResponse>;
