import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { TOAST_AUTO_CLOSE_LOANS_GOALS_MS } from '@app/shared/constants';
import { loanEstimate, loanLimitProblem, type LoanEstimate } from '@app/shared/loans';
import { centsToMajor, parseAmountToCents } from '@app/shared/money';
import '#lib/zod-config';
import type { LoanPlan } from '@app/shared/schemas/loans';
import { Button } from '#components/ui/button';
import { Dialog } from '#components/ui/dialog';
import { TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { useAmountInput } from '#lib/amount-input';
import { errorMessage } from '#lib/api-client';
import { useMoney } from '#lib/money';
import { useApplyForLoan } from '../api/loans-api';
import { useLoanRate, usePeriods } from './loan-format';

const toastOptions = { autoClose: TOAST_AUTO_CLOSE_LOANS_GOALS_MS };

type Checked =
  | { ok: true; amount: string; cents: number; term: number }
  | { ok: false; field: 'plan' | 'amount' | 'term'; error: string };

/**
 * The spec's checks (§5), the same for Calculate and Apply Now: a plan, an amount (as the member
 * writes numbers, "1.500,50" in Spanish: decision 233) between the plan's minimum and maximum inclusive, a whole term (read the same way) of at least 1 and at most the plan's longest term (the
 * API's own rule, loanLimitProblem), said with its unit ("The term can be at most 90 days.").
 */
function useCheck() {
  const { t } = useTranslation();
  const message = useMessage();
  const periods = usePeriods();
  const { read } = useAmountInput();
  return (plan: LoanPlan | null, amount: string, term: string): Checked => {
    if (!plan) return { ok: false, field: 'plan', error: message('Please select a loan plan first.') };
    const plain = read(amount) ?? '';
    const parsed = parseAmountToCents(plain);
    // The spec's words (§5): the limits as plain numbers, 'between 100 and 10000'.
    const outOfRange = t('loans.apply.outOfRange', { min: plan.min_amount, max: plan.max_amount });
    if (!parsed.ok) return { ok: false, field: 'amount', error: outOfRange };
    // The term as the member writes numbers too ("١٢" in Arabic digits); a whole number of periods.
    const text = read(term) ?? '';
    const whole = /^\d{1,6}$/.test(text) && Number(text) >= 1;
    const limits = {
      minCents: Math.round(plan.min_amount * 100),
      maxCents: Math.round(plan.max_amount * 100),
      duration: plan.duration,
    };
    // The amount first, as the API checks it; a term that is not a whole number is checked after.
    const problem = loanLimitProblem(limits, parsed.cents, whole ? Number(text) : 1);
    if (problem?.field === 'amount_requested') return { ok: false, field: 'amount', error: outOfRange };
    if (!whole) return { ok: false, field: 'term', error: message('Please enter a valid term.') };
    if (problem?.field === 'term') {
      const most = periods(problem.maxTerm, plan.profit_interval);
      return { ok: false, field: 'term', error: t('loans.apply.termTooLong', { periods: most }) };
    }
    return { ok: true, amount: plain, cents: parsed.cents, term: Number(text) };
  };
}

/** The estimate of spec §5 with the shared function (the schedule's own), or null without a rate. */
export function estimateFor(plan: LoanPlan, cents: number, term: number): LoanEstimate | null {
  if (plan.profit_rate === null || plan.profit_interval === null) return null;
  return loanEstimate(cents, term, {
    rateBps: Math.round(plan.profit_rate * 100),
    interval: plan.profit_interval,
  });
}

interface ApplyLoanDialogProps {
  plan: LoanPlan | null;
  onOpenChange: (open: boolean) => void;
}

/** What the member typed, Calculate's estimate and Apply Now's request; closing clears them all. */
function useLoanForm(plan: LoanPlan | null, onOpenChange: (open: boolean) => void) {
  const message = useMessage();
  const check = useCheck();
  const apply = useApplyForLoan();
  const [amount, setAmount] = useState('');
  const [term, setTerm] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; term?: string }>({});
  const [estimate, setEstimate] = useState<LoanEstimate | null | undefined>(undefined);

  const close = (open: boolean) => {
    if (!open) {
      setAmount('');
      setTerm('');
      setErrors({});
      setEstimate(undefined);
      apply.reset();
    }
    onOpenChange(open);
  };

  const calculate = () => {
    const checked = check(plan, amount, term);
    if (!checked.ok) {
      setErrors(checked.field === 'plan' ? {} : { [checked.field]: checked.error });
      setEstimate(undefined);
      return;
    }
    setErrors({});
    setEstimate(plan ? estimateFor(plan, checked.cents, checked.term) : null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = check(plan, amount, term);
    if (!checked.ok || !plan) {
      toast.error(checked.ok ? message('Please select a loan plan first.') : checked.error, toastOptions);
      return;
    }
    apply.mutate(
      { plan_id: plan.id, amount_requested: checked.amount, term: checked.term },
      {
        onSuccess: () => {
          toast.success(message('Loan application submitted successfully!'), toastOptions);
          close(false);
        },
        onError: (failure) => toast.error(message(errorMessage(failure, 'API Error')), toastOptions),
      },
    );
  };

  return { apply, amount, setAmount, term, setTerm, errors, estimate, close, calculate, onSubmit };
}

/** Calculate's answer, read out when it changes: the estimate, or that the plan gives none. */
function EstimateNote({ estimate }: { estimate: LoanEstimate | null | undefined }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div aria-live="polite" className="min-h-6 text-sm">
      {estimate === null && <p className="text-muted">{t('loans.apply.noEstimate')}</p>}
      {estimate && (
        <div className="rounded-xl bg-brand-soft px-4 py-3 text-brand-text">
          <p className="font-medium">
            {t(`loans.apply.perPeriod.${estimate.interval}`, {
              amount: money(centsToMajor(estimate.perPeriod)),
            })}
          </p>
          {estimate.last !== estimate.perPeriod && (
            <p>{t('loans.apply.last', { amount: money(centsToMajor(estimate.last)) })}</p>
          )}
          <p>
            {t('loans.apply.totals', {
              interest: money(centsToMajor(estimate.profit)),
              total: money(centsToMajor(estimate.total)),
            })}
          </p>
        </div>
      )}
    </div>
  );
}

/**
 * 'Apply for {plan name}' (spec §2, §5, §8): Loan Amount, Term in the plan's interval, Calculate with
 * the estimate inline, Apply Now with errors as toasts; 'Loan application submitted successfully!'.
 */
export function ApplyLoanDialog({ plan, onOpenChange }: ApplyLoanDialogProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const periods = usePeriods();
  const loanRate = useLoanRate();
  const form = useLoanForm(plan, onOpenChange);
  const { apply, amount, setAmount, term, setTerm, errors, close, calculate, onSubmit } = form;
  const interval = plan?.profit_interval ?? null;

  return (
    <Dialog
      open={plan !== null}
      onOpenChange={close}
      title={plan ? t('loans.apply.title', { name: plan.name }) : ''}
      description={
        plan
          ? t('loans.apply.lead', {
              rate: loanRate(plan.profit_rate, plan.profit_interval),
              min: money(plan.min_amount),
              max: money(plan.max_amount),
            })
          : undefined
      }
    >
      {plan && (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <TextField
            label={t('loans.apply.amount')}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={errors.amount}
          />
          <TextField
            label={t(`loans.apply.term.${interval ?? 'monthly'}`)}
            inputMode="numeric"
            autoComplete="off"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            hint={
              plan.duration
                ? t('loans.apply.maxTerm', { periods: periods(plan.duration, interval) })
                : undefined
            }
            error={errors.term}
          />
          <EstimateNote estimate={form.estimate} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={calculate}>
              {t('loans.apply.calculate')}
            </Button>
            <Button type="submit" disabled={apply.isPending}>
              {apply.isPending ? t('loans.apply.submitting') : t('loans.apply.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
