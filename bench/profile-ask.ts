// Where POST /api/ai/ask (built-in) spends its CPU: the product as bench/assistant.ts starts it (PGlite,
// demo content, LOG_LEVEL unset) under --cpu-prof, loaded with the same rotating questions; then the
// profile summed by package, by function and inclusively. Not a benchmark (nothing is written to
// RESULTS.md). `npx tsx bench/profile-ask.ts`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { ApiSession } from '../e2e/support/api-session';
import { summariseProfile } from './lib/cpu-profile';
import { load } from './lib/load';
import { startProduct } from './lib/server';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const questions = (process.env.PROFILE_QUESTIONS ?? '').split('|').filter(Boolean);
const QUESTIONS = questions.length
  ? questions
  : [
      'What is my balance?',
      'How much did I earn last month?',
      'When does my Starter plan end?',
      'How do I withdraw my money?',
      'zxqv plorbnik?',
    ];
const profileDir = mkdtempSync(join(tmpdir(), 'ask-profile-'));
process.env.PRODUCT_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${profileDir}`;
const server = await startProduct('pglite', {
  LOG_LEVEL: undefined,
  SEED_DEMO: '1',
  AI_QUESTIONS_PER_MINUTE: '100000000',
});
const requests: autocannon.Request[] = [];
for (let i = 0; i < 20; i += 1) {
  const session = new ApiSession(server.url);
  const { email, password } = await session.registerVerifiedMember('profileask');
  await session.signIn(email, password);
  const deposit = await session.request<{ deposit: { id: number } }>('POST', '/api/deposit', {
    amount: 1000,
    payment_method: 'nowpayment',
  });
  await session.request('POST', `/api/sandbox/checkout/${deposit.deposit.id}/pay`);
  const plans = await session.request<
    Array<{ id: number; name: string }> | { data: Array<{ id: number; name: string }> }
  >('GET', '/api/plans');
  const list = Array.isArray(plans) ? plans : plans.data;
  const starter = list.find((plan) => plan.name === 'Starter') ?? list[0]!;
  await session.request('POST', '/api/invest', { plan_id: starter.id, amount: 100 });
  requests.push({
    method: 'POST',
    path: '/api/ai/ask',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: session.authorization(),
    },
    body: JSON.stringify({ question: QUESTIONS[i % QUESTIONS.length] }),
  });
}
let connection = 0;
const result = await load({
  url: `${server.url}/api/ai/ask`,
  method: 'POST',
  connections: 50,
  durationSeconds: seconds,
  setupClient: (client: autocannon.Client) => {
    const first = (connection += 1) % requests.length;
    client.setRequests([...requests.slice(first), ...requests.slice(0, first)]);
  },
});
console.log(`ask: ${result.requestsPerSecond} requests/s, p99 ${result.p99Ms} ms, non-2xx ${result.non2xx}`);
await server.stop();
summariseProfile(profileDir);
