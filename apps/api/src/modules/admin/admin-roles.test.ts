import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN_MESSAGES, ADMIN_ROLES, type AdminRole } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf } from '../../../test/accounts';
import { signInAdminAs, type AdminSession } from '../../../test/admin';
import { signedInMember } from '../../../test/money';
import { queryRows } from '../../ledger/sql';

/**
 * The role test over every admin route (issue 15, decision 120). The routes are not listed here: the
 * app records each /api/admin route with the roles its guard admits as it registers them
 * (`app.adminRouteGuards`), so a route added by any module is covered the moment it exists, and a
 * route without a guard fails the first test.
 */

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const db = app.deps.database.db;
const guards = app.adminRouteGuards;

/** The only admin routes open without an admin session: the steps of the admin sign-in. */
const PUBLIC_ROUTES = ['POST /api/admin/login', 'POST /api/admin/2fa/enrol', 'POST /api/admin/2fa/verify'];

const admins = {} as Record<AdminRole, AdminSession>;
for (const role of ADMIN_ROLES) admins[role] = await signInAdminAs(app, role);
const member = await signedInMember(app);

/** A digest of every row of every table: equal before and after means nothing changed. */
async function databaseDigest(): Promise<string> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const parts: string[] = [];
  for (const { table_name: table } of tables) {
    const [row] = await queryRows<{ digest: string; n: number }>(
      db,
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest, count(*)::int as n from "${table}" t`,
      ),
    );
    parts.push(`${table}:${row?.n}:${row?.digest}`);
  }
  return parts.join('\n');
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
function call(route: { method: string; url: string }, token?: string) {
  const url = route.url.replace(/:[A-Za-z_]+/g, '1');
  const method = route.method as Method;
  const client = member.client;
  const body = method === 'GET' || method === 'DELETE' ? undefined : {};
  return client.request(method, url, body, token ? { token } : {});
}

const guarded = guards.filter((guard) => !guard.public);

describe('every /api/admin route', () => {
  it('is known to the test and carries a role guard, apart from the sign-in steps', () => {
    expect(guards.length).toBeGreaterThanOrEqual(6);
    expect(guards.filter((guard) => guard.public).map((g) => `${g.method} ${g.url}`)).toEqual(PUBLIC_ROUTES);
    expect(guarded.filter((guard) => guard.roles === null).map((g) => `${g.method} ${g.url}`)).toEqual([]);
    // Superadmin is admitted everywhere.
    for (const guard of guarded) expect(guard.roles).toContain('superadmin');
  });

  describe.each(guarded.map((guard) => [`${guard.method} ${guard.url}`, guard] as const))(
    '%s',
    (_name, guard) => {
      const refused = ADMIN_ROLES.filter((role) => !(guard.roles ?? []).includes(role));

      it('answers 401 without a session and 403 to a member token or a role it does not admit; nothing changes', async () => {
        const before = await databaseDigest();
        const anonymous = await call(guard);
        expect(anonymous.statusCode, anonymous.body).toBe(401);
        expect(errorOf(anonymous).code).toBe('UNAUTHENTICATED');

        const byMember = await call(guard, member.token);
        expect(byMember.statusCode, byMember.body).toBe(403);
        expect(errorOf(byMember)).toEqual({ message: 'This area is for administrators.', code: 'FORBIDDEN' });

        for (const role of refused) {
          const response = await call(guard, admins[role].token);
          expect(response.statusCode, `${role}: ${response.body}`).toBe(403);
          expect(errorOf(response)).toEqual({ message: ADMIN_MESSAGES.roleNotAllowed, code: 'FORBIDDEN' });
        }
        expect(await databaseDigest()).toBe(before);
      });

      if (guard.method === 'GET') {
        it('admits the roles it names', async () => {
          for (const role of guard.roles ?? []) {
            const response = await call(guard, admins[role].token);
            expect([401, 403], `${role}: ${response.body}`).not.toContain(response.statusCode);
          }
        });
      }
    },
  );
});
