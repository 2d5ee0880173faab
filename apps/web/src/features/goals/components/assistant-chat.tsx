import '#lib/zod-config';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bot, Send } from 'lucide-react';
import {
  ASSISTANT_MESSAGES,
  ASSISTANT_QUESTION_MAX,
  type AssistantSource,
} from '@app/shared/schemas/assistant';
import { GOAL_FREQUENCIES, type GoalFrequency } from '@app/shared/goals';
import type { SuggestedPlan } from '@app/shared/schemas/goals';
import { Button } from '#components/ui/button';
import { ApiError, errorMessage } from '#lib/api-client';
import { cn } from '#lib/cn';
import { useLabels } from '#lib/labels';
import { useMoney } from '#lib/money';
import { useMe } from '#lib/session';
import { useMessage } from '../../../i18n/use-message';
import { askAssistant, usePreviewPlans, useSaveGoalFromChat, type GoalDraft } from '../api/assistant-api';

/**
 * The assistant of My Goals (spec §2, §4 AI chat goal flow, §8 AI messages; issue 14 item 7): the
 * menu, the six steps of saving for a goal, and free questions to /api/ai/ask answered with their
 * sources. The conversation is a log (a live region), every control is a labelled button or field,
 * and the history is kept for the browser session (sessionStorage, per member).
 */

type Step = 0 | 1 | 2 | 3 | 4 | 5 | 6;

type Entry =
  | { id: number; from: 'member'; text: string }
  | { id: number; from: 'assistant'; key: string; values?: Record<string, string> }
  | { id: number; from: 'assistant'; message: string }
  | { id: number; from: 'assistant'; answer: string; sources: AssistantSource[] }
  | { id: number; from: 'assistant'; plans: SuggestedPlan[]; bestId: number | null }
  | { id: number; from: 'assistant'; chosen: { name: string; unit: number; frequency: GoalFrequency } };

/** An entry before it has its id (Omit of each member of the union). */
type NewEntry = Entry extends infer E ? (E extends Entry ? Omit<E, 'id'> : never) : never;

interface ChatState {
  step: Step;
  entries: Entry[];
  draft: Partial<GoalDraft>;
  plans: SuggestedPlan[];
  bestId: number | null;
  chosenId: number | null;
}

const STORAGE_PREFIX = 'assistant-chat:';
const INITIAL: ChatState = {
  step: 0,
  entries: [{ id: 1, from: 'assistant', key: 'assistant.greeting' }],
  draft: {},
  plans: [],
  bestId: null,
  chosenId: null,
};

function loadState(key: string): ChatState {
  try {
    const stored = window.sessionStorage.getItem(key);
    if (stored) return { ...INITIAL, ...(JSON.parse(stored) as ChatState) };
  } catch {
    // Storage refused or garbled: start a new conversation.
  }
  return INITIAL;
}

function saveState(key: string, state: ChatState): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(state));
  } catch {
    // Storage refused: the conversation lives as long as the page.
  }
}

const todayIso = () => new Date().toISOString().slice(0, 10);

/** The typed interval of step 3, in English or as the button says it in the reader's language. */
function frequencyOf(text: string, labels: Record<GoalFrequency, string>): GoalFrequency | null {
  const typed = text.trim().toLowerCase();
  return (
    GOAL_FREQUENCIES.find((frequency) => typed === frequency || typed === labels[frequency].toLowerCase()) ??
    null
  );
}

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

export function AssistantChat() {
  const { t } = useTranslation();
  const rateLabels = useLabels();
  const message = useMessage();
  const money = useMoney();
  const me = useMe();
  const storageKey = `${STORAGE_PREFIX}${me.data?.id ?? 'member'}`;
  const [state, setState] = useState<ChatState>(() => loadState(storageKey));
  const [input, setInput] = useState('');
  const [date, setDate] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const preview = usePreviewPlans();
  const save = useSaveGoalFromChat();
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const nextId = useRef(Math.max(...state.entries.map((entry) => entry.id)) + 1);
  const inputId = useId();
  const errorId = useId();
  const dateId = useId();
  const headingId = useId();

  // The member's own history once the session is known (the key names the member); a conversation
  // begun before that stays on screen when the member has none stored yet.
  const [loadedKey, setLoadedKey] = useState(storageKey);
  if (loadedKey !== storageKey) {
    setLoadedKey(storageKey);
    const stored = loadState(storageKey);
    if (stored !== INITIAL) setState(stored);
  }
  useEffect(() => saveState(storageKey, state), [storageKey, state]);
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [state.entries.length, streaming]);

  const intervalLabels: Record<GoalFrequency, string> = {
    daily: t('assistant.intervals.daily'),
    weekly: t('assistant.intervals.weekly'),
    monthly: t('assistant.intervals.monthly'),
  };

  const add = useCallback((step: Step | null, ...entries: NewEntry[]) => {
    setState((current) => ({
      ...current,
      ...(step === null ? {} : { step }),
      entries: [...current.entries, ...entries.map((entry) => ({ ...entry, id: nextId.current++ }))],
    }));
  }, []);

  const focusInput = () => window.setTimeout(() => inputRef.current?.focus(), 0);

  /** A free question; `shown` is what the member's bubble says when it differs (a menu label). */
  async function ask(question: string, shown = question) {
    add(null, { from: 'member', text: shown });
    setAsking(true);
    setStreaming('');
    try {
      const answer = await askAssistant(question, (text) => setStreaming(text));
      if (!answer.answer || answer.answer.trim() === '') {
        add(null, { from: 'assistant', message: ASSISTANT_MESSAGES.emptyReply });
      } else {
        add(null, { from: 'assistant', answer: answer.answer, sources: answer.sources });
      }
    } catch (error) {
      // A refused question (400, 429) says why; anything else is the spec's message.
      const known = error instanceof ApiError && (error.status === 400 || error.status === 429);
      add(null, {
        from: 'assistant',
        message: known ? errorMessage(error, ASSISTANT_MESSAGES.askFailed) : ASSISTANT_MESSAGES.askFailed,
      });
    } finally {
      setStreaming(null);
      setAsking(false);
      focusInput();
    }
  }

  function startGoal() {
    add(
      1,
      { from: 'member', text: t('assistant.menuSaveGoal') },
      { from: 'assistant', key: 'assistant.askName' },
    );
    setState((current) => ({ ...current, draft: {}, plans: [], bestId: null, chosenId: null }));
    focusInput();
  }

  function cancel() {
    add(0, { from: 'member', text: t('assistant.cancel') }, { from: 'assistant', key: 'assistant.greeting' });
    setInputError(null);
    focusInput();
  }

  function chooseFrequency(frequency: GoalFrequency) {
    setState((current) => ({ ...current, draft: { ...current.draft, target_frequency: frequency } }));
    add(
      4,
      { from: 'member', text: intervalLabels[frequency] },
      { from: 'assistant', key: 'assistant.askDate' },
    );
  }

  async function suggestPlans(targetDate: string | null) {
    const draft: GoalDraft = {
      name: state.draft.name ?? '',
      target_amount: state.draft.target_amount ?? '',
      target_frequency: state.draft.target_frequency ?? 'daily',
      target_date: targetDate,
    };
    setState((current) => ({ ...current, draft }));
    add(null, { from: 'member', text: targetDate ?? t('assistant.noDate') });
    try {
      const result = await preview.mutateAsync(draft);
      if (result.recommended_plans.length === 0) {
        add(
          0,
          { from: 'assistant', message: result.message },
          { from: 'assistant', key: 'assistant.greeting' },
        );
        return;
      }
      setState((current) => ({
        ...current,
        plans: result.recommended_plans,
        bestId: result.best_plan?.plan_id ?? null,
      }));
      add(5, {
        from: 'assistant',
        plans: result.recommended_plans,
        bestId: result.best_plan?.plan_id ?? null,
      });
    } catch {
      add(null, { from: 'assistant', message: 'There was an error while suggesting plans.' });
    }
  }

  function choosePlan(plan: SuggestedPlan) {
    setState((current) => ({ ...current, chosenId: plan.plan_id }));
    add(
      6,
      { from: 'member', text: plan.name },
      {
        from: 'assistant',
        chosen: {
          name: plan.name,
          unit: plan.min_amount,
          frequency: state.draft.target_frequency ?? 'daily',
        },
      },
    );
  }

  function backToPlans() {
    add(
      5,
      { from: 'member', text: t('assistant.back') },
      { from: 'assistant', plans: state.plans, bestId: state.bestId },
    );
  }

  async function confirm(planId: number) {
    const draft = state.draft as GoalDraft;
    add(null, { from: 'member', text: t('assistant.confirm') });
    try {
      const saved = await save.mutateAsync({ ...draft, plan_id: planId });
      add(
        0,
        { from: 'assistant', message: saved.message || 'Goal saved.' },
        { from: 'assistant', key: 'assistant.greeting' },
      );
      setState((current) => ({ ...current, draft: {}, plans: [], bestId: null, chosenId: null }));
    } catch (error) {
      add(null, {
        from: 'assistant',
        message: errorMessage(error, 'There was an error while saving your goal.'),
      });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = input.trim();
    if (text === '' || asking) return;
    if (text.length >= ASSISTANT_QUESTION_MAX) {
      setInputError(message(ASSISTANT_MESSAGES.questionTooLong));
      return;
    }
    setInputError(null);
    switch (state.step) {
      case 1:
        if (text.length > 100) return setInputError(t('assistant.invalidName'));
        setState((current) => ({ ...current, draft: { ...current.draft, name: text } }));
        add(2, { from: 'member', text }, { from: 'assistant', key: 'assistant.askAmount' });
        break;
      case 2: {
        const amount = Number(text.replace(/[$,\s]/g, ''));
        if (
          !Number.isFinite(amount) ||
          amount < 1 ||
          !/^\d+(\.\d{1,2})?$/.test(text.replace(/[$,\s]/g, ''))
        ) {
          return setInputError(t('assistant.invalidAmount'));
        }
        setState((current) => ({ ...current, draft: { ...current.draft, target_amount: String(amount) } }));
        add(3, { from: 'member', text }, { from: 'assistant', key: 'assistant.askInterval' });
        break;
      }
      case 3: {
        const frequency = frequencyOf(text, intervalLabels);
        if (!frequency) return setInputError(t('assistant.invalidInterval'));
        chooseFrequency(frequency);
        break;
      }
      default:
        // The menu's other texts and every question go to the assistant (spec §4).
        void ask(text);
    }
    setInput('');
  }

  function submitDate() {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date <= todayIso()) {
      setInputError(t('assistant.invalidDate'));
      return;
    }
    setInputError(null);
    void suggestPlans(date);
  }

  const busy = asking || preview.isPending || save.isPending;
  const inFlow = state.step >= 1 && state.step <= 6;
  const chosen = state.plans.find((plan) => plan.plan_id === state.chosenId) ?? null;
  const best = state.plans.find((plan) => plan.plan_id === state.bestId) ?? null;

  function renderEntry(entry: Entry) {
    if (entry.from === 'member') return entry.text;
    if ('key' in entry) return t(entry.key, entry.values);
    if ('message' in entry) return message(entry.message);
    if ('answer' in entry) {
      return (
        <>
          <p className="whitespace-pre-line">{entry.answer}</p>
          <SourceLinks sources={entry.sources} />
        </>
      );
    }
    if ('chosen' in entry) {
      return t('assistant.chosen', {
        plan: entry.chosen.name,
        unit: money(entry.chosen.unit),
        interval: t(`assistant.intervals.${entry.chosen.frequency}`),
      });
    }
    return (
      <>
        <p>{t('assistant.plansIntro', { count: entry.plans.length })}</p>
        <ul className="mt-2 space-y-2">
          {entry.plans.map((plan) => (
            <li key={plan.plan_id} className="rounded-lg border border-line bg-surface p-3">
              <p className="font-medium">
                {plan.name} <span className="text-muted">({rateLabels.planYield(plan.apy_bps)})</span>
                {plan.plan_id === entry.bestId && (
                  <span className="ms-2 rounded-full bg-brand/10 px-2 py-0.5 text-xs text-brand-text">
                    {t('assistant.best')}
                  </span>
                )}
              </p>
              <p className="text-sm text-muted">
                {t('assistant.planLine', {
                  min: money(plan.min_amount),
                  max: money(plan.max_amount),
                  minUnits: plan.min_units,
                  maxUnits: plan.max_units,
                  minTotal: money(plan.min_total),
                  maxTotal: money(plan.max_total),
                })}
              </p>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface shadow-xs">
      <header className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
          <Bot className="size-5 text-brand-text" aria-hidden="true" />
          {t('assistant.title')}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setState(INITIAL);
            setInputError(null);
          }}
          disabled={busy}
        >
          {t('assistant.clear')}
        </Button>
      </header>

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
        {state.entries.map((entry) => (
          <div
            key={entry.id}
            className={cn('flex', entry.from === 'member' ? 'justify-end' : 'justify-start')}
          >
            <div
              className={cn(
                'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed',
                entry.from === 'member' ? 'bg-brand text-brand-fg' : 'bg-surface-muted text-fg',
              )}
            >
              <span className="sr-only">
                {entry.from === 'member' ? t('assistant.you') : t('assistant.assistantName')}:{' '}
              </span>
              {renderEntry(entry)}
            </div>
          </div>
        ))}
        {streaming !== null && (
          <div className="flex justify-start">
            <div className="max-w-[85%] whitespace-pre-line rounded-2xl bg-surface-muted px-3.5 py-2 text-sm text-fg">
              {streaming === '' ? t('assistant.thinking') : streaming}
            </div>
          </div>
        )}
        {(preview.isPending || save.isPending) && (
          <p className="text-sm text-muted">{t('assistant.thinking')}</p>
        )}
      </div>

      <div className="space-y-3 border-t border-line px-4 py-3">
        {state.step === 0 && (
          <div className="flex flex-wrap gap-2" role="group" aria-label={t('assistant.menu')}>
            <Button variant="secondary" size="sm" onClick={startGoal} disabled={busy}>
              {t('assistant.menuSaveGoal')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              // The assistant reads English: the menu sends the spec's words, the bubble shows the label.
              onClick={() => void ask('Check my balance', t('assistant.menuCheckBalance'))}
              disabled={busy}
            >
              {t('assistant.menuCheckBalance')}
            </Button>
          </div>
        )}
        {state.step === 3 && (
          <div className="flex flex-wrap gap-2" role="group" aria-label={t('assistant.askInterval')}>
            {GOAL_FREQUENCIES.map((frequency) => (
              <Button
                key={frequency}
                variant="secondary"
                size="sm"
                onClick={() => chooseFrequency(frequency)}
              >
                {intervalLabels[frequency]}
              </Button>
            ))}
          </div>
        )}
        {state.step === 4 && (
          <div className="flex flex-wrap items-end gap-2">
            <div className="space-y-1">
              <label htmlFor={dateId} className="block text-sm font-medium">
                {t('assistant.dateLabel')}
              </label>
              <input
                id={dateId}
                type="date"
                min={todayIso()}
                value={date}
                onChange={(event) => setDate(event.target.value)}
                aria-invalid={inputError ? true : undefined}
                aria-describedby={inputError ? errorId : undefined}
                className="h-9 rounded-lg border border-line-strong bg-surface px-3 text-sm text-fg"
              />
            </div>
            <Button size="sm" onClick={submitDate} loading={preview.isPending}>
              {t('assistant.useDate')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => void suggestPlans(null)} disabled={busy}>
              {t('assistant.skipDate')}
            </Button>
          </div>
        )}
        {state.step === 5 && (
          <div className="flex flex-wrap gap-2" role="group" aria-label={t('assistant.choosePlans')}>
            {best && (
              <Button size="sm" onClick={() => void confirm(best.plan_id)} loading={save.isPending}>
                {t('assistant.confirmBest', { plan: best.name })}
              </Button>
            )}
            {state.plans.map((plan) => (
              <Button
                key={plan.plan_id}
                variant="secondary"
                size="sm"
                onClick={() => choosePlan(plan)}
                disabled={busy}
              >
                {t('assistant.choose', { plan: plan.name })}
              </Button>
            ))}
          </div>
        )}
        {state.step === 6 && chosen && (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void confirm(chosen.plan_id)} loading={save.isPending}>
              {t('assistant.confirm')}
            </Button>
            <Button variant="secondary" size="sm" onClick={backToPlans} disabled={busy}>
              {t('assistant.back')}
            </Button>
          </div>
        )}
        {inFlow && (
          <Button variant="link" size="sm" onClick={cancel} disabled={busy}>
            {t('assistant.cancel')}
          </Button>
        )}

        <form onSubmit={submit} className="flex items-start gap-2">
          <div className="flex-1">
            <label htmlFor={inputId} className="sr-only">
              {t('assistant.inputLabel')}
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="text"
              inputMode={state.step === 2 ? 'decimal' : 'text'}
              autoComplete="off"
              value={input}
              maxLength={ASSISTANT_QUESTION_MAX}
              onChange={(event) => setInput(event.target.value)}
              placeholder={
                state.step === 1
                  ? t('assistant.namePlaceholder')
                  : state.step === 2
                    ? t('assistant.amountPlaceholder')
                    : t('assistant.inputPlaceholder')
              }
              aria-invalid={inputError ? true : undefined}
              aria-describedby={inputError ? errorId : undefined}
              className="h-10 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm text-fg placeholder:text-muted focus:border-brand focus:outline-none focus:ring-3 focus:ring-brand/15"
            />
          </div>
          <Button type="submit" size="sm" className="h-10" loading={asking} aria-label={t('assistant.send')}>
            <Send className="size-4" aria-hidden="true" />
          </Button>
        </form>
        {inputError && (
          <p id={errorId} role="alert" className="text-sm text-danger">
            {inputError}
          </p>
        )}
      </div>
    </section>
  );
}
