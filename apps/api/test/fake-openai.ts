import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible `POST /v1/chat/completions` over real HTTP on 127.0.0.1,
 * so the assistant's model adapter is tested end to end without the network. Each request takes the
 * next step of `script` (the last one repeats): text (streamed as server-sent events, or whole JSON),
 * tool calls, an HTTP error, a slow answer, or a stream cut in the middle. Every request body is
 * recorded, so a test can prove what left the server (and what never did).
 */
export interface ChatRequestBody {
  model: string;
  stream?: boolean;
  messages: Array<{ role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }>;
  tools?: Array<{ function: { name: string } }>;
}

export type Step =
  | { kind: 'text'; text: string | ((body: ChatRequestBody) => string); stream?: boolean }
  | { kind: 'tools'; calls: Array<{ name: string; arguments?: unknown }>; stream?: boolean }
  | { kind: 'error'; status: number }
  | { kind: 'slow'; ms: number }
  | { kind: 'cut'; text: string };

export interface FakeOpenAi {
  /** The AI_BASE_URL to give the app. */
  baseUrl: string;
  script: Step[];
  requests: Array<{ authorization: string | undefined; body: ChatRequestBody; raw: string }>;
  /** Every byte that was sent to the fake, for "this never left the server" checks. */
  allSent(): string;
  close(): Promise<void>;
}

/** The JSON content of the last tool message of a request (what the fake "read"). */
export function lastToolResult(body: ChatRequestBody): Record<string, unknown> {
  const tool = [...body.messages].reverse().find((message) => message.role === 'tool');
  return tool?.content ? (JSON.parse(tool.content) as Record<string, unknown>) : {};
}

function chunk(delta: unknown, finish: string | null = null): string {
  return `data: ${JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
}

/** The headers of a server-sent events stream. */
function startEvents(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
}

/** Tool calls, whole as JSON or streamed with each call's arguments in two pieces. */
function answerToolCalls(
  response: ServerResponse,
  step: Extract<Step, { kind: 'tools' }>,
  served: number,
): void {
  const calls = step.calls.map((call, index) => ({
    index,
    id: `call_${served}_${index}`,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.arguments ?? {}) },
  }));
  if (step.stream === false) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: null, tool_calls: calls },
            finish_reason: 'tool_calls',
          },
        ],
      }),
    );
    return;
  }
  startEvents(response);
  // Arguments arrive in pieces, as real servers send them.
  for (const call of calls) {
    const args = call.function.arguments;
    const half = Math.floor(args.length / 2);
    response.write(
      chunk({
        tool_calls: [{ ...call, function: { name: call.function.name, arguments: args.slice(0, half) } }],
      }),
    );
    response.write(chunk({ tool_calls: [{ index: call.index, function: { arguments: args.slice(half) } }] }));
  }
  response.end(chunk({}, 'tool_calls') + 'data: [DONE]\n\n');
}

/** A text answer, whole as JSON or streamed a few characters at a time. */
function answerText(response: ServerResponse, text: string, stream: boolean | undefined): void {
  if (stream === false) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      }),
    );
    return;
  }
  startEvents(response);
  // A few characters at a time, so figures arrive split across chunks.
  for (let start = 0; start < text.length; start += 3) {
    response.write(chunk({ content: text.slice(start, start + 3) }));
  }
  response.end(chunk({}, 'stop') + 'data: [DONE]\n\n');
}

/** Answers the `served`-th request (its body `body`) with its step of the script. */
function answerStep(response: ServerResponse, step: Step, body: ChatRequestBody, served: number): void {
  switch (step.kind) {
    case 'error':
      response.writeHead(step.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
      return;
    case 'slow':
      setTimeout(() => {
        if (!response.writableEnded && !response.destroyed) {
          startEvents(response);
          response.end(chunk({ content: 'Too late.' }, 'stop') + 'data: [DONE]\n\n');
        }
      }, step.ms);
      return;
    case 'cut': {
      startEvents(response);
      response.write(chunk({ role: 'assistant', content: step.text }));
      // The connection drops: no finish reason, no [DONE].
      setTimeout(() => response.destroy(), 20);
      return;
    }
    case 'tools':
      answerToolCalls(response, step, served);
      return;
    case 'text':
      answerText(response, typeof step.text === 'function' ? step.text(body) : step.text, step.stream);
      return;
  }
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const pending = new Set<ServerResponse>();
  const fake: FakeOpenAi = {
    baseUrl: '',
    script: [{ kind: 'text', text: 'Hello.' }],
    requests: [],
    allSent: () => fake.requests.map((request) => request.raw).join('\n'),
    close: () => Promise.resolve(),
  };

  const server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (part: string) => (raw += part));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as ChatRequestBody;
      fake.requests.push({ authorization: request.headers.authorization, body, raw });
      // The n-th request since the test emptied `requests` takes the n-th step.
      const served = fake.requests.length;
      const step = fake.script[Math.min(served - 1, fake.script.length - 1)]!;
      pending.add(response);
      response.on('close', () => pending.delete(response));
      answerStep(response, step, body, served);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}/v1`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const response of pending) response.destroy();
      server.close(() => resolve());
    });
  return fake;
}
