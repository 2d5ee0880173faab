import { useState } from 'react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/button';
import { BankDetailsDialog, type BankTransfer } from './bank-details-dialog';
import { DepositDialog } from './deposit-dialog';
import { useDepositReturnToast } from './use-deposit-return-toast';

/**
 * The member shell's Make Deposit button (spec §2) with its modal and the bank-details modal; it also
 * tells the member how a gateway payment ended when they come back with ?deposit=<id>.
 */
export function DepositAction() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [transfer, setTransfer] = useState<BankTransfer | null>(null);
  useDepositReturnToast();
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Plus className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">{t('deposits.button')}</span>
      </Button>
      <DepositDialog
        open={open}
        onOpenChange={setOpen}
        onBankDetails={(details, message, amount) => setTransfer({ details, message, amount })}
      />
      <BankDetailsDialog transfer={transfer} onClose={() => setTransfer(null)} />
    </>
  );
}
