import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Tx } from '@app/db';
import { createTestDatabase } from '../../test/db';
import { genericPlanOf } from '../../test/plans';
import { mailClaim } from '../integrations/mail/mail-dispatch';
import { dueForExpiry } from '../modules/deposits/deposits.repository';
import { membersToCollectQuery } from '../modules/deposits/refunds.repository';
import { dueMembersQuery } from '../modules/loans/loans.repository';
import { dueAnnouncementsQuery } from '../modules/announcements/announcement-send.job';
import { renewalNoticeQuery } from '../modules/investing/renewal-notice';
import { challengesPrune } from '../modules/auth/challenge.repository';
import { otpsPrune } from '../modules/auth/email-otp.repository';
import { resetLinksPrune } from '../modules/auth/reset-link.repository';
import { failuresPrune, windowOnlyFailuresPrune } from '../modules/auth/throttle.repository';

/**
 * Statements the jobs run each minute on every node, planned as the product plans them (generically,
 * decision 135, sequential scans allowed) on large analysed tables whose rows are mostly ones the job
 * must not touch: none reads a whole table that grows with members or history.
 */

const { database, drop } = await createTestDatabase();
afterAll(drop);
const { db } = database;
const NOW = new Date('2026-06-01T12:00:00Z');
const ROWS = 20_000;

// 20,000 members with a cash account each; their deposits (one in a hundred a pending gateway
// invoice; one in ten refunded); 20,000 delivered mails and a few pending.
await db.execute(sql`insert into users (username, email, password_hash, referral_code, created_at, updated_at)
  select 'm' || i, 'm' || i || '@example.com', 'x', 'R' || i, ${NOW.toISOString()}, ${NOW.toISOString()}
  from generate_series(1, ${ROWS}) as i`);
await db.execute(sql`insert into ledger_accounts (user_id, kind, balance, created_at)
  select id, 'cash', (id % 3) * 100, ${NOW.toISOString()} from users`);
await db.execute(sql`insert into deposits (user_id, amount, method, currency, reference, status, expires_at, created_at, updated_at)
  select id, 10000, case when id % 3 = 0 then 'bank_transfer' else 'nowpayment' end, 'btc', 'D' || id,
         case when id % 100 = 0 then 'pending' else 'confirmed' end,
         ${NOW.toISOString()}::timestamptz - interval '1 hour', ${NOW.toISOString()}, ${NOW.toISOString()}
  from users`);
// Tables the collections read: one deposit in ten refunded by its gateway; one refund in a hundred still owed.
await db.execute(sql`insert into deposit_refunds (deposit_id, user_id, amount, taken_back, outstanding, gateway_status, created_at)
  select id, user_id, amount, amount - case when id % 1000 = 0 then 500 else 0 end,
         case when id % 1000 = 0 then 500 else 0 end, 'refunded', ${NOW.toISOString()}
  from deposits where id % 10 = 0`);
// A reset link for each member, mailed over the last day and a half (decision 238).
await db.execute(sql`insert into password_reset_tokens (token_hash, user_id, created_at, expires_at)
  select 'h' || id, id, ${NOW.toISOString()}::timestamptz - (id % 36) * interval '1 hour',
         ${NOW.toISOString()}::timestamptz - (id % 36) * interval '1 hour' + interval '1 hour'
  from users`);
await db.execute(sql`insert into mail_outbox ("to", subject, text, status, next_attempt_at, created_at)
  select 'm' || i || '@example.com', 'Mail ' || i, '', case when i % 200 = 0 then 'pending' else 'sent' end,
         ${NOW.toISOString()}, ${NOW.toISOString()}
  from generate_series(1, ${ROWS}) as i`);
// One loan per member, twelve monthly instalments: the first three of most paid, those of one member
// in fifty due and open, and told of the shortfall.
await db.execute(sql`insert into loan_plans (name, category, change, min_amount, max_amount, created_at, updated_at)
  values ('Personal', 'personal', '12% monthly', 10000, 1000000, ${NOW.toISOString()}, ${NOW.toISOString()})`);
await db.execute(sql`insert into loan_applications (user_id, plan_id, amount_requested, term, status, created_at, updated_at)
  select id, 1, 120000, 12, 'approved', ${NOW.toISOString()}, ${NOW.toISOString()} from users`);
await db.execute(sql`insert into loans (application_id, user_id, plan_id, plan_name, change, rate_bps, interval, term,
    principal, profit, disbursed_at, created_at, updated_at)
  select id, user_id, 1, 'Personal', '12% monthly', 1200, 'monthly', 12, 120000, 14400,
         ${NOW.toISOString()}, ${NOW.toISOString()}, ${NOW.toISOString()}
  from loan_applications`);
await db.execute(sql`insert into loan_instalments (loan_id, user_id, number, due_date, principal, interest, status,
    shortfall_notified_at)
  select l.id, l.user_id, n, date '2026-03-01' + (n - 1) * interval '1 month', 10000, 1200,
         case when n <= 3 and l.user_id % 50 <> 0 then 'paid' else 'open' end,
         case when n <= 3 and l.user_id % 50 = 0 then ${NOW.toISOString()}::timestamptz end
  from loans l, generate_series(1, 12) as n`);
// A day of sign-in failures from many addresses, and codes and challenges that mostly did not expire
// long ago.
await db.execute(sql`insert into auth_failures (scope, subject, created_at)
  select 'login', 'ip:10.0.' || (i % 250) || '.' || (i % 200), ${NOW.toISOString()}::timestamptz - (i % 1440) * interval '1 minute'
  from generate_series(1, ${ROWS}) as i`);
// And a month of second-factor failures, which the ceiling keeps 30 days (decision 236).
await db.execute(sql`insert into auth_failures (scope, subject, created_at)
  select 'two_factor', 'user:' || i, ${NOW.toISOString()}::timestamptz - (i % 43200) * interval '1 minute'
  from generate_series(1, ${ROWS}) as i`);
await db.execute(sql`insert into email_otps (user_id, code_hash, created_at, expires_at)
  select id, 'h', ${NOW.toISOString()}, ${NOW.toISOString()}::timestamptz + (id % 600) * interval '1 second' from users`);
await db.execute(sql`insert into two_factor_challenges (id, user_id, expires_at)
  select 'c' || id, id, ${NOW.toISOString()}::timestamptz + (id % 600) * interval '1 second' from users`);
// A running plan per member, most paid back to cash at maturity, ending over the coming year; 2,000
// announcements sent.
await db.execute(sql`insert into plans (id, name, category, apy_bps, locked_apy_bps, min_amount, max_amount, created_at, updated_at)
  values (1, 'Growth', 'personal', 1200, 1200, 10000, 1000000, ${NOW.toISOString()}, ${NOW.toISOString()})`);
await db.execute(sql`insert into user_plans (user_id, plan_id, name, category, apy_bps, locked_apy_bps, amount, status,
    at_maturity, starts_at, ends_at, next_accrual_at, created_at, updated_at)
  select id, 1, 'Growth', 'personal', 1200, 1200, 100000, 'active',
         case when id % 20 = 0 then 'renew' else 'cash' end, ${NOW.toISOString()},
         ${NOW.toISOString()}::timestamptz + (id % 365) * interval '1 day',
         date_trunc('day', ${NOW.toISOString()}::timestamptz) + interval '1 day', ${NOW.toISOString()}, ${NOW.toISOString()}
  from users`);
await db.execute(sql`insert into announcements (title, body, segment, status, scheduled_at, created_at, updated_at)
  select '{"en": "News"}'::jsonb, '{"en": "Body"}'::jsonb, 'all', 'sent',
         ${NOW.toISOString()}::timestamptz - i * interval '1 hour', ${NOW.toISOString()}, ${NOW.toISOString()}
  from generate_series(1, 2000) as i`);
await db.execute(sql`analyze`);

const plan = (build: Parameters<typeof genericPlanOf>[1]) =>
  genericPlanOf(database, build, { asConfigured: true });

describe('the jobs’ statements on large analysed tables', () => {
  it('the mail dispatcher claims the next due mail through mail_outbox_due_idx, by key', async () => {
    const claim = await plan((tx) => mailClaim(tx, NOW));
    expect(claim).toContain('mail_outbox_due_idx');
    expect(claim).not.toMatch(/Seq Scan on mail_outbox/);
  });

  it('the deposit expiry finds pending gateway invoices through deposits_status_idx', async () => {
    const expiry = await plan((tx) => dueForExpiry(tx, NOW));
    expect(expiry).toContain('deposits_status_idx');
    expect(expiry).not.toMatch(/Seq Scan on deposits/);
  });

  it('the loan collection reads a member’s cash account by its key', async () => {
    const loans = await plan((tx) => dueMembersQuery(tx, '2026-06-01', 0, 500));
    expect(loans).toContain('loan_instalments_open_idx');
    expect(loans).not.toMatch(/Seq Scan on (ledger_accounts|loan_instalments)/);
  });

  it('the auth clean-up deletes old failures, codes, challenges and reset links through their indexes', async () => {
    const dayAgo = new Date(NOW.getTime() - 86_400_000);
    for (const [statement, table] of [
      [(tx: Tx) => failuresPrune(tx, dayAgo), 'auth_failures'],
      [(tx: Tx) => otpsPrune(tx, dayAgo), 'email_otps'],
      [(tx: Tx) => challengesPrune(tx, dayAgo), 'two_factor_challenges'],
      [(tx: Tx) => resetLinksPrune(tx, dayAgo), 'password_reset_tokens'],
    ] as const) {
      const prune = await plan(statement);
      expect(prune).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
      expect(prune).not.toContain(`Seq Scan on ${table}`);
    }
    // The day-old failures no ceiling counts, without reading the month of those it counts.
    expect(await plan((tx) => windowOnlyFailuresPrune(tx, dayAgo))).toContain(
      'auth_failures_window_only_idx',
    );
  });

  it('the renewal notice and the due announcements read their partial indexes', async () => {
    const notice = await plan((tx) => renewalNoticeQuery(tx, NOW, 500));
    expect(notice).toContain('user_plans_renewal_notice_idx');
    expect(notice).not.toMatch(/Seq Scan on user_plans/);
    const announcements = await plan((tx) => dueAnnouncementsQuery(tx, NOW));
    expect(announcements).toContain('announcements_due_idx');
    expect(announcements).not.toMatch(/Seq Scan on announcements/);
  });

  it('the refund collection finds the members who owe through deposit_refunds_open_idx', async () => {
    const refunds = await plan((tx) => membersToCollectQuery(tx, 0, 500));
    expect(refunds).toContain('deposit_refunds_open_idx');
    expect(refunds).not.toMatch(/Seq Scan on (ledger_accounts|deposit_refunds)/);
  });
});
