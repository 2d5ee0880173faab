import { useForm, useWatch } from 'react-hook-form';
import { schemaResolver } from '#lib/zod-resolver';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import {
  CreateWithdrawalRequest,
  type Destination,
  type WithdrawalMethod,
} from '@app/shared/schemas/withdrawals';
import { AvailableBalance } from '#components/available-balance';
import { Button } from '#components/ui/button';
import { ChoiceCards } from '#components/ui/choice-cards';
import { Dialog } from '#components/ui/dialog';
import { SelectField, TextareaField, TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { useAmountInput } from '#lib/amount-input';
import { errorMessage } from '#lib/api-client';
import { applyFieldErrors } from '#lib/form-errors';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { useWithdrawalDestinations } from '../api/get-withdrawal-destinations';
import { destinationName, destinationText } from './destination-text';

const FIELDS = ['amount', 'withdrawal_method', 'destination'] as const;

/** Which saved destination kind goes with which withdrawal method. */
const KIND_OF_METHOD = { bank_transfer: 'bank', crypto: 'crypto' } as const;
const METHOD_OF_KIND = { bank: 'bank_transfer', crypto: 'crypto' } as const;

interface WithdrawalValues {
  amount: string;
  withdrawal_method: WithdrawalMethod;
  destination: string;
  destination_id: number | null;
}

/**
 * What the form checks: the amount read as the member writes numbers ("1.500,50" in Spanish) as plain
 * decimal text, checked as typed (so "1.500" in English is refused for its three decimals, not read as
 * 1.5), or '' when it is not an amount there (the API's own message then says so on the field,
 * decision 233). It is sent as a number.
 */
function withdrawalPayload(
  values: WithdrawalValues,
  read: (text: string) => string | null,
): CreateWithdrawalRequest {
  return {
    amount: read(values.amount) ?? '',
    withdrawal_method: values.withdrawal_method,
    destination: values.destination,
    ...(values.destination_id ? { destination_id: values.destination_id } : {}),
  };
}

interface WithdrawalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The form's state: its fields, the saved destinations that go with the chosen method, choosing one,
 * closing (which clears the form) and sending the request.
 */
function useWithdrawalForm(onOpenChange: (open: boolean) => void) {
  const message = useMessage();
  const create = useCreateWithdrawal();
  const destinations = useWithdrawalDestinations();
  const { read } = useAmountInput();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm<WithdrawalValues>({
    resolver: schemaResolver(CreateWithdrawalRequest, (values: WithdrawalValues) =>
      withdrawalPayload(values, read),
    ),
    defaultValues: { amount: '', withdrawal_method: 'bank_transfer', destination: '', destination_id: null },
  });
  const method = useWatch({ control, name: 'withdrawal_method' });
  const chosenId = useWatch({ control, name: 'destination_id' });
  const saved = (destinations.data ?? []).filter(
    (destination) => destination.kind === KIND_OF_METHOD[method],
  );

  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const choose = (value: string) => {
    const destination = destinations.data?.find((item) => String(item.id) === value);
    if (!destination) {
      setValue('destination_id', null);
      return;
    }
    setValue('destination_id', destination.id);
    setValue('withdrawal_method', METHOD_OF_KIND[destination.kind]);
    setValue('destination', destinationText(destination), { shouldValidate: true });
  };

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      { ...withdrawalPayload(values, read), amount: Number(read(values.amount)) },
      {
        onSuccess: (answer) => {
          toast.success(message(answer.message || 'Withdrawal request submitted successfully!'));
          close(false);
        },
        onError: (error) => {
          applyFieldErrors(error, setError, FIELDS);
          toast.error(message(errorMessage(error, 'Withdrawal failed.')));
        },
      },
    ),
  );

  return { register, errors, setValue, method, chosenId, saved, close, choose, onSubmit, create };
}

/** The saved destinations of the chosen method, the default one marked; choosing one fills the form in. */
function SavedDestinationSelect({
  saved,
  chosenId,
  onChoose,
}: {
  saved: Destination[];
  chosenId: number | null | undefined;
  onChoose: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('withdrawals.dialog.saved')}
      aside={t('common.optional')}
      value={chosenId ? String(chosenId) : ''}
      onChange={(event) => onChoose(event.target.value)}
    >
      <option value="">{t('withdrawals.dialog.savedNone')}</option>
      {saved.map((destination) => (
        <option key={destination.id} value={destination.id}>
          {destinationName(destination)}
          {destination.is_default ? ` (${t('withdrawals.destinations.default')})` : ''}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * Where the money goes: a saved destination of the chosen method, or the text typed in (typing
 * forgets the chosen one), and the way to manage the saved ones.
 */
function DestinationFields({ form }: { form: ReturnType<typeof useWithdrawalForm> }) {
  const { t } = useTranslation();
  const message = useMessage();
  const { register, errors, setValue, method, chosenId, saved, choose } = form;
  return (
    <>
      {saved.length > 0 && <SavedDestinationSelect saved={saved} chosenId={chosenId} onChoose={choose} />}
      <TextareaField
        label={t('withdrawals.dialog.destination')}
        required
        rows={3}
        hint={
          method === 'crypto'
            ? t('withdrawals.dialog.destinationHintCrypto')
            : t('withdrawals.dialog.destinationHintBank')
        }
        error={message(errors.destination?.message)}
        {...register('destination', { onChange: () => setValue('destination_id', null) })}
      />
      <p className="text-sm text-muted">
        <Link
          to="/withdrawal-methods"
          className="font-medium text-brand-text underline-offset-4 hover:underline"
        >
          {t('withdrawals.dialog.manageSaved')}
        </Link>
      </p>
    </>
  );
}

/**
 * Make Withdrawal (spec §5, §8): amount (min 1), method (Bank Transfer / Crypto Wallet) and the
 * withdrawal information text, which choosing a saved destination fills in.
 */
export function WithdrawalDialog({ open, onOpenChange }: WithdrawalDialogProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const form = useWithdrawalForm(onOpenChange);
  const { register, errors, setValue, close, onSubmit, create } = form;

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('withdrawals.dialog.title')}
      description={t('withdrawals.dialog.lead')}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <AvailableBalance label={t('withdrawals.dialog.available')} />
        <TextField
          label={t('withdrawals.dialog.amount')}
          inputMode="decimal"
          autoComplete="off"
          required
          placeholder="100"
          error={message(errors.amount?.message)}
          {...register('amount')}
        />
        <ChoiceCards
          legend={t('withdrawals.dialog.method')}
          columns={2}
          error={message(errors.withdrawal_method?.message)}
          options={[
            { value: 'bank_transfer', label: t('withdrawals.methods.bank_transfer') },
            { value: 'crypto', label: t('withdrawals.methods.crypto') },
          ]}
          {...register('withdrawal_method', {
            onChange: () => setValue('destination_id', null),
          })}
        />
        <DestinationFields form={form} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('withdrawals.dialog.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
