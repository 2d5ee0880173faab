import '#lib/zod-config';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CorrectionProposeRequest } from '@app/shared/schemas/corrections';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { ChoiceCards } from '#components/ui/choice-cards';
import { Dialog } from '#components/ui/dialog';
import { TextareaField, TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useAmountInput } from '#lib/amount-input';
import { applyFieldErrors } from '#lib/form-errors';
import { useAdminMe } from '#lib/session';
import { FormActions, useAdminForm } from '../components/admin-form';
import { schemaResolver } from '#lib/zod-resolver';
import { useProposeCorrection } from './corrections-api';

/** The roles that may propose a correction (decision 182); the server decides all the same. */
export const CORRECTION_ROLES = ['finance', 'superadmin'] as const;

interface Values {
  direction: 'credit' | 'debit';
  amount: string;
  member_reason: string;
  note: string;
  reference: string;
}

const FIELDS = ['direction', 'amount', 'member_reason', 'note', 'reference'] as const;
const EMPTY: Values = { direction: 'credit', amount: '', member_reason: '', note: '', reference: '' };

function ProposeForm({
  memberId,
  onDone,
  onCancel,
}: {
  memberId: number;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const propose = useProposeCorrection();
  const { read } = useAmountInput();
  const [failure, setFailure] = useState<string | null>(null);
  // The amount as the operator writes numbers ("25,50" in Spanish), as the member's money forms read it.
  // Text that reads two ways in the language ("1.50" in Spanish) goes as typed: the field's placeholder
  // and hint, and the API's messages, write the dot decimal, so it is read as the example shows.
  const request = (values: Values) => ({
    ...values,
    amount: read(values.amount) ?? values.amount,
    user_id: memberId,
  });
  const form = useAdminForm<Values>({
    defaultValues: EMPTY,
    resolver: schemaResolver<Values>(CorrectionProposeRequest, request),
  });
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    propose.mutate(request(values), {
      onSuccess: (answer) => onDone(message(answer.message)),
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, FIELDS))
          setFailure(message(errorMessage(error, 'An error occurred')));
      },
    });
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <ChoiceCards
        legend={t('admin.corrections.form.direction')}
        columns={2}
        options={(['credit', 'debit'] as const).map((value) => ({
          value,
          label: t(`admin.corrections.direction.${value}`),
          description: t(`admin.corrections.form.${value}Hint`),
        }))}
        {...form.field('direction')}
      />
      <TextField
        label={t('admin.corrections.form.amount')}
        inputMode="decimal"
        placeholder="25.00"
        hint={t('admin.corrections.form.amountHint')}
        {...form.field('amount')}
      />
      <TextField
        label={t('admin.corrections.form.memberReason')}
        hint={t('admin.corrections.form.memberReasonHint')}
        maxLength={200}
        {...form.field('member_reason')}
      />
      <TextareaField
        label={t('admin.corrections.form.note')}
        hint={t('admin.corrections.form.noteHint')}
        rows={3}
        maxLength={500}
        {...form.field('note')}
      />
      <TextField
        label={t('admin.corrections.form.reference')}
        hint={t('admin.corrections.form.referenceHint')}
        maxLength={120}
        {...form.field('reference')}
      />
      {failure && <Alert tone="error">{failure}</Alert>}
      <FormActions
        pending={propose.isPending}
        submitLabel={t('admin.corrections.form.submit')}
        onCancel={onCancel}
      />
    </form>
  );
}

/**
 * The member page's "Balance correction" card (issue 37 item 2, decision 182): finance proposes a
 * credit or a debit of the member's cash; a second admin approves it in the corrections queue.
 */
export function ProposeCorrection({ memberId, memberLabel }: { memberId: number; memberLabel: string }) {
  const { t } = useTranslation();
  const me = useAdminMe();
  const role = me.data?.user.admin_role;
  const allowed = role !== undefined && (CORRECTION_ROLES as readonly string[]).includes(role);
  const hintId = useId();
  const refused = me.data !== undefined && !allowed;
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <Card className="space-y-3 p-5" data-testid="propose-correction">
      <h2 className="font-semibold">{t('admin.corrections.form.section')}</h2>
      <p className="text-sm text-muted">{t('admin.corrections.form.lead')}</p>
      {done && <Alert tone="success">{done}</Alert>}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          disabled={!allowed}
          aria-describedby={refused ? hintId : undefined}
          onClick={() => {
            setDone(null);
            setOpen(true);
          }}
        >
          {t('admin.corrections.form.open')}
        </Button>
        {allowed && (
          <Link
            className="text-sm text-brand-text underline underline-offset-4"
            to={`/admin/corrections?user_id=${memberId}`}
          >
            {t('admin.corrections.form.history')}
          </Link>
        )}
      </div>
      {refused && (
        <p id={hintId} className="text-sm text-muted">
          {t('admin.corrections.form.notAllowed')}
        </p>
      )}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('admin.corrections.form.title')}
        description={t('admin.corrections.form.description', { member: memberLabel })}
      >
        <ProposeForm
          memberId={memberId}
          onCancel={() => setOpen(false)}
          onDone={(text) => {
            setOpen(false);
            setDone(text);
          }}
        />
      </Dialog>
    </Card>
  );
}
