import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#components/page-header';
import { useDocumentMeta } from '#lib/document-meta';

/** An /admin path that no screen answers: said plainly, inside the layout, with the way back. */
export function AdminNotFoundPage() {
  const { t } = useTranslation();
  useDocumentMeta(t('admin.notFound.title'), t('admin.notFound.lead'));
  return (
    <div>
      <PageHeader title={t('admin.notFound.title')} description={t('admin.notFound.lead')} />
      <Link to="/admin" className="font-medium text-brand-text underline underline-offset-4">
        {t('admin.notFound.back')}
      </Link>
    </div>
  );
}
