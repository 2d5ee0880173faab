import { z } from 'zod';

/**
 * The prices service adapter: a CoinGecko-compatible `GET {base}/coins/markets` (PRICES_BASE_URL).
 * Only the server calls it (DESIGN §6). A slow answer is cut off after `timeoutMs`, so a visitor never
 * waits on the prices service: the caller serves the last good answer instead.
 */

/** One row of coins/markets as the service sends it; anything it leaves out or garbles becomes null. */
const number = z.number().finite().nullable().optional().catch(null);
const UpstreamItem = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  image: z.string().nullable().optional().catch(null),
  current_price: number,
  market_cap: number,
  circulating_supply: number,
  price_change_percentage_24h: number,
});
const UpstreamAnswer = z.array(z.unknown());

export interface UpstreamMarketItem {
  id: string;
  symbol: string;
  name: string;
  current_price: number | null;
  market_cap: number | null;
  circulating_supply: number | null;
  price_change_percentage_24h: number | null;
}

/** Why the prices service gave no usable answer. */
export class PricesUnavailableError extends Error {
  override readonly name = 'PricesUnavailableError';
  constructor(
    readonly reason: 'timeout' | 'rate_limited' | 'http_error' | 'network' | 'bad_answer',
    /** Seconds the service asked us to wait (Retry-After of a 429), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`prices service unavailable: ${reason}`);
  }
}

export interface PricesClient {
  fetchMarkets(vsCurrency: string, ids: readonly string[]): Promise<UpstreamMarketItem[]>;
}

export function createCoinGeckoClient(options: { baseUrl: string; timeoutMs?: number }): PricesClient {
  const timeoutMs = options.timeoutMs ?? 3000;
  return {
    async fetchMarkets(vsCurrency, ids) {
      const url = new URL(`${options.baseUrl}/coins/markets`);
      url.searchParams.set('vs_currency', vsCurrency);
      url.searchParams.set('ids', ids.join(','));
      url.searchParams.set('order', 'market_cap_desc');
      url.searchParams.set('per_page', String(Math.max(ids.length, 1)));
      url.searchParams.set('page', '1');
      url.searchParams.set('sparkline', 'false');

      let response: Response;
      try {
        response = await fetch(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut =
          error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new PricesUnavailableError(timedOut ? 'timeout' : 'network');
      }
      if (response.status === 429) {
        await response.body?.cancel();
        const retryAfter = Number(response.headers.get('retry-after'));
        throw new PricesUnavailableError(
          'rate_limited',
          Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
        );
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new PricesUnavailableError('http_error');
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new PricesUnavailableError('bad_answer');
      }
      const rows = UpstreamAnswer.safeParse(body);
      if (!rows.success) throw new PricesUnavailableError('bad_answer');
      const items: UpstreamMarketItem[] = [];
      for (const row of rows.data) {
        const item = UpstreamItem.safeParse(row);
        if (!item.success) continue;
        items.push({
          id: item.data.id,
          symbol: item.data.symbol,
          name: item.data.name,
          current_price: item.data.current_price ?? null,
          market_cap: item.data.market_cap ?? null,
          circulating_supply: item.data.circulating_supply ?? null,
          price_change_percentage_24h: item.data.price_change_percentage_24h ?? null,
        });
      }
      return items;
    },
  };
}
