// POST /api/ai/ask with the built-in assistant (issue 14) against authenticated GET /api/me on the same
// server in the same run, on PGlite; the product started as `npm start` starts it (the compiled build,
// demo content seeded, LOG_LEVEL unset). Writes bench/RESULTS.md. Target: ask ≥ 0.25 of /api/me.
//
// Each of MEMBERS members has a deposit and a plan (through the API, real flows). The questions rotate
// over the assistant's kinds of answer: a balance, earnings of a period (per-day aggregate), a plan's
// end date, a how-to (help center full-text search), and one it does not know. The two routes are
// measured in turn over BENCH_ROUNDS rounds; each ratio divides by the /api/me run of its own round.
import type autocannon from 'autocannon';
import { ApiSession } from '../e2e/support/api-session';
import { load, type LoadResult } from './lib/load';
import { writeSection } from './lib/results';
import { startProduct } from './lib/server';
import { median } from './lib/median';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50);
const TARGET = 0.25;
const QUESTIONS = [
  'What is my balance?',
  'How much did I earn last month?',
  'When does my Starter plan end?',
  'How do I withdraw my money?',
  'zxqv plorbnik?',
];

const server = await startProduct('pglite', {
  LOG_LEVEL: undefined,
  SEED_DEMO: '1',
  AI_QUESTIONS_PER_MINUTE: '100000000',
});

try {
  const authorizations: string[] = [];
  let starterId = 0;
  for (let i = 0; i < MEMBERS; i += 1) {
    const session = new ApiSession(server.url);
    const { email, password } = await session.registerVerifiedMember('askbench');
    await session.signIn(email, password);
    const deposit = await session.request<{ deposit: { id: number } }>('POST', '/api/deposit', {
      amount: 1000,
      payment_method: 'nowpayment',
    });
    await session.request('POST', `/api/sandbox/checkout/${deposit.deposit.id}/pay`);
    if (!starterId) {
      const plans = await session.request<
        Array<{ id: number; name: string }> | { data: Array<{ id: number; name: string }> }
      >('GET', '/api/plans');
      const list = Array.isArray(plans) ? plans : plans.data;
      starterId = list.find((plan) => plan.name === 'Starter')?.id ?? list[0]!.id;
    }
    await session.request('POST', '/api/invest', { plan_id: starterId, amount: 100 });
    authorizations.push(session.authorization());
  }

  // Requests built once per connection (decision 006); connection k starts at member k.
  const meRequests: autocannon.Request[] = authorizations.map((authorization) => ({
    method: 'GET',
    headers: { accept: 'application/json', authorization },
  }));
  const askRequests: autocannon.Request[] = authorizations.map((authorization, index) => ({
    method: 'POST',
    path: '/api/ai/ask',
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization },
    body: JSON.stringify({ question: QUESTIONS[index % QUESTIONS.length] }),
  }));
  const rotate = (requests: autocannon.Request[]) => {
    let connection = 0;
    return (client: autocannon.Client) => {
      const first = (connection += 1) % requests.length;
      client.setRequests([...requests.slice(first), ...requests.slice(0, first)]);
    };
  };
  const measure = async (path: string, requests: autocannon.Request[], method: 'GET' | 'POST') => {
    const options = {
      url: `${server.url}${path}`,
      method,
      connections: CONNECTIONS,
      setupClient: rotate(requests),
    };
    await load({ ...options, durationSeconds: 2 });
    const result = await load({ ...options, durationSeconds: DURATION });
    if (result.non2xx > 0) throw new Error(`${result.non2xx} non-2xx answers from ${path}`);
    return result;
  };

  const meRuns: LoadResult[] = [];
  const askRuns: LoadResult[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    meRuns.push(await measure('/api/me', meRequests, 'GET'));
    askRuns.push(await measure('/api/ai/ask', askRequests, 'POST'));
    console.log(
      `round ${round}: GET /api/me ${meRuns.at(-1)?.requestsPerSecond}, POST /api/ai/ask ${askRuns.at(-1)?.requestsPerSecond}`,
    );
  }
  const ratios = askRuns.map((run, index) => run.requestsPerSecond / (meRuns[index]?.requestsPerSecond ?? 1));
  const ratio = median(ratios);
  const ok = ratio >= TARGET;
  const rps = (runs: LoadResult[]) => runs.map((run) => run.requestsPerSecond).join(', ');
  writeSection(
    'assistant',
    `## Assistant: POST /api/ai/ask (built-in) against GET /api/me

Run ${new Date().toISOString().slice(0, 16)}Z on PGlite; the product started as \`npm start\` starts it (the compiled build, demo content, \`LOG_LEVEL\` unset) with \`AI_QUESTIONS_PER_MINUTE\` raised out of the way; ${MEMBERS} members, each with a $1,000 deposit and a $100 Starter plan (real flows). ${ROUNDS} rounds, each measuring \`GET /api/me\` then \`POST /api/ai/ask\`; autocannon, ${CONNECTIONS} connections, each asking as the members in turn, ${DURATION} s after a 2 s warm-up; questions rotating over a balance, last month's earnings, a plan's end date, a how-to (help center full-text search) and one the assistant does not know. Server and load generator on the same shared 2-core machine.

| what | requests/s, rounds 1–${ROUNDS} | p99 ms (median) | ratio to /api/me | target |
|---|---:|---:|---:|---|
| GET /api/me | ${rps(meRuns)} | ${median(meRuns.map((run) => run.p99Ms))} | 1.00 | |
| POST /api/ai/ask (built-in) | ${rps(askRuns)} | ${median(askRuns.map((run) => run.p99Ms))} | ${ratios.map((r) => r.toFixed(2)).join(', ')} (median **${ratio.toFixed(2)}**) | ≥ ${TARGET.toFixed(2)} ${ok ? 'met' : 'MISSED'} |`,
  );
  if (!ok) process.exitCode = 1;
  const errors = [...meRuns, ...askRuns].reduce((sum, run) => sum + run.errors, 0);
  if (errors > 0)
    console.warn(`${errors} requests timed out or failed at the socket (counted out of the rates)`);
} finally {
  await server.stop();
}
