import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { UserPlanDetail } from '@app/shared';
import { createTestApp } from '../../test/helpers';
import { createPlan, fundedMember, investIn } from '../../test/investing';
import { checkLedger } from './check';
import { queryRows } from './sql';

// The references of the ledger's append-only rows (postings to their entry and account, accrual rows
// to their plan and entry) are checked by the database once per INSERT statement, not by per-row
// foreign keys (decision 143). These tests hold it to what the foreign keys gave: a missing row
// refused at the insert with a foreign key's error code, and no referred row deleted or renumbered.

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

let counter = 0;
const ref = (name: string) => `test:references:${name}:${(counter += 1)}`;

/** The database's refusal under drizzle's wrapper: its SQLSTATE and message. */
const refusedWith = (message: RegExp) => ({
  cause: { code: '23503', message: expect.stringMatching(message) as unknown },
});

/** The refusal of ledger_refuse_change (history rows are never changed or deleted). */
const immutable = { cause: { message: expect.stringMatching(/immutable/) as unknown } };

async function platformAccounts() {
  const rows = await queryRows<{ id: number; kind: string }>(
    db,
    sql`select id, kind from ledger_accounts where user_id is null and kind in ('external', 'yield_expense')`,
  );
  return {
    external: rows.find((row) => row.kind === 'external')!.id,
    yieldExpense: rows.find((row) => row.kind === 'yield_expense')!.id,
  };
}

async function count(table: 'ledger_entries' | 'ledger_postings' | 'user_plan_accruals'): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(db, sql`select count(*) as n from ${sql.raw(table)}`);
  return Number(row?.n);
}

/**
 * Posts one balanced entry of two postings in a transaction, with `entryId` and `accountId` replaced
 * when given (a missing one), and moves the cached balances as ledger_post does.
 */
async function postPair(options: { missingEntry?: boolean; missingAccount?: boolean }) {
  const { external, yieldExpense } = await platformAccounts();
  return db.transaction(async (tx) => {
    const [entry] = await queryRows<{ id: number }>(
      tx,
      sql`insert into ledger_entries (kind, reference, created_at) values ('x', ${ref('pair')}, date_trunc('milliseconds', now())) returning id`,
    );
    const entryId = options.missingEntry ? entry!.id + 1_000_000 : entry!.id;
    const second = options.missingAccount ? yieldExpense + 1_000_000 : yieldExpense;
    await tx.execute(
      sql`insert into ledger_postings (entry_id, account_id, amount) values
          (${entryId}, ${external}, 5), (${entryId}, ${second}, -5)`,
    );
    await tx.execute(sql`update ledger_accounts set balance = balance + 5 where id = ${external}`);
    await tx.execute(sql`update ledger_accounts set balance = balance - 5 where id = ${yieldExpense}`);
    return entryId;
  });
}

describe('ledger postings: entry and account checked per statement', () => {
  it('refuses a posting whose account does not exist, and writes nothing of the entry', async () => {
    const entries = await count('ledger_entries');
    const postings = await count('ledger_postings');
    await expect(postPair({ missingAccount: true })).rejects.toMatchObject(
      refusedWith(/ledger posting refers to a missing entry \(\d+\) or account \(\d+\)/),
    );
    expect(await count('ledger_entries')).toBe(entries);
    expect(await count('ledger_postings')).toBe(postings);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('refuses a posting whose entry does not exist', async () => {
    const postings = await count('ledger_postings');
    await expect(postPair({ missingEntry: true })).rejects.toMatchObject(
      refusedWith(/ledger posting refers to a missing entry/),
    );
    expect(await count('ledger_postings')).toBe(postings);
  });

  it('takes a posting whose entry and account exist', async () => {
    const entries = (await checkLedger(db)).entriesChecked;
    const entryId = await postPair({});
    const [row] = await queryRows<{ n: unknown }>(
      db,
      sql`select count(*) as n from ledger_postings where entry_id = ${entryId}`,
    );
    expect(Number(row?.n)).toBe(2);
    const after = await checkLedger(db);
    expect(after.ok).toBe(true);
    expect(after.entriesChecked).toBe(entries + 1);
  });

  it('never deletes or renumbers a ledger account', async () => {
    const member = await fundedMember(app, 50);
    const [cash] = await queryRows<{ id: number }>(
      db,
      sql`select id from ledger_accounts where user_id = ${member.user.id} and kind = 'cash'`,
    );
    await expect(db.execute(sql`delete from ledger_accounts where id = ${cash!.id}`)).rejects.toMatchObject(
      refusedWith(/ledger accounts are never deleted or renumbered: DELETE/),
    );
    await expect(
      db.execute(sql`update ledger_accounts set id = id + 1000000 where id = ${cash!.id}`),
    ).rejects.toMatchObject(refusedWith(/ledger accounts are never deleted or renumbered: UPDATE/));
    // An account no posting names yet is kept too: the rule does not depend on what refers to it.
    const [fresh] = await queryRows<{ id: number }>(
      db,
      sql`insert into ledger_accounts (user_id, kind, balance, created_at)
          values (${member.user.id}, 'invested', 0, now())
          on conflict (user_id, kind) where user_id is not null do update set balance = ledger_accounts.balance
          returning id`,
    );
    await expect(db.execute(sql`delete from ledger_accounts where id = ${fresh!.id}`)).rejects.toMatchObject(
      refusedWith(/ledger accounts are never deleted or renumbered: DELETE/),
    );
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe('accrual rows: plan and entry checked per statement', () => {
  /** A member's plan credited for one day by the accrual job; its id and that day's entry. */
  async function accruedPlan() {
    clock.set(new Date('2026-05-04T10:00:00Z'));
    const plan = await createPlan(app, { apyBps: 1200, durationDays: 30 });
    const member = await fundedMember(app, 1_000);
    const invested = await investIn(member, plan.id, 500);
    clock.set(new Date('2026-05-05T00:00:00Z'));
    const response = await app.inject({ method: 'POST', url: '/api/dev/clock', payload: {} });
    expect(response.statusCode).toBe(200);
    const detail = await member.client.get(`/api/pp/${invested.id}`, { token: member.token });
    expect(detail.json<UserPlanDetail>().earnings).toHaveLength(1);
    const [row] = await queryRows<{ entry_id: number }>(
      db,
      sql`select entry_id from user_plan_accruals where user_plan_id = ${invested.id}`,
    );
    return { planId: invested.id, entryId: row!.entry_id };
  }

  it('refuses an accrual row whose plan or entry does not exist', async () => {
    const { planId, entryId } = await accruedPlan();
    const rows = await count('user_plan_accruals');
    const insert = (plan: number, entry: number | null) =>
      db.execute(sql`insert into user_plan_accruals (user_plan_id, accrual_date, rate_bps, amount, entry_id)
          values (${plan}, '2026-05-06', 1200, 1, ${entry})`);
    await expect(insert(planId + 1_000_000, entryId)).rejects.toMatchObject(
      refusedWith(/accrual row refers to a missing plan \(\d+\) or entry \(\d+\)/),
    );
    await expect(insert(planId, entryId + 1_000_000)).rejects.toMatchObject(
      refusedWith(/accrual row refers to a missing plan/),
    );
    expect(await count('user_plan_accruals')).toBe(rows);
    // One bad row among good ones refuses the whole statement.
    await expect(
      db.execute(sql`insert into user_plan_accruals (user_plan_id, accrual_date, rate_bps, amount, entry_id)
          values (${planId}, '2026-05-07', 1200, 0, null), (${planId + 1_000_000}, '2026-05-07', 1200, 0, null)`),
    ).rejects.toMatchObject(refusedWith(/accrual row refers to a missing plan/));
    expect(await count('user_plan_accruals')).toBe(rows);
  });

  it('never changes or deletes an accrual row, nor deletes, renumbers or truncates its plan', async () => {
    const { planId } = await accruedPlan();
    await expect(
      db.execute(sql`update user_plan_accruals set amount = amount + 1 where user_plan_id = ${planId}`),
    ).rejects.toMatchObject(immutable);
    await expect(
      db.execute(sql`delete from user_plan_accruals where user_plan_id = ${planId}`),
    ).rejects.toMatchObject(immutable);
    await expect(db.execute(sql`delete from user_plans where id = ${planId}`)).rejects.toMatchObject(
      refusedWith(/user plan \d+ has accrual rows: DELETE refused/),
    );
    await expect(
      db.execute(sql`update user_plans set id = id + 1000000 where id = ${planId}`),
    ).rejects.toMatchObject(refusedWith(/user plan \d+ has accrual rows: UPDATE refused/));
    await expect(db.execute(sql`truncate user_plans cascade`)).rejects.toMatchObject(immutable);
    const [plan] = await queryRows<{ n: unknown }>(
      db,
      sql`select count(*) as n from user_plans where id = ${planId}`,
    );
    expect(Number(plan?.n)).toBe(1);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
