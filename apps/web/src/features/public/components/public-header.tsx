import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDown, Menu, X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SCROLL_THRESHOLD_PX } from '@app/shared/constants';
import { Brand } from '#components/brand';
import { PreferencesPicker } from '#components/preferences-picker';
import { Button } from '#components/ui/button';
import { cn } from '#lib/cn';
import { NAV_MENUS, type MenuId, type NavLink } from '../content/navigation';
import { HeaderAccount } from './header-account';
import { useHoverMenus } from './use-hover-menus';
import { useScrolled } from './use-scrolled';

type NavMenu = (typeof NAV_MENUS)[number];

const MarketsMenuPanel = lazy(async () => ({
  default: (await import('./markets-menu-panel')).MarketsMenuPanel,
}));

function MenuLinks({ links, onNavigate }: { links: NavLink[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-0.5 sm:w-80">
      {links.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            onClick={onNavigate}
            className="block rounded-lg px-3 py-2.5 hover:bg-surface-muted focus-visible:bg-surface-muted"
          >
            <span className="block text-sm font-medium text-fg">{t(`site.links.${link.key}.title`)}</span>
            <span className="mt-0.5 block text-[13px] leading-snug text-muted">
              {t(`site.links.${link.key}.text`)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function PanelFallback() {
  return <div className="h-60 w-80" aria-hidden="true" />;
}

/** An open menu's panel: the markets' live list (its own chunk), or the menu's links. */
function MenuPanel({ id, menu, onNavigate }: { id: string; menu: NavMenu; onNavigate: () => void }) {
  return (
    <div id={id} className="absolute start-0 top-full pt-2">
      <div className="rounded-2xl border border-line bg-surface p-2 text-fg shadow-xl">
        {menu.id === 'markets' ? (
          <Suspense fallback={<PanelFallback />}>
            <MarketsMenuPanel onNavigate={onNavigate} />
          </Suspense>
        ) : (
          <MenuLinks links={menu.links} onNavigate={onNavigate} />
        )}
      </div>
    </div>
  );
}

type HoverMenus = ReturnType<typeof useHoverMenus<MenuId>>;

/** The wide screen's menus: each opens on hover, or with its button from the keyboard or by touch. */
function DesktopMenus({
  menus,
  baseId,
  triggers,
}: {
  menus: HoverMenus;
  baseId: string;
  triggers: { current: Map<MenuId, HTMLButtonElement> };
}) {
  const { t } = useTranslation();
  const onMenuKeyDown = (id: MenuId) => (event: KeyboardEvent) => {
    if (event.key === 'Escape' && menus.open === id) {
      event.stopPropagation();
      menus.close();
      triggers.current.get(id)?.focus();
    }
  };

  return (
    <ul className="ms-6 hidden items-center gap-1 lg:flex">
      {NAV_MENUS.map((menu) => {
        const open = menus.open === menu.id;
        const panelId = `${baseId}-${menu.id}`;
        return (
          <li
            key={menu.id}
            className="relative"
            onMouseEnter={() => menus.openMenu(menu.id)}
            onMouseLeave={menus.scheduleClose}
            onKeyDown={onMenuKeyDown(menu.id)}
            onBlur={(event) => {
              if (open && !event.currentTarget.contains(event.relatedTarget)) menus.close();
            }}
          >
            <button
              type="button"
              ref={(node) => {
                if (node) triggers.current.set(menu.id, node);
              }}
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => menus.toggle(menu.id)}
              className={cn(
                'inline-flex h-10 items-center gap-1 rounded-lg px-3 text-[15px] font-medium text-white/85 transition-colors hover:text-white',
                open && 'text-white',
              )}
            >
              {t(`site.nav.${menu.id}`)}
              <ChevronDown
                className={cn('size-4 opacity-70 transition-transform', open && 'rotate-180')}
                aria-hidden="true"
              />
            </button>
            {open && <MenuPanel id={panelId} menu={menu} onNavigate={menus.close} />}
          </li>
        );
      })}
    </ul>
  );
}

/** The small screen's collapsible menu: every menu's links, the preferences and the account. */
function MobileMenu({ baseId, onClose }: { baseId: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      id={`${baseId}-mobile`}
      className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-white/10 bg-[#0a0f1f] px-4 pb-6 lg:hidden"
    >
      {NAV_MENUS.map((menu) => (
        <section
          key={menu.id}
          aria-labelledby={`${baseId}-m-${menu.id}`}
          className="border-b border-white/10 py-3"
        >
          <h2
            id={`${baseId}-m-${menu.id}`}
            className="px-1 text-xs font-semibold tracking-wide text-white/60 uppercase"
          >
            {t(`site.nav.${menu.id}`)}
          </h2>
          {menu.id === 'markets' ? (
            <div className="mt-2 rounded-xl bg-surface p-1 text-fg">
              <Suspense fallback={<PanelFallback />}>
                <MarketsMenuPanel onNavigate={onClose} />
              </Suspense>
            </div>
          ) : (
            <ul className="mt-1">
              {menu.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    onClick={onClose}
                    className="block rounded-lg px-1 py-2.5 text-[15px] text-white/90 hover:text-white"
                  >
                    {t(`site.links.${link.key}.title`)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <div className="flex flex-wrap items-center gap-2 pt-4">
        <PreferencesPicker variant="onDark" />
        <HeaderAccount variant="menu" />
      </div>
    </div>
  );
}

/**
 * The public navigation bar (spec §2): sticky, transparent at the top and darker and blurred once the
 * page scrolls past 10 px; hover menus (also opened by keyboard and touch with their buttons) that
 * close 100 ms after the pointer leaves; a Menu button with the collapsible menu on small screens.
 * A signed-in member sees Dashboard instead of Log In / Sign Up (HeaderAccount, decision 173).
 */
export function PublicHeader() {
  const { t } = useTranslation();
  const scrolled = useScrolled(SCROLL_THRESHOLD_PX);
  const menus = useHoverMenus<MenuId>();
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const baseId = useId();
  const triggers = useRef(new Map<MenuId, HTMLButtonElement>());

  // A new page (or section) closes every menu.
  const locationKey = `${location.pathname}${location.hash}`;
  const [shownFor, setShownFor] = useState(locationKey);
  if (shownFor !== locationKey) {
    setShownFor(locationKey);
    setMobileOpen(false);
    menus.reset();
  }

  const solid = scrolled || mobileOpen;
  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={cn(
        'fixed inset-x-0 top-0 z-40 text-white transition-[background-color,backdrop-filter,box-shadow] duration-200',
        solid ? 'bg-[#0a0f1f]/85 shadow-[0_1px_0_rgba(255,255,255,0.08)] backdrop-blur-md' : 'bg-transparent',
      )}
    >
      <a
        href="#main"
        className="sr-only rounded-lg bg-surface px-3 py-2 text-fg focus:not-sr-only focus:absolute focus:start-3 focus:top-3 focus:z-50"
      >
        {t('common.skipToContent')}
      </a>
      <nav
        aria-label={t('site.nav.label')}
        className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8"
      >
        <Brand className="text-white [&_span]:text-white" />
        <DesktopMenus menus={menus} baseId={baseId} triggers={triggers} />
        <div className="ms-auto hidden items-center gap-2 lg:flex">
          <PreferencesPicker variant="onDark" />
          <HeaderAccount variant="bar" />
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="ms-auto text-white hover:bg-white/10 lg:hidden"
          aria-expanded={mobileOpen}
          aria-controls={`${baseId}-mobile`}
          onClick={() => setMobileOpen((value) => !value)}
        >
          {mobileOpen ? (
            <X className="size-5" aria-hidden="true" />
          ) : (
            <Menu className="size-5" aria-hidden="true" />
          )}
          {t('site.nav.menu')}
        </Button>
      </nav>
      {mobileOpen && <MobileMenu baseId={baseId} onClose={() => setMobileOpen(false)} />}
    </header>
  );
}
