import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Goal } from '@app/shared/schemas/goals';
import { Button } from '#components/ui/button';

// Loaded when first opened (decision 170): the form checks the amount with the shared schema (zod).
const ContributionDialog = lazy(async () => ({
  default: (await import('./contribution-form')).ContributionDialog,
}));

/**
 * "Change contribution" on a goal card (decision 191): the amount each coming period invests, filled
 * with the projection's suggestion when the goal is behind, so following it is one click.
 */
export function ContributionButton({ goal }: { goal: Goal }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={t('goals.contribution.openLabel', { name: goal.name })}
      >
        {t('goals.contribution.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ContributionDialog goal={goal} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
