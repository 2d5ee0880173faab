import {
  useForm,
  useWatch,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetError,
  type UseFormSetValue,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Destination } from '@app/shared/schemas/withdrawals';
import { ASSET_NETWORKS, CRYPTO_ASSETS, type CryptoAsset } from '@app/shared/withdrawals';
import { Button } from '#components/ui/button';
import { CheckboxField, SelectField, TextField } from '#components/ui/field';
import { ChoiceCards } from '#components/ui/choice-cards';
import { useMessage } from '#i18n/use-message';
import { lazyResolver, useLazyResolver } from '#lib/lazy-resolver';
import { NETWORK_LABELS } from './destination-text';

export interface DestinationFormValues {
  kind: 'bank' | 'crypto';
  label: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  routing_number: string;
  asset: string;
  network: string;
  address: string;
  is_default: boolean;
}

export const DESTINATION_FIELDS = [
  'kind',
  'label',
  'bank_name',
  'account_name',
  'account_number',
  'routing_number',
  'asset',
  'network',
  'address',
] as const;

/** What the API is sent: the chosen kind's fields (PATCH replaces the details, so edits send them all). */
export function destinationPayload(values: DestinationFormValues) {
  const label = values.label.trim() || null;
  if (values.kind === 'bank') {
    return {
      kind: 'bank' as const,
      label,
      bank_name: values.bank_name,
      account_name: values.account_name,
      account_number: values.account_number,
      routing_number: values.routing_number,
      is_default: values.is_default,
    };
  }
  return {
    kind: 'crypto' as const,
    label,
    asset: values.asset,
    network: values.network,
    address: values.address,
    is_default: values.is_default,
  };
}

/**
 * The shared schema (DestinationRequest) checks what the form would send; its messages go to the
 * fields. It loads apart from the page (decision 202).
 */
const resolver = lazyResolver<DestinationFormValues>(async ({ schemaResolver }) =>
  schemaResolver((await import('@app/shared/schemas/withdrawals')).DestinationRequest, destinationPayload),
);

/** The form's starting values; a saved account number is masked by the API, so it is typed again. */
export function initialValues(destination: Destination | null, makeDefault = false): DestinationFormValues {
  return {
    kind: destination?.kind ?? 'bank',
    label: destination?.label ?? '',
    bank_name: destination?.bank_name ?? '',
    account_name: destination?.account_name ?? '',
    account_number: '',
    routing_number: destination?.routing_number ?? '',
    asset: destination?.asset ?? 'BTC',
    network: destination?.network ?? 'bitcoin',
    address: destination?.address ?? '',
    is_default: makeDefault || (destination?.is_default ?? false),
  };
}

interface DestinationFormProps {
  /** The destination being edited; null to add one. */
  destination: Destination | null;
  /** Starts with "Use as my default destination" ticked (Set as default of a bank account). */
  makeDefault?: boolean;
  pending: boolean;
  /** Saves; `setError` puts the server's field errors on the form. */
  onSubmit: (values: DestinationFormValues, setError: UseFormSetError<DestinationFormValues>) => void;
  onCancel: () => void;
}

/** What each part of the form gets from the form: its fields' registration and errors. */
interface FormPart {
  register: UseFormRegister<DestinationFormValues>;
  errors: FieldErrors<DestinationFormValues>;
}

/** The kind: chosen when adding, only shown when editing (a destination keeps its kind). */
function KindField({ editing, kind, register, errors }: FormPart & { editing: boolean; kind: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  if (editing) {
    return (
      <p className="text-sm text-muted">
        {t('withdrawals.info.kind')}:{' '}
        <strong className="font-medium text-fg">{t(`withdrawals.destinations.kinds.${kind}`)}</strong>
      </p>
    );
  }
  return (
    <ChoiceCards
      legend={t('withdrawals.info.kind')}
      columns={2}
      error={message(errors.kind?.message)}
      options={[
        { value: 'bank', label: t('withdrawals.destinations.kinds.bank') },
        { value: 'crypto', label: t('withdrawals.destinations.kinds.crypto') },
      ]}
      {...register('kind')}
    />
  );
}

/** A bank account's fields; when editing, the hint shows the masked number that has to be typed again. */
function BankAccountFields({
  destination,
  register,
  errors,
}: FormPart & { destination: Destination | null }) {
  const { t } = useTranslation();
  const message = useMessage();
  return (
    <>
      <TextField
        label={t('withdrawals.info.bankName')}
        autoComplete="off"
        error={message(errors.bank_name?.message)}
        {...register('bank_name')}
      />
      <TextField
        label={t('withdrawals.info.accountName')}
        autoComplete="name"
        error={message(errors.account_name?.message)}
        {...register('account_name')}
      />
      <TextField
        label={t('withdrawals.info.accountNumber')}
        autoComplete="off"
        inputMode="text"
        hint={
          destination?.account_number
            ? t('withdrawals.info.accountNumberRetype', { masked: destination.account_number })
            : t('withdrawals.info.accountNumberHint')
        }
        error={message(errors.account_number?.message)}
        {...register('account_number')}
      />
      <TextField
        label={t('withdrawals.info.routingNumber')}
        autoComplete="off"
        hint={t('withdrawals.info.routingNumberHint')}
        error={message(errors.routing_number?.message)}
        {...register('routing_number')}
      />
    </>
  );
}

/** A wallet's fields: changing the asset picks the first network it allows. */
function WalletFields({
  networks,
  setValue,
  register,
  errors,
}: FormPart & { networks: readonly string[]; setValue: UseFormSetValue<DestinationFormValues> }) {
  const { t } = useTranslation();
  const message = useMessage();
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t('withdrawals.info.asset')}
          error={message(errors.asset?.message)}
          {...register('asset', {
            onChange: (event: { target: { value: string } }) => {
              const allowed = ASSET_NETWORKS[event.target.value as CryptoAsset] ?? [];
              setValue('network', allowed[0] ?? '');
            },
          })}
        >
          {CRYPTO_ASSETS.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('withdrawals.info.network')}
          error={message(errors.network?.message)}
          {...register('network')}
        >
          {networks.map((network) => (
            <option key={network} value={network}>
              {NETWORK_LABELS[network] ?? network}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label={t('withdrawals.info.address')}
        autoComplete="off"
        spellCheck={false}
        className="font-mono text-sm"
        hint={t('withdrawals.info.addressHint')}
        error={message(errors.address?.message)}
        {...register('address')}
      />
    </>
  );
}

/** A bank account (bank, holder, account, routing) or a wallet (asset, network, address). */
export function DestinationForm({
  destination,
  makeDefault = false,
  pending,
  onSubmit,
  onCancel,
}: DestinationFormProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const editing = destination !== null;
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<DestinationFormValues>({
    resolver: useLazyResolver(resolver),
    defaultValues: initialValues(destination, makeDefault),
  });
  const kind = useWatch({ control, name: 'kind' });
  const asset = useWatch({ control, name: 'asset' }) as CryptoAsset;
  const networks = ASSET_NETWORKS[asset] ?? [];

  const submit = handleSubmit((values) => onSubmit(values, setError));

  return (
    <form onSubmit={submit} noValidate className="max-w-xl space-y-5">
      <KindField editing={editing} kind={kind} register={register} errors={errors} />
      <TextField
        label={t('withdrawals.info.label')}
        aside={t('common.optional')}
        hint={t('withdrawals.info.labelHint')}
        error={message(errors.label?.message)}
        {...register('label')}
      />
      {kind === 'bank' ? (
        <BankAccountFields destination={destination} register={register} errors={errors} />
      ) : (
        <WalletFields networks={networks} setValue={setValue} register={register} errors={errors} />
      )}
      <CheckboxField label={t('withdrawals.info.isDefault')} {...register('is_default')} />
      <div className="flex flex-col gap-2 pt-2 sm:flex-row">
        <Button type="submit" loading={pending || isSubmitting}>
          {editing ? t('withdrawals.info.save') : t('withdrawals.info.add')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
