import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
 *
 * Lucide's icons are split by who shows them (`icons`): the module graph cannot tell, since every
 * screen imports the package's entry, which imports every icon, so the icon names the public and
 * sign-in pages and the app's start import are read from their sources. Those icons and the library's
 * code make the `icons` chunk; the others join the member chunk when two entries share them.
 */
export function memberSharedChunk(memberRoutes: readonly (readonly string[])[]): {
  plugin: Plugin;
  group: Rolldown.CodeSplittingGroup;
  icons: Rolldown.CodeSplittingGroup;
} {
  const members = new Set<string>();
  const visitorIcons = new Set<string>();
  const isSource = (id: string, module: string) => id.replace(/\\/g, '/').endsWith(`/src/${module}`);
  const plugin: Plugin = {
    name: 'member-shared-chunk',
    apply: 'build',
    buildEnd() {
      members.clear();
      visitorIcons.clear();
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
      for (const id of lucideIconsUsedBy([...outside], ids)) visitorIcons.add(id);
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
  const lucide = /[\\/]lucide-react[\\/]/;
  const icon = /[\\/]lucide-react[\\/].*[\\/]icons[\\/]/;
  return {
    plugin,
    // With the member area's shared modules, the icons two entries or more share that no public or
    // sign-in page shows (a back office screen using one loads the member chunk too).
    group: {
      name: 'member',
      test: (id) => members.has(id) || (icon.test(id) && !visitorIcons.has(id)),
      minShareCount: 2,
    },
    // The icons the public and sign-in pages and the app's start show, with the library's own code, in
    // one chunk (not one file per icon), so a visitor never downloads the member area's icons.
    icons: { name: 'icons', test: (id) => lucide.test(id) && (!icon.test(id) || visitorIcons.has(id)) },
  };
}

/**
 * The lucide-react icon modules that `sources` (module ids; ours are read, others skipped) import by
 * name from the package's entry, which re-exports each icon from its own module under its names.
 * Our sources are Prettier's (single quotes); a namespace or deep import of the package is refused.
 */
function lucideIconsUsedBy(sources: string[], ids: string[]): Set<string> {
  const names = new Set<string>();
  for (const id of sources) {
    if (id.includes('node_modules') || !/\.tsx?$/.test(id)) continue;
    const text = readFileSync(id, 'utf8');
    if (/from\s*'lucide-react\/|import\s*\*\s*as\s+\w+\s+from\s*'lucide-react'/.test(text)) {
      throw new Error(
        `${id}: import lucide-react's icons by name from the package (the icon split reads them)`,
      );
    }
    for (const [, list] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g)) {
      for (const part of list!.split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0]!;
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  const entry = ids.find((id) => /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(id));
  const used = new Set<string>();
  if (!entry) return used;
  const found = new Set<string>();
  for (const [, list, file] of readFileSync(entry, 'utf8').matchAll(
    /^export \{([^}]*)\} from '(\.\/icons\/[^']+)';$/gm,
  )) {
    const exported = list!.split(',').map((part) => part.trim().replace(/^default as /, ''));
    const named = exported.filter((name) => names.has(name));
    if (named.length === 0) continue;
    used.add(join(dirname(entry), file!));
    for (const name of named) found.add(name);
  }
  // Every name must be an icon module: one missed would send a public page to the member chunk.
  const missing = [...names].filter(
    (name) => !found.has(name) && !/^Lucide(Icon|Props|Provider)$/.test(name),
  );
  if (missing.length > 0) throw new Error(`lucide-react: no icon module for ${missing.join(', ')}`);
  return used;
}
