import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app';
import { FixedClock } from '../src/clock';
import { loadConfig, type Config } from '../src/config';
import { checkLedger } from '../src/ledger/check';
import { createTestDatabase } from './db';
import { openApps } from './open-apps';

export const TEST_NOW = new Date('2026-03-02T09:00:00.000Z');

export interface TestApp {
  app: FastifyInstance;
  clock: FixedClock;
  config: Config;
  close(): Promise<void>;
}

/**
 * Builds the real app on a freshly migrated database of its own (PGlite or PostgreSQL per TEST_DB),
 * with a clock pinned at TEST_NOW. Closed automatically after the file's tests (closeTestApps), once the
 * ledger check has passed on its database, whether it was built at the file's top or inside a test.
 * `options.logStream` receives the app's log lines (at the LOG_LEVEL of `env`; none by default);
 * `options.webDistDir` is a web build it serves.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logStream?: { write(line: string): void }; mailPollMs?: number; webDistDir?: string } = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', DEV_TOOLS: '1', APP_URL: 'http://localhost:3000', ...env });
  const { database, drop } = await createTestDatabase();
  const clock = new FixedClock(TEST_NOW);
  const app = await buildApp({ config, database, clock, appKey: randomBytes(32), ...options });
  await app.ready();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await drop();
  };
  // The ledger's invariants (DESIGN §5) hold after every API test file, whatever its tests did.
  openApps.add(async () => {
    try {
      if (!closed) {
        const check = await checkLedger(database.db);
        if (!check.ok) throw new Error(`ledger check failed after this file: ${JSON.stringify(check)}`);
      }
    } finally {
      await close();
    }
  });
  return { app, clock, config, close };
}

export interface CallOptions {
  token?: string | undefined;
  headers?: Record<string, string>;
  /** Send the browser's cookies and the X-XSRF-TOKEN echo (default true for writes, as the web app does). */
  csrf?: boolean;
}

/**
 * A client that behaves like the web app's API client (spec §7): it fetches /sanctum/csrf-cookie once,
 * keeps cookies like a browser, echoes X-XSRF-TOKEN on writes, and sends the bearer token.
 */
export class ApiClient {
  private cookies = new Map<string, string>();
  private xsrf: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Sends a cookie again that the server cleared, as a client that ignores the clearing would. */
  keepCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  private store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0))
        this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  private cookieHeader(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    options: CallOptions = {},
  ) {
    const write = method !== 'GET';
    const csrf = options.csrf ?? true;
    if (write && csrf && !this.xsrf) {
      const response = await this.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
      this.store(response);
      this.xsrf = this.cookies.get('XSRF-TOKEN');
    }
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const cookie = csrf ? this.cookieHeader() : undefined;
    if (cookie) headers.cookie = cookie;
    if (write && csrf && this.xsrf) headers['x-xsrf-token'] = this.xsrf;
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    });
    this.store(response);
    return response;
  }

  get(url: string, options?: CallOptions) {
    return this.request('GET', url, undefined, options);
  }
  post(url: string, body?: unknown, options?: CallOptions) {
    return this.request('POST', url, body ?? {}, options);
  }
  patch(url: string, body?: unknown, options?: CallOptions) {
    return this.request('PATCH', url, body ?? {}, options);
  }
  put(url: string, body?: unknown, options?: CallOptions) {
    return this.request('PUT', url, body ?? {}, options);
  }
  delete(url: string, options?: CallOptions) {
    return this.request('DELETE', url, undefined, options);
  }
}

/** A unique email per call, so tests never collide on data. */
let counter = 0;
export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}
