import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { SESSION_CHECK_TIMEOUT_MS } from '@app/shared/constants';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, hang, json, USER } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { RequireMember } from './require-member';

const routes = [
  {
    path: '/dashboard',
    element: (
      <RequireMember>
        <p>member content</p>
      </RequireMember>
    ),
  },
  { path: '/login', element: <SignInStub /> },
];

/** The sign-in screen's stand-in: shows whether it was told the session ended. */
function SignInStub() {
  const state = useLocation().state as { sessionEnded?: boolean } | null;
  return <p>{state?.sessionEnded ? 'login screen: session ended' : 'login screen'}</p>;
}

const signIn = () => window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');

describe('session guard (spec §2, §4)', () => {
  it('shows a spinner while GET /api/me runs, then the screen', async () => {
    signIn();
    let answer: (response: Response) => void = () => undefined;
    const server = fakeApi({ 'GET /api/me': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    act(() => answer(json(USER)));
    expect(await screen.findByText('member content')).toBeInTheDocument();
    expect(server.to('GET /api/me')[0]?.headers.Authorization).toBe('Bearer 1|secret');
  });

  it('sends an unauthenticated visitor to /login and forgets the dead token', async () => {
    signIn();
    fakeApi({ 'GET /api/me': () => json({ message: 'Not authenticated', code: 'UNAUTHENTICATED' }, 401) });
    renderRoutes(routes, '/dashboard');
    // A refused token is an ended session: the sign-in screen is told, to say why (decision 173).
    expect(await screen.findByText('login screen: session ended')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('does not ask the server when no token is stored', async () => {
    const server = fakeApi({});
    renderRoutes(routes, '/dashboard');
    // Nobody was signed in: nothing ended.
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(server.to('GET /api/me')).toHaveLength(0);
  });

  it("says 'Request timed out' after 5 s, and Retry repeats the check", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    let calls = 0;
    const server = fakeApi({
      'GET /api/me': (request, signal) => {
        calls += 1;
        return calls === 1 ? hang(request, signal) : json(USER);
      },
    });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_TIMEOUT_MS));
    expect(await screen.findByRole('alert')).toHaveTextContent('Request timed out');

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('member content')).toBeInTheDocument();
    expect(server.to('GET /api/me')).toHaveLength(2);
  });

  it('shows any other error with its message and a Retry button', async () => {
    signIn();
    fakeApi({ 'GET /api/me': () => json({ message: 'Service unavailable.', code: 'INTERNAL' }, 503) });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
