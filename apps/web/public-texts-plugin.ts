import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The namespaces of the English texts that the public pages use (the header, footer, pages, picker,
 * session prompts; the API's messages, a namespace of their own, stay whole). The browser bundle
 * carries only these; the rest of English (every
 * member, admin and sign-in screen's texts, which grow with each screen) loads with the first screen
 * outside the public site (`loadAllTexts` in src/i18n/index.ts, decision 106). A key of another
 * namespace used on a public page would show as its key: the prerender test and e2e read the pages.
 */
export const PUBLIC_TEXT_NAMESPACES = ['site', 'home', 'common', 'notFound', 'picker', 'session'];

/**
 * The namespaces only the back office uses (its screens and its tables). A member page's English
 * texts (`en.json?member`) leave them out; the back office's screens add them (`en.json?admin`).
 */
export const ADMIN_TEXT_NAMESPACES = ['admin', 'adminQueues'];

type Site = Record<string, unknown> & { help: Record<string, unknown> };

/**
 * The texts of particular public pages (the information pages' `site.pages`; the help center's
 * `site.help`, but for the "shown in English" note the footer uses) apart from the rest of `site`.
 */
function splitPageTexts(site: Site): { pages: Record<string, unknown>; rest: Site } {
  const { pages, help, ...rest } = site;
  const { shownInEnglish, ...helpCenter } = help;
  return { pages: { pages, help: helpCenter }, rest: { ...rest, help: { shownInEnglish } } };
}

/**
 * Serves the parts of `locales/en.json` (src/i18n/index.ts):
 * - `?public`: the public namespaces only in the browser build (and of the API messages only those
 *   whose English differs from the key), less the information pages' and the help center's texts,
 *   which `?pages` serves to those pages' own chunks (src/i18n/page-texts.ts): the home page does not
 *   carry them (issue 39);
 * - `?member`: every text but the back office's namespaces, for the member area and the sign-in
 *   screens; `?admin`: the back office's namespaces, for its screens (issue 39: a member page does not
 *   load the back office's texts).
 * The prerender and the tests (vitest.config.ts) get the whole file from `?public` and `?member`,
 * which need no split.
 */
export function publicTexts({ publicOnly }: { publicOnly: boolean }): Plugin {
  return {
    name: 'public-texts',
    load(id) {
      const part = /[\\/]locales[\\/]en\.json\?(public|pages|member|admin)$/.exec(id)?.[1];
      if (!part) return null;
      const file = id.slice(0, id.indexOf('?'));
      const all = JSON.parse(readFileSync(file, 'utf8')) as {
        translation: Record<string, unknown> & { site: Site };
        messages: Record<string, unknown>;
      };
      if (part === 'member' || part === 'admin') {
        const admin = part === 'admin';
        const translation = Object.fromEntries(
          Object.entries(all.translation).filter(
            ([namespace]) => (!publicOnly && !admin) || ADMIN_TEXT_NAMESPACES.includes(namespace) === admin,
          ),
        );
        const texts = { translation, messages: admin ? {} : all.messages };
        // A large object is parsed faster from a JSON string than from a literal (as Vite's own JSON
        // import does for a file this size).
        return {
          code: `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`,
          moduleType: 'js',
        };
      }
      const split = splitPageTexts(all.translation.site);
      if (part === 'pages') {
        const pages = { translation: { site: split.pages } };
        return { code: `export default ${JSON.stringify(pages)};`, moduleType: 'js' };
      }
      if (publicOnly) all.translation.site = split.rest;
      const translation = Object.fromEntries(
        Object.entries(all.translation).filter(
          ([namespace]) => !publicOnly || PUBLIC_TEXT_NAMESPACES.includes(namespace),
        ),
      );
      // An English message is its own key, and useMessage shows the text itself when a key has no
      // entry: the browser build needs only the messages whose English reads differently.
      const messages = publicOnly
        ? Object.fromEntries(Object.entries(all.messages).filter(([key, text]) => key !== text))
        : all.messages;
      return {
        code: `export default ${JSON.stringify({ translation, messages })};`,
        moduleType: 'js',
      };
    },
  };
}
