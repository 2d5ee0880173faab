import { useTranslation } from 'react-i18next';
import { RetryAlert } from '#components/ui/alert';
import { Spinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import type { useWithdrawalDestinations } from '../api/get-withdrawal-destinations';

/** Until the saved destinations are read: a spinner, or the error with Retry. */
export function DestinationsLoadState({
  destinations,
}: {
  destinations: ReturnType<typeof useWithdrawalDestinations>;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  if (destinations.isError) {
    return (
      <RetryAlert onRetry={() => void destinations.refetch()}>
        {message(errorMessage(destinations.error, 'An error occurred'))}
      </RetryAlert>
    );
  }
  return (
    <div className="flex justify-center py-14">
      <Spinner label={t('withdrawals.destinations.loading')} />
    </div>
  );
}
