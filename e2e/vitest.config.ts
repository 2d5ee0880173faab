import { defineConfig } from 'vitest/config';

/**
 * End-to-end suite: real Chromium (Debian's package) against the real server started by
 * global-setup.ts on a fresh embedded database. Two spec files run at a time (the machine has 2
 * cores), each worker on a server of its own: a spec moves its server's clock, and no other spec
 * runs on that server meanwhile (decision 168). `node scripts/e2e.mjs <one spec>` starts one.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // One Chromium per spec file, launched and closed around its tests (support/setup.ts).
    setupFiles: ['./support/setup.ts'],
    maxWorkers: 2,
    // A worker's spec files share its loaded modules (playwright-core, axe, support/): starting a fresh
    // module graph per file cost about 1.4 s a file. No support module keeps state: a spec's server is
    // the worker's anyway, and its browser comes from the setup file, which Vitest runs again before
    // each file (so no support module may import ./support/setup, or it would keep the first file's
    // browser). Decision 206.
    isolate: false,
    // A step that waits for something that never comes fails at Playwright's own 30 s; this limit is
    // for a whole journey of many screens (KYC's took 84–87 s on a busy CI host in the full browser).
    testTimeout: 150_000,
    hookTimeout: 90_000,
    // A page's script may take seconds to start while the other worker loads the machine: the
    // default 1 s poll failed a clean-clone run at /admin/login (its title comes with a lazy chunk).
    expect: { poll: { timeout: 10_000 } },
  },
});
