import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMemberPage, MEMBER_ONLY_MODULES, ROUTE_MODULES } from '../../route-modules';
import { SRC, staticGraph } from '../test/source-imports';

/**
 * What a member page loads before its first paint (issue 39, decision 170), read from the sources'
 * value imports, from the route's modules as the build preloads them (route-modules.ts). What a
 * screen loads on use (`import()`) is not counted.
 */
const memberRoutes = [...Object.entries(ROUTE_MODULES), ...Object.entries(MEMBER_ONLY_MODULES)].filter(
  (entry): entry is [string, string[]] => Array.isArray(entry[1]) && isMemberPage(entry[1]),
);

const SCHEMAS = join(SRC, '../../../packages/shared/src/schemas');
const DIALOG = join(SRC, 'components/ui/dialog.tsx');

function firstPaint(modules: string[]): Set<string> {
  return staticGraph(modules.filter((module) => !module.includes('?')).map((module) => join(SRC, module)));
}

describe('a member page’s first paint', () => {
  it('is listed for every member page the route table has', () => {
    expect(memberRoutes.map(([route]) => route)).toEqual(
      expect.arrayContaining(['/dashboard', '/my-portfolio', '/my-goals', '/explore', '/rewards', '/plans']),
    );
  });

  // A form on the first screen loads its schema when the browser is idle or at its first validation
  // (lib/lazy-resolver.ts, decision 202).
  it.each(memberRoutes)(
    '%s loads no schema library (zod, about 24 KB compressed), forms or not',
    (_route, modules) => {
      const graph = [...firstPaint(modules)];
      expect(
        graph
          .filter((file) => file === 'zod' || file.startsWith('zod/') || file.startsWith(SCHEMAS))
          .map((file) => relative(SRC, file)),
      ).toEqual([]);
    },
  );

  // The toasts' library loads with the first toast or with its container once the browser is idle
  // (lib/toast.ts, app/providers.tsx).
  it.each(memberRoutes)('%s loads the toast library only once a toast is raised', (_route, modules) => {
    const graph = [...firstPaint(modules), ...firstPaint(['main.tsx', 'start.tsx'])];
    expect(graph.filter((file) => file === 'react-toastify' || file.startsWith('react-toastify/'))).toEqual(
      [],
    );
  });

  it.each(memberRoutes)('%s loads the dialog only once one is opened', (_route, modules) => {
    expect(firstPaint(modules).has(DIALOG)).toBe(false);
  });

  // Account settings paints its default tab, Security; the others and the code form that Security
  // asks for after a click load on use (features/account-settings/routes/account-management-page.tsx).
  it('/account-management loads its other tabs and the form library on use', () => {
    const graph = [...firstPaint(ROUTE_MODULES['/account-management'] as string[])];
    const settings = join(SRC, 'features/account-settings/components');
    expect(graph.filter((file) => file.startsWith(settings)).map((file) => relative(settings, file))).toEqual(
      expect.arrayContaining(['security-tab.tsx', 'sessions-panel.tsx']),
    );
    expect(
      graph.filter(
        (file) =>
          file === 'react-hook-form' ||
          [
            'code-form.tsx',
            'change-password-form.tsx',
            'change-email-form.tsx',
            'withdrawals-tab.tsx',
            'notification-choices.tsx',
            'account-data-panel.tsx',
            'close-account-panel.tsx',
          ].some((name) => file === join(settings, name)),
      ),
    ).toEqual([]);
  });
});
