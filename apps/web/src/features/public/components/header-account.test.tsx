import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { PublicHeader } from './public-header';

const bar = () => screen.getByRole('navigation', { name: 'Main' });

describe('the public header for a signed-in member (issue 36 item 7)', () => {
  it('shows Log In and Sign Up to a visitor, asking the server nothing', async () => {
    const server = fakeApi({});
    renderScreen('/', <PublicHeader />);
    expect(await within(bar()).findByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(within(bar()).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(within(bar()).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(server.to('GET /api/me')).toHaveLength(0);
  });

  it('shows Dashboard instead, in the bar and the small-screen menu, once the session is confirmed', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|live');
    fakeApi({ 'GET /api/me': () => json(USER) });
    const user = userEvent.setup();
    renderScreen('/', <PublicHeader />);
    const dashboard = await within(bar()).findByRole('link', { name: 'Dashboard' });
    expect(dashboard).toHaveAttribute('href', '/dashboard');
    expect(dashboard).toHaveAttribute('title', 'Signed in as ada_l');
    // The guest links keep their room (no shift) but are neither seen nor reachable.
    expect(within(bar()).queryByRole('link', { name: 'Log In' })).toBeNull();
    expect(within(bar()).getByText('Log In')).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = document.getElementById(
      screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-controls') ?? '',
    ) as HTMLElement;
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(menu).queryByRole('link', { name: 'Sign Up' })).toBeNull();
  });

  it('stays with Log In / Sign Up when the stored token is refused, and forgets it', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|revoked');
    const server = fakeApi({
      'GET /api/me': () => json({ message: 'Unauthenticated.', code: 'UNAUTHENTICATED' }, 401),
    });
    renderScreen('/', <PublicHeader />);
    await waitFor(() => expect(server.to('GET /api/me')).toHaveLength(1));
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    expect(within(bar()).getByRole('link', { name: 'Log In' })).toBeVisible();
    expect(within(bar()).queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });
});
