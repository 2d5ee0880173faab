import { House } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/button';
import { useMessage } from '#i18n/use-message';
import { useDocumentMeta } from '#lib/document-meta';
import { PageHero, PublicLayout } from '../components/public-layout';

/** Any other path (spec §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const message = useMessage();
  useDocumentMeta(t('notFound.metaTitle'), t('notFound.metaDescription'));
  return (
    <PublicLayout>
      <PageHero eyebrow="404" title={message("Oops! The page you're looking for doesn't exist.")}>
        <Button asChild size="lg" className="mt-10">
          <Link to="/">
            <House className="size-4" aria-hidden="true" />
            {t('notFound.home')}
          </Link>
        </Button>
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 py-14 text-center">
        <p className="text-muted">{t('notFound.suggestions')}</p>
        <ul className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2 font-medium">
          <li>
            <Link to="/plans" className="text-brand-text hover:underline">
              {t('site.links.plans.title')}
            </Link>
          </li>
          <li>
            <Link to="/about" className="text-brand-text hover:underline">
              {t('site.links.about.title')}
            </Link>
          </li>
          <li>
            <Link to="/help-center" className="text-brand-text hover:underline">
              {t('site.links.helpCenter.title')}
            </Link>
          </li>
        </ul>
      </div>
    </PublicLayout>
  );
}
