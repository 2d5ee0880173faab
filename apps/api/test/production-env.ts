/** A production configuration that starts: its key, address, mail server and live gateway keys (all made up). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  APP_KEY: 'a'.repeat(64),
  APP_URL: 'https://platform.example',
  SMTP_URL: 'smtp://mail.platform.example:587',
  PAYMENTS_MODE: 'live',
  NOWPAYMENTS_API_KEY: 'np-key',
  NOWPAYMENTS_IPN_SECRET: 'np-secret',
  COINPAYMENTS_PUBLIC_KEY: 'cp-public',
  COINPAYMENTS_PRIVATE_KEY: 'cp-private',
  COINPAYMENTS_MERCHANT_ID: 'cp-merchant',
  COINPAYMENTS_IPN_SECRET: 'cp-secret',
};
