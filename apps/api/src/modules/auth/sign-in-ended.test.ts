import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import {
  Browser,
  enableTwoFactor,
  errorOf,
  mailedResetLink,
  PASSWORD,
  totpCode,
} from '../../../test/accounts';
import { signedInMember, type Member } from '../../../test/money';

/**
 * A sign-in that passed the password step and waits for its second factor is a session to be: a
 * password change or reset ends it with every session (DESIGN §6), so the owner's remedy also stops
 * whoever held the old password and a code.
 */
const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });

const NEW_PASSWORD = 'the owner chose this one';

/** Someone with the member's password at the second step: their browser holds the challenge cookie. */
async function halfSignedIn(member: Member): Promise<Browser> {
  const intruder = new Browser(app);
  const step = await intruder.post('/api/login', { email: member.email, password: PASSWORD });
  expect(step.json()).toMatchObject({ two_factor_required: true });
  return intruder;
}

async function memberWithTwoFactor(): Promise<Member & { secret: string }> {
  const member = await signedInMember(app);
  const { secret } = await enableTwoFactor(app, member.client, member.token);
  clock.advance(60_000);
  return { ...member, secret };
}

/** The intruder's right code at the second step, and what it got. */
async function finishWithCode(intruder: Browser, secret: string) {
  clock.advance(30_000);
  return intruder.post('/api/2fa/verify', { token: totpCode(secret, clock.now()) });
}

describe('a sign-in waiting for its second factor', () => {
  it('is ended by a password change: the right code then opens nothing', async () => {
    const member = await memberWithTwoFactor();
    const intruder = await halfSignedIn(member);
    const changed = await member.client.post(
      '/api/change-password',
      { old_password: PASSWORD, new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD },
      { token: member.token },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const late = await finishWithCode(intruder, member.secret);
    expect(late.statusCode).toBe(401);
    expect(errorOf(late).message).toBe(AUTH_MESSAGES.twoFactorChallengeMissing);
    // The owner's own session stays, and a sign-in with the new password still reaches the second step.
    expect((await member.client.get('/api/me', { token: member.token })).statusCode).toBe(200);
    const owner = new Browser(app);
    const step = await owner.post('/api/login', { email: member.email, password: NEW_PASSWORD });
    expect(step.json()).toMatchObject({ two_factor_required: true });
    expect((await finishWithCode(owner, member.secret)).statusCode).toBe(200);
  });

  it('is ended by a password reset', async () => {
    const member = await memberWithTwoFactor();
    const intruder = await halfSignedIn(member);
    await new Browser(app).post('/api/forgot-password', { email: member.email });
    const link = await mailedResetLink(app, member.email);
    const reset = await new Browser(app).post('/api/reset-password', {
      token: link.searchParams.get('token'),
      email: member.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const late = await finishWithCode(intruder, member.secret);
    expect(late.statusCode).toBe(401);
    expect(errorOf(late).message).toBe(AUTH_MESSAGES.twoFactorChallengeMissing);
  });

  it('is not ended by the owner signing in elsewhere', async () => {
    const member = await memberWithTwoFactor();
    const first = await halfSignedIn(member);
    const second = await halfSignedIn(member);
    expect((await finishWithCode(second, member.secret)).statusCode).toBe(200);
    // Another step of 30 s: a TOTP step is used once.
    expect((await finishWithCode(first, member.secret)).statusCode).toBe(200);
  });
});
