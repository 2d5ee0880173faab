import { DEFAULT_SITENAME } from './constants';

/**
 * The site's name in the pages the server sends (decision 176, amended). The web build writes every
 * page with the default name; the operator may rename the site in the back office at any time. The
 * server sends each page with the current name in place of the default one, and the name in a JSON
 * data block, so that the web app's first render (a hydration of a prerendered page) shows the same
 * name as the HTML it takes over.
 */

/** The id of the data block that carries the site's current name. */
export const SITE_NAME_BLOCK_ID = 'site-name';

/** Text for HTML: safe in an element's text and in a double-quoted attribute (the only kind written). */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The HTML with `name` wherever the build wrote the default name: titles, Open Graph tags and the
 * pages' text alike (the default name is only ever the site's name). A function replacer keeps a `$`
 * in the name as written.
 */
export function renameSite(html: string, name: string): string {
  return html.replaceAll(escapeHtml(DEFAULT_SITENAME), () => escapeHtml(name));
}

/** The data block with `name`; `<` is written as `\u003c`, so no name can end the block early. */
export function siteNameBlock(name: string): string {
  const json = JSON.stringify(name).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SITE_NAME_BLOCK_ID}">${json}</script>`;
}

/** The name a data block carries (its text), or undefined when it carries no usable name. */
export function readSiteNameBlock(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  try {
    const name: unknown = JSON.parse(text);
    return typeof name === 'string' && name.trim() !== '' ? name : undefined;
  } catch {
    return undefined;
  }
}
