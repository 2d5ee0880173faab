import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type { Destination } from '@app/shared/schemas/withdrawals';
import { BackLink, PageHeader } from '#components/page-header';
import { Alert } from '#components/ui/alert';
import { Card } from '#components/ui/card';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { applyFieldErrors } from '#lib/form-errors';
import { useCreateWithdrawalDestination } from '../api/create-withdrawal-destination';
import { useWithdrawalDestinations } from '../api/get-withdrawal-destinations';
import { useUpdateWithdrawalDestination } from '../api/update-withdrawal-destination';
import {
  DESTINATION_FIELDS,
  DestinationForm,
  destinationPayload,
  type DestinationFormValues,
} from '../components/destination-form';
import { DestinationsLoadState } from '../components/destinations-load-state';
import type { UseFormSetError } from 'react-hook-form';

/** Which destination the page edits: ?id=, else (without ?new) the default one, else none (add). */
function pick(destinations: Destination[], params: URLSearchParams): Destination | null | 'missing' {
  const id = params.get('id');
  if (id) return destinations.find((item) => String(item.id) === id) ?? 'missing';
  if (params.has('new')) return null;
  return destinations.find((item) => item.is_default) ?? destinations[0] ?? null;
}

/** /withdrawal-info (Edit): the fields of one saved destination, or a new one. */
export function WithdrawalInfoPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const destinations = useWithdrawalDestinations();
  const create = useCreateWithdrawalDestination();
  const update = useUpdateWithdrawalDestination();
  useDocumentMeta(t('withdrawals.infoPage.title'), t('withdrawals.infoPage.description'));

  const done = () => void navigate('/withdrawal-methods');

  let body;
  let title = t('withdrawals.infoPage.title');
  if (!destinations.isSuccess) {
    body = <DestinationsLoadState destinations={destinations} />;
  } else {
    const destination = pick(destinations.data, params);
    if (destination === 'missing') {
      body = <Alert tone="error">{message('Saved destination not found.')}</Alert>;
    } else {
      title = destination ? t('withdrawals.infoPage.editTitle') : t('withdrawals.infoPage.addTitle');
      const save = (values: DestinationFormValues, setError: UseFormSetError<DestinationFormValues>) => {
        const payload = destinationPayload(values);
        const handlers = {
          onSuccess: (answer: { message: string }) => {
            toast.success(message(answer.message || 'Destination saved.'));
            done();
          },
          onError: (error: unknown) => {
            applyFieldErrors(error, setError, DESTINATION_FIELDS);
            toast.error(message(errorMessage(error, 'An error occurred')));
          },
        };
        if (destination) update.mutate({ id: destination.id, changes: payload }, handlers);
        else create.mutate(payload, handlers);
      };
      body = (
        <Card className="p-5 sm:p-7">
          <DestinationForm
            key={destination?.id ?? 'new'}
            destination={destination}
            makeDefault={params.get('default') === '1'}
            pending={create.isPending || update.isPending}
            onSubmit={save}
            onCancel={done}
          />
        </Card>
      );
    }
  }

  return (
    <>
      <BackLink to="/withdrawal-methods">{t('withdrawals.backToMethods')}</BackLink>
      <PageHeader title={title} description={t('withdrawals.infoPage.description')} />
      {body}
    </>
  );
}
