import type { Plugin, Rolldown } from 'vite';

/** A module needed at first paint by at least this many member routes goes in the member chunk. */
const MIN_PAGES = 3;

/**
 * One chunk for the code the member pages share at first paint (issue 39, decision 170). Left to the
 * automatic splitting, each module a few member pages share was a chunk of its own, a few hundred
 * bytes: a cold /dashboard fetched ~50 files, six at a time over HTTP/1.1, and a warm one handled each
 * preloaded file before its entry ran.
 *
 * The chunk takes a module when all of these hold:
 * - the first paint of MIN_PAGES member routes or more needs it: it is in the static import graph of
 *   their modules (`memberRoutes`, the route table's member lists);
 * - no public or sign-in page and not the app's start needs it (not in the static graph of
 *   src/main.tsx, src/start.tsx or any module of features/public or features/auth): a visitor never
 *   downloads member code, and the public pages' chunks do not change;
 * - it is not itself loaded on demand (a page, a dialog, a chart, a locale): those stay lazy;
 * - two entries at least share it (`minShareCount`).
 * A wider net was tried (every shared module, or the UI components too): it pulled dialogs' and
 * forms' dependencies (zod schemas) into every page's first load (bench/RESULTS.md).
 */
export function memberSharedChunk(memberRoutes: readonly (readonly string[])[]): {
  plugin: Plugin;
  group: Rolldown.CodeSplittingGroup;
} {
  const members = new Set<string>();
  const isSource = (id: string, module: string) => id.replace(/\\/g, '/').endsWith(`/src/${module}`);
  const plugin: Plugin = {
    name: 'member-shared-chunk',
    apply: 'build',
    buildEnd() {
      members.clear();
      const ids = [...this.getModuleIds()];
      /** Every module the given roots import statically, the roots included. */
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const outside = closure(
        ids.filter(
          (id) =>
            isSource(id, 'main.tsx') ||
            isSource(id, 'start.tsx') ||
            /[\\/]src[\\/]features[\\/](public|auth)[\\/]/.test(id),
        ),
      );
      // Each member route's first paint: its modules (the shell, the page, its pieces) and their graph.
      const pages = memberRoutes.map((modules) =>
        closure(ids.filter((id) => modules.some((module) => isSource(id, module)))),
      );
      const counts = new Map<string, number>();
      for (const page of pages) for (const id of page) counts.set(id, (counts.get(id) ?? 0) + 1);
      for (const [id, count] of counts) {
        const info = this.getModuleInfo(id);
        if (count < Math.min(MIN_PAGES, pages.length) || outside.has(id) || !info) continue;
        if (info.dynamicImporters.length > 0 || /\.json$/.test(id)) continue;
        members.add(id);
      }
    },
  };
  return {
    plugin,
    group: { name: 'member', test: (id) => members.has(id), minShareCount: 2 },
  };
}
