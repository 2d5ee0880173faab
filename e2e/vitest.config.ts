import { defineConfig } from 'vitest/config';

/**
 * End-to-end suite: real Chromium (Debian's package) against the real server started once by
 * global-setup.ts on a fresh embedded database. Files run one at a time (the machine has 2 cores).
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
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
