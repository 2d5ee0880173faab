import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITENAME } from '@app/shared';
import { putSettings } from '../modules/settings/settings.service';
import { createTestApp, TEST_NOW } from '../../test/helpers';

// A web build's manifests (apps/web/vite.config.ts writes one per language), and one that is not JSON.
const dist = mkdtempSync(join(tmpdir(), 'web-manifests-'));
writeFileSync(join(dist, 'index.html'), '<html lang="en"><head></head><body></body></html>');
const manifest = (lang: string, dir: string) => ({
  name: DEFAULT_SITENAME,
  short_name: DEFAULT_SITENAME,
  lang,
  dir,
  description: `The home page's description (${lang}).`,
  start_url: '/dashboard',
  icons: [{ src: '/pwa-192.png', sizes: '192x192', type: 'image/png' }],
});
writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify(manifest('en', 'ltr')));
writeFileSync(join(dist, 'manifest.ar.webmanifest'), JSON.stringify(manifest('ar', 'rtl')));
writeFileSync(join(dist, 'manifest.it.webmanifest'), '{"name": "Our Platform",');
// Compressed copies, as a build that compressed manifests would write: never served as files.
writeFileSync(
  join(dist, 'manifest.webmanifest.br'),
  brotliCompressSync(JSON.stringify(manifest('en', 'ltr'))),
);
writeFileSync(join(dist, 'manifest.webmanifest.gz'), gzipSync(JSON.stringify(manifest('en', 'ltr'))));

const { app } = await createTestApp({}, { webDistDir: dist });
const { database } = app.deps;
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const fetchManifest = async (file: string) => {
  const response = await app.inject({ method: 'GET', url: `/${file}` });
  return { response, body: response.statusCode === 200 ? response.json<Record<string, unknown>>() : null };
};

describe('the web app manifests (decision 176)', () => {
  it("carry the site's current name: a rename in the back office is what the next install shows", async () => {
    const before = await fetchManifest('manifest.webmanifest');
    expect(before.response.statusCode).toBe(200);
    expect(before.response.headers['content-type']).toMatch(/^application\/manifest\+json\b/);
    expect(before.response.headers['cache-control']).toBe('no-cache');
    expect(before.body).toEqual(manifest('en', 'ltr'));

    await putSettings(database.db, { sitename: 'Harbour & Co "Invest"' }, TEST_NOW);
    for (const [file, lang, dir] of [
      ['manifest.webmanifest', 'en', 'ltr'],
      ['manifest.ar.webmanifest', 'ar', 'rtl'],
    ] as const) {
      const after = await fetchManifest(file);
      expect(after.response.statusCode).toBe(200);
      // The name in both fields, JSON-escaped; the language, direction, description and icons as built.
      expect(after.body).toEqual({
        ...manifest(lang, dir),
        name: 'Harbour & Co "Invest"',
        short_name: 'Harbour & Co "Invest"',
      });
    }

    await putSettings(database.db, { sitename: DEFAULT_SITENAME }, TEST_NOW);
    expect((await fetchManifest('manifest.ar.webmanifest')).body?.name).toBe(DEFAULT_SITENAME);
  });

  it('serves only the manifests the build wrote whole: not written or not JSON is a 404', async () => {
    expect((await fetchManifest('manifest.es.webmanifest')).response.statusCode).toBe(404);
    expect((await fetchManifest('manifest.it.webmanifest')).response.statusCode).toBe(404);
    // Not through the static files either, compressed or not.
    expect((await fetchManifest('manifest.webmanifest.br')).response.statusCode).toBe(404);
    expect((await fetchManifest('manifest.webmanifest.gz')).response.statusCode).toBe(404);
    await putSettings(database.db, { sitename: 'Harbour' }, TEST_NOW);
    const compressed = await app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBeUndefined();
    expect(compressed.json<{ name: string }>().name).toBe('Harbour');
    await putSettings(database.db, { sitename: DEFAULT_SITENAME }, TEST_NOW);
  });
});
