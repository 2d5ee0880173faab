import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { KycQueuePage } from './kyc-queue-page';

const ADMIN = { ...USER, id: 1, email: 'help@example.com', role: 'admin', admin_role: 'support' };
const item = (userId: number, username: string) => ({
  user_id: userId,
  username,
  email: `${username}@example.com`,
  status: 'submitted',
  document_type: 'id_card',
  document_expires_on: null,
  reason: null,
  submitted_at: '2026-03-02T09:00:00.000Z',
  decided_at: null,
});

beforeEach(() => {
  window.localStorage.setItem(STORAGE_KEYS.adminToken, '1|admin-token');
});

describe('KycQueuePage', () => {
  it('loads the next page from the cursor on Load more, and hides it on the last page', async () => {
    const server = fakeApi({
      'GET /api/admin/me': () => json({ user: ADMIN, reauth_until: null }),
      'GET /api/admin/kyc': (request) =>
        request.query.get('cursor') === '2026-03-02T09:00:00.000Z_11'
          ? json({ data: [item(12, 'grace')], next_cursor: null })
          : json({ data: [item(11, 'ada')], next_cursor: '2026-03-02T09:00:00.000Z_11' }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/kyc', <KycQueuePage />);
    expect(await screen.findByRole('button', { name: 'Review ada' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review grace' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: 'Review grace' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review ada' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const asked = server.to('GET /api/admin/kyc').map((request) => request.query.get('cursor'));
    expect(asked).toEqual([null, '2026-03-02T09:00:00.000Z_11']);
  });

  it('says so when nothing waits for review', async () => {
    fakeApi({
      'GET /api/admin/me': () => json({ user: ADMIN, reauth_until: null }),
      'GET /api/admin/kyc': () => json({ data: [], next_cursor: null }),
    });
    renderScreen('/admin/kyc', <KycQueuePage />);
    expect(await screen.findByText('No verification is waiting for review.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
