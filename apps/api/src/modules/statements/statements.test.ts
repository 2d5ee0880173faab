import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { users } from '@app/db';
import type { StatementListResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf, signIn } from '../../../test/accounts';
import {
  balanceOf,
  confirmPassword,
  depositThroughSandbox,
  signedInMember,
  type Member,
} from '../../../test/money';
import { createPlan, investIn } from '../../../test/investing';
import { postEntry, transfer } from '../../ledger/ledger';
import { queryRows, num } from '../../ledger/sql';
import { movementBatches } from './statements.repository';
import { loadStatementHeader } from './statements.service';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '1000000' });
const { db } = app.deps.database;
const DAY = 86_400_000;
let references = 0;

const month = (date = clock.now()) => date.toISOString().slice(0, 7);

async function credit(member: Member, cents: number) {
  const userId = member.user.id;
  references += 1;
  await db.transaction((tx) =>
    postEntry(
      tx,
      {
        kind: 'earning',
        reference: `earning:statement:${userId}:${references}`,
        userId,
        metadata: { plan_name: 'Starter' },
        postings: transfer({ platform: 'yield_expense' }, { userId, kind: 'cash' }, cents),
      },
      clock.now(),
    ),
  );
}

async function withdraw(member: Member, cents: number) {
  // The test clock runs days past the sign-in: a withdrawal needs the password again (decision 230).
  await confirmPassword(member);
  const response = await member.client.post(
    '/api/withdrawal',
    { amount: cents / 100, withdrawal_method: 'crypto', destination: 'wallet' },
    { token: member.token },
  );
  expect(response.statusCode).toBe(201);
}

async function withProfile(member: Member, language: 'en' | 'es' | 'ar' = 'en') {
  const response = await member.client.patch(
    '/api/profile/update',
    {
      first_name: 'Ada',
      last_name: 'Lovelace',
      address: '12 Byron Street',
      city: 'London',
      postal_code: 'SW1A 1AA',
      country: 'GB',
    },
    { token: member.token },
  );
  expect(response.statusCode).toBe(200);
  await db.update(users).set({ language }).where(eq(users.id, member.user.id));
}

/** Signs the member in again: a session left unused for 30 days (the clock moves here) has ended. */
async function signInAgain(member: Member) {
  member.token = await signIn(member.client, member.email);
}

const statement = (member: Member, path: string) =>
  member.client.get(`/api/statements/${path}`, { token: member.token });

interface CsvStatement {
  opening: number;
  closing: number;
  closingDate: string;
  movements: {
    date: string;
    type: string;
    description: string;
    amount: number;
    balance: number;
    id: string;
  }[];
  totals: Map<string, number>;
  header: Map<string, string>;
}

const cents = (text: string) => Math.round(Number(text) * 100);

/** Reads the CSV (no field of these tests holds a comma or a quote but the quoted address). */
function parseCsv(body: string): CsvStatement {
  const rows = body.split('\r\n').filter(Boolean);
  expect(rows[0]).toBe('section,date,type,description,amount_usd,balance_usd,id');
  const result: CsvStatement = {
    opening: NaN,
    closing: NaN,
    closingDate: '',
    movements: [],
    totals: new Map(),
    header: new Map(),
  };
  for (const row of rows.slice(1)) {
    const cells = row
      .match(/("([^"]|"")*"|[^,]*)(,|$)/g)!
      .map((cell) => cell.replace(/,$/, '').replace(/^"|"$/g, ''));
    const [section, date, type, description, amount, balance, id] = cells;
    if (section === 'header') result.header.set(type!, description!);
    else if (section === 'opening') result.opening = cents(balance!);
    else if (section === 'closing') {
      result.closing = cents(balance!);
      result.closingDate = date!;
    } else if (section === 'total') result.totals.set(type!, cents(amount!));
    else
      result.movements.push({
        date: date!,
        type: type!,
        description: description!,
        amount: cents(amount!),
        balance: cents(balance!),
        id: id!,
      });
  }
  return result;
}

async function csvOf(member: Member, yyyymm: string): Promise<CsvStatement> {
  const response = await statement(member, `${yyyymm}?format=csv`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  return parseCsv(response.body);
}

/** The member's cash balance at `instant` summed from the ledger's postings (not from the new column). */
async function ledgerBalanceBefore(userId: number, instant: Date): Promise<number> {
  const [row] = await queryRows<{ total: unknown }>(
    db,
    sql`select coalesce(sum(p.amount), 0) as total from ledger_postings p
      join ledger_accounts a on a.id = p.account_id and a.user_id = ${userId} and a.kind = 'cash'
      join ledger_entries e on e.id = p.entry_id and e.created_at < ${instant.toISOString()}::timestamptz`,
  );
  return num(row?.total);
}

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

const nextMonthStart = (yyyymm: string) => {
  const [y, m] = yyyymm.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1));
};

describe('GET /api/statements', () => {
  it("lists the member's months from the account's month to the current one, newest first", async () => {
    const member = await signedInMember(app);
    const first = month();
    clock.advance(40 * DAY);
    await signInAgain(member);
    const response = await member.client.get('/api/statements', { token: member.token });
    expect(response.statusCode).toBe(200);
    const months = response.json<StatementListResponse>().data.map((row) => row.month);
    expect(months[0]).toBe(month());
    expect(months.at(-1)).toBe(first);
    expect(months).toEqual([...months].sort().reverse());
    expect(months.length).toBeGreaterThanOrEqual(2);
  });

  it('needs a signed-in member', async () => {
    const member = await signedInMember(app);
    expect((await member.client.get('/api/statements')).statusCode).toBe(401);
    expect((await member.client.get(`/api/statements/${month()}`)).statusCode).toBe(401);
  });
});

describe('GET /api/statements/:month', () => {
  it('refuses a malformed month with a field error, and a month before the account or in the future with 404', async () => {
    const member = await signedInMember(app);
    for (const bad of ['2026-13', '2026-1', '26-01', 'abcd-ef', '2026-00']) {
      const response = await statement(member, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(errorOf(response).errors).toHaveProperty('month');
    }
    const badFormat = await statement(member, `${month()}?format=docx`);
    expect(badFormat.statusCode).toBe(400);
    expect(errorOf(badFormat).errors).toHaveProperty('format');
    const before = new Date(member.user.createdAt.getTime() - 40 * DAY);
    expect((await statement(member, month(before))).statusCode).toBe(404);
    const after = new Date(clock.now().getTime() + 40 * DAY);
    expect((await statement(member, month(after))).statusCode).toBe(404);
    expect((await statement(member, `${month(after)}?format=csv`)).statusCode).toBe(404);
  });

  it("gives each member their own movements only (there is no way to name another member's)", async () => {
    const a = await signedInMember(app);
    const b = await signedInMember(app);
    await credit(a, 1_234);
    await credit(b, 99);
    const [ofA, ofB] = [await csvOf(a, month()), await csvOf(b, month())];
    expect(ofA.movements.map((row) => row.amount)).toEqual([1_234]);
    expect(ofB.movements.map((row) => row.amount)).toEqual([99]);
    expect(ofB.closing).toBe(99);
  });

  it('as CSV: header rows, opening, movements with the balance after each, totals per type, closing', async () => {
    const member = await signedInMember(app);
    await withProfile(member);
    await depositThroughSandbox(member, '100.05');
    clock.advance(DAY);
    await withdraw(member, 3_000);
    await credit(member, 7);
    // An investment carries no plan name: the statement reads it from the member's plan.
    const plan = await createPlan(app, { name: 'Harbour Fund', minAmountCents: 10_00 });
    await investIn(member, plan.id, 50);
    const csv = await csvOf(member, month());
    expect(csv.header.get('member')).toBe('Ada Lovelace');
    expect(csv.header.get('address')).toBe('12 Byron Street, SW1A 1AA London, United Kingdom');
    expect(csv.header.get('platform')).toBeTruthy();
    expect(csv.movements.map((row) => row.type)).toEqual(['deposit', 'withdrawal', 'earning', 'investment']);
    expect(csv.movements.map((row) => row.description)).toEqual([
      expect.stringMatching(/^Deposit via NOWPayments \(.+\)$/),
      'Withdrawal to crypto wallet',
      'Earning: Starter',
      'Invested in Harbour Fund',
    ]);
    expect(csv.movements.map((row) => row.amount)).toEqual([10_005, -3_000, 7, -5_000]);
    expect(csv.movements.map((row) => row.balance)).toEqual([10_005, 7_005, 7_012, 2_012]);
    expect(csv.opening).toBe(0);
    expect(csv.closing).toBe(2_012);
    // The month is still running: its closing balance is today's, not one dated at the month's end.
    expect(csv.closingDate).toBe(clock.now().toISOString());
    expect([...csv.totals.values()].reduce((sum, total) => sum + total, 0)).toBe(2_012);
    expect((await balanceOf(member)).balance).toBe(20.12);
  });

  it('as PDF (the default): the platform, the member, the closing balance, in English, Spanish and Arabic', async () => {
    const member = await signedInMember(app);
    await withProfile(member);
    await credit(member, 123_456);
    const response = await statement(member, month());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="statement-${month()}.pdf"`);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('Closing balance');
    expect(text).toContain('$1,234.56');

    await db.update(users).set({ language: 'es' }).where(eq(users.id, member.user.id));
    const spanish = await pdfText((await statement(member, month())).rawPayload);
    expect(spanish).toContain('Saldo final');
    expect(spanish).toContain('1234,56');

    await db.update(users).set({ language: 'ar' }).where(eq(users.id, member.user.id));
    const arabic = await statement(member, month());
    expect(arabic.statusCode).toBe(200);
    const arabicText = await pdfText(arabic.rawPayload);
    expect(arabicText).toContain('Ada Lovelace');
    // Arabic words are drawn with the bundled Arabic font (shaped glyphs, not missing boxes).
    expect(arabic.rawPayload.toString('latin1')).toMatch(/NotoSansArabic/);
  });
});

describe('an early exit restated by migration 0073 (decision 186)', () => {
  it('says so in the statement, in the member’s language, beside the exit’s own row', async () => {
    const member = await signedInMember(app);
    await withProfile(member, 'es');
    const userId = member.user.id;
    const exit = (reference: string, metadata: object, cents: number) =>
      db.transaction((tx) =>
        postEntry(
          tx,
          {
            kind: 'plan_exit',
            reference,
            userId,
            metadata: { plan_name: 'Fixed 90', quote_id: 'q-1', ...metadata },
            postings: transfer({ platform: 'interest_income' }, { userId, kind: 'cash' }, cents),
          },
          clock.now(),
        ),
      );
    await exit('plan_exit:q-1', {}, 9_884);
    await exit('plan_exit:q-1:reclassified', { reclassified: true }, 116);
    const csv = await csvOf(member, month());
    expect(csv.movements.map((row) => [row.description, row.amount])).toEqual([
      ['Capital devuelto: salida anticipada de Fixed 90', 9_884],
      ['Resto del capital devuelto: salida anticipada de Fixed 90 reexpresada', 116],
    ]);
  });
});

describe('a corporate account (decision 185)', () => {
  it('is named by its business, the person as its holder, with the business email (CSV and PDF)', async () => {
    const member = await signedInMember(app);
    await withProfile(member);
    await db
      .update(users)
      .set({ accountType: 'business', businessName: 'Acme Ltd', businessEmail: 'billing@acme.test' })
      .where(eq(users.id, member.user.id));
    await credit(member, 500);
    const csv = await csvOf(member, month());
    expect(csv.header.get('member')).toBe('Acme Ltd (account holder: Ada Lovelace)');
    expect(csv.header.get('business_email')).toBe('billing@acme.test');
    const text = await pdfText((await statement(member, month())).rawPayload);
    expect(text).toContain('Acme Ltd (account holder: Ada Lovelace)');
    expect(text).toContain('billing@acme.test');
    await db.update(users).set({ language: 'es' }).where(eq(users.id, member.user.id));
    expect((await csvOf(member, month())).header.get('member')).toBe(
      'Acme Ltd (titular de la cuenta: Ada Lovelace)',
    );
  });

  it('a personal account has no business line', async () => {
    const member = await signedInMember(app);
    await withProfile(member);
    const csv = await csvOf(member, month());
    expect(csv.header.get('member')).toBe('Ada Lovelace');
    expect(csv.header.has('business_email')).toBe(false);
  });
});

describe('opening + movements = closing, against the ledger (property)', () => {
  it('holds for every month of random histories', async () => {
    const step = fc.record({
      days: fc.integer({ min: 0, max: 25 }),
      cents: fc.integer({ min: 1, max: 40_000 }),
      debit: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const member = await signedInMember(app);
        let balance = 0;
        for (const { days, cents: amount, debit } of steps) {
          clock.advance(days * DAY);
          if (debit && amount >= 100 && amount <= balance) {
            await signInAgain(member);
            await withdraw(member, amount);
            balance -= amount;
          } else if (!debit) {
            await credit(member, amount);
            balance += amount;
          }
        }
        await signInAgain(member);
        const list = await member.client.get('/api/statements', { token: member.token });
        const months = list
          .json<StatementListResponse>()
          .data.map((row) => row.month)
          .reverse();
        let previousClosing = 0;
        for (const yyyymm of months) {
          const csv = await csvOf(member, yyyymm);
          expect(csv.opening).toBe(previousClosing);
          let running = csv.opening;
          for (const movement of csv.movements) {
            running += movement.amount;
            expect(movement.balance).toBe(running);
          }
          expect(csv.closing).toBe(running);
          expect(csv.closing).toBe(await ledgerBalanceBefore(member.user.id, nextMonthStart(yyyymm)));
          // A past month closes at its last instant; the current one at the moment it was read.
          const monthEnd = new Date(nextMonthStart(yyyymm).getTime() - 1);
          expect(csv.closingDate).toBe(
            new Date(Math.min(monthEnd.getTime(), clock.now().getTime())).toISOString(),
          );
          previousClosing = csv.closing;
        }
        expect(previousClosing).toBe(balance);
      }),
      { numRuns: 25 },
    );
  });
});

describe('a statement read while the member’s ledger moves', () => {
  it('counts the entries there were when it was read: an entry posted while it streams is in neither its movements nor its totals', async () => {
    const member = await signedInMember(app);
    await credit(member, 10_000);
    await credit(member, 2_500);
    const header = await loadStatementHeader(app.deps, member.user, month());
    // The midnight accrual (or a collection) posts while the statement is being streamed.
    await credit(member, 777);
    const movements = [];
    for await (const batch of movementBatches(db, member.user.id, header.range, 1)) movements.push(...batch);
    expect(movements.map((movement) => movement.amount)).toEqual([10_000, 2_500]);
    expect(header.opening + movements.reduce((sum, movement) => sum + movement.amount, 0)).toBe(
      header.closing,
    );
    expect(header.closing).toBe(12_500);
    expect(header.totals).toEqual([{ type: 'earning', total: 12_500, entries: 2 }]);
    // The next read counts it.
    expect((await loadStatementHeader(app.deps, member.user, month())).closing).toBe(13_277);
  });
});
