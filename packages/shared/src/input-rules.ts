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

/** The most problems one input reports: enough for a form, bounded for a hostile body. */
const MAX_PROBLEMS = 20;

/** A value met in the walk, with the way back to the root (paths are built only for a problem). */
interface Place {
  value: unknown;
  key: string | number | undefined;
  parent: Place | undefined;
}

function pathOf(place: Place): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Place | undefined = place; at && at.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Every text in `value` (object keys included) that holds a NUL character, which PostgreSQL cannot
 * store, or is longer than any field takes (at most MAX_PROBLEMS of them). Walked without recursion
 * and without copying paths, so that no nesting a JSON body can carry exhausts the stack or the time.
 */
export function inputTextProblems(value: unknown): InputTextProblem[] {
  const problems: InputTextProblem[] = [];
  const pending: Place[] = [{ value, key: undefined, parent: undefined }];
  for (let place = pending.pop(); place && problems.length < MAX_PROBLEMS; place = pending.pop()) {
    const current = place.value;
    if (typeof current === 'string') {
      const message = textProblem(current);
      if (message) problems.push({ path: pathOf(place), message });
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        pending.push({ value: current[index] as unknown, key: index, parent: place });
      }
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current).reverse()) {
        const message = textProblem(key);
        const child: Place = { value: item as unknown, key, parent: place };
        if (message) problems.push({ path: pathOf(child), message });
        else pending.push(child);
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
