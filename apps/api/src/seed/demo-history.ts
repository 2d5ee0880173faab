import type { DbOrTx, UserRow } from '@app/db';
import type { AppDeps } from '../deps';
import { FixedClock } from '../clock';
import { sandboxNowPaymentsIpn } from '../integrations/payments/sandbox';
import { createAccount, findUserById } from '../modules/auth/account.service';
import { createDeposit, seedConfirmedDeposit } from '../modules/deposits/deposits.service';
import { handleNowPaymentsIpn } from '../modules/deposits/webhooks.service';
import { runGoalContributions } from '../modules/goals/goal-contributions.service';
import { saveGoal } from '../modules/goals/goal-lifecycle.service';
import { runAccruals } from '../modules/investing/accrual.service';
import { invest, lockUserPlan } from '../modules/investing/investing.service';
import { listPlans } from '../modules/plans/plans.service';
import { updateProfile } from '../modules/profile/profile.service';
import { adminApproveWithdrawal } from '../modules/admin/queues/withdrawals.queue';
import { createWithdrawal } from '../modules/withdrawals/withdrawals.service';

const DAY_MS = 86_400_000;

/** A withdrawal the demo member asks for, as no session (the seed signs nobody in). */
type Ask = Parameters<typeof createWithdrawal>;
const withdraw = (deps: Ask[0], user: Ask[1], input: Ask[2]) => createWithdrawal(deps, user, input, null);

/** How far back the demo member's history starts. */
export const DEMO_HISTORY_DAYS = 90;

/** What the demo member holds, in the order it happened (the README lists the same). */
export const DEMO_HISTORY = {
  bankDepositCents: 10_000_00,
  gatewayDepositCents: 2_500_00,
  /** Flexible plan, earning daily all along. */
  starterCents: 2_000_00,
  /** Six-month plan, locked a week later for the higher rate. */
  growthCents: 5_000_00,
  /** One-week plan, completed (principal and earnings back in cash). */
  fixedSavingsCents: 1_000_00,
  /** The referred friend's first deposit: the referrer gets min(5000, whole dollars) points. */
  friendDepositCents: 250_00,
  approvedWithdrawalCents: 300_00,
  pendingWithdrawalCents: 150_00,
  /** A savings goal made on day 30 on Starter: one $100 unit at once, then one a month by the job. */
  goal: { name: 'Emergency fund', targetCents: 3_000_00, frequency: 'monthly' },
} as const;

export interface DemoHistoryResult {
  depositIds: number[];
  friendId: number;
  seconds: number;
}

/**
 * The seed's own clock, starting DEMO_HISTORY_DAYS before `end`, the services' deps on it, and the
 * jobs it runs at each of its moments.
 */
function seedTimeline(deps: AppDeps, member: UserRow, end: Date) {
  const clock = new FixedClock(new Date(end.getTime() - DEMO_HISTORY_DAYS * DAY_MS));
  const at: AppDeps = { ...deps, clock };
  return {
    clock,
    at,
    day: (n: number) => clock.set(new Date(end.getTime() - (DEMO_HISTORY_DAYS - n) * DAY_MS)),
    /** Credits every accrual due by the seed clock's now (the job's own catch-up). */
    accrue: () => runAccruals({ database: deps.database, mailer: deps.mailer }, clock.now()),
    /** Invests each goal's unit due by the seed clock's now (the contribution job). */
    contribute: () => runGoalContributions({ database: deps.database, mailer: deps.mailer }, clock.now()),
    /** The member as stored now (balances and settings move as the history is written). */
    fresh: async () => (await findUserById(deps.database.db, member.id)) ?? member,
  };
}

/** A deposit through the gateway's checkout, paid by its signed IPN (sandbox payments only). */
async function gatewayDeposit(at: AppDeps, member: UserRow): Promise<number> {
  const created = await createDeposit(at, member, {
    amount: DEMO_HISTORY.gatewayDepositCents,
    payment_method: 'nowpayment',
    currency: 'btc',
  });
  const ipn = sandboxNowPaymentsIpn(
    {
      id: created.deposit.id,
      amountCents: DEMO_HISTORY.gatewayDepositCents,
      currency: 'btc',
      invoiceId: `sandbox-nowpayments-${created.deposit.id}`,
      buyerEmail: member.email,
    },
    'finished',
    at.payments.secrets.nowpaymentsIpnSecret,
  );
  await handleNowPaymentsIpn(at, ipn.body, ipn.headers['x-nowpayments-sig']);
  return created.deposit.id;
}

/** The friend the member referred, signed up with the member's referral code. */
function createFriend(db: DbOrTx, member: UserRow, now: Date): Promise<UserRow> {
  return createAccount(
    db,
    {
      username: `${member.username}_friend`,
      email: `friend.of.${member.email}`,
      password: `${crypto.randomUUID()}Aa1!`,
      account_type: 'personal',
      business_name: null,
      business_email: null,
      referral_source: null,
      referral_code: member.referralCode,
    },
    now,
    { verified: true },
  );
}

/**
 * A complete profile through the profile service (checked per country and sealed like any member's),
 * so /profile shows it and the dashboard's account setup banner is done.
 */
async function completeProfile(at: AppDeps, member: UserRow): Promise<void> {
  await updateProfile(
    at,
    member,
    {
      country: 'DE',
      first_name: 'Demo',
      last_name: 'Member',
      address: 'Friedrichstraße 100',
      city: 'Berlin',
      postal_code: '10117',
      phone: '+49 30 901820',
      employment_status: 'Employed',
      source_of_funds: 'Salary',
      source_of_crypto: 'Exchange',
      industry: 'Tech',
      total_wealth: '$10,000 - $50,000',
    },
    { ip: '127.0.0.1', userAgent: null },
  );
}

/** The catalogue's plan ids by name; a name not in the catalogue stops the seed. */
async function catalogueIds(db: DbOrTx): Promise<(name: string) => number> {
  const plans = await listPlans(db);
  return (name) => {
    const plan = plans.find((candidate) => candidate.name === name);
    if (!plan) throw new Error(`demo history: plan ${name} is not in the catalogue`);
    return plan.id;
  };
}

/**
 * Three months of a member's life, written through the same services as real use (deposits, the
 * signed gateway IPN, investing, locking, the accrual job, withdrawals and an admin's approval), each
 * at its own moment of a clock that starts DEMO_HISTORY_DAYS ago. The earnings of the back-dated days
 * are credited by the accrual job's set-based batches, so the whole history takes a few statements per
 * day rather than per entry. Needs the sandbox payments mode for the gateway deposit (it is left out
 * otherwise) and an admin to approve a withdrawal (both stay pending without one).
 */
export async function seedDemoHistory(
  deps: AppDeps,
  member: UserRow,
  admin: UserRow | null,
): Promise<DemoHistoryResult> {
  const started = performance.now();
  const end = deps.clock.now();
  const { clock, at, day, accrue, contribute, fresh } = seedTimeline(deps, member, end);
  const contributeDaily = async (from: number, to: number) => {
    for (let n = from; n <= to; n += 1) {
      day(n);
      await contribute();
    }
  };
  const { db } = deps.database;
  const depositIds: number[] = [];

  day(0);
  depositIds.push((await seedConfirmedDeposit(at, member, DEMO_HISTORY.bankDepositCents)).id);

  day(2);
  if (deps.payments.mode === 'sandbox') depositIds.push(await gatewayDeposit(at, member));

  const planId = await catalogueIds(db);

  day(3);
  await invest(at, member, { plan_id: planId('Starter'), amount: DEMO_HISTORY.starterCents });
  const growth = await invest(at, member, { plan_id: planId('Growth'), amount: DEMO_HISTORY.growthCents });

  day(5);
  await accrue();
  await invest(at, member, { plan_id: planId('Fixed Savings 7'), amount: DEMO_HISTORY.fixedSavingsCents });

  day(10);
  await accrue();
  // The one-week term ends on day 12: its principal comes back that day, as the daily job would.
  day(12);
  await accrue();
  await lockUserPlan(at, member.id, growth.plan.id);

  day(20);
  await accrue();
  const friend = await createFriend(db, member, clock.now());
  await seedConfirmedDeposit(at, friend, DEMO_HISTORY.friendDepositCents);

  day(30);
  await accrue();
  await saveGoal(at, await fresh(), {
    name: DEMO_HISTORY.goal.name,
    target_amount: DEMO_HISTORY.goal.targetCents,
    target_frequency: DEMO_HISTORY.goal.frequency,
    target_date: null,
    plan_id: planId('Starter'),
  });
  // From here the contribution job runs every day, as it does in production, so each monthly unit is
  // invested on its own due day (a run every few days would take it late).
  await contributeDaily(31, 40);

  day(40);
  await accrue();
  const paid = await withdraw(at, await fresh(), {
    amount: DEMO_HISTORY.approvedWithdrawalCents,
    withdrawal_method: 'bank_transfer',
    destination: 'Demo Bank · account ending 4321',
  });
  day(41);
  if (admin) await adminApproveWithdrawal(at, admin, paid.withdrawal.id, '127.0.0.1');

  await contributeDaily(41, 60);
  day(60);
  await accrue();
  await contributeDaily(61, DEMO_HISTORY_DAYS - 2);

  day(DEMO_HISTORY_DAYS - 2);
  await accrue();
  await withdraw(at, await fresh(), {
    amount: DEMO_HISTORY.pendingWithdrawalCents,
    withdrawal_method: 'crypto',
    destination: 'bc1qdemo0000000000000000000000000000000',
  });

  await contributeDaily(DEMO_HISTORY_DAYS - 1, DEMO_HISTORY_DAYS - 1);

  // Up to the real now: the last days' earnings.
  clock.set(end);
  await accrue();
  await contribute();
  await completeProfile(at, await fresh());

  return { depositIds, friendId: friend.id, seconds: (performance.now() - started) / 1000 };
}
