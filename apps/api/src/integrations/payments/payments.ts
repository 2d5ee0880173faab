import type { Config } from '../../config';
import { COINPAYMENTS_DEFAULT_BASE_URL, CoinPaymentsGateway } from './coinpayments';
import type { PaymentGateway } from './gateway';
import { NOWPAYMENTS_DEFAULT_BASE_URL, NowPaymentsGateway } from './nowpayments';
import { SandboxGateway, sandboxSecrets } from './sandbox';

export interface Payments {
  mode: 'sandbox' | 'live';
  nowpayments: PaymentGateway;
  coinpayments: PaymentGateway;
  /** What the webhooks verify against. */
  secrets: { nowpaymentsIpnSecret: string; coinpaymentsIpnSecret: string; coinpaymentsMerchantId: string };
}

/**
 * The gateways of the configured mode. Live mode needs every key of DESIGN §4 (config.ts refuses to
 * start without them and names the missing ones); sandbox mode needs none.
 */
export function createPayments(config: Config, appKey: Buffer): Payments {
  if (config.payments.mode === 'sandbox') {
    return {
      mode: 'sandbox',
      nowpayments: new SandboxGateway('nowpayments'),
      coinpayments: new SandboxGateway('coinpayments'),
      secrets: sandboxSecrets(appKey),
    };
  }
  const { nowpayments, coinpayments } = config.payments;
  const required = (value: string | undefined, name: string) => {
    if (!value) throw new Error(`${name} is required when PAYMENTS_MODE=live`);
    return value;
  };
  return {
    mode: 'live',
    nowpayments: new NowPaymentsGateway({
      apiKey: required(nowpayments.apiKey, 'NOWPAYMENTS_API_KEY'),
      baseUrl: nowpayments.baseUrl ?? NOWPAYMENTS_DEFAULT_BASE_URL,
    }),
    coinpayments: new CoinPaymentsGateway({
      publicKey: required(coinpayments.publicKey, 'COINPAYMENTS_PUBLIC_KEY'),
      privateKey: required(coinpayments.privateKey, 'COINPAYMENTS_PRIVATE_KEY'),
      baseUrl: coinpayments.baseUrl ?? COINPAYMENTS_DEFAULT_BASE_URL,
    }),
    secrets: {
      nowpaymentsIpnSecret: required(nowpayments.ipnSecret, 'NOWPAYMENTS_IPN_SECRET'),
      coinpaymentsIpnSecret: required(coinpayments.ipnSecret, 'COINPAYMENTS_IPN_SECRET'),
      coinpaymentsMerchantId: required(coinpayments.merchantId, 'COINPAYMENTS_MERCHANT_ID'),
    },
  };
}
