import { afterAll, describe, expect, it } from 'vitest';
import type { MarketsResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { startFakeCoinGecko } from '../../../test/fake-coingecko';
import { SNAPSHOT_TAKEN_AT } from '../../integrations/prices/snapshot';
import { PRICES_BACKOFF_MS, PRICES_FRESH_MS } from './markets.service';

const fake = await startFakeCoinGecko();
afterAll(() => fake.close());
const { app, clock } = await createTestApp({ PRICES_BASE_URL: fake.baseUrl, PRICES_TIMEOUT_MS: '300' });

const HOME = 'bitcoin,ethereum,binancecoin,usd-coin';
const NAV = 'bitcoin,ethereum,binancecoin,tether';

async function markets(ids: string, vs = 'usd') {
  const response = await app.inject({ method: 'GET', url: `/api/markets?ids=${ids}&vs_currency=${vs}` });
  expect(response.statusCode).toBe(200);
  return response.json<MarketsResponse>();
}
const priceOf = (answer: MarketsResponse, id: string) =>
  answer.data.find((item) => item.id === id)?.current_price;

describe('GET /api/markets', () => {
  it('answers with live prices from the prices service, in the order asked, with icons we serve', async () => {
    const answer = await markets(HOME);
    expect(answer.stale).toBe(false);
    expect(answer.vs_currency).toBe('usd');
    expect(answer.updated_at).toBe(clock.now().toISOString());
    expect(answer.data.map((item) => item.id)).toEqual(['bitcoin', 'ethereum', 'binancecoin', 'usd-coin']);
    expect(answer.data[0]).toEqual({
      id: 'bitcoin',
      name: 'Bitcoin',
      symbol: 'btc',
      image: '/coins/bitcoin.svg',
      current_price: 70_000,
      price_change_percentage_24h: 2.345,
      market_cap: 1_380_000_000_000,
      circulating_supply: 19_750_000,
    });
    // One upstream call, for every asset of the site at once.
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.searchParams.get('ids')?.split(',').sort()).toEqual([
      'binancecoin',
      'bitcoin',
      'ethereum',
      'tether',
      'usd-coin',
    ]);
    expect(fake.requests[0]?.searchParams.get('vs_currency')).toBe('usd');
  });

  it('serves every visitor from the cache for 60 seconds, then asks again', async () => {
    fake.priceFactor = 2;
    const calls = fake.requests.length;
    clock.advance(PRICES_FRESH_MS - 1000);
    expect(priceOf(await markets(NAV), 'bitcoin')).toBe(70_000);
    expect(priceOf(await markets(NAV), 'tether')).toBe(1);
    expect(fake.requests).toHaveLength(calls);

    clock.advance(2000);
    const answer = await markets(HOME);
    expect(answer.stale).toBe(false);
    expect(priceOf(answer, 'bitcoin')).toBe(140_000);
    expect(fake.requests).toHaveLength(calls + 1);
  });

  it('asks the prices service once when many visitors arrive together', async () => {
    clock.advance(PRICES_FRESH_MS + 1);
    const calls = fake.requests.length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => markets(HOME)));
    expect(answers.every((answer) => !answer.stale)).toBe(true);
    expect(fake.requests).toHaveLength(calls + 1);
  });

  it('gives prices in the chosen currency', async () => {
    const answer = await markets('bitcoin', 'EUR');
    expect(answer.vs_currency).toBe('eur');
    expect(priceOf(answer, 'bitcoin')).toBe(70_000 * 0.9 * 2);
  });

  it('serves the last good prices marked stale when the service fails, and leaves it alone for a while', async () => {
    const before = await markets(HOME);
    fake.mode = 'error';
    fake.priceFactor = 3;
    clock.advance(PRICES_FRESH_MS + 1);
    const calls = fake.requests.length;
    const answer = await markets(HOME);
    expect(answer.stale).toBe(true);
    expect(answer.updated_at).toBe(before.updated_at);
    expect(priceOf(answer, 'bitcoin')).toBe(priceOf(before, 'bitcoin'));
    expect(fake.requests).toHaveLength(calls + 1);

    // Within the back-off, visitors get the stale prices at once, without another call.
    clock.advance(PRICES_BACKOFF_MS - 1000);
    expect((await markets(NAV)).stale).toBe(true);
    expect(fake.requests).toHaveLength(calls + 1);

    // After it, the service is tried again; once it is back the prices are live again.
    fake.mode = 'up';
    clock.advance(2000);
    const recovered = await markets(HOME);
    expect(recovered.stale).toBe(false);
    expect(priceOf(recovered, 'bitcoin')).toBe(210_000);
  });

  it('serves stale prices when the service rate-limits us, and waits as long as it asks', async () => {
    fake.mode = 'rate_limited';
    clock.advance(PRICES_FRESH_MS + 1);
    const calls = fake.requests.length;
    const answer = await markets(HOME);
    expect(answer.stale).toBe(true);
    expect(priceOf(answer, 'bitcoin')).toBe(210_000);
    expect(fake.requests).toHaveLength(calls + 1);

    clock.advance(45_000); // past our own back-off, inside the service's Retry-After: 60
    expect((await markets(HOME)).stale).toBe(true);
    expect(fake.requests).toHaveLength(calls + 1);

    fake.mode = 'up';
    clock.advance(16_000);
    expect((await markets(HOME)).stale).toBe(false);
    expect(fake.requests).toHaveLength(calls + 2);
  });

  it('does not keep visitors waiting on a slow service: after the timeout the last good prices are served', async () => {
    fake.mode = 'slow';
    clock.advance(PRICES_FRESH_MS + 1);
    const started = Date.now();
    const answer = await markets(HOME);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(answer.stale).toBe(true);
    expect(priceOf(answer, 'bitcoin')).toBe(210_000);
    fake.mode = 'up';
  });

  it('treats an answer that is not a list of markets as a failure', async () => {
    fake.mode = 'garbage';
    clock.advance(PRICES_FRESH_MS + PRICES_BACKOFF_MS + 1);
    const answer = await markets(HOME);
    expect(answer.stale).toBe(true);
    expect(priceOf(answer, 'bitcoin')).toBe(210_000);
    fake.mode = 'up';
  });

  it('serves the shipped snapshot, marked stale, when the service has never answered', async () => {
    fake.mode = 'error';
    const answer = await markets(HOME, 'gbp');
    expect(answer.stale).toBe(true);
    expect(answer.updated_at).toBe(SNAPSHOT_TAKEN_AT);
    expect(answer.data.map((item) => item.id)).toEqual(['bitcoin', 'ethereum', 'binancecoin', 'usd-coin']);
    for (const item of answer.data) expect(item.current_price).toBeGreaterThan(0);
    fake.mode = 'up';
  });

  it('gives null, never NaN, for figures the service leaves out', async () => {
    fake.nullFiguresFor.add('ethereum');
    clock.advance(PRICES_FRESH_MS + PRICES_BACKOFF_MS + 1);
    const response = await app.inject({ method: 'GET', url: `/api/markets?ids=${HOME}&vs_currency=usd` });
    expect(response.body).not.toContain('NaN');
    const ethereum = response.json<MarketsResponse>().data.find((item) => item.id === 'ethereum');
    expect(ethereum).toMatchObject({
      current_price: null,
      price_change_percentage_24h: null,
      market_cap: null,
      circulating_supply: null,
    });
    fake.nullFiguresFor.clear();
  });

  it.each([
    ['no ids', '/api/markets?vs_currency=usd', 'ids'],
    ['empty ids', '/api/markets?ids=&vs_currency=usd', 'ids'],
    ['an asset the site does not show', '/api/markets?ids=bitcoin,dogecoin', 'ids'],
    ['an unknown currency', '/api/markets?ids=bitcoin&vs_currency=xyz', 'vs_currency'],
    ['a very long list', `/api/markets?ids=${'bitcoin,'.repeat(40)}`, 'ids'],
  ])('refuses %s with 400 and the field at fault', async (_case, url, field) => {
    const calls = fake.requests.length;
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; errors: Record<string, string[]> }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(fake.requests).toHaveLength(calls);
  });
});
