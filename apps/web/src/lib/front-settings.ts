import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CURRENCY, DEFAULT_LANGUAGE, DEFAULT_SITENAME } from '@app/shared/constants';
import type { FrontSettings } from '@app/shared/schemas/front';
import { readSiteNameBlock, SITE_NAME_BLOCK_ID } from '@app/shared/site-name';
import { useTranslation } from 'react-i18next';
import { api } from './api-client';
import { logger } from './logger';
import { useHydrated } from './use-hydrated';

/** What the app shows while the settings load or when they cannot be read (spec §3 and §9 defaults). */
export const DEFAULT_FRONT_SETTINGS: FrontSettings = {
  logo: null,
  sitename: DEFAULT_SITENAME,
  company_email: '',
  company_phone: '',
  currency: { ...DEFAULT_CURRENCY },
  available_currencies: [{ ...DEFAULT_CURRENCY }, { code: 'EUR', symbol: '€' }, { code: 'GBP', symbol: '£' }],
  language: { ...DEFAULT_LANGUAGE },
  available_languages: [
    { ...DEFAULT_LANGUAGE },
    { code: 'es', label: 'Español', direction: 'ltr' },
    { code: 'ar', label: 'العربية', direction: 'rtl' },
  ],
  risk_warning: '',
  risk_warning_language: 'en',
  social_links: [],
};

let beforeLoad: FrontSettings = DEFAULT_FRONT_SETTINGS;

/**
 * The defaults, with the site's name the server wrote into this page (apps/api/src/plugins/
 * static-web.ts), which its HTML already shows: a renamed site keeps its name from the first paint,
 * and a prerendered page hydrates with the name it was sent with.
 */
function settingsBeforeLoad(): FrontSettings {
  const block =
    typeof document === 'undefined'
      ? null
      : document.head.querySelector(`script#${SITE_NAME_BLOCK_ID}[type="application/json"]`);
  const sitename = readSiteNameBlock(block?.textContent) ?? DEFAULT_SITENAME;
  if (beforeLoad.sitename !== sitename) beforeLoad = { ...DEFAULT_FRONT_SETTINGS, sitename };
  return beforeLoad;
}

/** GET /api/front?lang= */
export function frontSettingsUrl(language: string): string {
  return `/api/front?lang=${encodeURIComponent(language)}`;
}

/**
 * Front settings (GET /api/front?lang=). A failure is only logged (spec §8): the screens go on with
 * the defaults (or the settings read before) and the query tries again later.
 */
export function useFrontSettings(): FrontSettings {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE.code;
  const { data } = useQuery({
    queryKey: ['front', language],
    queryFn: async ({ signal }) => {
      try {
        return await api.get<FrontSettings>(frontSettingsUrl(language), { signal });
      } catch (error) {
        if (!signal.aborted) logger.warn('Front settings could not be loaded; showing the defaults.', error);
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    placeholderData: (previous) => previous,
  });
  // A prerendered page shows the defaults (with the site's current name): the part of it that
  // hydrates after the settings arrived must still match its HTML.
  const hydrated = useHydrated();
  return (hydrated ? data : undefined) ?? settingsBeforeLoad();
}
