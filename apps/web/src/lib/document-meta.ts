import { useEffect } from 'react';
import { useFrontSettings } from './front-settings';

/** Page title '{sitename} | {Page}' and the meta description of a screen (spec §2). */
export function useDocumentMeta(page: string, description: string): void {
  const { sitename } = useFrontSettings();
  useEffect(() => {
    document.title = `${sitename} | ${page}`;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [sitename, page, description]);
}
