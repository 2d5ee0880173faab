import { z } from 'zod';
import { OTP_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { emailField, requiredText } from './common';

export const LANGUAGE_CODES = ['en', 'es', 'ar'] as const;
export const CURRENCY_CODES = ['USD', 'EUR', 'GBP'] as const;

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
    username: requiredText('Username is required.', 50).regex(
      /^[\p{L}\p{N}_.-]+$/u,
      'Username may contain letters, digits, dots, dashes and underscores.',
    ),
    email: emailField('Email is required.'),
    password,
    account_type: AccountType.default('personal'),
    business_name: z.string().trim().max(255).optional().nullable(),
    business_email: z.string().trim().max(254).optional().nullable(),
    referral_source: z.string().trim().max(255).optional().nullable(),
    referral_code: z.string().trim().max(32).optional().nullable(),
    language: z.enum(LANGUAGE_CODES).optional().nullable(),
    currency: z.enum(CURRENCY_CODES).optional().nullable(),
  })
  .superRefine((value, ctx) => {
    if (value.account_type !== 'business') return;
    if (!value.business_name) {
      ctx.addIssue({ code: 'custom', path: ['business_name'], message: 'Business name is required.' });
    }
    if (!value.business_email) {
      ctx.addIssue({ code: 'custom', path: ['business_email'], message: 'Business email is required.' });
    } else if (!z.email().safeParse(value.business_email).success) {
      ctx.addIssue({ code: 'custom', path: ['business_email'], message: 'Please enter a valid business email.' });
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
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(PASSWORD_MAX_LENGTH),
  remember: z.boolean().optional(),
});
export type LoginRequest = z.input<typeof LoginRequest>;

/** A 6-digit authenticator code, or a recovery code (xxxxx-xxxxx). */
export const TwoFactorToken = z
  .string({ error: 'Enter the 6-digit code from your authenticator app.' })
  .trim()
  .regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/i, 'Enter the 6-digit code from your authenticator app.');

export const TwoFactorLoginRequest = z.object({ token: TwoFactorToken });
export type TwoFactorLoginRequest = z.input<typeof TwoFactorLoginRequest>;

export const TotpCodeRequest = z.object({
  token: z
    .string({ error: 'Enter the 6-digit code from your authenticator app.' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
});
export type TotpCodeRequest = z.input<typeof TotpCodeRequest>;

export const ChangePasswordRequest = z
  .object({
    old_password: z.string({ error: 'Please fill all password fields.' }).min(1, 'Please fill all password fields.'),
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
  });
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;

export const AdminLoginRequest = z.object({
  email: emailField('Email is required.'),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(PASSWORD_MAX_LENGTH),
  remember: z.boolean().optional(),
});
export type AdminLoginRequest = z.input<typeof AdminLoginRequest>;

export const Profile = z.object({
  country: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
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

export const LoginResponse = z.union([
  z.object({ token: z.string(), user: UserResponse }),
  z.object({ two_factor_required: z.literal(true), message: z.string() }),
]);
export type LoginResponse = z.infer<typeof LoginResponse>;

export const TokenResponse = z.object({ token: z.string(), user: UserResponse });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const Enable2faResponse = z.object({ qr_code: z.string(), secret: z.string(), otpauth_url: z.string() });
export type Enable2faResponse = z.infer<typeof Enable2faResponse>;

export const Verify2faResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  recovery_codes: z.array(z.string()),
});
export type Verify2faResponse = z.infer<typeof Verify2faResponse>;

export const SuccessResponse = z.object({ success: z.boolean(), message: z.string() });
export type SuccessResponse = z.infer<typeof SuccessResponse>;

export const RecoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;
