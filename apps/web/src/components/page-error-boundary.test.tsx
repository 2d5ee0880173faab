import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet } from 'react-router';
import { fakeApi } from '../test/fake-api';
import { expectConsoleErrorsOnlyFrom } from '../test/expected-console-errors';
import { renderRoutes } from '../test/render';
import { PageErrorBoundary } from './page-error-boundary';

const failure = new TypeError('Failed to fetch dynamically imported module: /assets/broken-page.js');
// A screen whose code does not arrive, as React.lazy meets it.
const BrokenPage = lazy(() => Promise.reject(failure));

/** A layout as the member area's: a navigation, and the screen under the boundary. */
function Layout() {
  return (
    <>
      <nav aria-label="Main">
        <Link to="/fine">Fine</Link>
      </nav>
      <PageErrorBoundary>
        <Suspense fallback={<p>Loading…</p>}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </>
  );
}

const routes = [
  {
    element: <Layout />,
    children: [
      { path: '/broken', element: <BrokenPage /> },
      { path: '/fine', element: <h1>Fine page</h1> },
    ],
  },
];

// React reports each error a boundary caught on the console: that report is expected; any other
// console.error still fails the test.
const consoleError = expectConsoleErrorsOnlyFrom((arg) => arg === failure);

describe('a screen that cannot render (decision 203)', () => {
  it('says so in its place with Retry, keeps the navigation, and clears on the way elsewhere', async () => {
    fakeApi({});
    renderRoutes(routes, '/broken');
    expect(
      await screen.findByRole('heading', { name: 'This page could not be loaded', level: 1 }),
    ).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Check your connection, then try again.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Fine' }));
    expect(await screen.findByRole('heading', { name: 'Fine page' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(consoleError.mock.calls.flat()).toContain(failure);
  });

  it('outside a layout with a <main> of its own, brings one; the document is titled after the failure', async () => {
    fakeApi({});
    renderRoutes(
      [
        {
          path: '/broken',
          element: (
            <PageErrorBoundary main>
              <Suspense fallback={<p>Loading…</p>}>
                <BrokenPage />
              </Suspense>
            </PageErrorBoundary>
          ),
        },
      ],
      '/broken',
    );
    const main = await screen.findByRole('main');
    expect(main).toContainElement(
      screen.getByRole('heading', { name: 'This page could not be loaded', level: 1 }),
    );
    await waitFor(() => expect(document.title).toContain('This page could not be loaded'));
    expect(consoleError.mock.calls.flat()).toContain(failure);
  });
});
