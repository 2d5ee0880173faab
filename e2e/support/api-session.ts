import { freshTotpCode } from './totp';
import { E2E_ADMIN } from './constants';

interface MailItem {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/** The newest 6-digit code mailed to an address (the outbox, read through /api/dev/mail). */
export async function latestCode(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`dev mail: ${response.status}`);
  const messages = (await response.json()) as MailItem[];
  for (const message of messages) {
    const match = /\b(\d{6})\b/.exec(message.text);
    if (match?.[1]) return match[1];
  }
  throw new Error(`No code mailed to ${email}`);
}

/** A unique address per test run, so a suite can be re-run against the same server. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/**
 * An API session outside the browser (used by e2e set-up and by the benchmarks), speaking the Sanctum contract as the web app does: one
 * csrf-cookie call, X-XSRF-TOKEN echoed on writes, bearer token after login.
 */
export class ApiSession {
  constructor(private readonly baseUrl: string) {}

  private cookies = new Map<string, string>();
  private token: string | undefined;

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (pair && index > 0) this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) {
      this.keep(await fetch(`${this.baseUrl}/sanctum/csrf-cookie`));
    }
    const headers: Record<string, string> = { Accept: 'application/json', Cookie: this.cookieHeader() };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keep(response);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** The Authorization header value of the signed-in session (for load generators). */
  authorization(): string {
    if (!this.token) throw new Error('not signed in');
    return `Bearer ${this.token}`;
  }

  /** The authenticator secret of the admin signed in here (for `reauthAdmin`). */
  private adminSecret: string = E2E_ADMIN.totpSecret;

  /**
   * Signs an enrolled admin in: the password, then a code of its authenticator. By default the
   * bootstrap superadmin, pre-enrolled with ADMIN_TOTP_SECRET. The session's re-authentication window
   * is open for 10 minutes.
   */
  async signInAdmin(
    account: { email: string; password: string; totpSecret: string } = E2E_ADMIN,
  ): Promise<void> {
    await this.request('POST', '/api/admin/login', {
      email: account.email,
      password: account.password,
      remember: false,
    });
    const answer = await this.request<{ token: string }>('POST', '/api/admin/2fa/verify', {
      token: await freshTotpCode(this.baseUrl, account.totpSecret),
    });
    this.token = answer.token;
    this.adminSecret = account.totpSecret;
  }

  /**
   * Signs in an admin a superadmin added, at its first sign-in: the password, then an authenticator
   * enrolled through the API and its first code. Returns the authenticator's secret.
   */
  async signInNewAdmin(email: string, password: string): Promise<string> {
    await this.request('POST', '/api/admin/login', { email, password, remember: false });
    const { secret } = await this.request<{ secret: string }>('POST', '/api/admin/2fa/enrol');
    const answer = await this.request<{ token: string }>('POST', '/api/admin/2fa/verify', {
      token: await freshTotpCode(this.baseUrl, secret),
    });
    this.token = answer.token;
    this.adminSecret = secret;
    return secret;
  }

  /** POST /api/admin/reauth with a fresh code: opens the 10-minute window of sensitive actions again. */
  async reauthAdmin(): Promise<void> {
    await this.request('POST', '/api/admin/reauth', {
      code: await freshTotpCode(this.baseUrl, this.adminSecret),
    });
  }

  async signIn(email: string, password: string): Promise<void> {
    const answer = await this.request<{ token: string }>('POST', '/api/login', { email, password });
    this.token = answer.token;
  }

  /**
   * Registers and verifies a member through the real sign-up flow; returns the credentials and the
   * username. `language` is what the sign-up form sends as the interface's language (the member's mails
   * are in it); `referralCode` is the code of a signup link (`/signup?ref=…`).
   */
  async registerVerifiedMember(
    prefix: string,
    options: { language?: 'en' | 'es' | 'ar'; referralCode?: string } = {},
  ): Promise<{ email: string; password: string; username: string }> {
    const email = uniqueEmail(prefix);
    const password = 'a-long-password-1';
    const username = (email.split('@')[0] ?? prefix).replace(/[^a-z0-9]/gi, '').slice(0, 30);
    await this.request('POST', '/api/register', {
      username,
      email,
      password,
      account_type: 'personal',
      ...(options.language ? { language: options.language } : {}),
      ...(options.referralCode ? { referral_code: options.referralCode } : {}),
    });
    await this.request('POST', '/api/verify-otp', { email, otp: await latestCode(this.baseUrl, email) });
    return { email, password, username };
  }
}
