import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { KYC_DOCUMENT_TYPES, kycTypeHasBack, type KycDocumentType, type KycSide } from '@app/shared/kyc';
import type { KycState } from '@app/shared/schemas/kyc';
import { Alert, RetryAlert } from '#components/ui/alert';
import { Badge, type BadgeTone } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { SelectField, TextField } from '#components/ui/field';
import { Skeleton } from '#components/ui/skeleton';
import { useMessage } from '#i18n/use-message';
import { ApiError, errorMessage } from '#lib/api-client';
import { useKyc } from '#lib/kyc';
import { useMoney } from '#lib/money';
import { useSubmitKyc, useUploadKycDocument } from '../api/kyc-api';

const TONE: Record<string, BadgeTone> = {
  not_started: 'neutral',
  submitted: 'info',
  approved: 'success',
  rejected: 'danger',
  expired: 'warning',
};

/** The upload and submit of a KYC case: the chosen document, its expiry, the field errors and the calls. */
function useKycForm(message: ReturnType<typeof useMessage>) {
  const upload = useUploadKycDocument();
  const submit = useSubmitKyc();
  const [type, setType] = useState<KycDocumentType>('passport');
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onFile = (side: KycSide) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    upload.mutate(
      { side, file },
      {
        onSuccess: (answer) => {
          setErrors((was) => ({ ...was, [side]: '' }));
          toast.success(message(answer.message));
        },
        onError: (error) =>
          setErrors((was) => ({ ...was, [side]: message(errorMessage(error, 'Upload failed.')) })),
      },
    );
  };

  const onSubmit = () => {
    submit.mutate(
      { document_type: type, document_expires_on: expires || null },
      {
        onSuccess: (answer) => toast.success(message(answer.message)),
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
          setErrors(
            Object.fromEntries(Object.entries(fields).map(([key, list]) => [key, message(list[0] ?? '')])),
          );
          toast.error(message(errorMessage(error, 'Submission failed.')));
        },
      },
    );
  };

  return { upload, submit, type, setType, expires, setExpires, errors, onFile, onSubmit };
}

type KycForm = ReturnType<typeof useKycForm>;

/** The withdrawal limit, the reviewer's reason and what happens next, as the status says. */
function KycNotices({ state }: { state: KycState }) {
  const { t } = useTranslation();
  const money = useMoney();
  const threshold = state.withdrawal_limit.threshold;
  return (
    <>
      {threshold !== null && (
        <Alert tone="info">
          {threshold === 0 ? t('kyc.limitAll') : t('kyc.limitAbove', { amount: money(threshold, 0) })}
        </Alert>
      )}
      {state.status === 'rejected' && state.reason && (
        <Alert tone="error">
          <span data-testid="kyc-reason">{t('kyc.rejectedReason', { reason: state.reason })}</span>
        </Alert>
      )}
      {state.status === 'submitted' && <p className="text-sm text-muted">{t('kyc.underReview')}</p>}
      {state.status === 'expired' && <p className="text-sm text-muted">{t('kyc.expiredLead')}</p>}
    </>
  );
}

/** While the case is open: the document type, its expiry, one upload per side and the submit. */
function KycUploadForm({ form, drafts }: { form: KycForm; drafts: KycState['drafts'] }) {
  const { t } = useTranslation();
  const { type, errors } = form;
  const drafted = new Set(drafts.map((draft) => draft.side));
  const sides: KycSide[] = [
    'identity_front',
    ...(kycTypeHasBack(type) ? (['identity_back'] as const) : []),
    'proof_of_address',
  ];
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">{t('kyc.lead')}</p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          label={t('kyc.documentType')}
          value={type}
          onChange={(event) => form.setType(event.target.value as KycDocumentType)}
          error={errors.document_type}
        >
          {KYC_DOCUMENT_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`kyc.types.${value}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('kyc.expiresOn')}
          aside={t('profile.optional')}
          type="date"
          value={form.expires}
          onChange={(event) => form.setExpires(event.target.value)}
          error={errors.document_expires_on}
        />
      </div>
      {sides.map((side) => (
        <TextField
          key={side}
          label={t(`kyc.sides.${side}`)}
          hint={drafted.has(side) ? t('kyc.uploaded') : t('kyc.fileHint')}
          type="file"
          accept="application/pdf,image/jpeg,image/png"
          onChange={form.onFile(side)}
          error={errors[side] || undefined}
          data-testid={`kyc-file-${side}`}
        />
      ))}
      <Button
        type="button"
        onClick={form.onSubmit}
        loading={form.submit.isPending}
        disabled={form.upload.isPending}
      >
        {t('kyc.submit')}
      </Button>
    </div>
  );
}

/**
 * Identity verification on the profile screen (issue 37 item 1): the status, the reviewer's reason,
 * the withdrawal limit, and while open the uploads (one per side) and the submit.
 */
export function KycSection() {
  const { t } = useTranslation();
  const message = useMessage();
  const kyc = useKyc();
  const form = useKycForm(message);

  if (kyc.isPending) return <Skeleton className="mt-4 h-40" />;
  if (kyc.isError) return <RetryAlert onRetry={() => void kyc.refetch()}>{t('kyc.loadFailed')}</RetryAlert>;
  const state = kyc.data;
  const open = ['not_started', 'rejected', 'expired'].includes(state.status);

  return (
    <Card className="mt-4 p-5 sm:p-7" data-testid="kyc-section">
      <section aria-labelledby="kyc-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="kyc-title" className="text-lg font-semibold">
            {t('kyc.title')}
          </h2>
          <Badge tone={TONE[state.status] ?? 'neutral'}>
            <span data-testid="kyc-status">{t(`kyc.status.${state.status}`)}</span>
          </Badge>
        </div>
        <KycNotices state={state} />
        {open && <KycUploadForm form={form} drafts={state.drafts} />}
      </section>
    </Card>
  );
}
