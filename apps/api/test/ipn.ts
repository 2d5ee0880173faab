import type { FastifyInstance } from 'fastify';
import { hmacSha512Hex } from '../src/integrations/payments/coinpayments';
import { signNowPayments } from '../src/integrations/payments/nowpayments';

/**
 * Gateway notifications as the gateways send them, signed with the app's IPN secrets (sandbox mode:
 * derived from its key), for a deposit of `dollars` in btc, naming the invoice the sandbox gateway
 * created for it.
 */

export function nowPaymentsIpn(depositId: number, dollars: number, status: string) {
  const paid = status === 'finished' || status === 'refunded';
  return {
    payment_id: 700_000 + depositId,
    invoice_id: `sandbox-nowpayments-${depositId}`,
    payment_status: status,
    pay_address: 'bc1qexample',
    price_amount: dollars,
    price_currency: 'usd',
    pay_amount: 0.002,
    actually_paid: paid ? 0.002 : 0,
    pay_currency: 'btc',
    order_id: String(depositId),
    order_description: 'Deposit',
  };
}

export function sendNowPayments(app: FastifyInstance, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/nowpayments',
    headers: {
      'content-type': 'application/json',
      'x-nowpayments-sig': signNowPayments(body, app.deps.payments.secrets.nowpaymentsIpnSecret),
    },
    payload: JSON.stringify(body),
  });
}

export function coinPaymentsIpn(
  app: FastifyInstance,
  depositId: number,
  dollars: number,
  status: number,
): string {
  return new URLSearchParams({
    ipn_version: '1.0',
    ipn_type: 'api',
    ipn_mode: 'hmac',
    ipn_id: `ipn-${depositId}-${status}`,
    merchant: app.deps.payments.secrets.coinpaymentsMerchantId,
    txn_id: `sandbox-coinpayments-${depositId}`,
    status: String(status),
    currency1: 'USD',
    currency2: 'BTC',
    amount1: dollars.toFixed(2),
    amount2: '0.002',
    invoice: String(depositId),
  }).toString();
}

export function sendCoinPayments(app: FastifyInstance, body: string) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/coinpayments',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      hmac: hmacSha512Hex(app.deps.payments.secrets.coinpaymentsIpnSecret, body),
    },
    payload: body,
  });
}
