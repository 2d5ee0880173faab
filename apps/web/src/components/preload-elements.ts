import { isValidElement } from 'react';

/** A component that can load its chunk before it renders (the router's `page()` components). */
type Preload = () => Promise<void>;

function preloadOf(type: unknown): Preload | undefined {
  if (typeof type !== 'function' && (typeof type !== 'object' || type === null)) return undefined;
  const preload: unknown = (type as { preload?: unknown }).preload;
  return typeof preload === 'function' ? (preload as Preload) : undefined;
}

function collect(node: unknown, found: Set<Preload>, depth: number) {
  if (depth > 20) return;
  if (Array.isArray(node)) {
    for (const child of node) collect(child, found, depth + 1);
    return;
  }
  if (!isValidElement(node)) return;
  const preload = preloadOf(node.type);
  if (preload) found.add(preload);
  for (const value of Object.values(node.props as Record<string, unknown>)) collect(value, found, depth + 1);
}

/**
 * Loads the chunk of every lazily loaded component an element tree will render — the route's element
 * and, inside it, the elements it is handed as children or props (`<RequireMember><MemberLayout
 * depositAction={<DepositAction />} /></RequireMember>`, the dashboard's banner and plans) — so that
 * once the page's data is there, the page renders and paints in one pass instead of suspending on each
 * chunk in turn (each suspension shows a fallback, and React holds back the retry that replaces it:
 * decision 170). A component handed as a component (a dialog: `InviteDialog={…}`) is not an element
 * rendered with the page and is not loaded.
 */
export function preloadElements(elements: readonly unknown[]): Promise<void> {
  const found = new Set<Preload>();
  for (const element of elements) collect(element, found, 0);
  return Promise.all([...found].map((preload) => preload())).then(() => undefined);
}
