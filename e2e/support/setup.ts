import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';

/**
 * The spec file's Chromium: this setup file (e2e/vitest.config.ts `setupFiles`) runs before each spec
 * file, launches one browser before the file's tests and closes it after them. A spec imports it
 * (`import { browser } from './support/setup'`) and opens a fresh context per test (openPage).
 */
export let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});
