import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** A module needed at first paint by at least this many member routes goes in the member chunk. */
const MIN_PAGES = 3;

/**
 * The packages the app's start takes by name. The import graph reaches through a package's index to
 * modules only other screens use (radix-ui's index imports every primitive, react-query's every hook),
 * so following it would put dialogs and menus in every page's first download.
 */
const START_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|react-error-boundary|scheduler|react-router|i18next|react-i18next|html-parse-stringify|void-elements|@tanstack[\\/](query-core|react-query)|use-sync-external-store|@radix-ui[\\/](react-slot|react-compose-refs|react-direction)|clsx|tailwind-merge)[\\/]/;

const lucide = /[\\/]lucide-react[\\/]/;
const lucideIcon = /[\\/]lucide-react[\\/].*[\\/]icons[\\/]/;

/** The same module lists once each. */
const distinct = (lists: readonly (readonly string[])[]) => [
  ...new Map(lists.map((modules) => [[...modules].sort().join('\n'), modules])).values(),
];

interface Routes {
  /** Each member route's first paint: the modules of the route table's member lists. */
  member: readonly (readonly string[])[];
  /** Each visitor route's first paint (public and sign-in pages). */
  visitor: readonly (readonly string[])[];
}

/** The modules of each group, and the icons the visitor's pages and the app's start show. */
interface Groups {
  startModules: Set<string>;
  siteModules: Set<string>;
  memberModules: Set<string>;
  visitorIcons: Set<string>;
}

/**
 * Fewer, larger files before a page's first paint (issue 39, decisions 170 and 199). Left to the
 * automatic splitting, every module two screens share is a file of its own, often a few hundred bytes:
 * a cold /dashboard preloaded 37 files, six at a time over HTTP/1.1 at a phone's round trip, and its
 * first data calls waited behind them for a free connection. Three groups:
 *
 * - `start`: the app's start (src/start.tsx's static graph but what the entry src/main.tsx itself
 *   imports; its packages by name, START_PACKAGES) with the icons the visitor's pages show and the
 *   icon library's code. Every page loads all of it, so it is one file.
 * - `site`: our modules two public pages or more need at first paint beyond the start (the brand,
 *   money and date formatting, the skeleton), not the public site's own pieces (the `public` group,
 *   vite.config.ts) and none that would pull another file with it (the help pages' texts, a menu's
 *   library).
 * - `member`: what MIN_PAGES member routes or more need at first paint (the route table's member
 *   lists), with the member area's icons, when no visitor's page needs it at once or later (the
 *   visitor's routes and every page of features/public and features/auth but the member ones, with
 *   what they load on demand): a visitor never downloads member code.
 * None takes a module loaded on demand itself (a page, a dialog, a chart, a locale): those stay lazy.
 * A wider member net was tried (every shared module, or the UI components too): it pulled dialogs' and
 * forms' dependencies (zod schemas) into every page's first load (bench/RESULTS.md).
 *
 * Lucide's icons are split by who shows them: the module graph cannot tell, since every screen imports
 * the package's entry, which imports every icon, so the icon names the visitor's pages and the app's
 * start import are read from their sources (`lucideIconsUsedBy`).
 */
export function chunkGroups(routes: Routes): {
  plugin: Plugin;
  start: Rolldown.CodeSplittingGroup;
  site: Rolldown.CodeSplittingGroup;
  member: Rolldown.CodeSplittingGroup;
} {
  const groups: Groups = {
    startModules: new Set<string>(),
    siteModules: new Set<string>(),
    memberModules: new Set<string>(),
    visitorIcons: new Set<string>(),
  };
  const { startModules, siteModules, memberModules, visitorIcons } = groups;
  /** What the start group takes: its modules, the visitor's icons and the icon library's code. */
  const inStart = (id: string) =>
    startModules.has(id) || (lucide.test(id) && (!lucideIcon.test(id) || visitorIcons.has(id)));
  const plugin: Plugin = {
    name: 'chunk-groups',
    apply: 'build',
    buildEnd() {
      for (const set of [startModules, siteModules, memberModules, visitorIcons]) set.clear();
      const graph = readGraph(this);
      const { entry, visitor } = startAndVisitor(graph, routes, groups);
      siteGroup(graph, routes, siteModules, (id) => entry.has(id) || inStart(id));
      memberGroup(graph, routes, memberModules, visitor);
    },
  };
  return {
    plugin,
    start: { name: 'start', test: inStart },
    site: { name: 'site', test: (id) => siteModules.has(id) },
    // A back office screen using a member icon loads the member chunk too.
    member: {
      name: 'member',
      test: (id) => memberModules.has(id) || (lucideIcon.test(id) && !visitorIcons.has(id)),
      minShareCount: 2,
    },
  };
}

/** The build's module graph, as the groups read it at the end of the build. */
interface Graph {
  ids: string[];
  /**
   * Every module the given roots import statically (and on demand too, with `lazy`, but for the
   * route table's pages), the roots included.
   */
  closure: (roots: string[], lazy?: boolean) => Set<string>;
  /** The modules of the build that are these sources (paths under src/). */
  rootsOf: (modules: readonly string[]) => string[];
  /** Loaded on demand, or data: never in a group. */
  lazyOrData: (id: string) => boolean;
  importsOf: (id: string) => readonly string[];
}

const isSource = (id: string, module: string) => id.replace(/\\/g, '/').endsWith(`/src/${module}`);

/** The graph of the build `context` ends, with the walks the groups take through it. */
function readGraph(context: Rolldown.PluginContext): Graph {
  const ids = [...context.getModuleIds()];
  const closure = (roots: string[], lazy = false) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = context.getModuleInfo(id);
      stack.push(...(info?.importedIds ?? []));
      if (lazy && !isSource(id, 'app/routes.tsx')) stack.push(...(info?.dynamicallyImportedIds ?? []));
    }
    return seen;
  };
  return {
    ids,
    closure,
    rootsOf: (modules) => ids.filter((id) => modules.some((module) => isSource(id, module))),
    lazyOrData: (id) =>
      (context.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0 || /\.json(\?|$)/.test(id),
    importsOf: (id) => context.getModuleInfo(id)?.importedIds ?? [],
  };
}

/** How many of the pages' graphs hold each module. */
function counts(pages: Set<string>[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const page of pages) for (const id of page) count.set(id, (count.get(id) ?? 0) + 1);
  return count;
}

/**
 * Fills the start group and the visitor's icons; answers the entry's own graph and everything a
 * visitor may download.
 */
function startAndVisitor(
  graph: Graph,
  routes: Routes,
  { startModules, visitorIcons }: Groups,
): { entry: Set<string>; visitor: Set<string> } {
  const { closure, rootsOf, ids } = graph;
  const entry = closure(rootsOf(['main.tsx']));
  for (const id of closure(rootsOf(['start.tsx']))) {
    if (!entry.has(id) && (!id.includes('node_modules') || START_PACKAGES.test(id))) startModules.add(id);
  }

  // What a visitor may download: the entry, the start, and the visitor's pages (listed or not, as
  // the 404 page) with everything they load, at once or later.
  const memberListed = new Set(routes.member.flat());
  const visitorPages = ids.filter(
    (id) =>
      /[\\/]src[\\/]features[\\/](public|auth)[\\/]routes[\\/]/.test(id) &&
      ![...memberListed].some((module) => isSource(id, module)),
  );
  const visitor = new Set([
    ...closure(rootsOf(['main.tsx', 'start.tsx']), true),
    ...closure([...visitorPages, ...rootsOf(routes.visitor.flat())], true),
  ]);
  for (const id of lucideIconsUsedBy([...visitor], ids)) visitorIcons.add(id);
  return { entry, visitor };
}

/** Fills the site group; `loadedAlready`: in the entry or the start group. */
function siteGroup(
  graph: Graph,
  routes: Routes,
  siteModules: Set<string>,
  loadedAlready: (id: string) => boolean,
): void {
  // Pages, not routes: the info pages serve seven routes from one module.
  const publicPages = distinct(routes.visitor)
    .filter((modules) => modules.every((module) => module.startsWith('features/public/')))
    .map((modules) => graph.closure(graph.rootsOf(modules)));
  for (const [id, count] of counts(publicPages)) {
    if (count < 2 || loadedAlready(id) || graph.lazyOrData(id)) continue;
    if (id.includes('node_modules') || /[\\/]src[\\/]features[\\/]public[\\/]/.test(id)) continue;
    siteModules.add(id);
  }
  // A module whose imports are not all in the entry, the start or the site stays out, until none
  // is left to take out.
  for (let changed = true; changed;) {
    changed = false;
    for (const id of siteModules) {
      if (graph.importsOf(id).every((to) => siteModules.has(to) || loadedAlready(to))) continue;
      siteModules.delete(id);
      changed = true;
    }
  }
}

/** Fills the member group; `visitor`: what a visitor may download, which it never takes. */
function memberGroup(graph: Graph, routes: Routes, memberModules: Set<string>, visitor: Set<string>): void {
  const memberPages = distinct(routes.member).map((modules) => graph.closure(graph.rootsOf(modules)));
  for (const [id, count] of counts(memberPages)) {
    if (count < Math.min(MIN_PAGES, memberPages.length) || visitor.has(id) || graph.lazyOrData(id)) continue;
    memberModules.add(id);
  }
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
