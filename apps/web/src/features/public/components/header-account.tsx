import type { CSSProperties, ReactNode } from 'react';
import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/button';
import { cn } from '#lib/cn';
import { useMe } from '#lib/session';
import { readToken } from '#lib/tokens';
import { useHydrated } from '#lib/use-hydrated';

/**
 * The signed-in member's name, or null for a visitor (decision 173). Known only after hydration:
 * the prerendered page is the same for everyone, and the check runs only with a member token stored.
 */
export function useSignedInMember(): string | null {
  const hydrated = useHydrated();
  const withToken = hydrated && readToken('member') !== null;
  const me = useMe({ enabled: withToken });
  return withToken && me.data && !me.isError ? me.data.username : null;
}

const HIDDEN: CSSProperties = { visibility: 'hidden' };

/** Both forms in one grid cell, the unused one hidden but keeping its room: the header does not shift. */
function Stacked({ member, guest, shown }: { member: ReactNode; guest: ReactNode; shown: boolean }) {
  const cell = 'col-start-1 row-start-1 flex items-center justify-end gap-2';
  return (
    <div className="grid">
      <div className={cell} style={shown ? HIDDEN : undefined}>
        {guest}
      </div>
      <div className={cell} style={shown ? undefined : HIDDEN}>
        {member}
      </div>
    </div>
  );
}

/** The header's account links: Log In and Sign Up for a visitor, Dashboard for a signed-in member. */
export function HeaderAccount({ variant }: { variant: 'bar' | 'menu' }) {
  const { t } = useTranslation();
  const member = useSignedInMember();
  const inBar = variant === 'bar';
  const dashboard = (
    <Button asChild size="sm" className={cn(!inBar && 'ms-auto')}>
      <Link to="/dashboard" title={member ? t('site.nav.signedInAs', { name: member }) : undefined}>
        <LayoutDashboard className="size-4" aria-hidden="true" />
        {t('site.nav.dashboard')}
      </Link>
    </Button>
  );
  const guest = (
    <>
      <Button
        asChild
        variant={inBar ? 'ghost' : 'secondary'}
        size="sm"
        className={inBar ? 'text-white hover:bg-white/10' : 'ms-auto'}
      >
        <Link to="/login">{t('home.logIn')}</Link>
      </Button>
      <Button asChild size="sm">
        <Link to="/signup">{t('home.signUp')}</Link>
      </Button>
    </>
  );
  // The menu opens after the check: no shift to avoid there.
  if (!inBar) return member ? dashboard : guest;
  return <Stacked guest={guest} member={dashboard} shown={member !== null} />;
}
