// Member pages do not jump (issue 39, decision 170): each of the nine member pages is opened as a
// phone (390 × 844) by the demo member (three months of plans, goals, loans) with the page's own data
// held back, so its loading state shows; then the data is let through. What a member would notice is
// measured: the layout shifts of the whole load (Core Web Vitals' CLS, its largest session window)
// stay at most 0.05, and the regions that fill in later keep their box (the portfolio chart's card,
// Explore's plan cards, the goals chat box). The first data each page reads is asked for once: the
// entry's early requests (apps/web/src/lib/early-data.ts) are the ones the screens use.
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiSession } from './support/api-session';
import { baseUrl, demoMemberPassword } from './support/browser';
import { browser } from './support/setup';

let context: BrowserContext;

beforeAll(async () => {
  const session = new ApiSession(baseUrl());
  await session.signIn('demo@example.com', demoMemberPassword());
  const token = session.authorization().replace(/^Bearer /, '');
  context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
    storageState: {
      cookies: [],
      origins: [{ origin: baseUrl(), localStorage: [{ name: 'token', value: token }] }],
    },
  });
  await context.addInitScript(() => {
    const state = { cls: 0, window: 0, first: 0, last: 0 };
    (window as unknown as { __shifts: typeof state }).__shifts = state;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >) {
        if (entry.hadRecentInput) continue;
        if (state.window > 0 && entry.startTime - state.last < 1000 && entry.startTime - state.first < 5000) {
          state.window += entry.value;
        } else {
          state.window = entry.value;
          state.first = entry.startTime;
        }
        state.last = entry.startTime;
        state.cls = Math.max(state.cls, state.window);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
});

afterAll(async () => {
  await context?.close();
});

interface Case {
  path: string;
  /** The page's own first data, held back until its loading state has shown. */
  held: RegExp;
  /** Shown while the held data loads. */
  loading: (page: Page) => ReturnType<Page['getByTestId']>;
  /** Shown once it has arrived. */
  loaded: (page: Page) => ReturnType<Page['getByTestId']>;
  /** A region whose box must be the same while loading and once loaded. */
  region?: (page: Page) => ReturnType<Page['getByTestId']>;
}

const CASES: Case[] = [
  {
    path: '/dashboard',
    held: /\/api\/plans$/,
    loading: (page) => page.getByRole('status', { name: 'Loading plans…' }),
    loaded: (page) => page.getByRole('list', { name: /featured/i }),
    region: (page) => page.getByRole('region', { name: 'Account summary' }),
  },
  {
    path: '/my-portfolio',
    held: /\/api\/portfolio\/earnings$/,
    loading: (page) => page.getByTestId('earnings-chart-loading'),
    loaded: (page) => page.getByTestId('earnings-chart'),
    region: (page) => page.getByRole('heading', { name: 'Cumulative earnings', exact: true }).locator('..'),
  },
  {
    path: '/activity',
    held: /\/api\/activity\?/,
    loading: (page) => page.getByRole('status').first(),
    loaded: (page) => page.getByRole('table').or(page.getByRole('list')).first(),
  },
  {
    path: '/plans',
    held: /\/api\/pp\?/,
    loading: (page) => page.getByRole('status').first(),
    loaded: (page) => page.getByRole('heading', { level: 1 }),
  },
  {
    path: '/my-goals',
    held: /\/api\/goals$/,
    loading: (page) => page.getByTestId('goals-loading'),
    loaded: (page) => page.getByRole('heading', { name: 'Your goals' }).or(page.getByText('No goals found.')),
    region: (page) => page.getByTestId('assistant-chat'),
  },
  {
    path: '/explore',
    held: /\/api\/loan-plans$/,
    loading: (page) => page.getByRole('status', { name: /loading/i }).and(page.getByTestId('loan-plans')),
    loaded: (page) => page.getByRole('button', { name: /apply/i }).first(),
    region: (page) => page.getByTestId('loan-plans').locator(':scope > *').first(),
  },
  {
    path: '/rewards',
    held: /\/api\/referrals$/,
    loading: (page) => page.getByRole('status').first(),
    loaded: (page) => page.getByRole('heading', { level: 1 }),
  },
  {
    path: '/profile',
    held: /\/api\/me$/,
    loading: (page) => page.getByRole('status').first(),
    loaded: (page) => page.getByRole('heading', { level: 1 }),
  },
  {
    path: '/account-management',
    held: /\/api\/me$/,
    loading: (page) => page.getByRole('status').first(),
    loaded: (page) => page.getByRole('heading', { level: 1 }),
  },
];

describe('member pages keep their layout while their data arrives (phone, demo member)', () => {
  for (const item of CASES) {
    test(item.path, async () => {
      const page = await context.newPage();
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const held = async (route: Route) => {
        await released;
        await route.continue();
      };
      await page.route(item.held, held);
      const apiCalls: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) apiCalls.push(`${url.pathname}${url.search}`);
      });
      try {
        await page.goto(item.path);
        await item.loading(page).first().waitFor({ timeout: 20_000 });
        const before = item.region ? await item.region(page).boundingBox() : null;
        release();
        await item.loaded(page).first().waitFor({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        if (item.region) {
          const after = await item.region(page).boundingBox();
          expect(before, `${item.path}: the region shows while loading`).not.toBeNull();
          expect(after, `${item.path}: the region shows once loaded`).not.toBeNull();
          expect(Math.round(after?.y ?? 0), `${item.path}: the region does not move`).toBe(
            Math.round(before?.y ?? 0),
          );
          expect(Math.round(after?.height ?? 0), `${item.path}: the region keeps its height`).toBe(
            Math.round(before?.height ?? 0),
          );
        }
        const cls = await page.evaluate(
          () => (window as unknown as { __shifts: { cls: number } }).__shifts.cls,
        );
        expect(cls, `${item.path}: layout shift`).toBeLessThanOrEqual(0.05);
        // The data the entry asked for early is the data the screens used: nothing asked twice.
        for (const path of ['/api/me', '/api/front?lang=en']) {
          expect(
            apiCalls.filter((call) => call === path),
            `${item.path}: ${path} asked once`,
          ).toHaveLength(1);
        }
      } finally {
        release();
        await page.close();
      }
    });
  }
});

test('a member page asks for few script files before it runs (fewer round trips on a phone)', async () => {
  // The build groups what pages share into a few files (apps/web/chunk-groups.ts, decision 199): a cold
  // /dashboard's HTML preloaded 37 scripts before, fetched six at a time over HTTP/1.1 while its data
  // calls waited behind them; it preloads 18 now. The screen's later pieces (the header's menus) are
  // not counted: they load after the first paint.
  const page = await context.newPage();
  try {
    const response = await page.request.get('/dashboard');
    const html = await response.text();
    const scripts = [
      ...html.matchAll(/<(?:link rel="modulepreload"[^>]*href|script[^>]*src)="(\/assets\/[^"]+\.js)"/g),
    ].map((match) => match[1]);
    expect(new Set(scripts).size, scripts.join('\n')).toBe(scripts.length);
    expect(scripts.length, scripts.join('\n')).toBeGreaterThan(2);
    expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(24);
    // What it preloads is what the page runs: it shows with no script failing.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});
