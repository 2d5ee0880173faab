import { useId } from 'react';
import { Download, KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RecoveryCodeList } from '#components/authenticator-setup';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { CopyButton } from '#components/ui/copy-button';
import { useFrontSettings } from '#lib/front-settings';

/** Recovery codes, shown once: copy or download them, then close the panel. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { sitename } = useFrontSettings();
  const titleId = useId();
  const text = codes.join('\n');

  const download = () => {
    const url = URL.createObjectURL(new Blob([`${sitename}\n\n${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <div className="flex items-center gap-2">
        <KeyRound className="size-5 text-brand" aria-hidden="true" />
        <h3 id={titleId} className="font-semibold">
          {t('settings.recovery.title')}
        </h3>
      </div>
      <Alert tone="info">{t('settings.recovery.warning')}</Alert>
      <RecoveryCodeList codes={codes} />
      <div className="flex flex-wrap gap-3">
        <CopyButton text={text} label={t('settings.recovery.copy')} />
        <Button variant="secondary" size="sm" onClick={download}>
          <Download className="size-4" aria-hidden="true" />
          {t('settings.recovery.download')}
        </Button>
        <Button size="sm" onClick={onDone} className="ms-auto">
          {t('settings.recovery.done')}
        </Button>
      </div>
    </section>
  );
}
