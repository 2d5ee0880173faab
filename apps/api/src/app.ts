import { fileURLToPath } from 'node:url';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onRequestHookHandler,
} from 'fastify';
import cookie from '@fastify/cookie';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Database } from '@app/db';
import type { Config } from './config';
import type { AppDeps } from './deps';
import type { AdjustableClock, FixedClock } from './clock';
import { createMailer, registerMailDispatch, type Mailer } from './integrations/mail/mailer';
import { getSettings } from './modules/settings/settings.service';
import { createPayments } from './integrations/payments/payments';
import { JobRegistry } from './jobs/registry';
import { loggerOptions, registerAccessLog, type AccessLog } from './logger';
import { registerErrorHandler } from './plugins/errors';
import { requestErrorLine } from './lib/error-line';
import { inputValidatorCompiler, registerStoredHeaderRule } from './plugins/input-rule';
import { registerCsrf } from './plugins/csrf';
import { apiSecurityHeaders, securityHeadersHook } from './plugins/security-headers';
import { parserRefusals } from './plugins/parser-refusals';
import { Refusals } from './lib/refusals';
import { registerRateLimit } from './plugins/rate-limit';
import { registerAuth } from './plugins/auth';
import { registerIdempotency } from './plugins/idempotency';
import { registerOpenApi } from './plugins/openapi';
import { createSerializerCompiler } from './plugins/serializer';
import { registerStaticWeb } from './plugins/static-web';
import { healthRoutes } from './modules/health/health.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { registerModules } from './modules/index';
import { devRoutes } from './modules/dev/dev.routes';
import { registerMetrics } from './modules/metrics/metrics';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock: AdjustableClock | FixedClock;
  appKey: Buffer;
  redis?: Redis | undefined;
  mailer?: Mailer;
  webDistDir?: string;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: { write(line: string): void };
  /** How often pending mail is looked for without a kick (15 s; a test sets it long to see the kicks). */
  mailPollMs?: number;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** Paths that never carry a browser session: gateway webhooks (signed by the gateway instead). */
const isWebhook = (url: string) => url.startsWith('/api/webhooks/');

/**
 * Fastify's `frameworkErrors`: a request it refuses before routing (a malformed percent-encoding in
 * the path, FST_ERR_BAD_URL, 400; a path parameter over `maxParamLength`, FST_ERR_MAX_PARAM_LENGTH,
 * 414; an async route constraint that failed, none of which the app has) runs none of the app's hooks.
 * Answered as the error handler answers, with the security headers and the access line every other
 * answer has (decision 147, amended 2026-12-02). The body never quotes the path.
 */
function answerBeforeRouting(
  securityHeaders: onRequestHookHandler,
  accessLog: () => AccessLog,
  refusals: Refusals,
) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    // Fastify starts no clock for these: the access line's time is this answer's.
    const start = performance.now();
    securityHeaders.call(request.server, request, reply, () => {});
    if (error.code === 'FST_ERR_BAD_URL') {
      void reply
        .status(400)
        .send({ message: 'The request address is not valid.', code: 'VALIDATION_FAILED' });
    } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      void reply
        .status(414)
        .send({ message: 'A part of the request address is too long.', code: 'VALIDATION_FAILED' });
    } else {
      request.log.error(requestErrorLine(request, error), 'unhandled error');
      void reply.status(500).send({ message: 'Something went wrong on our side.', code: 'INTERNAL' });
    }
    accessLog()(request, reply.statusCode, performance.now() - start);
    refusals.report('routing', reply.statusCode);
  };
}

/** Builds the whole server: plugins and modules, no listen() (CONVENTIONS §1). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // First of the hooks: an answer refused by any later one, or before routing, still carries them.
  const securityHeaders = securityHeadersHook({ production: config.isProduction });
  let accessLog: AccessLog = () => {};
  const refusals = new Refusals();
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // One access line per request from registerAccessLog instead of Fastify's two (decision 101).
    // Through the log controller: Fastify 5.12 deprecates the top-level option (FSTDEP023, a warning
    // at every start) and removes it in Fastify 6.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    frameworkErrors: answerBeforeRouting(securityHeaders, () => accessLog, refusals),
    clientErrorHandler: parserRefusals(apiSecurityHeaders({ production: config.isProduction }), refusals),
  }).withTypeProvider<ZodTypeProvider>();

  // The input rule of decision 153 (no NUL, no over-long text), then each route's zod schema.
  app.setValidatorCompiler(inputValidatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ verify: config.env === 'test' }));

  const deps: AppDeps = {
    config,
    database: options.database,
    clock: options.clock,
    appKey: options.appKey,
    redis: options.redis,
    jobs: new JobRegistry(),
    payments: createPayments(config, options.appKey),
    inject: (...args: Parameters<FastifyInstance['inject']>) => app.inject(...args),
    refusals,
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        clock: options.clock,
        log: app.log,
        // The mail's text in the log only where no mail server delivers it (codes and links are in it).
        logMessages: !config.isProduction && config.env !== 'test' && !config.smtpUrl,
        database: options.database.db,
        appUrl: config.appUrl,
        site: async (db) => {
          const { sitename, logo, brand_color } = await getSettings(db);
          const logoUrl = logo ? new URL(logo, config.appUrl).href : null;
          return { name: sitename, logoUrl, brandColor: brand_color };
        },
      }),
  };
  app.decorate('deps', deps);

  registerErrorHandler(app);
  app.addHook('onRequest', securityHeaders);
  registerStoredHeaderRule(app, { trustProxy: config.trustProxy !== false });
  accessLog = registerAccessLog(app);
  registerMetrics(app);
  // With SMTP, mails written in a request's transaction are sent after it (decision 209).
  if (config.smtpUrl) registerMailDispatch(app, deps.mailer, options.mailPollMs);
  await app.register(cookie);
  registerCsrf(app, { key: options.appKey, secure: config.isProduction, exempt: isWebhook });
  // After the security headers and CSRF (a refused request reads no token); before any route, whose
  // admin guard it records.
  registerAuth(app);
  await registerRateLimit(app, {
    writesPerMinute: config.rateLimitWritesPerMinute,
    redis: options.redis,
    exempt: isWebhook,
  });
  registerIdempotency(app);
  await registerOpenApi(app, { appUrl: config.appUrl, docs: config.apiDocs });

  await app.register(healthRoutes);
  await app.register(settingsRoutes);
  await registerModules(app);
  if (config.devTools) await app.register(devRoutes);

  await registerStaticWeb(app, {
    distDir: options.webDistDir ?? defaultWebDist,
    siteName: async () => (await getSettings(deps.database.db)).sitename,
  });
  return app;
}
