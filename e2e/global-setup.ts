import type { TestProject } from 'vitest/node';
import { startFakeCoinGecko } from '../apps/api/test/fake-coingecko';
import { ApiSession } from './support/api-session';
import { E2E_ADMIN, E2E_DEPUTY } from './support/constants';
import { freePorts, startProduct } from './support/product';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One running product per worker: worker N (VITEST_POOL_ID) talks to `baseUrls[N - 1]` only. */
    baseUrls: string[];
    /** Each product's demo member password, as its server printed it, in the order of `baseUrls`. */
    demoMemberPasswords: string[];
    /** The authenticator secret of each product's second superadmin (E2E_DEPUTY), in the same order. */
    deputySecrets: string[];
  }
}

/**
 * Starts the product as `npm start` does (the built web app served by the API) on a free port and a
 * fresh embedded database, with the development tools on so tests read the outbox and move the clock:
 * one product per worker (e2e/vitest.config.ts `maxWorkers`), so that the spec files of one worker
 * run one after the other on a server and a clock of their own, as the whole suite did on one server.
 * Live prices come from a local fake of the prices service: the suite never reaches the internet.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prices = await startFakeCoinGecko();
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  // All at once, on ports chosen together (never the same one twice): two starts side by side took
  // 23 s where one after the other took 29 s (decision 206).
  const ports = await freePorts(workers).catch(async (error: unknown) => {
    await prices.close();
    throw error;
  });
  const starts = ports.map((port) =>
    startProduct(
      {
        SEED_DEMO: '1',
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        ADMIN_TOTP_SECRET: E2E_ADMIN.totpSecret,
        RATE_LIMIT_WRITES_PER_MINUTE: '1000',
        PRICES_BASE_URL: prices.baseUrl,
      },
      { port },
    ),
  );
  const settled = await Promise.allSettled(starts);
  const products = settled.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
  const failure = settled.find((start) => start.status === 'rejected');
  const stopAll = async () => {
    await Promise.all(products.map((product) => product.stop()));
    await prices.close();
  };
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  try {
    project.provide('deputySecrets', await Promise.all(products.map((product) => addDeputy(product.url))));
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide(
    'baseUrls',
    products.map((product) => product.url),
  );
  project.provide(
    'demoMemberPasswords',
    products.map((product) => /Demo member: \S+ \/ (\S+)/.exec(product.output())?.[1] ?? ''),
  );
  return stopAll;
}

/**
 * The second superadmin of a server (decision 250), added while the bootstrap superadmin is the only
 * one (so the role applies at once) and signed in once to enrol its authenticator; returns the secret.
 */
async function addDeputy(url: string): Promise<string> {
  const boss = new ApiSession(url);
  await boss.signInAdmin();
  await boss.request('POST', '/api/admin/admins', { ...E2E_DEPUTY, role: 'superadmin' });
  return new ApiSession(url).signInNewAdmin(E2E_DEPUTY.email, E2E_DEPUTY.password);
}
