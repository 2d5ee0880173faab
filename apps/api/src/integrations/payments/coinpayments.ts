import { createHmac, timingSafeEqual } from 'node:crypto';
import { centsToDecimalText } from './decimal';
import {
  GatewayError,
  type FetchLike,
  type Invoice,
  type InvoiceRequest,
  type PaymentGateway,
} from './gateway';

/**
 * CoinPayments API v1 (https://www.coinpayments.net/apidoc): commands are form-encoded POSTs to
 * {base}/api.php with version=1, cmd, key (public key) and format=json, signed HMAC-SHA512(body,
 * private key) in the HMAC header. IPNs are form-encoded with HMAC = HMAC-SHA512(raw body, IPN secret)
 * and carry the merchant id; status >= 100 or 2 means paid, < 0 failed, anything else pending.
 */

export const COINPAYMENTS_DEFAULT_BASE_URL = 'https://www.coinpayments.net';

/** Our tickers → CoinPayments currency codes. */
export function coinPaymentsCurrency(currency: string): string {
  switch (currency) {
    case 'usdttrc20':
      return 'USDT.TRC20';
    case 'usdterc20':
      return 'USDT.ERC20';
    case 'bnb':
      return 'BNB.BSC';
    default:
      return currency.toUpperCase();
  }
}

export function hmacSha512Hex(key: string, text: string): string {
  return createHmac('sha512', key).update(text).digest('hex');
}

export type CoinPaymentsOutcome = 'paid' | 'failed' | 'pending';

export function coinPaymentsOutcome(status: number): CoinPaymentsOutcome {
  if (status >= 100 || status === 2) return 'paid';
  if (status < 0) return 'failed';
  return 'pending';
}

export type CoinPaymentsIpnCheck =
  { ok: true; fields: URLSearchParams } | { ok: false; reason: 'signature' | 'merchant' | 'mode' };

/** Verifies an IPN: the HMAC header over the raw body, ipn_mode=hmac and our merchant id. */
export function verifyCoinPaymentsIpn(
  rawBody: string,
  hmacHeader: string | undefined,
  ipnSecret: string,
  merchantId: string,
): CoinPaymentsIpnCheck {
  if (!hmacHeader || !/^[0-9a-f]{128}$/i.test(hmacHeader)) return { ok: false, reason: 'signature' };
  const expected = Buffer.from(hmacSha512Hex(ipnSecret, rawBody), 'hex');
  const given = Buffer.from(hmacHeader, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'signature' };
  const fields = new URLSearchParams(rawBody);
  if (fields.get('ipn_mode') !== 'hmac') return { ok: false, reason: 'mode' };
  if (fields.get('merchant') !== merchantId) return { ok: false, reason: 'merchant' };
  return { ok: true, fields };
}

export class CoinPaymentsGateway implements PaymentGateway {
  readonly name = 'coinpayments' as const;
  constructor(
    private readonly options: {
      publicKey: string;
      privateKey: string;
      baseUrl: string;
      fetch?: FetchLike;
      timeoutMs?: number;
    },
  ) {}

  async createInvoice(request: InvoiceRequest): Promise<Invoice> {
    const body = new URLSearchParams({
      version: '1',
      cmd: 'create_transaction',
      key: this.options.publicKey,
      format: 'json',
      amount: centsToDecimalText(request.amountCents),
      currency1: 'USD',
      currency2: coinPaymentsCurrency(request.currency),
      buyer_email: request.buyerEmail,
      invoice: String(request.depositId),
      item_name: request.description,
      ipn_url: request.ipnUrl,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    }).toString();
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(`${this.options.baseUrl.replace(/\/$/, '')}/api.php`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          HMAC: hmacSha512Hex(this.options.privateKey, body),
        },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new GatewayError('coinpayments', error instanceof Error ? error.message : 'request failed');
    }
    if (!response.ok) throw new GatewayError('coinpayments', `create_transaction HTTP ${response.status}`);
    let answer: { error?: unknown; result?: { txn_id?: unknown; checkout_url?: unknown } };
    try {
      answer = (await response.json()) as typeof answer;
    } catch {
      throw new GatewayError('coinpayments', 'create_transaction answer is not JSON');
    }
    if (answer.error !== 'ok')
      throw new GatewayError(
        'coinpayments',
        `create_transaction refused: ${typeof answer.error === 'string' ? answer.error : 'no error text'}`,
      );
    const txnId = answer.result?.txn_id;
    const checkoutUrl = answer.result?.checkout_url;
    if (typeof txnId !== 'string' || typeof checkoutUrl !== 'string') {
      throw new GatewayError('coinpayments', 'create_transaction answer lacks txn_id or checkout_url');
    }
    return { invoiceId: txnId, paymentUrl: checkoutUrl };
  }
}
