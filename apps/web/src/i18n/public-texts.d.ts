/**
 * `./locales/en.json?public`: the English texts of the public site (vite.config.ts keeps only
 * PUBLIC_TEXT_NAMESPACES of `translation` in the browser build; the prerender and the tests get the
 * whole file). The other namespaces are added by `loadMemberTexts` (and the back office's by `loadAdminTexts`) before a screen that uses them renders.
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

/** `./locales/en.json?member`: every English text but the back office's namespaces (loadMemberTexts). */
declare module '*/en.json?member' {
  const texts: { translation: Record<string, unknown>; messages: Record<string, unknown> };
  export default texts;
}

/** `./locales/en.json?admin`: the back office's English texts (loadAdminTexts). */
declare module '*/en.json?admin' {
  const texts: { translation: Record<string, unknown>; messages: Record<string, unknown> };
  export default texts;
}
