import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createTestApp } from '../../test/helpers';
import { createUser } from '../../test/accounts';
import { postPlatformTransfers } from './bulk';
import { checkLedger } from './check';
import { postEntry, transfer, userBalance } from './ledger';
import { num, queryRows, wholeNumbers } from './sql';

const { app } = await createTestApp();
const { db } = app.deps.database;

let counter = 0;
const ref = (name: string) => `test:bulk:${name}:${(counter += 1)}`;

/** A batch posted in its own transaction, the platform side settled last, as the accrual does it. */
const post = (batch: Parameters<typeof postPlatformTransfers>[1]) =>
  db.transaction(async (tx) => {
    const posted = await postPlatformTransfers(tx, batch);
    await posted.settlePlatform();
    return posted.entries;
  });

const platformBalance = async (kind: string) =>
  Number(
    (
      await queryRows<{ balance: unknown }>(
        db,
        sql`select balance from ledger_accounts where user_id is null and kind = ${kind}`,
      )
    )[0]?.balance ?? 0,
  );

const entriesOf = (references: string[]) =>
  queryRows<{ reference: string; user_id: number; cash_amount: unknown; metadata: unknown }>(
    db,
    sql`select reference, user_id, cash_amount, metadata from ledger_entries
        where reference in (${sql.join(
          references.map((reference) => sql`${reference}`),
          sql`, `,
        )}) order by reference`,
  );

describe('postPlatformTransfers (set-based posting)', () => {
  it("credits members' cash from a platform account once per reference, with cash amounts and totals", async () => {
    const { user: first } = await createUser(app);
    const { user: second } = await createUser(app);
    const before = await platformBalance('yield_expense');
    const items = [
      { reference: ref('a'), userId: first.id, amount: 125, metadata: { day: 1 } },
      { reference: ref('b'), userId: first.id, amount: 75, metadata: { day: 2 } },
      { reference: ref('c'), userId: second.id, amount: 40, metadata: { day: 1 } },
    ];
    const batch = {
      kind: 'earning',
      from: 'yield_expense',
      to: 'cash',
      createdAt: new Date(),
      items,
    } as const;
    const written = await post(batch);
    expect([...written.keys()].sort()).toEqual(items.map((item) => item.reference).sort());

    expect(await userBalance(db, first.id, 'cash')).toBe(200);
    expect(await userBalance(db, second.id, 'cash')).toBe(40);
    expect(await platformBalance('yield_expense')).toBe(before - 240);
    const rows = await entriesOf(items.map((item) => item.reference));
    expect(rows.map((row) => [row.user_id, Number(row.cash_amount), row.metadata])).toEqual([
      [first.id, 125, { day: 1 }],
      [first.id, 75, { day: 2 }],
      [second.id, 40, { day: 1 }],
    ]);
    const totals = await queryRows<{ total: unknown; entries: unknown }>(
      db,
      sql`select t.total, t.entries from ledger_account_totals t join ledger_accounts a on a.id = t.account_id
          where a.user_id = ${first.id} and a.kind = 'cash' and t.entry_kind = 'earning'`,
    );
    expect(totals.map((row) => [Number(row.total), Number(row.entries)])).toEqual([[200, 2]]);

    // The same batch again writes nothing and moves nothing: every reference is already there.
    const again = await post(batch);
    expect(again.size).toBe(0);
    expect(await userBalance(db, first.id, 'cash')).toBe(200);
    expect(await platformBalance('yield_expense')).toBe(before - 240);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('credits an account other than cash with no cash amount on the entry', async () => {
    const { user } = await createUser(app);
    const reference = ref('invested');
    await post({
      kind: 'reward',
      from: 'rewards_expense',
      to: 'invested',
      createdAt: new Date(),
      items: [{ reference, userId: user.id, amount: 310, metadata: {} }],
    });
    expect(await userBalance(db, user.id, 'invested')).toBe(310);
    expect(await userBalance(db, user.id, 'cash')).toBe(0);
    const [entry] = await entriesOf([reference]);
    expect(entry?.cash_amount).toBeNull();
    // No plan holds this principal: take it back out, so the principals check (decision 192) holds.
    await db.transaction((tx) =>
      postEntry(
        tx,
        {
          kind: 'reward',
          reference: ref('invested-back'),
          userId: user.id,
          postings: transfer({ userId: user.id, kind: 'invested' }, { platform: 'rewards_expense' }, 310),
        },
        new Date(),
      ),
    );
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('refuses a batch with an amount that is not a positive whole number of cents, writing nothing', async () => {
    const { user } = await createUser(app);
    for (const amount of [0, -5, 1.5]) {
      const good = ref('good');
      await expect(
        post({
          kind: 'earning',
          from: 'yield_expense',
          to: 'cash',
          createdAt: new Date(),
          items: [
            { reference: good, userId: user.id, amount: 100, metadata: {} },
            { reference: ref('bad'), userId: user.id, amount, metadata: {} },
          ],
        }),
      ).rejects.toThrow('has a bad amount');
      expect(await entriesOf([good])).toEqual([]);
    }
    expect(await userBalance(db, user.id, 'cash')).toBe(0);
  });

  it('with every reference vouched new (fresh), a reference already written fails the whole batch', async () => {
    const { user } = await createUser(app);
    const taken = ref('taken');
    await post({
      kind: 'earning',
      from: 'yield_expense',
      to: 'cash',
      createdAt: new Date(),
      items: [{ reference: taken, userId: user.id, amount: 50, metadata: {} }],
    });
    const before = await platformBalance('yield_expense');
    const other = ref('other');
    const batch = (fresh: boolean) =>
      post({
        kind: 'earning',
        from: 'yield_expense',
        to: 'cash',
        createdAt: new Date(),
        fresh,
        items: [
          { reference: other, userId: user.id, amount: 20, metadata: {} },
          { reference: taken, userId: user.id, amount: 50, metadata: {} },
        ],
      });
    await expect(batch(true)).rejects.toThrow();
    // Nothing of it was written: no new entry, no balance moved, the books still prove out.
    expect(await entriesOf([other])).toEqual([]);
    expect(await userBalance(db, user.id, 'cash')).toBe(50);
    expect(await platformBalance('yield_expense')).toBe(before);
    // Without the promise, the written one is skipped and the new one posted.
    expect([...(await batch(false)).keys()]).toEqual([other]);
    expect(await userBalance(db, user.id, 'cash')).toBe(70);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('passes whole numbers to PostgreSQL as one array parameter, and refuses anything else', async () => {
    const values = [0, -42, null, 9_007_199_254_740_991, -9_007_199_254_740_991];
    const text = '{0,-42,NULL,9007199254740991,-9007199254740991}';
    expect(wholeNumbers(values)).toBe(text);
    // Bound as one parameter, never written into the statement's text.
    const query = new PgDialect().sqlToQuery(sql`select unnest(${wholeNumbers(values)}::bigint[])`);
    expect(query).toEqual({ sql: 'select unnest($1::bigint[])', params: [text], typings: ['none'] });
    const rows = await queryRows<{ value: unknown }>(
      db,
      sql`select x.value from unnest(${wholeNumbers(values)}::bigint[]) with ordinality as x(value, n) order by x.n`,
    );
    expect(rows.map((row) => (row.value === null ? null : num(row.value)))).toEqual(values);
    expect(wholeNumbers([])).toBe('{}');
    for (const bad of [1.5, Number.NaN, Infinity, 2 ** 53, undefined as unknown as number])
      expect(() => wholeNumbers([1, bad])).toThrow(TypeError);
  });
});
