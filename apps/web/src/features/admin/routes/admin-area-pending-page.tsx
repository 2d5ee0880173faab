import { useTranslation } from 'react-i18next';
import { PageHeader } from '#components/page-header';
import { useDocumentMeta } from '#lib/document-meta';

/** An /admin path that no screen answers (yet): said plainly, inside the layout. */
export function AdminAreaPendingPage() {
  const { t } = useTranslation();
  useDocumentMeta(t('admin.pending.title'), t('admin.pending.lead'));
  return <PageHeader title={t('admin.pending.title')} description={t('admin.pending.lead')} />;
}
