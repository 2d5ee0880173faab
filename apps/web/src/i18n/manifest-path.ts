/**
 * The web app manifest a page in this language links to (decision 241): what a phone's install prompt
 * shows. The build writes one per language beside English's, which is vite-plugin-pwa's own.
 */
export const manifestPath = (language: string): string =>
  language === 'en' ? '/manifest.webmanifest' : `/manifest.${language}.webmanifest`;
