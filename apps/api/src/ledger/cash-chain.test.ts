import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../../test/helpers';
import { createUser } from '../../test/accounts';
import { pendingWithdrawalForHold } from '../../test/holds';
import { postEntriesBulk } from './bulk-entries';
import { postPlatformTransfers } from './bulk';
import { checkLedger, ledgerProblemCount } from './check';
import { postEntry, transfer, userBalance } from './ledger';
import { num, queryRows } from './sql';

// Decision 158: every writer writes the member's cash balance after each entry, the values chain in
// (created_at, id) order, and the ledger check proves it.

const { app } = await createTestApp();
const { db } = app.deps.database;
const now = () => app.deps.clock.now();

let counter = 0;
const ref = (name: string) => `test:chain:${name}:${(counter += 1)}`;

const cashEntries = (userId: number) =>
  queryRows<{
    id: number;
    kind: string;
    cash_amount: unknown;
    cash_balance_after: unknown;
    created_at: unknown;
  }>(
    db,
    sql`select id, kind, cash_amount, cash_balance_after, created_at from ledger_entries
        where user_id = ${userId} and cash_amount is not null order by created_at, id`,
  ).then((rows) =>
    rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      amount: num(row.cash_amount),
      after: num(row.cash_balance_after),
      at: new Date(row.created_at as string).getTime(),
    })),
  );

const post = (userId: number, kind: string, postings: ReturnType<typeof transfer>, at = now()) =>
  db.transaction((tx) => postEntry(tx, { kind, reference: ref(kind), userId, postings }, at));

describe("the member's cash balance after each entry", () => {
  it('is written by ledger_post and both set-based writers, and chains up to the balance', async () => {
    const { user } = await createUser(app);
    const cash = { userId: user.id, kind: 'cash' } as const;
    const invested = { userId: user.id, kind: 'invested' } as const;
    await post(user.id, 'deposit', transfer({ platform: 'external' }, cash, 10_000));
    await post(user.id, 'investment', transfer(cash, invested, 2_500));
    // The accrual's writer: two earnings of the member in one batch.
    await db.transaction(async (tx) => {
      const posted = await postPlatformTransfers(tx, {
        kind: 'earning',
        from: 'yield_expense',
        to: 'cash',
        createdAt: now(),
        items: [
          { reference: ref('earning'), userId: user.id, amount: 30, metadata: {} },
          { reference: ref('earning'), userId: user.id, amount: 20, metadata: {} },
        ],
      });
      await posted.settlePlatform();
    });
    // The goal contribution's and loan collection's writer, with an entry that moves no cash.
    await db.transaction((tx) =>
      postEntriesBulk(
        tx,
        [
          {
            kind: 'goal_contribution',
            reference: ref('goal'),
            userId: user.id,
            metadata: {},
            postings: transfer(cash, invested, 1_000),
          },
          {
            kind: 'principal_returned',
            reference: ref('back'),
            userId: user.id,
            metadata: {},
            postings: transfer(invested, cash, 500),
          },
          {
            kind: 'reinvest',
            reference: ref('noop'),
            userId: user.id,
            metadata: {},
            postings: transfer(invested, { platform: 'external' }, 100),
          },
        ],
        now(),
      ),
    );
    const rows = await cashEntries(user.id);
    expect(rows.map((row) => [row.kind, row.amount, row.after])).toEqual([
      ['deposit', 10_000, 10_000],
      ['investment', -2_500, 7_500],
      ['earning', 30, 7_530],
      ['earning', 20, 7_550],
      ['goal_contribution', -1_000, 6_550],
      ['principal_returned', 500, 7_050],
    ]);
    expect(await userBalance(db, user.id, 'cash')).toBe(7_050);
    const [noop] = await queryRows<{ cash_balance_after: unknown }>(
      db,
      sql`select cash_balance_after from ledger_entries where user_id = ${user.id} and kind = 'reinvest'`,
    );
    expect(noop?.cash_balance_after).toBeNull();
    expect((await checkLedger(db)).mismatchedCashChain).toEqual([]);
    // No plan holds the $2,900 left invested: back to cash, so the principals check (decision 192)
    // holds for the tests after this one, which count every problem of the book.
    await post(user.id, 'principal_returned', transfer(invested, cash, 2_900));
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it("places an entry dated before the member's latest cash entry after it (a job posting a past day)", async () => {
    const { user } = await createUser(app);
    const cash = { userId: user.id, kind: 'cash' } as const;
    await post(user.id, 'deposit', transfer({ platform: 'external' }, cash, 1_000));
    const earlier = new Date(now().getTime() - 86_400_000);
    await db.transaction(async (tx) => {
      const posted = await postPlatformTransfers(tx, {
        kind: 'earning',
        from: 'yield_expense',
        to: 'cash',
        createdAt: earlier,
        items: [{ reference: ref('late'), userId: user.id, amount: 7, metadata: {} }],
      });
      await posted.settlePlatform();
    });
    await post(
      user.id,
      'withdrawal_hold',
      transfer(cash, { userId: user.id, kind: 'withdrawal_hold' }, 7),
      earlier,
    );
    const rows = await cashEntries(user.id);
    expect(rows.map((row) => [row.kind, row.after, row.at])).toEqual([
      ['deposit', 1_000, now().getTime()],
      ['earning', 1_007, now().getTime()],
      ['withdrawal_hold', 1_000, now().getTime()],
    ]);
    expect((await checkLedger(db)).mismatchedCashChain).toEqual([]);
    await pendingWithdrawalForHold(db, user.id, now());
  });

  it('the ledger check catches a tampered balance after, and a latest one that is not the balance', async () => {
    const { user } = await createUser(app);
    const cash = { userId: user.id, kind: 'cash' } as const;
    await post(user.id, 'deposit', transfer({ platform: 'external' }, cash, 900));
    await post(user.id, 'deposit', transfer({ platform: 'external' }, cash, 100));
    const [first, second] = await cashEntries(user.id);
    // Entries are append-only; the guard is lifted inside one transaction to plant a wrong value.
    const setAfter = (id: number, after: number) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_immutable`);
        await tx.execute(sql`update ledger_entries set cash_balance_after = ${after} where id = ${id}`);
        await tx.execute(sql`alter table ledger_entries enable trigger ledger_entries_immutable`);
      });
    await setAfter(second!.id, 1_001);
    const broken = await checkLedger(db);
    expect(broken.ok).toBe(false);
    expect(broken.mismatchedCashChain).toEqual([
      { userId: user.id, entryId: second!.id, expected: 1_000, actual: 1_001 },
      { userId: user.id, entryId: null, expected: 1_000, actual: 1_001 },
    ]);
    expect(ledgerProblemCount(broken)).toBe(2);
    // The first one wrong too: the second's expected value follows the first's.
    await setAfter(second!.id, 1_000);
    await setAfter(first!.id, 901);
    expect((await checkLedger(db)).mismatchedCashChain).toEqual([
      { userId: user.id, entryId: first!.id, expected: 900, actual: 901 },
      { userId: user.id, entryId: second!.id, expected: 1_001, actual: 1_000 },
    ]);
    await setAfter(first!.id, 900);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
