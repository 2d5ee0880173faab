import { describe, expect, it } from 'vitest';
import type {
  ActivityResponse,
  GoalListResponse,
  NotificationListResponse,
  ReferralInfoResponse,
  UserPlanListResponse,
  UserResponse,
  WithdrawalHistoryResponse,
} from '@app/shared';
import { createTestApp, TEST_NOW } from '../../test/helpers';
import { Browser, me, signIn } from '../../test/accounts';
import { checkLedger } from '../ledger/check';
import { bootstrapData, DEMO_MEMBER_EMAIL } from './bootstrap';
import { DEMO_HISTORY, DEMO_HISTORY_DAYS } from './demo-history';

const { app } = await createTestApp({ TRUST_PROXY: '1' });

describe('the demo member’s three months', () => {
  it('holds deposits, plans earning day by day, a locked and a completed plan, withdrawals, a referral and notifications; the ledger check passes', async () => {
    app.deps.config.seedDemo = true;
    const started = performance.now();
    const lines = await bootstrapData(app);
    const seconds = (performance.now() - started) / 1000;
    // First start stays fast (measured on PGlite: see README "Demo member").
    expect(seconds).toBeLessThan(15);

    const password = /\/ (\S+)/.exec(lines.find((line) => line.startsWith('Demo member')) ?? '')?.[1];
    const browser = new Browser(app);
    const token = await signIn(browser, DEMO_MEMBER_EMAIL, password);
    const get = async <T>(url: string) => {
      const response = await browser.get(url, { token });
      expect(response.statusCode).toBe(200);
      return response.json<T>();
    };

    // A complete profile: the setup banner's second step is done.
    const profile = await get<UserResponse>('/api/me');
    expect(profile.profile).toMatchObject({
      country: 'DE',
      first_name: 'Demo',
      last_name: 'Member',
      postal_code: '10117',
      phone: '+4930901820',
    });

    const deposits = await get<{ data: { status: string; payment_method: string; created_at: string }[] }>(
      '/api/deposits',
    );
    expect(deposits.data.map((d) => [d.payment_method, d.status]).sort()).toEqual([
      ['bank_transfer', 'confirmed'],
      ['nowpayment', 'confirmed'],
    ]);
    const oldest = Math.min(...deposits.data.map((d) => new Date(d.created_at).getTime()));
    expect(TEST_NOW.getTime() - oldest).toBe(DEMO_HISTORY_DAYS * 86_400_000);

    const plans = await get<UserPlanListResponse>('/api/pp?per_page=50');
    const byName = Object.fromEntries(plans.data.map((plan) => [plan.name, plan]));
    expect(byName.Starter).toMatchObject({ status: 'active' });
    expect(byName.Growth).toMatchObject({ status: 'locked' });
    expect(byName['Fixed Savings 7']).toMatchObject({ status: 'completed' });
    // The one-week term's principal came back on its end day, as the daily job gives it.
    const fixed = byName['Fixed Savings 7']!;
    const returned = await get<{ data: { date: string; description: string }[] }>(
      '/api/activity?type=principal_returned',
    );
    const matured = returned.data.find((row) => row.description.includes('Fixed Savings 7'));
    expect(matured?.date.slice(0, 10)).toBe(fixed.ends_at?.slice(0, 10));
    // Earned every day since it started (day 3 to today).
    expect(byName.Starter?.accrued_days).toBe(DEMO_HISTORY_DAYS - 3);
    expect(byName.Starter?.earned).toBeGreaterThan(0);

    const earnings = await get<ActivityResponse>('/api/activity?type=earning&per_page=100');
    expect(earnings.meta.total).toBeGreaterThan(2 * (DEMO_HISTORY_DAYS - 4));

    const withdrawals = await get<WithdrawalHistoryResponse>('/api/withdrawal/history');
    expect(withdrawals.data.map((w) => w.status).sort()).toEqual(['approved', 'pending']);

    const referrals = await get<ReferralInfoResponse>('/api/referrals');
    expect(referrals.referred_users).toHaveLength(1);
    const { user } = await me(browser, token);
    expect(user?.loyalty_points).toBe(DEMO_HISTORY.friendDepositCents / 100);
    expect(user?.total_deposit).toBe(
      (DEMO_HISTORY.bankDepositCents + DEMO_HISTORY.gatewayDepositCents) / 100,
    );
    expect(user?.total_earnings).toBeGreaterThan(0);

    const notifications = await get<NotificationListResponse>('/api/notifications');
    expect(notifications.unread_count).toBeGreaterThanOrEqual(4);
    expect(notifications.data.map((n) => n.kind)).toEqual(
      expect.arrayContaining(['deposit_confirmed', 'withdrawal_approved', 'referral_reward', 'plan_matured']),
    );

    // A savings goal made on day 30: its first unit then, one more each month by the job.
    const goals = await get<GoalListResponse>('/api/goals');
    expect(goals.data).toHaveLength(1);
    const [goal] = goals.data;
    expect(goal).toMatchObject({
      name: DEMO_HISTORY.goal.name,
      status: 'active',
      target_amount: DEMO_HISTORY.goal.targetCents / 100,
      target_frequency: 'monthly',
      plan_name: 'Starter',
    });
    expect([200, 300]).toContain(goal?.invested);
    // Each unit invested on its own due day, a calendar month after the one before.
    const units = plans.data
      .filter((plan) => plan.goal_id === goal?.id)
      .map((plan) => new Date(plan.starts_at))
      .sort((a, b) => a.getTime() - b.getTime());
    expect(units).toHaveLength(Math.round((goal?.invested ?? 0) / 100));
    for (let k = 1; k < units.length; k += 1) {
      const [first, unit] = [units[0]!, units[k]!];
      const due = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + k, 1));
      const lastDay = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
      due.setUTCDate(Math.min(first.getUTCDate(), lastDay));
      expect(unit.toISOString().slice(0, 10)).toBe(due.toISOString().slice(0, 10));
    }
    expect(goal?.earned).toBeGreaterThan(0);
    expect(goal?.next_contribution_amount).toBe(100);

    // The account was opened when its history starts: a statement for each month of it.
    const months = (await get<{ data: { month: string }[] }>('/api/statements')).data.map((m) => m.month);
    const first = new Date(TEST_NOW.getTime() - DEMO_HISTORY_DAYS * 86_400_000).toISOString().slice(0, 7);
    expect(months.at(-1)).toBe(first);
    expect(months[0]).toBe(TEST_NOW.toISOString().slice(0, 7));
    expect((await browser.get(`/api/statements/${first}`, { token })).statusCode).toBe(200);

    const check = await checkLedger(app.deps.database.db);
    expect(check.ok).toBe(true);
  });
});
