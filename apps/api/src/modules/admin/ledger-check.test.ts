import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LedgerCheckResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { depositThroughSandbox, signedInAdmin, signedInMember } from '../../../test/money';

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });

describe('GET /api/admin/ledger/check', () => {
  it('proves the books balance after real movements, for admins only', async () => {
    const admin = await signedInAdmin(app);
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 80);
    await member.client.post(
      '/api/withdrawal',
      { amount: 30, withdrawal_method: 'crypto', destination: 'wallet' },
      { token: member.token },
    );
    const response = await admin.client.get('/api/admin/ledger/check', { token: admin.token });
    expect(response.statusCode).toBe(200);
    const check = response.json<LedgerCheckResponse>();
    expect(check).toMatchObject({
      ok: true,
      postings_sum: 0,
      unbalanced_entries: [],
      mismatched_accounts: [],
      duplicate_references: 0,
    });
    expect(check.entries_checked).toBe(2);
    // The platform's accounts: the deposit came from outside ($80), the $30 withdrawal is only held.
    expect(check.platform_accounts).toContainEqual({ kind: 'external', balance: -80 });
    expect(check.platform_accounts.map((row) => row.kind)).toEqual(
      expect.arrayContaining([
        'external',
        'interest_income',
        'rewards_expense',
        'yield_expense',
        'adjustments',
      ]),
    );
    expect((await member.client.get('/api/admin/ledger/check', { token: member.token })).statusCode).toBe(
      403,
    );
  });

  it('reports a cached balance that no longer matches its postings', async () => {
    const admin = await signedInAdmin(app);
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 10);
    const { db } = app.deps.database;
    // Someone edits a balance behind the ledger's back (the CHECK allows a positive number).
    await db.execute(
      sql`update ledger_accounts set balance = balance + 1 where user_id = ${member.user.id} and kind = 'cash'`,
    );
    const check = (
      await admin.client.get('/api/admin/ledger/check', { token: admin.token })
    ).json<LedgerCheckResponse>();
    expect(check.ok).toBe(false);
    expect(check.mismatched_accounts).toEqual([
      expect.objectContaining({
        user_id: member.user.id,
        kind: 'cash',
        cached_balance: 10.01,
        postings_balance: 10,
        problem: 'cached_balance_differs',
      }),
    ]);
    // Put it back, so the file's closing ledger check holds.
    await db.execute(
      sql`update ledger_accounts set balance = balance - 1 where user_id = ${member.user.id} and kind = 'cash'`,
    );
  });
});
