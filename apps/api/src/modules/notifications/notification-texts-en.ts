import type { Texts } from './notification-texts';
import { KYC_NOTIFICATION_TEXTS } from './notification-texts-kyc';

/** Members' notifications in English (decision 162; the keys and rendering: notification-texts.ts). */
export const EN: Texts = {
  ...KYC_NOTIFICATION_TEXTS.en,
  deposit_confirmed: {
    title: () => 'Deposit confirmed',
    body: (p, f) => `Your deposit ${p.reference} of ${f.money(p.amount)} has been credited to your balance.`,
  },
  deposit_partially_paid: {
    title: () => 'Deposit partially received',
    body: (p, f) =>
      `We received part of your deposit ${p.reference}: ${f.money(p.credited)} of ${f.money(p.amount)} has been credited.`,
  },
  deposit_failed: {
    title: () => 'Deposit failed',
    body: (p, f) =>
      `Your deposit ${p.reference} of ${f.money(p.amount)} failed. Nothing was taken from your balance.`,
  },
  deposit_expired: {
    title: () => 'Deposit expired',
    body: (p, f) =>
      `Your deposit ${p.reference} of ${f.money(p.amount)} expired before a payment arrived. Nothing was taken from your balance.`,
  },
  deposit_rejected: {
    title: () => 'Deposit rejected',
    body: (p, f) =>
      `Your deposit ${p.reference} of ${f.money(p.amount)} was rejected${p.reason ? `: ${f.reason('deposits', p.reason)}` : ''}. Nothing was taken from your balance.`,
  },
  deposit_refunded: {
    title: () => 'Deposit reversed',
    body: (p, f) =>
      `The payment gateway reversed your deposit ${p.reference} of ${f.money(p.credited)} (a refund or a chargeback). ` +
      (p.owed === 0
        ? `${f.money(p.taken)} has been taken back from your balance.`
        : `${f.money(p.taken)} has been taken back from your balance; the remaining ${f.money(p.owed)} is owed and will be taken from the next money that reaches your balance.`),
  },
  deposit_refund_recovered: {
    title: () => 'Amount owed collected',
    body: (p, f) =>
      `${f.money(p.paid)} was taken from your balance towards what you owe for the reversed deposit ${p.reference}. ` +
      (p.outstanding === 0 ? 'Nothing more is owed for it.' : `${f.money(p.outstanding)} is still owed.`),
  },
  withdrawal_approved: {
    title: () => 'Withdrawal approved',
    body: (p, f) => `Your withdrawal of ${f.money(p.amount)} has been approved and is on its way.`,
  },
  balance_corrected: {
    title: () => 'Balance corrected',
    body: (p, f) =>
      p.amount >= 0
        ? `We credited ${f.money(p.amount)} to your balance: ${f.clause(p.reason)}.`
        : `We debited ${f.money(-p.amount)} from your balance: ${f.clause(p.reason)}.`,
  },
  withdrawal_rejected: {
    title: () => 'Withdrawal rejected',
    body: (p, f) =>
      `Your withdrawal of ${f.money(p.amount)} was rejected: ${f.reason('withdrawals', p.reason)}. The amount is back in your balance.`,
  },
  withdrawal_cancelled: {
    title: () => 'Withdrawal cancelled',
    body: (p, f) =>
      `You cancelled your withdrawal of ${f.money(p.amount)}. The amount is back in your balance.`,
  },
  withdrawal_cancelled_by_undo: {
    title: () => 'Withdrawal cancelled',
    body: (p, f) =>
      `Your withdrawal of ${f.money(p.amount)} was cancelled when the change of your email address was undone. The amount is back in your balance.`,
  },
  deposit_cancelled: {
    title: () => 'Deposit cancelled',
    body: (p, f) =>
      `You cancelled your deposit ${p.reference} of ${f.money(p.amount)}. Do not send a transfer with this reference.`,
  },
  loan_application_cancelled: {
    title: () => 'Loan application withdrawn',
    body: (p, f) => `You withdrew your application for ${f.money(p.amount)} from the ${p.plan} plan.`,
  },
  referral_reward: {
    title: () => 'You earned referral points',
    body: (p, f) =>
      `${p.username} made their first deposit: you earned ${f.number(p.points)} loyalty points.`,
  },
  referral_reward_reversed: {
    title: () => 'Referral points taken back',
    body: (p, f) =>
      `${p.username}'s first deposit was reversed by the payment gateway (a refund or a chargeback), so ` +
      (p.points === p.earned
        ? `the ${f.number(p.earned)} loyalty points it earned you have been taken back.`
        : `the loyalty points it earned you have been taken back: ${f.number(p.points)} of ${f.number(p.earned)}; the rest had already been redeemed.`),
  },
  plan_matured: {
    title: (p) => `${p.plan} has matured`,
    body: (p, f) =>
      `Your ${p.plan} plan has ended: ${f.money(p.amount)} is back in your balance, and it earned ${f.money(p.earned)}.`,
  },
  plan_rate_changed: {
    title: (p) => `New rate for ${p.plan}`,
    body: (p, f) =>
      `The rate of ${p.plan} changes from ${f.percent(p.apy_before)} to ${f.percent(p.apy_after)} for renewals from ${f.date(p.renewals_from)}; new investments get ${f.percent(p.apy_after)} from ${f.date(p.changed_on)}.` +
      (p.locked_before === p.locked_after
        ? ''
        : ` The locked rate changes from ${f.percent(p.locked_before)} to ${f.percent(p.locked_after)} on the same dates.`),
  },
  plan_renewal_notice: {
    title: (p) => `${p.plan} will renew soon`,
    body: (p, f) =>
      (p.reinvesting
        ? `Your ${p.plan} plan, now ${f.money(p.amount)} with its reinvested earnings, ends on ${f.date(p.ends)} and will renew for the same term at ${f.number(p.rate_bps / 100)}% a year with all it holds then` +
          (p.with_earnings ? ', and any earnings it paid to your balance.' : '.')
        : `Your ${p.plan} plan of ${f.money(p.amount)} ends on ${f.date(p.ends)} and will renew for the same term at ${f.number(p.rate_bps / 100)}% a year` +
          (p.with_earnings ? ', with its earnings added.' : '; its earnings stay in your balance.')) +
      ' You can change this in your portfolio until then.',
  },
  plan_renewed: {
    title: (p) => `${p.plan} has renewed`,
    body: (p, f) =>
      `Your plan has ended and renewed: ${f.money(p.amount)} is invested in ${p.plan} at ${f.number(p.rate_bps / 100)}% a year until ${f.date(p.ends)}. It earned ${f.money(p.earned)} in the last term.`,
  },
  loan_approved: {
    title: () => 'Loan approved',
    body: (p, f) =>
      `Your loan of ${f.money(p.amount)} from the ${p.plan} plan has been approved and paid into your balance.`,
  },
  loan_rejected: {
    title: () => 'Loan application rejected',
    body: (p, f) =>
      `Your application for a loan of ${f.money(p.amount)} from the ${p.plan} plan was rejected: ${f.reason('loan_applications', p.reason)}.`,
  },
  loan_completed: {
    title: () => 'Loan repaid',
    body: (p, f) => `Your loan of ${f.money(p.amount)} from the ${p.plan} plan is fully repaid. Thank you!`,
  },
  loan_payment_missed: {
    title: () => 'Loan payment not collected in full',
    body: (p, f) =>
      `We could not collect your loan instalment of ${f.money(p.amount)} due ${f.date(p.due)} in full. Please add money to your balance: we try again every day, and the loan shows as overdue until it is paid.`,
  },
  goal_completed: {
    title: () => 'Goal reached',
    body: (p, f) =>
      `Your goal “${p.goal}” has reached its target of ${f.money(p.target)}. Its plans run on as they are, and no more contributions are taken.`,
  },
  goal_skipped_plan_closed: {
    title: () => 'Goal contribution skipped',
    body: (p, f) =>
      `We could not invest for your goal “${p.goal}” on ${f.date(p.due)}: its plan ${p.plan} is closed for investment.`,
  },
  goal_skipped_low_balance: {
    title: () => 'Goal contribution skipped',
    body: (p, f) =>
      `We could not invest ${f.money(p.amount)} for your goal “${p.goal}” on ${f.date(p.due)}: your balance was too low. We try again next period.`,
  },
  goal_off_track: {
    title: () => 'Goal behind schedule',
    body: (p, f) =>
      `Your goal “${p.goal}” is projected at ${f.money(p.projected)} on ${f.date(p.date)}, short of its target of ${f.money(p.target)}. Contributing ${f.money(p.suggested)} each period would put it back on track.`,
  },
  goal_off_track_late: {
    title: () => 'Goal behind schedule',
    body: (p, f) =>
      `Your goal “${p.goal}” will not reach ${f.money(p.target)} by ${f.date(p.date)}: it is projected at ${f.money(p.projected)}.`,
  },
};
