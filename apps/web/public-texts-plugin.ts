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
 * Serves `locales/en.json?public` (src/i18n/index.ts): the public namespaces only in the browser build,
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
      return {
        code: `export default ${JSON.stringify({ translation, messages: all.messages })};`,
        moduleType: 'js',
      };
    },
  };
}
