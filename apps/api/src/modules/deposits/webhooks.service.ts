import type { DepositRow } from '@app/db';
import { AppError } from '../../errors';
import {
  coinPaymentsCurrency,
  coinPaymentsOutcome,
  verifyCoinPaymentsIpn,
} from '../../integrations/payments/coinpayments';
import { scaledToCents, toScaled } from '../../integrations/payments/decimal';
import {
  NOWPAYMENTS_STATUSES,
  nowPaymentsRank,
  verifyNowPaymentsIpn,
  type NowPaymentsStatus,
} from '../../integrations/payments/nowpayments';
import type { AppDeps } from '../../deps';
import { applyGatewayEvent, type GatewayEvent } from './deposit-crediting.service';

/** Where the webhooks log what they ignore (the request's logger). */
type IpnLog = GatewayEvent['log'];

const badSignature = () => new AppError('UNAUTHENTICATED', 'Invalid signature.');
const badIpn = (message: string) => AppError.validation('ipn', message);

function depositIdOf(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (!/^\d{1,10}$/.test(text)) throw badIpn('The notification names no deposit.');
  return Number(text);
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/**
 * Crypto paid → USD credited (docs/decisions/032): the invoice's USD price times the share of the
 * crypto amount that arrived (actually_paid / pay_amount), rounded down to the cent, never more than
 * the invoice. Exact decimal arithmetic; no float.
 */
export function creditedCents(priceCents: number, payAmount: unknown, actuallyPaid: unknown): number {
  const pay = toScaled(payAmount);
  const paid = toScaled(actuallyPaid) ?? 0n;
  if (pay === null || pay <= 0n || paid <= 0n) return 0;
  if (paid >= pay) return priceCents;
  return Number((BigInt(priceCents) * paid) / pay);
}

const nowRankOf = (stored: string | null) =>
  stored && (NOWPAYMENTS_STATUSES as readonly string[]).includes(stored)
    ? nowPaymentsRank(stored as NowPaymentsStatus)
    : -1;

/** What a gateway said it asked for and received, in the paid coin, for logOverpayment. */
interface PaidFigures {
  gateway: 'nowpayment' | 'coinpayment';
  depositId: string;
  paymentId: string;
  status: string;
  asked: unknown;
  received: unknown;
  coin: string;
}

/**
 * More crypto than the invoice asked for: only the invoice is credited (decision 032), so the excess is
 * logged for the operator to settle with a balance correction (decision 182): the gateway's ids and
 * amounts only, never personal data. Called once, by the delivery that confirmed the deposit, after
 * its transaction committed.
 */
function logOverpayment(figures: PaidFigures, log: IpnLog): void {
  const asked = toScaled(figures.asked);
  const received = toScaled(figures.received);
  if (asked === null || received === null || asked <= 0n || received <= asked) return;
  log?.warn(
    {
      gateway: figures.gateway,
      deposit_id: figures.depositId,
      payment_id: figures.paymentId,
      gateway_status: figures.status,
      pay_amount: text(figures.asked),
      actually_paid: text(figures.received),
      pay_currency: figures.coin,
    },
    'payment above its invoice: the excess is not credited; settle it with a balance correction',
  );
}

/** POST /api/webhooks/nowpayments: x-nowpayments-sig over the key-sorted JSON body. */
export async function handleNowPaymentsIpn(
  deps: AppDeps,
  rawBody: string,
  signature: string | undefined,
  log?: IpnLog,
): Promise<{ message: string; status: string }> {
  const body = verifyNowPaymentsIpn(rawBody, signature, deps.payments.secrets.nowpaymentsIpnSecret);
  if (!body) throw badSignature();
  const status = text(body.payment_status) as NowPaymentsStatus;
  if (!(NOWPAYMENTS_STATUSES as readonly string[]).includes(status)) throw badIpn('Unknown payment status.');
  const priceScaled = toScaled(body.price_amount);
  const priceCents = priceScaled === null ? null : scaledToCents(priceScaled);
  const target = priceCents === null ? 0 : creditedCents(priceCents, body.pay_amount, body.actually_paid);
  const mismatch = (deposit: DepositRow) => {
    // The payment of the invoice we created for this deposit, not of another one naming its id.
    if (deposit.gatewayInvoiceId === null || text(body.invoice_id) !== deposit.gatewayInvoiceId)
      return 'invoice';
    if (text(body.price_currency).toLowerCase() !== 'usd') return 'price currency';
    if (priceCents !== deposit.amount) return 'amount';
    if (text(body.pay_currency).toLowerCase() !== deposit.currency) return 'pay currency';
    return null;
  };
  let outcome: GatewayEvent['outcome'];
  let confirmedNow = false;
  if (status === 'finished') {
    // Final at the gateway: what arrived is credited and the deposit is done, even short (decision 032).
    outcome = {
      kind: 'credit',
      target: () => target,
      status: 'confirmed',
      confirmed: () => (confirmedNow = true),
    };
  } else if (status === 'partially_paid') {
    outcome = { kind: 'credit', target: () => target, status: 'partially_paid' };
  } else if (status === 'refunded') {
    // The payment was sent back to the payer (decision 155).
    outcome = { kind: 'reversed', refund: true };
  } else if (status === 'failed' || status === 'expired') {
    outcome = { kind: 'unpaid', status: status === 'expired' ? 'expired' : 'failed' };
  } else {
    outcome = { kind: 'pending' };
  }
  const result = await applyGatewayEvent(deps, {
    method: 'nowpayment',
    depositId: depositIdOf(body.order_id),
    gatewayStatus: status,
    rank: nowPaymentsRank(status),
    rankOf: nowRankOf,
    paymentId: text(body.payment_id) || null,
    mismatch,
    outcome,
    log,
  });
  if (confirmedNow)
    logOverpayment(
      {
        gateway: 'nowpayment',
        depositId: text(body.order_id),
        paymentId: text(body.payment_id),
        status,
        asked: body.pay_amount,
        received: body.actually_paid,
        coin: text(body.pay_currency),
      },
      log,
    );
  return { message: 'IPN processed.', status: result };
}

/** Ranks of CoinPayments statuses: waiting 0, confirming 1, then paid or failed (the end). */
function coinRank(status: number): number {
  const outcome = coinPaymentsOutcome(status);
  if (outcome !== 'pending') return 5;
  return status >= 1 ? 1 : 0;
}

const coinRankOf = (stored: string | null) =>
  stored && /^-?\d+$/.test(stored) ? coinRank(Number(stored)) : -1;

/** POST /api/webhooks/coinpayments: HMAC header over the raw form body, ipn_mode=hmac, our merchant. */
export async function handleCoinPaymentsIpn(
  deps: AppDeps,
  rawBody: string,
  hmac: string | undefined,
  log?: IpnLog,
): Promise<{ message: string; status: string }> {
  const { coinpaymentsIpnSecret, coinpaymentsMerchantId } = deps.payments.secrets;
  const check = verifyCoinPaymentsIpn(rawBody, hmac, coinpaymentsIpnSecret, coinpaymentsMerchantId);
  if (!check.ok) {
    throw check.reason === 'merchant'
      ? new AppError('UNAUTHENTICATED', 'Invalid merchant.')
      : check.reason === 'mode'
        ? new AppError('UNAUTHENTICATED', 'Only HMAC notifications are accepted.')
        : badSignature();
  }
  const fields = check.fields;
  const statusText = fields.get('status') ?? '';
  if (!/^-?\d{1,4}$/.test(statusText)) throw badIpn('Unknown payment status.');
  const status = Number(statusText);
  const amountScaled = toScaled(fields.get('amount1'));
  const amountCents = amountScaled === null ? null : scaledToCents(amountScaled);
  const mismatch = (deposit: DepositRow) => {
    // Our own API transaction for this deposit: a button or a cart checkout anyone can start on our
    // merchant id is signed with our secret too, and may name any invoice.
    if (fields.get('ipn_type') !== 'api') return 'ipn type';
    if (deposit.gatewayInvoiceId === null || fields.get('txn_id') !== deposit.gatewayInvoiceId)
      return 'transaction';
    if ((fields.get('currency1') ?? '').toUpperCase() !== 'USD') return 'currency';
    if (amountCents !== deposit.amount) return 'amount';
    if ((fields.get('currency2') ?? '').toUpperCase() !== coinPaymentsCurrency(deposit.currency))
      return 'coin';
    return null;
  };
  const outcome = coinPaymentsOutcome(status);
  let confirmedNow = false;
  const result = await applyGatewayEvent(deps, {
    method: 'coinpayment',
    depositId: depositIdOf(fields.get('invoice')),
    gatewayStatus: String(status),
    rank: coinRank(status),
    rankOf: coinRankOf,
    paymentId: fields.get('txn_id'),
    mismatch,
    // A negative status (-1 cancelled or timed out, -2 and below refunded or reversed) ends an unpaid
    // invoice, and takes back a payment already credited (decision 155).
    outcome:
      outcome === 'paid'
        ? {
            kind: 'credit',
            target: (deposit) => deposit.amount,
            status: 'confirmed',
            confirmed: () => (confirmedNow = true),
          }
        : outcome === 'failed'
          ? { kind: 'reversed', refund: status <= -2 }
          : { kind: 'pending' },
    log,
  });
  if (confirmedNow)
    logOverpayment(
      {
        gateway: 'coinpayment',
        depositId: fields.get('invoice') ?? '',
        paymentId: fields.get('txn_id') ?? '',
        status: String(status),
        asked: fields.get('amount2'),
        received: fields.get('received_amount'),
        coin: (fields.get('currency2') ?? '').toLowerCase(),
      },
      log,
    );
  return { message: 'IPN processed.', status: result };
}
