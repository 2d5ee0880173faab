import type { Redis } from 'ioredis';

/**
 * Where the last good prices answer of each currency is kept: Redis when configured (shared by every
 * API node), else this process's memory. The entry is never expired here: its age decides whether it
 * is fresh (60 s) or served as stale when the prices service fails.
 */
export interface PriceCacheStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
}

export function memoryPriceCache(): PriceCacheStore {
  const entries = new Map<string, string>();
  return {
    get: (key) => Promise.resolve(entries.get(key) ?? null),
    set: (key, value) => {
      entries.set(key, value);
      return Promise.resolve();
    },
  };
}

/** Redis, falling back to memory for as long as Redis does not answer (prices must not go down with it). */
export function redisPriceCache(redis: Redis): PriceCacheStore {
  const fallback = memoryPriceCache();
  const KEEP_SECONDS = 7 * 24 * 3600;
  return {
    async get(key) {
      try {
        return await redis.get(`prices:${key}`);
      } catch {
        return fallback.get(key);
      }
    },
    async set(key, value) {
      await fallback.set(key, value);
      try {
        await redis.set(`prices:${key}`, value, 'EX', KEEP_SECONDS);
      } catch {
        // Kept in memory; the next good answer tries Redis again.
      }
    },
  };
}
