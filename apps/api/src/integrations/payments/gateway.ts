/** What a payment gateway adapter does for a deposit: an invoice where the member pays. */
export interface InvoiceRequest {
  depositId: number;
  amountCents: number;
  /** Our lowercase ticker (btc, usdttrc20…). */
  currency: string;
  description: string;
  buyerEmail: string;
  ipnUrl: string;
  successUrl: string;
  cancelUrl: string;
}

export interface Invoice {
  invoiceId: string;
  paymentUrl: string;
}

export interface PaymentGateway {
  readonly name: 'nowpayments' | 'coinpayments';
  createInvoice(request: InvoiceRequest): Promise<Invoice>;
}

/**
 * The gateway could not be reached or refused the request. Its reason is for the log only (the error
 * handler's 503 line): an HTTP status or the gateway's error text, never a key or the buyer's details.
 */
export class GatewayError extends Error {
  constructor(
    readonly gateway: string,
    readonly reason: string,
  ) {
    super(`${gateway}: ${reason}`);
    this.name = 'GatewayError';
  }
}

export type FetchLike = typeof fetch;
