import type { DepositCurrency, DepositMethod } from '@app/shared/schemas/deposits';

/** Translation keys of each payment method's name and one-line description. */
export const METHOD_KEYS: Record<DepositMethod, { label: string; description: string }> = {
  nowpayment: { label: 'deposits.methods.nowpayment', description: 'deposits.methods.nowpaymentHint' },
  coinpayment: { label: 'deposits.methods.coinpayment', description: 'deposits.methods.coinpaymentHint' },
  bank_transfer: {
    label: 'deposits.methods.bank_transfer',
    description: 'deposits.methods.bank_transferHint',
  },
};

/** Gateway tickers as people know them (names of assets are not translated). */
export const CURRENCY_LABELS: Record<DepositCurrency, string> = {
  btc: 'Bitcoin (BTC)',
  eth: 'Ethereum (ETH)',
  ltc: 'Litecoin (LTC)',
  usdttrc20: 'Tether (USDT, TRC20)',
  usdterc20: 'Tether (USDT, ERC20)',
  usdc: 'USD Coin (USDC)',
  bnb: 'BNB',
  trx: 'TRON (TRX)',
};

export function currencyLabel(code: string): string {
  return CURRENCY_LABELS[code as DepositCurrency] ?? code.toUpperCase();
}
