import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/button';
import { cn } from '#lib/cn';
import { useShowBalance } from '#lib/preferences';
import { maskMoney, type ChatState } from './assistant-chat-state';
import { EntryView } from './assistant-entry';
import { ChosenStep, DateStep, IntervalStep, MenuStep, PlansStep } from './assistant-steps';
import type { useGoalFlow } from './use-goal-flow';

/** The conversation (a live log): the entries, the answer being streamed, and "thinking" while the flow waits. */
export function ConversationLog({
  logRef,
  entries,
  streaming,
  pending,
}: {
  logRef: RefObject<HTMLDivElement | null>;
  entries: ChatState['entries'];
  streaming: string | null;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [showBalance] = useShowBalance();
  return (
    <div
      ref={logRef}
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-busy={streaming !== null}
      aria-label={t('assistant.conversation')}
      tabIndex={0}
      className="max-h-96 space-y-3 overflow-y-auto px-4 py-4"
    >
      {entries.map((entry) => (
        <div key={entry.id} className={cn('flex', entry.from === 'member' ? 'justify-end' : 'justify-start')}>
          <div
            className={cn(
              'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed',
              entry.from === 'member' ? 'bg-brand text-brand-fg' : 'bg-surface-muted text-fg',
            )}
          >
            <span className="sr-only">
              {entry.from === 'member' ? t('assistant.you') : t('assistant.assistantName')}:{' '}
            </span>
            <EntryView entry={entry} />
          </div>
        </div>
      ))}
      {streaming !== null && (
        <div className="flex justify-start">
          <div className="max-w-[85%] whitespace-pre-line rounded-2xl bg-surface-muted px-3.5 py-2 text-sm text-fg">
            {streaming === '' ? t('assistant.thinking') : showBalance ? streaming : maskMoney(streaming)}
          </div>
        </div>
      )}
      {pending && <p className="text-sm text-muted">{t('assistant.thinking')}</p>}
    </div>
  );
}

/** The controls of the step the chat is at (the menu, or a step of saving for a goal) and Cancel. */
export function CurrentStep({
  state,
  flow,
  busy,
  errorId,
  invalid,
  onCheckBalance,
}: {
  state: ChatState;
  flow: ReturnType<typeof useGoalFlow>;
  busy: boolean;
  errorId: string;
  invalid: boolean;
  onCheckBalance: () => void;
}) {
  const { t } = useTranslation();
  const { preview, save } = flow;
  const chosen = state.plans.find((plan) => plan.plan_id === state.chosenId) ?? null;
  const best = state.plans.find((plan) => plan.plan_id === state.bestId) ?? null;
  return (
    <>
      {state.step === 0 && (
        <MenuStep busy={busy} onSaveGoal={flow.startGoal} onCheckBalance={onCheckBalance} />
      )}
      {state.step === 3 && <IntervalStep labels={flow.intervalLabels} onChoose={flow.chooseFrequency} />}
      {state.step === 4 && (
        <DateStep
          busy={busy}
          pending={preview.isPending}
          errorId={errorId}
          invalid={invalid}
          onDate={flow.submitDate}
          onNoDate={() => void flow.suggestPlans(null)}
        />
      )}
      {state.step === 5 && (
        <PlansStep
          plans={state.plans}
          best={best}
          busy={busy}
          saving={save.isPending}
          onConfirm={(plan) => void flow.confirm(plan)}
          onChoose={flow.choosePlan}
        />
      )}
      {state.step === 6 && chosen && (
        <ChosenStep
          busy={busy}
          saving={save.isPending}
          onConfirm={() => void flow.confirm(chosen)}
          onBack={flow.backToPlans}
        />
      )}
      {state.step >= 1 && state.step <= 6 && (
        <Button variant="link" size="sm" onClick={flow.cancel} disabled={busy}>
          {t('assistant.cancel')}
        </Button>
      )}
    </>
  );
}
