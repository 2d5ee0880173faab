import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, idempotencyKeys, withdrawalDestinations, withdrawals } from '@app/db';
import {
  MAX_SAVED_DESTINATIONS,
  WITHDRAWAL_MESSAGES,
  type AdminWithdrawalListResponse,
  type CreateWithdrawalResponse,
  type DestinationListResponse,
  type DestinationResponse,
  type NotificationListResponse,
  type WithdrawalHistoryResponse,
} from '@app/shared';
import { IDEMPOTENCY_OUTCOME_UNKNOWN } from '../../plugins/idempotency';
import { createTestApp } from '../../../test/helpers';
import { errorOf, mailsTo } from '../../../test/accounts';
import {
  balanceOf,
  depositThroughSandbox,
  signedInAdmin,
  signedInMember,
  type Member,
} from '../../../test/money';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

const withdraw = (member: Member, body: Record<string, unknown>, headers?: Record<string, string>) =>
  member.client.post('/api/withdrawal', body, { token: member.token, ...(headers ? { headers } : {}) });

const rowsOf = async (userId: number) => db.select().from(withdrawals).where(eq(withdrawals.userId, userId));

async function fundedMember(amount = 100) {
  const member = await signedInMember(app);
  await depositThroughSandbox(member, amount);
  return member;
}

describe('POST /api/withdrawal', () => {
  it('holds the amount at once and shows the request as pending, the account number masked', async () => {
    const member = await fundedMember(100);
    const response = await withdraw(member, {
      amount: '40.25',
      withdrawal_method: 'bank_transfer',
      destination: 'Example Bank, account 123456789012, routing 021000021',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<CreateWithdrawalResponse>();
    expect(body.message).toBe('Withdrawal request submitted successfully!');
    expect(body.withdrawal).toMatchObject({
      amount: 40.25,
      status: 'pending',
      withdrawal_method: 'bank_transfer',
      reason: null,
    });
    expect(body.withdrawal.destination).toBe('Example Bank, account •••• 9012, routing •••• 0021');
    expect((await balanceOf(member)).balance).toBe(59.75);
    const history = (
      await member.client.get('/api/withdrawal/history', { token: member.token })
    ).json<WithdrawalHistoryResponse>();
    expect(history).toMatchObject({ current_page: 1, last_page: 1 });
    expect(history.data.map((row) => row.id)).toEqual([body.withdrawal.id]);
  });

  it('refuses more than the balance (422) and changes nothing', async () => {
    const member = await fundedMember(50);
    const response = await withdraw(member, {
      amount: 50.01,
      withdrawal_method: 'crypto',
      destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: WITHDRAWAL_MESSAGES.insufficientFunds,
    });
    expect(await rowsOf(member.user.id)).toHaveLength(0);
    expect((await balanceOf(member)).balance).toBe(50);
  });

  it('needs a verified email', async () => {
    const member = await signedInMember(app, { verified: false });
    const response = await withdraw(member, { amount: 5, withdrawal_method: 'crypto', destination: 'x' });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Please verify your email address first.',
    });
  });

  it.each([
    [{ amount: 0, withdrawal_method: 'crypto', destination: 'x' }, WITHDRAWAL_MESSAGES.invalidAmount],
    [{ amount: -5, withdrawal_method: 'crypto', destination: 'x' }, WITHDRAWAL_MESSAGES.invalidAmount],
    [
      { amount: '5.001', withdrawal_method: 'crypto', destination: 'x' },
      'Amount may have at most 2 decimals.',
    ],
    [{ amount: '1e20', withdrawal_method: 'crypto', destination: 'x' }, WITHDRAWAL_MESSAGES.invalidAmount],
    [{ amount: '99999999999999', withdrawal_method: 'crypto', destination: 'x' }, 'Amount is too large.'],
    [{ amount: 0.5, withdrawal_method: 'crypto', destination: 'x' }, WITHDRAWAL_MESSAGES.minimum],
    [{ amount: 5, withdrawal_method: 'paypal', destination: 'x' }, WITHDRAWAL_MESSAGES.invalidMethod],
    [{ amount: 5, withdrawal_method: 'crypto', destination: '   ' }, WITHDRAWAL_MESSAGES.destinationRequired],
    [{ amount: 5, withdrawal_method: 'crypto' }, WITHDRAWAL_MESSAGES.destinationRequired],
  ])('refuses %j with a message and changes nothing', async (payload, message) => {
    const member = await fundedMember(20);
    const response = await withdraw(member, payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(message);
    expect(await rowsOf(member.user.id)).toHaveLength(0);
    expect((await balanceOf(member)).balance).toBe(20);
  });

  it('accepts exactly 10 of 20 simultaneous withdrawals of $10 against a balance of $100', async () => {
    const member = await fundedMember(100);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        withdraw(member, { amount: 10, withdrawal_method: 'crypto', destination: 'wallet' }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 422)).toHaveLength(10);
    expect((await balanceOf(member)).balance).toBe(0);
    expect(await rowsOf(member.user.id)).toHaveLength(10);
  });

  it('replays an Idempotency-Key answer instead of holding twice', async () => {
    const member = await fundedMember(100);
    const body = { amount: 30, withdrawal_method: 'crypto', destination: 'wallet' };
    const headers = { 'idempotency-key': 'w-1' };
    const [first, second] = await Promise.all([
      withdraw(member, body, headers),
      withdraw(member, body, headers),
    ]);
    const codes = [first.statusCode, second.statusCode].sort();
    // Either the second waited for the stored answer or was told the first is still in flight.
    expect(codes[0]).toBe(201);
    expect([201, 409]).toContain(codes[1]);
    const third = await withdraw(member, body, headers);
    expect(third.statusCode).toBe(201);
    expect(third.body).toBe((first.statusCode === 201 ? first : second).body);
    expect((await balanceOf(member)).balance).toBe(70);
    expect((await withdraw(member, { ...body, amount: 31 }, headers)).statusCode).toBe(422);
  });

  it('never runs again a key left in flight by a request that died: its outcome is unknown (decision 213)', async () => {
    const member = await fundedMember(100);
    const body = { amount: 25, withdrawal_method: 'crypto', destination: 'wallet' };
    // The same request by another member, answered: its stored hash is what this body hashes to.
    const other = await fundedMember(100);
    expect((await withdraw(other, body, { 'idempotency-key': 'w-probe' })).statusCode).toBe(201);
    const [probe] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, other.user.id), eq(idempotencyKeys.key, 'w-probe')));
    const hash = probe?.requestHash ?? '';
    const now = app.deps.clock.now().getTime();
    // As a request leaves its key when its process dies between claiming it and answering.
    await db.insert(idempotencyKeys).values([
      {
        userId: member.user.id,
        key: 'w-stuck',
        requestHash: hash,
        status: 'in_flight',
        createdAt: new Date(now - 61_000),
      },
      {
        userId: member.user.id,
        key: 'w-fresh',
        requestHash: hash,
        status: 'in_flight',
        createdAt: new Date(now - 10_000),
      },
    ]);
    const fresh = await withdraw(member, body, { 'idempotency-key': 'w-fresh' });
    expect(fresh.statusCode).toBe(409);
    expect(errorOf(fresh).message).toBe('A request with this Idempotency-Key is still in flight.');
    expect((await balanceOf(member)).balance).toBe(100);

    // The process may have committed the hold before it died: running the request again could hold twice.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const stuck = await withdraw(member, body, { 'idempotency-key': 'w-stuck' });
      expect(stuck.statusCode).toBe(409);
      expect(errorOf(stuck).message).toBe(IDEMPOTENCY_OUTCOME_UNKNOWN);
    }
    expect((await balanceOf(member)).balance).toBe(100);
    // A new key is a new request.
    expect((await withdraw(member, body, { 'idempotency-key': 'w-new' })).statusCode).toBe(201);
    expect((await balanceOf(member)).balance).toBe(75);
  });

  it('stores a 500 like any answer: the same key replays it and holds nothing (decision 213)', async () => {
    const member = await fundedMember(100);
    const body = { amount: 25, withdrawal_method: 'crypto', destination: 'wallet' };
    const headers = { 'idempotency-key': 'w-500' };
    // A real failure inside the withdrawal's transaction, for this member only.
    await db.execute(
      sql.raw(
        "CREATE FUNCTION test_refuse_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$",
      ),
    );
    await db.execute(
      sql.raw(
        `CREATE TRIGGER test_refuse_withdrawal BEFORE INSERT ON withdrawals FOR EACH ROW WHEN (NEW.user_id = ${member.user.id}) EXECUTE FUNCTION test_refuse_withdrawal()`,
      ),
    );
    let failed;
    try {
      failed = await withdraw(member, body, headers);
    } finally {
      await db.execute(sql.raw('DROP TRIGGER test_refuse_withdrawal ON withdrawals'));
      await db.execute(sql.raw('DROP FUNCTION test_refuse_withdrawal()'));
    }
    expect(failed.statusCode).toBe(500);
    const replay = await withdraw(member, body, headers);
    expect(replay.statusCode).toBe(500);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(failed.body);
    expect(await rowsOf(member.user.id)).toHaveLength(0);
    expect((await balanceOf(member)).balance).toBe(100);
    expect((await withdraw(member, body, { 'idempotency-key': 'w-501' })).statusCode).toBe(201);
    expect((await balanceOf(member)).balance).toBe(75);
  });

  it('refuses an admin token', async () => {
    const admin = await signedInAdmin(app);
    const response = await admin.client.post(
      '/api/withdrawal',
      { amount: 5, withdrawal_method: 'crypto', destination: 'x' },
      { token: admin.token },
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('admin withdrawals', () => {
  it('approves a pending withdrawal: paid out, audited, the member told; a second decision is 409', async () => {
    const member = await fundedMember(100);
    const admin = await signedInAdmin(app);
    const created = (
      await withdraw(member, {
        amount: 60,
        withdrawal_method: 'crypto',
        destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      })
    ).json<CreateWithdrawalResponse>();
    const queue = (
      await admin.client.get('/api/admin/withdrawals?status=pending', { token: admin.token })
    ).json<AdminWithdrawalListResponse>();
    const queued = queue.data.find((row) => row.id === created.withdrawal.id);
    expect(queued).toMatchObject({
      user: { id: member.user.id },
      destination_full: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    expect(
      (
        await member.client.post(
          `/api/admin/withdrawals/${created.withdrawal.id}/approve`,
          {},
          { token: member.token },
        )
      ).statusCode,
    ).toBe(403);

    const approved = await admin.client.post(
      `/api/admin/withdrawals/${created.withdrawal.id}/approve`,
      {},
      { token: admin.token },
    );
    expect(approved.statusCode).toBe(200);
    expect((await balanceOf(member)).balance).toBe(40);
    const history = (
      await member.client.get('/api/withdrawal/history', { token: member.token })
    ).json<WithdrawalHistoryResponse>();
    expect(history.data[0]).toMatchObject({ id: created.withdrawal.id, status: 'approved' });
    const again = await admin.client.post(
      `/api/admin/withdrawals/${created.withdrawal.id}/reject`,
      { reason: 'late' },
      { token: admin.token },
    );
    expect(again.statusCode).toBe(409);
    const audits = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.subjectType, 'withdrawal'), eq(auditLog.subjectId, String(created.withdrawal.id))),
      );
    expect(audits).toMatchObject([
      {
        action: 'withdrawal.approved',
        actorId: admin.user.id,
        before: { status: 'pending' },
        after: { status: 'approved' },
      },
    ]);
    const notes = (
      await member.client.get('/api/notifications', { token: member.token })
    ).json<NotificationListResponse>();
    expect(notes.data[0]).toMatchObject({ kind: 'withdrawal_approved' });
    expect((await mailsTo(app, member.email)).some((mail) => mail.subject === 'Withdrawal approved')).toBe(
      true,
    );
  });

  it('rejects with a reason: the hold returns to the balance and the member sees the reason', async () => {
    const member = await fundedMember(100);
    const admin = await signedInAdmin(app);
    const created = (
      await withdraw(member, { amount: 25, withdrawal_method: 'crypto', destination: 'wallet' })
    ).json<CreateWithdrawalResponse>();
    expect((await balanceOf(member)).balance).toBe(75);
    const noReason = await admin.client.post(
      `/api/admin/withdrawals/${created.withdrawal.id}/reject`,
      {},
      { token: admin.token },
    );
    expect(noReason.statusCode).toBe(400);
    const rejected = await admin.client.post(
      `/api/admin/withdrawals/${created.withdrawal.id}/reject`,
      { reason: 'Address belongs to a sanctioned exchange' },
      { token: admin.token },
    );
    expect(rejected.statusCode).toBe(200);
    expect((await balanceOf(member)).balance).toBe(100);
    const history = (
      await member.client.get('/api/withdrawal/history', { token: member.token })
    ).json<WithdrawalHistoryResponse>();
    expect(history.data[0]).toMatchObject({
      status: 'rejected',
      reason: 'Address belongs to a sanctioned exchange',
    });
    expect(
      (await admin.client.post('/api/admin/withdrawals/999999/approve', {}, { token: admin.token }))
        .statusCode,
    ).toBe(404);
  });
});

describe('admin withdrawal queue order', () => {
  it('lists pending requests oldest first (the order they are worked in), all of them newest first', async () => {
    const admin = await signedInAdmin(app);
    const body = { amount: 5, withdrawal_method: 'crypto', destination: 'wallet' };
    const first = (await withdraw(await fundedMember(10), body)).json<CreateWithdrawalResponse>();
    clock.advance(60_000);
    const second = (await withdraw(await fundedMember(10), body)).json<CreateWithdrawalResponse>();
    const idsOf = async (query: string) =>
      (await admin.client.get(`/api/admin/withdrawals${query}`, { token: admin.token }))
        .json<AdminWithdrawalListResponse>()
        .data.map((row) => row.id)
        .filter((id) => id === first.withdrawal.id || id === second.withdrawal.id);
    expect(await idsOf('?status=pending&per_page=100')).toEqual([first.withdrawal.id, second.withdrawal.id]);
    expect(await idsOf('?per_page=100')).toEqual([second.withdrawal.id, first.withdrawal.id]);
  });
});

describe('history paging', () => {
  it('gives 10 per page with current_page and last_page', async () => {
    const member = await fundedMember(100);
    for (let i = 0; i < 12; i += 1)
      await withdraw(member, { amount: 1, withdrawal_method: 'crypto', destination: 'wallet' });
    const page2 = (
      await member.client.get('/api/withdrawal/history?page=2', { token: member.token })
    ).json<WithdrawalHistoryResponse>();
    expect(page2).toMatchObject({ current_page: 2, last_page: 2 });
    expect(page2.data).toHaveLength(2);
    expect(
      (await member.client.get('/api/withdrawal/history?page=0', { token: member.token })).statusCode,
    ).toBe(400);
  });
});

describe('saved destinations', () => {
  const bank = {
    kind: 'bank',
    bank_name: 'Example Bank',
    account_name: 'Ada Lovelace',
    account_number: '1234 5678 9012',
    routing_number: '021000021',
  };
  const wallet = {
    kind: 'crypto',
    asset: 'USDT',
    network: 'trc20',
    address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
    label: 'Tron wallet',
  };

  it('saves, lists (masked), updates and deletes a member’s own destinations', async () => {
    const member = await fundedMember(100);
    const created = await member.client.post('/api/withdrawal-destinations', bank, { token: member.token });
    expect(created.statusCode).toBe(201);
    const saved = created.json<DestinationResponse>().destination;
    expect(saved).toMatchObject({ kind: 'bank', account_number: '•••• 9012', is_default: true });
    const second = (
      await member.client.post(
        '/api/withdrawal-destinations',
        { ...wallet, is_default: true },
        { token: member.token },
      )
    ).json<DestinationResponse>().destination;
    const list = (
      await member.client.get('/api/withdrawal-destinations', { token: member.token })
    ).json<DestinationListResponse>();
    expect(list.data.map((row) => [row.id, row.is_default])).toEqual([
      [second.id, true],
      [saved.id, false],
    ]);
    const updated = await member.client.patch(
      `/api/withdrawal-destinations/${saved.id}`,
      { ...bank, bank_name: 'Other Bank' },
      { token: member.token },
    );
    expect(updated.json<DestinationResponse>().destination.bank_name).toBe('Other Bank');

    // Withdrawing to a saved destination stores its full details for the operator.
    const response = await withdraw(member, {
      amount: 10,
      withdrawal_method: 'bank_transfer',
      destination: 'saved',
      destination_id: saved.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<CreateWithdrawalResponse>().withdrawal.destination).toBe(
      'Other Bank, Ada Lovelace, account •••• 9012, routing •••• 0021',
    );
    const mismatch = await withdraw(member, {
      amount: 10,
      withdrawal_method: 'crypto',
      destination: 'saved',
      destination_id: saved.id,
    });
    expect(mismatch.statusCode).toBe(422);

    expect(
      (await member.client.delete(`/api/withdrawal-destinations/${saved.id}`, { token: member.token }))
        .statusCode,
    ).toBe(200);
    expect(
      (await member.client.delete(`/api/withdrawal-destinations/${saved.id}`, { token: member.token }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps at most 20 destinations: one more is a 422 that saves nothing; saves and edits at once keep one default', async () => {
    const member = await fundedMember(10);
    const save = (n: number, isDefault = false) =>
      member.client.post(
        '/api/withdrawal-destinations',
        { ...wallet, label: `Wallet ${n}`, is_default: isDefault },
        { token: member.token },
      );
    const stored = async () =>
      db
        .select({ id: withdrawalDestinations.id, isDefault: withdrawalDestinations.isDefault })
        .from(withdrawalDestinations)
        .where(eq(withdrawalDestinations.userId, member.user.id));
    // The first saves arrive together: counted one after the other, only one becomes the default.
    const together = await Promise.all([1, 2, 3, 4].map((n) => save(n)));
    expect(together.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    expect((await stored()).filter((row) => row.isDefault)).toHaveLength(1);
    // A save and an edit that each make theirs the default, at once: one default stays.
    const edited = (await stored())[1]!;
    const [made, changed] = await Promise.all([
      save(5, true),
      member.client.patch(
        `/api/withdrawal-destinations/${edited.id}`,
        { ...wallet, is_default: true },
        { token: member.token },
      ),
    ]);
    expect([made.statusCode, changed.statusCode]).toEqual([201, 200]);
    expect((await stored()).filter((row) => row.isDefault)).toHaveLength(1);
    for (let n = 6; n < MAX_SAVED_DESTINATIONS; n += 1) expect((await save(n)).statusCode).toBe(201);
    // Two saves at once for the last place: one is saved, the other refused.
    const last = await Promise.all([save(100), save(101)]);
    expect(last.map((response) => response.statusCode).sort()).toEqual([201, 422]);
    const refused = last.find((response) => response.statusCode === 422)!;
    expect(errorOf(refused).message).toBe(WITHDRAWAL_MESSAGES.destinationLimit);
    expect(errorOf(refused).message).toBe('You can save up to 20 destinations. Delete one to save another.');
    expect(await stored()).toHaveLength(MAX_SAVED_DESTINATIONS);
    const list = (
      await member.client.get('/api/withdrawal-destinations', { token: member.token })
    ).json<DestinationListResponse>();
    expect(list.data).toHaveLength(MAX_SAVED_DESTINATIONS);
    // Deleting one makes room again.
    const oldest = list.data[list.data.length - 1];
    await member.client.delete(`/api/withdrawal-destinations/${oldest?.id}`, { token: member.token });
    expect((await save(102)).statusCode).toBe(201);
    expect(await stored()).toHaveLength(MAX_SAVED_DESTINATIONS);
  });

  it('hides another member’s destination (404) and refuses to withdraw to it', async () => {
    const owner = await fundedMember(10);
    const other = await fundedMember(10);
    const saved = (
      await owner.client.post('/api/withdrawal-destinations', wallet, { token: owner.token })
    ).json<DestinationResponse>().destination;
    expect(
      (await other.client.patch(`/api/withdrawal-destinations/${saved.id}`, wallet, { token: other.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await other.client.delete(`/api/withdrawal-destinations/${saved.id}`, { token: other.token }))
        .statusCode,
    ).toBe(404);
    const response = await withdraw(other, {
      amount: 5,
      withdrawal_method: 'crypto',
      destination: 'x',
      destination_id: saved.id,
    });
    expect(response.statusCode).toBe(404);
    expect((await balanceOf(other)).balance).toBe(10);
  });

  it.each([
    [
      { ...wallet, address: '0x52908400098527886E0F7030069857D2E4169EE7' },
      'address',
      WITHDRAWAL_MESSAGES.addressInvalid,
    ],
    [{ ...wallet, asset: 'BTC' }, 'network', WITHDRAWAL_MESSAGES.networkInvalid],
    [{ ...wallet, asset: 'DOGE' }, 'asset', WITHDRAWAL_MESSAGES.assetInvalid],
    [{ ...bank, account_number: '12' }, 'account_number', WITHDRAWAL_MESSAGES.accountNumberInvalid],
    [{ ...bank, routing_number: '12345' }, 'routing_number', WITHDRAWAL_MESSAGES.routingNumberInvalid],
    [{ ...bank, bank_name: '' }, 'bank_name', WITHDRAWAL_MESSAGES.bankNameRequired],
  ])('refuses %j with the field’s message', async (payload, field, message) => {
    const member = await signedInMember(app);
    const response = await member.client.post('/api/withdrawal-destinations', payload, {
      token: member.token,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors?.[field]).toEqual([message]);
    const list = (
      await member.client.get('/api/withdrawal-destinations', { token: member.token })
    ).json<DestinationListResponse>();
    expect(list.data).toHaveLength(0);
  });
});
