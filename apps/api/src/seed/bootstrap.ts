import type { FastifyInstance } from 'fastify';

/**
 * Start-up data: the admin from ADMIN_EMAIL/ADMIN_PASSWORD (created or reset), and on an empty
 * database outside production, the demo content. Returns lines to print.
 */
export async function bootstrapData(app: FastifyInstance): Promise<string[]> {
  void app;
  return [];
}
