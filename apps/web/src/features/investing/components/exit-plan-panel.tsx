import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type { UserPlan } from '@app/shared/schemas/investing';
import { usePrivateMoney } from '#components/private-amount';
import { Alert, RetryAlert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { useMessage } from '#i18n/use-message';
import { ApiError, errorMessage } from '#lib/api-client';
import { logger } from '#lib/logger';
import { useDateFormat } from '#lib/money';
import { useExitQuote, useExitUserPlan } from '../api/exit-user-plan';

/**
 * Leaving a fixed term early (decision 186): the quote "today: X; at maturity on DATE: Y" with what
 * is taken, then Confirm executes exactly that quote. A refused or expired quote says why and offers
 * a new one.
 */
export function ExitPlanPanel({ plan, onDone }: { plan: UserPlan; onDone: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const money = usePrivateMoney();
  const date = useDateFormat();
  const quote = useExitQuote(plan.id);
  const exit = useExitUserPlan();

  const refresh = () => {
    exit.reset();
    void quote.refetch();
  };
  const confirm = () => {
    if (!quote.data) return;
    exit.mutate(
      { id: plan.id, quoteId: quote.data.id },
      {
        onSuccess: (answer) => {
          toast.success(message(answer.message));
          onDone();
        },
        onError: (error) => logger.warn('plan exit failed', error),
      },
    );
  };

  if (quote.isPending) return <p role="status">{t('investing.exit.loading')}</p>;
  if (quote.isError) {
    const text = message(errorMessage(quote.error, 'Network error'));
    // The plan's own rule (it cannot be left) will not change by asking again; a failed load may.
    const refused = quote.error instanceof ApiError && quote.error.status < 500 && quote.error.status !== 429;
    return refused ? (
      <Alert tone="error" className="mb-4">
        <p>{text}</p>
      </Alert>
    ) : (
      <div className="mb-4">
        <RetryAlert onRetry={() => void quote.refetch()}>{text}</RetryAlert>
      </div>
    );
  }
  const data = quote.data;
  const rows: [string, string][] = [
    [t('investing.exit.principal'), money(data.principal)],
    [t('investing.exit.penalty'), money(data.penalty)],
    [t('investing.exit.forfeited'), money(data.forfeited)],
    [t('investing.exit.returned'), money(data.returned)],
    [t('investing.exit.kept'), money(data.kept_earnings)],
  ];
  return (
    <div>
      <p className="mb-3 text-base font-semibold" data-testid="exit-summary">
        {t('investing.exit.summary', {
          today: money(data.total),
          date: date(data.ends_at),
          maturity: money(data.maturity_total),
        })}
      </p>
      <dl className="mb-3 grid grid-cols-2 gap-2 rounded-xl border border-line px-4 py-3 text-sm sm:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mb-4 text-xs text-muted">{t('investing.exit.validity')}</p>
      {exit.isError && (
        <Alert tone="error" className="mb-4">
          <p>{message(errorMessage(exit.error, 'Network error'))}</p>
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={refresh} disabled={quote.isFetching}>
          {t('investing.exit.newQuote')}
        </Button>
        <Button onClick={confirm} disabled={exit.isPending || quote.isFetching}>
          {t('investing.exit.confirm')}
        </Button>
      </div>
    </div>
  );
}
