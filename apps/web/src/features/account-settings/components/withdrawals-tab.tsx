import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '#components/ui/card';

/** Withdrawals arrive with the money release; until then the tab says so. */
export function WithdrawalsTab() {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand-text">
        <Wallet className="size-6" aria-hidden="true" />
      </span>
      <h2 className="font-semibold">{t('settings.withdrawals.title')}</h2>
      <p className="max-w-md text-sm text-muted">{t('settings.withdrawals.body')}</p>
    </Card>
  );
}
