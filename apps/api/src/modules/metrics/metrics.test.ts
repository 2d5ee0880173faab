import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { depositThroughSandbox, signedInMember } from '../../../test/money';

const TOKEN = 'metrics-token-0123456789abcdef';

/** One sample's value in Prometheus' text format, e.g. sample(text, 'withdrawals_pending'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not there', async () => {
    const { app: plain } = await createTestApp();
    const response = await plain.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    // No such route: the request falls to the web app's pages like any unknown path.
    expect(response.headers['content-type'] ?? '').not.toContain('version=0.0.4');
    expect(response.body).not.toContain('http_requests_total');
  });
});

const { app } = await createTestApp({ METRICS_TOKEN: TOKEN });

describe('GET /metrics with METRICS_TOKEN', () => {
  it('asks for the token: none, a wrong one, or another scheme is a 401 without a figure', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer short', `Basic ${TOKEN}`, TOKEN]) {
      const response = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Not authenticated', code: 'UNAUTHENTICATED' });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('http_requests_total');
    }
  });

  it('counts requests by route and status, job runs, the pending queues and the ledger check', async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 100);
    for (let i = 0; i < 3; i += 1)
      expect((await member.client.get('/api/me', { token: member.token })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const withdrawal = await member.client.post(
      '/api/withdrawal',
      {
        amount: '10',
        withdrawal_method: 'bank_transfer',
        destination: 'Example Bank, account 123456789012, routing 021000021',
      },
      { token: member.token },
    );
    expect(withdrawal.statusCode).toBe(201);
    await member.client.post(
      '/api/deposit',
      { amount: '50', payment_method: 'bank_transfer' },
      { token: member.token },
    );
    const jobs = await member.client.post('/api/dev/clock', { advance_days: 0 });
    expect(jobs.statusCode).toBe(200);

    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = response.body;
    expect(sample(text, 'http_requests_total{method="GET",route="/api/me",status="200"}')).toBe(3);
    expect(sample(text, 'http_requests_total{method="GET",route="/api/me",status="401"}')).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/me",status="200"}'),
    ).toBe(3);
    expect(sample(text, 'withdrawals_pending')).toBe(1);
    expect(sample(text, 'deposits_pending')).toBe(1);
    expect(sample(text, 'job_runs_total{job="accrual",outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('job_duration_seconds_count{job="accrual"}');
    expect(sample(text, 'ledger_check_ok')).toBe(1);
    expect(sample(text, 'ledger_check_problems')).toBe(0);
    expect(text).toContain('process_resident_memory_bytes');
  });
});
