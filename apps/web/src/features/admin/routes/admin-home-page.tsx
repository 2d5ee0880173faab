import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#components/page-header';
import { Card } from '#components/ui/card';
import { useDocumentMeta } from '#lib/document-meta';
import { useAdminMe } from '#lib/session';
import { areasFor } from '../admin-areas';

/** The back office's first screen: who is signed in, and the areas this admin's role opens. */
export function AdminHomePage() {
  const { t } = useTranslation();
  const { data } = useAdminMe();
  useDocumentMeta(t('admin.home.metaTitle'), t('admin.home.metaDescription'));
  const areas = areasFor(data?.user.admin_role).filter((area) => area.path !== '/admin');

  return (
    <>
      <PageHeader
        title={t('admin.home.title')}
        description={t('admin.home.signedInAs', { email: data?.user.email ?? '' })}
      />
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {areas.map((area) => (
          <li key={area.key}>
            <Card className="h-full p-0">
              <Link
                to={area.path}
                className="flex h-full items-center gap-3 rounded-2xl p-4 hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-text">
                  <area.icon className="size-4" aria-hidden="true" />
                </span>
                <span className="font-medium">{t(`admin.layout.areas.${area.key}`)}</span>
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
