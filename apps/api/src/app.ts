import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
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
import { childLoggerFactory, loggerOptions, registerAccessLog } from './logger';
import { registerErrorHandler } from './plugins/errors';
import { inputValidatorCompiler, registerStoredHeaderRule } from './plugins/input-rule';
import { registerCsrf } from './plugins/csrf';
import { registerSecurityHeaders } from './plugins/security-headers';
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

/** Builds the whole server: plugins and modules, no listen() (CONVENTIONS §1). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    childLoggerFactory,
    // One access line per request from registerAccessLog instead of Fastify's two (decision 101).
    // Through the log controller: Fastify 5.12 deprecates the top-level option (FSTDEP023, a warning
    // at every start) and removes it in Fastify 6.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
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
  // First of the hooks: an answer refused by any later one still carries them.
  registerSecurityHeaders(app, { production: config.isProduction });
  registerStoredHeaderRule(app, { trustProxy: config.trustProxy !== false });
  registerAccessLog(app);
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

  await registerStaticWeb(app, { distDir: options.webDistDir ?? defaultWebDist });
  return app;
}
