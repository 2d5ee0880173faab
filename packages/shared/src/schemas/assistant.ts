import { z } from 'zod';
import { ASSISTANT_MESSAGES, ASSISTANT_QUESTION_MAX } from '../assistant';
import { OFFERED_LANGUAGES } from './admin-content';

/**
 * The assistant of My Goals: its request and answer (spec §7 `POST /api/ai/ask`; DESIGN §6). Its
 * messages and limits are in `../assistant.ts`.
 */

export const AskRequest = z.object({
  question: z
    .string({ error: ASSISTANT_MESSAGES.questionRequired })
    .max(ASSISTANT_QUESTION_MAX - 1, ASSISTANT_MESSAGES.questionTooLong)
    .trim()
    .min(1, ASSISTANT_MESSAGES.questionRequired),
  /** The member's UI language: the built-in assistant answers in it and reads questions in it. */
  language: z.enum(OFFERED_LANGUAGES, { error: ASSISTANT_MESSAGES.languageInvalid }).default('en'),
});
export type AskRequest = z.infer<typeof AskRequest>;
export type AssistantLanguage = (typeof OFFERED_LANGUAGES)[number];

/** What an answer was built from: a page of the member area or a help center article or FAQ. */
export const AssistantSource = z.object({ title: z.string(), url: z.string() });
export type AssistantSource = z.infer<typeof AssistantSource>;

export const ASSISTANT_INTENTS = [
  'balance',
  'earnings',
  'deposits',
  'withdrawals',
  'plans',
  'goals',
  'loans',
  'loyalty_points',
  'catalogue',
  'advice',
  'action',
  'greeting',
  'help',
  'unknown',
  'model',
] as const;
export type AssistantIntent = (typeof ASSISTANT_INTENTS)[number];

/**
 * A piece of an answer's text; `amount` (dollars) marks one of the member's own money figures, which
 * the chat hides under Hide balance (decision 161). The parts' texts joined are the answer.
 */
export const AnswerPart = z.object({ text: z.string(), amount: z.number().optional() });
export type AnswerPart = z.infer<typeof AnswerPart>;

/** The answer of `POST /api/ai/ask` (the spec allows string or object: always this object). */
export const AskResponse = z.object({
  answer: z.string(),
  sources: z.array(AssistantSource),
  intent: z.enum(ASSISTANT_INTENTS),
  /** The answer split at the member's money figures (absent when it has none). */
  parts: z.array(AnswerPart).optional(),
});
export type AskResponse = z.infer<typeof AskResponse>;

/**
 * Server-sent events of `POST /api/ai/ask` with `Accept: text/event-stream` when an external model
 * streams: `delta` events carry text whose figures were already checked; `done` carries the whole
 * answer as JSON, which replaces the streamed text (it is the built-in answer when the model failed).
 */
export const AskStreamDelta = z.object({ text: z.string() });
export type AskStreamDelta = z.infer<typeof AskStreamDelta>;
