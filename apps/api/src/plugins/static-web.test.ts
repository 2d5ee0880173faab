import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { FixedClock } from '../clock';
import { loadConfig } from '../config';
import { createTestDatabase } from '../../test/db';
import { TEST_NOW } from '../../test/helpers';

const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  '<html><head><title>x</title></head><body><div id="root"></div></body></html>',
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
  }),
);

const { database, drop } = await createTestDatabase();
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000' }),
  database,
  clock: new FixedClock(TEST_NOW),
  appKey: randomBytes(32),
  webDistDir: dist,
});
await app.ready();
afterAll(async () => {
  await app.close();
  await drop();
  rmSync(dist, { recursive: true, force: true });
});

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
    const member = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(member.body).not.toContain('modulepreload');
    expect(member.body).toContain('<div id="root">');
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
