import { createContext, useContext, useEffect } from 'react';
import { useFrontSettings } from './front-settings';

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    document.head.append(meta);
  }
  meta.content = content;
}

/** What a screen's title and description are, collected while a page is prerendered at build time. */
export interface CollectedMeta {
  title?: string;
  description?: string;
}

/**
 * Given only by the build's prerender (src/prerender.tsx), which writes the collected title and
 * description into the page's <head>; in the browser there is none and the effect sets them.
 */
export const DocumentMetaCollector = createContext<((meta: CollectedMeta) => void) | null>(null);

/**
 * Page title '{sitename} | {Page}' and the meta description of a screen (spec §2), mirrored in the
 * Open Graph tags for sharing.
 */
export function useDocumentMeta(page: string, description: string): void {
  const { sitename } = useFrontSettings();
  useContext(DocumentMetaCollector)?.({ title: `${sitename} | ${page}`, description });
  useEffect(() => {
    const title = `${sitename} | ${page}`;
    document.title = title;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:site_name', sitename);
    setMeta('property', 'og:url', window.location.href.split('#')[0] ?? window.location.href);
  }, [sitename, page, description]);
}
