import type { TestProject } from 'vitest/node';
import { startFakeCoinGecko } from '../apps/api/test/fake-coingecko';
import { E2E_ADMIN } from './support/constants';
import { startProduct } from './support/product';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The demo member's password, as the server printed it (e2e/member-layout-stability.spec.ts). */
    demoMemberPassword: string;
  }
}

/**
 * Starts the product as `npm start` does (the built web app served by the API) on a free port and a
 * fresh embedded database, with the development tools on so tests read the outbox and move the clock.
 * Live prices come from a local fake of the prices service: the suite never reaches the internet.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prices = await startFakeCoinGecko();
  const product = await startProduct({
    SEED_DEMO: '1',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ADMIN_TOTP_SECRET: E2E_ADMIN.totpSecret,
    RATE_LIMIT_WRITES_PER_MINUTE: '1000',
    PRICES_BASE_URL: prices.baseUrl,
  });
  project.provide('baseUrl', product.url);
  project.provide('demoMemberPassword', /Demo member: \S+ \/ (\S+)/.exec(product.output())?.[1] ?? '');
  return async () => {
    await product.stop();
    await prices.close();
  };
}
