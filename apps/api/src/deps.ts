import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '@app/db';
import type { Config } from './config';
import type { AdjustableClock, FixedClock } from './clock';
import type { Mailer } from './integrations/mail/mailer';
import type { Payments } from './integrations/payments/payments';
import type { JobRegistry } from './jobs/registry';
import type { Refusals } from './lib/refusals';

/**
 * What every service receives (`app.deps`). Its own module, so that services import it without
 * importing `app.ts`, which imports every module's routes and services (no import cycle).
 */
export interface AppDeps {
  config: Config;
  database: Database;
  clock: AdjustableClock | FixedClock;
  /** 32-byte key for sealing secrets and signing CSRF tokens. */
  appKey: Buffer;
  mailer: Mailer;
  redis: Redis | undefined;
  jobs: JobRegistry;
  /** The payment gateways of PAYMENTS_MODE and the secrets their webhooks verify. */
  payments: Payments;
  /** The app itself, for the sandbox checkout that sends the app its own IPN. */
  inject: FastifyInstance['inject'];
  /** Requests refused before routing, reported for the metrics (decision 147). */
  refusals: Refusals;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
