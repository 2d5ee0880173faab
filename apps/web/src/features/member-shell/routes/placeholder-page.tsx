import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#components/page-header';
import { Card } from '#components/ui/card';
import { useDocumentMeta } from '#lib/document-meta';

export type PlaceholderPageName = 'profile' | 'rewards' | 'my-portfolio' | 'my-goals';

/** A member screen that a later release builds: its title and an honest line, inside the shell. */
export function PlaceholderPage({ page }: { page: PlaceholderPageName }) {
  const { t } = useTranslation();
  const title = t(`pages.${page}.title`);
  useDocumentMeta(title, t(`pages.${page}.description`));
  return (
    <>
      <PageHeader title={title} description={t(`pages.${page}.description`)} />
      <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand-text">
          <Hammer className="size-6" aria-hidden="true" />
        </span>
        <p className="max-w-md text-[15px] text-muted">{t('pages.comingSoon')}</p>
      </Card>
    </>
  );
}
