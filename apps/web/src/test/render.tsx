import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';

/** Shows the current path, so a test can see where navigation went. */
export function WhereAmI() {
  const location = useLocation();
  return (
    <>
      <p data-testid="location">{location.pathname}</p>
      <p data-testid="search">{location.search}</p>
    </>
  );
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Renders screens with the app's providers, a fresh query client and a memory router at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes routes={routes} />
        <WhereAmI />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, queryClient };
}

/** One screen at `path`, with a stub for every other path. */
export function renderScreen(path: string, element: ReactElement, others: string[] = []) {
  return renderRoutes(
    [
      { path: path.split('?')[0], element },
      ...others.map((other) => ({ path: other, element: <p>{`screen ${other}`}</p> })),
    ],
    path,
  );
}
