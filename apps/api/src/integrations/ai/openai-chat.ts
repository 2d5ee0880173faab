import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * An OpenAI-compatible chat-completions client (`POST {AI_BASE_URL}/chat/completions`), only the part
 * the assistant needs: messages, function tools, and the answer either streamed (server-sent events,
 * `stream: true`) or whole (JSON), whichever the server sends. Separate limits: `connectTimeoutMs`
 * for the connection, and the caller's `signal` for the whole answer. Any failure is an
 * AiUnavailableError; the caller falls back to the built-in assistant (decision 117).
 */

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ToolSpec {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatTurn {
  content: string;
  toolCalls: ToolCall[];
}

export type AiFailure =
  'connect_timeout' | 'timeout' | 'network' | 'http_error' | 'bad_answer' | 'cut_stream';

export class AiUnavailableError extends Error {
  override readonly name = 'AiUnavailableError';
  constructor(
    readonly reason: AiFailure,
    readonly status?: number,
  ) {
    super(`AI model unavailable: ${reason}${status ? ` (${status})` : ''}`);
  }
}

export interface ChatClientOptions {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  connectTimeoutMs: number;
}

export interface CompleteOptions {
  /** Aborts the request: the whole-answer time limit of the caller. */
  signal: AbortSignal;
  /** Text as it streams in. */
  onText?: (text: string) => void;
}

export interface ChatClient {
  complete(messages: ChatMessage[], tools: ToolSpec[], options: CompleteOptions): Promise<ChatTurn>;
}

interface Delta {
  content?: string | null;
  tool_calls?: Array<{
    index?: number;
    id?: string;
    type?: string;
    function?: { name?: string; arguments?: string };
  }>;
}

/** Folds streamed (or whole) choice deltas into one turn. */
class TurnBuilder {
  content = '';
  private calls: Array<{ id: string; name: string; arguments: string }> = [];
  finished = false;

  add(delta: Delta | undefined, onText?: (text: string) => void): void {
    if (!delta) return;
    if (typeof delta.content === 'string' && delta.content !== '') {
      this.content += delta.content;
      onText?.(delta.content);
    }
    for (const [position, call] of (delta.tool_calls ?? []).entries()) {
      const index = call.index ?? position;
      const slot = (this.calls[index] ??= { id: '', name: '', arguments: '' });
      if (call.id) slot.id = call.id;
      if (call.function?.name) slot.name += call.function.name;
      if (call.function?.arguments) slot.arguments += call.function.arguments;
    }
  }

  turn(): ChatTurn {
    return {
      content: this.content,
      toolCalls: this.calls
        .filter((call) => call.name !== '')
        .map((call, index) => ({
          id: call.id || `call_${index}`,
          type: 'function' as const,
          function: { name: call.name, arguments: call.arguments || '{}' },
        })),
    };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function firstChoice(
  payload: unknown,
): { delta?: Delta; message?: Delta; finish_reason?: unknown } | undefined {
  if (!isRecord(payload) || !Array.isArray(payload.choices)) return undefined;
  const choice: unknown = payload.choices[0];
  return isRecord(choice) ? choice : undefined;
}

async function readStream(response: IncomingMessage, onText?: (text: string) => void): Promise<ChatTurn> {
  const builder = new TurnBuilder();
  let buffer = '';
  let done = false;
  const handleLine = (line: string) => {
    if (!line.startsWith('data:')) return;
    const data = line.slice(5).trim();
    if (data === '[DONE]') {
      done = true;
      return;
    }
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      throw new AiUnavailableError('bad_answer');
    }
    const choice = firstChoice(payload);
    builder.add(choice?.delta, onText);
    if (choice?.finish_reason) builder.finished = true;
  };
  for await (const chunk of response) {
    buffer += String(chunk);
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      handleLine(buffer.slice(0, newline).replace(/\r$/, ''));
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
    }
  }
  if (buffer.trim()) handleLine(buffer.trim());
  // A stream that stops before [DONE] or a finish reason was cut: its text is not a whole answer.
  if (!done && !builder.finished) throw new AiUnavailableError('cut_stream');
  return builder.turn();
}

async function readWhole(response: IncomingMessage): Promise<ChatTurn> {
  let text = '';
  for await (const chunk of response) text += String(chunk);
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new AiUnavailableError('bad_answer');
  }
  const choice = firstChoice(payload);
  if (!choice?.message) throw new AiUnavailableError('bad_answer');
  const builder = new TurnBuilder();
  builder.add(choice.message);
  return builder.turn();
}

export function createChatClient(options: ChatClientOptions): ChatClient {
  const url = new URL(`${options.baseUrl}/chat/completions`);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return {
    complete(messages, tools, { signal, onText }) {
      const body = JSON.stringify({
        model: options.model,
        messages,
        ...(tools.length ? { tools, tool_choice: 'auto' } : {}),
        stream: true,
        temperature: 0,
      });
      return new Promise<ChatTurn>((resolve, reject) => {
        if (signal.aborted) return reject(new AiUnavailableError('timeout'));
        const headers: Record<string, string | number> = {
          'content-type': 'application/json',
          accept: 'text/event-stream, application/json',
          'content-length': Buffer.byteLength(body),
        };
        if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
        const req = send(url, { method: 'POST', headers });
        let failure: AiUnavailableError | undefined;
        const fail = (error: AiUnavailableError) => {
          failure ??= error;
          req.destroy(failure);
        };
        const onAbort = () => fail(new AiUnavailableError('timeout'));
        signal.addEventListener('abort', onAbort, { once: true });
        const cleanup = () => signal.removeEventListener('abort', onAbort);
        req.on('socket', (socket) => {
          if (!socket.connecting) return;
          const timer = setTimeout(
            () => fail(new AiUnavailableError('connect_timeout')),
            options.connectTimeoutMs,
          );
          socket.once('connect', () => clearTimeout(timer));
          socket.once('close', () => clearTimeout(timer));
        });
        req.on('error', (error) => {
          cleanup();
          reject(
            failure ?? (error instanceof AiUnavailableError ? error : new AiUnavailableError('network')),
          );
        });
        req.on('response', (response) => {
          const status = response.statusCode ?? 0;
          if (status < 200 || status >= 300) {
            response.resume();
            cleanup();
            return reject(new AiUnavailableError('http_error', status));
          }
          const type = String(response.headers['content-type'] ?? '');
          const read = type.includes('text/event-stream')
            ? readStream(response, onText)
            : readWhole(response);
          read.then(
            (turn) => {
              cleanup();
              resolve(turn);
            },
            (error: unknown) => {
              cleanup();
              reject(
                failure ??
                  (error instanceof AiUnavailableError ? error : new AiUnavailableError('cut_stream')),
              );
            },
          );
        });
        req.end(body);
      });
    },
  };
}
