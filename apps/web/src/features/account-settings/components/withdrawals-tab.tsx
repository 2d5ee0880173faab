import { lazy, Suspense, useState } from 'react';
import { ArrowUpRight, Pencil, Settings2 } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserResponse } from '@app/shared/schemas/auth';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { useOpenedOnce } from '#components/ui/opened-once';
import { WithdrawalHistory } from './withdrawal-history';

// Loaded when first opened (decision 170).
const WithdrawalDialog = lazy(async () => ({
  default: (await import('./withdrawal-dialog')).WithdrawalDialog,
}));
/** The Withdrawals tab (spec §2): Make Withdrawal, the history, and Manage / Edit links. */
export function WithdrawalsTab({ user }: { user: UserResponse }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const dialogMounted = useOpenedOnce(open);
  return (
    <Card className="p-5 sm:p-7">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="font-semibold">{t('withdrawals.title')}</h2>
          <p className="mt-0.5 text-sm text-muted">{t('withdrawals.lead')}</p>
        </div>
        <Button onClick={() => setOpen(true)} aria-haspopup="dialog">
          <ArrowUpRight className="size-4" aria-hidden="true" />
          {t('withdrawals.make')}
        </Button>
      </div>
      {!user.email_verified_at && (
        <Alert tone="info" className="mt-4">
          {t('withdrawals.verifyFirst')}{' '}
          <Link to="/verify" className="font-medium underline underline-offset-4">
            {t('withdrawals.verifyLink')}
          </Link>
        </Alert>
      )}
      <div className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <Link
          to="/withdrawal-methods"
          className="inline-flex items-center gap-1.5 font-medium text-brand-text hover:underline"
        >
          <Settings2 className="size-4" aria-hidden="true" />
          {t('withdrawals.manage')}
        </Link>
        <Link
          to="/withdrawal-info"
          className="inline-flex items-center gap-1.5 font-medium text-brand-text hover:underline"
        >
          <Pencil className="size-4" aria-hidden="true" />
          {t('withdrawals.edit')}
        </Link>
      </div>
      <h3 className="mt-7 mb-3 text-sm font-semibold">{t('withdrawals.history.title')}</h3>
      <WithdrawalHistory />
      {dialogMounted && (
        <Suspense fallback={null}>
          <WithdrawalDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </Card>
  );
}
