/**
 * The assistant's messages and limits (spec §4 AI chat, §7 `POST /api/ai/ask`, §8 AI messages), the
 * spec's wording where it gives one, ours otherwise. Kept apart from the request schemas
 * (`schemas/assistant.ts`) so the chat screen shows them without loading zod.
 */
export const ASSISTANT_MESSAGES = {
  askFailed: 'Sorry, something went wrong.',
  emptyReply: 'I didn’t get a valid response.',
  questionRequired: 'Please type a question.',
  questionTooLong: 'Your question is too long: please keep it under 2,000 characters.',
  notFinancialAdvice: 'This is not financial advice.',
  languageInvalid: 'The language must be one of en, es or ar.',
} as const;

/** A question of this many characters or more is refused (400). */
export const ASSISTANT_QUESTION_MAX = 2000;
/** Questions a member may ask per minute by default (AI_QUESTIONS_PER_MINUTE; across nodes with Redis). */
export const ASSISTANT_QUESTIONS_PER_MINUTE = 10;
