import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications, users } from '@app/db';
import type { NotificationListResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { mailsTo } from '../../../test/accounts';
import { depositThroughSandbox, signedInMember, type Member } from '../../../test/money';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

/** Intl separates an amount from its currency with a no-break space: compared as a space. */
const spaced = (text: string | undefined) => text?.replace(/\u00a0/gu, ' ');

async function bell(member: Member, query = '') {
  const response = await member.client.get(`/api/notifications${query}`, { token: member.token });
  return { status: response.statusCode, body: response.json<NotificationListResponse>() };
}

describe('notifications in the reader’s language (decision 162)', () => {
  it('stores a key and its parameters and renders a confirmed deposit in en, es and ar when read', async () => {
    const member = await signedInMember(app);
    const deposit = await depositThroughSandbox(member, '1234.50');
    const reference = deposit.deposit.reference;

    const [row] = await db.select().from(notifications).where(eq(notifications.userId, member.user.id));
    expect(row).toMatchObject({
      messageKey: 'deposit_confirmed',
      params: { reference, amount: 123_450 },
    });

    const english = (await bell(member, '?lang=en')).body.data[0];
    expect(english).toMatchObject({
      title: 'Deposit confirmed',
      body: `Your deposit ${reference} of $1,234.50 has been credited to your balance.`,
    });
    const spanish = (await bell(member, '?lang=es')).body.data[0];
    expect(spanish?.title).toBe('Depósito confirmado');
    expect(spaced(spanish?.body)).toBe(`Tu depósito ${reference} de 1234,50 US$ se ha abonado a tu saldo.`);
    const arabic = (await bell(member, '?lang=ar')).body.data[0];
    expect(arabic?.title).toBe('تم تأكيد الإيداع');
    expect(arabic?.body).toContain(reference);
    expect(arabic?.body).toContain('1,234.50');
    expect(arabic?.body?.replace(reference, '')).not.toMatch(/[A-Za-z]{3,}/u);
  });

  it('uses the member’s saved language without ?lang=, and mails in it', async () => {
    const member = await signedInMember(app);
    await db.update(users).set({ language: 'es' }).where(eq(users.id, member.user.id));
    await depositThroughSandbox(member, 50);

    expect((await bell(member)).body.data[0]?.title).toBe('Depósito confirmado');
    // An unknown language falls back to the saved one, and a region tag to its language.
    expect((await bell(member, '?lang=fr')).body.data[0]?.title).toBe('Depósito confirmado');
    expect((await bell(member, '?lang=ar-EG')).body.data[0]?.title).toBe('تم تأكيد الإيداع');
    const mails = await mailsTo(app, member.email);
    expect(
      mails.some(
        (mail) => mail.subject === 'Depósito confirmado' && spaced(mail.text)?.includes('50,00 US$'),
      ),
    ).toBe(true);
  });

  it('shows a row stored before keys (no key) with its own text, whatever the language', async () => {
    const member = await signedInMember(app);
    await db.insert(notifications).values({
      userId: member.user.id,
      kind: 'deposit_confirmed',
      title: 'Deposit confirmed',
      body: 'Your deposit DEP-OLD of $1000.00 has been credited to your balance.',
      reference: `legacy:${member.user.id}`,
      createdAt: clock.now(),
    });
    const item = (await bell(member, '?lang=ar')).body.data[0];
    expect(item).toMatchObject({
      title: 'Deposit confirmed',
      body: 'Your deposit DEP-OLD of $1000.00 has been credited to your balance.',
    });
  });

  it('refuses a language longer than a language tag with a field error, and lists nothing', async () => {
    const member = await signedInMember(app);
    const { status, body } = await bell(member, `?lang=${'x'.repeat(40)}`);
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('lang');
  });

  it('does not show one member’s notifications to another, and marking another’s read is a 404', async () => {
    const owner = await signedInMember(app);
    await depositThroughSandbox(owner, 20);
    const other = await signedInMember(app);
    expect((await bell(other, '?lang=es')).body.data).toEqual([]);
    const [row] = await db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    const marked = await other.client.post(`/api/notifications/${row?.id}/read`, {}, { token: other.token });
    expect(marked.statusCode).toBe(404);
  });
});
