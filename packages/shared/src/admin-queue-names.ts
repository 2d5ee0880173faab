// The back office's approval queues and the reasons an operator picks when rejecting: plain
// constants without zod, so that a member page that says a reason in the reader's language loads no
// schema library (the schemas in schemas/admin-queues.ts re-export them).

/** The back office's approval queues (issue 15 item 2, decisions 125–126). */
export const ADMIN_QUEUES = ['deposits', 'withdrawals', 'loan_applications'] as const;
export type AdminQueue = (typeof ADMIN_QUEUES)[number];

/**
 * The reasons an operator picks from when rejecting, per queue; the free text is added after the
 * chosen reason's label and the member reads both ("Funds not received — no transfer with this
 * reference arrived").
 */
export const QUEUE_REJECT_REASONS = {
  deposits: {
    funds_not_received: 'Funds not received',
    amount_mismatch: 'Amount does not match the transfer',
    reference_missing: 'Reference missing or wrong',
    sender_mismatch: 'Sender name does not match the account',
    other: 'Other',
  },
  withdrawals: {
    destination_invalid: 'Destination details are not valid',
    verification_needed: 'Identity verification needed',
    unusual_activity: 'Unusual activity on the account',
    other: 'Other',
  },
  loan_applications: {
    affordability: 'Repayments would not be affordable',
    account_history: 'Not enough account history',
    profile_incomplete: 'Profile incomplete',
    other: 'Other',
  },
} as const satisfies Record<AdminQueue, Record<string, string>>;
