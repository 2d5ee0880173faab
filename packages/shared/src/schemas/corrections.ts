import { z } from 'zod';
import { ListMeta, PageQuery, moneyAmount, positiveId } from './common';

/** Balance corrections (issue 37 item 2, decision 182): messages of the API and the back office. */
export const CORRECTION_MESSAGES = {
  invalidAmount: 'Enter an amount in dollars, e.g. 100 or 99.50.',
  invalidDirection: 'Choose credit or debit.',
  memberReasonRequired: 'Please give the reason the member will see.',
  noteRequired: 'Please give an internal note.',
  referenceRequired: 'Please give a reference (a ticket or a gateway id).',
  tooLong: 'At most 500 characters.',
  memberNotFound: 'Member not found.',
  notFound: 'Correction not found.',
  notPending: 'This correction has already been decided.',
  ownCorrection: 'A correction must be approved by a different admin than the one who proposed it.',
  notProposer: 'Only the admin who proposed a correction can withdraw it.',
  wouldOverdraw: "This debit would take the member's cash balance below zero; nothing was moved.",
  closedAccount:
    'This account is closed: nobody could withdraw a credit to it. Only a debit can be proposed.',
  proposed: 'Correction proposed: a second admin must approve it.',
  approved: 'Correction approved and posted.',
  rejected: 'Correction rejected.',
  withdrawn: 'Correction withdrawn.',
} as const;

const M = CORRECTION_MESSAGES;
const text = (required: string, max = 500) =>
  z.string({ error: required }).trim().min(1, required).max(max, M.tooLong);

export const CORRECTION_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;

/** POST /api/admin/corrections: a proposal; the amount in dollars (output cents). */
export const CorrectionProposeRequest = z.object({
  user_id: positiveId(M.memberNotFound),
  direction: z.enum(['credit', 'debit'], { error: M.invalidDirection }),
  amount: moneyAmount({ invalid: M.invalidAmount }),
  member_reason: text(M.memberReasonRequired, 200),
  note: text(M.noteRequired),
  reference: text(M.referenceRequired, 120),
});
export type CorrectionProposeRequest = z.input<typeof CorrectionProposeRequest>;

/** POST /api/admin/corrections/:id/reject and /withdraw: why (kept in the audit). */
export const CorrectionDecisionRequest = z.object({ reason: text('Please give a reason.') });
export type CorrectionDecisionRequest = z.input<typeof CorrectionDecisionRequest>;

export const CorrectionListQuery = PageQuery.extend({
  status: z.enum(CORRECTION_STATUSES).optional(),
  user_id: positiveId().optional(),
});

export const AdminCorrection = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  member_email: z.string(),
  direction: z.enum(['credit', 'debit']),
  /** Dollars. */
  amount: z.number(),
  member_reason: z.string(),
  note: z.string(),
  reference: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  proposed_by: z.number().int().nullable(),
  /** The proposing admin's address (null once that account is gone). */
  proposed_by_email: z.string().nullable(),
  decided_by: z.number().int().nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  entry_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type AdminCorrection = z.infer<typeof AdminCorrection>;

export const CorrectionListResponse = z.object({ data: z.array(AdminCorrection), meta: ListMeta });
export const CorrectionActionResponse = z.object({ message: z.string(), correction: AdminCorrection });
export type CorrectionListResponse = z.infer<typeof CorrectionListResponse>;
export type CorrectionActionResponse = z.infer<typeof CorrectionActionResponse>;
