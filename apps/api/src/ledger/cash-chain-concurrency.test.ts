import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../../test/helpers';
import { createUser } from '../../test/accounts';
import { postEntriesBulk } from './bulk-entries';
import { pendingWithdrawalForHold } from '../../test/holds';
import { checkLedger } from './check';
import { InsufficientFundsError, postEntry, transfer, userBalance } from './ledger';
import { num, queryRows } from './sql';

// PostgreSQL only (concurrent transactions; PGlite has one connection). Many posts for one member at
// once, each with its own clock read (some earlier than posts that lock first): the member's cash
// chain still holds in (created_at, id) order (decision 158).

const { app } = await createTestApp();
const { db } = app.deps.database;
const base = app.deps.clock.now().getTime();

let counter = 0;
const ref = (name: string) => `test:chain-race:${name}:${(counter += 1)}`;

describe('cash balance after, under concurrency', () => {
  it('chains for one member whatever order parallel posts lock in', async () => {
    const { user } = await createUser(app);
    const cash = { userId: user.id, kind: 'cash' } as const;
    const hold = { userId: user.id, kind: 'withdrawal_hold' } as const;
    const invested = { userId: user.id, kind: 'invested' } as const;
    await db.transaction((tx) =>
      postEntry(
        tx,
        {
          kind: 'deposit',
          reference: ref('seed'),
          userId: user.id,
          postings: transfer({ platform: 'external' }, cash, 5_000),
        },
        new Date(base),
      ),
    );
    // Clock reads scattered over a second, in an order unrelated to the order the posts lock in.
    const at = (i: number) => new Date(base + 1_000 + ((i * 7919) % 1_000));
    const single = (i: number) =>
      db.transaction((tx) =>
        postEntry(
          tx,
          i % 3 === 0
            ? {
                kind: 'deposit',
                reference: ref('in'),
                userId: user.id,
                postings: transfer({ platform: 'external' }, cash, 100 + i),
              }
            : {
                kind: 'withdrawal_hold',
                reference: ref('hold'),
                userId: user.id,
                postings: transfer(cash, hold, 50 + i),
              },
          at(i),
        ),
      );
    const bulk = (i: number) =>
      db.transaction((tx) =>
        postEntriesBulk(
          tx,
          [
            {
              kind: 'goal_contribution',
              reference: ref('goal'),
              userId: user.id,
              metadata: {},
              postings: transfer(cash, invested, 10 + i),
            },
            {
              kind: 'principal_returned',
              reference: ref('back'),
              userId: user.id,
              metadata: {},
              postings: transfer(invested, cash, 5),
            },
          ],
          at(i),
        ),
      );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => (i % 5 === 4 ? bulk(i) : single(i))),
    );
    // Holds beyond the balance are refused; nothing else may fail.
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(InsufficientFundsError);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBeGreaterThan(40);

    const rows = await queryRows<{ cash_amount: unknown; cash_balance_after: unknown }>(
      db,
      sql`select cash_amount, cash_balance_after from ledger_entries
          where user_id = ${user.id} and cash_amount is not null order by created_at, id`,
    );
    let running = 0;
    for (const row of rows) {
      running += num(row.cash_amount);
      expect(num(row.cash_balance_after)).toBe(running);
    }
    expect(running).toBe(await userBalance(db, user.id, 'cash'));
    await pendingWithdrawalForHold(db, user.id, app.deps.clock.now());
    // No plan holds what the races left invested: back to cash (the principals check, decision 192).
    const left = await userBalance(db, user.id, 'invested');
    if (left > 0)
      await db.transaction((tx) =>
        postEntry(
          tx,
          {
            kind: 'principal_returned',
            reference: ref('back'),
            userId: user.id,
            postings: transfer(invested, cash, left),
          },
          app.deps.clock.now(),
        ),
      );
    const check = await checkLedger(db);
    expect(check.mismatchedCashChain).toEqual([]);
    expect(check.ok).toBe(true);
  });
});
