import { House } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/button';
import { useMessage } from '#i18n/use-message';
import { useDocumentMeta } from '#lib/document-meta';
import { PublicHeader } from '../components/public-header';

/** Any other path (spec §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const message = useMessage();
  useDocumentMeta(t('notFound.metaTitle'), t('notFound.metaDescription'));
  return (
    <div className="flex min-h-dvh flex-col bg-bg">
      <PublicHeader />
      <main className="flex flex-1 flex-col items-center justify-center px-4 py-20 text-center">
        <p className="text-sm font-semibold tracking-widest text-brand-text">404</p>
        <h1 className="mt-3 max-w-lg text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          {message("Oops! The page you're looking for doesn't exist.")}
        </h1>
        <Button asChild className="mt-8">
          <Link to="/">
            <House className="size-4" aria-hidden="true" />
            {t('notFound.home')}
          </Link>
        </Button>
      </main>
    </div>
  );
}
