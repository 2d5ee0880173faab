import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
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

  it('offers a PDF document as a download, and lets go of its copy in memory once the review closes', async () => {
    const created: string[] = [];
    const revoke = vi.fn();
    // jsdom has no object URLs: the browser's two functions, stood in for this test only.
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = () => {
      created.push(`blob:pdf-${created.length}`);
      return created.at(-1)!;
    };
    URL.revokeObjectURL = revoke;
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    fakeApi({
      'GET /api/admin/me': () => json({ user: ADMIN, reauth_until: null }),
      'GET /api/admin/kyc': () => json({ data: [item(11, 'ada')], next_cursor: null }),
      'GET /api/admin/kyc/11': () =>
        json({
          item: item(11, 'ada'),
          documents: [
            {
              id: 5,
              side: 'proof_of_address',
              mime: 'application/pdf',
              size: 9,
              created_at: '2026-03-02T09:00:00.000Z',
            },
          ],
          profile: { first_name: 'Ada' },
        }),
      'GET /api/admin/kyc/documents/5': () =>
        new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
          headers: { 'content-type': 'application/pdf' },
        }),
      'POST /api/admin/kyc/11/approve': () =>
        json({
          message: 'Identity verification approved.',
          item: { ...item(11, 'ada'), status: 'approved' },
        }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/kyc', <KycQueuePage />);
    await user.click(await screen.findByRole('button', { name: 'Review ada' }));
    const link = await screen.findByRole('link', { name: 'Download the PDF' });
    expect(link).toHaveAttribute('href', 'blob:pdf-0');
    expect(revoke).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:pdf-0'));
  });
});
