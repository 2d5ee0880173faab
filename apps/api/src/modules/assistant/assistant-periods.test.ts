import { describe, expect, it } from 'vitest';
import {
  DEPOSIT_STATUSES,
  GoalStatusSchema,
  WITHDRAWAL_STATUSES,
  formatMoney,
  type AskResponse,
  type CreateDepositResponse,
  type CreateWithdrawalResponse,
  type PortfolioEarningsResponse,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { signIn } from '../../../test/accounts';
import { nowPaymentsIpn, sendNowPayments } from '../../../test/ipn';
import { balanceOf, depositThroughSandbox, signedInMember, type Member } from '../../../test/money';
import { createPlan, fundedMember, investIn } from '../../../test/investing';
import { TEXTS } from './assistant.texts';

/**
 * What the assistant says when a money question names a day or a period, in English, Spanish and
 * Arabic (audit of 2026-12): a balance question stays a balance question (today's, said to be today's
 * when a past day was asked), "past 7 days" sums 7 days and names them, a deposit or withdrawal total
 * asked for a period is said to be the total since joining, and every status word is translated.
 */
const { app } = await createTestApp({
  RATE_LIMIT_WRITES_PER_MINUTE: '100000',
  AI_QUESTIONS_PER_MINUTE: '100000',
});

const answer = async (member: Member, question: string, language: 'en' | 'es' | 'ar' = 'en') => {
  const response = await member.client.post('/api/ai/ask', { question, language }, { token: member.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AskResponse>();
};
const post = (member: Member, url: string, body: Record<string, unknown> = {}) =>
  member.client.post(url, body, { token: member.token });
const usd = (major: number) => formatMoney(major);
const usdEs = (major: number) => formatMoney(major, { locale: 'es-ES' });
const usdAr = (major: number) => formatMoney(major, { locale: 'ar-u-nu-latn' });
const arDate = (day: string) =>
  new Intl.DateTimeFormat('ar-u-nu-latn', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

async function pendingWithdrawal(member: Member, amount: number) {
  const response = await post(member, '/api/withdrawal', {
    amount,
    withdrawal_method: 'bank_transfer',
    destination: 'Example Bank, account 123456789012',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreateWithdrawalResponse>().withdrawal;
}

// A member who deposited and invested on March 2, 2026, then 40 days of earnings: the clock is at
// April 11, 2026, when a second deposit and a withdrawal request are made.
const plan = await createPlan(app, { name: 'Periods Plan', apyBps: 1200, durationDays: 182 });
const alice = await fundedMember(app, 5_000);
await investIn(alice, plan.id, 4_000);
expect((await post(alice, '/api/dev/clock', { advance_days: 40 })).statusCode).toBe(200);
alice.token = await signIn(alice.client, alice.email);
await depositThroughSandbox(alice, 250);
await pendingWithdrawal(alice, 40.25);
const me = await balanceOf(alice);

/** alice's earnings per day, in cents, from the portfolio chart. */
const earningsByDay = new Map(
  (await alice.client.get('/api/portfolio/earnings', { token: alice.token }))
    .json<PortfolioEarningsResponse>()
    .data.map((day) => [day.date, Math.round(day.amount * 100)]),
);
const earnedBetween = (from: string, to: string) =>
  [...earningsByDay].filter(([day]) => day >= from && day <= to).reduce((sum, [, cents]) => sum + cents, 0) /
  100;

describe('a balance question that names a day or a period', () => {
  it('answers the balance, not earnings, in every language', async () => {
    const plain = await answer(alice, 'What is my balance?');
    expect(plain.answer).toContain(`Your balance is ${usd(me.balance)}.`);
    for (const question of [
      'What is my balance today?',
      'balance this month',
      'my balance in the past 7 days',
    ]) {
      const body = await answer(alice, question);
      expect(body.intent).toBe('balance');
      expect(body.answer).toBe(plain.answer);
    }
    const es = await answer(alice, '¿Cuál es mi saldo?', 'es');
    expect(es.answer).toContain(`Tu saldo es ${usdEs(me.balance)}.`);
    expect((await answer(alice, '¿Cuál es mi saldo hoy?', 'es')).answer).toBe(es.answer);
    expect((await answer(alice, 'mi saldo de este mes', 'es')).answer).toBe(es.answer);
    const ar = await answer(alice, 'ما هو رصيدي؟', 'ar');
    expect(ar.answer).toContain(`رصيدك ${usdAr(me.balance)}.`);
    expect((await answer(alice, 'ما هو رصيدي اليوم؟', 'ar')).answer).toBe(ar.answer);
    expect((await answer(alice, 'رصيدي هذا الشهر', 'ar')).answer).toBe(ar.answer);
  });

  it('says the balance is today’s when a past day or period was asked', async () => {
    const plain = await answer(alice, 'What is my balance?');
    expect((await answer(alice, 'What was my balance on March 4?')).answer).toBe(
      `I can only give your balance as it is today, April 11, 2026, not on March 4, 2026. ${plain.answer}`,
    );
    expect((await answer(alice, 'my balance last month')).answer).toBe(
      `I can only give your balance as it is today, April 11, 2026, not from March 1, 2026 to March 31, 2026. ${plain.answer}`,
    );
    const es = await answer(alice, '¿Cuál es mi saldo?', 'es');
    expect((await answer(alice, '¿Cuál era mi saldo ayer?', 'es')).answer).toBe(
      `Solo puedo darte tu saldo de hoy, 11 de abril de 2026, no el 10 de abril de 2026. ${es.answer}`,
    );
    const ar = await answer(alice, 'ما هو رصيدي؟', 'ar');
    expect((await answer(alice, 'كم كان رصيدي أمس؟', 'ar')).answer).toBe(
      `لا يمكنني أن أعطيك إلا رصيدك اليوم، ${arDate('2026-04-11')}، وليس في ${arDate('2026-04-10')}. ${ar.answer}`,
    );
  });

  it('still answers earnings when the question has an earnings word', async () => {
    const march = earnedBetween('2026-03-01', '2026-03-31');
    expect(march).toBeGreaterThan(0);
    expect((await answer(alice, 'How much money did I make last month?')).answer).toBe(
      `You earned ${usd(march)} from March 1, 2026 to March 31, 2026.`,
    );
  });
});

describe('earnings of the past N days, weeks or months', () => {
  it('sums exactly N days, today included, and names them', async () => {
    // The day before the 7 days earned something: counting it (8 days) would change the figure.
    expect(earningsByDay.get('2026-04-04')).toBeGreaterThan(0);
    expect(earningsByDay.get('2026-03-28')).toBeGreaterThan(0);
    expect(earningsByDay.get('2026-03-12')).toBeGreaterThan(0);
    const week = earnedBetween('2026-04-05', '2026-04-11');
    expect((await answer(alice, 'How much did I earn in the past 7 days?')).answer).toBe(
      `You earned ${usd(week)} from April 5, 2026 to April 11, 2026.`,
    );
    expect((await answer(alice, '¿Cuánto gané en los últimos 7 días?', 'es')).answer).toBe(
      `Ganaste ${usdEs(week)} del 5 de abril de 2026 al 11 de abril de 2026.`,
    );
    expect((await answer(alice, 'my earnings over the last 2 weeks')).answer).toBe(
      `You earned ${usd(earnedBetween('2026-03-29', '2026-04-11'))} from March 29, 2026 to April 11, 2026.`,
    );
    // Read by chrono-node ("from" keeps the quick reading out): the same 30 days.
    expect((await answer(alice, 'earnings from the past 30 days')).answer).toBe(
      `You earned ${usd(earnedBetween('2026-03-13', '2026-04-11'))} from March 13, 2026 to April 11, 2026.`,
    );
  });
});

describe('a deposit or withdrawal question that names a period', () => {
  it('says the deposits’ total is since joining, in every language', async () => {
    expect(me.total_deposit).toBe(5_250);
    const latest = `Your latest deposit: ${usd(250)} on April 11, 2026 (confirmed).`;
    expect((await answer(alice, 'How much did I deposit in March?')).answer).toBe(
      `I can't total your deposits from March 1, 2026 to March 31, 2026. Since you joined, your confirmed deposits total ${usd(5_250)}. ${latest}`,
    );
    expect((await answer(alice, '¿Cuánto deposité en marzo?', 'es')).answer).toContain(
      `No puedo sumar tus depósitos de un periodo concreto (del 1 de marzo de 2026 al 31 de marzo de 2026). Desde que te uniste, tus depósitos confirmados suman ${usdEs(5_250)}.`,
    );
    expect((await answer(alice, 'كم أودعت الشهر الماضي؟', 'ar')).answer).toContain(
      `لا يمكنني جمع إيداعاتك لفترة محددة (من ${arDate('2026-03-01')} إلى ${arDate('2026-03-31')}). منذ انضمامك، مجموع إيداعاتك المؤكدة ${usdAr(5_250)}.`,
    );
    // Without a period the total is the plain total, as before.
    expect((await answer(alice, 'How much have I deposited?')).answer).toBe(
      `Your confirmed deposits total ${usd(5_250)}. ${latest}`,
    );
  });

  it('says the withdrawals’ total is since joining, in every language', async () => {
    const body = await answer(alice, 'How much did I withdraw last month?');
    expect(body.intent).toBe('withdrawals');
    expect(body.answer).toBe(
      `I can't total your withdrawals from March 1, 2026 to March 31, 2026. Since you joined, you have been paid ${usd(0)} in withdrawals. ${usd(40.25)} is held for requests under review. Your latest request: ${usd(40.25)} on April 11, 2026 (pending).`,
    );
    expect((await answer(alice, 'mis retiros del mes pasado', 'es')).answer).toContain(
      `No puedo sumar tus retiros de un periodo concreto (del 1 de marzo de 2026 al 31 de marzo de 2026). Desde que te uniste, se te han pagado ${usdEs(0)} en retiros.`,
    );
    expect((await answer(alice, 'سحوباتي الشهر الماضي', 'ar')).answer).toContain(
      `لا يمكنني جمع سحوباتك لفترة محددة (من ${arDate('2026-03-01')} إلى ${arDate('2026-03-31')}). منذ انضمامك، دُفع لك ${usdAr(0)} من السحوبات.`,
    );
  });
});

describe('status words', () => {
  const statuses = [...new Set([...DEPOSIT_STATUSES, ...WITHDRAWAL_STATUSES, ...GoalStatusSchema.options])];

  it.each(['en', 'es', 'ar'] as const)(
    'every deposit, withdrawal and goal status has a word in %s',
    (language) => {
      for (const status of statuses) {
        const word = TEXTS[language].statuses[status];
        expect(word, `${language} ${status}`).toBeTruthy();
        if (language !== 'en') expect(word, `${language} ${status}`).not.toBe(TEXTS.en.statuses[status]);
        if (language === 'ar') expect(word, `ar ${status}`).not.toMatch(/[a-z]/i);
      }
    },
  );

  it('names a cancelled deposit and withdrawal, and a refunded deposit, in the member’s language', async () => {
    const carol = await fundedMember(app, 100);
    const withdrawal = await pendingWithdrawal(carol, 40);
    expect((await post(carol, `/api/withdrawals/${withdrawal.id}/cancel`)).statusCode).toBe(200);
    const bank = await post(carol, '/api/deposit', { amount: 250, payment_method: 'bank_transfer' });
    expect(bank.statusCode, bank.body).toBe(201);
    const deposit = bank.json<CreateDepositResponse>().deposit;
    expect((await post(carol, `/api/deposits/${deposit.id}/cancel`)).statusCode).toBe(200);
    expect((await answer(carol, '¿Cuánto he depositado?', 'es')).answer).toContain(
      `Tu último depósito: ${usdEs(250)} el 11 de abril de 2026 (cancelado).`,
    );
    expect((await answer(carol, 'إيداعاتي', 'ar')).answer).toContain(`(ملغى)`);
    expect((await answer(carol, 'muéstrame mis retiros', 'es')).answer).toContain(
      `Tu última solicitud: ${usdEs(40)} el 11 de abril de 2026 (cancelado).`,
    );
    expect((await answer(carol, 'سحوباتي', 'ar')).answer).toContain(`(ملغى)`);

    const dave = await signedInMember(app);
    const started = await post(dave, '/api/deposit', {
      amount: 100,
      payment_method: 'nowpayment',
      currency: 'btc',
    });
    expect(started.statusCode, started.body).toBe(201);
    const gateway = started.json<CreateDepositResponse>().deposit;
    expect((await sendNowPayments(app, nowPaymentsIpn(gateway.id, 100, 'finished'))).statusCode).toBe(200);
    expect((await sendNowPayments(app, nowPaymentsIpn(gateway.id, 100, 'refunded'))).statusCode).toBe(200);
    expect((await answer(dave, '¿Cuánto he depositado?', 'es')).answer).toContain(
      `Tu último depósito: ${usdEs(100)} el 11 de abril de 2026 (reembolsado).`,
    );
    expect((await answer(dave, 'إيداعاتي', 'ar')).answer).toContain(`(مسترد)`);
  });
});
