import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, userProfiles, users } from '@app/db';
import type { UpdateProfileResponse, UserResponse } from '@app/shared';
import { mailsTo } from '../../../test/accounts';
import { createTestApp } from '../../../test/helpers';
import { signedInMember, type Member } from '../../../test/money';

const { app } = await createTestApp();
const { db } = app.deps.database;

const update = (member: Member, body: Record<string, unknown>) =>
  member.client.patch('/api/profile/update', body, { token: member.token });

async function me(member: Member): Promise<UserResponse> {
  const response = await member.client.get('/api/me', { token: member.token });
  expect(response.statusCode).toBe(200);
  return response.json<UserResponse>();
}

const storedRow = async (member: Member) =>
  (await db.select().from(userProfiles).where(eq(userProfiles.userId, member.user.id)))[0];

const fullProfile = {
  country: 'DE',
  first_name: 'Anna',
  last_name: 'Schmidt',
  address: 'Unter den Linden 1',
  city: 'Berlin',
  postal_code: '10117',
  phone: '030 1234567',
  employment_status: 'Employed',
  source_of_funds: 'Salary',
  source_of_crypto: 'Exchange',
  industry: 'Tech',
  total_wealth: '$10,000 - $50,000',
};

describe('PATCH /api/profile/update', () => {
  it('stores every field, answers it in GET /api/me, phone in E.164', async () => {
    const member = await signedInMember(app);
    expect((await me(member)).profile.first_name).toBeNull();
    const response = await update(member, fullProfile);
    expect(response.statusCode).toBe(200);
    const body = response.json<UpdateProfileResponse>();
    expect(body.message).toBe('Profile updated successfully!');
    expect(body.profile.phone).toBe('+49301234567');
    const { profile } = await me(member);
    expect(profile).toEqual({ ...fullProfile, phone: '+49301234567' });
  });

  it('keeps the personal fields encrypted at rest, bound to their row', async () => {
    const member = await signedInMember(app);
    expect((await update(member, fullProfile)).statusCode).toBe(200);
    const row = await storedRow(member);
    expect(row?.country).toBe('DE');
    const raw = JSON.stringify(row);
    for (const secret of ['Anna', 'Schmidt', 'Linden', 'Berlin', '10117', '1234567', 'Salary', '50,000']) {
      expect(raw).not.toContain(secret);
    }
    // The ciphertext copied into another member's row does not open there.
    const other = await signedInMember(app);
    await db.insert(userProfiles).values({
      userId: other.user.id,
      country: 'DE',
      personalEnc: row?.personalEnc ?? null,
      updatedAt: new Date(),
    });
    const response = await other.client.get('/api/me', { token: other.token });
    expect(response.statusCode).toBe(500);
    await db.delete(userProfiles).where(eq(userProfiles.userId, other.user.id));
  });

  it('changes only the fields sent, and records a security event naming them (no values)', async () => {
    const member = await signedInMember(app);
    await update(member, fullProfile);
    const response = await update(member, { city: 'Hamburg', postal_code: '20095' });
    expect(response.statusCode).toBe(200);
    const { profile } = await me(member);
    expect(profile).toMatchObject({ first_name: 'Anna', city: 'Hamburg', postal_code: '20095' });
    const events = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.updated'), eq(auditLog.subjectId, String(member.user.id))));
    expect(events).toHaveLength(2);
    expect(events[1]?.after).toMatchObject({ fields: ['city', 'postal_code'] });
    expect(JSON.stringify(events)).not.toContain('Hamburg');
  });

  it.each([
    ['DE', '10115', true],
    ['DE', '1011', false],
    ['DE', 'ABCDE', false],
    ['CA', 'K1A 0B1', true],
    ['CA', '12345', false],
    ['PE', '15001', true],
    ['IN', '110001', true],
    ['CH', '8001', true],
    ['CH', '80011', false],
  ])('postal code for %s: %s accepted %s', async (country, postal_code, ok) => {
    const member = await signedInMember(app);
    const response = await update(member, { country, postal_code });
    expect(response.statusCode).toBe(ok ? 200 : 400);
    if (!ok) {
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { postal_code: ['Enter a valid postal code for the selected country.'] },
      });
    }
  });

  it('takes a postal code typed in Arabic-Indic digits as the same code, stored in 0–9', async () => {
    const member = await signedInMember(app);
    const response = await update(member, { country: 'EG', postal_code: '١١٥١١' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ profile: { postal_code: string } }>().profile.postal_code).toBe('11511');
    expect((await update(member, { postal_code: '۱۱۵' })).statusCode).toBe(400);
  });

  it('a country without postal codes needs none, and refuses one', async () => {
    const member = await signedInMember(app);
    const response = await update(member, { country: 'AE', first_name: 'Omar', address: 'Al Wasl Road 5' });
    expect(response.statusCode).toBe(200);
    expect((await me(member)).profile).toMatchObject({ country: 'AE', postal_code: null });
    const refused = await update(member, { postal_code: '12345' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errors: { postal_code: ['The selected country does not use postal codes.'] },
    });
  });

  it('Peru: a mobile number has 9 digits starting with 9', async () => {
    const member = await signedInMember(app);
    expect((await update(member, { country: 'PE', phone: '912 345 678' })).json()).toMatchObject({
      profile: { phone: '+51912345678' },
    });
    for (const phone of ['91234567', '9123456789', '812345678x', '+44 7911 123456']) {
      const response = await update(member, { phone });
      expect(response.statusCode, phone).toBe(400);
      expect(response.json()).toMatchObject({
        errors: { phone: ['Enter a valid phone number for the selected country.'] },
      });
    }
    expect((await me(member)).profile.phone).toBe('+51912345678');
  });

  it('bad input is a 400 with field errors and stores nothing', async () => {
    const member = await signedInMember(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ country: 'ZZ', first_name: 'Zed' }, 'country'],
      [{ country: 'Germany' }, 'country'],
      [{ employment_status: 'Astronaut', first_name: 'Zed' }, 'employment_status'],
      [{ total_wealth: '$1', first_name: 'Zed' }, 'total_wealth'],
      [{ industry: 'finance' }, 'industry'],
      [{ first_name: 'x'.repeat(101) }, 'first_name'],
      [{ address: 'x'.repeat(256) }, 'address'],
      [{ country: 'DE', postal_code: '1'.repeat(21) }, 'postal_code'],
      [{ first_name: 'Zed', role: 'admin' }, ''],
      [{ country: 'DE', first_name: 'Zed', postal_code: '999' }, 'postal_code'],
    ];
    for (const [body, field] of cases) {
      const response = await update(member, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = response.json<{ code: string; errors?: Record<string, string[]> }>();
      expect(error.code).toBe('VALIDATION_FAILED');
      if (field) expect(error.errors?.[field]?.length, field).toBeGreaterThan(0);
    }
    expect(await storedRow(member)).toBeUndefined();
    expect((await me(member)).profile.first_name).toBeNull();
  });

  it('needs a session', async () => {
    const member = await signedInMember(app);
    const response = await member.client.patch('/api/profile/update', { first_name: 'Anon' });
    expect(response.statusCode).toBe(401);
  });

  describe('business fields (decision 185)', () => {
    async function corporateMember(): Promise<Member> {
      const member = await signedInMember(app);
      await db
        .update(users)
        .set({ accountType: 'business', businessName: 'Acme Ltd', businessEmail: 'billing@acme.test' })
        .where(eq(users.id, member.user.id));
      return member;
    }

    it('a corporate account edits its business name and email with the profile', async () => {
      const member = await corporateMember();
      const response = await update(member, {
        first_name: 'Ana',
        business_name: '  Acme Holdings  ',
        business_email: 'Finance@Acme.TEST',
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<UpdateProfileResponse>();
      expect(body).toMatchObject({ business_name: 'Acme Holdings', business_email: 'finance@acme.test' });
      const user = await me(member);
      expect(user).toMatchObject({
        account_type: 'business',
        business_name: 'Acme Holdings',
        business_email: 'finance@acme.test',
      });
      expect(user.profile.first_name).toBe('Ana');
      const [event] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'profile.updated'), eq(auditLog.subjectId, String(member.user.id))));
      expect(event?.after).toMatchObject({ fields: ['first_name', 'business_name', 'business_email'] });
      expect(JSON.stringify(event)).not.toContain('Acme');
      // The notice mail greets the business with the username in brackets.
      const [mail] = await mailsTo(app, member.email);
      expect(mail?.text).toContain(`Hello Acme Ltd (${member.user.username}),`);
    });

    it('a corporate account cannot clear them or send a bad email (400, nothing stored)', async () => {
      const member = await corporateMember();
      const cases: [Record<string, unknown>, string][] = [
        [{ business_name: '', first_name: 'Zed' }, 'business_name'],
        [{ business_email: '  ' }, 'business_email'],
        [{ business_email: 'not-an-email' }, 'business_email'],
        [{ business_name: 'x'.repeat(256) }, 'business_name'],
      ];
      for (const [body, field] of cases) {
        const response = await update(member, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json<{ errors?: Record<string, string[]> }>().errors?.[field]?.length).toBe(1);
      }
      expect(await me(member)).toMatchObject({
        business_name: 'Acme Ltd',
        business_email: 'billing@acme.test',
      });
      expect(await storedRow(member)).toBeUndefined();
    });

    it('a personal account cannot set them: 400 with a field error, nothing stored', async () => {
      const member = await signedInMember(app);
      const response = await update(member, { first_name: 'Zed', business_name: 'Shell Co' });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ errors?: Record<string, string[]> }>().errors).toEqual({
        business_name: ['Only a corporate account has a business name and email.'],
      });
      const email = await update(member, { business_email: 'x@shell.test' });
      expect(email.json<{ errors?: Record<string, string[]> }>().errors?.business_email).toHaveLength(1);
      expect(await me(member)).toMatchObject({ business_name: null, business_email: null });
      expect((await me(member)).profile.first_name).toBeNull();
      // An empty business field from a form is "not given": the rest is saved.
      const blank = await update(member, { first_name: 'Zed', business_name: '', business_email: '' });
      expect(blank.statusCode).toBe(200);
      expect(blank.json<UpdateProfileResponse>()).toMatchObject({
        business_name: null,
        business_email: null,
      });
    });
  });
});
