import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, deposits, idempotencyKeys } from '@app/db';
import {
  DEPOSIT_MESSAGES,
  type AdminDepositListResponse,
  type CreateDepositResponse,
  type Deposit,
  type DepositListResponse,
  type NotificationListResponse,
} from '@app/shared';
import { ApiClient, createTestApp } from '../../../test/helpers';
import { errorOf, mailsTo } from '../../../test/accounts';
import {
  balanceOf,
  depositThroughSandbox,
  signedInAdmin,
  signedInMember,
  statementLine,
} from '../../../test/money';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

const depositCount = async (userId: number) =>
  (await db.select().from(deposits).where(eq(deposits.userId, userId))).length;

describe('POST /api/deposit', () => {
  it('gives the bank details with a unique reference for a bank transfer, and credits nothing yet', async () => {
    const member = await signedInMember(app);
    const response = await member.client.post(
      '/api/deposit',
      { amount: '250.50', payment_method: 'bank_transfer' },
      { token: member.token },
    );
    expect(response.statusCode).toBe(201);
    const body = response.json<CreateDepositResponse>();
    expect(body.payment_url).toBeNull();
    expect(body.deposit).toMatchObject({
      amount: 250.5,
      status: 'pending',
      currency: 'usd',
      credited_amount: 0,
    });
    expect(body.bank_details).toMatchObject({
      bank_name: expect.any(String) as string,
      reference: body.deposit.reference,
    });
    expect(body.deposit.reference).toMatch(/^DEP-[A-Z2-9]{8}$/);
    const other = await member.client.post(
      '/api/deposit',
      { amount: 10, payment_method: 'bank_transfer' },
      { token: member.token },
    );
    expect(other.json<CreateDepositResponse>().deposit.reference).not.toBe(body.deposit.reference);
    const me = await balanceOf(member);
    expect(me).toMatchObject({ balance: 0, total_deposit: 0 });
    const total = await member.client.get('/api/deposits/total', { token: member.token });
    expect(total.json()).toEqual({ total_deposits: 0 });
  });

  it('sends a gateway deposit to the sandbox checkout and credits only when the payment arrives', async () => {
    const member = await signedInMember(app);
    const created = await member.client.post(
      '/api/deposit',
      { amount: 100, payment_method: 'nowpayment' },
      { token: member.token },
    );
    expect(created.statusCode).toBe(201);
    const body = created.json<CreateDepositResponse>();
    expect(body.deposit.currency).toBe('btc');
    expect(body.payment_url).toBe(`/sandbox/checkout/${body.deposit.id}`);
    expect(body.bank_details).toBeNull();
    expect((await balanceOf(member)).balance).toBe(0);

    const page = await member.client.get(`/api/sandbox/checkout/${body.deposit.id}`, {
      token: member.token,
    });
    expect(page.json()).toEqual({
      id: body.deposit.id,
      amount: 100,
      payment_method: 'nowpayment',
      currency: 'btc',
      status: 'pending',
    });

    const paid = await member.client.post(
      `/api/sandbox/checkout/${body.deposit.id}/pay`,
      {},
      { token: member.token },
    );
    expect(paid.json()).toEqual({
      status: 'confirmed',
      redirect_url: `/dashboard?deposit=${body.deposit.id}`,
    });
    expect(await balanceOf(member)).toMatchObject({ balance: 100, total_deposit: 100 });
    // Paying again changes nothing.
    await member.client.post(`/api/sandbox/checkout/${body.deposit.id}/pay`, {}, { token: member.token });
    expect((await balanceOf(member)).balance).toBe(100);

    const mine = await member.client.get(`/api/deposits/${body.deposit.id}`, { token: member.token });
    expect(mine.json<Deposit>()).toMatchObject({ status: 'confirmed', credited_amount: 100 });
    const notifications = await member.client.get('/api/notifications', { token: member.token });
    const list = notifications.json<NotificationListResponse>();
    expect(list.unread_count).toBe(1);
    expect(list.data[0]).toMatchObject({
      kind: 'deposit_confirmed',
      title: 'Deposit confirmed',
      read_at: null,
    });
    expect((await mailsTo(app, member.email)).some((mail) => mail.subject === 'Deposit confirmed')).toBe(
      true,
    );
  });

  it('confirms a CoinPayments deposit in the chosen coin through the sandbox', async () => {
    const member = await signedInMember(app);
    const created = await member.client.post(
      '/api/deposit',
      { amount: 42.42, payment_method: 'coinpayment', currency: 'USDTTRC20' },
      { token: member.token },
    );
    const body = created.json<CreateDepositResponse>();
    expect(body.deposit.currency).toBe('usdttrc20');
    const paid = await member.client.post(
      `/api/sandbox/checkout/${body.deposit.id}/pay`,
      {},
      { token: member.token },
    );
    expect(paid.json<{ status: string }>().status).toBe('confirmed');
    expect((await balanceOf(member)).balance).toBe(42.42);
  });

  it('marks a deposit cancelled on the checkout as failed, with nothing credited', async () => {
    const member = await signedInMember(app);
    const body = (
      await member.client.post(
        '/api/deposit',
        { amount: 30, payment_method: 'coinpayment' },
        { token: member.token },
      )
    ).json<CreateDepositResponse>();
    const cancelled = await member.client.post(
      `/api/sandbox/checkout/${body.deposit.id}/cancel`,
      {},
      { token: member.token },
    );
    expect(cancelled.json<{ status: string }>().status).toBe('failed');
    const paidLater = await member.client.post(
      `/api/sandbox/checkout/${body.deposit.id}/pay`,
      {},
      { token: member.token },
    );
    expect(paidLater.json<{ status: string }>().status).toBe('failed');
    expect((await balanceOf(member)).balance).toBe(0);
  });

  it.each([
    [{ amount: 0, payment_method: 'bank_transfer' }, DEPOSIT_MESSAGES.invalidAmount],
    [{ amount: -10, payment_method: 'bank_transfer' }, DEPOSIT_MESSAGES.invalidAmount],
    [{ amount: '10.123', payment_method: 'bank_transfer' }, 'Amount may have at most 2 decimals.'],
    [{ amount: '99999999999999', payment_method: 'bank_transfer' }, 'Amount is too large.'],
    [{ amount: 0.5, payment_method: 'nowpayment' }, DEPOSIT_MESSAGES.minimum],
    [{ amount: 10, payment_method: 'paypal' }, DEPOSIT_MESSAGES.invalidMethod],
    [{ amount: 10, payment_method: 'nowpayment', currency: 'dogecoin' }, DEPOSIT_MESSAGES.invalidCurrency],
    [{ payment_method: 'bank_transfer' }, DEPOSIT_MESSAGES.invalidAmount],
  ])('refuses %j with a message and creates nothing', async (payload, message) => {
    const member = await signedInMember(app);
    const response = await member.client.post('/api/deposit', payload, { token: member.token });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(message);
    expect(await depositCount(member.user.id)).toBe(0);
  });

  it('needs a member token: none is 401, an admin token is 403', async () => {
    const member = await signedInMember(app);
    const anonymous = await member.client.post('/api/deposit', {
      amount: 10,
      payment_method: 'bank_transfer',
    });
    expect(anonymous.statusCode).toBe(401);
    const admin = await signedInAdmin(app);
    const asAdmin = await admin.client.post(
      '/api/deposit',
      { amount: 10, payment_method: 'bank_transfer' },
      { token: admin.token },
    );
    expect(asAdmin.statusCode).toBe(403);
    expect((await admin.client.get('/api/deposits', { token: admin.token })).statusCode).toBe(403);
  });

  it('answers the same Idempotency-Key with the stored answer, byte for byte, and 422 for another body', async () => {
    const member = await signedInMember(app);
    const headers = { 'idempotency-key': 'deposit-key-1' };
    const payload = { amount: 20, payment_method: 'bank_transfer' };
    const first = await member.client.post('/api/deposit', payload, { token: member.token, headers });
    const second = await member.client.post('/api/deposit', payload, { token: member.token, headers });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(await depositCount(member.user.id)).toBe(1);
    const other = await member.client.post(
      '/api/deposit',
      { ...payload, amount: 21 },
      { token: member.token, headers },
    );
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).code).toBe('IDEMPOTENCY_MISMATCH');
    // Keys are per member: another member's same key is a new request.
    const someoneElse = await signedInMember(app);
    const theirs = await someoneElse.client.post('/api/deposit', payload, {
      token: someoneElse.token,
      headers,
    });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.body).not.toBe(first.body);
  });
});

describe('the sandbox checkout is its member’s own', () => {
  async function pendingDeposit(member: Awaited<ReturnType<typeof signedInMember>>, method: string) {
    const created = await member.client.post(
      '/api/deposit',
      { amount: 40, payment_method: method },
      { token: member.token },
    );
    expect(created.statusCode).toBe(201);
    return created.json<CreateDepositResponse>().deposit;
  }

  it('answers 404 to another member on GET, pay and cancel, and the deposit stays pending', async () => {
    const owner = await signedInMember(app);
    const other = await signedInMember(app);
    for (const method of ['nowpayment', 'coinpayment']) {
      const deposit = await pendingDeposit(owner, method);
      const path = `/api/sandbox/checkout/${deposit.id}`;
      const page = await other.client.get(path, { token: other.token });
      expect(page.statusCode).toBe(404);
      expect(errorOf(page).message).toBe(DEPOSIT_MESSAGES.notFound);
      expect((await other.client.post(`${path}/pay`, {}, { token: other.token })).statusCode).toBe(404);
      expect((await other.client.post(`${path}/cancel`, {}, { token: other.token })).statusCode).toBe(404);
      const mine = await owner.client.get(`/api/deposits/${deposit.id}`, { token: owner.token });
      expect(mine.json<Deposit>()).toMatchObject({ status: 'pending', credited_amount: 0 });
    }
    expect((await balanceOf(owner)).balance).toBe(0);
    expect((await balanceOf(other)).balance).toBe(0);
  });

  it('answers 401 when signed out, and changes nothing', async () => {
    const owner = await signedInMember(app);
    const deposit = await pendingDeposit(owner, 'nowpayment');
    const visitor = new ApiClient(app);
    const path = `/api/sandbox/checkout/${deposit.id}`;
    expect((await visitor.get(path)).statusCode).toBe(401);
    expect((await visitor.post(`${path}/pay`)).statusCode).toBe(401);
    const cancel = await visitor.post(`${path}/cancel`);
    expect(cancel.statusCode).toBe(401);
    expect(errorOf(cancel).code).toBe('UNAUTHENTICATED');
    const mine = await owner.client.get(`/api/deposits/${deposit.id}`, { token: owner.token });
    expect(mine.json<Deposit>().status).toBe('pending');
  });

  it('lets the owner read, cancel and pay their own', async () => {
    const owner = await signedInMember(app);
    const first = await pendingDeposit(owner, 'coinpayment');
    const page = await owner.client.get(`/api/sandbox/checkout/${first.id}`, { token: owner.token });
    expect(page.json()).toMatchObject({ id: first.id, status: 'pending' });
    const cancelled = await owner.client.post(
      `/api/sandbox/checkout/${first.id}/cancel`,
      {},
      { token: owner.token },
    );
    expect(cancelled.json()).toEqual({
      status: 'failed',
      redirect_url: `/dashboard?deposit=${first.id}&payment=cancelled`,
    });
    const second = await pendingDeposit(owner, 'nowpayment');
    const paid = await owner.client.post(
      `/api/sandbox/checkout/${second.id}/pay`,
      {},
      { token: owner.token },
    );
    expect(paid.json<{ status: string }>().status).toBe('confirmed');
    expect((await balanceOf(owner)).balance).toBe(40);
  });
});

describe('Idempotency-Key in flight', () => {
  it('answers 409 while a request with the key is still being processed, and changes nothing', async () => {
    const member = await signedInMember(app);
    const payload = { amount: 20, payment_method: 'bank_transfer' };
    // The first request's claim, as the plugin writes it before running the handler.
    const first = await member.client.post('/api/deposit', payload, {
      token: member.token,
      headers: { 'idempotency-key': 'probe' },
    });
    const [claim] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'probe'));
    expect(first.statusCode).toBe(201);
    await db.insert(idempotencyKeys).values({
      userId: member.user.id,
      key: 'busy',
      requestHash: claim!.requestHash,
      status: 'in_flight',
      createdAt: clock.now(),
    });
    const busy = await member.client.post('/api/deposit', payload, {
      token: member.token,
      headers: { 'idempotency-key': 'busy' },
    });
    expect(busy.statusCode).toBe(409);
    expect(await depositCount(member.user.id)).toBe(1);
  });
});

describe('GET /api/deposits', () => {
  it('lists the member’s own deposits, newest first, and hides other members’ deposits', async () => {
    const member = await signedInMember(app);
    const other = await signedInMember(app);
    await member.client.post(
      '/api/deposit',
      { amount: 10, payment_method: 'bank_transfer' },
      { token: member.token },
    );
    clock.advance(1000);
    await depositThroughSandbox(member, 15);
    const theirs = (
      await other.client.post(
        '/api/deposit',
        { amount: 99, payment_method: 'bank_transfer' },
        { token: other.token },
      )
    ).json<CreateDepositResponse>();
    const list = (
      await member.client.get('/api/deposits', { token: member.token })
    ).json<DepositListResponse>();
    expect(list.data.map((deposit) => deposit.amount)).toEqual([15, 10]);
    expect(list.meta).toEqual({ current_page: 1, total_pages: 1, total: 2 });
    const peek = await member.client.get(`/api/deposits/${theirs.deposit.id}`, { token: member.token });
    expect(peek.statusCode).toBe(404);
    expect((await member.client.get('/api/deposits/total', { token: member.token })).json()).toEqual({
      total_deposits: 15,
    });
    // The figure comes with the token's read, which requests that arrive together share: each
    // member still reads their own, as it stands after the last credit.
    await depositThroughSandbox(other, 120);
    const totals = await Promise.all(
      [member, other, member, other].map((who) =>
        who.client.get('/api/deposits/total', { token: who.token }).then((response) => response.json()),
      ),
    );
    expect(totals).toEqual([15, 120, 15, 120].map((total) => ({ total_deposits: total })));
  });
});

describe('admin deposits', () => {
  it('confirms a pending bank transfer once, audited, and the member is credited and told', async () => {
    const member = await signedInMember(app);
    const admin = await signedInAdmin(app);
    const created = (
      await member.client.post(
        '/api/deposit',
        { amount: 500, payment_method: 'bank_transfer' },
        { token: member.token },
      )
    ).json<CreateDepositResponse>();
    const queue = (
      await admin.client.get('/api/admin/deposits?status=pending', { token: admin.token })
    ).json<AdminDepositListResponse>();
    expect(queue.data.some((row) => row.id === created.deposit.id && row.user.id === member.user.id)).toBe(
      true,
    );

    const asMember = await member.client.post(
      `/api/admin/deposits/${created.deposit.id}/confirm`,
      statementLine(created.deposit, `STMT-${created.deposit.id}`),
      { token: member.token },
    );
    expect(asMember.statusCode).toBe(403);

    const confirmed = await admin.client.post(
      `/api/admin/deposits/${created.deposit.id}/confirm`,
      statementLine(created.deposit, `STMT-${created.deposit.id}`),
      { token: admin.token },
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<{ deposit: { status: string } }>().deposit.status).toBe('confirmed');
    expect(await balanceOf(member)).toMatchObject({ balance: 500, total_deposit: 500 });

    const again = await admin.client.post(
      `/api/admin/deposits/${created.deposit.id}/confirm`,
      statementLine(created.deposit, `STMT-${created.deposit.id}`),
      { token: admin.token },
    );
    expect(again.statusCode).toBe(409);
    expect((await balanceOf(member)).balance).toBe(500);
    const audits = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'deposit.confirmed'), eq(auditLog.subjectId, String(created.deposit.id))),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: admin.user.id,
      before: { status: 'pending' },
      after: { status: 'confirmed' },
    });
  });

  it('rejects with a reason (required), credits nothing, and tells the member', async () => {
    const member = await signedInMember(app);
    const admin = await signedInAdmin(app);
    const created = (
      await member.client.post(
        '/api/deposit',
        { amount: 70, payment_method: 'bank_transfer' },
        { token: member.token },
      )
    ).json<CreateDepositResponse>();
    const noReason = await admin.client.post(
      `/api/admin/deposits/${created.deposit.id}/reject`,
      { reason: ' ' },
      { token: admin.token },
    );
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).errors?.reason).toEqual(['Write the message the member will read.']);
    const rejected = await admin.client.post(
      `/api/admin/deposits/${created.deposit.id}/reject`,
      { reason: 'No transfer received' },
      { token: admin.token },
    );
    expect(rejected.statusCode).toBe(200);
    expect((await balanceOf(member)).balance).toBe(0);
    const mine = (
      await member.client.get(`/api/deposits/${created.deposit.id}`, { token: member.token })
    ).json<Deposit>();
    expect(mine.status).toBe('rejected');
    const confirmAfter = await admin.client.post(
      `/api/admin/deposits/${created.deposit.id}/confirm`,
      statementLine(created.deposit, `STMT-${created.deposit.id}`),
      { token: admin.token },
    );
    expect(confirmAfter.statusCode).toBe(409);
    const missing = await admin.client.post(
      '/api/admin/deposits/999999/confirm',
      statementLine(created.deposit),
      { token: admin.token },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('does not confirm gateway deposits by hand', async () => {
    const member = await signedInMember(app);
    const admin = await signedInAdmin(app);
    const created = (
      await member.client.post(
        '/api/deposit',
        { amount: 70, payment_method: 'nowpayment' },
        { token: member.token },
      )
    ).json<CreateDepositResponse>();
    const response = await admin.client.post(
      `/api/admin/deposits/${created.deposit.id}/confirm`,
      statementLine(created.deposit, `STMT-${created.deposit.id}`),
      { token: admin.token },
    );
    expect(response.statusCode).toBe(422);
    expect((await balanceOf(member)).balance).toBe(0);
  });
});

describe('deposit expiry', () => {
  it('expires a pending gateway deposit after 24 hours (dev clock runs the job); bank transfers wait', async () => {
    const member = await signedInMember(app);
    const gateway = (
      await member.client.post(
        '/api/deposit',
        { amount: 12, payment_method: 'nowpayment' },
        { token: member.token },
      )
    ).json<CreateDepositResponse>();
    const bank = (
      await member.client.post(
        '/api/deposit',
        { amount: 12, payment_method: 'bank_transfer' },
        { token: member.token },
      )
    ).json<CreateDepositResponse>();
    await member.client.post('/api/dev/clock', { advance_minutes: 23 * 60 });
    const before = (
      await member.client.get(`/api/deposits/${gateway.deposit.id}`, { token: member.token })
    ).json<Deposit>();
    expect(before.status).toBe('pending');
    const advanced = await member.client.post('/api/dev/clock', { advance_minutes: 61 });
    expect(advanced.json<{ jobs: string[] }>().jobs).toContain('deposit-expiry');
    const after = (
      await member.client.get(`/api/deposits/${gateway.deposit.id}`, { token: member.token })
    ).json<Deposit>();
    expect(after.status).toBe('expired');
    const stillPending = (
      await member.client.get(`/api/deposits/${bank.deposit.id}`, { token: member.token })
    ).json<Deposit>();
    expect(stillPending.status).toBe('pending');
    expect((await balanceOf(member)).balance).toBe(0);
  });
});
