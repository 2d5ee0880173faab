/**
 * The crypto assets a withdrawal destination may hold and the networks that carry each: apart from
 * the withdrawal schemas (and zod), so the destination form's first paint does not load them
 * (decision 202).
 */

export const CRYPTO_ASSETS = ['BTC', 'ETH', 'USDT', 'USDC'] as const;
export const CRYPTO_NETWORKS = ['bitcoin', 'erc20', 'trc20'] as const;
export type CryptoAsset = (typeof CRYPTO_ASSETS)[number];
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

/** Which networks carry which asset. */
export const ASSET_NETWORKS: Record<CryptoAsset, readonly CryptoNetwork[]> = {
  BTC: ['bitcoin'],
  ETH: ['erc20'],
  USDT: ['erc20', 'trc20'],
  USDC: ['erc20', 'trc20'],
};
