import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (decision 147, amended): sent over a
 * real socket to the listening app, as a client would.
 */
const lines: string[] = [];
const METRICS_TOKEN = 'a-metrics-token-of-32-characters-x';
const { app } = await createTestApp(
  { LOG_LEVEL: 'info', METRICS_TOKEN },
  { logStream: { write: (chunk) => void lines.push(...chunk.split('\n').filter(Boolean)) } },
);
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
afterAll(() => app.close());

/** Sends `raw` and answers everything the server wrote before it closed the connection. */
function send(raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => (answer += text));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [status = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 2),
    ]),
  );
  return { status, headers, body: JSON.parse(body) as { message: string; code: string } };
}

describe('a request the HTTP parser refuses', () => {
  it('headers over 16 KB: 431 with the API security headers, the product body and a log line', async () => {
    const secret = 'Bearer 17|' + 'x'.repeat(20_000);
    const answer = parse(await send(`GET /api/me HTTP/1.1\r\nHost: x\r\nAuthorization: ${secret}\r\n\r\n`));
    expect(answer.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toEqual({ message: 'The request headers are too large.', code: 'VALIDATION_FAILED' });
    const logged = lines.filter((line) => line.includes('request refused by the HTTP parser'));
    expect(logged.map((line) => JSON.parse(line) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ res: { statusCode: 431 }, parserCode: 'HPE_HEADER_OVERFLOW' }),
    );
    expect(lines.join('\n')).not.toContain('x'.repeat(100));
  });

  it('a malformed request line: 400, and the server goes on answering', async () => {
    const answer = parse(await send('NOT AN HTTP REQUEST\r\n\r\n'));
    expect(answer.status).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.body).toEqual({ message: 'The request could not be read.', code: 'VALIDATION_FAILED' });
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
  });

  it("is counted in /metrics beside the router's refusals, by stage and status", async () => {
    expect((await app.inject({ method: 'GET', url: '/api/%E0%A4%A' })).statusCode).toBe(400);
    await send('ALSO NOT HTTP\r\n\r\n');
    const metrics = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.statusCode).toBe(200);
    const count = (labels: string) =>
      Number(
        / (\d+)$/.exec(
          metrics.body
            .split('\n')
            .find((line) => line.startsWith(`http_requests_refused_total{${labels}}`)) ?? '',
        )?.[1],
      );
    // This file's refusals so far: one 431 and two 400s by the parser, one 400 by the router.
    expect(count('stage="parser",status="431"')).toBe(1);
    expect(count('stage="parser",status="400"')).toBe(2);
    expect(count('stage="routing",status="400"')).toBe(1);
  });
});
