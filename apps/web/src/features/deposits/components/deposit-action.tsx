import { lazy, Suspense, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/button';
import type { BankTransfer } from './bank-details-dialog';
import { useDepositReturnToast } from './use-deposit-return-toast';

// The dialogs (their form, its schemas) load when first opened: every member page shows this button,
// and its first paint does not wait for them (decision 170).
const DepositDialog = lazy(async () => ({ default: (await import('./deposit-dialog')).DepositDialog }));
const BankDetailsDialog = lazy(async () => ({
  default: (await import('./bank-details-dialog')).BankDetailsDialog,
}));

/**
 * The member shell's Make Deposit button (spec §2) with its modal and the bank-details modal; it also
 * tells the member how a gateway payment ended when they come back with ?deposit=<id>. A link with
 * ?make-deposit=1 (the dashboard's deposit tile) opens the modal.
 */
export function DepositAction() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [transfer, setTransfer] = useState<BankTransfer | null>(null);
  // The bank details open as the deposit dialog closes, so what had focus then (its submit button) is
  // gone when they close: focus goes back to this button instead.
  const button = useRef<HTMLButtonElement>(null);
  useDepositReturnToast();
  // The dashboard's deposit tile links here with ?make-deposit=1: the modal shows while it is there.
  const [params, setParams] = useSearchParams();
  const asked = params.has('make-deposit');
  // Once opened, a dialog stays mounted, so it closes with its animation.
  const [wanted, setWanted] = useState(false);
  const [bankWanted, setBankWanted] = useState(false);
  if ((open || asked) && !wanted) setWanted(true);
  if (transfer && !bankWanted) setBankWanted(true);
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
      <Button ref={button} size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Plus className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">{t('deposits.button')}</span>
      </Button>
      <Suspense fallback={null}>
        {(wanted || open || asked) && (
          <DepositDialog
            open={open || asked}
            onOpenChange={changeOpen}
            onBankDetails={(details, message, amount) => setTransfer({ details, message, amount })}
          />
        )}
        {(transfer || bankWanted) && (
          <BankDetailsDialog
            transfer={transfer}
            onClose={() => setTransfer(null)}
            returnFocus={() => button.current}
          />
        )}
      </Suspense>
    </>
  );
}
