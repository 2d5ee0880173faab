/**
 * The web app manifest a page in this language links to (decision 241): what a phone's install prompt
 * shows. The build writes one per language; the API serves them with the site's current name.
 */
export const manifestPath = (language: string): string =>
  language === 'en' ? '/manifest.webmanifest' : `/manifest.${language}.webmanifest`;
