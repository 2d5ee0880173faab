import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerPart, AssistantSource } from '@app/shared/schemas/assistant';
import type { GoalFrequency } from '@app/shared/goals';
import type { NumberMarks } from '@app/shared/money';
import {
  goalDateProblem,
  readGoalAmount,
  type GoalAmountProblem,
  type GoalDateProblem,
} from '@app/shared/goal-planning';
import type { SuggestedPlan } from '@app/shared/schemas/goals';
import type { GoalDraft } from '../api/assistant-api';
import { NUMBER_LOCALES } from '@app/shared/number-locales';
import { dateTimeFormat } from '@app/shared/intl-formats';

/**
 * The assistant chat's conversation (steps of spec §4 AI chat goal flow), kept for the browser
 * session per member, and the readers of what the member types at each step (decision 161).
 */

export type Step = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export type Entry =
  | { id: number; from: 'member'; text: string }
  | { id: number; from: 'member'; date: string }
  | { id: number; from: 'assistant'; key: string; values?: Record<string, string> }
  | { id: number; from: 'assistant'; message: string }
  | { id: number; from: 'assistant'; answer: string; sources: AssistantSource[]; parts?: AnswerPart[] }
  | {
      id: number;
      from: 'assistant';
      plans: SuggestedPlan[];
      bestId: number | null;
      frequency?: GoalFrequency;
      date?: string | null;
      /** The target as the member gave it (dollars); absent in a chat kept from before it was shown. */
      goalTarget?: string;
    }
  | {
      id: number;
      from: 'assistant';
      /** A goal saved from the chat: what was invested and when the next contribution is due. */
      saved: { amount: number; plan: string; next: string | null };
    }
  | {
      id: number;
      from: 'assistant';
      /** The target amount as read at step 2 (dollars), said back as money. */
      target: number;
    }
  | {
      id: number;
      from: 'assistant';
      chosen: { name: string; unit: number; units?: number; frequency: GoalFrequency };
    };

/** An entry before it has its id (Omit of each member of the union). */
export type NewEntry = Entry extends infer E ? (E extends Entry ? Omit<E, 'id'> : never) : never;

export interface ChatState {
  step: Step;
  entries: Entry[];
  draft: Partial<GoalDraft>;
  plans: SuggestedPlan[];
  bestId: number | null;
  chosenId: number | null;
}

export const STORAGE_PREFIX = 'assistant-chat:';
export const INITIAL: ChatState = {
  step: 0,
  entries: [{ id: 1, from: 'assistant', key: 'assistant.greeting' }],
  draft: {},
  plans: [],
  bestId: null,
  chosenId: null,
};

export function loadState(key: string): ChatState {
  try {
    const stored = window.sessionStorage.getItem(key);
    if (stored) return { ...INITIAL, ...(JSON.parse(stored) as ChatState) };
  } catch {
    // Storage refused or garbled: start a new conversation.
  }
  return INITIAL;
}

export function saveState(key: string, state: ChatState): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(state));
  } catch {
    // Storage refused: the conversation lives as long as the page.
  }
}

/** Today in the member's browser, YYYY-MM-DD (the date field's days are the browser's). */
export const todayIso = () => {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** The prompt (an i18n key) answering each problem of a typed amount. */
export const AMOUNT_PROMPTS: Record<GoalAmountProblem, string> = {
  not_a_number: 'assistant.prompts.amountNotNumber',
  not_positive: 'assistant.prompts.amountNotPositive',
  too_small: 'assistant.prompts.amountTooSmall',
  too_many_decimals: 'assistant.prompts.amountDecimals',
  too_large: 'assistant.prompts.amountTooLarge',
};

/** The prompt (an i18n key) answering each problem of a target date. */
export const DATE_PROMPTS: Record<GoalDateProblem, string> = {
  malformed: 'assistant.prompts.dateMalformed',
  not_future: 'assistant.prompts.dateNotFuture',
  too_far: 'assistant.prompts.dateTooFar',
};

/**
 * The amount typed at step 2 with the marks of the reader's language ("1.500,50" in Spanish): dollars
 * as the API takes them and as a number, or the prompt's key.
 */
export function readAmount(
  text: string,
  marks: NumberMarks,
): { ok: true; amount: string; major: number } | { ok: false; prompt: string } {
  const read = readGoalAmount(text, marks);
  return read.ok
    ? { ok: true, amount: String(read.cents / 100), major: read.cents / 100 }
    : { ok: false, prompt: AMOUNT_PROMPTS[read.problem] };
}

/** The prompt's key for a target date that cannot be used, null when it can. */
export function datePrompt(date: string, today = todayIso()): string | null {
  const problem = goalDateProblem(date.trim(), today);
  return problem ? DATE_PROMPTS[problem] : null;
}

/** A YYYY-MM-DD day in the reader's language ("30 September 2027", "30 de septiembre de 2027"). */
export function useDayFormat(): (isoDay: string) => string {
  const { i18n } = useTranslation();
  const locale = NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'] ?? 'en-US';
  return useCallback(
    (isoDay: string) => {
      const date = new Date(`${isoDay}T00:00:00Z`);
      if (Number.isNaN(date.getTime())) return isoDay;
      return dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
    },
    [locale],
  );
}

/** Money as the assistant's tools write it ("$1,234.50"): masked in streamed text under Hide balance. */
const STREAMED_MONEY = /-?\$\d{1,3}(?:,\d{3})*(?:\.\d{2})?/g;
export const maskMoney = (text: string) => text.replace(STREAMED_MONEY, '******');
