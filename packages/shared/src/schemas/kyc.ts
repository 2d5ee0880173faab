import { z } from 'zod';
import { KYC_DOCUMENT_TYPES, KYC_SIDES } from '../kyc';
import { isoDate, perPageField, positiveId } from './common';

/** Identity verification (issue 37 item 1, decisions 180 and 181). */
export const KYC_MESSAGES = {
  uploaded: 'Document uploaded.',
  submitted: 'Documents submitted for review.',
  approved: 'Identity verification approved.',
  rejected: 'Identity verification rejected.',
  notFound: 'Document not found.',
  storageUnavailable: 'Documents cannot be stored or read right now. Please try again later.',
  verificationNotFound: 'No identity verification to review.',
  notSubmitted: 'This verification is not waiting for review.',
  alreadySubmitted: 'Your documents are already under review.',
  alreadyApproved: 'Your identity is already verified.',
  sideInvalid: 'Choose which document this is.',
  emptyFile: 'The file is empty.',
  tooLarge: 'The file is larger than 5 MB.',
  typeNotAllowed: 'Upload a PDF, JPEG or PNG file.',
  fileNameInvalid: 'The file name must not contain a path.',
  documentTypeInvalid: 'Choose the type of identity document.',
  expiryInvalid: 'Enter the document’s expiry date; it must be in the future.',
  frontMissing: 'Upload the front of your identity document.',
  backMissing: 'Upload the back of your identity document.',
  addressMissing: 'Upload a proof of address.',
  reasonRequired: 'Give the member a reason they can act on.',
  verificationRequired: 'Verify your identity before this withdrawal.',
  verificationRequiredCounted:
    'Verify your identity before this withdrawal: with your withdrawals under review and those paid in the last 24 hours, it comes to more than the limit.',
  verificationLapsed:
    'This withdrawal needs the member’s identity verified, and it is not verified now: reject it, or approve it once they are verified.',
  limitInvalid: 'Enter a whole number of dollars (0 or more), or leave empty.',
  cursorInvalid: 'This list position is not valid; load the list from the start.',
} as const;

export const KYC_STATUSES = ['not_started', 'submitted', 'approved', 'rejected', 'expired'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
export const KYC_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type KycMime = (typeof KYC_MIME_TYPES)[number];
/** The largest file a member may upload. */
export const KYC_MAX_BYTES = 5 * 1024 * 1024;

export const KycSideParams = z.object({ side: z.enum(KYC_SIDES, { error: KYC_MESSAGES.sideInvalid }) });
export const KycUploadQuery = z.object({
  file_name: z
    .string()
    .max(200, KYC_MESSAGES.fileNameInvalid)
    .refine((name) => !/[\\/]|\.\.|\0/u.test(name), KYC_MESSAGES.fileNameInvalid)
    .optional(),
});

export const KycDocument = z.object({
  id: z.number().int(),
  side: z.enum(KYC_SIDES),
  mime: z.enum(KYC_MIME_TYPES),
  size: z.number().int(),
  created_at: z.string(),
});
export type KycDocument = z.infer<typeof KycDocument>;

export const KycWithdrawalLimit = z.object({
  /** Dollars: withdrawals above this need an approved verification; 0: every withdrawal; null: none. */
  threshold: z.number().int().nullable(),
});

export const KycState = z.object({
  status: z.enum(KYC_STATUSES),
  document_type: z.enum(KYC_DOCUMENT_TYPES).nullable(),
  document_expires_on: z.string().nullable(),
  reason: z.string().nullable(),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  drafts: z.array(KycDocument),
  withdrawal_limit: KycWithdrawalLimit,
});
export type KycState = z.infer<typeof KycState>;
export const KycStateResponse = z.object({ kyc: KycState });
export type KycStateResponse = z.infer<typeof KycStateResponse>;
export const KycUploadResponse = z.object({ message: z.string(), document: KycDocument });
export type KycUploadResponse = z.infer<typeof KycUploadResponse>;
export const KycActionResponse = z.object({ message: z.string(), kyc: KycState });
export type KycActionResponse = z.infer<typeof KycActionResponse>;

export const KycSubmitRequest = z.object({
  document_type: z.enum(KYC_DOCUMENT_TYPES, { error: KYC_MESSAGES.documentTypeInvalid }),
  // A real calendar day (2030-02-31 is none), within the dates the database keeps.
  document_expires_on: isoDate(KYC_MESSAGES.expiryInvalid).nullable().optional(),
});
export type KycSubmitRequest = z.infer<typeof KycSubmitRequest>;

export const AdminKycItem = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  status: z.enum(KYC_STATUSES),
  document_type: z.enum(KYC_DOCUMENT_TYPES),
  document_expires_on: z.string().nullable(),
  reason: z.string().nullable(),
  submitted_at: z.string(),
  decided_at: z.string().nullable(),
});
export type AdminKycItem = z.infer<typeof AdminKycItem>;
/**
 * Where a page of the queue starts: the last row's submission time (ISO, milliseconds) and member id,
 * `2026-03-14T09:12:00.000Z_42` — the keyset (submitted_at, user_id) the list is ordered by.
 */
const KYC_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([1-9]\d{0,9})$/u;
export function parseKycCursor(cursor: string): { submittedAt: Date; userId: number } | null {
  const match = KYC_CURSOR.exec(cursor);
  if (!match) return null;
  const submittedAt = new Date(match[1]!);
  const userId = Number(match[2]);
  if (Number.isNaN(submittedAt.getTime()) || submittedAt.toISOString() !== match[1]) return null;
  return userId <= 2_147_483_647 ? { submittedAt, userId } : null;
}
export const kycCursor = (row: { submitted_at: string; user_id: number }): string =>
  `${new Date(row.submitted_at).toISOString()}_${row.user_id}`;

export const AdminKycListQuery = z.object({
  status: z.enum(['submitted', 'approved', 'rejected']).default('submitted'),
  /** The `next_cursor` of the page before; none for the first page. */
  cursor: z
    .string()
    .max(64, KYC_MESSAGES.cursorInvalid)
    .refine((value) => parseKycCursor(value) !== null, KYC_MESSAGES.cursorInvalid)
    .optional(),
  per_page: perPageField().default(50),
});
export type AdminKycListQuery = z.infer<typeof AdminKycListQuery>;
/** A page of the queue, oldest first; `next_cursor` starts the next page, null on the last one. */
export const AdminKycListResponse = z.object({
  data: z.array(AdminKycItem),
  next_cursor: z.string().nullable(),
});
export type AdminKycListResponse = z.infer<typeof AdminKycListResponse>;
/** One verification as the reviewer sees it: the documents and the member's profile beside them. */
export const AdminKycDetailResponse = z.object({
  item: AdminKycItem,
  documents: z.array(KycDocument),
  profile: z.record(z.string(), z.string().nullable()),
});
export type AdminKycDetailResponse = z.infer<typeof AdminKycDetailResponse>;
export const AdminKycRejectRequest = z.object({
  reason: z.string().trim().min(1, KYC_MESSAGES.reasonRequired).max(500),
});
export const AdminKycActionResponse = z.object({ message: z.string(), item: AdminKycItem });
export type AdminKycActionResponse = z.infer<typeof AdminKycActionResponse>;
export const KycUserParams = z.object({ userId: positiveId() });
