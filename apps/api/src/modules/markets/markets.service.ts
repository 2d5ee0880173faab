import type { FastifyBaseLogger } from 'fastify';
import {
  MARKET_ASSET_IDS,
  type MarketAssetId,
  type MarketItem,
  type MarketVsCurrency,
  type MarketsResponse,
} from '@app/shared';
import type { Clock } from '../../clock';
import {
  PricesUnavailableError,
  type PricesClient,
  type UpstreamMarketItem,
} from '../../integrations/prices/coingecko';
import type { PriceCacheStore } from '../../integrations/prices/price-cache';
import { SNAPSHOT_TAKEN_AT, snapshotMarkets } from '../../integrations/prices/snapshot';

/** How long an answer of the prices service is served without asking again (DESIGN §6). */
export const PRICES_FRESH_MS = 60_000;
/** After a failure, how long every visitor gets the last good answer before the service is tried again. */
export const PRICES_BACKOFF_MS = 30_000;

interface CacheEntry {
  fetched_at: string;
  items: UpstreamMarketItem[];
}

function parseEntry(raw: string | null): CacheEntry | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as CacheEntry;
    return typeof value.fetched_at === 'string' && Array.isArray(value.items) ? value : null;
  } catch {
    return null;
  }
}

/** Asset icons are served by us (the CSP allows images from 'self' only; no visitor is sent to a third party). */
const iconOf = (id: string) => `/coins/${id}.svg`;

function toResponse(
  vsCurrency: MarketVsCurrency,
  ids: readonly MarketAssetId[],
  entry: CacheEntry,
  stale: boolean,
): MarketsResponse {
  const byId = new Map(entry.items.map((item) => [item.id, item]));
  const data: MarketItem[] = [];
  for (const id of ids) {
    const item = byId.get(id);
    if (!item) continue;
    data.push({
      id: item.id,
      name: item.name,
      symbol: item.symbol,
      image: iconOf(item.id),
      current_price: item.current_price,
      price_change_percentage_24h: item.price_change_percentage_24h,
      market_cap: item.market_cap,
      circulating_supply: item.circulating_supply,
    });
  }
  return { vs_currency: vsCurrency, stale, updated_at: entry.fetched_at, data };
}

/**
 * Live prices for every visitor from one upstream call per currency per minute: the answer for all
 * of the site's assets is cached (Redis or memory) and each request takes the assets it asked for.
 * When the service fails, times out or rate-limits us, the last good answer is served with
 * `stale: true` (the shipped snapshot when there has never been one), and the service is left alone
 * for a while so a slow or limited upstream does not slow every page down.
 */
export class MarketsService {
  private readonly inFlight = new Map<MarketVsCurrency, Promise<CacheEntry | null>>();
  private readonly retryAt = new Map<MarketVsCurrency, number>();

  constructor(
    private readonly options: {
      client: PricesClient;
      store: PriceCacheStore;
      clock: Clock;
      log: FastifyBaseLogger;
    },
  ) {}

  async markets(vsCurrency: MarketVsCurrency, ids: readonly MarketAssetId[]): Promise<MarketsResponse> {
    const now = this.options.clock.now().getTime();
    const cached = parseEntry(await this.options.store.get(vsCurrency));
    if (cached && now - Date.parse(cached.fetched_at) < PRICES_FRESH_MS) {
      return toResponse(vsCurrency, ids, cached, false);
    }
    const waitUntil = this.retryAt.get(vsCurrency) ?? 0;
    const fresh = now >= waitUntil ? await this.refresh(vsCurrency) : null;
    if (fresh) return toResponse(vsCurrency, ids, fresh, false);
    const fallback = cached ?? { fetched_at: SNAPSHOT_TAKEN_AT, items: snapshotMarkets(vsCurrency) };
    return toResponse(vsCurrency, ids, fallback, true);
  }

  /** One call to the prices service per currency at a time; concurrent visitors share its answer. */
  private refresh(vsCurrency: MarketVsCurrency): Promise<CacheEntry | null> {
    let pending = this.inFlight.get(vsCurrency);
    if (!pending) {
      pending = this.fetchAndStore(vsCurrency).finally(() => this.inFlight.delete(vsCurrency));
      this.inFlight.set(vsCurrency, pending);
    }
    return pending;
  }

  private async fetchAndStore(vsCurrency: MarketVsCurrency): Promise<CacheEntry | null> {
    const { client, store, clock, log } = this.options;
    try {
      const items = await client.fetchMarkets(vsCurrency, MARKET_ASSET_IDS);
      if (items.length === 0) throw new PricesUnavailableError('bad_answer');
      const entry: CacheEntry = { fetched_at: clock.now().toISOString(), items };
      await store.set(vsCurrency, JSON.stringify(entry));
      this.retryAt.delete(vsCurrency);
      return entry;
    } catch (error) {
      const reason = error instanceof PricesUnavailableError ? error.reason : 'unexpected';
      const askedWait = error instanceof PricesUnavailableError ? (error.retryAfterSeconds ?? 0) * 1000 : 0;
      const wait = Math.max(PRICES_BACKOFF_MS, Math.min(askedWait, 10 * 60_000));
      this.retryAt.set(vsCurrency, clock.now().getTime() + wait);
      log.warn(
        { reason, vsCurrency, retryInMs: wait },
        'prices service unavailable; serving the last good prices',
      );
      return null;
    }
  }
}
