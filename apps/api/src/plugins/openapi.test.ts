import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { FixedClock } from '../clock';
import { loadConfig } from '../config';
import { createTestDatabase } from '../../test/db';
import { TEST_NOW } from '../../test/helpers';
import { PRODUCTION_ENV } from '../../test/production-env';

/** /api/docs lists the whole admin API: off in production unless an operator turns it on (decision 153). */

const LIVE = PRODUCTION_ENV;

// One database for the four apps: only their configuration differs, and none of them writes.
const { database, drop } = await createTestDatabase();
afterAll(drop);

/** The answers to the docs page and to the document (built only when asked for: it takes a second). */
async function docsOf(env: Record<string, string>, options: { document?: boolean } = {}) {
  const app = await buildApp({
    config: loadConfig(env),
    database,
    clock: new FixedClock(TEST_NOW),
    appKey: randomBytes(32),
  });
  await app.ready();
  const page = await app.inject('/api/docs/');
  const document = options.document ? await app.inject('/api/docs/json') : undefined;
  await app.close();
  return { page: page.statusCode, document: document?.statusCode, body: document?.body ?? '' };
}

describe('/api/docs', () => {
  it('is not served in production', async () => {
    const docs = await docsOf(LIVE, { document: true });
    expect(docs.page).toBe(404);
    expect(docs.document).toBe(404);
    expect(docs.body).not.toContain('/api/admin');
  });

  it('is served in production with API_DOCS=1', async () => {
    const docs = await docsOf({ ...LIVE, API_DOCS: '1' }, { document: true });
    expect(docs.page).toBe(200);
    expect(docs.document).toBe(200);
    expect(docs.body).toContain('/api/admin/settings');
  });

  it('is served outside production unless API_DOCS=0', async () => {
    expect((await docsOf({ NODE_ENV: 'test' })).page).toBe(200);
    const off = await docsOf({ NODE_ENV: 'test', API_DOCS: '0' }, { document: true });
    expect([off.page, off.document]).toEqual([404, 404]);
  });
});
