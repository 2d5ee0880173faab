import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The app as a route plugin sees it (schemas typed by zod). A plugin with many routes hands it to
 * one function per group of routes, each registering its own, so no function grows past a screen.
 */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];
