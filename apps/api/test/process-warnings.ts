/**
 * Every warning this test worker process has emitted, from before its first test file on (test/setup.ts
 * imports this module, which is evaluated once per worker). A worker runs many files in one process
 * (`isolate: false`, decision 168) and Node emits a once-only warning, such as a Fastify deprecation,
 * only the first time: whichever file built the first app, the warning is in this list.
 */
export const processWarnings: string[] = [];

process.on('warning', (warning: Error & { code?: string }) => {
  processWarnings.push(warning.code ?? warning.name);
});
