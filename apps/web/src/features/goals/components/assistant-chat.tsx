import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Bot, Send } from 'lucide-react';
import { ASSISTANT_MESSAGES, ASSISTANT_QUESTION_MAX } from '@app/shared/assistant';
import { Button } from '#components/ui/button';
import { ApiError, errorMessage } from '#lib/api-client';
import { useMe } from '#lib/session';
import { useMessage } from '../../../i18n/use-message';
import { askAssistant } from '../api/assistant-api';
import { useGoalFlow } from './use-goal-flow';
import {
  INITIAL,
  STORAGE_PREFIX,
  loadState,
  saveState,
  type ChatState,
  type NewEntry,
  type Step,
} from './assistant-chat-state';
import { ConversationLog, CurrentStep } from './assistant-chat-parts';

/**
 * The assistant of My Goals (spec §2, §4 AI chat goal flow, §8 AI messages; issue 14 item 7; issue 34
 * Build 4): the menu, the six steps of saving for a goal, and free questions to /api/ai/ask answered
 * with their sources. Every bad amount or date is answered in the conversation with what is wrong;
 * dates and money read in the member's language; the member's money figures in answers hide under
 * Hide balance. The conversation is a log (a live region), every control is a labelled button or
 * field, and the history is kept for the browser session (sessionStorage, per member).
 */

/** The conversation, kept for the browser session under the member's key, and how entries are added. */
function useChatHistory(storageKey: string) {
  const [state, setState] = useState<ChatState>(() => loadState(storageKey));
  const nextId = useRef(Math.max(...state.entries.map((entry) => entry.id)) + 1);

  // The member's own history once the session is known (the key names the member); a conversation
  // begun before that stays on screen when the member has none stored yet.
  const [loadedKey, setLoadedKey] = useState(storageKey);
  if (loadedKey !== storageKey) {
    setLoadedKey(storageKey);
    const stored = loadState(storageKey);
    if (stored !== INITIAL) setState(stored);
  }
  useEffect(() => saveState(storageKey, state), [storageKey, state]);

  const add = useCallback((step: Step | null, ...entries: NewEntry[]) => {
    setState((current) => ({
      ...current,
      ...(step === null ? {} : { step }),
      entries: [...current.entries, ...entries.map((entry) => ({ ...entry, id: nextId.current++ }))],
    }));
  }, []);

  return { state, setState, add };
}

/** Free questions to the assistant: the answer streams in, then joins the conversation with its sources. */
function useQuestions(add: (step: Step | null, ...entries: NewEntry[]) => void, focusInput: () => void) {
  const [streaming, setStreaming] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);

  /** A free question; `shown` is what the member's bubble says when it differs (a menu label). */
  async function ask(question: string, shown = question) {
    add(null, { from: 'member', text: shown });
    setAsking(true);
    setStreaming('');
    try {
      const answer = await askAssistant(question, (text) => setStreaming(text));
      if (!answer.answer || answer.answer.trim() === '') {
        add(null, { from: 'assistant', message: ASSISTANT_MESSAGES.emptyReply });
      } else {
        add(null, {
          from: 'assistant',
          answer: answer.answer,
          sources: answer.sources,
          ...(answer.parts ? { parts: answer.parts } : {}),
        });
      }
    } catch (error) {
      // A refused question (400, 429) says why; anything else is the spec's message.
      const known = error instanceof ApiError && (error.status === 400 || error.status === 429);
      add(null, {
        from: 'assistant',
        message: known ? errorMessage(error, ASSISTANT_MESSAGES.askFailed) : ASSISTANT_MESSAGES.askFailed,
      });
    } finally {
      setStreaming(null);
      setAsking(false);
      focusInput();
    }
  }

  return { streaming, asking, ask };
}

/** The field's placeholder: what the current goal step asks for, else a question. */
function placeholderKey(step: Step): string {
  return step === 1
    ? 'assistant.namePlaceholder'
    : step === 2
      ? 'assistant.amountPlaceholder'
      : step === 4
        ? 'assistant.datePlaceholder'
        : 'assistant.inputPlaceholder';
}

/** The field's text, its error, and its focus, which each step gives back. */
function useChatField() {
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const focusInput = () => window.setTimeout(() => inputRef.current?.focus(), 0);
  return { input, setInput, inputError, setInputError, inputRef, focusInput };
}

/** The log follows the conversation: it scrolls to the newest entry and to the answer streaming in. */
function useFollowedLog(entryCount: number, streaming: string | null) {
  const logRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [entryCount, streaming]);
  return logRef;
}

interface ChatInputProps {
  field: ReturnType<typeof useChatField>;
  inputId: string;
  errorId: string;
  step: Step;
  asking: boolean;
  onSubmit: (event: FormEvent) => void;
}

/** The field where the member types an answer or a question, the send button and the field's error. */
function ChatInput({ field, inputId, errorId, step, asking, onSubmit }: ChatInputProps) {
  const { t } = useTranslation();
  const { input, setInput, inputError, inputRef } = field;
  return (
    <>
      <form onSubmit={onSubmit} className="flex items-start gap-2">
        <div className="flex-1">
          <label htmlFor={inputId} className="sr-only">
            {t('assistant.inputLabel')}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            inputMode={step === 2 ? 'decimal' : 'text'}
            autoComplete="off"
            value={input}
            maxLength={ASSISTANT_QUESTION_MAX}
            onChange={(event) => setInput(event.target.value)}
            placeholder={t(placeholderKey(step))}
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? errorId : undefined}
            className="h-10 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm text-fg placeholder:text-muted focus:border-brand focus:outline-none focus:ring-3 focus:ring-brand/15"
          />
        </div>
        <Button type="submit" size="sm" className="h-10" loading={asking} aria-label={t('assistant.send')}>
          <Send className="size-4" aria-hidden="true" />
        </Button>
      </form>
      {inputError && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {inputError}
        </p>
      )}
    </>
  );
}

interface ChatHeaderProps {
  headingId: string;
  busy: boolean;
  onClear: () => void;
}

/** The chat's heading and Clear, which starts a new conversation. */
function ChatHeader({ headingId, busy, onClear }: ChatHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <Bot className="size-5 text-brand-text" aria-hidden="true" />
        {t('assistant.title')}
      </h2>
      <Button variant="ghost" size="sm" onClick={onClear} disabled={busy}>
        {t('assistant.clear')}
      </Button>
    </header>
  );
}

export function AssistantChat() {
  const { t } = useTranslation();
  const message = useMessage();
  const me = useMe();
  const storageKey = `${STORAGE_PREFIX}${me.data?.id ?? 'member'}`;
  const { state, setState, add } = useChatHistory(storageKey);
  const field = useChatField();
  const { input, setInput, inputError, setInputError, focusInput } = field;
  const inputId = useId();
  const errorId = useId();
  const headingId = useId();

  const { streaming, asking, ask } = useQuestions(add, focusInput);
  const logRef = useFollowedLog(state.entries.length, streaming);

  const flow = useGoalFlow({ state, setState, add, setInputError, focusInput });
  const { preview, save } = flow;

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = input.trim();
    if (text === '' || asking) return;
    if (text.length >= ASSISTANT_QUESTION_MAX) {
      setInputError(message(ASSISTANT_MESSAGES.questionTooLong));
      return;
    }
    setInputError(null);
    const taken = flow.submitStep(text);
    if (taken === null) void ask(text);
    if (taken !== false) setInput('');
  }

  const busy = asking || preview.isPending || save.isPending;

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface shadow-xs">
      <ChatHeader
        headingId={headingId}
        busy={busy}
        onClear={() => {
          setState(INITIAL);
          setInputError(null);
        }}
      />

      <ConversationLog
        logRef={logRef}
        entries={state.entries}
        streaming={streaming}
        pending={preview.isPending || save.isPending}
      />

      <div className="space-y-3 border-t border-line px-4 py-3">
        <CurrentStep
          state={state}
          flow={flow}
          busy={busy}
          errorId={errorId}
          invalid={inputError !== null}
          // The built-in assistant reads the member's language: the menu's label is the question.
          onCheckBalance={() => void ask(t('assistant.menuCheckBalance'))}
        />
        <ChatInput
          field={field}
          inputId={inputId}
          errorId={errorId}
          step={state.step}
          asking={asking}
          onSubmit={submit}
        />
      </div>
    </section>
  );
}
