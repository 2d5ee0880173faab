import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { authFailures, twoFactorChallenges } from '@app/db';
import { AUTH_MESSAGES } from '@app/shared';

/**
 * Guessing a limited secret with many requests at once (decision 154): the answers, and what they say,
 * so a test can count how many guesses were compared and how many were refused.
 */

type Send = () => Promise<LightMyRequestResponse>;

export interface Burst {
  /** The answer to the right secret, sent in the middle of the wrong ones. */
  right: LightMyRequestResponse;
  wrong: LightMyRequestResponse[];
  /** Every answer, the right one's included, as "status message" and how many times it was given. */
  tally: Record<string, number>;
}

/** "422 Invalid OTP.": the status and the message of an answer. */
function answerOf(response: LightMyRequestResponse): string {
  const body = response.json<{ message?: string }>();
  return `${response.statusCode} ${body.message ?? ''}`.trim();
}

function tallyOf(responses: LightMyRequestResponse[]): Record<string, number> {
  const tally: Record<string, number> = {};
  for (const response of responses) {
    const answer = answerOf(response);
    tally[answer] = (tally[answer] ?? 0) + 1;
  }
  return tally;
}

/** Sends `count` wrong guesses all at once (started in the same turn, awaited together). */
export async function wrongAtOnce(wrong: Send, count: number): Promise<Omit<Burst, 'right'>> {
  const responses = await Promise.all(Array.from({ length: count }, () => wrong()));
  return { wrong: responses, tally: tallyOf(responses) };
}

/**
 * Sends `wrongCount` wrong guesses all at once (started in the same turn) and the right one once half
 * of them have been answered, while the rest are still in flight. Started in the middle but not
 * waiting, the right one could reach the challenge's lock before the first wrong ones did (a pool of
 * connections takes them in no set order), and a test expecting it refused failed one run in many.
 */
export async function guessAtOnce(wrong: Send, right: Send, wrongCount = 50): Promise<Burst> {
  const half = Math.floor(wrongCount / 2);
  let answered = 0;
  let startRight = () => {};
  const halfAnswered = new Promise<void>((resolve) => {
    startRight = resolve;
  });
  if (half === 0) startRight();
  const wrongs = Array.from({ length: wrongCount }, () =>
    // An answer or a failure counts: a failed send must not leave the right one waiting forever.
    wrong().finally(() => {
      answered += 1;
      if (answered === half) startRight();
    }),
  );
  const rightResponse = await halfAnswered.then(right);
  const responses = await Promise.all(wrongs);
  return { right: rightResponse, wrong: responses, tally: tallyOf([...responses, rightResponse]) };
}

/** The failures stored against one subject of a scope (`account:<email>`, `user:<id>`, `ip:<address>`). */
export async function storedFailures(app: FastifyInstance, scope: string, subject: string): Promise<number> {
  const [row] = await app.deps.database.db
    .select({ value: count() })
    .from(authFailures)
    .where(and(eq(authFailures.scope, scope), eq(authFailures.subject, subject)));
  return row?.value ?? 0;
}

/** A second sign-in step (member or admin) ready for guesses: its user, and senders of codes. */
export interface Challenged {
  user: { id: number };
  right: Send;
  wrong: Send;
}

/**
 * The two tests every second sign-in step shares (decision 154): 50 wrong codes and the right one at
 * once compare exactly the challenge's 5, and the right one is refused then and after; 4 wrong ones
 * and the right one sign in.
 */
export function itLimitsTheChallenge(
  app: FastifyInstance,
  challenged: () => Promise<Challenged>,
  limit: number,
): void {
  const invalid = `422 ${AUTH_MESSAGES.twoFactorInvalid}`;
  const exhausted = `401 ${AUTH_MESSAGES.twoFactorChallengeExhausted}`;
  const storedTries = async (userId: number) => {
    const [row] = await app.deps.database.db
      .select({ attempts: twoFactorChallenges.attempts })
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.userId, userId));
    return row?.attempts ?? -1;
  };

  it(`compares ${limit} of 50 wrong codes sent at once with the right one, and refuses the right one then and after`, async () => {
    const { user, right, wrong } = await challenged();
    const burst = await guessAtOnce(wrong, right);
    expect(burst.tally).toEqual({ [invalid]: limit, [exhausted]: 51 - limit });
    expect(await storedTries(user.id)).toBe(limit);
    expect(await storedFailures(app, 'two_factor', `user:${user.id}`)).toBe(limit);

    const late = await right();
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({
      message: AUTH_MESSAGES.twoFactorChallengeExhausted,
      code: 'UNAUTHENTICATED',
    });
  });

  it(`signs in with the right code sent at once with ${limit - 1} wrong ones`, async () => {
    const { right, wrong } = await challenged();
    const burst = await guessAtOnce(wrong, right, limit - 1);
    expect(burst.right.statusCode).toBe(200);
  });
}
