import { useState } from 'react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/button';
import { Dialog } from '#components/ui/dialog';

/** Make Deposit (spec §2) opens a modal; deposits themselves come with the money release. */
export function DepositButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Plus className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">{t('shell.deposit.button')}</span>
        <span className="sr-only sm:hidden">{t('shell.deposit.button')}</span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('shell.deposit.title')}
        description={t('shell.deposit.body')}
      >
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('common.gotIt')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
