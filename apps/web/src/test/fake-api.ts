import { vi } from 'vitest';

/** A request as the fake API saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  /** The path with its query string, as sent. */
  url: string;
  /** The query string's values. */
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

type Answer = Response | { status?: number; body?: unknown };
export type Handler = (request: SeenRequest, signal: AbortSignal | null) => Answer | Promise<Answer>;

export function json(body: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const FRONT_SETTINGS = {
  logo: null,
  sitename: 'Test Platform',
  company_email: 'help@test.example',
  company_phone: '+1 555 0100',
  currency: { code: 'USD', symbol: '$' },
  available_currencies: [
    { code: 'USD', symbol: '$' },
    { code: 'EUR', symbol: '€' },
    { code: 'GBP', symbol: '£' },
  ],
  language: { code: 'en', label: 'English', direction: 'ltr' },
  available_languages: [
    { code: 'en', label: 'English', direction: 'ltr' },
    { code: 'es', label: 'Español', direction: 'ltr' },
    { code: 'ar', label: 'العربية', direction: 'rtl' },
  ],
  risk_warning: 'Crypto-assets are volatile.',
  risk_warning_language: 'en',
};

export const USER = {
  id: 7,
  username: 'ada_l',
  email: 'ada@example.com',
  email_verified_at: null as string | null,
  account_type: 'personal',
  business_name: null,
  business_email: null,
  role: 'member',
  referral_code: 'ABCD2345',
  language: 'en',
  currency: 'USD',
  loyalty_points: 0,
  balance: 0,
  total_earnings: 0,
  total_deposit: 0,
  two_factor_enabled: false,
  profile: {
    country: null,
    first_name: null,
    last_name: null,
    address: null,
    city: null,
    postal_code: null,
    phone: null,
    employment_status: null,
    source_of_funds: null,
    source_of_crypto: null,
    industry: null,
    total_wealth: null,
  },
  created_at: '2025-01-01T00:00:00.000Z',
};

/**
 * Replaces fetch (the app's one external boundary) with handlers keyed by 'METHOD /path' (the query
 * string is ignored). The CSRF cookie and the front settings answer by default; anything else is a
 * JSON 404. Returns the requests seen, in order.
 */
/** POST /api/account/close's answer (decision 177): ACCOUNT_MESSAGES.closed, written out (no schema loaded here). */
export const closedAccount = () =>
  json({
    message: 'Your account is closed. Every session has ended; thank you for being with us.',
    closed_at: '2026-03-02T09:00:00.000Z',
    retain_until: '2031-03-02T09:00:00.000Z',
  });

export function fakeApi(handlers: Record<string, Handler>) {
  const requests: SeenRequest[] = [];
  const defaults: Record<string, Handler> = {
    'GET /sanctum/csrf-cookie': () => {
      document.cookie = 'XSRF-TOKEN=xsrf%3Dtoken; path=/';
      return new Response(null, { status: 204 });
    },
    'GET /api/front': () => json(FRONT_SETTINGS),
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const method = init.method ?? 'GET';
    const request: SeenRequest = {
      method,
      path: url.pathname,
      url: `${url.pathname}${url.search}`,
      query: url.searchParams,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`] ?? defaults[`${method} ${url.pathname}`];
    if (!handler) return json({ message: `No route for ${method} ${url.pathname}.`, code: 'NOT_FOUND' }, 404);
    const answer = await handler(request, init.signal ?? null);
    return answer instanceof Response ? answer : json(answer.body ?? {}, answer.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** The requests to one 'METHOD /path'. */
    to: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
  };
}

/** A handler that never answers until the request is aborted. */
export const hang: Handler = (_request, signal) =>
  new Promise<Response>((_resolve, reject) => {
    signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });
