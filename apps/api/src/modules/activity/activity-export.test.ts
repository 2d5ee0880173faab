import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACTIVITY_MESSAGES, type ActivityResponse } from '@app/shared';
import { createTestApp, ApiClient } from '../../../test/helpers';
import { errorOf } from '../../../test/accounts';
import { confirmPassword, depositThroughSandbox, signedInMember, type Member } from '../../../test/money';
import { postEntry, transfer } from '../../ledger/ledger';
import { centsToPlainDecimal, csvField, exportActivity } from './activity.service';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
const DAY = 86_400_000;

async function creditEarning(userId: number, cents: number, reference: string) {
  await db.transaction((tx) =>
    postEntry(
      tx,
      {
        kind: 'earning',
        reference,
        userId,
        metadata: { plan_name: 'Starter, "Gold"' },
        postings: transfer({ platform: 'yield_expense' }, { userId, kind: 'cash' }, cents),
      },
      clock.now(),
    ),
  );
}

/**
 * A member with a deposit and one never paid (pending), a withdrawal and three earnings on five
 * different days.
 */
async function memberWithHistory(): Promise<{ member: Member; days: string[] }> {
  const member = await signedInMember(app);
  const days: string[] = [];
  const mark = () => days.push(clock.now().toISOString().slice(0, 10));
  mark();
  await depositThroughSandbox(member, '100.05');
  const pending = await member.client.post(
    '/api/deposit',
    { amount: 25, payment_method: 'nowpayment' },
    { token: member.token },
  );
  expect(pending.statusCode).toBe(201);
  clock.advance(DAY);
  mark();
  // A day after the sign-in: the withdrawal needs the password again (decision 230).
  await confirmPassword(member);
  const withdrawal = await member.client.post(
    '/api/withdrawal',
    { amount: 30, withdrawal_method: 'crypto', destination: 'wallet' },
    { token: member.token },
  );
  expect(withdrawal.statusCode).toBe(201);
  for (let i = 0; i < 3; i += 1) {
    clock.advance(DAY);
    mark();
    await creditEarning(member.user.id, 7 + i, `earning:export:${member.user.id}:${i}`);
  }
  return { member, days };
}

const exportCsv = (member: Member, query = '') =>
  member.client.get(`/api/activity/export${query}`, { token: member.token });

const lines = (body: string) => body.split('\r\n').filter((line) => line !== '');

describe('GET /api/activity/export', () => {
  it('streams every row of the filters as CSV: header, ISO dates, plain decimal amounts and balances, newest first', async () => {
    const { member } = await memberWithHistory();
    const response = await exportCsv(member);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );

    const [header, ...rows] = lines(response.body);
    expect(header).toBe('date,type,description,amount_usd,balance_after_usd,points,status,id');
    expect(rows).toHaveLength(6);
    const cells = rows.map((row) => row.split(','));
    expect(cells.map((cell) => cell[1])).toEqual([
      'earning',
      'earning',
      'earning',
      'withdrawal',
      'deposit',
      'deposit',
    ]);
    expect(rows[0]).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,earning,"Earning: Starter, ""Gold""",0\.09,70\.29,,completed,entry:\d+$/,
    );
    expect(rows[3]).toMatch(/,withdrawal,Withdrawal to crypto wallet,-30\.00,70\.05,,pending,entry:\d+$/);
    expect(rows[4]).toMatch(
      /,deposit,Deposit via NOWPayments \([^)]+\),100\.05,100\.05,,confirmed,entry:\d+$/,
    );
    // Never paid: its status, and no amount or balance.
    expect(rows[5]).toMatch(/,deposit,Deposit via NOWPayments \([^)]+\),,,,pending,deposit:\d+$/);

    // The same rows as the paged list shows.
    const list = await member.client.get('/api/activity?per_page=100', { token: member.token });
    expect(rows.map((row) => row.split(',').at(-1))).toEqual(
      list.json<ActivityResponse>().data.map((item) => item.id),
    );
  });

  it('applies the type and date filters', async () => {
    const { member, days } = await memberWithHistory();
    const earnings = lines((await exportCsv(member, '?type=earning')).body);
    expect(earnings.slice(1).map((row) => row.split(',')[1])).toEqual(['earning', 'earning', 'earning']);

    const oneDay = lines((await exportCsv(member, `?start_date=${days[1]}&end_date=${days[1]}`)).body);
    expect(oneDay).toHaveLength(2);
    expect(oneDay[1]).toContain(',withdrawal,');

    const none = lines((await exportCsv(member, '?type=points_conversion')).body);
    expect(none).toEqual(['date,type,description,amount_usd,balance_after_usd,points,status,id']);
  });

  it('reads in keyset batches without losing or repeating a row at batch edges', async () => {
    const { member } = await memberWithHistory();
    for (const batch of [1, 2, 4, 5]) {
      let csv = '';
      for await (const chunk of exportActivity(db, member.user.id, {}, { batchSize: batch })) csv += chunk;
      const ids = lines(csv)
        .slice(1)
        .map((row) => row.split(',').at(-1));
      // The credited deposit and the pending one share an instant: a batch edge falls between them.
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(6);
    }
  });

  it('shows only the member’s own rows', async () => {
    const { member } = await memberWithHistory();
    const other = await signedInMember(app);
    const otherDeposit = await depositThroughSandbox(other, 42);
    const theirs = lines((await exportCsv(other)).body);
    expect(theirs).toHaveLength(2);
    expect(theirs[1]).toContain(`(${otherDeposit.deposit.reference}),42.00,42.00,`);
    const mine = lines((await exportCsv(member)).body);
    expect(mine).toHaveLength(7);
    expect(mine.join('\n')).not.toContain(otherDeposit.deposit.reference);
  });

  it('writes the descriptions in the member’s language', async () => {
    const { member } = await memberWithHistory();
    await db.execute(sql`update users set language = 'es' where id = ${member.user.id}`);
    const spanish = lines((await exportCsv(member)).body);
    expect(spanish[1]).toContain(',"Ganancia: Starter, ""Gold""",0.09,');
    expect(spanish[4]).toContain(',Retiro a billetera cripto,-30.00,');
    await db.execute(sql`update users set language = 'ar' where id = ${member.user.id}`);
    const arabic = lines((await exportCsv(member)).body);
    expect(arabic[4]).toContain(',سحب إلى محفظة عملات مشفرة,-30.00,');
  });

  it.each([
    ['?type=bonus', 'type', ACTIVITY_MESSAGES.invalidType],
    ['?start_date=2026-13-40', 'start_date', 'Enter a date as YYYY-MM-DD.'],
    [
      '?start_date=2026-03-05&end_date=2026-03-01',
      'end_date',
      'The end date must be on or after the start date.',
    ],
  ])('answers 400 with a field error for %s', async (query, field, message) => {
    const member = await signedInMember(app);
    const response = await exportCsv(member, query);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', errors: { [field]: [message] } });
  });

  it('needs a session', async () => {
    expect((await new ApiClient(app).get('/api/activity/export')).statusCode).toBe(401);
  });
});

describe('CSV helpers', () => {
  it('writes cents as plain decimals', () => {
    expect([0, 5, 100, 123456, -3000, -1].map(centsToPlainDecimal)).toEqual([
      '0.00',
      '0.05',
      '1.00',
      '1234.56',
      '-30.00',
      '-0.01',
    ]);
  });

  it('quotes fields and defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
  });
});
