import { useForm, useWatch } from 'react-hook-form';
import { schemaResolver } from '#lib/zod-resolver';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { DEFAULT_DEPOSIT_CURRENCY } from '@app/shared/constants';
import {
  CreateDepositRequest,
  DEPOSIT_CURRENCIES,
  type BankDetails,
  type CreateDepositResponse,
  type DepositMethod,
} from '@app/shared/schemas/deposits';
import { Button } from '#components/ui/button';
import { ChoiceCards } from '#components/ui/choice-cards';
import { Dialog } from '#components/ui/dialog';
import { SelectField, TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { useAmountInput } from '#lib/amount-input';
import { errorMessage } from '#lib/api-client';
import { applyFieldErrors } from '#lib/form-errors';
import { useCreateDeposit } from '../api/create-deposit';
import { CURRENCY_LABELS, METHOD_KEYS } from './deposit-labels';

const FIELDS = ['amount', 'payment_method', 'currency'] as const;

interface DepositDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A bank transfer was created: show where to send the money. */
  onBankDetails: (details: BankDetails, message: string, amount: number) => void;
}

interface DepositValues {
  amount: string;
  payment_method: DepositMethod;
  currency: string;
}

/**
 * What the form checks: the amount read as the member writes numbers ("1.500,50" in
 * Spanish) as plain decimal text, checked as typed (so "1.500" in English is refused for its three
 * decimals, not read as 1.5), or '' when it is not an amount there (the API's own message then says
 * so on the field, decision 233). It is sent as a number.
 */
function depositPayload(values: DepositValues, read: (text: string) => string | null): CreateDepositRequest {
  return {
    amount: read(values.amount) ?? '',
    payment_method: values.payment_method,
    ...(values.payment_method === 'bank_transfer' ? {} : { currency: values.currency }),
  };
}

/** Whether a payment page lives in this app (the sandbox checkout) rather than at a gateway. */
function inAppPath(url: string): string | null {
  const target = new URL(url, window.location.origin);
  return target.origin === window.location.origin ? `${target.pathname}${target.search}` : null;
}

/**
 * The form's state: its fields, closing (which clears them) and the request. A gateway's answer goes
 * to its payment page, a bank transfer's to the bank details, any other to a success toast.
 */
function useDepositForm({ onOpenChange, onBankDetails }: Omit<DepositDialogProps, 'open'>) {
  const message = useMessage();
  const navigate = useNavigate();
  const create = useCreateDeposit();
  const { read } = useAmountInput();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<DepositValues>({
    resolver: schemaResolver(CreateDepositRequest, (values: DepositValues) => depositPayload(values, read)),
    defaultValues: { amount: '', payment_method: 'nowpayment', currency: DEFAULT_DEPOSIT_CURRENCY },
  });
  const method = useWatch({ control, name: 'payment_method' });

  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const onDone = (answer: CreateDepositResponse) => {
    if (answer.payment_url) {
      const path = inAppPath(answer.payment_url);
      if (path) void navigate(path);
      else window.location.assign(answer.payment_url);
      close(false);
      return;
    }
    if (answer.bank_details) {
      close(false);
      onBankDetails(answer.bank_details, answer.message, answer.deposit.amount);
      return;
    }
    toast.success(message('Deposit successful!'));
    close(false);
  };

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      { ...depositPayload(values, read), amount: Number(read(values.amount)) },
      {
        onSuccess: onDone,
        onError: (error) => {
          applyFieldErrors(error, setError, FIELDS);
          toast.error(message(errorMessage(error, 'Deposit failed. Please try again.')));
        },
      },
    ),
  );

  return {
    register,
    errors,
    usesGateway: method !== 'bank_transfer',
    close,
    onSubmit,
    pending: create.isPending,
  };
}

/** The fields: amount, payment method and, for the gateways, the crypto currency. */
function DepositFields({
  register,
  errors,
  usesGateway,
}: Pick<ReturnType<typeof useDepositForm>, 'register' | 'errors' | 'usesGateway'>) {
  const { t } = useTranslation();
  const message = useMessage();
  return (
    <>
      <TextField
        label={t('deposits.dialog.amount')}
        inputMode="decimal"
        autoComplete="off"
        placeholder="100"
        hint={t('deposits.dialog.amountHint')}
        error={message(errors.amount?.message)}
        {...register('amount')}
      />
      <ChoiceCards
        legend={t('deposits.dialog.method')}
        columns={1}
        error={message(errors.payment_method?.message)}
        options={(['nowpayment', 'coinpayment', 'bank_transfer'] as const).map((value) => ({
          value,
          label: t(METHOD_KEYS[value].label),
          description: t(METHOD_KEYS[value].description),
        }))}
        {...register('payment_method')}
      />
      {usesGateway && (
        <SelectField
          label={t('deposits.dialog.currency')}
          hint={t('deposits.dialog.currencyHint')}
          error={message(errors.currency?.message)}
          {...register('currency')}
        >
          {DEPOSIT_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {CURRENCY_LABELS[code]}
            </option>
          ))}
        </SelectField>
      )}
    </>
  );
}

/**
 * Make Deposit (spec §4, §5, §8): amount (min 1, step 0.01), one of three payment methods, the crypto
 * currency for the gateways (default btc). Gateways redirect to their payment page; a bank transfer
 * shows the bank details; any other answer is a success toast.
 */
export function DepositDialog({ open, onOpenChange, onBankDetails }: DepositDialogProps) {
  const { t } = useTranslation();
  const { register, errors, usesGateway, close, onSubmit, pending } = useDepositForm({
    onOpenChange,
    onBankDetails,
  });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('deposits.dialog.title')}
      description={t('deposits.dialog.lead')}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <DepositFields register={register} errors={errors} usesGateway={usesGateway} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {usesGateway ? t('deposits.dialog.submitGateway') : t('deposits.dialog.submitBank')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
