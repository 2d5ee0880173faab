import type { AskResponse } from '@app/shared';
import type { AppDeps } from '../../deps';
import { builtInAnswer, type GoalsReader } from './assistant.builtin';
import type { DataContext } from './assistant.data';

/** Goals are read through the goals module's service once it exists on this branch (issue 14 item 1). */
export const readGoals: GoalsReader = () => Promise.resolve({ goals: [] });

/** The data context of one question: the signed-in member from the session, the app's clock. */
export function contextFor(deps: AppDeps, userId: number): DataContext {
  return { db: deps.database.db, userId, now: deps.clock.now() };
}

/** POST /api/ai/ask with the built-in assistant (the default; decision 115). */
export function askBuiltIn(deps: AppDeps, userId: number, question: string): Promise<AskResponse> {
  return builtInAnswer(contextFor(deps, userId), question, readGoals);
}
