import { formatMoney, type AskResponse, type AssistantLanguage } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { createChatClient, type ChatClient } from '../../integrations/ai/openai-chat';
import { builtInAnswer, type GoalsReader } from './assistant.builtin';
import type { DataContext } from './assistant.data';
import { askModel } from './assistant.model';
import { figuresIn, withMoneyParts } from './assistant.parts';
import { listGoals } from '../goals/goals.service';

/** The member's goals with progress, through the goals module's service (its bounded list). */
export function goalsReader(deps: Pick<AppDeps, 'database' | 'clock'>): GoalsReader {
  return async (ctx) => {
    const { data } = await listGoals(deps, ctx.userId);
    return {
      goals: data.map((goal) => ({
        name: goal.name,
        status: goal.status,
        target: goal.target_amount,
        target_text: formatMoney(goal.target_amount),
        invested: goal.invested,
        invested_text: formatMoney(goal.invested),
        earned: goal.earned,
        earned_text: formatMoney(goal.earned),
        progress_percent: goal.progress_percent,
        target_frequency: goal.target_frequency,
        target_date: goal.target_date,
        plan: goal.plan_name,
        next_contribution_date: goal.next_contribution_date,
        next_contribution_amount: goal.next_contribution_amount,
      })),
    };
  };
}

/** The data context of one question: the signed-in member from the session, the app's clock. */
export function contextFor(deps: AppDeps, userId: number): DataContext {
  return { db: deps.database.db, userId, now: deps.clock.now() };
}

/** The external model's client when AI_BASE_URL and AI_MODEL are set; otherwise the built-in assistant answers. */
export function chatClientFor(config: AppDeps['config']): ChatClient | undefined {
  const { baseUrl, model, apiKey, connectTimeoutMs } = config.ai;
  return baseUrl && model ? createChatClient({ baseUrl, model, apiKey, connectTimeoutMs }) : undefined;
}

/**
 * POST /api/ai/ask: the model's answer when one is configured and it answers within the rules and
 * time limits, otherwise (and by default) the built-in answer (decisions 115 and 117), in the
 * member's `language`. `onText` receives the model's text as it streams, each figure checked before
 * it is passed on.
 */
export async function ask(
  deps: AppDeps,
  client: ChatClient | undefined,
  userId: number,
  question: string,
  language: AssistantLanguage,
  log: FastifyBaseLogger,
  onText?: (text: string) => void,
): Promise<AskResponse> {
  const ctx = contextFor(deps, userId);
  const readGoals = goalsReader(deps);
  if (client) {
    const outcome = await askModel(client, ctx, question, readGoals, {
      timeoutMs: deps.config.ai.timeoutMs,
      language,
      ...(onText ? { onText } : {}),
    });
    if (outcome.ok) return withMoneyParts(outcome.answer, figuresIn(outcome.answer.answer));
    // The reason only: never the question or the member's figures.
    log.warn({ reason: outcome.reason }, 'assistant model not used; built-in answer given');
  }
  return builtInAnswer(ctx, question, readGoals, language);
}
