import './index.css';
import { prepareNumberFormat, startEarlyData } from './lib/early-data';
import { showStartFailed } from './lib/start-failed';

/**
 * The entry: styles, then the app (src/start.tsx). Any page but a prerendered one needs the app to
 * show anything: index.html preloads it and it starts at once. A prerendered public page is painted
 * from its HTML; the app (React, the router, the texts, the hydration) and the page's own chunks (the
 * page lists them in #page-chunks) are fetched and run only after that first paint, so they never
 * hold it back (docs/decisions/055-prerendered-public-pages.md). If the app's code cannot be fetched,
 * the page says so and offers to load it again (src/lib/start-failed.ts).
 */
const start = () =>
  import('./start').catch(() => {
    const root = document.getElementById('root');
    if (root) showStartFailed(root, { prerendered: root.dataset.prerendered });
  });

/** Fetches the chunks a page lists in a JSON data block (#page-chunks, #member-chunks) alongside the app's. */
function preloadPageChunks(id = 'page-chunks') {
  let chunks: unknown;
  try {
    chunks = JSON.parse(document.getElementById(id)?.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(chunks)) return;
  for (const href of chunks) {
    if (typeof href !== 'string' || !href.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

// The entry runs as soon as it has arrived (an async module script: it does not wait for the styles),
// so a member page's first data starts at once; the rest waits for the document to be parsed.
const pathname = window.location.pathname;
const member = startEarlyData(pathname);
// Intl's one-time set-up (the first paint formats amounts) runs in the next task, while the app's code
// is still on the way: on a cold load the page has nothing else to do until it arrives.
if (member) setTimeout(prepareNumberFormat, 0);

function run() {
  if (document.getElementById('root')?.dataset.prerendered) {
    const afterPaint = () => {
      preloadPageChunks();
      void start();
    };
    // A frame's callbacks run just before its paint; a task queued from there runs after it. A hidden
    // page paints nothing (no frames): it starts at once.
    if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(afterPaint, 0));
    else afterPaint();
  } else {
    // A member page: its first data has started; on /plans, a member's screen's chunks start now too
    // (decision 170).
    if (member) preloadPageChunks('member-chunks');
    void start();
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
else run();

// The service worker (decision 176: the member area can be installed; it never caches /api/) is
// registered once the page has loaded, so it never competes with the first paint.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener(
    'load',
    () => {
      navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    },
    { once: true },
  );
}
