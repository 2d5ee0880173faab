/**
 * The input rule of every request (decision 153): what no text the API is sent may hold, whatever
 * field it arrives in. The API applies it to a request's body, query string and path before the
 * route's own schema (apps/api/src/plugins/input-rule.ts), so a new route has it without asking.
 */

/** The longest text any field takes (a help article's body); each field has its own, shorter limit. */
export const INPUT_TEXT_MAX_LENGTH = 20_000;

/** The days a date field takes: anything outside is a typing mistake, and the database refuses some. */
export const DATE_RANGE = { earliest: '1900-01-01', latest: '2100-12-31' } as const;

export const INPUT_MESSAGES = {
  nul: 'This text contains a character that is not allowed (NUL).',
  tooLong: `At most ${INPUT_TEXT_MAX_LENGTH} characters.`,
  dateOutOfRange: `Enter a date from ${DATE_RANGE.earliest} to ${DATE_RANGE.latest}.`,
  wholeNumber: 'Enter a whole number.',
} as const;

export interface InputTextProblem {
  path: (string | number)[];
  message: string;
}

/**
 * Every text in `value` (object keys included) that holds a NUL character, which PostgreSQL cannot
 * store, or is longer than any field takes. Walked without recursion, so that no nesting a JSON body
 * can carry exhausts the stack.
 */
export function inputTextProblems(value: unknown): InputTextProblem[] {
  const problems: InputTextProblem[] = [];
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      const message = textProblem(current);
      if (message) problems.push({ path, message });
    } else if (Array.isArray(current)) {
      current.forEach((item: unknown, index) => pending.push({ value: item, path: [...path, index] }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const message = textProblem(key);
        if (message) problems.push({ path: [...path, key], message });
        else pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return problems;
}

function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return INPUT_MESSAGES.nul;
  if (text.length > INPUT_TEXT_MAX_LENGTH) return INPUT_MESSAGES.tooLong;
  return undefined;
}
