import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json, USER } from '../test/fake-api';
import { expectConsoleErrorsOnlyFrom } from '../test/expected-console-errors';
import { renderRoutes } from '../test/render';
import { routes } from './routes';

// Three screens whose code does not arrive, one under each layout's boundary (decision 203): a member
// page, a back-office page, and a public one (under the root layout alone).
const { failure } = vi.hoisted(() => ({
  failure: new TypeError('Failed to fetch dynamically imported module'),
}));
vi.mock('../features/profile/routes/profile-page', () => {
  throw failure;
});
vi.mock('../features/admin/routes/admin-audit-log-page', () => {
  throw failure;
});
vi.mock('../features/public/routes/not-found-page', () => {
  throw failure;
});

const TITLE = 'This page could not be loaded';
const MESSAGE = 'Check your connection, then try again.';

// React reports each caught error on the console. Vitest wraps an error a mock's factory throws in its
// own, with ours as the cause: those reports are expected; any other console.error still fails the test.
const isFailure = (arg: unknown) => arg instanceof Error && (arg === failure || arg.cause === failure);
const consoleError = expectConsoleErrorsOnlyFrom(isFailure);

describe('a screen whose code does not arrive, in the app’s layouts', () => {
  it('a member page: the message in its place, inside the member area with its navigation', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({ 'GET /api/me': () => json(USER) });
    renderRoutes(routes, '/profile');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { name: TITLE, level: 1 })).toBeInTheDocument();
    expect(within(main).getByRole('alert')).toHaveTextContent(MESSAGE);
    expect(screen.getAllByRole('navigation', { name: 'Main' })[0]).toBeInTheDocument();
    expect(consoleError.mock.calls.flat().some(isFailure)).toBe(true);
  });

  it('a back-office page: the message in its place, beside the back office’s navigation', async () => {
    const admin = { ...USER, email: 'admin@example.com', role: 'admin', admin_role: 'superadmin' };
    window.localStorage.setItem(STORAGE_KEYS.adminToken, '9|admin');
    fakeApi({ 'GET /api/admin/me': () => json({ user: admin, reauth_until: null }) });
    renderRoutes(routes, '/admin/audit-log');
    expect(await screen.findByRole('heading', { name: TITLE, level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGE);
    expect(screen.getByRole('navigation', { name: 'Back office' })).toBeInTheDocument();
    expect(consoleError.mock.calls.flat().some(isFailure)).toBe(true);
  });

  it('a public page: the message is the page, in a main landmark of its own, with Retry', async () => {
    fakeApi({});
    renderRoutes(routes, '/no/such/page');
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { name: TITLE, level: 1 })).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(consoleError.mock.calls.flat().some(isFailure)).toBe(true);
  });
});
