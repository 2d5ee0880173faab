import { execFileSync } from 'node:child_process';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/**
 * Debian's Chromium (DESIGN §2), never a browser downloaded by a tool: its headless shell when it is
 * installed (the same engine without browser windows, decision 201), else the full browser.
 * `CHROMIUM_PATH` chooses another binary.
 */
function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  for (const name of ['chromium-headless-shell', 'chromium']) {
    try {
      return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
    } catch {
      // Not installed: the next one.
    }
  }
  throw new Error('Chromium is not installed: run `apt-get install -y chromium-headless-shell` (as root).');
}

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The product this worker's spec files talk to (one per worker, e2e/global-setup.ts). */
export function baseUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const url = urls[(worker - 1) % urls.length];
  if (!url) throw new Error('No product was started for the e2e suite (e2e/global-setup.ts).');
  return url;
}

/** The demo member's password on this worker's product (e2e/global-setup.ts). */
export function demoMemberPassword(): string {
  const passwords = inject('demoMemberPasswords');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return passwords[(worker - 1) % passwords.length] ?? '';
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS, headless: true });
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/**
 * A page in a fresh browser context (its own storage and cookies) that records every console error,
 * Content-Security-Policy violation and uncaught exception, so a test can assert the user saw none (CONVENTIONS §12).
 */
export async function openPage(
  browser: Browser,
  options: {
    width?: number;
    height?: number;
    locale?: string;
    /** 'block': no service worker, so `page.route` sees every request (the worker answers some itself). */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: options.locale ?? 'en-US',
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  return watch(context);
}

/**
 * A page in a browser with a profile on disk (not incognito, as `openPage`'s contexts are): what
 * Chromium needs before it calls a site installable. The profile lives in `userDataDir`.
 */
export async function openProfilePage(userDataDir: string): Promise<WatchedPage> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS,
    headless: true,
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
  });
  return watch(context);
}

/** Records every console error, Content-Security-Policy violation and uncaught exception of a new page. */
async function watch(context: BrowserContext): Promise<WatchedPage> {
  // A Content-Security-Policy violation is an error the user's browser reports: count it as one.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} (${event.blockedURI || 'inline'})`);
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors };
}

/**
 * Opens a path and waits until the app has taken the page over. A public page is prerendered: it is
 * readable at once, but its buttons and menus work only once its script has loaded and hydrated it
 * (docs/decisions/055-prerendered-public-pages.md). Network idle: the app's scripts, and the data it
 * asks for once running, have arrived.
 */
export async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' });
}

/**
 * Axe on a page, run inside the page itself (axe's documented legacy mode, which its README calls a
 * last resort). The default mode opens a blank page beside it to merge the results of cross-origin
 * frames. The product's pages embed no frame, and its Content-Security-Policy refuses cross-origin ones
 * (`default-src 'self'`, no `frame-src`): the same rules and results, in a median 0.8 s a check instead
 * of 1.35 s (bench/RESULTS.md, "Test suite time", decision 206). A page with a frame fails here, so that
 * its check is looked at again rather than run without the frame. Only violations are reported in
 * full (axe's `resultTypes`): every check reads violations alone, and the passes axe collected node by
 * node took a third of a check's time (decision 206, amended).
 */
export function axeFor(page: Page, tags: string[]): AxeBuilder {
  expect(page.frames(), 'axe in legacy mode checks pages without frames (decision 206)').toHaveLength(1);
  return new AxeBuilder({ page })
    .withTags(tags)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
}

/** Axe on the current page: no serious or critical violation (WCAG 2.x A and AA rules). */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await axeFor(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(serious, `axe on ${label}`).toEqual([]);
}
