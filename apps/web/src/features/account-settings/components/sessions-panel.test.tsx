import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { SessionsPanel } from './sessions-panel';

const SESSIONS = [
  {
    id: 11,
    browser: 'Chrome 131',
    os: 'Windows 10',
    device_type: 'desktop',
    ip: '203.0.113.9',
    created_at: '2026-03-01T08:00:00.000Z',
    last_used_at: '2026-03-02T09:00:00.000Z',
    current: true,
  },
  {
    id: 12,
    browser: 'Safari 17',
    os: 'iOS 17.4',
    device_type: 'mobile',
    ip: '198.51.100.7',
    created_at: '2026-02-20T08:00:00.000Z',
    last_used_at: '2026-02-28T18:30:00.000Z',
    current: false,
  },
];

describe('signed-in devices', () => {
  it('lists each session with device, IP and times, this device marked; signs one out', async () => {
    let sessions = SESSIONS;
    const server = fakeApi({
      'GET /api/sessions': () => json({ data: sessions }),
      'DELETE /api/sessions/12': () => {
        sessions = SESSIONS.slice(0, 1);
        return json({ message: 'Session signed out.', revoked: 1 });
      },
    });
    const user = userEvent.setup();
    renderScreen('/account-management', <SessionsPanel />);
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const [mine, phone] = within(list).getAllByRole('listitem');
    expect(within(mine!).getByText('Chrome 131 · Windows 10')).toBeInTheDocument();
    expect(within(mine!).getByText('This device')).toBeInTheDocument();
    expect(within(mine!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(phone!).getByText('198.51.100.7')).toBeInTheDocument();
    expect(within(phone!).getByText(/Feb 28, 2026/)).toBeInTheDocument();

    await user.click(within(phone!).getByRole('button', { name: 'Sign out Safari 17 · iOS 17.4' }));
    expect(await screen.findByText('Session signed out.')).toBeInTheDocument();
    expect(server.to('DELETE /api/sessions/12')).toHaveLength(1);
    expect(await screen.findByText('No other device is signed in.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
  });

  it('signs out every other session', async () => {
    let sessions = SESSIONS;
    const server = fakeApi({
      'GET /api/sessions': () => json({ data: sessions }),
      'DELETE /api/sessions/others': () => {
        sessions = SESSIONS.slice(0, 1);
        return json({ message: 'Signed out of every other session.', revoked: 1 });
      },
    });
    const user = userEvent.setup();
    renderScreen('/account-management', <SessionsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('Signed out of every other session.')).toBeInTheDocument();
    expect(server.to('DELETE /api/sessions/others')).toHaveLength(1);
    expect(await screen.findByText('No other device is signed in.')).toBeInTheDocument();
  });

  it('shows the server message when signing out fails', async () => {
    fakeApi({
      'GET /api/sessions': () => json({ data: SESSIONS }),
      'DELETE /api/sessions/12': () => json({ message: 'Session not found.', code: 'NOT_FOUND' }, 404),
    });
    const user = userEvent.setup();
    renderScreen('/account-management', <SessionsPanel />);
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari/ }));
    expect(await screen.findByText('Session not found.')).toBeInTheDocument();
  });

  it('shows loading, then an error with retry', async () => {
    let calls = 0;
    fakeApi({
      'GET /api/sessions': () => {
        calls += 1;
        return calls === 1 ? new Response('', { status: 500 }) : json({ data: SESSIONS });
      },
    });
    const user = userEvent.setup();
    renderScreen('/account-management', <SessionsPanel />);
    expect(screen.getByRole('status', { name: 'Loading your sessions' })).toBeInTheDocument();
    expect(await screen.findByText('Failed to load your sessions.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByText('Chrome 131 · Windows 10')).toBeInTheDocument();
  });
});
