import { describe, expect, it } from 'vitest';
import type { SessionListResponse, TokenResponse } from '@app/shared';
import { createTestApp, ApiClient } from '../../../test/helpers';
import { PASSWORD, errorOf, me, nextIp } from '../../../test/accounts';
import { signedInMember, signedInAdmin } from '../../../test/money';
import { describeAgent } from './sessions.service';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000', TRUST_PROXY: '1' });

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A second browser of the same member: its own user agent and address. */
async function signInFrom(email: string, userAgent: string, ip: string) {
  const client = new ApiClient(app);
  const response = await client.request(
    'POST',
    '/api/login',
    { email, password: PASSWORD },
    { headers: { 'user-agent': userAgent, 'x-forwarded-for': ip } },
  );
  expect(response.statusCode).toBe(200);
  return { client, token: response.json<TokenResponse>().token };
}

const tokenId = (token: string) => Number(token.split('|')[0]);

async function sessions(client: ApiClient, token: string) {
  const response = await client.get('/api/sessions', { token });
  expect(response.statusCode).toBe(200);
  return response.json<SessionListResponse>().data;
}

describe('describeAgent', () => {
  it('names the browser, system and kind of device', () => {
    expect(describeAgent(IPHONE)).toEqual({ browser: 'Safari 17', os: 'iOS 17.4', device_type: 'mobile' });
    expect(describeAgent(WINDOWS_CHROME)).toMatchObject({ browser: 'Chrome 131', device_type: 'desktop' });
    expect(describeAgent(WINDOWS_CHROME).os).toMatch(/^Windows/);
    expect(describeAgent(null)).toEqual({ browser: null, os: null, device_type: null });
  });
});

describe('GET /api/sessions', () => {
  it('lists every signed-in session with its device, address and times, this one marked', async () => {
    const member = await signedInMember(app);
    clock.advance(120_000);
    const phone = await signInFrom(member.email, IPHONE, nextIp());

    const list = await sessions(phone.client, phone.token);
    expect(list).toHaveLength(2);
    const [first, second] = list;
    expect(first).toMatchObject({
      id: tokenId(phone.token),
      browser: 'Safari 17',
      os: 'iOS 17.4',
      device_type: 'mobile',
      current: true,
      created_at: clock.now().toISOString(),
    });
    expect(first?.ip).toMatch(/^198\.51\./);
    expect(second).toMatchObject({ id: tokenId(member.token), current: false });

    // Seen from the first browser, that one is "this device".
    const fromFirst = await sessions(member.client, member.token);
    expect(fromFirst.find((session) => session.current)?.id).toBe(tokenId(member.token));
  });

  it('records the address the load balancer saw, not one the client put in front of it', async () => {
    const member = await signedInMember(app);
    const balancerSaw = nextIp();
    // A client that sends its own X-Forwarded-For gets the balancer's address appended after it
    // (decision 195): only the right-most entry is believed with TRUST_PROXY=1.
    const spoofer = await signInFrom(member.email, IPHONE, `203.0.113.200, ${balancerSaw}`);
    const list = await sessions(spoofer.client, spoofer.token);
    expect(list.find((session) => session.current)?.ip).toBe(balancerSaw);
  });

  it('needs a member session', async () => {
    const client = new ApiClient(app);
    expect((await client.get('/api/sessions')).statusCode).toBe(401);
    const admin = await signedInAdmin(app);
    expect((await admin.client.get('/api/sessions', { token: admin.token })).statusCode).toBe(403);
  });
});

describe('DELETE /api/sessions/:id', () => {
  it('signs the other session out at once: its very next request is refused', async () => {
    const member = await signedInMember(app);
    const phone = await signInFrom(member.email, IPHONE, nextIp());
    // The phone was just used, so its token row is read (and would be cached, if anything cached it).
    expect((await me(phone.client, phone.token)).status).toBe(200);

    const response = await member.client.delete(`/api/sessions/${tokenId(phone.token)}`, {
      token: member.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Session signed out.', revoked: 1 });

    expect((await me(phone.client, phone.token)).status).toBe(401);
    expect((await phone.client.get('/api/activity', { token: phone.token })).statusCode).toBe(401);
    expect((await me(member.client, member.token)).status).toBe(200);
    expect((await sessions(member.client, member.token)).map((s) => s.id)).toEqual([tokenId(member.token)]);

    // Already signed out: nothing left to revoke.
    const again = await member.client.delete(`/api/sessions/${tokenId(phone.token)}`, {
      token: member.token,
    });
    expect(again.statusCode).toBe(404);
  });

  it("refuses another member's session with a 404 and leaves it signed in", async () => {
    const member = await signedInMember(app);
    const other = await signedInMember(app);
    const response = await member.client.delete(`/api/sessions/${tokenId(other.token)}`, {
      token: member.token,
    });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toMatchObject({ code: 'NOT_FOUND', message: 'Session not found.' });
    expect((await me(other.client, other.token)).status).toBe(200);
  });

  it('answers 400 with a field error for an id that is not one', async () => {
    const member = await signedInMember(app);
    const response = await member.client.delete('/api/sessions/abc', { token: member.token });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors).toHaveProperty('id');
  });
});

describe('DELETE /api/sessions/others', () => {
  it('signs out every other session and keeps this one', async () => {
    const member = await signedInMember(app);
    const phone = await signInFrom(member.email, IPHONE, nextIp());
    const laptop = await signInFrom(member.email, WINDOWS_CHROME, nextIp());
    const other = await signedInMember(app);

    const response = await laptop.client.delete('/api/sessions/others', { token: laptop.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Signed out of every other session.', revoked: 2 });

    expect((await me(laptop.client, laptop.token)).status).toBe(200);
    expect((await me(phone.client, phone.token)).status).toBe(401);
    expect((await me(member.client, member.token)).status).toBe(401);
    // Another member's sessions are untouched.
    expect((await me(other.client, other.token)).status).toBe(200);
    expect((await sessions(laptop.client, laptop.token)).map((s) => s.current)).toEqual([true]);
  });

  it('needs a session', async () => {
    const client = new ApiClient(app);
    expect((await client.delete('/api/sessions/others')).statusCode).toBe(401);
  });
});
