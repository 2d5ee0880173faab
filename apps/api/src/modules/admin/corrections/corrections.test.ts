import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, balanceCorrections, ledgerEntries } from '@app/db';
import {
  CORRECTION_MESSAGES,
  type ActivityResponse,
  type CorrectionActionResponse,
  type CorrectionListResponse,
  type NotificationListResponse,
} from '@app/shared';
import { createTestApp } from '../../../../test/helpers';
import { PASSWORD, errorOf } from '../../../../test/accounts';
import { signInAdminAs } from '../../../../test/admin';
import { balanceOf, depositThroughSandbox, signedInMember, type Member } from '../../../../test/money';
import { checkLedger } from '../../../ledger/check';

/** Balance corrections (issue 37 item 2, decision 182): four eyes, the ledger, Activity, audit. */

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
const finance = await signInAdminAs(app, 'finance');
const secondFinance = await signInAdminAs(app, 'finance');
const superadmin = await signInAdminAs(app, 'superadmin');
const support = await signInAdminAs(app, 'support');

type Who = { client: Member['client']; token: string };
const post = (who: Who, url: string, body: Record<string, unknown> = {}) =>
  who.client.post(url, body, { token: who.token });

async function propose(member: Member, overrides: Record<string, unknown> = {}) {
  const response = await post(finance, '/api/admin/corrections', {
    user_id: member.user.id,
    direction: 'credit',
    amount: '12.50',
    member_reason: 'Duplicate gateway fee refunded',
    note: 'Ticket 881: fee charged twice',
    reference: 'TICKET-881',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CorrectionActionResponse>().correction;
}

async function ledgerOk() {
  const check = await checkLedger(db);
  expect(check.ok, JSON.stringify(check)).toBe(true);
}

const cashOf = async (member: Member) => (await balanceOf(member)).balance;

describe('balance corrections', () => {
  it('a credit proposed by one admin and approved by another posts once, shows in Activity, notifies and audits', async () => {
    const member = await signedInMember(app);
    const correction = await propose(member);
    expect(correction).toMatchObject({
      status: 'pending',
      amount: 12.5,
      direction: 'credit',
      proposed_by_email: finance.email,
    });
    expect(await cashOf(member)).toBe(0);

    const own = await post(finance, `/api/admin/corrections/${correction.id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).message).toBe(CORRECTION_MESSAGES.ownCorrection);
    expect(await cashOf(member)).toBe(0);

    const approved = await post(secondFinance, `/api/admin/corrections/${correction.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<CorrectionActionResponse>().correction).toMatchObject({
      status: 'approved',
      proposed_by_email: finance.email,
    });
    expect(await cashOf(member)).toBe(12.5);

    const again = await post(superadmin, `/api/admin/corrections/${correction.id}/approve`);
    expect(again.statusCode).toBe(409);
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `correction:${correction.id}`));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.kind).toBe('adjustment');

    const activity = await member.client.get('/api/activity', { token: member.token });
    const row = activity.json<ActivityResponse>().data.find((item) => item.type === 'adjustment');
    expect(row).toMatchObject({
      amount: 12.5,
      description: 'Balance adjustment: Duplicate gateway fee refunded',
    });
    expect(JSON.stringify(activity.json())).not.toContain('Ticket 881');

    const notes = await member.client.get('/api/notifications', { token: member.token });
    expect(notes.json<NotificationListResponse>().data.map((item) => item.kind)).toContain(
      'balance_corrected',
    );

    const audit = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.subjectType, 'balance_correction'), eq(auditLog.subjectId, String(correction.id))),
      );
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual(
      expect.arrayContaining([
        ['correction.proposed', finance.user.id],
        ['correction.approved', secondFinance.user.id],
      ]),
    );
    // The proposal's entry keeps what the member reads, and the internal note as its reason.
    expect(audit.find((entry) => entry.action === 'correction.proposed')).toMatchObject({
      after: { member_reason: 'Duplicate gateway fee refunded', amount: 12.5, direction: 'credit' },
      reason: expect.stringContaining('Ticket 881'),
    });
    await ledgerOk();
  });

  it('a debit that would overdraw is refused at approval (422), nothing moves; one within the balance posts', async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 30);
    const tooMuch = await propose(member, { direction: 'debit', amount: 30.01 });
    const refused = await post(superadmin, `/api/admin/corrections/${tooMuch.id}/approve`);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toBe(CORRECTION_MESSAGES.wouldOverdraw);
    expect(await cashOf(member)).toBe(30);
    const [still] = await db.select().from(balanceCorrections).where(eq(balanceCorrections.id, tooMuch.id));
    expect(still!.status).toBe('pending');

    const debit = await propose(member, { direction: 'debit', amount: 30 });
    const ok = await post(secondFinance, `/api/admin/corrections/${debit.id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await cashOf(member)).toBe(0);
    await ledgerOk();
  });

  it('a closed account takes no credit: one proposed before it closed is refused at approval; a debit may be proposed', async () => {
    const member = await signedInMember(app);
    const before = await propose(member);
    const closed = await member.client.post(
      '/api/account/close',
      { password: PASSWORD },
      { token: member.token },
    );
    expect(closed.statusCode).toBe(200);

    const approval = await post(secondFinance, `/api/admin/corrections/${before.id}/approve`);
    expect(approval.statusCode).toBe(409);
    expect(errorOf(approval).message).toBe(CORRECTION_MESSAGES.closedAccount);
    const [row] = await db.select().from(balanceCorrections).where(eq(balanceCorrections.id, before.id));
    expect(row).toMatchObject({ status: 'pending', entryId: null });
    const credit = await post(finance, '/api/admin/corrections', {
      user_id: member.user.id,
      direction: 'credit',
      amount: '5',
      member_reason: 'Goodwill',
      note: 'Ticket 990',
      reference: 'TICKET-990',
    });
    expect(credit.statusCode).toBe(409);
    expect(errorOf(credit).message).toBe(CORRECTION_MESSAGES.closedAccount);
    expect((await propose(member, { direction: 'debit' })).status).toBe('pending');
    await ledgerOk();
  });

  it('reject (another admin) and withdraw (the proposer only) close a correction without moving money', async () => {
    const member = await signedInMember(app);
    const first = await propose(member);
    const ownReject = await post(finance, `/api/admin/corrections/${first.id}/reject`, { reason: 'no' });
    expect(ownReject.statusCode).toBe(403);
    const rejected = await post(secondFinance, `/api/admin/corrections/${first.id}/reject`, {
      reason: 'Not owed',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<CorrectionActionResponse>().correction.status).toBe('rejected');

    const second = await propose(member);
    const otherWithdraw = await post(secondFinance, `/api/admin/corrections/${second.id}/withdraw`, {
      reason: 'x',
    });
    expect(otherWithdraw.statusCode).toBe(403);
    const withdrawn = await post(finance, `/api/admin/corrections/${second.id}/withdraw`, { reason: 'Typo' });
    expect(withdrawn.statusCode).toBe(200);
    const late = await post(secondFinance, `/api/admin/corrections/${second.id}/approve`);
    expect(late.statusCode).toBe(409);
    expect(await cashOf(member)).toBe(0);

    const list = await finance.client.get(`/api/admin/corrections?user_id=${member.user.id}`, {
      token: finance.token,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<CorrectionListResponse>().data.map((item) => item.status)).toEqual([
      'withdrawn',
      'rejected',
    ]);
    // The queue names who proposed each one (the back office shows the address).
    expect(list.json<CorrectionListResponse>().data.map((item) => item.proposed_by_email)).toEqual([
      finance.email,
      finance.email,
    ]);
    await ledgerOk();
  });

  it('a proposal sent again with its Idempotency-Key (a lost answer) is answered once: one pending correction', async () => {
    const member = await signedInMember(app);
    const body = {
      user_id: member.user.id,
      direction: 'credit',
      amount: '7',
      member_reason: 'Fee refunded',
      note: 'Ticket 990',
      reference: 'TICKET-990',
    };
    const send = () =>
      finance.client.post('/api/admin/corrections', body, {
        token: finance.token,
        headers: { 'idempotency-key': `propose-${member.user.id}` },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<CorrectionActionResponse>().correction.id).toBe(
      first.json<CorrectionActionResponse>().correction.id,
    );
    const rows = await db
      .select()
      .from(balanceCorrections)
      .where(eq(balanceCorrections.userId, member.user.id));
    expect(rows).toHaveLength(1);
  });

  it('bad input is a 400 with field errors, an unknown member or correction a 404; nothing is written', async () => {
    const member = await signedInMember(app);
    const before = (await db.select().from(balanceCorrections)).length;
    const bad = await post(finance, '/api/admin/corrections', {
      user_id: member.user.id,
      direction: 'sideways',
      amount: '-3',
      member_reason: ' ',
      note: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).errors ?? {})).toEqual(
      expect.arrayContaining(['direction', 'amount', 'member_reason', 'note', 'reference']),
    );
    const unknown = await post(finance, '/api/admin/corrections', {
      user_id: 99_999_999,
      direction: 'credit',
      amount: 1,
      member_reason: 'x',
      note: 'x',
      reference: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    const admin = await post(finance, '/api/admin/corrections', {
      user_id: superadmin.user.id,
      direction: 'credit',
      amount: 1,
      member_reason: 'x',
      note: 'x',
      reference: 'x',
    });
    expect(admin.statusCode).toBe(404);
    expect((await post(secondFinance, '/api/admin/corrections/99999999/approve')).statusCode).toBe(404);
    expect((await db.select().from(balanceCorrections)).length).toBe(before);
  });

  it('a member token on every route is refused (401/403), support too, and no token is 401', async () => {
    const member = await signedInMember(app);
    const correction = await propose(member);
    const routes: [string, string][] = [
      ['GET', '/api/admin/corrections'],
      ['POST', '/api/admin/corrections'],
      ['POST', `/api/admin/corrections/${correction.id}/approve`],
      ['POST', `/api/admin/corrections/${correction.id}/reject`],
      ['POST', `/api/admin/corrections/${correction.id}/withdraw`],
    ];
    for (const [method, url] of routes) {
      for (const who of [member, support]) {
        const response =
          method === 'GET'
            ? await who.client.get(url, { token: who.token })
            : await post(who, url, { reason: 'x', user_id: member.user.id });
        expect([401, 403], `${method} ${url}`).toContain(response.statusCode);
      }
      const anonymous = method === 'GET' ? await member.client.get(url) : await member.client.post(url, {});
      expect([401, 403]).toContain(anonymous.statusCode);
    }
    const [row] = await db.select().from(balanceCorrections).where(eq(balanceCorrections.id, correction.id));
    expect(row!.status).toBe('pending');
    expect(await cashOf(member)).toBe(0);
    await ledgerOk();
  });

  it('the ledger check proves corrections: an approved one without its entry breaks it', async () => {
    const member = await signedInMember(app);
    const [forged] = await db
      .insert(balanceCorrections)
      .values({
        userId: member.user.id,
        direction: 'credit',
        amount: 700,
        memberReason: 'x',
        note: 'x',
        reference: 'x',
        status: 'approved',
        createdAt: new Date(),
      })
      .returning();
    try {
      const check = await checkLedger(db);
      expect(check.ok).toBe(false);
      expect(check.mismatchedCorrections).toEqual(
        expect.arrayContaining([
          { correctionId: forged!.id, field: 'entry', expected: 700, actual: 0 },
          expect.objectContaining({ correctionId: null, field: 'adjustments_account' }),
        ]),
      );
    } finally {
      await db.delete(balanceCorrections).where(eq(balanceCorrections.id, forged!.id));
    }
    await ledgerOk();
  });
});
