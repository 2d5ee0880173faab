import { z } from 'zod';
import { MAX_SAVED_DESTINATIONS, WITHDRAWAL_METHODS } from '../constants';
import { ASSET_NETWORKS, CRYPTO_ASSETS, CRYPTO_NETWORKS, type CryptoNetwork } from '../withdrawals';
import { ListMeta, moneyAmount, pageField, positiveId, requiredText } from './common';
import { AdminUserSummary } from './deposits';
import {
  AdminActor,
  QueueDecision,
  QueueMemberSummary,
  QueueTotals,
  REJECT_REASON_CODES,
  adminQueueQuery,
  queueRejectRequest,
} from './admin-queues';

/** Messages of the withdrawal API: the spec's (§5, §8) where it gives one, ours otherwise. */
export const WITHDRAWAL_MESSAGES = {
  invalidAmount: 'Please enter a valid withdrawal amount.',
  minimum: 'The minimum withdrawal is $1.00.',
  invalidMethod: 'Choose a withdrawal method.',
  destinationRequired: 'Withdrawal information is required.',
  submitted: 'Withdrawal request submitted successfully!',
  failed: 'Withdrawal failed.',
  insufficientFunds: 'Insufficient balance.',
  emailNotVerified: 'Please verify your email address first.',
  notFound: 'Withdrawal not found.',
  notPending: 'This withdrawal is no longer pending.',
  approved: 'Withdrawal approved.',
  rejected: 'Withdrawal rejected.',
  destinationNotFound: 'Saved destination not found.',
  destinationMethodMismatch: 'This saved destination does not match the withdrawal method.',
  destinationSaved: 'Destination saved.',
  destinationDeleted: 'Destination deleted.',
  destinationLimit: `You can save up to ${MAX_SAVED_DESTINATIONS} destinations. Delete one to save another.`,
  bankNameRequired: 'Bank name is required.',
  accountNameRequired: 'Account holder name is required.',
  accountNumberInvalid: 'Enter an account number of 4 to 34 letters or digits.',
  routingNumberInvalid: 'Enter a 9-digit routing number or an 8 or 11 character SWIFT/BIC code.',
  assetInvalid: 'Choose a supported asset.',
  networkInvalid: 'Choose a network this asset supports.',
  addressInvalid: 'This address is not valid for the chosen network.',
} as const;

export const MIN_WITHDRAWAL_CENTS = 100;
export const WITHDRAWAL_HISTORY_PAGE_SIZE = 10;
/**
 * Four eyes count what the member was paid over this many hours before a decision with the withdrawal
 * decided (decision 228): splitting an amount above the threshold does not take it past one admin.
 */
export const FOUR_EYES_WINDOW_HOURS = 24;

/** The start of the four-eyes window that ends at `now` (decisions 228, 235). */
export function fourEyesWindowStart(now: Date): Date {
  return new Date(now.getTime() - FOUR_EYES_WINDOW_HOURS * 60 * 60_000);
}

export const WithdrawalMethod = z.enum(WITHDRAWAL_METHODS, { error: WITHDRAWAL_MESSAGES.invalidMethod });
export type WithdrawalMethod = z.infer<typeof WithdrawalMethod>;

/**
 * POST /api/withdrawal. Output: amount in integer cents. With destination_id the saved destination
 * is used (its text replaces `destination`); `destination` is still required by the spec's form.
 */
export const CreateWithdrawalRequest = z.object({
  amount: moneyAmount({
    invalid: WITHDRAWAL_MESSAGES.invalidAmount,
    min: { cents: MIN_WITHDRAWAL_CENTS, message: WITHDRAWAL_MESSAGES.minimum },
  }),
  withdrawal_method: WithdrawalMethod,
  destination: requiredText(WITHDRAWAL_MESSAGES.destinationRequired, 500),
  destination_id: positiveId(WITHDRAWAL_MESSAGES.destinationNotFound).nullish(),
});
export type CreateWithdrawalRequest = z.input<typeof CreateWithdrawalRequest>;

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export const WithdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;

export const Withdrawal = z.object({
  id: z.number().int(),
  amount: z.number(),
  withdrawal_method: WithdrawalMethod,
  /** Masked: a bank account number shows only its last 4 characters. */
  destination: z.string(),
  status: WithdrawalStatus,
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;

export const CreateWithdrawalResponse = z.object({ message: z.string(), withdrawal: Withdrawal });
export type CreateWithdrawalResponse = z.infer<typeof CreateWithdrawalResponse>;

export const WithdrawalHistoryQuery = z.object({
  page: pageField(),
});
/** The spec's shape (§3): data, current_page, last_page; 10 per page. */
export const WithdrawalHistoryResponse = z.object({
  data: z.array(Withdrawal),
  current_page: z.number().int(),
  last_page: z.number().int(),
});
export type WithdrawalHistoryResponse = z.infer<typeof WithdrawalHistoryResponse>;

// ── Saved destinations (/withdrawal-methods) ─────────────────────────────────────────────────

const ADDRESS_PATTERNS: Record<CryptoNetwork, RegExp> = {
  // bech32 (bc1…, lowercase) or legacy base58 (1… / 3…).
  bitcoin: /^(bc1[ac-hj-np-z02-9]{11,71}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$/,
  erc20: /^0x[0-9a-fA-F]{40}$/,
  trc20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
};

/** Whether an address has the format of the network (format only; checksums are not verified). */
export function isValidCryptoAddress(network: CryptoNetwork, address: string): boolean {
  return ADDRESS_PATTERNS[network].test(address);
}

const label = z.string().trim().max(60, 'At most 60 characters.').nullish();

export const BankDestinationInput = z.object({
  kind: z.literal('bank'),
  label,
  bank_name: requiredText(WITHDRAWAL_MESSAGES.bankNameRequired, 120),
  account_name: requiredText(WITHDRAWAL_MESSAGES.accountNameRequired, 120),
  account_number: z
    .string({ error: WITHDRAWAL_MESSAGES.accountNumberInvalid })
    .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{4,34}$/, WITHDRAWAL_MESSAGES.accountNumberInvalid)),
  routing_number: z
    .string({ error: WITHDRAWAL_MESSAGES.routingNumberInvalid })
    .transform((value) => value.replace(/\s/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^(\d{9}|[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?)$/, WITHDRAWAL_MESSAGES.routingNumberInvalid),
    ),
  is_default: z.boolean().optional(),
});

export const CryptoDestinationInput = z
  .object({
    kind: z.literal('crypto'),
    label,
    asset: z
      .string({ error: WITHDRAWAL_MESSAGES.assetInvalid })
      .trim()
      .toUpperCase()
      .pipe(z.enum(CRYPTO_ASSETS, { error: WITHDRAWAL_MESSAGES.assetInvalid })),
    network: z
      .string({ error: WITHDRAWAL_MESSAGES.networkInvalid })
      .trim()
      .toLowerCase()
      .pipe(z.enum(CRYPTO_NETWORKS, { error: WITHDRAWAL_MESSAGES.networkInvalid })),
    address: z.string({ error: WITHDRAWAL_MESSAGES.addressInvalid }).trim().max(100),
    is_default: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (!ASSET_NETWORKS[value.asset].includes(value.network)) {
      ctx.addIssue({ code: 'custom', path: ['network'], message: WITHDRAWAL_MESSAGES.networkInvalid });
      return;
    }
    if (!isValidCryptoAddress(value.network, value.address)) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: WITHDRAWAL_MESSAGES.addressInvalid });
    }
  });

/** POST /api/withdrawal-destinations; PATCH /api/withdrawal-destinations/:id takes the same body (full replacement). */
export const DestinationRequest = z.discriminatedUnion(
  'kind',
  [BankDestinationInput, CryptoDestinationInput],
  {
    error: 'Choose bank or crypto.',
  },
);
export type DestinationRequest = z.input<typeof DestinationRequest>;

export const Destination = z.object({
  id: z.number().int(),
  kind: z.enum(['bank', 'crypto']),
  label: z.string().nullable(),
  bank_name: z.string().nullable(),
  account_name: z.string().nullable(),
  /** Masked in answers: '•••• 1234'. */
  account_number: z.string().nullable(),
  routing_number: z.string().nullable(),
  asset: z.string().nullable(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type Destination = z.infer<typeof Destination>;

export const DestinationListResponse = z.object({ data: z.array(Destination) });
export type DestinationListResponse = z.infer<typeof DestinationListResponse>;
export const DestinationResponse = z.object({ message: z.string(), destination: Destination });
export type DestinationResponse = z.infer<typeof DestinationResponse>;

// ── Admin ────────────────────────────────────────────────────────────────────────────────────

export const AdminWithdrawal = Withdrawal.extend({
  user: AdminUserSummary,
  /** The full destination, for the operator who pays it. */
  destination_full: z.string(),
  decided_at: z.string().nullable(),
  age_seconds: z.number().int(),
  /** Four eyes (decision 125): the first approval of a withdrawal above the threshold. */
  first_approval: z.object({ by: AdminActor, at: z.string() }).nullable(),
  awaiting_second_approval: z.boolean(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawal>;

export const AdminWithdrawalListQuery = adminQueueQuery(WithdrawalStatus);
export type AdminWithdrawalListQuery = z.input<typeof AdminWithdrawalListQuery>;
export const AdminWithdrawalListResponse = z.object({
  data: z.array(AdminWithdrawal),
  meta: ListMeta,
  totals: QueueTotals,
});
export type AdminWithdrawalListResponse = z.infer<typeof AdminWithdrawalListResponse>;
export const AdminWithdrawalActionResponse = z.object({ message: z.string(), withdrawal: AdminWithdrawal });
export type AdminWithdrawalActionResponse = z.infer<typeof AdminWithdrawalActionResponse>;

export const WithdrawalRejectRequest = queueRejectRequest(REJECT_REASON_CODES.withdrawals);
export type WithdrawalRejectRequest = z.input<typeof WithdrawalRejectRequest>;

/** GET /api/admin/withdrawals/:id: the withdrawal, its member's summary and the decision if any. */
export const AdminWithdrawalDetailResponse = z.object({
  withdrawal: AdminWithdrawal,
  member: QueueMemberSummary,
  decision: QueueDecision.nullable(),
  /**
   * Dollars: above this a withdrawal, with what the member was paid in the last
   * FOUR_EYES_WINDOW_HOURS, needs two admins (the setting, default 10,000).
   */
  four_eyes_threshold: z.number(),
  /** Dollars: the member's withdrawals paid in the last FOUR_EYES_WINDOW_HOURS (decision 228). */
  paid_last_day: z.number(),
  /** Approving it now records a first approval: a second, different admin's pays. */
  needs_second_approval: z.boolean(),
});
export type AdminWithdrawalDetailResponse = z.infer<typeof AdminWithdrawalDetailResponse>;
