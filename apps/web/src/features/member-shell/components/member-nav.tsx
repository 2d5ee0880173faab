import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '#lib/cn';
import { NAV_ITEMS } from './nav-items';

/** The member navigation in the header (from md up). */
export function DesktopNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('shell.nav.label')} className="hidden md:block">
      <ul className="flex items-center gap-1">
        {NAV_ITEMS.map(({ key, to }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium transition-colors',
                  isActive
                    ? 'bg-brand-soft text-brand-text'
                    : 'text-muted hover:bg-surface-muted hover:text-fg',
                )
              }
            >
              {t(key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The same navigation as a bottom tab bar on small screens. */
export function MobileNav() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('shell.nav.label')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-5">
        {NAV_ITEMS.map(({ key, to, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'flex h-16 flex-col items-center justify-center gap-1 text-[11px] font-medium',
                  isActive ? 'text-brand-text' : 'text-muted hover:text-fg',
                )
              }
            >
              <Icon className="size-5" aria-hidden="true" />
              <span className="max-w-full truncate px-1">{t(key)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
