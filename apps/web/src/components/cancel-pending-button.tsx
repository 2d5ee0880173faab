import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { LazyDialog } from '#components/ui/lazy-dialog';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';

export interface CancelPendingTexts {
  /** The button's accessible name, naming the item ("Cancel the withdrawal of $40.00"). */
  label: string;
  title: string;
  body: string;
  confirm: string;
}

/**
 * Cancel on a pending item (decision 174): a confirm dialog, then the cancel request; the answer's
 * message as a toast, or, when the back office decided first, its 409 in the dialog.
 */
export function CancelPendingButton({
  id,
  texts,
  mutation,
}: {
  id: number;
  texts: CancelPendingTexts;
  mutation: UseMutationResult<{ message: string }, Error, number>;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [open, setOpen] = useState(false);
  const change = (next: boolean) => {
    if (!next) mutation.reset();
    setOpen(next);
  };
  const confirm = () =>
    mutation.mutate(id, {
      onSuccess: (answer) => {
        toast.success(message(answer.message));
        change(false);
      },
    });
  return (
    <>
      <Button variant="secondary" size="sm" aria-label={texts.label} onClick={() => setOpen(true)}>
        {t('common.cancelPending.button')}
      </Button>
      <LazyDialog open={open} onOpenChange={change} title={texts.title} description={texts.body}>
        {mutation.isError && (
          <Alert tone="error" className="mb-4">
            <p>{message(errorMessage(mutation.error, 'Network error'))}</p>
          </Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => change(false)}>
            {t('common.cancelPending.keep')}
          </Button>
          <Button variant="danger" onClick={confirm} loading={mutation.isPending}>
            {texts.confirm}
          </Button>
        </div>
      </LazyDialog>
    </>
  );
}
