import { z } from 'zod';
import { TwoFactorToken } from './auth';

/**
 * An expired crypto deposit may still be paid at the gateway and is then credited (a late payment);
 * an account is not closed while one of its deposits opened this recently could still arrive.
 */
export const DEPOSIT_LATE_PAYMENT_DAYS = 7;

/** Closing an account (decision 177): each refusal says why and what to do first. */
export const ACCOUNT_MESSAGES = {
  passwordRequired: 'Enter your password.',
  passwordIncorrect: 'The password is incorrect.',
  codeRequired: 'Two-factor authentication is on: enter a code from your authenticator app.',
  codeInvalid: 'The two-factor code is not valid.',
  balanceLeft: 'Your account still holds a cash balance. Withdraw it before closing the account.',
  pointsLeft:
    'You still have loyalty points worth money. Redeem them into your balance and withdraw it, then try again.',
  balanceOwed:
    'Your account owes money. Deposit enough to bring the balance to zero before closing the account.',
  openPlan:
    'You have an open investment plan. Wait until it ends and its money is back in your balance, then withdraw it.',
  openFlexiblePlan:
    'You have an open flexible plan. Withdraw it under Manage on My Active & Completed Plans (a savings goal’s plan: delete the goal first), then withdraw your balance.',
  pendingWithdrawal:
    'A withdrawal is waiting for a decision. Wait until it is paid or rejected, then try again.',
  pendingDeposit:
    'A deposit is waiting to be confirmed. Wait until it is confirmed or expires, then try again.',
  latePayment:
    'A crypto deposit that expired unpaid can still be paid for 7 days after it was opened. Try again once they have passed.',
  outstandingLoan:
    'You have a loan to repay or a loan application waiting. Repay the loan, or wait for the decision, first.',
  closed: 'Your account is closed. Every session has ended; thank you for being with us.',
  closedSmallBalance:
    'Your account is closed. What was left, under the $1.00 minimum withdrawal, stays on record in your name: write to support to have it paid. Every session has ended; thank you for being with us.',
} as const;

/** POST /api/account/close: the password, and a 2FA code when 2FA is on. */
export const CloseAccountRequest = z.object({
  password: z.string({ error: ACCOUNT_MESSAGES.passwordRequired }).min(1, ACCOUNT_MESSAGES.passwordRequired),
  code: TwoFactorToken.optional(),
});
export type CloseAccountRequest = z.input<typeof CloseAccountRequest>;

export const CloseAccountResponse = z.object({
  message: z.string(),
  closed_at: z.string(),
  /** The personal data stays sealed until then, and is erased after it. */
  retain_until: z.string(),
});
export type CloseAccountResponse = z.infer<typeof CloseAccountResponse>;
