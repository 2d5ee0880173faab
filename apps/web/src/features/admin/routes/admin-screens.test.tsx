import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { ReauthProvider } from '../components/reauth-dialog';
import { AdminAdminsPage } from './admin-admins-page';
import { AdminAuditLogPage } from './admin-audit-log-page';

const ADMIN = { ...USER, id: 1, email: 'boss@example.com', role: 'admin', admin_role: 'superadmin' };
const ME = () => json({ user: ADMIN, reauth_until: null });

function entry(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    actor_id: 1,
    actor_email: 'boss@example.com',
    actor_role: 'superadmin',
    action: 'admin.updated',
    subject_type: 'user',
    subject_id: '9',
    before: { admin_role: 'support', status: 'active' },
    after: { admin_role: 'finance', status: 'active' },
    reason: 'Moved team',
    ip: '203.0.113.9',
    created_at: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  window.localStorage.setItem(STORAGE_KEYS.adminToken, '1|admin-token');
});

describe('AdminAuditLogPage', () => {
  it('keeps filters and pages in the URL, pages on the server and shows a readable difference', async () => {
    const server = fakeApi({
      'GET /api/admin/me': ME,
      'GET /api/admin/audit-log': (request) =>
        json({
          data: [entry(request.query.get('page') === '2' ? 1 : 2)],
          meta: { current_page: Number(request.query.get('page') ?? 1), total_pages: 2, total: 2 },
        }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/audit-log', <AdminAuditLogPage />);
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    expect(within(table).getByText('admin.updated')).toBeInTheDocument();
    expect(within(table).getByText('Superadmin')).toBeInTheDocument();
    expect(screen.getByText('2 results')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Actor (id or email)'));
    await user.paste('boss@example.com');
    await user.click(screen.getByLabelText('Action'));
    await user.paste('admin.');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(screen.getByTestId('search').textContent).toBe('?actor=boss%40example.com&action=admin.'),
    );
    const filtered = server.to('GET /api/admin/audit-log').at(-1);
    expect(filtered?.query.get('actor')).toBe('boss@example.com');
    expect(filtered?.query.get('action')).toBe('admin.');
    expect(filtered?.headers.Authorization).toBe('Bearer 1|admin-token');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toContain('page=2'));
    expect(server.to('GET /api/admin/audit-log').at(-1)?.query.get('page')).toBe('2');

    // The difference: both sides of each field, the changed one marked for screen readers.
    await user.click(screen.getAllByText('Show fields (2)')[0] as HTMLElement);
    const diff = screen.getByRole('table', { name: 'Before and after of entry 1' });
    const roleRow = within(diff).getByRole('row', { name: /admin_role/ });
    expect(within(roleRow).getByText('support')).toBeInTheDocument();
    expect(within(roleRow).getByText('finance')).toBeInTheDocument();
    expect(within(roleRow).getByText('(changed)')).toBeInTheDocument();
    expect(within(diff).getByRole('row', { name: /status/ })).not.toHaveTextContent('changed');
  });

  it('shows the empty state, and an error with Retry that loads again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/admin/me': ME,
      'GET /api/admin/audit-log': () =>
        fail
          ? json({ message: 'Server error', code: 'INTERNAL' }, 500)
          : json({ data: [], meta: { current_page: 1, total_pages: 1, total: 0 } }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/audit-log', <AdminAuditLogPage />);
    expect(await screen.findByText('The list could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
  });
});

/** The admin the Admins screen's tests edit (its role, status and grant vary by test). */
const SAM = { id: 9, username: 'sam', email: 'sam@example.com', created_at: '2026-03-01T09:00:00.000Z' };

describe('AdminAdminsPage with the reauth dialog', () => {
  it('asks for a code on REAUTH_REQUIRED, opens the window, and sends the change again', async () => {
    const other = { ...SAM, admin_role: 'support', status: 'active', two_factor_enabled: true };
    let reauthenticated = false;
    const server = fakeApi({
      'GET /api/admin/me': ME,
      'GET /api/admin/admins': () =>
        json({
          data: [{ ...other, id: 1, email: 'boss@example.com', admin_role: 'superadmin' }, other],
          meta: { current_page: 1, total_pages: 1, total: 2 },
        }),
      'PATCH /api/admin/admins/9': () =>
        reauthenticated
          ? json({ admin: { ...other, admin_role: 'finance' }, message: 'Admin updated.' })
          : json(
              {
                message: 'Confirm it is you: enter a code from your authenticator app.',
                code: 'REAUTH_REQUIRED',
              },
              403,
            ),
      'POST /api/admin/reauth': (request) => {
        if ((request.body as { code: string }).code !== '123456') {
          return json(
            {
              message: 'Invalid code. Try again with a new code from your authenticator app.',
              code: 'BUSINESS_RULE',
            },
            422,
          );
        }
        reauthenticated = true;
        return json({ message: 'ok', reauth_until: '2026-03-02T09:10:00.000Z' });
      },
    });
    const user = userEvent.setup();
    renderScreen(
      '/admin/admins',
      <ReauthProvider>
        <AdminAdminsPage />
      </ReauthProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Admin accounts' });
    // No Edit for oneself.
    expect(within(table).getByText('You')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Edit sam@example.com' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit sam@example.com' });
    await user.selectOptions(within(edit).getByLabelText('Role'), 'finance');
    await user.type(within(edit).getByLabelText('Reason (kept in the audit log)'), 'Payments');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));

    const confirm = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.type(within(confirm).getByLabelText('Authentication code'), '000000');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(confirm).findByText(
        'Invalid code. Try again with a new code from your authenticator app.',
      ),
    ).toBeInTheDocument();
    await user.clear(within(confirm).getByLabelText('Authentication code'));
    await user.type(within(confirm).getByLabelText('Authentication code'), '123456');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patches = server.to('PATCH /api/admin/admins/9');
    expect(patches).toHaveLength(2);
    expect(patches[1]?.body).toEqual({ role: 'finance', reason: 'Payments' });
  });
});

describe('AdminAdminsPage: money roles given by two superadmins (decision 250)', () => {
  it('shows a waiting grant under the status, and says a change waits for another superadmin', async () => {
    const waiting = {
      ...SAM,
      admin_role: 'finance',
      status: 'suspended',
      two_factor_enabled: false,
      pending_grant: { admin_role: 'finance', proposed_by: 'alice', proposed_at: '2026-03-02T09:00:00.000Z' },
    };
    const pending =
      'Saved as a request: the new role or activation takes effect when another superadmin makes the same change within 24 hours.';
    const server = fakeApi({
      'GET /api/admin/me': ME,
      'GET /api/admin/admins': () =>
        json({
          data: [{ ...waiting, id: 1, email: 'boss@example.com', pending_grant: null }, waiting],
          meta: { current_page: 1, total_pages: 1, total: 2 },
        }),
      'PATCH /api/admin/admins/9': () => json({ admin: waiting, message: pending }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/admins', <AdminAdminsPage />);
    const table = await screen.findByRole('table', { name: 'Admin accounts' });
    const row = within(table).getByRole('row', { name: /sam@example\.com/ });
    expect(
      within(row).getByText(
        /^Waiting for a second superadmin: Finance, asked by alice on Mar 2, 2026, \d{1,2}:\d{2}\s?[AP]M\.$/u,
      ),
    ).toBeInTheDocument();
    const bossRow = within(table).getByRole('row', { name: /boss@example\.com/ });
    expect(within(bossRow).queryByText(/Waiting for a second superadmin/)).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Edit sam@example.com' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit sam@example.com' });
    expect(
      within(edit).getByText(
        'Making an admin finance or superadmin, or activating one, takes effect when another superadmin makes the same change within 24 hours.',
      ),
    ).toBeInTheDocument();
    await user.selectOptions(within(edit).getByLabelText('Status'), 'active');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(pending)).toBeInTheDocument();
    expect(server.to('PATCH /api/admin/admins/9')[0]?.body).toEqual({ status: 'active', reason: '' });
  });
});
