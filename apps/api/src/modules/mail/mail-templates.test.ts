import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { settings, users } from '@app/db';
import { createTestApp } from '../../../test/helpers';
import { mailsTo } from '../../../test/accounts';
import { depositThroughSandbox, signedInMember } from '../../../test/money';

/** Issue 36 item 6 (decision 179): every mail as HTML and text, in the member's language, framed by the site. */
const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

describe('mail templates', () => {
  it('mails a Spanish member a confirmed deposit in Spanish, as HTML and text, with a button to Activity', async () => {
    const member = await signedInMember(app);
    await db.update(users).set({ language: 'es' }).where(eq(users.id, member.user.id));
    await depositThroughSandbox(member, 50);
    const mail = (await mailsTo(app, member.email)).find((row) => row.subject === 'Depósito confirmado');
    expect(mail).toBeDefined();
    expect(mail?.html).toContain('lang="es"');
    expect(mail?.html).toContain('dir="ltr"');
    expect(mail?.html).toContain(`Hola, ${member.user.username}:`);
    expect(mail?.html).toMatch(/href="http:\/\/[^"]+\/activity\?type=deposit"/u);
    expect(mail?.html).toContain('Abrir');
    // The text part says the same, with the button's address written out, and no markup.
    expect(mail?.text).toContain('Tu depósito');
    expect(mail?.text).toMatch(/Abrir: http:\/\/\S+\/activity\?type=deposit/u);
    expect(mail?.text).not.toMatch(/<[a-z]/iu);
  });

  it('writes an Arabic member’s security notice right to left, and frames it with the site’s name from settings', async () => {
    await db
      .insert(settings)
      .values({ key: 'sitename', value: 'Nile Savings', updatedAt: new Date() })
      .onConflictDoUpdate({ target: settings.key, set: { value: 'Nile Savings' } });
    const member = await signedInMember(app);
    await db.update(users).set({ language: 'ar' }).where(eq(users.id, member.user.id));
    const changed = await member.client.post(
      '/api/change-password',
      {
        old_password: 'correct horse battery staple',
        new_password: 'a new password 1',
        new_password_confirmation: 'a new password 1',
      },
      { token: member.token },
    );
    expect(changed.statusCode).toBe(200);
    const mail = (await mailsTo(app, member.email)).find((row) => row.subject === 'تم تغيير كلمة مرورك');
    expect(mail?.html).toContain('lang="ar"');
    expect(mail?.html).toContain('dir="rtl"');
    expect(mail?.html).toContain('Nile Savings');
    expect(mail?.text).toContain('عنوان IP');
    await db.delete(settings).where(eq(settings.key, 'sitename'));
  });

  it('keeps the English texts the mails had, now with an HTML part', async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 20);
    const mail = (await mailsTo(app, member.email)).find((row) => row.subject === 'Deposit confirmed');
    expect(mail?.text).toContain(`Hello ${member.user.username},`);
    expect(mail?.html).toContain('lang="en"');
  });

  it('previews every template in en, es and ar at /api/dev/mail-templates', async () => {
    const list = await app.inject('/api/dev/mail-templates');
    expect(list.statusCode).toBe(200);
    const { data } = list.json<{ data: { name: string; previews: string[] }[] }>();
    expect(data.map((item) => item.name)).toEqual(
      expect.arrayContaining(['verification', 'password-reset', 'new-sign-in', 'notification']),
    );
    for (const item of data) {
      for (const preview of item.previews) {
        const page = await app.inject(preview);
        expect(page.statusCode, preview).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.body).toMatch(/<html[^>]+lang="(en|es|ar)"/u);
      }
    }
    const text = await app.inject('/api/dev/mail-templates/verification?lang=es&format=text');
    expect(text.body).toContain('Tu código de verificación es 493027.');
    expect((await app.inject('/api/dev/mail-templates/nothing')).statusCode).toBe(404);
    const badLanguage = await app.inject('/api/dev/mail-templates/verification?lang=fr');
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json().errors).toHaveProperty('lang');
  });
});
