import { ArrowRight, MailCheck, MailWarning } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#components/page-header';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { useDocumentMeta } from '#lib/document-meta';
import { useMe } from '#lib/session';

/** Overview: the greeting and the email verification status for now (balances come later). */
export function DashboardPage() {
  const { t } = useTranslation();
  const { data: user } = useMe();
  useDocumentMeta(t('pages.dashboard.title'), t('pages.dashboard.description'));
  if (!user) return null;
  const verified = Boolean(user.email_verified_at);

  return (
    <>
      <PageHeader
        title={t('pages.dashboard.greeting', { username: user.username })}
        description={t('pages.dashboard.description')}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <Card className="p-5 sm:p-6">
          <div className="flex items-start gap-4">
            <span
              className={
                verified
                  ? 'flex size-10 shrink-0 items-center justify-center rounded-full bg-success-soft text-success'
                  : 'flex size-10 shrink-0 items-center justify-center rounded-full bg-warning-soft text-warning'
              }
            >
              {verified ? (
                <MailCheck className="size-5" aria-hidden="true" />
              ) : (
                <MailWarning className="size-5" aria-hidden="true" />
              )}
            </span>
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold">{t('pages.dashboard.emailTitle')}</h2>
              <p className="mt-1 text-sm break-words text-muted">
                {verified
                  ? t('pages.dashboard.emailVerified', { email: user.email })
                  : t('pages.dashboard.emailUnverified', { email: user.email })}
              </p>
              {!verified && (
                <Button asChild size="sm" className="mt-4">
                  <Link to="/verify">
                    {t('pages.dashboard.verifyNow')}
                    <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
                  </Link>
                </Button>
              )}
            </div>
          </div>
        </Card>
        <Card className="p-5 sm:p-6">
          <h2 className="font-semibold">{t('pages.dashboard.nextTitle')}</h2>
          <p className="mt-1 text-sm text-muted">{t('pages.dashboard.nextBody')}</p>
        </Card>
      </div>
    </>
  );
}
