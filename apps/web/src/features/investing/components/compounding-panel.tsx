import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserPlan } from '@app/shared/schemas/investing';
import { PrivateAmount } from '#components/private-amount';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useLabels } from '#lib/labels';
import { useSetCompounding } from '../api/set-compounding';

/**
 * A running plan's "reinvest earnings" switch (decision 192) and what it is projected to be worth at
 * maturity (a year from now when flexible) both ways: earnings paid out, and reinvested.
 */
export function CompoundingPanel({ plan }: { plan: UserPlan }) {
  const { t } = useTranslation();
  const message = useMessage();
  const labels = useLabels();
  const setCompounding = useSetCompounding();
  const hintId = useId();
  const projection = plan.projection;
  if (!projection) return null;
  const switchable = plan.goal_id === null;
  const when = projection.at_maturity
    ? t('investing.compounding.atMaturity', { days: labels.days(projection.days) })
    : t('investing.compounding.inAYear');
  return (
    <div className="mt-4 rounded-lg border border-line p-3 text-sm" data-testid="compounding-panel">
      {switchable && (
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            role="switch"
            className="size-5 accent-brand"
            checked={plan.reinvest}
            disabled={setCompounding.isPending}
            aria-describedby={hintId}
            onChange={(event) => setCompounding.mutate({ id: plan.id, reinvest: event.target.checked })}
          />
          <span className="font-medium">{t('investing.compounding.switch')}</span>
        </label>
      )}
      <p id={hintId} className="mt-1 text-xs text-muted">
        {plan.reinvest ? t('investing.compounding.onHint') : t('investing.compounding.offHint')}
      </p>
      {setCompounding.isError && (
        <p role="alert" className="mt-2 text-danger">
          {message(errorMessage(setCompounding.error, 'Network error'))}
        </p>
      )}
      <p className="mt-3 text-xs text-muted">{when}</p>
      <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1">
        <div>
          <dt className="text-xs text-muted">{t('investing.compounding.paidOut')}</dt>
          <dd className="font-medium tabular-nums" data-testid="projection-paid-out">
            <PrivateAmount value={projection.paid_out} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('investing.compounding.reinvested')}</dt>
          <dd className="font-medium tabular-nums" data-testid="projection-reinvested">
            <PrivateAmount value={projection.reinvested} />
          </dd>
        </div>
        {plan.reinvested > 0 && (
          <div className="col-span-2">
            <dt className="text-xs text-muted">{t('investing.compounding.reinvestedSoFar')}</dt>
            <dd className="font-medium tabular-nums">
              <PrivateAmount value={plan.reinvested} />
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
