import { i18n } from './index';
import pages from './locales/en.json?pages';

/**
 * The English texts of the information pages (`site.pages`: about, personal, business, careers,
 * terms, privacy) and of the help center (`site.help`), added when those pages' chunks load. The
 * public bundle leaves them out, so the home page does not carry them (public-texts-plugin.ts, issue
 * 39). Spanish and Arabic load whole, and `loadMemberTexts` brings these too (every English text but the back office's).
 */
i18n.addResourceBundle('en', 'translation', pages.translation, true, false);
