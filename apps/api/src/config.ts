import { isIP } from 'node:net';
import { z } from 'zod';
import type { S3StoreConfig } from './modules/kyc/s3-store';

/**
 * The only reader of process.env (CONVENTIONS §5). Every variable of DESIGN §4, validated once at start;
 * a wrong value stops the process with the list of what is wrong.
 */
const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((value) =>
    value === undefined || value === '' ? undefined : ['1', 'true', 'yes'].includes(value),
  );

/**
 * Embedded PGlite's page cache in MB unless PGLITE_SHARED_BUFFERS_MB says otherwise (decisions 105 and
 * 109); the API tests' databases use it too.
 */
export const PGLITE_SHARED_BUFFERS_MB = 16;

/**
 * Which proxies' X-Forwarded-For is believed (decision 195): off; `1`/`true`/`yes` = load balancers on
 * the machine or a private network (loopback, link-local, private ranges), so the client is the
 * right-most address that is not one of them; or the proxies' addresses or CIDR ranges, comma-
 * separated. Never every hop: the left-most address is the client's own claim, and believing it would
 * let anyone pick the address the throttles count.
 */
const PRIVATE_PROXIES = ['loopback', 'linklocal', 'uniquelocal'];

const trustedProxies = z
  .string()
  .optional()
  .transform((value, ctx): false | string[] => {
    const text = (value ?? '').trim().toLowerCase();
    if (['', '0', 'false', 'no'].includes(text)) return false;
    if (['1', 'true', 'yes'].includes(text)) return PRIVATE_PROXIES;
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.some((entry) => !PRIVATE_PROXIES.includes(entry) && !isAddressOrRange(entry))) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be off, 1 (proxies on private networks), or IP addresses/CIDR ranges separated by commas',
      });
      return z.NEVER;
    }
    return entries;
  });

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Outside production, the loopback interface unless set (decision 003, amended). */
    HOST: optionalText,
    APP_URL: optionalText.pipe(z.url().optional()),
    DATA_DIR: z.string().default('./data'),
    /** Identity documents in this directory instead of the database (decision 180). */
    KYC_STORAGE_DIR: optionalText,
    /** Identity documents in this S3-compatible bucket instead (decision 190), with its endpoint and keys. */
    KYC_S3_BUCKET: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/u, 'must be a bucket name (3-63 of a-z, 0-9, . and -)')
        .optional(),
    ),
    KYC_S3_ENDPOINT: optionalText.pipe(z.url().optional()),
    KYC_S3_REGION: optionalText
      .pipe(
        z
          .string()
          .regex(/^[a-z0-9-]{1,40}$/u, 'must be a region name such as eu-west-1')
          .optional(),
      )
      .transform((value) => value ?? 'us-east-1'),
    KYC_S3_ACCESS_KEY_ID: optionalText,
    KYC_S3_SECRET_ACCESS_KEY: optionalText,
    KYC_S3_PREFIX: optionalText.pipe(
      z
        .string()
        .regex(
          /^[\w-]{1,100}(?:\/[\w-]{1,100}){0,9}\/?$/u,
          'must be names of letters, digits, _ and -, joined by /',
        )
        .optional(),
    ),
    KYC_S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    DATABASE_URL: optionalText.pipe(z.url().optional()),
    // Two at least: the migration lock and each job's lock hold one connection while their work uses
    // another (decision 208).
    DATABASE_POOL_SIZE: z.coerce
      .number()
      .int()
      .min(2, 'must be at least 2: migrations and jobs hold one connection while they use another')
      .max(500)
      .default(5),
    // How long a query waits for one of those connections before the request is answered 503 (decision 210).
    DATABASE_WAIT_MS: z.coerce.number().int().min(1_000).max(120_000).default(10_000),
    DATABASE_NAMED_STATEMENTS: flag,
    PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(1024).default(PGLITE_SHARED_BUFFERS_MB),
    REDIS_URL: optionalText.pipe(z.url().optional()),
    APP_KEY: optionalText,
    APP_KEY_PREVIOUS: optionalText,
    ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalText,
    /** Base32 TOTP secret pre-enrolled for the ADMIN_EMAIL admin (automated set-ups, decision 120). */
    ADMIN_TOTP_SECRET: optionalText.transform((value) => value?.replace(/[\s=]/g, '').toUpperCase()),
    SEED_DEMO: flag,
    SMTP_URL: optionalText.pipe(z.url().optional()),
    MAIL_FROM: z.string().default('Our Platform <no-reply@localhost>'),
    PAYMENTS_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
    NOWPAYMENTS_API_KEY: optionalText,
    NOWPAYMENTS_IPN_SECRET: optionalText,
    COINPAYMENTS_PUBLIC_KEY: optionalText,
    COINPAYMENTS_PRIVATE_KEY: optionalText,
    COINPAYMENTS_MERCHANT_ID: optionalText,
    COINPAYMENTS_IPN_SECRET: optionalText,
    /** Gateway API bases (tests point them at local fake servers). */
    NOWPAYMENTS_BASE_URL: optionalText.pipe(z.url().optional()),
    COINPAYMENTS_BASE_URL: optionalText.pipe(z.url().optional()),
    PRICES_BASE_URL: z.url().default('https://api.coingecko.com/api/v3'),
    PRICES_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
    AI_BASE_URL: optionalText.pipe(z.url().optional()),
    AI_API_KEY: optionalText,
    AI_MODEL: optionalText,
    /** How long connecting to the model may take, and the whole answer (all tool rounds). */
    AI_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(3000),
    AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
    /** Questions per member per minute to POST /api/ai/ask (default 10; benchmarks raise it). */
    AI_QUESTIONS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    DEV_TOOLS: flag,
    RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    TRUST_PROXY: trustedProxies,
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    /** Serves the OpenAPI document and its browser at /api/docs (default: on outside production). */
    API_DOCS: flag,
  })
  .superRefine((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    if (production && env.DEV_TOOLS) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEV_TOOLS'],
        message: 'development tools are refused in production',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'set ADMIN_EMAIL and ADMIN_PASSWORD together',
      });
    }
    if (env.ADMIN_TOTP_SECRET !== undefined) {
      if (!env.ADMIN_EMAIL) {
        ctx.addIssue({ code: 'custom', path: ['ADMIN_TOTP_SECRET'], message: 'needs ADMIN_EMAIL' });
      }
      if (!/^[A-Z2-7]{16,128}$/.test(env.ADMIN_TOTP_SECRET)) {
        ctx.addIssue({
          code: 'custom',
          path: ['ADMIN_TOTP_SECRET'],
          message: 'must be base32 (A-Z, 2-7), at least 16 characters',
        });
      }
    }
    if (env.ADMIN_PASSWORD && env.ADMIN_PASSWORD.length < 12) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'must be at least 12 characters' });
    }
    if (production) {
      if (!env.APP_KEY)
        ctx.addIssue({ code: 'custom', path: ['APP_KEY'], message: 'required in production' });
      if (!env.APP_URL)
        ctx.addIssue({ code: 'custom', path: ['APP_URL'], message: 'required in production' });
      // Without a mail server no code or link reaches a member, and each would wait in the outbox's
      // stored mails, readable by anyone who reads the database (decision 229).
      if (!env.SMTP_URL)
        ctx.addIssue({
          code: 'custom',
          path: ['SMTP_URL'],
          message: 'required in production: members must receive their codes and links by mail',
        });
    }
    if (production && env.PAYMENTS_MODE === 'sandbox') {
      // The sandbox checkout lets anyone mark a deposit paid: never with real money.
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_MODE'],
        message: 'sandbox payments are refused in production; set PAYMENTS_MODE=live and the gateway keys',
      });
    }
    checkAppKeys(env, ctx);
    checkKycStorage(env, ctx);
    checkLivePayments(env, ctx);
  });

/** Each key decodes to 32 bytes, and the previous key of a rotation only comes beside the new one. */
function checkAppKeys(
  env: { APP_KEY?: string | undefined; APP_KEY_PREVIOUS?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  for (const name of ['APP_KEY', 'APP_KEY_PREVIOUS'] as const) {
    const value = env[name];
    if (value && !isKey(value)) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'must be 32 bytes as 64 hex characters or base64',
      });
    }
  }
  if (env.APP_KEY_PREVIOUS && !env.APP_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['APP_KEY_PREVIOUS'],
      message: 'is only read beside APP_KEY (the new key of a rotation)',
    });
  }
}

const LIVE_PAYMENT_KEYS = [
  'NOWPAYMENTS_API_KEY',
  'NOWPAYMENTS_IPN_SECRET',
  'COINPAYMENTS_PUBLIC_KEY',
  'COINPAYMENTS_PRIVATE_KEY',
  'COINPAYMENTS_MERCHANT_ID',
  'COINPAYMENTS_IPN_SECRET',
] as const;

/** Live payments need both gateways' keys and secrets. */
function checkLivePayments(
  env: { PAYMENTS_MODE: 'sandbox' | 'live' } & Partial<
    Record<(typeof LIVE_PAYMENT_KEYS)[number], string | undefined>
  >,
  ctx: z.RefinementCtx,
): void {
  if (env.PAYMENTS_MODE !== 'live') return;
  for (const name of LIVE_PAYMENT_KEYS) {
    if (!env[name])
      ctx.addIssue({ code: 'custom', path: [name], message: 'required when PAYMENTS_MODE=live' });
  }
}

/** A bucket needs its two keys; keys without a bucket, or a bucket beside a directory, are a mistake. */
function checkKycStorage(
  env: {
    KYC_STORAGE_DIR?: string | undefined;
    KYC_S3_BUCKET?: string | undefined;
    KYC_S3_ACCESS_KEY_ID?: string | undefined;
    KYC_S3_SECRET_ACCESS_KEY?: string | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  const keys = ['KYC_S3_ACCESS_KEY_ID', 'KYC_S3_SECRET_ACCESS_KEY'] as const;
  if (env.KYC_S3_BUCKET) {
    for (const name of keys) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required with KYC_S3_BUCKET' });
    }
    if (env.KYC_STORAGE_DIR) {
      ctx.addIssue({
        code: 'custom',
        path: ['KYC_STORAGE_DIR'],
        message: 'set either KYC_STORAGE_DIR or KYC_S3_BUCKET, not both',
      });
    }
  } else {
    for (const name of keys) {
      if (env[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'is only read beside KYC_S3_BUCKET' });
    }
  }
}

function isKey(value: string): boolean {
  return decodeKey(value)?.length === 32;
}

export function decodeKey(value: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  const buffer = Buffer.from(value.replace(/^base64:/, ''), 'base64');
  return buffer.length === 32 ? buffer : null;
}

export interface Config {
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  /** Identity documents in this directory; undefined: in the database (decision 180). */
  kycStorageDir: string | undefined;
  /** Identity documents in this S3-compatible bucket (decision 190); undefined: not in a bucket. */
  kycS3: S3StoreConfig | undefined;
  databaseUrl: string | undefined;
  /** PostgreSQL connections this process keeps at most (decision 208: 5 unless DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** How long a query waits for a free PostgreSQL connection, or for a new one to open (decision 210). */
  databaseWaitMs: number;
  /** Parameterised statements prepared once per PostgreSQL connection (decision 132); default on. */
  databaseNamedStatements: boolean;
  /** Embedded PGlite's shared_buffers in MB: its page cache inside the process (decision 105). */
  pgliteSharedBuffersMb: number;
  redisUrl: string | undefined;
  /** 32-byte key for encrypting secrets at rest; undefined until resolved at start (embedded mode). */
  appKey: Buffer | undefined;
  /** The key a rotation re-seals from (decision 152); only beside APP_KEY. */
  appKeyPrevious: Buffer | undefined;
  /** The bootstrap superadmin; `totpSecret` (base32) pre-enrols its authenticator. */
  admin: { email: string; password: string; totpSecret?: string | undefined } | undefined;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  payments: {
    mode: 'sandbox' | 'live';
    nowpayments: { apiKey: string | undefined; ipnSecret: string | undefined; baseUrl: string | undefined };
    coinpayments: {
      baseUrl: string | undefined;
      publicKey: string | undefined;
      privateKey: string | undefined;
      merchantId: string | undefined;
      ipnSecret: string | undefined;
    };
  };
  pricesBaseUrl: string;
  /** How long a prices request may take before the last good prices are served instead. */
  pricesTimeoutMs: number;
  ai: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    connectTimeoutMs: number;
    timeoutMs: number;
    questionsPerMinute: number;
  };
  devTools: boolean;
  rateLimitWritesPerMinute: number;
  logLevel: string;
  /** Fastify's `trustProxy`: false, or the proxies' addresses and ranges (decision 195). */
  trustProxy: false | string[];
  /** GET /metrics is served only when set, to requests that bear it (docs/operations.md). */
  metricsToken: string | undefined;
  /** /api/docs is served (the whole API's description): off in production unless API_DOCS=1. */
  apiDocs: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** The environment as the schema reads it: validated, defaults filled in. */
type Env = z.infer<typeof EnvSchema>;

/** The bucket for identity documents, once it has its name and both keys (checked by the schema). */
function kycS3Config(env: Env): S3StoreConfig | undefined {
  if (!(env.KYC_S3_BUCKET && env.KYC_S3_ACCESS_KEY_ID && env.KYC_S3_SECRET_ACCESS_KEY)) return undefined;
  return {
    bucket: env.KYC_S3_BUCKET,
    endpoint: (env.KYC_S3_ENDPOINT ?? `https://s3.${env.KYC_S3_REGION}.amazonaws.com`).replace(/\/+$/u, ''),
    region: env.KYC_S3_REGION,
    accessKeyId: env.KYC_S3_ACCESS_KEY_ID,
    secretAccessKey: env.KYC_S3_SECRET_ACCESS_KEY,
    prefix: env.KYC_S3_PREFIX ? `${env.KYC_S3_PREFIX.replace(/\/+$/u, '')}/` : '',
    timeoutMs: env.KYC_S3_TIMEOUT_MS,
  };
}

function paymentsConfig(env: Env): Config['payments'] {
  return {
    mode: env.PAYMENTS_MODE,
    nowpayments: {
      apiKey: env.NOWPAYMENTS_API_KEY,
      ipnSecret: env.NOWPAYMENTS_IPN_SECRET,
      baseUrl: env.NOWPAYMENTS_BASE_URL,
    },
    coinpayments: {
      baseUrl: env.COINPAYMENTS_BASE_URL,
      publicKey: env.COINPAYMENTS_PUBLIC_KEY,
      privateKey: env.COINPAYMENTS_PRIVATE_KEY,
      merchantId: env.COINPAYMENTS_MERCHANT_ID,
      ipnSecret: env.COINPAYMENTS_IPN_SECRET,
    },
  };
}

function aiConfig(env: Env): Config['ai'] {
  return {
    baseUrl: env.AI_BASE_URL?.replace(/\/$/, ''),
    apiKey: env.AI_API_KEY,
    model: env.AI_MODEL,
    connectTimeoutMs: env.AI_CONNECT_TIMEOUT_MS,
    timeoutMs: env.AI_TIMEOUT_MS,
    questionsPerMinute: env.AI_QUESTIONS_PER_MINUTE,
  };
}

/** A host name or address only this machine can reach. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);
}

/**
 * Whether nobody but this machine's user reaches the server: it listens on a loopback interface, no
 * proxy forwards to it, and its public address is this machine's. A staging server behind a proxy on
 * the same host listens on 127.0.0.1 too, but has a public APP_URL or TRUST_PROXY.
 */
function onThisMachineOnly(host: string, appUrl: string, trustProxy: unknown): boolean {
  return isLoopback(host) && trustProxy === false && isLoopback(new URL(appUrl).hostname);
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const host = env.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1');
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host,
    appUrl,
    dataDir: env.DATA_DIR,
    kycStorageDir: env.KYC_STORAGE_DIR,
    kycS3: kycS3Config(env),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databaseWaitMs: env.DATABASE_WAIT_MS,
    databaseNamedStatements: env.DATABASE_NAMED_STATEMENTS ?? true,
    pgliteSharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB,
    redisUrl: env.REDIS_URL,
    appKey: env.APP_KEY ? (decodeKey(env.APP_KEY) ?? undefined) : undefined,
    appKeyPrevious: env.APP_KEY_PREVIOUS ? (decodeKey(env.APP_KEY_PREVIOUS) ?? undefined) : undefined,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? {
            email: env.ADMIN_EMAIL.toLowerCase(),
            password: env.ADMIN_PASSWORD,
            totpSecret: env.ADMIN_TOTP_SECRET,
          }
        : undefined,
    seedDemo: isProduction ? false : (env.SEED_DEMO ?? true),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    payments: paymentsConfig(env),
    pricesBaseUrl: env.PRICES_BASE_URL.replace(/\/$/, ''),
    pricesTimeoutMs: env.PRICES_TIMEOUT_MS,
    ai: aiConfig(env),
    // Development tools read every stored mail (codes, reset links) and move the clock: on by default
    // only outside production on the loopback interface, and never in production.
    devTools: isProduction ? false : (env.DEV_TOOLS ?? onThisMachineOnly(host, appUrl, env.TRUST_PROXY)),
    rateLimitWritesPerMinute: env.RATE_LIMIT_WRITES_PER_MINUTE,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    apiDocs: env.API_DOCS ?? !isProduction,
  };
}
