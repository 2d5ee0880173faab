// A process that crashes while access lines are still gathered (access-log.test.ts): a bare Fastify
// app with the product's logger options (LOG_LEVEL info, the asynchronous destination on stdout) and
// access log, the crash handler of server.ts, 30 requests answered at once, and an uncaught exception
// thrown right after the last answer, in the same turn of the event loop as its access line.
import Fastify, { LogController } from 'fastify';
import { loggerOptions, registerAccessLog } from '../src/logger';

const REQUESTS = 30;
const app = Fastify({
  logger: loggerOptions('info'),
  logController: new LogController({ disableRequestLogging: true }),
});
registerAccessLog(app);
let answered = 0;
app.addHook('onResponse', (_request, _reply, done) => {
  answered += 1;
  if (answered === REQUESTS)
    process.nextTick(() => {
      throw new Error('crash with access lines gathered');
    });
  done();
});
app.get('/crash-test', async () => ({ ok: true }));
process.on('uncaughtException', (error) => {
  app.log.fatal({ err: error }, 'uncaught exception');
  process.exit(1);
});
await app.ready();
await Promise.all(Array.from({ length: REQUESTS }, () => app.inject('/crash-test')));
