import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json, USER } from '../test/fake-api';
import { renderRoutes } from '../test/render';
import { routes } from './routes';

describe('the app routes', () => {
  it('wraps member screens in the shell and logs out to /login with the spec message', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    const server = fakeApi({
      'GET /api/me': () => json(USER),
      'POST /api/logout': () => json({ message: 'Logged out successfully!' }),
      'GET /api/notifications': () =>
        json({ data: [], meta: { current_page: 1, total_pages: 1, total: 0 }, unread_count: 0 }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');

    // The first visit loads the shell, the dashboard and the deposit action as separate chunks.
    expect(
      await screen.findByRole('heading', { name: 'Welcome, ada_l' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    expect(nav).toBeDefined();
    for (const name of ['Overview', 'My Goals', 'My Portfolio', 'Explore', 'Activity']) {
      expect(within(nav as HTMLElement).getByRole('link', { name })).toBeInTheDocument();
    }
    await waitFor(() => expect(document.title).toBe('Test Platform | Overview'));

    // The bell and the profile menu load beside the page (decision 170): their triggers come once loaded.
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText("We'll keep you updated when there's something new.")).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: /account menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('Logged out successfully!', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(server.to('POST /api/logout')[0]?.headers.Authorization).toBe('Bearer 1|secret');
  }, 20_000);

  it('keeps the balance preference and the appearance in local storage', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({ 'GET /api/me': () => json(USER) });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hide balance' }));
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.showBalance)).toBe('false'));
    expect(await screen.findByRole('menuitem', { name: 'Show balance' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Dark appearance' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Dark appearance' }));
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('shows the not-found screen for any other path, with a way home', async () => {
    fakeApi({});
    renderRoutes(routes, '/no/such/page');
    expect(
      await screen.findByRole('heading', { name: "Oops! The page you're looking for doesn't exist." }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the homepage' })).toHaveAttribute('href', '/');
  });

  it('signs an admin in with the password and a second factor, and shows who is signed in', async () => {
    const admin = { ...USER, email: 'admin@example.com', role: 'admin', admin_role: 'finance' };
    const server = fakeApi({
      'POST /api/admin/login': () =>
        json({
          two_factor_required: true,
          enrolment_required: false,
          message: 'Two-factor authentication required.',
        }),
      'POST /api/admin/2fa/verify': () => json({ token: '9|admin', user: admin }),
      'GET /api/admin/me': () => json({ user: admin, reauth_until: null }),
      // The landing is the overview (issue 15 item 8).
      'GET /api/admin/overview': () =>
        json({
          queues: Object.fromEntries(
            ['deposits', 'withdrawals', 'loan_applications'].map((queue) => [
              queue,
              { pending_count: 0, pending_amount: 0, oldest_pending_at: null },
            ]),
          ),
          deposits_per_day: [],
          withdrawals_per_day: [],
          new_members_per_day: [],
          aum: { cash: 0, invested: 0, on_loan: 0, held_for_withdrawal: 0 },
          ledger: null,
        }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/login');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toBeRequired();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'admin password');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    // No token before the code.
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.getAllByText('admin@example.com').length).toBeGreaterThan(0);
    expect(window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('9|admin');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(server.to('POST /api/admin/login')[0]?.body).toEqual({
      email: 'admin@example.com',
      password: 'admin password',
      remember: true,
    });
    expect(server.to('POST /api/admin/2fa/verify')[0]?.body).toEqual({ token: '123456' });
    // The layout's navigation shows the areas of the finance role only.
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Withdrawals' })).toHaveAttribute(
      'href',
      '/admin/withdrawals',
    );
    expect(within(nav).queryByRole('link', { name: 'Admins' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  });

  it('answers an unknown back-office path inside the layout with a way back to the overview', async () => {
    const admin = { ...USER, email: 'admin@example.com', role: 'admin', admin_role: 'superadmin' };
    window.localStorage.setItem(STORAGE_KEYS.adminToken, '9|admin');
    fakeApi({ 'GET /api/admin/me': () => json({ user: admin, reauth_until: null }) });
    renderRoutes(routes, '/admin/no-such-area');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the overview' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('navigation', { name: 'Back office' })).toBeInTheDocument();
  });

  it('sends an admin whose session ended under a screen back to the sign-in, saying why', async () => {
    const admin = { ...USER, email: 'admin@example.com', role: 'admin', admin_role: 'superadmin' };
    window.localStorage.setItem(STORAGE_KEYS.adminToken, '9|admin');
    let ended = false;
    fakeApi({
      'GET /api/admin/me': () =>
        ended
          ? json({ message: 'Unauthenticated.', code: 'UNAUTHENTICATED' }, 401)
          : json({ user: admin, reauth_until: null }),
      // The idle timeout passed while the operator was away: the next read is refused.
      'GET /api/admin/users': () => {
        ended = true;
        return json({ message: 'Unauthenticated.', code: 'UNAUTHENTICATED' }, 401);
      },
    });
    renderRoutes(routes, '/admin/members');
    expect(
      await screen.findByText(
        'Your session has ended (30 minutes without activity, or signed out elsewhere). Sign in again to go on.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
  });

  it('shows the public tiers at /plans to a visitor and the member plans screen to a member', async () => {
    fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/pp': () => json({ data: [], meta: { current_page: 1, total_pages: 1, total: 0 } }),
    });
    const visitor = renderRoutes(routes, '/plans');
    expect(await screen.findByRole('heading', { name: 'Plans for every stage' })).toBeInTheDocument();
    expect(screen.queryByText('My Active & Completed Plans')).not.toBeInTheDocument();
    visitor.unmount();

    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    renderRoutes(routes, '/plans');
    expect(await screen.findByRole('heading', { name: 'My Active & Completed Plans' })).toBeInTheDocument();
    expect(await screen.findByText('No active or completed plans found.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Plans for every stage' })).not.toBeInTheDocument();
  });
});
