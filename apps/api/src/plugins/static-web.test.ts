import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';

const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  [
    '<html lang="en" dir="ltr"><head><meta',
    '      name="description"',
    '      content="Earn on your crypto." /><meta property="og:title" content="Our Platform | Home" />',
    '<meta property="og:description" content="Earn on your crypto." /><title>Our Platform | Home</title>',
    '<link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div>',
    '<noscript>This site needs JavaScript to run.</noscript></body></html>',
  ].join('\n'),
);
/** One language's shell texts as the web build writes them (apps/web/vite.config.ts). */
const shellTexts = (language: string, noscript: string, title = 'Our Platform', description = 'x') => ({
  dir: language === 'ar' ? 'rtl' : 'ltr',
  noscript,
  title,
  description,
  manifest: `/manifest.${language}.webmanifest`,
});
// The shell's texts in each language (the web build writes them from its locale files, and each other
// language's manifest beside them), and five that are not what the build writes: a direction that is
// neither, a manifest elsewhere, one not written, one not JSON, a missing title, and markup and `$` in texts.
for (const language of ['es', 'ar', 'fr', 'pt'])
  writeFileSync(join(dist, `manifest.${language}.webmanifest`), '{}');
// Written, but not JSON: not served (web-manifests.ts), so no shell links it.
writeFileSync(join(dist, 'manifest.sv.webmanifest'), '{"name":');
writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
writeFileSync(
  join(dist, 'shell-languages.json'),
  JSON.stringify({
    en: { ...shellTexts('en', 'This site needs JavaScript to run.'), manifest: '/manifest.webmanifest' },
    es: shellTexts('es', 'Este sitio necesita JavaScript para funcionar.', 'Our Platform | Inicio'),
    ar: shellTexts(
      'ar',
      'يحتاج هذا الموقع إلى JavaScript ليعمل.',
      'Our Platform | الرئيسية',
      'اجعل أصولك تنمو.',
    ),
    de: { ...shellTexts('de', 'Diese Seite braucht JavaScript.'), dir: 'up' },
    it: { ...shellTexts('it', 'Questo sito ha bisogno di JavaScript.'), manifest: '//evil.example/m.json' },
    nl: shellTexts('nl', 'Deze site heeft JavaScript nodig.'),
    sv: shellTexts('sv', 'Den här webbplatsen behöver JavaScript.'),
    pt: { ...shellTexts('pt', 'Este site precisa de JavaScript.'), title: '' },
    fr: shellTexts('fr', "<script>alert(1)</script> $& $'", 'A "quoted" $& title', "$& $' <b>bold</b>"),
  }),
);
const script = 'console.log("home");'.repeat(100);
writeFileSync(join(dist, 'assets/home-page-abc.js'), script);
writeFileSync(join(dist, 'assets/home-page-abc.js.br'), brotliCompressSync(script));
writeFileSync(join(dist, 'assets/home-page-abc.js.gz'), gzipSync(script));
writeFileSync(
  join(dist, 'route-preloads.json'),
  JSON.stringify({
    '/': ['/assets/home-page-abc.js'],
    '/about': ['/assets/info-pages-def.js', 'javascript:alert(1)'],
    '/dashboard': ['/assets/member-layout-ghi.js', '/assets/dashboard-page-jkl.js'],
    '/plans': ['/assets/plans-page-mno.js'],
  }),
);
// /plans is a member's screen or the public tiers (decision 052): the member's chunks in a data block.
writeFileSync(
  join(dist, 'member-chunks.json'),
  JSON.stringify({ '/plans': ['/assets/member-plans-page-pqr.js', '"></script><script>alert(1)</script>'] }),
);

// Two prerendered pages of /help-center (the web build's pages/<language>/<page>.html and manifest).
mkdirSync(join(dist, 'pages/en'), { recursive: true });
mkdirSync(join(dist, 'pages/es'), { recursive: true });
const helpEn =
  '<html lang="en" dir="ltr"><head></head><body><div id="root" data-prerendered="en"><h1>How can we help?</h1></div></body></html>';
writeFileSync(join(dist, 'pages/en/help-center.html'), helpEn);
writeFileSync(join(dist, 'pages/en/help-center.html.br'), brotliCompressSync(helpEn));
writeFileSync(join(dist, 'pages/en/help-center.html.gz'), gzipSync(helpEn));
writeFileSync(
  join(dist, 'pages/es/help-center.html'),
  '<html lang="es" dir="ltr"><head></head><body><div id="root" data-prerendered="es"><h1>¿Cómo podemos ayudarte?</h1></div></body></html>',
);
writeFileSync(
  join(dist, 'prerendered.json'),
  JSON.stringify({
    '/help-center': {
      en: 'pages/en/help-center.html',
      es: 'pages/es/help-center.html',
      xx: '../secret.html',
    },
  }),
);

const { app } = await createTestApp({}, { webDistDir: dist });
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the built web app', () => {
  it("preloads each public page's own chunks with the page, and only its own", async () => {
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/home-page-abc.js"></head>',
    );
    const about = await app.inject({ method: 'GET', url: '/about/' });
    expect(about.body).toContain('href="/assets/info-pages-def.js"');
    expect(about.body).not.toContain('home-page-abc');
    expect(about.body).not.toContain('javascript:');
    const member = await app.inject({ method: 'GET', url: '/activity' });
    expect(member.body).not.toContain('modulepreload');
    expect(member.body).toContain('<div id="root">');
  });

  it('serves a prerendered page in the language of the lang cookie, English by default', async () => {
    const english = await app.inject({ method: 'GET', url: '/help-center' });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(english.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(english.body).toContain('data-prerendered="en"><h1>How can we help?</h1>');
    const spanish = await app.inject({ method: 'GET', url: '/help-center/', cookies: { lang: 'es' } });
    expect(spanish.body).toContain('¿Cómo podemos ayudarte?');
    // A language without a prerendered page gets the English one (the app then renders its own).
    const arabic = await app.inject({ method: 'GET', url: '/help-center', cookies: { lang: 'ar' } });
    expect(arabic.body).toContain('How can we help?');
  });

  it('sends a prerendered page compressed when accepted, and dark when the theme cookie says so', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/help-center',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('How can we help?');
    const gzip = await app.inject({
      method: 'GET',
      url: '/help-center',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const dark = await app.inject({
      method: 'GET',
      url: '/help-center',
      headers: { 'accept-encoding': 'gzip' },
      cookies: { theme: 'dark' },
    });
    expect(gunzipSync(dark.rawPayload).toString()).toMatch(
      /^<html class="dark" style="color-scheme: dark" lang="en"/,
    );
  });

  it("sends the app shell in the lang cookie's language before any script runs: Arabic right to left; the noscript message, title, description and manifest translated", async () => {
    const arabic = await app.inject({ method: 'GET', url: '/dashboard', cookies: { lang: 'ar' } });
    expect(arabic.statusCode).toBe(200);
    expect(arabic.body).toMatch(/^<html lang="ar" dir="rtl"><head>/);
    expect(arabic.body).toContain('<noscript>يحتاج هذا الموقع إلى JavaScript ليعمل.</noscript>');
    expect(arabic.body).not.toContain('This site needs JavaScript');
    expect(arabic.body).toContain('href="/assets/dashboard-page-jkl.js"');
    expect(arabic.body).toContain('<div id="root"></div>');
    // The home page's title and description in Arabic, and the Arabic manifest for the install prompt.
    expect(arabic.body).toContain('<title>Our Platform | الرئيسية</title>');
    expect(arabic.body).toContain('<meta property="og:title" content="Our Platform | الرئيسية" />');
    expect(arabic.body).toMatch(/name="description"\s+content="اجعل أصولك تنمو\." \/>/);
    expect(arabic.body).toContain('<meta property="og:description" content="اجعل أصولك تنمو." />');
    expect(arabic.body).toContain('<link rel="manifest" href="/manifest.ar.webmanifest">');
    expect(arabic.body).not.toMatch(/Earn on your crypto|\| Home/);
    // Compressed and dark as the English shell is, the same on a second request.
    for (let request = 0; request < 2; request++) {
      const spanish = await app.inject({
        method: 'GET',
        url: '/activity',
        headers: { 'accept-encoding': 'br' },
        cookies: { lang: 'es', theme: 'dark' },
      });
      expect(spanish.headers['content-encoding']).toBe('br');
      const html = brotliDecompressSync(spanish.rawPayload).toString();
      expect(html).toMatch(/^<html class="dark" style="color-scheme: dark" lang="es" dir="ltr">/);
      expect(html).toContain('<noscript>Este sitio necesita JavaScript para funcionar.</noscript>');
      expect(html).toContain('<title>Our Platform | Inicio</title>');
      expect(html).toContain('href="/manifest.es.webmanifest"');
    }
    // A language the build wrote no valid texts for, or none at all: the English shell.
    for (const lang of ['de', 'it', 'nl', 'sv', 'pt', 'xx', '../en', 'en']) {
      const page = await app.inject({ method: 'GET', url: '/dashboard', cookies: { lang } });
      expect(page.body).toMatch(/^<html lang="en" dir="ltr">/);
      expect(page.body).toContain('<noscript>This site needs JavaScript to run.</noscript>');
      expect(page.body).toContain('<title>Our Platform | Home</title>');
      expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    }
    // Texts are text, never markup, and a `$` in them stays as written.
    const french = await app.inject({ method: 'GET', url: '/dashboard', cookies: { lang: 'fr' } });
    expect(french.body).toContain("<noscript>&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $'</noscript>");
    expect(french.body).toContain('<title>A &quot;quoted&quot; $&amp; title</title>');
    expect(french.body).toContain('content="A &quot;quoted&quot; $&amp; title" />');
    expect(french.body).toContain('content="$&amp; $\' &lt;b&gt;bold&lt;/b&gt;" />');
  });

  it("preloads a member page's chunks with the page, and a member's /plans chunks only as data (decision 170)", async () => {
    const dashboard = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(dashboard.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/member-layout-ghi.js"><link rel="modulepreload" crossorigin href="/assets/dashboard-page-jkl.js"></head>',
    );
    expect(dashboard.body).not.toContain('member-chunks');
    const plans = await app.inject({ method: 'GET', url: '/plans' });
    expect(plans.body).toContain('<link rel="modulepreload" crossorigin href="/assets/plans-page-mno.js">');
    expect(plans.body).toContain(
      '<script type="application/json" id="member-chunks">["/assets/member-plans-page-pqr.js"]</script></head>',
    );
    expect(plans.body).not.toContain('alert(1)');
    expect(plans.body).not.toContain('modulepreload" crossorigin href="/assets/member-plans-page-pqr.js');
  });

  it('a member route, the mailed reset link, or an unknown one, still gets the app shell', async () => {
    for (const url of [
      '/dashboard',
      '/plans',
      '/forgot-password',
      '/reset-password?token=a%2Bb&email=ada%40example.com',
      '/no/such/page',
    ]) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).not.toContain('data-prerendered');
    }
  });

  it('serves the precompressed file to a browser that accepts it', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/home-page-abc.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(script.length);
    const plain = await app.inject({
      method: 'GET',
      url: '/assets/home-page-abc.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
