import { z } from 'zod';
import { BankDetails, Deposit } from './deposits';
import { Withdrawal } from './withdrawals';

/**
 * A member cancels what is still pending (decision 174): a withdrawal (its hold released), a
 * bank-transfer deposit, or a loan application (withdrawn). Whoever comes first wins against the
 * back office's decision; the other gets a 409 saying what happened.
 */
export const CANCEL_MESSAGES = {
  withdrawalCancelled: 'Withdrawal cancelled. The amount is back in your balance.',
  depositCancelled: 'Deposit cancelled.',
  onlyBankTransfer: 'Only a pending bank-transfer deposit can be cancelled.',
  noBankDetails: 'Bank details are shown only for a pending bank-transfer deposit.',
  depositMatched:
    'Your transfer has reached our bank and is being confirmed, so this deposit can no longer be cancelled.',
} as const;

/** What a member may try to cancel, as a message names it. */
export type CancelSubject = 'withdrawal' | 'deposit' | 'loan application';

/**
 * The 409 a member reads when the item was decided first: "This withdrawal was already approved."
 * (a status in words: partially_paid → partially paid).
 */
export function alreadyDecidedMessage(subject: CancelSubject, status: string): string {
  return `This ${subject} was already ${status.replace(/_/g, ' ')}.`;
}

export const CancelWithdrawalResponse = z.object({ message: z.string(), withdrawal: Withdrawal });
export type CancelWithdrawalResponse = z.infer<typeof CancelWithdrawalResponse>;

export const CancelDepositResponse = z.object({ message: z.string(), deposit: Deposit });
export type CancelDepositResponse = z.infer<typeof CancelDepositResponse>;

/** GET /api/deposits/:id/bank-details: where to send a pending bank transfer, again. */
export const DepositBankDetailsResponse = z.object({ deposit: Deposit, bank_details: BankDetails });
export type DepositBankDetailsResponse = z.infer<typeof DepositBankDetailsResponse>;
