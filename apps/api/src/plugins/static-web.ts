import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app: hashed assets with a long cache, and index.html for every other non-API
 * GET so the client router can take over. An unknown /api/... path gets a JSON 404.
 */
export async function registerStaticWeb(app: FastifyInstance, options: { distDir: string }): Promise<void> {
  const indexPath = join(options.distDir, 'index.html');
  const hasBuild = existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/vite.config.ts): served when accepted.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const indexHtml = hasBuild ? readFileSync(indexPath, 'utf8') : null;
  const pageHtml = indexHtml ? routePages(options.distDir, indexHtml) : new Map<string, string>();

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/sanctum/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply
        .status(404)
        .send({ message: `No route for ${request.method} ${path}.`, code: 'NOT_FOUND' });
    }
    if (/\.[a-z0-9]{1,8}$/i.test(path)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!indexHtml) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(pageHtml.get(path.replace(/\/+$/, '') || '/') ?? indexHtml);
  });
}

/**
 * index.html for each public route with its screen's chunks preloaded (route-preloads.json, written
 * by the web build), so they download alongside the main bundle.
 */
function routePages(distDir: string, indexHtml: string): Map<string, string> {
  const pages = new Map<string, string>();
  const file = join(distDir, 'route-preloads.json');
  if (!existsSync(file)) return pages;
  try {
    const routes = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
    for (const [route, chunks] of Object.entries(routes)) {
      const links = chunks
        .filter((chunk) => /^\/assets\/[\w.-]+\.js$/.test(chunk))
        .map((chunk) => `<link rel="modulepreload" crossorigin href="${chunk}">`)
        .join('');
      pages.set(route, indexHtml.replace('</head>', `${links}</head>`));
    }
  } catch {
    // A malformed file only costs the preloads.
  }
  return pages;
}
