import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ApiSession } from './support/api-session';
import { addAdmin, signInDeputy } from './support/admins';
import { freshTotpCode } from './support/totp';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { fitsWidth, fundedMember, signIn } from './support/member';
import { browser } from './support/setup';

/** Identity verification end to end (decisions 180, 181, 189): blocked, uploaded, rejected, approved. */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 8×8 PNG of one colour (decodable, so the reviewer's page can show it inline). */
function png(rgb: [number, number, number]): Buffer {
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small valid PDF: one empty page. */
function pdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A support admin, added by the bootstrap superadmin, who enrols two-factor at first sign-in. */
async function signInNewSupportAdmin(boss: ApiSession, page: Page): Promise<void> {
  const { email, password } = await addAdmin(boss, 'support', 'e2e.kyc.support');
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Set up two-factor authentication' }).waitFor();
  const secret = (await page.getByTestId('admin-totp-secret').innerText()).trim();
  await page.getByLabel('Authentication code').fill(await freshTotpCode(baseUrl(), secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('button', { name: 'Continue to the back office' }).click();
  await page.getByText(`Signed in as ${email}`).waitFor();
}

/** Uploads the three documents of an identity card on the profile screen and submits them. */
async function uploadAndSubmit(page: Page, front: Buffer): Promise<void> {
  const card = page.getByTestId('kyc-section');
  await card.getByLabel('Identity document').selectOption('id_card');
  const files: Array<[string, string, string, Buffer]> = [
    ['Front of the document', 'front.png', 'image/png', front],
    ['Back of the document', 'back.png', 'image/png', png([40, 90, 160])],
    ['Proof of address', 'address.pdf', 'application/pdf', pdf()],
  ];
  for (const [label, name, mimeType, buffer] of files) {
    const uploaded = card.getByText('Uploaded. Choose another file to replace it.');
    const before = await uploaded.count();
    await card.getByLabel(label).setInputFiles({ name, mimeType, buffer });
    await expect.poll(() => uploaded.count()).toBe(before + 1);
  }
  await card.getByRole('button', { name: 'Submit for review' }).click();
  await expect.poll(() => page.getByTestId('kyc-status').innerText()).toBe('Submitted');
}

/** Opens the member's verification in the queue and waits for both images to show inline. */
async function openReview(page: Page, username: string): Promise<void> {
  await page.goto('/admin/kyc');
  await page.getByRole('heading', { name: 'Identity verification', exact: true }).waitFor();
  const review = page.getByRole('button', { name: `Review ${username}` });
  // The queue may hold other runs' verifications: load pages until this member's shows.
  while ((await review.count()) === 0) {
    const more = page.getByRole('button', { name: 'Load more' });
    await Promise.race([review.waitFor(), more.waitFor()]);
    if ((await review.count()) === 0) await more.click();
  }
  await review.click();
  const card = page.getByTestId('kyc-review');
  for (const side of ['Front of the document', 'Back of the document']) {
    const image = card.getByRole('img', { name: side });
    await image.waitFor();
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(8);
  }
  await card.getByRole('link', { name: 'Download the PDF' }).waitFor();
}

async function tryWithdrawal(page: Page, amount: string): Promise<void> {
  await page.goto('/account-management?tab=withdrawals');
  await page.getByRole('button', { name: 'Make Withdrawal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make a withdrawal' });
  await dialog.getByLabel('Amount (USD)').fill(amount);
  await dialog
    .getByLabel('Withdrawal information')
    .fill('First Test Bank, Ada Lovelace, 000123456789, 021000021');
  await dialog.getByRole('button', { name: 'Submit request' }).click();
}

describe('identity verification in a real browser', () => {
  test('blocked above the limit → upload → rejected with a reason → upload again → approved → the withdrawal goes', async () => {
    const boss = new ApiSession(baseUrl());
    await boss.signInAdmin();
    // Setting a limit where there was none is tightening: it applies at once.
    await boss.request('PUT', '/api/admin/settings', { kyc_withdrawal_threshold: 50 });
    try {
      const member = await fundedMember(200, 'kyc');
      const username = member.email
        .split('@')[0]!
        .replace(/[^a-z0-9]/gi, '')
        .slice(0, 30);
      const memberView = await openPage(browser);
      const { page } = memberView;
      await signIn(page, member.email, member.password);

      // Above the limit the withdrawal is refused, and the member is told why.
      await tryWithdrawal(page, '60');
      await page.getByText('Verify your identity before this withdrawal.').first().waitFor();
      await expectAccessible(page, 'withdrawal refused for verification');
      await page.keyboard.press('Escape');

      // The profile's verification card: the limit, the uploads, the submit.
      await page.goto('/profile');
      const card = page.getByTestId('kyc-section');
      await card
        .getByText(
          'Withdrawals above $50 need an approved identity verification. Your withdrawals under review and those paid in the last 24 hours count towards this limit.',
          { exact: true },
        )
        .waitFor();
      await expectAccessible(page, '/profile KYC card');
      await page.setViewportSize({ width: 390, height: 844 });
      await card.scrollIntoViewIfNeeded();
      expect(await fitsWidth(page)).toBe(true);
      await expectAccessible(page, '/profile KYC card at 390 px');
      await page.setViewportSize({ width: 1280, height: 800 });
      await uploadAndSubmit(page, png([200, 30, 30]));

      // A support admin reviews the documents inline and rejects with a reason.
      const adminView = await openPage(browser);
      const admin = adminView.page;
      await signInNewSupportAdmin(boss, admin);
      await openReview(admin, username);
      await expectAccessible(admin, '/admin/kyc with a review open');
      await admin.setViewportSize({ width: 390, height: 844 });
      expect(await fitsWidth(admin)).toBe(true);
      await expectAccessible(admin, '/admin/kyc at 390 px');
      await admin.setViewportSize({ width: 1280, height: 800 });
      const reason = 'The front photo is blurred; upload a sharper picture of it.';
      const review = admin.getByTestId('kyc-review');
      await review.getByLabel('Reason (shown to the member when rejecting)').fill(reason);
      await review.getByRole('button', { name: 'Reject', exact: true }).click();
      await admin.getByText('Identity verification rejected.').first().waitFor();
      await review.waitFor({ state: 'detached' });

      // The member reads the reason on the profile (and in the bell), and uploads again.
      await page.reload();
      await expect.poll(() => page.getByTestId('kyc-status').innerText()).toBe('Rejected');
      expect(await page.getByTestId('kyc-reason').innerText()).toContain(reason);
      const bell = await member.session.request<{ data: Array<{ title: string; body: string }> }>(
        'GET',
        '/api/notifications?lang=en',
      );
      expect(bell.data[0]?.title).toBe('Identity verification rejected');
      expect(bell.data[0]?.body).toContain('The front photo is blurred; upload a sharper picture of it');
      await expectAccessible(page, '/profile KYC card, rejected');
      await uploadAndSubmit(page, png([30, 160, 60]));

      // The admin approves the new submission.
      await openReview(admin, username);
      await admin.getByTestId('kyc-review').getByRole('button', { name: 'Approve' }).click();
      await admin.getByText('Identity verification approved.').first().waitFor();

      // Approved: the withdrawal above the limit is now accepted.
      await page.reload();
      await expect.poll(() => page.getByTestId('kyc-status').innerText()).toBe('Approved');
      await tryWithdrawal(page, '60');
      await page.getByText('Withdrawal request submitted successfully!').first().waitFor();
      const history = page.getByRole('table', { name: 'Withdrawal history' });
      await history.getByText('$60.00').waitFor();

      // The one refused withdrawal is the browser's only failed request (its 422 is logged).
      expect(memberView.errors).toEqual([
        'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
      ]);
      expect(adminView.errors).toEqual([]);
      await memberView.context.close();
      await adminView.context.close();
    } finally {
      // Removing the limit again is loosening a money control: the bootstrap superadmin asks, and the
      // server's second superadmin confirms (decision 249).
      await boss.reauthAdmin();
      const asked = await boss.request<{ kyc_threshold_proposal: unknown }>('PUT', '/api/admin/settings', {
        kyc_withdrawal_threshold: null,
      });
      expect(asked.kyc_threshold_proposal).not.toBeNull();
      const removed = await (
        await signInDeputy()
      ).request<{ settings: { kyc_withdrawal_threshold: number | null } }>('PUT', '/api/admin/settings', {
        kyc_withdrawal_threshold: null,
      });
      expect(removed.settings.kyc_withdrawal_threshold).toBeNull();
    }
  });
});
