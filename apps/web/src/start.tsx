import { isValidElement, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { preloadElements } from '#components/preload-elements';
import { i18n, i18nReady } from '#i18n/index';
import { applyStoredTheme } from '#lib/preferences';
import { readToken } from '#lib/tokens';
import { App } from './app/app';
import { PlansRoute } from './app/plans-route';
import { preloadRoute, routes } from './app/routes';

applyStoredTheme();

const root = document.getElementById('root');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * Starts the app (loaded by src/main.tsx). A public page arrives prerendered
 * (docs/decisions/055-prerendered-public-pages.md): once the chosen language's texts and the page's
 * chunks (preloaded with the page) are loaded, React hydrates it if it is in that language, in one
 * pass. Any other page (the member area, sign-in) arrives as the empty shell and is rendered here, as
 * is a page prerendered in another language than the visitor's (its markup is dropped first).
 */
function start(container: HTMLElement) {
  const prerendered = container.dataset.prerendered;
  if (!prerendered || !container.firstElementChild) {
    // The route's screens start loading now rather than one after another as each renders (their
    // chunks are preloaded by the page the server sent: decision 170): every screen the route's
    // elements render — the member shell, the page, the pieces handed to them — so that none of them
    // suspends when the member's data arrives (a suspension paints a fallback first, and React holds
    // back the render that replaces it).
    // /plans renders one of its two screens (decision 052): only that one is loaded.
    const elements = (matchRoutes(routes, window.location.pathname) ?? []).map(({ route }) => {
      const element = route.element;
      if (!isValidElement<{ member: unknown; visitor: unknown }>(element) || element.type !== PlansRoute) {
        return element;
      }
      return readToken('member') ? element.props.member : element.props.visitor;
    });
    void preloadElements(elements).catch(() => undefined);
    createRoot(container).render(app);
    return;
  }
  const render = () => {
    if (prerendered === i18n.language && i18n.hasResourceBundle(prerendered, 'translation')) {
      hydrateRoot(container, app);
    } else {
      container.replaceChildren();
      createRoot(container).render(app);
    }
  };
  Promise.all([i18nReady, preloadRoute(window.location.pathname)]).then(render, render);
}

if (root) start(root);
