import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MarketsQuery, MarketsResponse } from '@app/shared';
import { createCoinGeckoClient } from '../../integrations/prices/coingecko';
import { memoryPriceCache, redisPriceCache } from '../../integrations/prices/price-cache';
import { errorResponses } from '../auth/route-schemas';
import { MarketsService } from './markets.service';

/** Live prices for the public site (DESIGN §6): the browser asks us, never the prices service. */
export const marketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, redis, clock } = app.deps;
  const service = new MarketsService({
    client: createCoinGeckoClient({ baseUrl: config.pricesBaseUrl, timeoutMs: config.pricesTimeoutMs }),
    store: redis ? redisPriceCache(redis) : memoryPriceCache(),
    clock,
    log: app.log,
  });

  app.get(
    '/api/markets',
    {
      schema: {
        tags: ['markets'],
        summary:
          'Prices of the site’s assets (CoinGecko coins/markets, cached 60 s; stale when the service is down)',
        querystring: MarketsQuery,
        response: { 200: MarketsResponse, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const answer = await service.markets(request.query.vs_currency, request.query.ids);
      // Browsers and shared caches may keep it briefly; every visitor reads the same prices.
      void reply.header('Cache-Control', answer.stale ? 'public, max-age=15' : 'public, max-age=30');
      return answer;
    },
  );
};
