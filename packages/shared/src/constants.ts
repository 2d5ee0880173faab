/** Business constants of spec §9. One name per value; both the server and the web app use these. */
export const SESSION_CHECK_TIMEOUT_MS = 5000;
export const SLIDER_INTERVAL_MS = 7000;
export const SCROLL_THRESHOLD_PX = 10;
export const MENU_CLOSE_DELAY_MS = 100;
export const MARKET_ASSETS_NAV = ['bitcoin', 'ethereum', 'binancecoin', 'tether'] as const;
export const MARKET_ASSETS_HOME = ['bitcoin', 'ethereum', 'binancecoin', 'usd-coin'] as const;
export const OTP_LENGTH = 6;
export const REGISTRATION_ERROR_BANNER_MS = 5000;
export const REDIRECT_AFTER_VERIFICATION_MS = 2000;
export const TOAST_AUTO_CLOSE_MS = 3000;
export const TOAST_AUTO_CLOSE_LOANS_GOALS_MS = 4000;
export const DEPOSIT_METHODS = ['bank_transfer', 'coinpayment', 'nowpayment'] as const;
export const DEFAULT_DEPOSIT_CURRENCY = 'btc';
export const WITHDRAWAL_METHODS = ['bank_transfer', 'crypto'] as const;
export const MIN_POINTS_TO_REDEEM = 10;
export const MAX_REFERRAL_POINTS = 5000;
export const ACTIVITY_PAGE_SIZE = 10;
/**
 * Activity's row types (decision 158): every movement of a member's cash, typed from its ledger entry
 * kind (ACTIVITY_ENTRY_KINDS), and deposits not credited (listed with their status, no amount).
 */
export const ACTIVITY_TYPES = [
  'deposit',
  'withdrawal',
  'investment',
  'principal_returned',
  'earning',
  'reinvestment',
  'loan_disbursement',
  'loan_payment',
  'points_conversion',
  'deposit_refund',
  'adjustment',
] as const;
/**
 * The ledger entry kinds of each Activity type; an entry of any other kind is an `adjustment`. A goal's
 * units are investments into the goal's plan (kind `investment`, described as goal contributions).
 */
export const ACTIVITY_ENTRY_KINDS: Record<(typeof ACTIVITY_TYPES)[number], readonly string[]> = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal_hold', 'withdrawal_released'],
  investment: ['investment', 'plan_renewal'],
  /** With the fee an early exit takes from it (`plan_exit_fee`, decision 186): a negative row. */
  principal_returned: ['plan_maturity', 'plan_withdrawal', 'plan_exit', 'plan_exit_fee'],
  /** Earnings credited, and those an early exit took back (`earning_forfeit`, decision 186): negative rows. */
  earning: ['earning', 'earning_forfeit'],
  /** An earning added to its plan's principal (compounding on request, decision 192). */
  reinvestment: ['earning_reinvested'],
  loan_disbursement: ['loan_disbursement'],
  loan_payment: ['loan_payment'],
  points_conversion: ['points_conversion'],
  deposit_refund: ['deposit_refund'],
  adjustment: ['adjustment'],
};
/** The entry of earnings an early exit takes back (decision 186): it nets them out of "Total Earnings". */
export const FORFEIT_ENTRY_KIND = 'earning_forfeit';
/** The entry of an early exit's penalty, taken from the principal it returned (decision 186). */
export const EXIT_FEE_ENTRY_KIND = 'plan_exit_fee';
export const PLANS_PAGE_SIZE = 5;
/**
 * The earning days an earnings chart reads at most (My Portfolio's, one plan's): its latest days, each
 * with the running total since the first, so a longer history costs the page nothing (decision 218).
 */
export const EARNINGS_CHART_DAYS = 366;
export const GOALS_REFRESH_MS = 60_000;
export const PERIODS_PER_YEAR = { daily: 365, weekly: 52, monthly: 12 } as const;
export const DEFAULT_SITENAME = 'Our Platform';
export const DEFAULT_CURRENCY = { code: 'USD', symbol: '$' } as const;
export const DEFAULT_LANGUAGE = { code: 'en', label: 'English', direction: 'ltr' } as const;

/** Auth rules of DESIGN §6. */
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_INTERVAL_SECONDS = 60;
export const TOKEN_IDLE_DAYS = 30;
export const TOKEN_REMEMBER_DAYS = 90;
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
/** Admin sessions (DESIGN §6 "Admin", decision 120). */
export const ADMIN_ROLES = ['superadmin', 'finance', 'support'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
/** An admin session ends after this long without a request. */
export const ADMIN_IDLE_MINUTES = 30;
/** An admin session ends this long after sign-in however active it is; `remember` gives the longer one. */
export const ADMIN_SESSION_HOURS = 12;
export const ADMIN_REMEMBER_DAYS = 7;
/** "Sudo mode": a second factor given this recently opens the routes that move money, settings and roles. */
export const ADMIN_REAUTH_MINUTES = 10;
/**
 * A member's "sudo mode" (decision 230): the password given this recently (at sign-in or again) opens
 * the calls a stolen session could use to take money or the account: a withdrawal, a withdrawal
 * destination, turning 2FA on.
 */
export const MEMBER_REAUTH_MINUTES = 10;
/** A first sign-in has this long to scan the QR code and type a code. */
export const ADMIN_ENROLMENT_CHALLENGE_MINUTES = 15;
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
export const RECOVERY_CODE_COUNT = 10;
/** OWASP ASVS 2.1.1: at least 12 characters for a password a person chooses (decision 246). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** The public site's pages (spec §2), listed in sitemap.xml. */
export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/personal',
  '/plans',
  '/business',
  '/business-plans',
  '/business-support',
  '/careers',
  '/help-center',
  '/signup',
  '/login',
  '/terms',
  '/privacy',
] as const;

/** Member and admin areas: kept out of search engines. */
export const PRIVATE_PATH_PREFIXES = [
  '/api/',
  '/admin',
  '/dashboard',
  '/profile',
  '/rewards',
  '/account-management',
  '/activity',
  '/my-portfolio',
  '/explore',
  '/my-goals',
  '/verify',
  '/withdrawal-methods',
  '/withdrawal-info',
  '/sandbox/',
] as const;

/** Days before a fixed term ends that a member whose position will renew is told its rate (decision 194). */
export const RENEWAL_NOTICE_DAYS = 7;

/** The languages help articles and FAQs are written in (the help center falls back to English). */
export const HELP_LANGUAGES = ['en', 'es', 'ar'] as const;
export type HelpLanguage = (typeof HELP_LANGUAGES)[number];

/** Saved withdrawal destinations a member may keep (decision 215): the list is one short read. */
export const MAX_SAVED_DESTINATIONS = 20;

/**
 * The bell counts a member's unread notifications up to this many (decision 219): a member who never
 * reads has thousands, and the count reads at most this many rows. `unread_count` equal to it means
 * "at least this many"; it stays above 99, so the bell's "99+" is always true.
 */
export const UNREAD_COUNT_CAP = 100;

/**
 * GET /api/loans and GET /api/loan-applications answer every open loan or application of the member
 * and the newest this many closed ones (decision 219).
 */
export const LOAN_LIST_LIMIT = 50;

/**
 * GET /api/loans/:id answers the loan's newest this many payments (decision 219): a loan overdue while
 * its member earns is collected from every day's earnings, so its payments grow for as long as it
 * stays short. The schedule's paid amounts cover every payment; Activity lists them all, paged.
 */
export const LOAN_DETAIL_PAYMENTS = 20;

/** GET /api/referrals lists the newest this many people a member referred (decision 225). */
export const REFERRED_LIST_LIMIT = 500;

/**
 * Loans still being paid (overdue is derived from the instalments, decision 083): always listed, for
 * their schedule and "Repay now" (decision 219). The others (completed) are closed.
 */
export const OPEN_LOAN_STATUSES = ['active'] as const;

/**
 * Applications awaiting a decision, the back office's or the member's withdrawal: always listed, for
 * their cancel button (decision 219). A decided one is closed; an approved one's loan is open instead.
 */
export const OPEN_LOAN_APPLICATION_STATUSES = ['pending'] as const;
