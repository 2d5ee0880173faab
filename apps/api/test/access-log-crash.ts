// A process that crashes while access lines still wait in the asynchronous destination
// (access-log.test.ts): a bare Fastify app with the product's logger options (LOG_LEVEL info, pino's
// asynchronous destination on stdout) and access log, the crash handler of server.ts, 30 requests
// answered at once, and an uncaught exception thrown right after the last answer.
import Fastify, { LogController } from 'fastify';
import { logCrash, loggerOptions, registerAccessLog } from '../src/logger';

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
      // As Drizzle words a failed query: its parameters are in the message and on the error.
      throw Object.assign(new Error('Failed query: select 1 where $1\nparams: ada@example.com'), {
        query: 'select 1 where $1',
        params: ['ada@example.com'],
      });
    });
  done();
});
app.get('/crash-test', async () => ({ ok: true }));
process.on('uncaughtException', (error) => {
  logCrash(app.log, error);
  process.exit(1);
});
await app.ready();
await Promise.all(Array.from({ length: REQUESTS }, () => app.inject('/crash-test')));
