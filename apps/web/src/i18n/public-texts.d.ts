/**
 * `./locales/en.json?public`: the English texts of the public site (vite.config.ts keeps only
 * PUBLIC_TEXT_NAMESPACES of `translation` in the browser build; the prerender and the tests get the
 * whole file). The other namespaces are added by `loadAllTexts` before a screen that uses them renders.
 */
declare module '*/en.json?public' {
  const texts: { translation: Record<string, unknown>; messages: Record<string, unknown> };
  export default texts;
}

/** `./locales/en.json?pages`: the information pages' and the help center's English texts (page-texts.ts). */
declare module '*/en.json?pages' {
  const texts: { translation: { site: Record<string, unknown> } };
  export default texts;
}
