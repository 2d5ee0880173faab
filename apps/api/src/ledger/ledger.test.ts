import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../../test/helpers';
import { createUser } from '../../test/accounts';
import { pendingWithdrawalForHold } from '../../test/holds';
import { checkLedger, ledgerProblemCount } from './check';
import { accountFigures, InsufficientFundsError, postEntry, transfer, userBalance } from './ledger';
import { queryRows } from './sql';

const { app } = await createTestApp();
const { db } = app.deps.database;
const now = () => app.deps.clock.now();

let counter = 0;
const ref = (name: string) => `test:${name}:${(counter += 1)}`;

async function fund(userId: number, cents: number) {
  await db.transaction((tx) =>
    postEntry(
      tx,
      {
        kind: 'deposit',
        reference: ref('fund'),
        userId,
        postings: transfer({ platform: 'external' }, { userId, kind: 'cash' }, cents),
      },
      now(),
    ),
  );
}

/** Moves `cents` of a member's cash to their withdrawal hold under `reference`. */
const hold = (userId: number, cents: number, reference = ref('hold')) =>
  db.transaction((tx) =>
    postEntry(
      tx,
      {
        kind: 'withdrawal_hold',
        reference,
        userId,
        postings: transfer({ userId, kind: 'cash' }, { userId, kind: 'withdrawal_hold' }, cents),
      },
      now(),
    ),
  );

describe('ledger', () => {
  it('answers a member’s figures from the accounts and their running totals; zeros before any money', async () => {
    const { user } = await createUser(app);
    const none = {
      balance: 0,
      totalEarnings: 0,
      totalDeposit: 0,
      depositCount: 0,
      invested: 0,
      held: 0,
      withdrawn: 0,
      withdrawnCount: 0,
    };
    expect(await accountFigures(db, user.id)).toEqual(none);
    await fund(user.id, 10_000);
    await fund(user.id, 2_500);
    await db.transaction((tx) =>
      postEntry(
        tx,
        {
          kind: 'earning',
          reference: ref('earning'),
          userId: user.id,
          postings: transfer({ platform: 'yield_expense' }, { userId: user.id, kind: 'cash' }, 137),
        },
        now(),
      ),
    );
    await hold(user.id, 600);
    await pendingWithdrawalForHold(db, user.id, now());
    // Another member's money is not theirs.
    const other = await createUser(app);
    await fund(other.user.id, 99_900);
    expect(await accountFigures(db, user.id)).toEqual({
      ...none,
      balance: 12_037,
      totalEarnings: 137,
      totalDeposit: 12_500,
      depositCount: 2,
      held: 600,
    });
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('moves balances with balanced entries and writes one entry per reference', async () => {
    const { user } = await createUser(app);
    await fund(user.id, 10_000);
    const reference = ref('hold');
    const post = () => hold(user.id, 2500, reference);
    expect((await post()).created).toBe(true);
    expect((await post()).created).toBe(false);
    expect(await userBalance(db, user.id, 'cash')).toBe(7500);
    expect(await userBalance(db, user.id, 'withdrawal_hold')).toBe(2500);
    await pendingWithdrawalForHold(db, user.id, now());
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('refuses an entry that would take cash below zero and writes nothing of it', async () => {
    const { user } = await createUser(app);
    await fund(user.id, 1000);
    const reference = ref('overdraft');
    await expect(hold(user.id, 1001, reference)).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await userBalance(db, user.id, 'cash')).toBe(1000);
    const entries = await queryRows(db, sql`select id from ledger_entries where reference = ${reference}`);
    expect(entries).toHaveLength(0);
  });

  it('has a database CHECK that keeps cash at or above zero even for a raw UPDATE', async () => {
    const { user } = await createUser(app);
    await fund(user.id, 500);
    await expect(
      db.execute(sql`update ledger_accounts set balance = -1 where user_id = ${user.id} and kind = 'cash'`),
    ).rejects.toThrow();
    expect(await userBalance(db, user.id, 'cash')).toBe(500);
  });

  it('refuses UPDATE and DELETE of entries and postings', async () => {
    const { user } = await createUser(app);
    await fund(user.id, 300);
    await expect(db.execute(sql`update ledger_entries set kind = 'x'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_postings`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('refuses an unbalanced entry at the insert of its postings (the per-statement check)', async () => {
    await expect(
      db.transaction(async (tx) => {
        const [entry] = await queryRows<{ id: number }>(
          tx,
          sql`insert into ledger_entries (kind, reference, created_at) values ('x', ${ref('bad')}, date_trunc('milliseconds', now())) returning id`,
        );
        const [account] = await queryRows<{ id: number }>(
          tx,
          sql`select id from ledger_accounts where kind = 'external'`,
        );
        await tx.execute(
          sql`insert into ledger_postings (entry_id, account_id, amount) values (${entry!.id}, ${account!.id}, 5)`,
        );
      }),
    ).rejects.toThrow();
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('checks every entry of a multi-entry insert: one unbalanced entry refuses the statement', async () => {
    const accounts = await queryRows<{ id: number; kind: string }>(
      db,
      sql`select id, kind from ledger_accounts where user_id is null and kind in ('external', 'yield_expense')`,
    );
    const external = accounts.find((row) => row.kind === 'external')!.id;
    const yieldExpense = accounts.find((row) => row.kind === 'yield_expense')!.id;
    const postTwo = (second: number) =>
      db.transaction(async (tx) => {
        const entries = await queryRows<{ id: number }>(
          tx,
          sql`insert into ledger_entries (kind, reference, created_at)
              values ('x', ${ref('pair')}, date_trunc('milliseconds', now())), ('x', ${ref('pair')}, date_trunc('milliseconds', now())) returning id`,
        );
        const [a, b] = entries.map((row) => row.id);
        await tx.execute(
          sql`insert into ledger_postings (entry_id, account_id, amount) values
              (${a}, ${external}, 7), (${a}, ${yieldExpense}, -7),
              (${b}, ${external}, 9), (${b}, ${yieldExpense}, ${second})`,
        );
        // The cached balances move with the postings, as ledger_post moves them.
        await tx.execute(sql`update ledger_accounts set balance = balance + 16 where id = ${external}`);
        await tx.execute(sql`update ledger_accounts set balance = balance - 16 where id = ${yieldExpense}`);
        return entries.length;
      });
    const before = (await checkLedger(db)).entriesChecked;
    // Drizzle reports the failed query; the database's refusal is its cause.
    await expect(postTwo(-8)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/ledger entry \d+ does not balance \(sum 1\)/) as unknown },
    });
    expect((await checkLedger(db)).entriesChecked).toBe(before);
    await expect(postTwo(-9)).resolves.toBe(2);
    const after = await checkLedger(db);
    expect(after.ok).toBe(true);
    expect(after.entriesChecked).toBe(before + 2);
  });

  it('accepts exactly 10 of 20 simultaneous holds of $10 against $100', async () => {
    const { user } = await createUser(app);
    await fund(user.id, 10_000);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => hold(user.id, 1000, ref('race'))),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(InsufficientFundsError);
    }
    expect(await userBalance(db, user.id, 'cash')).toBe(0);
    expect(await userBalance(db, user.id, 'withdrawal_hold')).toBe(10_000);
    await pendingWithdrawalForHold(db, user.id, now());
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('keeps running totals per account and entry kind, and the check catches a wrong one', async () => {
    const { user } = await createUser(app);
    await fund(user.id, 1200);
    await fund(user.id, 800);
    const totals = () =>
      queryRows<{ entry_kind: string; total: unknown; entries: unknown }>(
        db,
        sql`select t.entry_kind, t.total, t.entries from ledger_account_totals t
            join ledger_accounts a on a.id = t.account_id
            where a.user_id = ${user.id} and a.kind = 'cash'`,
      );
    expect((await totals()).map((row) => [row.entry_kind, Number(row.total), Number(row.entries)])).toEqual([
      ['deposit', 2000, 2],
    ]);
    expect((await checkLedger(db)).ok).toBe(true);

    // A total moved behind the ledger's back is reported, with both figures.
    await db.execute(
      sql`update ledger_account_totals set total = total + 1
          where account_id = (select id from ledger_accounts where user_id = ${user.id} and kind = 'cash')`,
    );
    const broken = await checkLedger(db);
    expect(broken.ok).toBe(false);
    expect(broken.mismatchedTotals).toEqual([
      expect.objectContaining({ entryKind: 'deposit', cachedTotal: 2001, postingsTotal: 2000 }),
    ]);
    await db.execute(
      sql`update ledger_account_totals set total = total - 1
          where account_id = (select id from ledger_accounts where user_id = ${user.id} and kind = 'cash')`,
    );

    // A missing total row is reported too.
    await db.execute(
      sql`delete from ledger_account_totals
          where account_id = (select id from ledger_accounts where user_id = ${user.id} and kind = 'cash')`,
    );
    const missing = await checkLedger(db);
    expect(missing.mismatchedTotals).toEqual([
      expect.objectContaining({
        entryKind: 'deposit',
        cachedTotal: 0,
        postingsTotal: 2000,
        postingsEntries: 2,
      }),
    ]);
    await db.execute(
      sql`insert into ledger_account_totals (account_id, entry_kind, total, entries)
          select id, 'deposit', 2000, 2 from ledger_accounts where user_id = ${user.id} and kind = 'cash'`,
    );
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it("writes each entry's cash amount with it, and the check catches a wrong one", async () => {
    const { user } = await createUser(app);
    const cash = { userId: user.id, kind: 'cash' } as const;
    const hold = { userId: user.id, kind: 'withdrawal_hold' } as const;
    await fund(user.id, 1500);
    const post = (kind: string, postings: ReturnType<typeof transfer>) =>
      db.transaction((tx) => postEntry(tx, { kind, reference: ref(kind), userId: user.id, postings }, now()));
    await post('withdrawal_hold', transfer(cash, hold, 400));
    // An entry of the member that moves none of their cash has no cash amount.
    await post('withdrawal_paid', transfer(hold, { platform: 'external' }, 400));
    const entries = () =>
      queryRows<{ id: number; kind: string; cash_amount: unknown }>(
        db,
        sql`select id, kind, cash_amount from ledger_entries where user_id = ${user.id} order by id`,
      );
    const rows = await entries();
    expect(rows.map((row) => [row.kind, row.cash_amount === null ? null : Number(row.cash_amount)])).toEqual([
      ['deposit', 1500],
      ['withdrawal_hold', -400],
      ['withdrawal_paid', null],
    ]);
    expect((await checkLedger(db)).ok).toBe(true);

    // Entries are append-only; the guard is lifted inside one transaction to plant a wrong amount (a
    // CHECK keeps the balance after null exactly when the amount is, so it is planted with it).
    const setCashAmount = (id: number, value: number | null, after: number | null) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_immutable`);
        await tx.execute(
          sql`update ledger_entries set cash_amount = ${value}, cash_balance_after = ${after} where id = ${id}`,
        );
        await tx.execute(sql`alter table ledger_entries enable trigger ledger_entries_immutable`);
      });
    const [deposit, held, paid] = rows;
    // A wrong amount, a null where the entry moved cash, and an amount where it moved none.
    await setCashAmount(deposit!.id, 1501, 1500);
    await setCashAmount(held!.id, null, null);
    await setCashAmount(paid!.id, 0, 1100);
    const broken = await checkLedger(db);
    expect(broken.ok).toBe(false);
    expect(broken.mismatchedCashAmounts).toEqual([
      { entryId: deposit!.id, cached: 1501, fromPostings: 1500 },
      { entryId: held!.id, cached: null, fromPostings: -400 },
      { entryId: paid!.id, cached: 0, fromPostings: null },
    ]);
    // The member's cash chain breaks with them: the deposit's balance after is not its amount, and
    // the zero entry's is not the deposit's plus zero.
    expect(broken.mismatchedCashChain).toEqual([
      { userId: user.id, entryId: deposit!.id, expected: 1501, actual: 1500 },
      { userId: user.id, entryId: paid!.id, expected: 1500, actual: 1100 },
    ]);
    expect(ledgerProblemCount(broken)).toBe(5);
    await setCashAmount(deposit!.id, 1500, 1500);
    await setCashAmount(held!.id, -400, 1100);
    await setCashAmount(paid!.id, null, null);
    const mended = await checkLedger(db);
    expect(mended.ok).toBe(true);
    expect(ledgerProblemCount(mended)).toBe(0);
  });
});
