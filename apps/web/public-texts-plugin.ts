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
 * Serves `locales/en.json?public` (src/i18n/index.ts): the public namespaces only in the browser build
 * (and of the API messages only those whose English differs from the key),
 * the whole file in the prerender's and in the tests (vitest.config.ts), which need no split.
 */
export function publicTexts({ publicOnly }: { publicOnly: boolean }): Plugin {
  return {
    name: 'public-texts',
    load(id) {
      if (!/[\\/]locales[\\/]en\.json\?public$/.test(id)) return null;
      const file = id.slice(0, id.indexOf('?'));
      const all = JSON.parse(readFileSync(file, 'utf8')) as {
        translation: Record<string, unknown>;
        messages: Record<string, unknown>;
      };
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
