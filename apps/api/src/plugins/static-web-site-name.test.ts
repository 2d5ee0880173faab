import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITENAME } from '@app/shared/constants';
import { createTestApp } from '../../test/helpers';
import { signedInAdmin } from '../../test/money';
import { registerStaticWeb } from './static-web';

/**
 * Decision 176, amended: the operator renames the site in the back office, and every page the server
 * sends carries the new name where the build wrote the default one, with the name in a data block
 * for the web app's first render.
 */
const dist = mkdtempSync(join(tmpdir(), 'web-dist-name-'));
mkdirSync(join(dist, 'pages/en'), { recursive: true });
writeFileSync(
  join(dist, 'index.html'),
  `<html lang="en" dir="ltr"><head><meta property="og:site_name" content="${DEFAULT_SITENAME}" /><title>${DEFAULT_SITENAME} | Home</title></head><body><div id="root"></div><noscript>This site needs JavaScript to run.</noscript></body></html>`,
);
writeFileSync(
  join(dist, 'pages/en/about.html'),
  `<html lang="en" dir="ltr"><head><title>${DEFAULT_SITENAME} | About</title></head><body><div id="root" data-prerendered="en"><h1>About ${DEFAULT_SITENAME}</h1><p>© 2026 ${DEFAULT_SITENAME}.</p></div></body></html>`,
);
writeFileSync(join(dist, 'prerendered.json'), JSON.stringify({ '/about': { en: 'pages/en/about.html' } }));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const { app } = await createTestApp({}, { webDistDir: dist });
const admin = await signedInAdmin(app);
const rename = async (sitename: string) => {
  const response = await admin.client.put('/api/admin/settings', { sitename }, { token: admin.token });
  expect(response.statusCode, response.body).toBe(200);
};
const block = (name: string) =>
  `<script type="application/json" id="site-name">${JSON.stringify(name)}</script>`;

describe('the pages the server sends, once the site is renamed', () => {
  it('are sent as built while the site keeps its default name', async () => {
    const about = await app.inject({ method: 'GET', url: '/about' });
    expect(about.body).toContain(`<h1>About ${DEFAULT_SITENAME}</h1>`);
    expect(about.body).not.toContain('id="site-name"');
  });

  it('carry the new name in the title, the text and a data block, compressed and dark alike', async () => {
    await rename('Harbour & Sons $& Co');
    const about = await app.inject({ method: 'GET', url: '/about' });
    expect(about.statusCode).toBe(200);
    expect(about.body).not.toContain(DEFAULT_SITENAME);
    expect(about.body).toContain('<title>Harbour &amp; Sons $&amp; Co | About</title>');
    expect(about.body).toContain(
      '<h1>About Harbour &amp; Sons $&amp; Co</h1><p>© 2026 Harbour &amp; Sons $&amp; Co.</p>',
    );
    expect(about.body).toContain(`${block('Harbour & Sons $& Co')}</head>`);
    const br = await app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(about.body);
    const dark = await app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'accept-encoding': 'gzip' },
      cookies: { theme: 'dark' },
    });
    const darkHtml = gunzipSync(dark.rawPayload).toString();
    expect(darkHtml).toMatch(/^<html class="dark"/);
    expect(darkHtml).toContain('<h1>About Harbour &amp; Sons $&amp; Co</h1>');
    // The app shell of a member's page too: its title and tags before the app sets its own.
    const shell = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(shell.body).toContain('<title>Harbour &amp; Sons $&amp; Co | Home</title>');
    expect(shell.body).toContain('content="Harbour &amp; Sons $&amp; Co"');
    expect(shell.body).toContain(block('Harbour & Sons $& Co'));
  });

  it('follow each later rename, and a name with markup stays text', async () => {
    await rename('</script><b>Bold</b>');
    const about = await app.inject({ method: 'GET', url: '/about' });
    expect(about.body).toContain('<h1>About &lt;/script&gt;&lt;b&gt;Bold&lt;/b&gt;</h1>');
    expect(about.body).toContain(
      '<script type="application/json" id="site-name">"\\u003c/script>\\u003cb>Bold\\u003c/b>"</script></head>',
    );
    expect(about.body).not.toContain('<b>Bold</b>');
    await rename(DEFAULT_SITENAME);
    const back = await app.inject({ method: 'GET', url: '/about' });
    expect(back.body).toContain(`<h1>About ${DEFAULT_SITENAME}</h1>`);
    expect(back.body).not.toContain('id="site-name"');
  });
});

describe('when the site name cannot be read', () => {
  it('sends the page as built, at once when the read fails and within a quarter second when it hangs', async () => {
    for (const siteName of [
      () => Promise.reject(new Error('database unavailable')),
      () => new Promise<string>(() => {}),
    ]) {
      const bare = Fastify();
      await registerStaticWeb(bare, { distDir: dist, siteName });
      const started = performance.now();
      const about = await bare.inject({ method: 'GET', url: '/about' });
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(about.statusCode).toBe(200);
      expect(about.body).toContain(`<h1>About ${DEFAULT_SITENAME}</h1>`);
      await bare.close();
    }
  });
});

describe('the built HTML files themselves', () => {
  it('are not served by their file names, which would skip the current name', async () => {
    for (const url of ['/index.html', '/pages/en/about.html', '/prerendered.json/../pages/en/about.html']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('<html');
    }
  });
});
