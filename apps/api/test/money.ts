import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AdminRole, CreateDepositResponse, UserResponse } from '@app/shared';
import type { UserRow } from '@app/db';
import { createAccount } from '../src/modules/auth/account.service';
import { ApiClient, uniqueEmail } from './helpers';
import { PASSWORD, createUser, signIn, uniqueUsername } from './accounts';
import { signInAdminAs, type AdminSession } from './admin';

/** Money test helpers: members and admins signed in through the API, balances through real flows. */

export interface Member {
  client: ApiClient;
  token: string;
  user: UserRow;
  email: string;
}

export async function signedInMember(
  app: FastifyInstance,
  options: { verified?: boolean } = {},
): Promise<Member> {
  const { user, email } = await createUser(app, { verified: options.verified ?? true });
  const client = new ApiClient(app);
  const token = await signIn(client, email);
  return { client, token, user, email };
}

/**
 * The member types the password again (POST /api/confirm-password): a session whose sign-in is more
 * than 10 minutes old on the test clock needs it before a withdrawal (decision 230).
 */
export async function confirmPassword(member: Member, password = PASSWORD): Promise<void> {
  const response = await member.client.post('/api/confirm-password', { password }, { token: member.token });
  if (response.statusCode !== 200) throw new Error(`confirm failed: ${response.statusCode} ${response.body}`);
}

/** A superadmin signed in with its second factor (test/admin.ts; its re-authentication window is open). */
export async function signedInAdmin(
  app: FastifyInstance,
  role: AdminRole = 'superadmin',
): Promise<AdminSession> {
  return signInAdminAs(app, role);
}

/**
 * A member left with $0.50 of cash, under the $1.00 minimum withdrawal: $20.50 deposited through the
 * sandbox and $20 withdrawn, approved by `admin`.
 */
export async function memberWithFiftyCents(app: FastifyInstance, admin: AdminSession): Promise<Member> {
  const member = await signedInMember(app);
  await depositThroughSandbox(member, 20.5);
  const asked = await member.client.post(
    '/api/withdrawal',
    { amount: 20, withdrawal_method: 'crypto', destination: 'bc1qexampleaddress' },
    { token: member.token },
  );
  const id = asked.json<{ withdrawal: { id: number } }>().withdrawal.id;
  const paid = await admin.client.post(`/api/admin/withdrawals/${id}/approve`, {}, { token: admin.token });
  expect(paid.statusCode).toBe(200);
  return member;
}

/** Starts a deposit through POST /api/deposit and pays it on the sandbox checkout (a real IPN). */
export async function depositThroughSandbox(
  member: Member,
  amount: number | string,
  method: 'nowpayment' | 'coinpayment' = 'nowpayment',
): Promise<CreateDepositResponse> {
  const created = await member.client.post(
    '/api/deposit',
    { amount, payment_method: method },
    { token: member.token },
  );
  expect(created.statusCode).toBe(201);
  const body = created.json<CreateDepositResponse>();
  const paid = await member.client.post(
    `/api/sandbox/checkout/${body.deposit.id}/pay`,
    {},
    { token: member.token },
  );
  expect(paid.statusCode).toBe(200);
  expect(paid.json<{ status: string }>().status).toBe('confirmed');
  return body;
}

export async function balanceOf(member: Member): Promise<UserResponse> {
  const response = await member.client.get('/api/me', { token: member.token });
  expect(response.statusCode).toBe(200);
  return response.json<UserResponse>();
}

/** A verified member who signed up with `referralCode` (the referral link's code), signed in. */
export async function referredMember(
  app: FastifyInstance,
  referralCode: string,
  prefix = 'friend',
): Promise<Member> {
  const email = uniqueEmail(prefix);
  const user = await createAccount(
    app.deps.database.db,
    {
      username: uniqueUsername(prefix),
      email,
      password: PASSWORD,
      account_type: 'personal',
      business_name: null,
      business_email: null,
      referral_source: null,
      referral_code: referralCode,
    },
    app.deps.clock.now(),
    { verified: true },
  );
  const client = new ApiClient(app);
  return { client, token: await signIn(client, email), user, email };
}

let statementLines = 0;
/**
 * The bank statement line an admin matches to confirm a bank transfer (decision 237): the deposit's
 * amount (dollars, as the API answers it) and a bank reference no other line has.
 */
export function statementLine(deposit: { amount: number }, reference?: string) {
  statementLines += 1;
  return {
    bank_reference: reference ?? `STMT-${process.pid}-${statementLines}`,
    amount_received: deposit.amount,
  };
}
