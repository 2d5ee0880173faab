import { z } from 'zod';
import { ADMIN_ROLES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { ListMeta, emailField, isoDate, pageField, perPageField, positiveId, requiredText } from './common';
import { Enable2faResponse, TwoFactorToken, UserResponse } from './auth';

/** The messages of the admin accounts API (decision 120). */
export const ADMIN_MESSAGES = {
  reauthRequired: 'Confirm it is you: enter a code from your authenticator app.',
  reauthInvalid: 'Invalid code. Try again with a new code from your authenticator app.',
  reauthDone: 'Confirmed. Sensitive actions are open for 10 minutes.',
  enrolmentRequired: 'Set up two-factor authentication to continue.',
  enrolmentNotNeeded: 'Two-factor authentication is already set up.',
  enrolmentNotStarted: 'Start the two-factor setup first.',
  roleNotAllowed: 'Your admin role does not allow this.',
  notYourself: 'You cannot change your own role or status.',
  adminNotFound: 'Admin not found.',
  lastSuperadmin: 'At least one active superadmin must remain.',
  adminUpdated: 'Admin updated.',
  adminCreated: 'Admin created. They set up two-factor authentication at their first sign-in.',
  adminCreatedWaiting:
    'Admin created, suspended until another superadmin activates the account within 24 hours. They set up two-factor authentication at their first sign-in.',
  grantWaiting:
    'Saved as a request: the new role or activation takes effect when another superadmin makes the same change within 24 hours.',
  sessionIdle: 'Your admin session ended after 30 minutes without activity. Please sign in again.',
  accountLocked: 'Too many failed attempts on this account. Ask a superadmin to lift the lock.',
} as const;

export const AdminRoleSchema = z.enum(ADMIN_ROLES, { error: 'Choose superadmin, finance or support.' });

/** The signed-in admin: the member fields plus the back-office role. */
export const AdminUserResponse = UserResponse.extend({ admin_role: z.enum(ADMIN_ROLES) });
export type AdminUserResponse = z.infer<typeof AdminUserResponse>;

/**
 * POST /api/admin/login: always the second step (2FA is mandatory for admins). `enrolment_required`
 * when the admin has no authenticator yet: POST /api/admin/2fa/enrol, then /api/admin/2fa/verify.
 */
export const AdminTwoFactorRequiredResponse = z.object({
  two_factor_required: z.literal(true),
  enrolment_required: z.boolean(),
  message: z.string(),
});
export type AdminTwoFactorRequiredResponse = z.infer<typeof AdminTwoFactorRequiredResponse>;

/** POST /api/admin/2fa/enrol: the QR code and secret of the authenticator to add. */
export const AdminEnrolResponse = Enable2faResponse;
export type AdminEnrolResponse = z.infer<typeof AdminEnrolResponse>;

/** POST /api/admin/2fa/verify. */
export const AdminTwoFactorVerifyRequest = z.object({ token: TwoFactorToken });
export type AdminTwoFactorVerifyRequest = z.input<typeof AdminTwoFactorVerifyRequest>;

/** The admin's token; `recovery_codes` only on the sign-in that enrolled the authenticator. */
export const AdminTokenResponse = z.object({
  token: z.string(),
  user: AdminUserResponse,
  recovery_codes: z.array(z.string()).optional(),
});
export type AdminTokenResponse = z.infer<typeof AdminTokenResponse>;

/** GET /api/admin/me: the admin and the end of the re-authentication window (null when closed). */
export const AdminSessionResponse = z.object({
  user: AdminUserResponse,
  reauth_until: z.string().nullable(),
});
export type AdminSessionResponse = z.infer<typeof AdminSessionResponse>;

const REAUTH_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app.';
/** POST /api/admin/reauth: a current authenticator code (recovery codes are for signing in only). */
export const AdminReauthRequest = z.object({
  code: z
    .string({ error: REAUTH_CODE_MESSAGE })
    .trim()
    .regex(/^\d{6}$/, REAUTH_CODE_MESSAGE),
});
export type AdminReauthRequest = z.input<typeof AdminReauthRequest>;

export const AdminReauthResponse = z.object({ message: z.string(), reauth_until: z.string() });
export type AdminReauthResponse = z.infer<typeof AdminReauthResponse>;

/** One admin in GET /api/admin/admins. */
export const AdminAccount = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  admin_role: z.enum(ADMIN_ROLES),
  status: z.enum(['active', 'suspended']),
  two_factor_enabled: z.boolean(),
  created_at: z.string(),
  /**
   * A money role (or the activation of one) a superadmin asked for, waiting for a second superadmin
   * (decision 250): the admin becomes active as `admin_role` when another superadmin makes the same
   * change within 24 hours of `proposed_at`.
   */
  pending_grant: z
    .object({
      admin_role: z.enum(['superadmin', 'finance']),
      proposed_by: z.string(),
      proposed_at: z.string(),
    })
    .nullable(),
});
export type AdminAccount = z.infer<typeof AdminAccount>;

export const AdminListQuery = z.object({
  page: pageField({ min: 'Page must be 1 or more.' }),
  per_page: perPageField({ max: 'At most 100 per page.' }).default(25),
});
export type AdminListQuery = z.input<typeof AdminListQuery>;

export const AdminListResponse = z.object({ data: z.array(AdminAccount), meta: ListMeta });
export type AdminListResponse = z.infer<typeof AdminListResponse>;

/** POST /api/admin/admins: a new admin, who enrols an authenticator at first sign-in. */
export const CreateAdminRequest = z.object({
  email: emailField('Email is required.'),
  username: requiredText('Username is required.', 50).pipe(
    z
      .string()
      .regex(/^[\p{L}\p{N}_.-]+$/u, 'Username may contain letters, digits, dots, dashes and underscores.'),
  ),
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .min(PASSWORD_MIN_LENGTH, `An admin password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
  role: AdminRoleSchema,
});
export type CreateAdminRequest = z.input<typeof CreateAdminRequest>;

/** PATCH /api/admin/admins/:id: a new role and/or status, with an optional reason for the audit log. */
export const UpdateAdminRequest = z
  .object({
    role: AdminRoleSchema.optional(),
    status: z.enum(['active', 'suspended'], { error: 'Choose active or suspended.' }).optional(),
    reason: z.string().trim().max(500, 'At most 500 characters.').optional(),
  })
  .refine((value) => value.role !== undefined || value.status !== undefined, {
    path: ['role'],
    message: 'Give a new role or status.',
  });
export type UpdateAdminRequest = z.input<typeof UpdateAdminRequest>;

export const AdminIdParams = z.object({
  id: positiveId('Not found.'),
});

export const AdminAccountResponse = z.object({ admin: AdminAccount, message: z.string() });
export type AdminAccountResponse = z.infer<typeof AdminAccountResponse>;

/** One audit log entry (decision 121). */
export const AuditEntryResponse = z.object({
  id: z.number(),
  actor_id: z.number().nullable(),
  actor_email: z.string().nullable(),
  actor_role: z.string().nullable(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntryResponse = z.infer<typeof AuditEntryResponse>;

const dateField = (message: string) => isoDate(message).optional();

/** GET /api/admin/audit-log (and its CSV export): filters, newest first. */
export const AuditLogQuery = z
  .object({
    page: pageField({ min: 'Page must be 1 or more.' }),
    per_page: perPageField({ max: 'At most 100 per page.' }).default(50),
    /** An actor's id or email. */
    actor: z.string().trim().max(254).optional(),
    /** An action, or a prefix ending in "." (e.g. "admin."). */
    action: z
      .string()
      .trim()
      .max(100)
      .regex(/^[a-z0-9_.]*$/, 'Use lowercase letters, digits, dots and underscores.')
      .optional(),
    subject_type: z
      .string()
      .trim()
      .max(50)
      .regex(/^[a-z0-9_]*$/, 'Use lowercase letters, digits and underscores.')
      .optional(),
    subject_id: z.string().trim().max(100).optional(),
    from: dateField('Use a date as YYYY-MM-DD.'),
    to: dateField('Use a date as YYYY-MM-DD.'),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    path: ['to'],
    message: 'The end date must be on or after the start date.',
  });
export type AuditLogQuery = z.input<typeof AuditLogQuery>;

export const AuditLogResponse = z.object({ data: z.array(AuditEntryResponse), meta: ListMeta });
export type AuditLogResponse = z.infer<typeof AuditLogResponse>;
