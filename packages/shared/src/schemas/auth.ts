import { z } from 'zod';
import { OTP_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { ERROR_CODES } from '../errors';
import { emailField, requiredText } from './common';

/**
 * The messages of the accounts API: the spec's wording where it gives one (§8), ours otherwise.
 * The server answers with these and the web app compares against them, so they live in one place.
 */
export const AUTH_MESSAGES = {
  passwordCommon: 'This password is one of the most common ones, which attackers try first. Choose another.',
  registered: 'Registration successful! Please enter the OTP sent to your email.',
  emailTaken: 'This email is already registered.',
  usernameTaken: 'This username is taken.',
  referralNotFound: 'Referral code not found.',
  otpResent: 'Verification email resent! Check your inbox for the OTP.',
  otpResendTooSoon: (seconds: number) =>
    `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting a new code.`,
  otpVerified: 'OTP verified successfully!',
  otpInvalid: 'Invalid OTP.',
  otpExpired: 'The code has expired. Request a new code.',
  otpTooManyAttempts: 'Too many attempts. Request a new code.',
  emailAlreadyVerified: 'Email is already verified.',
  emailNotVerified: 'Please verify your email address first.',
  invalidCredentials: 'Invalid email or password.',
  accountSuspended: 'This account is suspended. Please contact support.',
  useAdminSignIn: 'Use the admin sign-in.',
  adminOnly: 'This sign-in is for administrators only.',
  twoFactorRequired: 'Two-factor authentication required.',
  twoFactorInvalid: 'Invalid 2FA token',
  twoFactorChallengeMissing: 'Your sign-in has expired. Please sign in again.',
  twoFactorChallengeExhausted: 'Too many attempts. Please sign in again.',
  accountLocked: 'Too many failed attempts on this account. Reset your password to continue.',
  throttled: (seconds: number) => `Too many attempts. Please try again in ${describeWait(seconds)}.`,
  loggedOut: 'Logged out successfully!',
  passwordChanged: 'Password changed successfully!',
  currentPasswordIncorrect: 'Current password is incorrect.',
  passwordUnchanged: 'The new password must be different from the current one.',
  twoFactorAlreadyEnabled: 'Two-factor authentication is already enabled.',
  twoFactorNotEnabled: 'Two-factor authentication is not enabled.',
  twoFactorSetupNotStarted: 'Start the two-factor setup first.',
  twoFactorVerificationFailed: 'Verification failed',
  twoFactorEnabled: '2FA has been successfully enabled for your account!',
  twoFactorDisabled: '2FA has been disabled',
  recoveryCodesRegenerated: 'New recovery codes generated. The old ones no longer work.',
  passwordConfirmRequired: 'For your security, confirm your password to continue.',
  passwordConfirmed: 'Password confirmed.',
  passwordIncorrect: 'The password is incorrect.',
  passwordRequired: 'Enter your password.',
} as const;

/** "45 seconds", "1 minute", "15 minutes": the wait of a Retry-After, for people. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The body of every error answer (DESIGN §7), as a schema for the routes' responses. */
export const ErrorResponse = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const LANGUAGE_CODES = ['en', 'es', 'ar'] as const;
export const CURRENCY_CODES = ['USD', 'EUR', 'GBP'] as const;

/** Referral codes: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

/** Recovery codes: two groups of five lowercase letters and digits (xxxxx-xxxxx). */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;

/** An optional text from a form: trimmed, and empty means absent. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

const password = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

/** 'professional' is treated as corporate (spec §3); it is stored as 'business'. */
export const AccountType = z
  .enum(['personal', 'business', 'professional'], { error: 'Choose a personal or corporate account.' })
  .transform((value) => (value === 'professional' ? 'business' : value));

export const RegisterRequest = z
  .object({
    // The character rule only speaks once there is a username: an empty one gets one message.
    username: requiredText('Username is required.', 50).pipe(
      z
        .string()
        .regex(/^[\p{L}\p{N}_.-]+$/u, 'Username may contain letters, digits, dots, dashes and underscores.'),
    ),
    email: emailField('Email is required.'),
    password,
    account_type: AccountType.default('personal'),
    business_name: optionalText(255),
    business_email: optionalText(254),
    referral_source: optionalText(255),
    /** Codes are shown in capitals; what a person types is accepted in any case. */
    referral_code: optionalText(32).transform((value) => (value ? value.toUpperCase() : null)),
    language: z.enum(LANGUAGE_CODES, { error: 'Choose a supported language.' }).nullish(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.enum(CURRENCY_CODES, { error: 'Choose a supported currency.' }))
      .nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.account_type !== 'business') return;
    if (!value.business_name) {
      ctx.addIssue({ code: 'custom', path: ['business_name'], message: 'Business name is required.' });
    }
    if (!value.business_email) {
      ctx.addIssue({ code: 'custom', path: ['business_email'], message: 'Business email is required.' });
    } else if (!z.email().safeParse(value.business_email).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['business_email'],
        message: 'Please enter a valid business email.',
      });
    }
  })
  .transform((value) =>
    value.account_type === 'business'
      ? { ...value, business_email: value.business_email?.toLowerCase() ?? null }
      : { ...value, business_name: null, business_email: null },
  );
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const OtpCode = z
  .string({ error: 'OTP must be 6 digits' })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), 'OTP must be 6 digits');

export const VerifyOtpRequest = z.object({ email: emailField('Email is required'), otp: OtpCode });
export type VerifyOtpRequest = z.input<typeof VerifyOtpRequest>;

export const ResendOtpRequest = z.object({ email: emailField('Email is required') });
export type ResendOtpRequest = z.input<typeof ResendOtpRequest>;

export const LoginRequest = z.object({
  email: emailField('Email is required.'),
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(PASSWORD_MAX_LENGTH),
  remember: z.boolean().optional(),
});
export type LoginRequest = z.input<typeof LoginRequest>;

const TWO_FACTOR_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app.';

/** A 6-digit authenticator code, or a recovery code (xxxxx-xxxxx, any case; compared in lowercase). */
export const TwoFactorToken = z
  .string({ error: TWO_FACTOR_CODE_MESSAGE })
  .trim()
  .toLowerCase()
  .regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/, TWO_FACTOR_CODE_MESSAGE);

/** POST /api/2fa/verify: the second step of a sign-in. */
export const TwoFactorLoginRequest = z.object({ token: TwoFactorToken });
export type TwoFactorLoginRequest = z.input<typeof TwoFactorLoginRequest>;

/** POST /api/disable-2fa: a current authenticator code or an unused recovery code (DESIGN §6). */
export const Disable2faRequest = z.object({ token: TwoFactorToken });
export type Disable2faRequest = z.input<typeof Disable2faRequest>;

/** POST /api/2fa/recovery-codes: a current authenticator code or an unused recovery code. */
export const RegenerateRecoveryCodesRequest = z.object({ token: TwoFactorToken });
export type RegenerateRecoveryCodesRequest = z.input<typeof RegenerateRecoveryCodesRequest>;

export const TotpCodeRequest = z.object({
  token: z
    .string({ error: 'Enter the 6-digit code from your authenticator app.' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
});
export type TotpCodeRequest = z.input<typeof TotpCodeRequest>;

/** POST /api/confirm-password: the member's password opens the sudo-mode window (decision 230). */
export const ConfirmPasswordRequest = z.object({
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordIncorrect),
});
export type ConfirmPasswordRequest = z.input<typeof ConfirmPasswordRequest>;
export const ConfirmPasswordResponse = z.object({ message: z.string(), reauth_until: z.string() });
export type ConfirmPasswordResponse = z.infer<typeof ConfirmPasswordResponse>;

export const ChangePasswordRequest = z
  .object({
    old_password: z
      .string({ error: 'Please fill all password fields.' })
      .min(1, 'Please fill all password fields.'),
    new_password: z
      .string({ error: 'Please fill all password fields.' })
      .min(1, 'Please fill all password fields.')
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
      .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
    new_password_confirmation: z
      .string({ error: 'Please fill all password fields.' })
      .min(1, 'Please fill all password fields.'),
  })
  .refine((value) => value.new_password === value.new_password_confirmation, {
    path: ['new_password_confirmation'],
    message: 'New passwords do not match.',
  })
  .refine((value) => value.new_password !== value.old_password, {
    path: ['new_password'],
    message: AUTH_MESSAGES.passwordUnchanged,
  });
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;

/** The admin signs in with the same body (and the same messages) as a member. */
export const AdminLoginRequest = LoginRequest;
export type AdminLoginRequest = z.input<typeof AdminLoginRequest>;

export const Profile = z.object({
  country: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  /** E.164 (+51912345678). */
  phone: z.string().nullable(),
  employment_status: z.string().nullable(),
  source_of_funds: z.string().nullable(),
  source_of_crypto: z.string().nullable(),
  industry: z.string().nullable(),
  total_wealth: z.string().nullable(),
});
export type Profile = z.infer<typeof Profile>;

export const UserResponse = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  account_type: z.enum(['personal', 'business']),
  business_name: z.string().nullable(),
  business_email: z.string().nullable(),
  role: z.enum(['member', 'admin']),
  referral_code: z.string(),
  language: z.string(),
  currency: z.string(),
  loyalty_points: z.number(),
  balance: z.number(),
  total_earnings: z.number(),
  total_deposit: z.number(),
  two_factor_enabled: z.boolean(),
  profile: Profile,
  created_at: z.string(),
});
export type UserResponse = z.infer<typeof UserResponse>;

/**
 * PUT /api/me/language: the language the member reads the app in, saved so that what the server
 * writes for them (mails, statements, exports) is in it too.
 */
export const LanguageRequest = z.object({
  language: z.enum(LANGUAGE_CODES, { error: 'Choose a supported language.' }),
});
export type LanguageRequest = z.infer<typeof LanguageRequest>;
export const LanguageResponse = z.object({ language: z.enum(LANGUAGE_CODES) });
export type LanguageResponse = z.infer<typeof LanguageResponse>;

export const TwoFactorRequiredResponse = z.object({
  two_factor_required: z.literal(true),
  message: z.string(),
});
export type TwoFactorRequiredResponse = z.infer<typeof TwoFactorRequiredResponse>;

export const LoginResponse = z.union([
  z.object({ token: z.string(), user: UserResponse }),
  TwoFactorRequiredResponse,
]);
export type LoginResponse = z.infer<typeof LoginResponse>;

export const TokenResponse = z.object({ token: z.string(), user: UserResponse });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const Enable2faResponse = z.object({
  qr_code: z.string(),
  secret: z.string(),
  otpauth_url: z.string(),
});
export type Enable2faResponse = z.infer<typeof Enable2faResponse>;

export const Verify2faResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  recovery_codes: z.array(z.string()),
});
export type Verify2faResponse = z.infer<typeof Verify2faResponse>;

export const SuccessResponse = z.object({ success: z.boolean(), message: z.string() });
export type SuccessResponse = z.infer<typeof SuccessResponse>;

export const RecoveryCodesResponse = z.object({ message: z.string(), recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;

/** GET /api/admin/me. */
export const AdminMeResponse = z.object({ user: UserResponse });
export type AdminMeResponse = z.infer<typeof AdminMeResponse>;

/** POST /api/forgot-password (decision 172). */
export const ForgotPasswordRequest = z.object({ email: emailField('Email is required.') });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;

/** POST /api/reset-password: the same password policy as sign-up. */
export const ResetPasswordRequest = z
  .object({
    token: z.string({ error: 'The reset link is invalid.' }).min(1, 'The reset link is invalid.').max(200),
    email: emailField('Email is required.'),
    password,
    password_confirmation: z.string({ error: 'Please confirm the password.' }),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The password confirmation does not match.',
  });
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

/** Change of email (decision 175): codes and links as the API words them. */
export const EMAIL_CHANGE_MESSAGES = {
  codeSent: 'We have emailed a 6-digit code to the new address. Enter it to confirm the change.',
  changed: 'Your email address has been changed.',
  undone: 'Your previous email address is back and every session has been signed out. Please sign in.',
  sameAsCurrent: 'This is already your email address.',
  passwordIncorrect: 'The password is incorrect.',
  twoFactorRequired: 'Enter the code from your authenticator app.',
  codeInvalid: 'The code is wrong or has expired. Please ask for a new one.',
  noPendingChange: 'There is no email change waiting for a code. Please start again.',
  undoInvalid: 'This link is invalid, has expired or was already used.',
  tooSoon: (seconds: number) =>
    `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before asking for another code.`,
};
export const EMAIL_CHANGE_CODE_TTL_MINUTES = 30;
export const EMAIL_CHANGE_MAX_ATTEMPTS = 5;
export const EMAIL_CHANGE_UNDO_DAYS = 7;

/** POST /api/email-change: the new address, the current password, and a 2FA code when 2FA is on. */
export const EmailChangeRequest = z.object({
  email: emailField('Email is required.'),
  password: z.string({ error: 'The password is required.' }).min(1, 'The password is required.').max(200),
  code: z.string().trim().max(40).optional(),
});
export type EmailChangeRequest = z.input<typeof EmailChangeRequest>;

/** POST /api/email-change/confirm: the 6-digit code mailed to the new address. */
export const EmailChangeConfirmRequest = z.object({
  code: z
    .string({ error: 'The code is required.' })
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits.'),
});
export type EmailChangeConfirmRequest = z.input<typeof EmailChangeConfirmRequest>;

/** POST /api/email-change/undo: the token of the link mailed to the old address. */
export const EmailChangeUndoRequest = z.object({
  token: z.string({ error: 'The link is invalid.' }).min(1, 'The link is invalid.').max(200),
});
export type EmailChangeUndoRequest = z.input<typeof EmailChangeUndoRequest>;

export const EmailChangeResponse = z.object({ message: z.string(), email: z.string() });
export type EmailChangeResponse = z.infer<typeof EmailChangeResponse>;
