import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog } from '@app/db';
import type { AuditLogResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf } from '../../../test/accounts';
import { adminSignInSteps, signInAdminAs } from '../../../test/admin';
import { recordAudit } from '../audit/audit.service';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const db = app.deps.database.db;
const DAY = 86_400_000;

const boss = await signInAdminAs(app);
const finance = await signInAdminAs(app, 'finance');
const support = await signInAdminAs(app, 'support');
// Real admin actions through the API: a role change with a reason, on two days.
const changed = await boss.client.patch(
  `/api/admin/admins/${support.user.id}`,
  { role: 'finance', reason: 'Covers payments, "night" shift' },
  { token: boss.token },
);
expect(changed.statusCode).toBe(200);
clock.advance(DAY);
// A day later the session has long ended: the same admin signs in again.
const { token: nextDayToken } = await adminSignInSteps(boss.client, boss.email, boss.nextCode);
const again = await boss.client.patch(
  `/api/admin/admins/${support.user.id}`,
  { role: 'support', reason: '=cmd|calc' },
  { token: nextDayToken },
);
expect(again.statusCode).toBe(200);
const today = clock.now().toISOString().slice(0, 10);
const yesterday = new Date(clock.now().getTime() - DAY).toISOString().slice(0, 10);

async function list(query: string) {
  const response = await boss.client.get(`/api/admin/audit-log${query}`, { token: nextDayToken });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditLogResponse>();
}

describe('GET /api/admin/audit-log', () => {
  it('shows who, role, what, object, before/after, reason and IP, newest first', async () => {
    const { data } = await list(`?action=admin.updated&subject_type=user&subject_id=${support.user.id}`);
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({
      actor_id: boss.user.id,
      actor_email: boss.email,
      actor_role: 'superadmin',
      action: 'admin.updated',
      subject_type: 'user',
      subject_id: String(support.user.id),
      before: { admin_role: 'finance', status: 'active' },
      after: { admin_role: 'support', status: 'active' },
      reason: '=cmd|calc',
      ip: '127.0.0.1',
    });
    expect(data[0]?.id).toBeGreaterThan(data[1]?.id ?? Infinity);
  });

  it('filters by actor (id or email), action prefix and date range, and pages', async () => {
    const byEmail = await list(`?actor=${encodeURIComponent(boss.email.toUpperCase())}&action=admin.`);
    expect(byEmail.data.every((entry) => entry.actor_id === boss.user.id)).toBe(true);
    expect(byEmail.data.map((entry) => entry.action)).toEqual(expect.arrayContaining(['admin.updated']));
    const byId = await list(`?actor=${finance.user.id}`);
    expect(byId.data.length).toBeGreaterThan(0);
    expect(byId.data.every((entry) => entry.actor_id === finance.user.id)).toBe(true);
    // A number past the largest id is no one's (it used to reach the integer column: a 500).
    expect((await list('?actor=9999999999')).data).toEqual([]);

    const onlyYesterday = await list(`?action=admin.updated&from=${yesterday}&to=${yesterday}`);
    expect(onlyYesterday.data.map((entry) => entry.reason)).toEqual(['Covers payments, "night" shift']);
    const onlyToday = await list(`?action=admin.updated&from=${today}`);
    expect(onlyToday.data.map((entry) => entry.reason)).toEqual(['=cmd|calc']);

    const first = await list('?per_page=2');
    const second = await list('?per_page=2&page=2');
    expect(first.data).toHaveLength(2);
    expect(first.meta.total).toBeGreaterThanOrEqual(4);
    expect(first.meta.total_pages).toBe(Math.ceil(first.meta.total / 2));
    expect(second.meta.current_page).toBe(2);
    expect(second.data[0]?.id).toBeLessThan(first.data[1]?.id ?? 0);
  });

  it('answers 400 with field errors for bad filters', async () => {
    const response = await boss.client.get(
      '/api/admin/audit-log?from=2026-13-40&to=yesterday&action=DROP TABLE',
      {
        token: nextDayToken,
      },
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors).toEqual({
      from: ['Use a date as YYYY-MM-DD.'],
      to: ['Use a date as YYYY-MM-DD.'],
      action: ['Use lowercase letters, digits, dots and underscores.'],
    });
    const reversed = await boss.client.get(`/api/admin/audit-log?from=${today}&to=${yesterday}`, {
      token: nextDayToken,
    });
    expect(reversed.statusCode).toBe(400);
    expect(errorOf(reversed).errors).toEqual({ to: ['The end date must be on or after the start date.'] });
  });
});

describe('GET /api/admin/audit-log/export', () => {
  it('streams the filtered log as CSV, quoting and defusing what a spreadsheet would run', async () => {
    const response = await boss.client.get(
      `/api/admin/audit-log/export?action=admin.updated&subject_id=${support.user.id}`,
      { token: nextDayToken },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="audit-log-${today}.csv"`);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,actor_id,actor_email,actor_role,action,subject_type,subject_id,reason,ip,before,after',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      `,${boss.email},superadmin,admin.updated,user,${support.user.id},'=cmd|calc,127.0.0.1,`,
    );
    // before and after as JSON in one quoted field each.
    expect(lines[1]).toContain('""admin_role"":""finance""');
    expect(lines[1]).toContain('""admin_role"":""support""');
    expect(lines[2]).toContain('"Covers payments, ""night"" shift"');
  });

  it('exports more than one batch in order', async () => {
    const now = clock.now();
    for (let i = 0; i < 520; i += 1) {
      await recordAudit(db, {
        actorId: null,
        action: 'test.bulk',
        subjectType: 'system',
        subjectId: String(i),
        createdAt: now,
      });
    }
    const response = await boss.client.get('/api/admin/audit-log/export?action=test.bulk', {
      token: nextDayToken,
    });
    const rows = response.body.trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(520);
    const subjects = rows.map((row) => Number(row.split(',')[7]));
    expect(subjects[0]).toBe(519);
    expect(subjects[519]).toBe(0);
  });
});

describe('the audit log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'admin.updated')).limit(1);
    expect(entry).toBeDefined();
    const id = entry?.id ?? 0;
    await expect(
      db.update(auditLog).set({ reason: 'rewritten' }).where(eq(auditLog.id, id)),
    ).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.id, id))).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [after] = await db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(after).toEqual(entry);
  });
});
