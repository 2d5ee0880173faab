import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StatementListResponse, StatementParams, StatementQuery } from '@app/shared';
import { readAhead } from '../../lib/read-ahead';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses } from '../auth/route-schemas';
import { statementCsv } from './statement-csv';
import { statementPdf } from './statement-pdf';
import { movementBatches } from './statements.repository';
import { loadStatementHeader, statementMonths } from './statements.service';

/** Movements read per keyset batch: memory stays flat whatever a month holds. */
const BATCH = 500;

/** Monthly statements (issue 34): the signed-in member's own, by construction. */
export const statementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/statements',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['statements'],
        summary: 'The months the member has a statement for, newest first',
        security: bearer,
        response: { 200: StatementListResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => statementMonths(currentUser(request), app.deps.clock.now()),
  );
  app.get(
    '/api/statements/:month',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['statements'],
        summary: "A month's statement (YYYY-MM) as PDF (default) or CSV (?format=csv)",
        security: bearer,
        params: StatementParams,
        querystring: StatementQuery,
        produces: ['application/pdf', 'text/csv'],
        // 200 is a stream, sent as it is (Fastify never serializes a stream).
        response: {
          200: z.unknown().describe('application/pdf or text/csv'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { month } = request.params;
      const header = await loadStatementHeader(app.deps, user, month);
      const batches = movementBatches(app.deps.database.db, user.id, header.range, BATCH);
      const name = `statement-${month}`;
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'csv') {
        const csv = await readAhead(statementCsv(header, batches));
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(csv);
      }
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}.pdf"`)
        .send(statementPdf(header, batches));
    },
  );
};
