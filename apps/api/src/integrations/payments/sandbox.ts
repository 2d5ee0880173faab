import { randomInt } from 'node:crypto';
import { hmacSha256Hex } from '../../lib/crypto';
import { coinPaymentsCurrency, hmacSha512Hex } from './coinpayments';
import { centsToDecimalText, scaledToText, toScaled } from './decimal';
import type { Invoice, InvoiceRequest, PaymentGateway } from './gateway';
import { signNowPayments, type NowPaymentsStatus } from './nowpayments';

/**
 * PAYMENTS_MODE=sandbox (the default): no keys, no network. The invoice is our own checkout page
 * (/sandbox/checkout/<deposit id>), and its Pay button makes the server send its own webhook the IPN
 * the gateway would send, signed exactly as the gateway signs, with secrets derived from APP_KEY.
 */

export const SANDBOX_MERCHANT_ID = 'sandbox-merchant';

export function sandboxSecrets(appKey: Buffer) {
  return {
    nowpaymentsIpnSecret: hmacSha256Hex(appKey, 'sandbox:nowpayments:ipn-secret'),
    coinpaymentsIpnSecret: hmacSha256Hex(appKey, 'sandbox:coinpayments:ipn-secret'),
    coinpaymentsMerchantId: SANDBOX_MERCHANT_ID,
  };
}

export const sandboxCheckoutPath = (depositId: number) => `/sandbox/checkout/${depositId}`;

export class SandboxGateway implements PaymentGateway {
  constructor(readonly name: 'nowpayments' | 'coinpayments') {}
  createInvoice(request: InvoiceRequest): Promise<Invoice> {
    return Promise.resolve({
      invoiceId: `sandbox-${this.name}-${request.depositId}`,
      paymentUrl: sandboxCheckoutPath(request.depositId),
    });
  }
}

/** Fixed sandbox prices in USD, only so that the IPN carries a plausible crypto amount. */
const SANDBOX_USD_PRICE: Record<string, string> = {
  btc: '50000',
  eth: '2500',
  ltc: '80',
  usdttrc20: '1',
  usdterc20: '1',
  usdc: '1',
  bnb: '300',
  trx: '0.1',
};

export function sandboxCryptoAmount(amountCents: number, currency: string): string {
  const price = toScaled(SANDBOX_USD_PRICE[currency] ?? '1') ?? 1n;
  const usd = toScaled(centsToDecimalText(amountCents)) ?? 0n;
  const scale = 10n ** 18n;
  return scaledToText((usd * scale) / price, 8);
}

export interface SandboxDeposit {
  id: number;
  amountCents: number;
  currency: string;
  invoiceId: string | null;
  buyerEmail: string;
}

/** The IPN NOWPayments sends for a payment of this deposit in this status. */
export function sandboxNowPaymentsIpn(deposit: SandboxDeposit, status: NowPaymentsStatus, secret: string) {
  const payAmount = sandboxCryptoAmount(deposit.amountCents, deposit.currency);
  const body = {
    payment_id: 5_000_000_000 + deposit.id,
    invoice_id: deposit.invoiceId,
    payment_status: status,
    pay_address: 'sandbox-address',
    price_amount: Number(centsToDecimalText(deposit.amountCents)),
    price_currency: 'usd',
    pay_amount: Number(payAmount),
    actually_paid: status === 'finished' ? Number(payAmount) : 0,
    pay_currency: deposit.currency,
    order_id: String(deposit.id),
    order_description: `Deposit ${deposit.id}`,
    purchase_id: String(randomInt(1_000_000_000)),
    outcome_amount: Number(payAmount),
    outcome_currency: deposit.currency,
  };
  return { body: JSON.stringify(body), headers: { 'x-nowpayments-sig': signNowPayments(body, secret) } };
}

/** The IPN CoinPayments sends for this deposit with this status code (100 paid, -1 cancelled). */
export function sandboxCoinPaymentsIpn(deposit: SandboxDeposit, status: number, secret: string) {
  const amount2 = sandboxCryptoAmount(deposit.amountCents, deposit.currency);
  const body = new URLSearchParams({
    ipn_version: '1.0',
    ipn_type: 'api',
    ipn_mode: 'hmac',
    ipn_id: `sandbox-${deposit.id}-${status}`,
    merchant: SANDBOX_MERCHANT_ID,
    txn_id: deposit.invoiceId ?? `sandbox-coinpayments-${deposit.id}`,
    status: String(status),
    status_text:
      status >= 100 ? 'Complete' : status < 0 ? 'Cancelled / Timed Out' : 'Waiting for buyer funds',
    currency1: 'USD',
    currency2: coinPaymentsCurrency(deposit.currency),
    amount1: centsToDecimalText(deposit.amountCents),
    amount2,
    fee: '0',
    buyer_name: 'Sandbox buyer',
    email: deposit.buyerEmail,
    invoice: String(deposit.id),
    received_amount: status >= 100 ? amount2 : '0',
    received_confirms: status >= 100 ? '3' : '0',
  }).toString();
  return {
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', hmac: hmacSha512Hex(secret, body) },
  };
}
