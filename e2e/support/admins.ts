import { inject } from 'vitest';
import { ApiSession, uniqueEmail } from './api-session';
import { baseUrl } from './browser';
import { E2E_DEPUTY } from './constants';

/** This worker's second superadmin (e2e/global-setup.ts), signed in. */
export async function signInDeputy(): Promise<ApiSession> {
  const secrets = inject('deputySecrets');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const totpSecret = secrets[(worker - 1) % secrets.length];
  if (!totpSecret) throw new Error('No second superadmin was added (e2e/global-setup.ts).');
  const deputy = new ApiSession(baseUrl());
  await deputy.signInAdmin({ email: E2E_DEPUTY.email, password: E2E_DEPUTY.password, totpSecret });
  return deputy;
}

/**
 * A new admin of `role`, added by `boss` (a signed-in superadmin). A finance admin or a superadmin is
 * created suspended until a second superadmin activates it (decision 250): the deputy does.
 */
export async function addAdmin(
  boss: ApiSession,
  role: 'superadmin' | 'finance' | 'support',
  prefix: string,
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(prefix);
  const password = `${prefix} admin password`;
  const { admin } = await boss.request<{ admin: { id: number; pending_grant: unknown } }>(
    'POST',
    '/api/admin/admins',
    {
      email,
      username: email
        .split('@')[0]
        ?.replace(/[^a-z0-9]/gi, '')
        .slice(0, 40),
      password,
      role,
    },
  );
  if (admin.pending_grant) {
    const deputy = await signInDeputy();
    const activated = await deputy.request<{ admin: { status: string } }>(
      'PATCH',
      `/api/admin/admins/${admin.id}`,
      { status: 'active' },
    );
    if (activated.admin.status !== 'active') {
      throw new Error(`The second superadmin did not activate ${email}: ${JSON.stringify(activated)}`);
    }
  }
  return { email, password };
}
