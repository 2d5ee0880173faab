import { z } from 'zod';
import { MARKET_ASSETS_HOME, MARKET_ASSETS_NAV } from '../constants';

/** Every asset the site shows a price for (spec §7): the home table's and the Markets menu's. */
export const MARKET_ASSET_IDS = [...new Set([...MARKET_ASSETS_HOME, ...MARKET_ASSETS_NAV])] as const;
export type MarketAssetId = (typeof MARKET_ASSET_IDS)[number];

/** Currencies prices can be shown in: the display currencies of the picker. */
export const MARKET_VS_CURRENCIES = ['usd', 'eur', 'gbp'] as const;
export type MarketVsCurrency = (typeof MARKET_VS_CURRENCIES)[number];

const isAsset = (value: string): value is MarketAssetId =>
  (MARKET_ASSET_IDS as readonly string[]).includes(value);

/** GET /api/markets?ids=bitcoin,ethereum&vs_currency=usd */
export const MarketsQuery = z.object({
  ids: z
    .string({ error: 'ids is required.' })
    .trim()
    .min(1, 'ids is required.')
    .max(200, 'Too many ids.')
    .transform((value) => [...new Set(value.split(',').map((id) => id.trim().toLowerCase()))])
    .refine((ids) => ids.every(isAsset), {
      message: `ids must be a comma-separated list of: ${MARKET_ASSET_IDS.join(', ')}.`,
    })
    .transform((ids) => ids as MarketAssetId[]),
  vs_currency: z
    .string()
    .trim()
    .toLowerCase()
    .default('usd')
    .pipe(
      z.enum(MARKET_VS_CURRENCIES, {
        error: `vs_currency must be one of: ${MARKET_VS_CURRENCIES.join(', ')}.`,
      }),
    ),
});
export type MarketsQuery = z.infer<typeof MarketsQuery>;

/** A market item (spec §3); a figure the prices service did not give is null, never NaN. */
export const MarketItem = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  image: z.string(),
  current_price: z.number().nullable(),
  price_change_percentage_24h: z.number().nullable(),
  market_cap: z.number().nullable(),
  circulating_supply: z.number().nullable(),
});
export type MarketItem = z.infer<typeof MarketItem>;

export const MarketsResponse = z.object({
  vs_currency: z.enum(MARKET_VS_CURRENCIES),
  /** True when the prices service could not be reached and an older answer is shown. */
  stale: z.boolean(),
  /** When these prices were read from the prices service (ISO time). */
  updated_at: z.string(),
  data: z.array(MarketItem),
});
export type MarketsResponse = z.infer<typeof MarketsResponse>;
