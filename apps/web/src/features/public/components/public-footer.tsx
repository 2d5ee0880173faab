import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SocialLink } from '@app/shared/schemas/front';
import { Brand } from '#components/brand';
import { useFrontSettings } from '#lib/front-settings';
import { useHydrated } from '#lib/use-hydrated';
import { useHelpLanguage } from '../api/help-content';
import { FOOTER_COLUMNS } from '../content/navigation';
import { ShownInEnglish } from './shown-in-english';

const NETWORK_LABEL: Record<SocialLink['network'], string> = {
  x: 'X',
  linkedin: 'LinkedIn',
  telegram: 'Telegram',
  youtube: 'YouTube',
  facebook: 'Facebook',
  instagram: 'Instagram',
};

/** The year the build prerendered the pages in (vite.config.ts); this year outside a build. */
const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR) || new Date().getFullYear();

const linkClass = 'text-sm text-white/70 transition-colors hover:text-white';

/**
 * The footer (spec §2): Personal, Business, Company, Legal and Follow Us columns, the copyright line
 * with the current year and the site name, and the risk warning from the settings. Follow Us lists
 * the company's profiles configured in the settings, and always a way to reach us.
 */
export function PublicFooter() {
  const { t } = useTranslation();
  const settings = useFrontSettings();
  const language = useHelpLanguage();
  // The operator's risk warning has no version in the reader's language: it is shown in English, and says so.
  const riskLang =
    settings.risk_warning && settings.risk_warning_language !== language
      ? settings.risk_warning_language
      : undefined;
  // A prerendered page hydrates with the year it was built in (what its HTML says), then shows the
  // visitor's current year.
  const year = useHydrated() ? new Date().getFullYear() : BUILD_YEAR;
  const social = settings.social_links ?? [];
  return (
    <footer className="bg-[#0a0f1f] text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[1.3fr_repeat(5,1fr)]">
          <div>
            <Brand className="text-white [&_span]:text-white" />
            <p className="mt-4 max-w-xs text-sm leading-relaxed text-white/65">{t('site.footer.tagline')}</p>
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.id} aria-labelledby={`footer-${column.id}`}>
              <h2 id={`footer-${column.id}`} className="text-sm font-semibold text-white">
                {t(`site.footer.${column.id}`)}
              </h2>
              <ul className="mt-4 space-y-3">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={linkClass}>
                      {t(`site.links.${link.key}.title`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <nav aria-labelledby="footer-follow">
            <h2 id="footer-follow" className="text-sm font-semibold text-white">
              {t('site.footer.followUs')}
            </h2>
            <ul className="mt-4 space-y-3">
              {social.map((profile) => (
                <li key={profile.network}>
                  <a href={profile.url} rel="noopener noreferrer" target="_blank" className={linkClass}>
                    {NETWORK_LABEL[profile.network]}
                  </a>
                </li>
              ))}
              <li>
                <Link to="/help-center#contact" className={linkClass}>
                  {t('site.footer.contactUs')}
                </Link>
              </li>
              {settings.company_email && (
                <li>
                  <a href={`mailto:${settings.company_email}`} className={`${linkClass} break-all`}>
                    {settings.company_email}
                  </a>
                </li>
              )}
            </ul>
          </nav>
        </div>
        <div className="mt-12 border-t border-white/10 pt-8">
          <p className="text-xs leading-relaxed text-white/60">
            <strong className="font-semibold text-white/80">{t('site.footer.riskTitle')}</strong>{' '}
            <span lang={riskLang}>{settings.risk_warning || t('site.footer.riskFallback')}</span>
            {riskLang && <ShownInEnglish className="mt-1 text-white/60" />}
          </p>
          <p className="mt-4 text-sm text-white/60">
            {t('site.footer.copyright', { year, sitename: settings.sitename })}
          </p>
        </div>
      </div>
    </footer>
  );
}
