import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '@app/db';
import { emailField } from '@app/shared';

const DevMailItem = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});

/**
 * Development tools of DESIGN §9. Registered only when DEV_TOOLS is on, which the configuration
 * refuses in production: tests, demos and benchmarks go through real flows without a mail server or
 * waiting days.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/mail',
    {
      schema: {
        tags: ['development'],
        summary: 'Outbox messages to an address, newest first',
        querystring: z.object({ to: emailField('Give the address: ?to=EMAIL') }),
        response: { 200: z.array(DevMailItem) },
      },
    },
    async (request) => {
      const rows = await app.deps.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, request.query.to))
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(50);
      return rows.map((row) => ({
        to: row.to,
        subject: row.subject,
        text: row.text,
        created_at: row.createdAt.toISOString(),
      }));
    },
  );

  // Anything that keeps time beside the server (an authenticator app in an end-to-end test) reads it here.
  app.get(
    '/api/dev/clock',
    {
      schema: {
        tags: ['development'],
        summary: 'The server clock (moved on by POST /api/dev/clock)',
        response: { 200: z.object({ now: z.string() }) },
      },
    },
    async () => ({ now: app.deps.clock.now().toISOString() }),
  );

  app.post(
    '/api/dev/clock',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['development'],
        summary: 'Move the server clock forward and run every due job',
        body: z
          .object({
            advance_days: z
              .number({ error: 'advance_days must be a number.' })
              .int('Whole days only.')
              .min(0)
              .max(3650)
              .default(0),
            advance_minutes: z.number().int().min(0).max(525_600).default(0),
          })
          .default({ advance_days: 0, advance_minutes: 0 }),
        response: { 200: z.object({ now: z.string(), jobs: z.array(z.string()) }) },
      },
    },
    async (request) => {
      const { advance_days, advance_minutes } = request.body;
      const now = app.deps.clock.advance(advance_days * 86_400_000 + advance_minutes * 60_000);
      const jobs = await app.deps.jobs.runAll({ database: app.deps.database, clock: app.deps.clock });
      request.log.info({ advance_days, advance_minutes, now: now.toISOString() }, 'development clock moved');
      return { now: now.toISOString(), jobs };
    },
  );
};
