import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRIVATE_PATH_PREFIXES, PUBLIC_PAGES } from '@app/shared';

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** robots.txt and sitemap.xml: served by the API because the sitemap needs the site's address (APP_URL). */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { appUrl } = app.deps.config;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
      '',
      `Sitemap: ${appUrl}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const urls = PUBLIC_PAGES.map(
      (path) =>
        `  <url><loc>${escapeXml(`${appUrl}${path === '/' ? '/' : path}`)}</loc><changefreq>${path === '/' ? 'daily' : 'weekly'}</changefreq><priority>${path === '/' ? '1.0' : '0.7'}</priority></url>`,
    );
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(xml);
  });
};
