import type { onRequestHookHandler } from 'fastify';
import {
  ADMIN_CONTENT_MESSAGES as M,
  AdminArticle,
  AdminArticleCreate,
  AdminArticleListResponse,
  AdminArticleResponse,
  AdminArticleUpdate,
  AdminArticleVersionsResponse,
  AdminHelpListQuery,
  AdminMoveRequest,
  AdminSlugParams,
  IdParams,
  MessageResponse,
} from '@app/shared';
import type { RouteApp } from '../../lib/route-app';
import { errorResponses } from '../auth/route-schemas';
import { actorOf } from './guards';
import { articleVersions } from './help-versions';
import { reads, schema, writes } from './help-route-schemas';
import {
  createAdminArticle,
  deleteAdminArticle,
  getAdminArticle,
  listAdminArticles,
  moveContent,
  updateAdminArticle,
} from './help.service';

/** The help articles as the back office reads them: the list, one slug's language versions, one article. */
export function articleReadRoutes(app: RouteApp, onRequest: onRequestHookHandler): void {
  app.get(
    '/api/admin/help/articles',
    {
      onRequest,
      schema: {
        ...schema('Help articles in public order, published or not (search q, published)'),
        querystring: AdminHelpListQuery,
        response: { 200: AdminArticleListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAdminArticles(app.deps, request.query),
  );
  app.get(
    '/api/admin/help/articles/by-slug/:slug',
    {
      onRequest,
      schema: {
        ...schema('Every language version of one article (they share its slug), English first'),
        params: AdminSlugParams,
        response: { 200: AdminArticleVersionsResponse, ...reads },
      },
    },
    async (request) => articleVersions(app.deps, request.params.slug),
  );
  app.get(
    '/api/admin/help/articles/:id',
    {
      onRequest,
      schema: { ...schema('One help article'), params: IdParams, response: { 200: AdminArticle, ...reads } },
    },
    async (request) => getAdminArticle(app.deps, request.params.id),
  );
}

/** Adding, editing, moving and deleting a help article. */
export function articleEditRoutes(app: RouteApp, onRequest: onRequestHookHandler): void {
  app.post(
    '/api/admin/help/articles',
    {
      onRequest,
      schema: {
        ...schema('Add a help article (unpublished unless published: true); it goes last'),
        body: AdminArticleCreate,
        response: { 201: AdminArticleResponse, ...errorResponses(400, 401, 403, 419, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: M.saved,
        article: await createAdminArticle(app.deps, actorOf(app, request), request.body),
      }),
  );
  app.patch(
    '/api/admin/help/articles/:id',
    {
      onRequest,
      schema: {
        ...schema('Edit, publish or unpublish a help article'),
        params: IdParams,
        body: AdminArticleUpdate,
        response: { 200: AdminArticleResponse, ...writes },
      },
    },
    async (request) => ({
      message: M.saved,
      article: await updateAdminArticle(app.deps, actorOf(app, request), request.params.id, request.body),
    }),
  );
  app.post(
    '/api/admin/help/articles/:id/move',
    {
      onRequest,
      schema: {
        ...schema('Move a help article one place up or down in the public order'),
        params: IdParams,
        body: AdminMoveRequest,
        response: { 200: AdminArticleResponse, ...writes },
      },
    },
    async (request) => ({
      message: M.saved,
      article: (await moveContent(
        app.deps,
        actorOf(app, request),
        'article',
        request.params.id,
        request.body.direction,
      )) as AdminArticle,
    }),
  );
  app.delete(
    '/api/admin/help/articles/:id',
    {
      onRequest,
      schema: {
        ...schema('Delete a help article'),
        params: IdParams,
        response: { 200: MessageResponse, ...writes },
      },
    },
    async (request) => {
      await deleteAdminArticle(app.deps, actorOf(app, request), request.params.id);
      return { message: M.deleted };
    },
  );
}
