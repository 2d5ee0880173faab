import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/button';
import { BankDetailsDialog, type BankTransfer } from './bank-details-dialog';
import { DepositDialog } from './deposit-dialog';
import { useDepositReturnToast } from './use-deposit-return-toast';

/**
 * The member shell's Make Deposit button (spec §2) with its modal and the bank-details modal; it also
 * tells the member how a gateway payment ended when they come back with ?deposit=<id>. A link with
 * ?make-deposit=1 (the dashboard's deposit tile) opens the modal.
 */
export function DepositAction() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [transfer, setTransfer] = useState<BankTransfer | null>(null);
  useDepositReturnToast();
  // The dashboard's deposit tile links here with ?make-deposit=1: the modal shows while it is there.
  const [params, setParams] = useSearchParams();
  const asked = params.has('make-deposit');
  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next && asked)
      setParams(
        (current) => {
          const rest = new URLSearchParams(current);
          rest.delete('make-deposit');
          return rest;
        },
        { replace: true },
      );
  };
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Plus className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">{t('deposits.button')}</span>
      </Button>
      <DepositDialog
        open={open || asked}
        onOpenChange={changeOpen}
        onBankDetails={(details, message, amount) => setTransfer({ details, message, amount })}
      />
      <BankDetailsDialog transfer={transfer} onClose={() => setTransfer(null)} />
    </>
  );
}
