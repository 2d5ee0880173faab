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
 * NOWPayments (https://documenter.getpostman.com/view/7907941/2s93JusNJt): invoices by
 * POST {base}/v1/invoice with the x-api-key header; IPNs signed with HMAC-SHA512 (IPN secret) over the
 * JSON body with its keys sorted, hex, in the x-nowpayments-sig header.
 */

export const NOWPAYMENTS_DEFAULT_BASE_URL = 'https://api.nowpayments.io';

/** Payment statuses in the order a payment goes through them; the last three end it. */
export const NOWPAYMENTS_STATUSES = [
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'partially_paid',
  'finished',
  'failed',
  'refunded',
  'expired',
] as const;
export type NowPaymentsStatus = (typeof NOWPAYMENTS_STATUSES)[number];

/** A status may not move a payment back: its rank in the payment's life (ends share the top rank). */
export function nowPaymentsRank(status: NowPaymentsStatus): number {
  switch (status) {
    case 'waiting':
      return 0;
    case 'confirming':
      return 1;
    case 'confirmed':
      return 2;
    case 'sending':
      return 3;
    case 'partially_paid':
      return 4;
    default:
      return 5;
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const source = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(source)
        .sort()
        .map((key) => [key, sortKeys(source[key])]),
    );
  }
  return value;
}

/** The text NOWPayments signs: the JSON body with its keys sorted (recursively). */
export function nowPaymentsSignedText(body: unknown): string {
  return JSON.stringify(sortKeys(body));
}

export function signNowPayments(body: unknown, ipnSecret: string): string {
  return createHmac('sha512', ipnSecret).update(nowPaymentsSignedText(body)).digest('hex');
}

/** The parsed IPN body when the signature is right; null otherwise (bad JSON, missing or wrong sig). */
export function verifyNowPaymentsIpn(
  rawBody: string,
  signature: string | undefined,
  ipnSecret: string,
): Record<string, unknown> | null {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return null;
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  let expected: Buffer;
  try {
    expected = Buffer.from(signNowPayments(body, ipnSecret), 'hex');
  } catch {
    return null; // nested too deep to sort (a stack overflow): no notification looks like this
  }
  const given = Buffer.from(signature, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return body as Record<string, unknown>;
}

export class NowPaymentsGateway implements PaymentGateway {
  readonly name = 'nowpayments' as const;
  constructor(
    private readonly options: { apiKey: string; baseUrl: string; fetch?: FetchLike; timeoutMs?: number },
  ) {}

  async createInvoice(request: InvoiceRequest): Promise<Invoice> {
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${this.options.baseUrl.replace(/\/$/, '')}/v1/invoice`, {
        method: 'POST',
        headers: { 'x-api-key': this.options.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          price_amount: Number(centsToDecimalText(request.amountCents)),
          price_currency: 'usd',
          pay_currency: request.currency,
          order_id: String(request.depositId),
          order_description: request.description,
          ipn_callback_url: request.ipnUrl,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      // The timeout covers the body too: an answer cut off or too slow is the gateway failing (503).
      text = await response.text();
    } catch (error) {
      throw new GatewayError('nowpayments', error instanceof Error ? error.message : 'request failed');
    }
    if (!response.ok) throw new GatewayError('nowpayments', `invoice refused with HTTP ${response.status}`);
    let body: { id?: unknown; invoice_url?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new GatewayError('nowpayments', 'invoice answer is not JSON');
    }
    if (
      (typeof body.id !== 'string' && typeof body.id !== 'number') ||
      typeof body.invoice_url !== 'string'
    ) {
      throw new GatewayError('nowpayments', 'invoice answer lacks id or invoice_url');
    }
    return { invoiceId: String(body.id), paymentUrl: body.invoice_url };
  }
}
