import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { GOAL_FREQUENCIES, type GoalFrequency } from '@app/shared/goals';
import type { NumberMarks } from '@app/shared/money';
import type { SuggestedPlan } from '@app/shared/schemas/goals';
import { useAmountInput } from '#lib/amount-input';
import { ApiError, errorMessage } from '#lib/api-client';
import { usePreviewPlans, useSaveGoalFromChat, type GoalDraft } from '../api/assistant-api';
import { datePrompt, readAmount, type ChatState, type NewEntry, type Step } from './assistant-chat-state';

/**
 * The goal steps of the assistant chat (spec §4 AI chat goal flow, steps 1 to 6; decision 161): what
 * each step does with what the member typed or chose. Bad input is answered in the conversation.
 */

/** The typed interval of step 3, in English or as the button says it in the reader's language. */
function frequencyOf(text: string, labels: Record<GoalFrequency, string>): GoalFrequency | null {
  const typed = text.trim().toLowerCase();
  return (
    GOAL_FREQUENCIES.find((frequency) => typed === frequency || typed === labels[frequency].toLowerCase()) ??
    null
  );
}

export interface GoalFlowDeps {
  state: ChatState;
  setState: (update: (current: ChatState) => ChatState) => void;
  add: (step: Step | null, ...entries: NewEntry[]) => void;
  setInputError: (error: string | null) => void;
  focusInput: () => void;
}

type Refuse = (member: NewEntry, prompt: string, values?: Record<string, string>) => void;

/** Step 4 and its answer: the date (or none) is taken, and the plans that reach the goal are suggested. */
function useDateStep({ state, setState, add, setInputError }: GoalFlowDeps, t: TFunction, refuse: Refuse) {
  const preview = usePreviewPlans();

  async function suggestPlans(targetDate: string | null) {
    const draft: GoalDraft = {
      name: state.draft.name ?? '',
      target_amount: state.draft.target_amount ?? '',
      target_frequency: state.draft.target_frequency ?? 'daily',
      target_date: targetDate,
    };
    setState((current) => ({ ...current, draft }));
    add(
      null,
      targetDate ? { from: 'member', date: targetDate } : { from: 'member', text: t('assistant.noDate') },
    );
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
      const bestId = result.best_plan?.plan_id ?? null;
      setState((current) => ({ ...current, plans: result.recommended_plans, bestId }));
      add(5, {
        from: 'assistant',
        plans: result.recommended_plans,
        bestId,
        frequency: draft.target_frequency,
        date: targetDate,
        goalTarget: draft.target_amount,
      });
    } catch (error) {
      // A refused amount or date (400) says why; anything else is the chat's error text.
      add(null, {
        from: 'assistant',
        message:
          error instanceof ApiError && error.status === 400
            ? errorMessage(error, 'There was an error while suggesting plans.')
            : 'There was an error while suggesting plans.',
      });
    }
  }

  /** Step 4's date, from the date field or typed as YYYY-MM-DD; whether it was taken. */
  function submitDate(date: string): boolean {
    const prompt = datePrompt(date);
    if (prompt) {
      refuse({ from: 'member', text: date.trim() === '' ? t('assistant.noDateChosen') : date }, prompt);
      return false;
    }
    setInputError(null);
    void suggestPlans(date.trim());
    return true;
  }

  return { preview, suggestPlans, submitDate };
}

/** Steps 5 and 6: a suggested plan is chosen (or the member goes back to the list) and the goal is saved. */
function usePlanSteps({ state, setState, add }: GoalFlowDeps, t: TFunction) {
  const save = useSaveGoalFromChat();

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
          units: plan.min_units,
          frequency: state.draft.target_frequency ?? 'daily',
        },
      },
    );
  }

  function backToPlans() {
    add(
      5,
      { from: 'member', text: t('assistant.back') },
      {
        from: 'assistant',
        plans: state.plans,
        bestId: state.bestId,
        frequency: state.draft.target_frequency ?? 'daily',
        date: state.draft.target_date ?? null,
        ...(state.draft.target_amount ? { goalTarget: state.draft.target_amount } : {}),
      },
    );
  }

  async function confirm(plan: SuggestedPlan) {
    const draft = state.draft as GoalDraft;
    add(null, { from: 'member', text: t('assistant.confirm') });
    try {
      const saved = await save.mutateAsync({ ...draft, plan_id: plan.plan_id, units: plan.min_units });
      // Said in the member's language from the saved goal (the API's message is English, its date ISO).
      const goal = saved.goal as Partial<typeof saved.goal> | undefined;
      const said: NewEntry =
        goal?.plan_name !== undefined && goal.unit_amount !== undefined
          ? {
              from: 'assistant',
              saved: {
                amount: goal.unit_amount,
                plan: goal.plan_name,
                next: goal.next_contribution_date ?? null,
              },
            }
          : { from: 'assistant', message: saved.message || 'Goal saved.' };
      add(0, said, { from: 'assistant', key: 'assistant.greeting' });
      setState((current) => ({ ...current, draft: {}, plans: [], bestId: null, chosenId: null }));
    } catch (error) {
      add(null, {
        from: 'assistant',
        message: errorMessage(error, 'There was an error while saving your goal.'),
      });
    }
  }

  return { save, choosePlan, backToPlans, confirm };
}

interface TypedStepTools extends Pick<GoalFlowDeps, 'state' | 'setState' | 'add'> {
  refuse: Refuse;
  /** The reader's decimal and grouping marks, for the amount of step 2. */
  marks: NumberMarks;
  intervalLabels: Record<GoalFrequency, string>;
  chooseFrequency: (frequency: GoalFrequency) => void;
  submitDate: (date: string) => boolean;
}

/** What the member typed at a goal step: whether it was taken (null: not a goal step). */
function submitTypedStep(text: string, tools: TypedStepTools): boolean | null {
  const { state, setState, add, refuse } = tools;
  switch (state.step) {
    case 1:
      if (text.length > 100) {
        refuse({ from: 'member', text }, 'assistant.invalidName');
        return false;
      }
      setState((current) => ({ ...current, draft: { ...current.draft, name: text } }));
      add(2, { from: 'member', text }, { from: 'assistant', key: 'assistant.askAmount' });
      return true;
    case 2: {
      const read = readAmount(text, tools.marks);
      if (!read.ok) {
        refuse({ from: 'member', text }, read.prompt);
        return false;
      }
      setState((current) => ({ ...current, draft: { ...current.draft, target_amount: read.amount } }));
      add(
        3,
        { from: 'member', text },
        { from: 'assistant', target: read.major },
        { from: 'assistant', key: 'assistant.askInterval' },
      );
      return true;
    }
    case 3: {
      const frequency = frequencyOf(text, tools.intervalLabels);
      if (!frequency) {
        refuse({ from: 'member', text }, 'assistant.invalidInterval');
        return false;
      }
      tools.chooseFrequency(frequency);
      return true;
    }
    case 4:
      return tools.submitDate(text);
    default:
      // Not a goal step: the menu's other texts and every question go to the assistant (spec §4).
      return null;
  }
}

export function useGoalFlow(deps: GoalFlowDeps) {
  const { state, setState, add, setInputError, focusInput } = deps;
  const { t } = useTranslation();
  const { marks } = useAmountInput();

  /** What the member typed or chose was refused: the conversation says why, and so does the field. */
  function refuse(member: NewEntry, prompt: string, values?: Record<string, string>) {
    add(null, member, { from: 'assistant', key: prompt, ...(values ? { values } : {}) });
    setInputError(t(prompt, values));
  }

  const { preview, suggestPlans, submitDate } = useDateStep(deps, t, refuse);
  const { save, choosePlan, backToPlans, confirm } = usePlanSteps(deps, t);
  const intervalLabels: Record<GoalFrequency, string> = {
    daily: t('assistant.intervals.daily'),
    weekly: t('assistant.intervals.weekly'),
    monthly: t('assistant.intervals.monthly'),
  };

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

  const submitStep = (text: string) =>
    submitTypedStep(text, {
      state,
      setState,
      add,
      refuse,
      marks,
      intervalLabels,
      chooseFrequency,
      submitDate,
    });

  return {
    preview,
    save,
    intervalLabels,
    startGoal,
    cancel,
    chooseFrequency,
    suggestPlans,
    choosePlan,
    backToPlans,
    confirm,
    submitDate,
    submitStep,
  };
}
