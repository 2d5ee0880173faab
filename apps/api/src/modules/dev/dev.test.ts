import { describe, expect, it } from 'vitest';
import { ApiClient, createTestApp, TEST_NOW } from '../../../test/helpers';

describe('development tools', () => {
  it('reads the outbox for one address, newest first', async () => {
    const { app, clock } = await createTestApp();
    const db = app.deps.database.db;
    await app.deps.mailer.send(db, { to: 'ada@example.com', subject: 'First', text: 'one' });
    clock.advance(1000);
    await app.deps.mailer.send(db, { to: 'ada@example.com', subject: 'Second', text: 'two' });
    await app.deps.mailer.send(db, { to: 'other@example.com', subject: 'Not yours', text: 'x' });
    const response = await app.inject('/api/dev/mail?to=Ada@Example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json().map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
  });

  it('refuses a missing address with a message', async () => {
    const { app } = await createTestApp();
    const response = await app.inject('/api/dev/mail');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('to');
  });

  it('moves the clock forward and never back, and says the time it keeps', async () => {
    const { app } = await createTestApp();
    const client = new ApiClient(app);
    expect((await app.inject('/api/dev/clock')).json()).toEqual({ now: TEST_NOW.toISOString() });
    const moved = await client.post('/api/dev/clock', { advance_days: 2 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().now).toBe(new Date(TEST_NOW.getTime() + 2 * 86_400_000).toISOString());
    const back = await client.post('/api/dev/clock', { advance_days: -1 });
    expect(back.statusCode).toBe(400);
    const fractional = await client.post('/api/dev/clock', { advance_days: 1.5 });
    expect(fractional.statusCode).toBe(400);
    expect(fractional.json().message).toBe('Whole days only.');
    const read = await app.inject('/api/dev/clock');
    expect(read.json()).toEqual({ now: new Date(TEST_NOW.getTime() + 2 * 86_400_000).toISOString() });
  });

  it('does not exist when DEV_TOOLS is off', async () => {
    const { app } = await createTestApp({ DEV_TOOLS: '0' });
    expect((await app.inject('/api/dev/mail?to=a@example.com')).statusCode).toBe(404);
    expect((await app.inject('/api/dev/clock')).statusCode).toBe(404);
  });
});
