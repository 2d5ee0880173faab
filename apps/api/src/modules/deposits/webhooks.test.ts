import { describe, expect, it } from 'vitest';
import { desc, eq, like } from 'drizzle-orm';
import { deposits, ledgerEntries } from '@app/db';
import type { CreateDepositResponse, Deposit } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf } from '../../../test/accounts';
import { fakeCoinPayments, fakeNowPayments } from '../../../test/fake-gateways';
import { balanceOf, signedInMember, type Member } from '../../../test/money';
import { hmacSha512Hex } from '../../integrations/payments/coinpayments';
import { signNowPayments } from '../../integrations/payments/nowpayments';
import { ConfigError, loadConfig } from '../../config';
import { expireDueDeposits } from './deposit-crediting.service';
import { creditedCents, handleCoinPaymentsIpn, handleNowPaymentsIpn } from './webhooks.service';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
const secrets = app.deps.payments.secrets;

async function startDeposit(
  member: Member,
  amount: number,
  method: 'nowpayment' | 'coinpayment',
  currency = 'btc',
) {
  const response = await member.client.post(
    '/api/deposit',
    { amount, payment_method: method, currency },
    { token: member.token },
  );
  expect(response.statusCode).toBe(201);
  return response.json<CreateDepositResponse>().deposit;
}

function nowIpn(depositId: number, overrides: Record<string, unknown> = {}) {
  return {
    payment_id: 900_000 + depositId,
    invoice_id: `sandbox-nowpayments-${depositId}`,
    payment_status: 'finished',
    pay_address: 'bc1qexample',
    price_amount: 100,
    price_currency: 'usd',
    pay_amount: 0.002,
    actually_paid: 0.002,
    pay_currency: 'btc',
    order_id: String(depositId),
    order_description: 'Deposit',
    outcome_amount: 0.00199,
    outcome_currency: 'btc',
    ...overrides,
  };
}

async function sendNow(body: Record<string, unknown>, secret = secrets.nowpaymentsIpnSecret, target = app) {
  return target.inject({
    method: 'POST',
    url: '/api/webhooks/nowpayments',
    headers: { 'content-type': 'application/json', 'x-nowpayments-sig': signNowPayments(body, secret) },
    payload: JSON.stringify(body),
  });
}

function coinIpn(depositId: number, overrides: Record<string, string> = {}) {
  return new URLSearchParams({
    ipn_version: '1.0',
    ipn_type: 'api',
    ipn_mode: 'hmac',
    ipn_id: `ipn-${depositId}`,
    merchant: secrets.coinpaymentsMerchantId,
    txn_id: `sandbox-coinpayments-${depositId}`,
    status: '100',
    status_text: 'Complete',
    currency1: 'USD',
    currency2: 'BTC',
    amount1: '100.00',
    amount2: '0.002',
    invoice: String(depositId),
    ...overrides,
  }).toString();
}

async function sendCoin(body: string, secret = secrets.coinpaymentsIpnSecret) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/coinpayments',
    headers: { 'content-type': 'application/x-www-form-urlencoded', hmac: hmacSha512Hex(secret, body) },
    payload: body,
  });
}

const statusOf = async (member: Member, id: number) =>
  (await member.client.get(`/api/deposits/${id}`, { token: member.token })).json<Deposit>();

describe('NOWPayments IPN', () => {
  it('credits a finished payment once, however many times it is delivered', async () => {
    const member = await signedInMember(app);
    const deposit = await startDeposit(member, 100, 'nowpayment');
    const body = nowIpn(deposit.id);
    for (let i = 0; i < 3; i += 1) {
      const response = await sendNow(body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'IPN processed.', status: 'confirmed' });
    }
    expect((await balanceOf(member)).balance).toBe(100);
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(like(ledgerEntries.reference, `deposit:${deposit.id}:%`));
    expect(entries).toHaveLength(1);
  });

  it('refuses a forged, missing or tampered signature with 401 and changes nothing', async () => {
    const member = await signedInMember(app);
    const deposit = await startDeposit(member, 100, 'nowpayment');
    const forged = await sendNow(nowIpn(deposit.id), 'not-the-secret');
    expect(forged.statusCode).toBe(401);
    expect(errorOf(forged).message).toBe('Invalid signature.');
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/webhooks/nowpayments',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(nowIpn(deposit.id)),
    });
    expect(unsigned.statusCode).toBe(401);
    const signedBody = nowIpn(deposit.id, { price_amount: 1 });
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/webhooks/nowpayments',
      headers: {
        'content-type': 'application/json',
        'x-nowpayments-sig': signNowPayments(signedBody, secrets.nowpaymentsIpnSecret),
      },
      payload: JSON.stringify({ ...signedBody, price_amount: 100 }),
    });
    expect(tampered.statusCode).toBe(401);
    expect((await statusOf(member, deposit.id)).status).toBe('pending');
    expect((await balanceOf(member)).balance).toBe(0);
  });

  it('never moves a status backwards: late waiting/confirming/failed after finished change nothing', async () => {
    const member = await signedInMember(app);
    const deposit = await startDeposit(member, 100, 'nowpayment');
    expect(
      (await sendNow(nowIpn(deposit.id, { payment_status: 'confirming', actually_paid: 0 }))).statusCode,
    ).toBe(200);
    expect((await sendNow(nowIpn(deposit.id))).json<{ status: string }>().status).toBe('confirmed');
    for (const status of ['waiting', 'confirming', 'failed', 'expired']) {
      const late = await sendNow(nowIpn(deposit.id, { payment_status: status, actually_paid: 0 }));
      expect(late.statusCode).toBe(200);
      expect(late.json<{ status: string }>().status).toBe('confirmed');
    }
    const [row] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(row).toMatchObject({ status: 'confirmed', gatewayStatus: 'finished', credited: 10_000 });
    expect((await balanceOf(member)).balance).toBe(100);
  });

  it('refuses a payment whose amount or currency differs from the deposit (422) and credits nothing', async () => {
    const member = await signedInMember(app);
    const deposit = await startDeposit(member, 100, 'nowpayment');
    const wrongAmount = await sendNow(nowIpn(deposit.id, { price_amount: 1000 }));
    expect(wrongAmount.statusCode).toBe(422);
    expect(errorOf(wrongAmount).message).toContain('amount');
    const wrongCoin = await sendNow(nowIpn(deposit.id, { pay_currency: 'eth' }));
    expect(wrongCoin.statusCode).toBe(422);
    const wrongFiat = await sendNow(nowIpn(deposit.id, { price_currency: 'eur' }));
    expect(wrongFiat.statusCode).toBe(422);
    const unknown = await sendNow(nowIpn(987_654));
    expect(unknown.statusCode).toBe(404);
    expect((await statusOf(member, deposit.id)).status).toBe('pending');
    expect((await balanceOf(member)).balance).toBe(0);
  });

  it('credits a partial payment with what arrived, then the rest when it is finished', async () => {
    const member = await signedInMember(app);
    const deposit = await startDeposit(member, 100, 'nowpayment');
    // A third of the crypto arrived: $33.33 (rounded down).
    const partial = await sendNow(
      nowIpn(deposit.id, { payment_status: 'partially_paid', pay_amount: 0.003, actually_paid: 0.001 }),
    );
    expect(partial.json<{ status: string }>().status).toBe('partially_paid');
    expect(await statusOf(member, deposit.id)).toMatchObject({
      status: 'partially_paid',
      credited_amount: 33.33,
    });
    expect((await balanceOf(member)).balance).toBe(33.33);
    // The same partial notification again credits nothing more.
    await sendNow(
      nowIpn(deposit.id, { payment_status: 'partially_paid', pay_amount: 0.003, actually_paid: 0.001 }),
    );
    expect((await balanceOf(member)).balance).toBe(33.33);
    const finished = await sendNow(nowIpn(deposit.id, { pay_amount: 0.003, actually_paid: 0.003 }));
    expect(finished.json<{ status: string }>().status).toBe('confirmed');
    expect(await balanceOf(member)).toMatchObject({ balance: 100, total_deposit: 100 });
  });

  it('confirms a payment the gateway finished short, with what arrived (decision 032): it is done', async () => {
    const member = await signedInMember(app);
    const deposit = await startDeposit(member, 100, 'nowpayment');
    // The exchange the member paid from took its fee from the amount sent: 99.98% arrived.
    const finished = await sendNow(nowIpn(deposit.id, { pay_amount: 0.005, actually_paid: 0.004999 }));
    expect(finished.json<{ status: string }>().status).toBe('confirmed');
    expect(await statusOf(member, deposit.id)).toMatchObject({ status: 'confirmed', credited_amount: 99.98 });
    expect(await balanceOf(member)).toMatchObject({ balance: 99.98, total_deposit: 99.98 });
  });

  it('credits an overpaid invoice at its price and logs the excess for the operator (ids and amounts only)', async () => {
    const member = await signedInMember(app);
    const deposit = await startDeposit(member, 100, 'nowpayment');
    const lines: { fields: Record<string, unknown>; message: unknown }[] = [];
    const log = {
      warn: (fields: unknown, message?: unknown) =>
        lines.push({ fields: fields as Record<string, unknown>, message }),
    };
    // Straight to the service, with a logger that keeps its lines.
    const deliver = (ipn: Record<string, unknown>) =>
      handleNowPaymentsIpn(
        app.deps,
        JSON.stringify(ipn),
        signNowPayments(ipn, secrets.nowpaymentsIpnSecret),
        log,
      );
    const body = nowIpn(deposit.id, { pay_amount: 0.002, actually_paid: 0.0035 });
    await deliver(body);
    expect(await balanceOf(member)).toMatchObject({ balance: 100, total_deposit: 100 });
    expect(lines).toEqual([
      {
        fields: {
          gateway: 'nowpayment',
          deposit_id: String(deposit.id),
          payment_id: String(900_000 + deposit.id),
          gateway_status: 'finished',
          pay_amount: '0.002',
          actually_paid: '0.0035',
          pay_currency: 'btc',
        },
        message: 'payment above its invoice: the excess is not credited; settle it with a balance correction',
      },
    ]);
    // The same notification again, and a gateway's earlier `confirming` with the overpaid figure
    // already in it: nothing more to say (only the delivery that confirms the deposit logs).
    await deliver(body);
    const early = await startDeposit(member, 100, 'nowpayment');
    const confirming = nowIpn(early.id, {
      payment_status: 'confirming',
      pay_amount: 0.002,
      actually_paid: 0.0035,
    });
    await deliver(confirming);
    expect(lines).toHaveLength(1);
    // Paid exactly: nothing to say.
    const exact = await startDeposit(member, 100, 'nowpayment');
    await deliver(nowIpn(exact.id));
    expect(lines).toHaveLength(1);
  });

  it('marks an expired payment expired with nothing credited, and still credits money that arrives later', async () => {
    const member = await signedInMember(app);
    const deposit = await startDeposit(member, 100, 'nowpayment');
    const expired = await sendNow(nowIpn(deposit.id, { payment_status: 'expired', actually_paid: 0 }));
    expect(expired.json<{ status: string }>().status).toBe('expired');
    expect((await balanceOf(member)).balance).toBe(0);
    const late = await sendNow(nowIpn(deposit.id));
    expect(late.json<{ status: string }>().status).toBe('confirmed');
    expect((await balanceOf(member)).balance).toBe(100);
  });

  it('keeps a failed payment failed', async () => {
    const member = await signedInMember(app);
    const deposit = await startDeposit(member, 100, 'nowpayment');
    expect(
      (await sendNow(nowIpn(deposit.id, { payment_status: 'failed', actually_paid: 0 }))).json<{
        status: string;
      }>().status,
    ).toBe('failed');
    expect((await sendNow(nowIpn(deposit.id))).json<{ status: string }>().status).toBe('failed');
    expect((await balanceOf(member)).balance).toBe(0);
  });
});

describe('a notification of another invoice naming our deposit', () => {
  it('NOWPayments: refused with 422 and logged; a confirmed deposit is not taken back', async () => {
    const member = await signedInMember(app);
    const deposit = await startDeposit(member, 100, 'nowpayment');
    const lines: Record<string, unknown>[] = [];
    const log = { warn: (fields: unknown) => lines.push(fields as Record<string, unknown>) };
    const deliver = (body: Record<string, unknown>) => {
      const raw = JSON.stringify(body);
      return handleNowPaymentsIpn(app.deps, raw, signNowPayments(body, secrets.nowpaymentsIpnSecret), log);
    };
    // A payment of someone else's invoice, signed by the gateway, that names this deposit's id.
    const foreign = { payment_id: 2222, invoice_id: 4_500_000_001 };
    await expect(deliver(nowIpn(deposit.id, foreign))).rejects.toMatchObject({ code: 'BUSINESS_RULE' });
    expect(await balanceOf(member)).toMatchObject({ balance: 0 });
    expect((await statusOf(member, deposit.id)).status).toBe('pending');
    expect(lines).toEqual([
      expect.objectContaining({
        gateway: 'nowpayment',
        deposit_id: deposit.id,
        payment_id: '2222',
        why: 'does not match the deposit: invoice',
      }),
    ]);
    expect((await sendNow(nowIpn(deposit.id))).json<{ status: string }>().status).toBe('confirmed');
    const refund = await sendNow(nowIpn(deposit.id, { ...foreign, payment_status: 'refunded' }));
    expect(refund.statusCode).toBe(422);
    expect(await balanceOf(member)).toMatchObject({ balance: 100 });
    expect((await statusOf(member, deposit.id)).status).toBe('confirmed');

    // A payment that arrives after the gateway ended the invoice is not credited, and the log says so.
    const ended = await startDeposit(member, 100, 'nowpayment');
    await deliver(nowIpn(ended.id, { payment_status: 'failed', actually_paid: 0 }));
    expect(await deliver(nowIpn(ended.id, { payment_id: 3333 }))).toMatchObject({ status: 'failed' });
    expect(lines.at(-1)).toMatchObject({ deposit_id: ended.id, why: 'paid after the deposit ended failed' });
  });

  it('a body nested too deep to sort is refused as unsigned (401), not a 500', async () => {
    const payload = `{"order_id":"1","x":${'['.repeat(12_000)}${']'.repeat(12_000)}}`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/webhooks/nowpayments',
      headers: { 'content-type': 'application/json', 'x-nowpayments-sig': 'ab'.repeat(64) },
      payload,
    });
    expect(response.statusCode).toBe(401);
  });

  it("CoinPayments: another transaction's or a button's notification is refused; the deposit stands", async () => {
    const member = await signedInMember(app);
    const deposit = await startDeposit(member, 100, 'coinpayment');
    expect((await sendCoin(coinIpn(deposit.id))).json<{ status: string }>().status).toBe('confirmed');
    const notices: Record<string, string>[] = [
      { ipn_type: 'simple', txn_id: 'CPATTACKER0001', status: '-1' },
      { txn_id: 'CPATTACKER0001', status: '-1' },
      { ipn_type: 'button', status: '-2' },
    ];
    for (const foreign of notices) {
      const response = await sendCoin(coinIpn(deposit.id, foreign));
      expect(response.statusCode).toBe(422);
    }
    expect(await balanceOf(member)).toMatchObject({ balance: 100 });
    expect((await statusOf(member, deposit.id)).status).toBe('confirmed');
  });
});

describe('CoinPayments IPN', () => {
  it('credits an overpaid invoice at its price and logs the excess once, for the operator', async () => {
    const member = await signedInMember(app);
    const deposit = await startDeposit(member, 100, 'coinpayment');
    const lines: { fields: Record<string, unknown>; message: unknown }[] = [];
    const log = {
      warn: (fields: unknown, message?: unknown) =>
        lines.push({ fields: fields as Record<string, unknown>, message }),
    };
    const deliver = (body: string) =>
      handleCoinPaymentsIpn(app.deps, body, hmacSha512Hex(secrets.coinpaymentsIpnSecret, body), log);
    // Still confirming with the overpaid figure in it: nothing credited, nothing to say yet.
    await deliver(coinIpn(deposit.id, { status: '1', received_amount: '0.0035' }));
    expect(lines).toEqual([]);
    const complete = coinIpn(deposit.id, { received_amount: '0.0035' });
    await deliver(complete);
    expect(await balanceOf(member)).toMatchObject({ balance: 100, total_deposit: 100 });
    expect(lines).toEqual([
      {
        fields: {
          gateway: 'coinpayment',
          deposit_id: String(deposit.id),
          payment_id: `sandbox-coinpayments-${deposit.id}`,
          gateway_status: '100',
          pay_amount: '0.002',
          actually_paid: '0.0035',
          pay_currency: 'btc',
        },
        message: 'payment above its invoice: the excess is not credited; settle it with a balance correction',
      },
    ]);
    // Delivered again: already confirmed, nothing more to say. Paid exactly: nothing either.
    await deliver(complete);
    const exact = await startDeposit(member, 100, 'coinpayment');
    await deliver(coinIpn(exact.id, { received_amount: '0.002' }));
    expect(lines).toHaveLength(1);
  });

  it('credits status 100 (and 2) once; waiting and confirming credit nothing', async () => {
    const member = await signedInMember(app);
    const deposit = await startDeposit(member, 100, 'coinpayment');
    expect((await sendCoin(coinIpn(deposit.id, { status: '0' }))).json<{ status: string }>().status).toBe(
      'pending',
    );
    expect((await sendCoin(coinIpn(deposit.id, { status: '1' }))).json<{ status: string }>().status).toBe(
      'pending',
    );
    expect((await balanceOf(member)).balance).toBe(0);
    expect((await sendCoin(coinIpn(deposit.id))).json<{ status: string }>().status).toBe('confirmed');
    expect((await sendCoin(coinIpn(deposit.id))).statusCode).toBe(200);
    expect((await sendCoin(coinIpn(deposit.id, { status: '1' }))).json<{ status: string }>().status).toBe(
      'confirmed',
    );
    // A negative status after the credit takes the payment back: refunds.test.ts.
    expect((await balanceOf(member)).balance).toBe(100);

    const second = await startDeposit(member, 100, 'coinpayment');
    expect((await sendCoin(coinIpn(second.id, { status: '2' }))).json<{ status: string }>().status).toBe(
      'confirmed',
    );
    expect((await balanceOf(member)).balance).toBe(200);
  });

  it('refuses a bad HMAC and a wrong merchant with 401, and a wrong amount with 422, changing nothing', async () => {
    const member = await signedInMember(app);
    const deposit = await startDeposit(member, 100, 'coinpayment');
    const forged = await sendCoin(coinIpn(deposit.id), 'wrong-secret');
    expect(forged.statusCode).toBe(401);
    const merchant = await sendCoin(coinIpn(deposit.id, { merchant: 'someone-else' }));
    expect(merchant.statusCode).toBe(401);
    expect(errorOf(merchant).message).toBe('Invalid merchant.');
    const amount = await sendCoin(coinIpn(deposit.id, { amount1: '1000.00' }));
    expect(amount.statusCode).toBe(422);
    const coin = await sendCoin(coinIpn(deposit.id, { currency2: 'LTC' }));
    expect(coin.statusCode).toBe(422);
    expect((await statusOf(member, deposit.id)).status).toBe('pending');
    expect((await balanceOf(member)).balance).toBe(0);
  });

  it('marks a cancelled or timed-out payment (status < 0) failed', async () => {
    const member = await signedInMember(app);
    const deposit = await startDeposit(member, 100, 'coinpayment');
    expect((await sendCoin(coinIpn(deposit.id, { status: '-1' }))).json<{ status: string }>().status).toBe(
      'failed',
    );
    expect((await balanceOf(member)).balance).toBe(0);
  });
});

describe('a signed notification naming a deposit id past the column’s range', () => {
  it('answers 404 as for any unknown deposit, from either gateway', async () => {
    const now = await sendNow(nowIpn(1, { order_id: '9999999999' }));
    expect(now.statusCode).toBe(404);
    expect(errorOf(now).message).toBe('Deposit not found.');
    const coin = await sendCoin(coinIpn(1, { invoice: '9999999999' }));
    expect(coin.statusCode).toBe(404);
  });
});

describe('the 24-hour expiry and a payment underway', () => {
  /** The expiry job as it runs a day and an hour after the deposits were started. */
  const expireAfterADay = () =>
    expireDueDeposits({ ...app.deps, now: new Date(clock.now().getTime() + 25 * 3_600_000) });
  const notices = async (member: Member) =>
    (await member.client.get('/api/notifications', { token: member.token }))
      .json<{ data: { kind: string }[] }>()
      .data.map((notice) => notice.kind);

  it('leaves a deposit the gateway reported underway pending, untold, until the gateway’s last word', async () => {
    const member = await signedInMember(app);
    const confirming = await startDeposit(member, 100, 'nowpayment');
    const received = await startDeposit(member, 100, 'coinpayment');
    const unpaid = await startDeposit(member, 100, 'nowpayment');
    const underway = await sendNow(nowIpn(confirming.id, { payment_status: 'confirming', actually_paid: 0 }));
    expect(underway.statusCode, underway.body).toBe(200);
    const coinUnderway = await sendCoin(coinIpn(received.id, { status: '1', status_text: 'Funds received' }));
    expect(coinUnderway.statusCode, coinUnderway.body).toBe(200);

    // Other tests' unpaid invoices of this file expire with it.
    expect(await expireAfterADay()).toBeGreaterThanOrEqual(1);
    expect((await statusOf(member, unpaid.id)).status).toBe('expired');
    expect((await statusOf(member, confirming.id)).status).toBe('pending');
    expect((await statusOf(member, received.id)).status).toBe('pending');
    // One notice, of the unpaid invoice (an expiry is told as a failed deposit's kind).
    expect((await notices(member)).filter((kind) => kind === 'deposit_failed')).toHaveLength(1);

    // The gateways' last words credit them.
    expect((await sendNow(nowIpn(confirming.id))).json<{ status: string }>().status).toBe('confirmed');
    expect((await sendCoin(coinIpn(received.id))).json<{ status: string }>().status).toBe('confirmed');
    expect((await balanceOf(member)).balance).toBe(200);
    expect(await expireAfterADay()).toBe(0);
  });
});

describe('crypto → USD credited', () => {
  it('is the invoice price times the share that arrived, rounded down, never above the price', () => {
    expect(creditedCents(10_000, '0.003', '0.001')).toBe(3333);
    expect(creditedCents(10_000, 0.002, 0.0025)).toBe(10_000);
    expect(creditedCents(10_000, '0.002', '0')).toBe(0);
    expect(creditedCents(1999, '1e-8', '5e-9')).toBe(999);
  });
});

describe('live mode', () => {
  const keys = {
    NOWPAYMENTS_API_KEY: 'np-live-key',
    NOWPAYMENTS_IPN_SECRET: 'np-ipn-secret',
    COINPAYMENTS_PUBLIC_KEY: 'cp-public',
    COINPAYMENTS_PRIVATE_KEY: 'cp-private',
    COINPAYMENTS_MERCHANT_ID: 'cp-merchant',
    COINPAYMENTS_IPN_SECRET: 'cp-ipn-secret',
  };

  it('names every missing key when PAYMENTS_MODE=live lacks them', () => {
    try {
      loadConfig({ NODE_ENV: 'test', PAYMENTS_MODE: 'live', NOWPAYMENTS_API_KEY: 'x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of Object.keys(keys).filter((key) => key !== 'NOWPAYMENTS_API_KEY'))
        expect(problems).toContain(name);
      expect(problems).not.toContain('NOWPAYMENTS_API_KEY');
    }
  });

  it('refuses the sandbox in production', () => {
    const production = {
      NODE_ENV: 'production',
      APP_KEY: 'a'.repeat(64),
      APP_URL: 'https://example.com',
      SMTP_URL: 'smtp://mail.example.com:587',
    };
    expect(() => loadConfig(production)).toThrow(/PAYMENTS_MODE: sandbox payments are refused in production/);
    expect(loadConfig({ ...production, PAYMENTS_MODE: 'live', ...keys }).payments.mode).toBe('live');
  });

  it('creates real invoices at the gateways (local fakes) and verifies IPNs with the live secrets', async () => {
    const nowFake = await fakeNowPayments(keys.NOWPAYMENTS_API_KEY);
    const coinFake = await fakeCoinPayments(keys.COINPAYMENTS_PUBLIC_KEY, keys.COINPAYMENTS_PRIVATE_KEY);
    const logLines: string[] = [];
    const live = await createTestApp(
      {
        PAYMENTS_MODE: 'live',
        ...keys,
        NOWPAYMENTS_BASE_URL: nowFake.baseUrl,
        COINPAYMENTS_BASE_URL: coinFake.baseUrl,
        LOG_LEVEL: 'error',
      },
      { logStream: { write: (line) => void logLines.push(line) } },
    );
    const member = await signedInMember(live.app);

    const np = await member.client.post(
      '/api/deposit',
      { amount: 25.5, payment_method: 'nowpayment', currency: 'eth' },
      { token: member.token },
    );
    expect(np.statusCode).toBe(201);
    const npBody = np.json<CreateDepositResponse>();
    expect(npBody.payment_url).toMatch(/^https:\/\/nowpayments\.io\/payment\/\?iid=\d+$/);
    const sent = JSON.parse(nowFake.requests[0]?.body ?? '{}') as Record<string, unknown>;
    expect(sent).toMatchObject({
      price_amount: 25.5,
      price_currency: 'usd',
      pay_currency: 'eth',
      order_id: String(npBody.deposit.id),
      ipn_callback_url: 'http://localhost:3000/api/webhooks/nowpayments',
    });

    const cp = await member.client.post(
      '/api/deposit',
      { amount: 10, payment_method: 'coinpayment', currency: 'usdttrc20' },
      { token: member.token },
    );
    expect(cp.statusCode).toBe(201);
    expect(cp.json<CreateDepositResponse>().payment_url).toContain('coinpayments.net/index.php?cmd=checkout');
    const form = new URLSearchParams(coinFake.requests[0]?.body ?? '');
    expect(Object.fromEntries(form)).toMatchObject({
      cmd: 'create_transaction',
      currency1: 'USD',
      currency2: 'USDT.TRC20',
      amount: '10.00',
      invoice: String(cp.json<CreateDepositResponse>().deposit.id),
    });

    // The sandbox checkout does not exist in live mode.
    expect((await member.client.get(`/api/sandbox/checkout/${npBody.deposit.id}`)).statusCode).toBe(404);

    // A sandbox-signed IPN is refused; the live-signed one credits.
    const invoiceId = Number(new URL(npBody.payment_url!).searchParams.get('iid'));
    const body = nowIpn(npBody.deposit.id, {
      invoice_id: invoiceId,
      price_amount: 25.5,
      pay_currency: 'eth',
    });
    expect((await sendNow(body, secrets.nowpaymentsIpnSecret, live.app)).statusCode).toBe(401);
    expect((await sendNow(body, keys.NOWPAYMENTS_IPN_SECRET, live.app)).statusCode).toBe(200);
    expect((await balanceOf(member)).balance).toBe(25.5);

    // A gateway that is down: 503 with a message, the deposit failed, nothing credited.
    nowFake.failWith = 500;
    const down = await member.client.post(
      '/api/deposit',
      { amount: 5, payment_method: 'nowpayment' },
      { token: member.token },
    );
    expect(down.statusCode).toBe(503);
    expect(errorOf(down).message).toBe('The payment service is unavailable. Please try again later.');
    expect((await balanceOf(member)).balance).toBe(25.5);
    // The operator's log says which gateway and why; never the key nor the member.
    const failures = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(failures).toContainEqual(
      expect.objectContaining({
        code: 'PAYMENT_GATEWAY',
        gateway: 'nowpayments',
        reason: 'invoice refused with HTTP 500',
      }),
    );
    expect(logLines.join('\n')).not.toContain(member.user.email);
    expect(logLines.join('\n')).not.toContain(keys.NOWPAYMENTS_API_KEY);

    // An answer cut off half-way through its body is the gateway failing too: 503, the deposit failed.
    nowFake.failWith = 0;
    nowFake.cutBody = true;
    const cut = await member.client.post(
      '/api/deposit',
      { amount: 6, payment_method: 'nowpayment' },
      { token: member.token },
    );
    expect(cut.statusCode, cut.body).toBe(503);
    const [latest] = await live.app.deps.database.db
      .select()
      .from(deposits)
      .where(eq(deposits.userId, member.user.id))
      .orderBy(desc(deposits.id))
      .limit(1);
    expect(latest).toMatchObject({ amount: 600, status: 'failed' });
  });
});
