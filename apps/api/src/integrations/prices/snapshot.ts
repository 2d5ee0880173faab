import type { MarketVsCurrency } from '@app/shared';
import type { UpstreamMarketItem } from './coingecko';

/**
 * Prices shipped with the product for a first start without network (DESIGN §6): shown, marked stale,
 * only until the prices service answers once. Taken from CoinGecko's coins/markets on the date below.
 */
export const SNAPSHOT_TAKEN_AT = '2026-11-01T00:00:00.000Z';

const USD: UpstreamMarketItem[] = [
  {
    id: 'bitcoin',
    symbol: 'btc',
    name: 'Bitcoin',
    current_price: 68_250,
    market_cap: 1_346_000_000_000,
    circulating_supply: 19_720_000,
    price_change_percentage_24h: 1.24,
  },
  {
    id: 'ethereum',
    symbol: 'eth',
    name: 'Ethereum',
    current_price: 3_520,
    market_cap: 423_500_000_000,
    circulating_supply: 120_300_000,
    price_change_percentage_24h: -0.86,
  },
  {
    id: 'tether',
    symbol: 'usdt',
    name: 'Tether',
    current_price: 1,
    market_cap: 118_400_000_000,
    circulating_supply: 118_400_000_000,
    price_change_percentage_24h: 0.01,
  },
  {
    id: 'binancecoin',
    symbol: 'bnb',
    name: 'BNB',
    current_price: 585.4,
    market_cap: 85_400_000_000,
    circulating_supply: 145_900_000,
    price_change_percentage_24h: 0.42,
  },
  {
    id: 'usd-coin',
    symbol: 'usdc',
    name: 'USDC',
    current_price: 1,
    market_cap: 34_600_000_000,
    circulating_supply: 34_600_000_000,
    price_change_percentage_24h: 0,
  },
];

/** Units of each currency per US dollar on the snapshot date. */
const PER_USD: Record<MarketVsCurrency, number> = { usd: 1, eur: 0.92, gbp: 0.78 };

const round = (value: number | null, digits: number) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

export function snapshotMarkets(vsCurrency: MarketVsCurrency): UpstreamMarketItem[] {
  const rate = PER_USD[vsCurrency];
  return USD.map((item) => ({
    ...item,
    current_price: round(item.current_price === null ? null : item.current_price * rate, 4),
    market_cap: round(item.market_cap === null ? null : item.market_cap * rate, 0),
  }));
}
