import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { withdrawals } from '@app/db';
import {
  FOUR_EYES_WINDOW_HOURS,
  KYC_MESSAGES,
  type AdminWithdrawalActionResponse,
  type CreateWithdrawalResponse,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { jpegWithExif, pngWithText, tinyPdf } from './test-files';
import { errorOf } from '../../../test/accounts';
import {
  balanceOf,
  confirmPassword,
  depositThroughSandbox,
  signedInAdmin,
  signedInMember,
  type Member,
} from '../../../test/money';

/**
 * Decision 242: the operator's identity-verification limit ($50 here) counts the member's withdrawals
 * under review and those paid in the last day, so several withdrawals under it never add up past it
 * unverified.
 */
const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
const superadmin = await signedInAdmin(app);
const finance = await signedInAdmin(app, 'finance');

const setLimit = async (dollars: number | null) => {
  const response = await superadmin.client.put(
    '/api/admin/settings',
    { kyc_withdrawal_threshold: dollars },
    { token: superadmin.token },
  );
  expect(response.statusCode, response.body).toBe(200);
};
await setLimit(50);

async function withdraw(member: Member, amount: number) {
  // The test clock moves a day: a withdrawal then needs the password again (decision 230).
  await confirmPassword(member);
  return member.client.post(
    '/api/withdrawal',
    { amount, withdrawal_method: 'crypto', destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
    { token: member.token },
  );
}

async function withdrawn(member: Member, amount: number): Promise<number> {
  const response = await withdraw(member, amount);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreateWithdrawalResponse>().withdrawal.id;
}

async function refusedAsCounted(member: Member, amount: number) {
  const rowsBefore = await db.select().from(withdrawals).where(eq(withdrawals.userId, member.user.id));
  const { balance } = await balanceOf(member);
  const response = await withdraw(member, amount);
  expect(response.statusCode).toBe(422);
  expect(errorOf(response)).toMatchObject({
    message: KYC_MESSAGES.verificationRequiredCounted,
    errors: { amount: [KYC_MESSAGES.verificationRequiredCounted] },
  });
  // Nothing held, nothing recorded.
  expect((await balanceOf(member)).balance).toBe(balance);
  const rowsAfter = await db.select().from(withdrawals).where(eq(withdrawals.userId, member.user.id));
  expect(rowsAfter).toHaveLength(rowsBefore.length);
}

const update = (member: Member, body: object) =>
  member.client.patch('/api/profile/update', body, { token: member.token });

/** The member's identity documents uploaded, submitted and approved by support. */
async function verified(member: Member) {
  const support = await signedInAdmin(app, 'support');
  for (const [side, file] of [
    ['identity_front', jpegWithExif()],
    ['identity_back', pngWithText()],
    ['proof_of_address', tinyPdf()],
  ] as const) {
    const upload = await member.client.post(`/api/kyc/documents/${side}`, file, {
      token: member.token,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(upload.statusCode, upload.body).toBe(201);
  }
  const submit = await member.client.post(
    '/api/kyc/submit',
    { document_type: 'id_card', document_expires_on: '2030-01-01' },
    { token: member.token },
  );
  expect(submit.statusCode, submit.body).toBe(200);
  const approve = await support.client.post(
    `/api/admin/kyc/${member.user.id}/approve`,
    {},
    { token: support.token },
  );
  expect(approve.statusCode, approve.body).toBe(200);
}

async function funded(dollars: number): Promise<Member> {
  const member = await signedInMember(app);
  await depositThroughSandbox(member, dollars);
  return member;
}

describe('the identity-verification limit counts withdrawals under review (decision 242)', () => {
  it('two under the limit that add up past it: the second needs a verification; a cancelled one no longer counts', async () => {
    const member = await funded(200);
    const first = await withdrawn(member, 30);
    await refusedAsCounted(member, 30);
    // Up to the limit, not above it: $30 + $20 = $50.
    await withdrawn(member, 20);
    expect((await balanceOf(member)).balance).toBe(150);

    const cancel = await member.client.post(`/api/withdrawals/${first}/cancel`, {}, { token: member.token });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await withdrawn(member, 30);

    // Another member's withdrawals are theirs: a fresh member may ask for the whole $50.
    await withdrawn(await funded(100), 50);
  });

  it('a withdrawal rejected by the back office no longer counts: its hold is back in the balance', async () => {
    const member = await funded(200);
    const rejected = await withdrawn(member, 30);
    await refusedAsCounted(member, 30);
    const reject = await finance.client.post(
      `/api/admin/withdrawals/${rejected}/reject`,
      { reason_code: 'destination_invalid', reason: 'The address belongs to another network.' },
      { token: finance.token },
    );
    expect(reject.statusCode, reject.body).toBe(200);
    await withdrawn(member, 50);
  });

  it('a member with an approved verification is not held to it, whatever the sum', async () => {
    const member = await funded(200);
    await verified(member);
    await withdrawn(member, 30);
    await withdrawn(member, 30);
    await withdrawn(member, 30);
  });

  it('a verification withdrawn after the request stops its payment until verified again (decision 180)', async () => {
    const member = await funded(200);
    await update(member, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      address: '1 Main St',
      city: 'London',
      postal_code: 'SW1A 1AA',
      country: 'GB',
    });
    await verified(member);
    const small = await withdrawn(member, 20);
    const large = await withdrawn(member, 60);
    // The member moves: the verification is withdrawn (decision 180), the $60 is still under review.
    const moved = await update(member, { address: '9 Other Rd' });
    expect(moved.statusCode, moved.body).toBe(200);
    const holdBefore = await balanceOf(member);

    const refused = await finance.client.post(
      `/api/admin/withdrawals/${large}/approve`,
      {},
      { token: finance.token },
    );
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toBe(KYC_MESSAGES.verificationLapsed);
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, large));
    expect(row).toMatchObject({ status: 'pending', decidedBy: null, firstApprovedBy: null });
    expect(await balanceOf(member)).toEqual(holdBefore);

    // The $20 on its own is under the limit; counted with the $60 under review it is not.
    const counted = await finance.client.post(
      `/api/admin/withdrawals/${small}/approve`,
      {},
      { token: finance.token },
    );
    expect(counted.statusCode).toBe(422);
    expect(errorOf(counted).message).toBe(KYC_MESSAGES.verificationLapsed);

    // Rejecting is still open to the admin; then the $20 alone may be paid.
    const reject = await finance.client.post(
      `/api/admin/withdrawals/${large}/reject`,
      { reason_code: 'verification_needed', reason: 'Verify your identity again, then ask once more.' },
      { token: finance.token },
    );
    expect(reject.statusCode, reject.body).toBe(200);
    const paid = await finance.client.post(
      `/api/admin/withdrawals/${small}/approve`,
      {},
      { token: finance.token },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<AdminWithdrawalActionResponse>().withdrawal.status).toBe('approved');
    expect((await balanceOf(member)).balance).toBe(180);
  });

  it('a limit lowered after the request stops its payment for a member never verified; the admin is told so', async () => {
    const member = await funded(200);
    await setLimit(null);
    const asked = await withdrawn(member, 60);
    await setLimit(50);
    const refused = await finance.client.post(
      `/api/admin/withdrawals/${asked}/approve`,
      {},
      { token: finance.token },
    );
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toBe(
      'This withdrawal needs the member’s identity verified, and it is not verified now: reject it, or approve it once they are verified.',
    );
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, asked));
    expect(row).toMatchObject({ status: 'pending', decidedBy: null });
  });

  it('an amount above the limit on its own keeps its own message; without a limit nothing counts', async () => {
    const member = await funded(200);
    const alone = await withdraw(member, 51);
    expect(alone.statusCode).toBe(422);
    expect(errorOf(alone).message).toBe(KYC_MESSAGES.verificationRequired);
    await withdrawn(member, 50);

    await setLimit(null);
    await withdrawn(member, 60);
    await withdrawn(member, 60);
    await setLimit(50);
  });

  // Last: it moves the clock a day, past the admins' sessions.
  it('counts what was paid in the last 24 hours, and no longer once the day has passed', async () => {
    const member = await funded(200);
    const paid = await withdrawn(member, 40);
    const approve = await finance.client.post(
      `/api/admin/withdrawals/${paid}/approve`,
      {},
      { token: finance.token },
    );
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json<AdminWithdrawalActionResponse>().withdrawal.status).toBe('approved');
    await refusedAsCounted(member, 20);
    await withdrawn(member, 10);

    clock.advance(FOUR_EYES_WINDOW_HOURS * 3_600_000 + 60_000);
    // The payment is past the window; the $10 still under review counts: $10 + $40 = $50.
    await withdrawn(member, 40);
    await refusedAsCounted(member, 1);
  });
});
