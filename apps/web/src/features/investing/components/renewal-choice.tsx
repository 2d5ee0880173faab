import { useTranslation } from 'react-i18next';
import { AT_MATURITY } from '@app/shared/investing';
import type { AtMaturity, UserPlan } from '@app/shared/schemas/investing';
import { SelectField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { logger } from '#lib/logger';
import { useSetRenewal } from '../api/set-renewal';

/** Whether the member may choose what the position's end does: a running fixed term of their own. */
export function canChooseRenewal(plan: UserPlan): boolean {
  const running = plan.status === 'active' || plan.status === 'locked';
  return running && !plan.flexible && plan.goal_id === null;
}

/**
 * "At maturity" on a running fixed term (decision 194): back to cash, renew for the same term at the
 * plan's rate then (the member is told it beforehand), or renew with the earnings too. Saved on change;
 * the outcome is announced politely, a refusal as an alert.
 */
export function RenewalChoice({ plan }: { plan: UserPlan }) {
  const { t } = useTranslation();
  const message = useMessage();
  const save = useSetRenewal();
  const change = (value: string) => {
    save.mutate(
      { id: plan.id, atMaturity: value as AtMaturity },
      { onError: (error) => logger.warn('renewal choice failed', error) },
    );
  };
  return (
    <div className="mt-3 max-w-sm">
      <SelectField
        label={t('investing.renewal.label')}
        hint={t('investing.renewal.hint')}
        value={save.isPending && save.variables ? save.variables.atMaturity : plan.at_maturity}
        disabled={save.isPending}
        error={save.isError ? message(errorMessage(save.error, 'Network error')) : undefined}
        onChange={(event) => change(event.target.value)}
        data-testid={`renewal-choice-${plan.id}`}
      >
        {AT_MATURITY.map((choice) => (
          <option key={choice} value={choice}>
            {t(`investing.renewal.choices.${choice}`)}
          </option>
        ))}
      </SelectField>
      <p role="status" className="mt-1 text-xs text-muted">
        {save.isSuccess ? message(save.data.message) : ''}
      </p>
    </div>
  );
}
