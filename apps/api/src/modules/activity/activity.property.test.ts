import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type {
  ActivityItem,
  ActivityResponse,
  CreateDepositResponse,
  CreateWithdrawalResponse,
  GoalResponse,
  InvestResponse,
  UserResponse,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { signIn } from '../../../test/accounts';
import { referredMember, signedInAdmin, signedInMember, type Member } from '../../../test/money';
import { createPlan } from '../../../test/investing';
import { applyFor, approve, createLoanPlan } from '../../../test/loans';
import { checkLedger } from '../../ledger/check';

// Decision 158: whatever a member does with their money, their Activity adds up to their balance,
// and each row's balance after is the running sum of the rows before it. A random sequence of every
// money operation per run, a fresh member per run, one database for the file.

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '1000000' });
const plan = await createPlan(app, { durationDays: 30, minAmountCents: 10_00 });
const goalPlan = await createPlan(app, { durationDays: 365, minAmountCents: 10_00 });

type Op =
  | { op: 'deposit' | 'pending' | 'failed' | 'withdraw' | 'invest' | 'goal' | 'loan'; cents: number }
  | { op: 'decide'; approve: boolean }
  | { op: 'withdrawPlan' | 'repay' | 'points' }
  | { op: 'advance'; days: number };

const cents = fc.integer({ min: 10_00, max: 500_00 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constantFrom('deposit' as const, 'pending' as const, 'failed' as const), cents }),
  fc.record({ op: fc.constantFrom('withdraw' as const, 'goal' as const), cents }),
  // Large enough to earn a cent a day at 12%.
  fc.record({ op: fc.constant('invest' as const), cents: fc.integer({ min: 400_00, max: 1_000_00 }) }),
  fc.record({ op: fc.constant('loan' as const), cents: fc.integer({ min: 100_00, max: 1_000_00 }) }),
  fc.record({ op: fc.constant('decide' as const), approve: fc.boolean() }),
  fc.record({ op: fc.constantFrom('withdrawPlan' as const, 'repay' as const) }),
  fc.record({ op: fc.constant('points' as const) }),
  fc.record({ op: fc.constant('advance' as const), days: fc.constantFrom(1, 2, 31) }),
);

const referred = (code: string): Promise<Member> => referredMember(app, code, 'act');

/** A member's whole Activity, newest first (every page). */
async function activityOf(member: Member): Promise<ActivityItem[]> {
  const rows: ActivityItem[] = [];
  for (let page = 1; ; page += 1) {
    const response = await member.client.get(`/api/activity?per_page=100&page=${page}`, {
      token: member.token,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ActivityResponse>();
    rows.push(...body.data);
    if (page >= body.meta.total_pages) return rows;
  }
}

const toCents = (major: number) => Math.round(major * 100);

/** One run's member, and the objects its operations act on next. */
interface Run {
  member: Member;
  friend: Member | null;
  withdrawals: number[];
  plans: number[];
  loans: number[];
  goals: number[];
}

async function deposit(member: Member, amount: number, pay: 'pay' | 'cancel' | null) {
  const created = await member.client.post(
    '/api/deposit',
    { amount: amount / 100, payment_method: 'nowpayment' },
    { token: member.token },
  );
  expect(created.statusCode, created.body).toBe(201);
  if (!pay) return;
  const { deposit: row } = created.json<CreateDepositResponse>();
  const answer = await member.client.post(
    `/api/sandbox/checkout/${row.id}/${pay}`,
    {},
    { token: member.token },
  );
  expect(answer.statusCode, answer.body).toBe(200);
}

async function apply(run: Run, op: Op): Promise<void> {
  const { member } = run;
  const post = (url: string, body?: unknown) => member.client.post(url, body, { token: member.token });
  switch (op.op) {
    case 'deposit':
      return deposit(member, op.cents, 'pay');
    case 'pending':
      return deposit(member, op.cents, null);
    case 'failed':
      return deposit(member, op.cents, 'cancel');
    case 'withdraw': {
      const answer = await post('/api/withdrawal', {
        amount: op.cents / 100,
        withdrawal_method: 'crypto',
        destination: 'wallet',
      });
      expect([201, 422]).toContain(answer.statusCode);
      if (answer.statusCode === 201)
        run.withdrawals.push(answer.json<CreateWithdrawalResponse>().withdrawal.id);
      return;
    }
    case 'decide': {
      const id = run.withdrawals.shift();
      if (id === undefined) return;
      const admin = await signedInAdmin(app);
      const answer = await admin.client.post(
        `/api/admin/withdrawals/${id}/${op.approve ? 'approve' : 'reject'}`,
        op.approve ? {} : { reason: 'property test' },
        { token: admin.token },
      );
      expect(answer.statusCode, answer.body).toBe(200);
      return;
    }
    case 'invest': {
      const answer = await post('/api/invest', { plan_id: plan.id, amount: op.cents / 100 });
      expect([201, 422]).toContain(answer.statusCode);
      if (answer.statusCode === 201) run.plans.push(answer.json<InvestResponse>().plan.id);
      return;
    }
    case 'withdrawPlan': {
      const id = run.plans.shift();
      if (id === undefined) return;
      const answer = await post(`/api/pp/${id}/withdraw`);
      expect(answer.statusCode, answer.body).toBeLessThan(500);
      return;
    }
    case 'goal': {
      // A daily goal: its first unit at once (an investment), the next one a day later (the job).
      const answer = await post('/api/goals', {
        plan_id: goalPlan.id,
        name: 'Trip',
        target_amount: (op.cents * 3) / 100,
        target_frequency: 'daily',
      });
      expect([201, 422]).toContain(answer.statusCode);
      if (answer.statusCode === 201) run.goals.push(answer.json<GoalResponse>().goal.id);
      return apply(run, { op: 'advance', days: 1 });
    }
    case 'loan': {
      const loanPlan = await createLoanPlan(app);
      const application = await applyFor(member, loanPlan.id, op.cents / 100, 3);
      const decided = await approve(await signedInAdmin(app), application.id);
      if (decided.application.loan_id !== null) run.loans.push(decided.application.loan_id);
      return;
    }
    case 'repay': {
      const id = run.loans.shift();
      if (id === undefined) return;
      const answer = await post(`/api/loans/${id}/repay`);
      expect(answer.statusCode, answer.body).toBeLessThan(500);
      return;
    }
    case 'points': {
      // A referred friend's first deposit earns the member points; the member converts them.
      run.friend ??= await referred(member.user.referralCode);
      await deposit(run.friend, 50_00, 'pay');
      const answer = await post('/api/convert-points');
      expect([200, 422]).toContain(answer.statusCode);
      return;
    }
    case 'advance': {
      clock.advance(op.days * 86_400_000);
      // Every job at the new instant (accruals, maturities, goal units, loan instalments).
      const jobs = await app.inject({ method: 'POST', url: '/api/dev/clock', payload: {} });
      expect(jobs.statusCode).toBe(200);
      // Sessions end after 30 idle days.
      member.token = await signIn(member.client, member.email);
      if (run.friend) run.friend.token = await signIn(run.friend.client, run.friend.email);
    }
  }
}

/** One sequence of every operation, run before the random ones, so every kind of row is seen. */
const EVERY_OPERATION: Op[] = [
  { op: 'pending', cents: 20_00 },
  { op: 'failed', cents: 30_00 },
  { op: 'withdraw', cents: 40_00 },
  { op: 'decide', approve: false },
  { op: 'withdraw', cents: 50_00 },
  { op: 'decide', approve: true },
  { op: 'invest', cents: 500_00 },
  { op: 'withdrawPlan' },
  { op: 'invest', cents: 400_00 },
  { op: 'goal', cents: 300_00 },
  { op: 'loan', cents: 600_00 },
  { op: 'advance', days: 31 },
  { op: 'loan', cents: 200_00 },
  { op: 'repay' },
  { op: 'points' },
];

const RUNS = Number(process.env.ACTIVITY_PROPERTY_RUNS ?? (process.env.TEST_DB === 'postgres' ? 30 : 100));

describe('Activity adds up to the balance (property)', () => {
  it('after any sequence of money operations: the rows sum to the balance, each balance after is the running sum', async () => {
    let operations = 0;
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 5 }), async (ops) => {
        const run: Run = {
          member: await signedInMember(app),
          friend: null,
          withdrawals: [],
          plans: [],
          loans: [],
          goals: [],
        };
        // Every run starts with money to move, so the operations after it are not all refused.
        await apply(run, { op: 'deposit', cents: 2_000_00 });
        for (const op of ops) await apply(run, op);
        operations += ops.length;

        const rows = await activityOf(run.member);
        for (const row of rows) {
          seen.add(row.amount === null ? `${row.type}:${row.status}` : row.type);
          if (row.detail.goal !== null) seen.add(`goal:${row.type}`);
        }
        const me = (await run.member.client.get('/api/me', { token: run.member.token })).json<UserResponse>();
        let running = 0;
        for (const row of [...rows].reverse()) {
          if (row.amount === null) {
            // A deposit that credited nothing: its status, no amount, no balance.
            expect(row.type).toBe('deposit');
            expect(['pending', 'failed', 'expired', 'rejected']).toContain(row.status);
            expect(row.balance_after).toBeNull();
            continue;
          }
          running += toCents(row.amount);
          expect(row.balance_after === null ? null : toCents(row.balance_after)).toBe(running);
        }
        expect(running).toBe(toCents(me.balance));
        // The run is over: its goals stop buying units, or every later run's jobs would buy a unit a day
        // for every goal before it (its plans go on earning until they end).
        for (const id of run.goals) {
          const paused = await run.member.client.post(
            `/api/goals/${id}/pause`,
            {},
            { token: run.member.token },
          );
          expect([200, 422], paused.body).toContain(paused.statusCode);
        }
      }),
      { numRuns: RUNS, examples: [[EVERY_OPERATION]] },
    );
    expect(operations).toBeGreaterThan(RUNS);
    // The runs went through every kind of movement the operations make.
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        'deposit',
        'deposit:failed',
        'earning',
        'goal:investment',
        'investment',
        'loan_disbursement',
        'loan_payment',
        'points_conversion',
        'principal_returned',
        'withdrawal',
      ]),
    );
    // A pending deposit reads expired once a run's clock passes its expiry: either way it was listed.
    expect(seen.has('deposit:pending') || seen.has('deposit:expired')).toBe(true);
    const check = await checkLedger(app.deps.database.db);
    expect(check.mismatchedCashChain).toEqual([]);
    expect(check.ok).toBe(true);
  }, 900_000);
});
