import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from '#components/brand';
import { PreferencesPicker } from '#components/preferences-picker';
import { Button } from '#components/ui/button';

/** A minimal public header until the marketing site's navigation is built. */
export function PublicHeader() {
  const { t } = useTranslation();
  return (
    <header className="border-b border-line bg-surface/80 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Brand />
        <div className="ms-auto flex items-center gap-2">
          <PreferencesPicker className="hidden sm:inline-flex" />
          <Button asChild variant="ghost" size="sm">
            <Link to="/login">{t('home.logIn')}</Link>
          </Button>
          <Button asChild size="sm">
            <Link to="/signup">{t('home.signUp')}</Link>
          </Button>
        </div>
      </div>
    </header>
  );
}
