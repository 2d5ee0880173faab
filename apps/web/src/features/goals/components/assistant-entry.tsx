import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnswerPart, AssistantSource } from '@app/shared/schemas/assistant';
import type { GoalFrequency } from '@app/shared/goals';
import { contributionsToReach } from '@app/shared/goal-planning';
import { parseAmountToCents } from '@app/shared/money';
import type { SuggestedPlan } from '@app/shared/schemas/goals';
import { PrivateAmount } from '#components/private-amount';
import { useLabels } from '#lib/labels';
import { useMoney, useNumberLocale } from '#lib/money';
import { useMessage } from '../../../i18n/use-message';
import { useDayFormat, type Entry } from './assistant-chat-state';

/** One bubble of the assistant chat: what the member said or what the assistant answered. */

function SourceLinks({ sources }: { sources: AssistantSource[] }) {
  const { t } = useTranslation();
  if (sources.length === 0) return null;
  return (
    <div className="mt-2 text-xs">
      <span className="text-muted">{t('assistant.sources')}: </span>
      <ul className="inline">
        {sources.map((source, index) => (
          <li key={`${source.url}-${source.title}`} className="inline">
            {index > 0 && ', '}
            <Link to={source.url} className="text-brand-text underline underline-offset-2">
              {source.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An answer's text; the member's money figures (marked by the API) hide under Hide balance. */
function AnswerText({ answer, parts }: { answer: string; parts?: AnswerPart[] | undefined }) {
  if (!parts || parts.length === 0) return <p className="whitespace-pre-line">{answer}</p>;
  return (
    <p className="whitespace-pre-line">
      {parts.map((part, index) =>
        part.amount === undefined ? (
          <span key={index}>{part.text}</span>
        ) : (
          <PrivateAmount key={index} value={part.amount} />
        ),
      )}
    </p>
  );
}

/** The suggested plans: per contribution, how many contributions reach the target, and the plan's yearly rate. */
function PlanList({
  plans,
  bestId,
  frequency,
  date,
  target,
}: {
  plans: SuggestedPlan[];
  bestId: number | null;
  frequency: GoalFrequency | undefined;
  date: string | null | undefined;
  target: string | undefined;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const day = useDayFormat();
  const labels = useLabels();
  const numbers = useNumberLocale();
  const targetCents = target === undefined ? null : parseAmountToCents(target);
  /**
   * At which contribution the goal reaches its target, with the most units each and with the fewest:
   * the goal stops investing then (decision 161, amended), so what it puts in is about the target.
   */
  const reachText = (plan: SuggestedPlan) => {
    if (!targetCents?.ok) return null;
    const unit = Math.round(plan.min_amount * 100);
    const fewest = contributionsToReach(targetCents.cents, unit, plan.max_units);
    const most = contributionsToReach(targetCents.cents, unit, plan.min_units);
    const text = t(fewest === most ? 'assistant.planReachOne' : 'assistant.planReach', {
      fewest: fewest.toLocaleString(numbers),
      most: most.toLocaleString(numbers),
      target: money(targetCents.cents / 100),
    });
    return ` ${text}`;
  };
  return (
    <>
      <p>
        {t('assistant.plansIntro', { count: plans.length, number: plans.length.toLocaleString(numbers) })}
      </p>
      <ul className="mt-2 space-y-2">
        {plans.map((plan) => (
          <li key={plan.plan_id} className="rounded-lg border border-line bg-surface p-3">
            <p className="font-medium">
              {plan.name} <span className="text-muted">({labels.planYield(plan.apy_bps)})</span>
              {plan.plan_id === bestId && (
                <span className="ms-2 rounded-full bg-brand/10 px-2 py-0.5 text-xs text-brand-text">
                  {t('assistant.best')}
                </span>
              )}
            </p>
            <p className="text-sm text-muted">
              {t(`assistant.planEach.${frequency ?? 'daily'}`, {
                minUnits: plan.min_units,
                maxUnits: plan.max_units,
                unit: money(plan.min_amount),
                minEach: money(plan.min_units * plan.min_amount),
                maxEach: money(plan.max_units * plan.min_amount),
              })}
            </p>
            {plan.contributions !== undefined && (
              <p className="text-sm text-muted">
                {t(date ? 'assistant.planContributions' : 'assistant.planContributionsYear', {
                  ...(date ? { date: day(date) } : {}),
                  contributions: plan.contributions,
                })}
                {reachText(plan)}
              </p>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

export function EntryView({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const message = useMessage();
  const money = useMoney();
  const day = useDayFormat();
  if (entry.from === 'member') return 'date' in entry ? day(entry.date) : entry.text;
  if ('key' in entry) return t(entry.key, entry.values);
  if ('message' in entry) return message(entry.message);
  if ('answer' in entry) {
    return (
      <>
        <AnswerText answer={entry.answer} parts={entry.parts} />
        <SourceLinks sources={entry.sources} />
      </>
    );
  }
  if ('saved' in entry) {
    const values = { amount: money(entry.saved.amount), plan: entry.saved.plan };
    return entry.saved.next
      ? t('assistant.saved', { ...values, date: day(entry.saved.next) })
      : t('assistant.savedReached', values);
  }
  if ('target' in entry) return t('assistant.targetRead', { amount: money(entry.target) });
  if ('chosen' in entry) {
    const units = entry.chosen.units ?? 1;
    return t('assistant.chosen', {
      plan: entry.chosen.name,
      amount: money(entry.chosen.unit * units),
      units,
      unit: money(entry.chosen.unit),
      interval: t(`assistant.intervals.${entry.chosen.frequency}`),
    });
  }
  return (
    <PlanList
      plans={entry.plans}
      bestId={entry.bestId}
      frequency={entry.frequency}
      date={entry.date}
      target={entry.goalTarget}
    />
  );
}
