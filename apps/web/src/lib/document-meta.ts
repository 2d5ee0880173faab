import { useEffect } from 'react';
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

/**
 * Page title '{sitename} | {Page}' and the meta description of a screen (spec §2), mirrored in the
 * Open Graph tags for sharing.
 */
export function useDocumentMeta(page: string, description: string): void {
  const { sitename } = useFrontSettings();
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
