import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { throttleAddress } from '../lib/client-address';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that writes rows (an exit quote): limited as the write routes are. */
    writes?: boolean;
  }
}

/** Per-member (else per-IP) limit of write requests; shared through Redis when REDIS_URL is set. */
export async function registerRateLimit(
  app: FastifyInstance,
  options: { writesPerMinute: number; redis: Redis | undefined; exempt: (url: string) => boolean },
): Promise<void> {
  // Runs before the plugin's own onRoute hook (registered next), which reads config.rateLimit.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const writes = methods.some((method) => WRITE_METHODS.has(method)) || route.config?.writes === true;
    if (!writes || options.exempt(route.url)) return;
    const config = (route.config ??= {}) as { rateLimit?: unknown };
    if (config.rateLimit === false || config.rateLimit) return; // the route set its own
    config.rateLimit = {
      max: options.writesPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) =>
        request.auth ? `user:${request.auth.user.id}` : `ip:${throttleAddress(request.ip)}`,
    };
  });
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    ...(options.redis ? { redis: options.redis, nameSpace: 'rl:' } : {}),
    skipOnError: true, // a Redis outage must not take the API down; the DB-backed sign-in throttle still holds
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: 'Too many requests. Please try again later.',
      code: 'TOO_MANY_REQUESTS',
      retryAfter: context.after,
    }),
  });
}
