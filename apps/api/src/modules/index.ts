import type { FastifyInstance } from 'fastify';

/** Every feature module's routes, registered in one place. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  void app;
}
