import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AskResponse } from '@app/shared/schemas/assistant';
import type { GoalResponse, PreviewPlansResponse } from '@app/shared/schemas/goals';
import type { GoalFrequency } from '@app/shared/goals';
import { currentLanguage } from '#i18n/index';
import { api, apiPostStream } from '#lib/api-client';
import { activityQueryKey, userPlansQueryKey } from '#lib/query-keys';
import { meQueryKey } from '#lib/session';
import { goalsQueryKey } from './goals-api';

/** The assistant chat's calls (spec §7): /api/ai/ask, /api/ai/preview-plans, /api/ai/save-goal. */

/**
 * POST /api/ai/ask. Asks for server-sent events: with an external model the answer streams in
 * (`onText` gets the text so far) and the `done` event's answer replaces it; otherwise (the built-in
 * assistant) the answer is JSON. Both end in the whole answer. The question carries the UI language:
 * the built-in assistant reads the question and answers in it.
 */
export async function askAssistant(
  question: string,
  onText: (textSoFar: string) => void,
  signal?: AbortSignal,
): Promise<AskResponse> {
  const response = await apiPostStream(
    '/api/ai/ask',
    { question, language: currentLanguage() },
    { accept: 'text/event-stream, application/json', ...(signal ? { signal } : {}) },
  );
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('text/event-stream') || !response.body) {
    return (await response.json()) as AskResponse;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let text = '';
  let done: AskResponse | null = null;
  for (;;) {
    const { value, done: finished } = await reader.read();
    if (finished) break;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || !data) continue;
      const payload = JSON.parse(data) as { text?: string } & Partial<AskResponse> & { message?: string };
      if (event === 'delta' && payload.text) {
        text += payload.text;
        onText(text);
      } else if (event === 'done') {
        done = payload as AskResponse;
      } else if (event === 'error') {
        throw new Error(payload.message ?? 'assistant error');
      }
    }
  }
  if (!done) throw new Error('the answer stopped before it was complete');
  return done;
}

export interface GoalDraft {
  name: string;
  target_amount: string;
  target_frequency: GoalFrequency;
  target_date: string | null;
}

/** POST /api/ai/preview-plans: the plans that can reach the goal (spec §4 step 5). */
export function usePreviewPlans() {
  return useMutation({
    mutationFn: (draft: GoalDraft) => api.post<PreviewPlansResponse>('/api/ai/preview-plans', draft),
  });
}

/**
 * POST /api/ai/save-goal: saves the goal as the modal does and invests its first contribution; the
 * goals, the balance, the activity and the member's plans reload.
 */
export function useSaveGoalFromChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: GoalDraft & { plan_id: number; units?: number }) =>
      api.post<GoalResponse>('/api/ai/save-goal', { ...payload, achieved_amount: 0 }, { idempotent: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: goalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: activityQueryKey }),
        queryClient.invalidateQueries({ queryKey: userPlansQueryKey }),
      ]),
  });
}
