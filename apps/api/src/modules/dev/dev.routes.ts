import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '@app/db';
import { emailField } from '@app/shared';
import { renderMail } from '../../integrations/mail/mail-content';
import { getSettings } from '../settings/settings.service';
import { MAIL_TEMPLATE_SAMPLES } from '../mail/mail-templates';
import type { RouteApp } from '../../lib/route-app';

const DevMailItem = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The HTML part (null for a mail stored before templates, decision 179). */
  html: z.string().nullable(),
  created_at: z.string(),
});

/**
 * Development tools of DESIGN §9. Registered only when DEV_TOOLS is on, which the configuration
 * refuses in production: tests, demos and benchmarks go through real flows without a mail server or
 * waiting days.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  mailOutboxRoutes(app);
  mailTemplateRoutes(app);
  clockRoutes(app);
};

/** The mails the app sent, read from the outbox instead of a mail server. */
function mailOutboxRoutes(app: RouteApp): void {
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
        html: row.html,
        created_at: row.createdAt.toISOString(),
      }));
    },
  );
}

/**
 * Every mail template with sample facts, in en/es/ar (issue 36 item 6): a page of links, and each
 * template's HTML (or its plain text with ?format=text).
 */
function mailTemplateRoutes(app: RouteApp): void {
  app.get(
    '/api/dev/mail-templates',
    {
      schema: {
        tags: ['development'],
        summary: 'The mail templates: links to a preview of each in every language',
        response: {
          200: z.object({ data: z.array(z.object({ name: z.string(), previews: z.array(z.string()) })) }),
        },
      },
    },
    async () => ({
      data: Object.keys(MAIL_TEMPLATE_SAMPLES).map((name) => ({
        name,
        previews: ['en', 'es', 'ar'].map((lang) => `/api/dev/mail-templates/${name}?lang=${lang}`),
      })),
    }),
  );

  app.get(
    '/api/dev/mail-templates/:name',
    {
      schema: {
        tags: ['development'],
        summary: 'One mail template rendered with sample facts',
        params: z.object({ name: z.string().max(40) }),
        querystring: z.object({
          lang: z.enum(['en', 'es', 'ar'], { error: 'Choose en, es or ar.' }).default('en'),
          format: z.enum(['html', 'text'], { error: 'Choose html or text.' }).default('html'),
        }),
      },
    },
    async (request, reply) => {
      const sample = MAIL_TEMPLATE_SAMPLES[request.params.name];
      if (!sample) return reply.code(404).send({ message: 'No such mail template.', code: 'NOT_FOUND' });
      const { sitename, logo, brand_color } = await getSettings(app.deps.database.db);
      const mail = await renderMail(sample(request.query.lang, sitename), {
        name: sitename,
        logoUrl: logo ? new URL(logo, app.deps.config.appUrl).href : null,
        brandColor: brand_color,
      });
      // A preview page of our own HTML: shown as a page (the API's JSON policy would refuse its styles).
      return request.query.format === 'text'
        ? reply.type('text/plain; charset=utf-8').send(mail.text)
        : reply
            .type('text/html; charset=utf-8')
            .header(
              'content-security-policy',
              "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:",
            )
            .send(mail.html);
    },
  );
}

/** The server clock: read it, or move it on and run the jobs that fall due. */
function clockRoutes(app: RouteApp): void {
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
}
