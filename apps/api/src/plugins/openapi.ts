import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the routes' zod schemas (`app.swagger()`), browsable at /api/docs when
 * `docs` is on (config API_DOCS: off in production unless an operator turns it on, since the document
 * lists the whole admin API to anyone; decision 153).
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { appUrl: string; docs: boolean },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Platform API', version: '1.0.0', description: 'Member, public and admin API.' },
      servers: [{ url: options.appUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: '"<id>|<secret>" from /api/login' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (options.docs) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
