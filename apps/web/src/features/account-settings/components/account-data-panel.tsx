import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDownloadAccountData } from '../api/account';

/** "Download my data": one zip archive of everything the account holds, as JSON and CSV (decision 177). */
export function AccountDataPanel() {
  const { t } = useTranslation();
  const message = useMessage();
  const download = useDownloadAccountData();
  return (
    <Card className="p-5 sm:p-7">
      <section aria-labelledby="account-data-title">
        <h2 id="account-data-title" className="font-semibold">
          {t('settings.data.title')}
        </h2>
        <p className="mt-0.5 text-sm text-muted">{t('settings.data.lead')}</p>
        <Button className="mt-5" loading={download.isPending} onClick={() => download.mutate()}>
          <Download className="size-4" aria-hidden="true" />
          {t('settings.data.download')}
        </Button>
        {download.isPending && (
          <p role="status" className="mt-3 text-sm text-muted">
            {t('settings.data.preparing')}
          </p>
        )}
        {download.isError && (
          <div className="mt-4">
            <Alert tone="error">
              {message(errorMessage(download.error, 'Your data could not be downloaded.'))}
            </Alert>
          </div>
        )}
      </section>
    </Card>
  );
}
