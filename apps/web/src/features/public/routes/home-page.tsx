import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/button';
import { useDocumentMeta } from '#lib/document-meta';
import { PublicHeader } from '../components/public-header';

/** A placeholder home: the marketing site is built by a later issue. */
export function HomePage() {
  const { t } = useTranslation();
  useDocumentMeta(t('home.metaTitle'), t('home.metaDescription'));
  return (
    <div className="flex min-h-dvh flex-col bg-bg">
      <PublicHeader />
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
        <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          {t('home.headline')}
        </h1>
        <p className="mt-5 max-w-xl text-lg text-balance text-muted">{t('home.lead')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/signup">
              {t('home.signUp')}
              <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to="/login">{t('home.logIn')}</Link>
          </Button>
        </div>
      </main>
    </div>
  );
}
